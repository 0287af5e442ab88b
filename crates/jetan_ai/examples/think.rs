//! Asks the AI what it would play, as `jetan think` does, and prints the whole turn (every
//! sub-move of a Charge), its line and evaluation:
//! `cargo run --release -p jetan_ai --example think -- [--variant FILE] [--option OPTION=CHOICE]…
//! [--position TEXT] [--moves "m1, m2"] [--level L] [--movetime MS | --nodes N] [--seed S]
//! [--threads N]`.
//! With `--depth D` it prints each iteration's result up to depth D instead; with `--each yes`
//! as well, the score of every move, searched to depth D - 1 after it.

mod common;

use std::sync::atomic::AtomicBool;
use std::time::Duration;

use jetan_ai::ask::{Question, ask, turns_text};
use jetan_ai::{Level, Limits, Searcher, describe_score};
use jetan_rules::{Position, say};

fn main() {
    common::run(|| {
        let args = common::Args::read(&[
            "variant", "position", "moves", "level", "movetime", "depth", "nodes", "seed", "threads", "each",
        ])?;
        let text = args.optional::<String>("position")?;
        let moves: String = args.get("moves", Some(String::new()))?;
        let position = Question::position(args.variant()?, text.as_deref(), &moves).map_err(|e| e.to_string())?;
        say!("{}", position.to_text());
        let movetime = args.optional("movetime")?.map(Duration::from_millis);
        let nodes = args.optional("nodes")?;
        let seed = args.get("seed", Some(0))?;
        let threads = args.threads("threads", 1)?;
        let Some(depth) = args.optional::<u32>("depth")? else {
            let level = args.get("level", Some(Level::Search(jetan_ai::MAX_LEVEL)))?;
            let question = Question { level, movetime, nodes, seed, threads, ..Question::new(position) };
            say!("{}", ask(&question));
            return Ok(());
        };
        let limits = Limits { movetime, max_depth: depth, max_nodes: nodes };
        if args.get::<String>("each", Some("no".into()))? == "yes" {
            print_each_move(&position, &limits);
        } else {
            print_iterations(&position, &limits, seed, threads);
        }
        Ok(())
    });
}

/// Prints the score of every legal move, searched a ply less deep after it, best first.
fn print_each_move(position: &Position, limits: &Limits) {
    let cancel = AtomicBool::new(false);
    let mut scored: Vec<(i32, String)> = position
        .legal_moves()
        .into_iter()
        .map(|mv| {
            let mut after = position.clone();
            after.play(mv);
            let limits = Limits { max_depth: limits.max_depth.saturating_sub(1).max(1), ..*limits };
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
}

/// Prints the result of each iteration of the search, one deeper each time.
fn print_iterations(position: &Position, limits: &Limits, seed: u64, threads: usize) {
    let mut searcher = Searcher::new().with_threads(threads);
    let cancel = AtomicBool::new(false);
    for depth in 1..=limits.max_depth {
        let thought = searcher.think(position, &Limits { max_depth: depth, ..*limits }, &cancel, seed);
        say!(
            "depth {} score {} nodes {} time {:.0} ms turn {} line {}",
            thought.depth,
            describe_score(thought.score),
            thought.nodes,
            thought.elapsed.as_secs_f64() * 1000.0,
            position.turn_text(&thought.turn),
            turns_text(position, &thought.pv).join(", ")
        );
        if thought.depth < depth {
            break;
        }
    }
}
