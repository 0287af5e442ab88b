//! The rating ladder (see `jetan_ai::ladder`): a round robin between levels at their own node
//! budgets, each game printed with a `result A B SCORE` line, then the Elo table:
//! `cargo run --release -p jetan_ai --example tournament -- [--variant FILE] [--players LIST]
//! [--games N] [--seed S] [--max-plies N] [--only-with LEVEL] [--anchor LEVEL] [--anchor-elo E]
//! [--results FILE] [--play no] [--show-moves yes] [--option OPTION=CHOICE]…`
//!
//! `--players` is a comma-separated list, weakest first (default `random,greedy,1,2,3,4,5`);
//! `--games` is per pairing (default 10, colours alternated); `--only-with L` plays only the
//! pairings that include L; `--results FILE` adds the `result` lines of an earlier run (its
//! printed output) before fitting, and `--play no` only fits them; `--show-moves yes` prints each
//! game's moves too. The anchor (default random)
//! is rated `--anchor-elo` (default 0).

mod common;

use std::time::Instant;

use jetan_ai::Level;
use jetan_ai::ladder::{LadderConfig, play_ladder, result_line, results_from_lines, table};
use jetan_ai::rating::Results;
use jetan_ai::selfplay::DEFAULT_MAX_PLIES;
use jetan_rules::say;

fn main() {
    common::run(|| {
        let args = common::Args::read(&[
            "variant",
            "players",
            "games",
            "seed",
            "max-plies",
            "only-with",
            "anchor",
            "anchor-elo",
            "results",
            "play",
            "show-moves",
        ])?;
        let show_moves = args.get::<String>("show-moves", Some("no".into()))? == "yes";
        let players: String = args.get("players", Some("random,greedy,1,2,3,4,5".into()))?;
        let players =
            players.split(',').map(str::parse).collect::<Result<Vec<Level>, _>>().map_err(|e| e.to_string())?;
        let config = LadderConfig {
            variant: args.variant()?,
            players: players.clone(),
            games: args.get("games", Some(10))?,
            seed: args.get("seed", Some(0))?,
            max_plies: args.get("max-plies", Some(DEFAULT_MAX_PLIES))?,
            only_with: args.optional("only-with")?,
        };
        let anchor: Level = args.get("anchor", Some(Level::Random))?;
        let anchor = players.iter().position(|&p| p == anchor).ok_or("--anchor must be one of --players")?;
        let mut results = match args.optional::<String>("results")? {
            Some(path) => {
                let text = std::fs::read_to_string(&path).map_err(|e| format!("{path}: {e}"))?;
                results_from_lines(&players, &text)
            }
            None => Results::new(players.len()),
        };
        if args.get::<String>("play", Some("yes".into()))? != "no" {
            let mut started = Instant::now();
            let played = play_ladder(&config, |a, b, game| {
                say!("{} in {:.1} s", game.summary, started.elapsed().as_secs_f64());
                if show_moves {
                    say!("  {}", game.moves.join(", "));
                }
                say!("{}", result_line(a, b, game));
                started = Instant::now();
            });
            results.join(&played);
        }
        say!("\n{}", config.variant.name());
        say!("{}", table(&players, &results, anchor, args.get("anchor-elo", Some(0.0))?));
        Ok(())
    });
}
