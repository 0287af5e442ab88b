//! Searches one position and prints each iteration's result:
//! `cargo run --release -p jetan_ai --example think -- [--variant FILE] [--position TEXT] [--moves "m1, m2"]
//! [--movetime MS] [--depth D] [--nodes N] [--seed S] [--threads N] [--each yes]`
//! (`--each yes`: the score of every move, searched to depth D - 1 after it)

mod common;

use std::sync::atomic::AtomicBool;
use std::time::Duration;

use jetan_ai::{Limits, MAX_DEPTH, Searcher, describe_score};
use jetan_rules::{Position, say};

fn main() {
    common::run(|| {
        let args = common::Args::read(&[
            "variant", "position", "moves", "movetime", "depth", "nodes", "seed", "threads", "each",
        ])?;
        let variant = args.variant()?;
        let mut position = match args.optional::<String>("position")? {
            Some(text) => Position::from_text(variant, &text).map_err(|e| e.to_string())?,
            None => Position::start(variant),
        };
        let moves: String = args.get("moves", Some(String::new()))?;
        position.play_turns(&moves).map_err(|e| e.to_string())?;
        say!("{}", position.to_text());
        let limits = Limits {
            movetime: args.optional("movetime")?.map(Duration::from_millis),
            max_depth: args.get("depth", Some(MAX_DEPTH))?,
            max_nodes: args.optional("nodes")?,
        };
        let mut searcher = Searcher::new().with_threads(args.threads("threads", 1)?);
        let cancel = AtomicBool::new(false);
        if args.get::<String>("each", Some("no".into()))? == "yes" {
            let depth: u32 = args.get("depth", Some(3))?;
            let mut scored: Vec<(i32, String)> = position
                .legal_moves()
                .into_iter()
                .map(|mv| {
                    let mut after = position.clone();
                    after.play(mv);
                    let limits = Limits { max_depth: depth.saturating_sub(1).max(1), ..limits };
                    let score = match after.outcome() {
                        Some(_) => 0,
                        None => -Searcher::new().think(&after, &limits, &cancel, 0).score,
                    };
                    (score, position.move_text(mv))
                })
                .collect();
            scored.sort_by_key(|(score, _)| -score);
            for (score, text) in scored {
                say!("{text}: {}", describe_score(score));
            }
            return Ok(());
        }
        for depth in 1..=limits.max_depth {
            let thought =
                searcher.think(&position, &Limits { max_depth: depth, ..limits }, &cancel, args.get("seed", Some(0))?);
            let mut line = position.clone();
            let pv: Vec<String> = thought
                .pv
                .iter()
                .map(|&mv| {
                    let text = line.move_text(mv);
                    line.play(mv);
                    text
                })
                .collect();
            say!(
                "depth {} score {} nodes {} time {:.0} ms pv {}",
                thought.depth,
                describe_score(thought.score),
                thought.nodes,
                thought.elapsed.as_secs_f64() * 1000.0,
                pv.join(", ")
            );
            if thought.depth < depth {
                break;
            }
        }
        Ok(())
    });
}
