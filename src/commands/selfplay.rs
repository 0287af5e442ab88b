//! `jetan selfplay`: a match between two AI levels; each game's result, then the score.

use std::sync::Arc;
use std::time::Duration;

use clap::Args;
use jetan_ai::Level;
use jetan_ai::selfplay::{DEFAULT_MAX_PLIES, MatchConfig, play_match};

use super::say;

/// What a match plays.
#[derive(Args)]
pub struct SelfplayArgs {
    #[command(flatten)]
    variant: super::VariantArgs,
    /// Player a: random, greedy, or a search level 1 to 5.
    #[arg(long)]
    a: Level,
    /// Player b: random, greedy, or a search level 1 to 5.
    #[arg(long)]
    b: Level,
    /// How many games; a takes the first side in odd-numbered games.
    #[arg(long, default_value_t = 2)]
    games: u32,
    /// The seed the players' random choices come from.
    #[arg(long, default_value_t = 0)]
    seed: u64,
    /// Milliseconds per move for both players (for player a only, with --b-movetime), instead of
    /// their levels' times.
    #[arg(long, value_name = "MS")]
    movetime: Option<u64>,
    /// Milliseconds per move for player b, if not --movetime.
    #[arg(long, value_name = "MS")]
    b_movetime: Option<u64>,
    /// Positions each search may visit, in place of any time: with one thread each, a seed
    /// then replays the same games on any machine.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..))]
    nodes: Option<u64>,
    /// Positions per search for player b, if not --nodes.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..))]
    b_nodes: Option<u64>,
    /// A game that reaches this many plies is a draw.
    #[arg(long, default_value_t = DEFAULT_MAX_PLIES)]
    max_plies: u32,
    /// Threads of each player's searches.
    #[arg(long, default_value_t = 1, value_parser = super::threads)]
    threads: usize,
    /// Threads of player b's searches, if not --threads.
    #[arg(long, value_name = "THREADS", value_parser = super::threads)]
    b_threads: Option<usize>,
    /// Also print each game's moves.
    #[arg(long)]
    show_moves: bool,
}

/// Prints a line per game, the slowest moves, then `a: W wins, D draws, L losses`.
pub fn run(args: &SelfplayArgs) -> Result<(), String> {
    let variant = args.variant.load()?;
    let config = MatchConfig {
        variant: Arc::new(variant),
        a: args.a,
        b: args.b,
        games: args.games,
        seed: args.seed,
        movetime: [args.movetime, args.b_movetime.or(args.movetime)].map(|ms| ms.map(Duration::from_millis)),
        nodes: [args.nodes, args.b_nodes.or(args.nodes)],
        max_plies: args.max_plies,
        threads: [args.threads, args.b_threads.unwrap_or(args.threads)],
    };
    let score = play_match(&config, |game| {
        say(&game.summary);
        if args.show_moves {
            say!("  {}", game.moves.join(", "));
        }
    });
    say!("{}; a scored {} of {}", score.slowest_text(), score.points(), config.games);
    say(score);
    Ok(())
}
