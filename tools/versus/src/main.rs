//! Plays this tree's AI against a baseline build of an earlier commit's (`baseline/`, put there
//! by `setup_baseline.sh COMMIT`): games with colours alternated (this tree's AI first in odd
//! games), each to a result or a ply limit (a draw), then this tree's score:
//! `cargo run --release --manifest-path tools/versus/Cargo.toml -- --variant FILE --games N
//! [--level L] [--movetime MS | --nodes N] [--seed S] [--max-plies N] [--option O=C]…
//! [--show-moves yes]`

use std::path::Path;
use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

use jetan_rules::{Move, Position, Variant};

/// One side's AI, whichever build it comes from.
trait Chooser {
    /// The ply it plays in `position` (`None`: no legal move).
    fn choose(&mut self, position: &Position, movetime: Option<Duration>) -> Option<Move>;
}

impl Chooser for jetan_ai::Player {
    fn choose(&mut self, position: &Position, movetime: Option<Duration>) -> Option<Move> {
        jetan_ai::Player::choose(self, position, movetime, &AtomicBool::new(false)).best
    }
}

impl Chooser for jetan_ai_base::Player {
    fn choose(&mut self, position: &Position, movetime: Option<Duration>) -> Option<Move> {
        jetan_ai_base::Player::choose(self, position, movetime, &AtomicBool::new(false)).best
    }
}

/// The command line: `--name value` pairs, `--option` repeated.
struct Args {
    pairs: Vec<(String, String)>,
}

impl Args {
    fn read() -> Result<Args, String> {
        let words: Vec<String> = std::env::args().skip(1).collect();
        let mut pairs = Vec::new();
        for pair in words.chunks(2) {
            let name = pair[0].strip_prefix("--").ok_or_else(|| format!("expected --name, got `{}`", pair[0]))?;
            let value = pair.get(1).ok_or_else(|| format!("--{name} needs a value"))?;
            pairs.push((name.to_string(), value.clone()));
        }
        Ok(Args { pairs })
    }

    fn all(&self, name: &str) -> Vec<String> {
        self.pairs.iter().filter(|(n, _)| n == name).map(|(_, v)| v.clone()).collect()
    }

    fn get<T: std::str::FromStr>(&self, name: &str) -> Result<Option<T>, String> {
        match self.all(name).last() {
            Some(text) => text.parse().map(Some).map_err(|_| format!("--{name}: can't read `{text}`")),
            None => Ok(None),
        }
    }
}

fn main() {
    if let Err(message) = run() {
        eprintln!("versus: {message}");
        std::process::exit(1);
    }
}

fn run() -> Result<(), String> {
    let args = Args::read()?;
    let path: String = args.get("variant")?.ok_or("--variant FILE is required")?;
    let variant = Variant::load_file(Path::new(&path)).map_err(|e| e.to_string())?;
    let variant = Arc::new(variant.with_choice_args(&args.all("option")).map_err(|e| e.to_string())?);
    let games: u32 = args.get("games")?.unwrap_or(2);
    let level: String = args.get("level")?.unwrap_or_else(|| "5".into());
    let movetime = args.get::<u64>("movetime")?.map(Duration::from_millis);
    let nodes: Option<u64> = args.get("nodes")?;
    let seed: u64 = args.get("seed")?.unwrap_or(0);
    let max_plies: usize = args.get("max-plies")?.unwrap_or(300);
    let show_moves = args.get::<String>("show-moves")?.is_some_and(|v| v == "yes");
    let new_level: jetan_ai::Level = level.parse().map_err(|e: jetan_ai::LevelError| e.to_string())?;
    let base_level: jetan_ai_base::Level = level.parse().map_err(|e: jetan_ai_base::LevelError| e.to_string())?;
    let (mut wins, mut draws, mut losses) = (0, 0, 0);
    let mut slowest = [Duration::ZERO; 2];
    for number in 1..=games {
        // Games 1 and 2, 3 and 4, … share their seed: the same game with the colours swapped.
        let game_seed = seed.wrapping_mul(1_000_003).wrapping_add((number as u64 - 1) / 2);
        let new = jetan_ai::Player::new(new_level, game_seed).with_nodes(nodes);
        let base = jetan_ai_base::Player::new(base_level, game_seed).with_nodes(nodes);
        let new_first = number % 2 == 1;
        let mut players: [Box<dyn Chooser>; 2] =
            if new_first { [Box::new(new), Box::new(base)] } else { [Box::new(base), Box::new(new)] };
        let first = variant.rules().first;
        let mut position = Position::start(variant.clone());
        let mut moves = Vec::new();
        while position.decided().is_none() && moves.len() < max_plies {
            let mover = usize::from(position.to_move() != first);
            let started = Instant::now();
            let Some(mv) = players[mover].choose(&position, movetime) else { break };
            let new_moved = (mover == 0) == new_first;
            let slot = usize::from(!new_moved);
            slowest[slot] = slowest[slot].max(started.elapsed());
            if !position.legal_moves().contains(&mv) {
                return Err(format!("game {number}: an illegal move {mv:?} in {}", position.to_text()));
            }
            moves.push(position.move_text(mv));
            position.play(mv);
        }
        let new_side = if new_first { first } else { first.opponent() };
        let outcome = position.outcome();
        let result = match outcome.and_then(|o| o.winner) {
            Some(side) if side == new_side => {
                wins += 1;
                "new wins"
            }
            Some(_) => {
                losses += 1;
                "base wins"
            }
            None => {
                draws += 1;
                "draw"
            }
        };
        let ending = outcome.map_or_else(|| format!("the ply limit of {max_plies}"), |o| o.describe(&variant));
        println!(
            "game {number}: new ({}) vs base: {result}: {ending} after {} plies",
            variant.side_name(new_side),
            moves.len()
        );
        if show_moves {
            println!("  {}", moves.join(", "));
        }
    }
    let points = wins as f64 + draws as f64 / 2.0;
    println!(
        "new scored {points} of {games} ({:.1}%): {wins} wins, {draws} draws, {losses} losses; slowest move: new {:.0} ms, base {:.0} ms",
        100.0 * points / games.max(1) as f64,
        slowest[0].as_secs_f64() * 1000.0,
        slowest[1].as_secs_f64() * 1000.0
    );
    Ok(())
}
