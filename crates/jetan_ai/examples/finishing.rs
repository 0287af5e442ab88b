//! Plays every position of a finishing suite (default: `tests/finishing/` and the variant's
//! file name) to the game's end or the ply limit, the side to move at `--level` (default 5)
//! against `--against` (default 3), each at its level's node budget for the variant (so that
//! a seed replays every game) unless `--nodes` / `--b-nodes` say otherwise, one thread; prints
//! each game, then how many were converted, drawn and lost, the conversion rate and how many
//! plies the conversions took:
//! `cargo run --release -p jetan_ai --example finishing -- [--variant FILE] [--suite FILE]
//! [--level L] [--against L] [--nodes N] [--b-nodes N] [--seed S] [--max-plies N]
//! [--show-moves yes] [--every N]` (`--max-plies` counts the game's plies before the position,
//! as the ladder's games do; `--every 3` plays the first position and every third after it)

mod common;

use std::path::Path;
use std::time::Instant;

use jetan_ai::Level;
use jetan_ai::selfplay::{DEFAULT_MAX_PLIES, GameResult, MatchConfig, play_from};
use jetan_ai::suite;
use jetan_rules::say;

fn main() {
    common::run(|| {
        let args = common::Args::read(&[
            "variant",
            "suite",
            "level",
            "against",
            "nodes",
            "b-nodes",
            "seed",
            "max-plies",
            "show-moves",
            "every",
        ])?;
        let variant = args.variant()?;
        let stem = args.get("variant", Some("assets/variants/jetan.ron".to_string()))?;
        let stem = Path::new(&stem).file_stem().and_then(|s| s.to_str()).unwrap_or("jetan").to_string();
        let path = args.get("suite", Some(format!("crates/jetan_ai/tests/finishing/{stem}.txt")))?;
        let text = std::fs::read_to_string(&path).map_err(|e| format!("{path}: {e}"))?;
        let every: usize = args.get("every", Some(1))?;
        let cases = suite::read(&variant, &text).map_err(|e| format!("{path}: {e}"))?;
        let cases: Vec<_> = cases.into_iter().step_by(every.max(1)).collect();
        let (a, b): (Level, Level) =
            (args.get("level", Some(Level::Search(5)))?, args.get("against", Some(Level::Search(3)))?);
        let budget = |level: Level| level.limits_for(&variant).max_nodes;
        let config = MatchConfig {
            games: cases.len() as u32,
            seed: args.get("seed", Some(0))?,
            nodes: [args.optional("nodes")?.or(budget(a)), args.optional("b-nodes")?.or(budget(b))],
            max_plies: args.get("max-plies", Some(DEFAULT_MAX_PLIES))?,
            ..MatchConfig::new(variant.clone(), a, b)
        };
        let show_moves = args.get::<String>("show-moves", Some("no".into()))? == "yes";
        let (mut converted, mut drawn, mut lost) = (0, 0, 0);
        // The plies each converted game took from its position.
        let mut lengths = Vec::new();
        for (number, case) in (1..).zip(&cases) {
            let started = Instant::now();
            let game = play_from(&config, number, case.position.clone(), case.position.to_move());
            match game.result {
                GameResult::AWins => {
                    converted += 1;
                    lengths.push(game.moves.len());
                }
                GameResult::Draw => drawn += 1,
                GameResult::BWins => lost += 1,
            }
            let ending = game.summary.split_once(": ").map_or("", |(_, ending)| ending);
            say!(
                "line {} (ply {}): {ending} in {:.1} s",
                case.line,
                case.position.ply(),
                started.elapsed().as_secs_f64()
            );
            if show_moves {
                say!("  {}", game.moves.join(", "));
            }
        }
        lengths.sort_unstable();
        let mean = lengths.iter().sum::<usize>() as f64 / lengths.len().max(1) as f64;
        let median = lengths.get(lengths.len() / 2).copied().unwrap_or_default();
        let nodes = config.nodes.map(|n| n.map_or("no limit".to_string(), |n| n.to_string()));
        say!(
            "{}: level {a} ({} nodes) against level {b} ({} nodes), seed {}, {} plies: converted {converted}, drawn {drawn}, lost {lost} of {}: {:.0}% converted, in {mean:.1} plies on average (median {median})",
            variant.name(),
            nodes[0],
            nodes[1],
            config.seed,
            config.max_plies,
            cases.len(),
            100.0 * converted as f64 / cases.len().max(1) as f64
        );
        Ok(())
    });
}
