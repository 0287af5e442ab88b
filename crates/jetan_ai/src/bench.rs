//! The AI benchmark: how fast the search goes (positions per second) and how deep it gets in a
//! fixed time (or how long it takes to reach a fixed depth), on a fixed set of positions of a
//! variant.

use std::fmt;
use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

use jetan_rules::{Position, Variant};

use crate::{Limits, Searcher};

/// How many positions the benchmark searches.
const BENCH_POSITIONS: u32 = 5;
/// How many plies of the reference game lie between two benchmark positions.
const BENCH_PLIES: u32 = 10;
/// The depth of the searches that play the reference game.
const GAME_DEPTH: u32 = 2;

/// One position's result.
#[derive(Clone, Debug)]
pub struct BenchLine {
    /// The position, as position text.
    pub position: String,
    /// The depth of the last completed iteration.
    pub depth: u32,
    /// Positions visited.
    pub nodes: u64,
    /// Time taken.
    pub elapsed: Duration,
}

impl BenchLine {
    /// Positions visited per second.
    pub fn nodes_per_second(&self) -> f64 {
        self.nodes as f64 / self.elapsed.as_secs_f64().max(1e-9)
    }
}

impl fmt::Display for BenchLine {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (depth, nodes, speed) = (self.depth, self.nodes, self.nodes_per_second());
        write!(f, "depth {depth:2}  {nodes:9} nodes  {speed:8.0} nodes/s  {}", self.position)
    }
}

/// The last line of a benchmark: total positions, time and speed, and the depth of each search.
pub fn summary(lines: &[BenchLine]) -> String {
    let nodes: u64 = lines.iter().map(|l| l.nodes).sum();
    let seconds: f64 = lines.iter().map(|l| l.elapsed.as_secs_f64()).sum();
    let depths: Vec<String> = lines.iter().map(|l| l.depth.to_string()).collect();
    let speed = nodes as f64 / seconds.max(1e-9);
    format!("total: {nodes} nodes in {seconds:.2} s, {speed:.0} nodes/s; depths {}", depths.join(" "))
}

/// The benchmark's positions: the start, then positions of a reference game the search plays
/// against itself at a small fixed depth (so always the same game, unless the evaluation
/// changes), every 10 plies (or the first ply after that with a choice of moves).
pub fn bench_positions(variant: &Arc<Variant>) -> Vec<Position> {
    let mut position = Position::start(variant.clone());
    let mut searcher = Searcher::new();
    let cancel = AtomicBool::new(false);
    let mut positions = Vec::new();
    let mut history = Vec::new();
    let mut wanted = 0;
    for ply in 0..BENCH_PLIES * BENCH_POSITIONS * 4 {
        if positions.len() == BENCH_POSITIONS as usize {
            break;
        }
        if ply >= wanted && position.legal_moves().len() > 1 {
            positions.push(position.clone());
            wanted = BENCH_PLIES * positions.len() as u32;
        }
        let thought = searcher.think_in_game(&position, &history, &Limits::depth(GAME_DEPTH), &cancel, 0);
        history.push(position.hash());
        match thought.best {
            Some(mv) if position.decided().is_none() => {
                position.play(mv);
            }
            _ => break,
        }
    }
    positions
}

/// Searches each benchmark position within `limits` (a time per move, or a depth to reach)
/// with a fresh searcher of `threads` threads, calling `report` after each; returns every line
/// (the positions visited by every thread).
pub fn bench(
    variant: &Arc<Variant>,
    limits: &Limits,
    threads: usize,
    report: impl FnMut(&BenchLine),
) -> Vec<BenchLine> {
    search_each(&bench_positions(variant), limits, threads, report)
}

/// Searches each of `positions` as [`bench`] does its own: to compare two builds on the same
/// positions (the benchmark's own come from a game its search plays, so they change with it).
pub fn search_each(
    positions: &[Position],
    limits: &Limits,
    threads: usize,
    mut report: impl FnMut(&BenchLine),
) -> Vec<BenchLine> {
    let cancel = AtomicBool::new(false);
    positions
        .iter()
        .map(|position| {
            let thought = Searcher::new().with_threads(threads).think(position, limits, &cancel, 0);
            let line = BenchLine {
                position: position.to_text(),
                depth: thought.depth,
                nodes: thought.nodes,
                elapsed: thought.elapsed,
            };
            report(&line);
            line
        })
        .collect()
}
