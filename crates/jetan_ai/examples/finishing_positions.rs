//! Collects finishing positions for the suite (`tests/finishing/`) from self-play games: in
//! each game, positions where the side to move is ahead by decisive material (see
//! `jetan_ai::finishing`) and the game goes on, the first one and then one every `--spacing`
//! plies, at most `--per-game` of a game and none later than `--last-ply`; prints them as suite
//! lines (`convert | POSITION | lead N # where it comes from`):
//! `cargo run --release -p jetan_ai --example finishing_positions -- [--variant FILE]
//! [--games N] [--a LEVEL] [--b LEVEL] [--nodes N] [--seed S] [--max-plies N] [--per-game N]
//! [--spacing PLIES] [--last-ply PLY] [--wanted N]` (`--wanted`: stop once that many are found)

mod common;

use jetan_ai::Level;
use jetan_ai::finishing::{decisive_side, material_of};
use jetan_ai::selfplay::{DEFAULT_MAX_PLIES, MatchConfig, play_game};
use jetan_rules::{Phase, Position, say};

fn main() {
    common::run(|| {
        let args = common::Args::read(&[
            "variant",
            "games",
            "a",
            "b",
            "nodes",
            "seed",
            "max-plies",
            "per-game",
            "spacing",
            "last-ply",
            "wanted",
        ])?;
        let variant = args.variant()?;
        let config = MatchConfig {
            games: args.get("games", Some(20))?,
            seed: args.get("seed", Some(0))?,
            nodes: [args.optional("nodes")?.or(Some(20_000)); 2],
            max_plies: args.get("max-plies", Some(DEFAULT_MAX_PLIES))?,
            ..MatchConfig::new(
                variant.clone(),
                args.get::<Level>("a", Some(Level::Search(3)))?,
                args.get("b", Some(Level::Search(3)))?,
            )
        };
        let per_game: usize = args.get("per-game", Some(3))?;
        let spacing: u32 = args.get("spacing", Some(20))?;
        let last_ply: u32 = args.get("last-ply", Some(200))?;
        let wanted: usize = args.get("wanted", Some(usize::MAX))?;
        let mut found = 0;
        for number in 1..=config.games {
            if found >= wanted {
                break;
            }
            let game = play_game(&config, number);
            let source = format!(
                "finishing_positions --a {} --b {} --nodes {} --seed {}: game {number}",
                config.a,
                config.b,
                config.nodes[0].unwrap_or_default(),
                config.seed,
            );
            let ending = game.summary.split_once(": ").map_or("", |(_, ending)| ending).to_string();
            let mut position = Position::start(variant.clone());
            let (mut taken, mut next_ply, mut widest) = (0, 0, [0i32, 0]);
            for (ply, text) in game.moves.iter().enumerate() {
                let ply = ply as u32;
                let now = material_of(&position);
                if (now[0] - now[1]).abs() > (widest[0] - widest[1]).abs() {
                    widest = now;
                }
                if taken < per_game && found < wanted && ply >= next_ply && ply <= last_ply && wanted_here(&position) {
                    let [south, north] = material_of(&position);
                    let lead =
                        if position.to_move() == jetan_rules::Side::South { south - north } else { north - south };
                    say!("convert | {} | lead {lead} # {source}, ply {ply} ({ending})", position.to_text());
                    (taken, found, next_ply) = (taken + 1, found + 1, ply + spacing);
                }
                let mv = position.parse_move(text).map_err(|e| format!("{source}, ply {ply}: {e}"))?;
                position.play(mv);
            }
            jetan_rules::complain(format!(
                "{}: {taken} suite positions (widest gap: {} to {})",
                game.summary, widest[0], widest[1]
            ));
        }
        Ok(())
    });
}

/// Whether the position belongs to the suite: a turn's start, the game going on, the side to
/// move ahead by decisive material.
fn wanted_here(position: &Position) -> bool {
    position.phase() == Phase::Turn
        && position.outcome().is_none()
        && decisive_side(position) == Some(position.to_move())
}
