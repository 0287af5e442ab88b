//! The searcher: iterative deepening over the alpha-beta search, within time, depth and node
//! limits and a cancel flag, always with a legal move to give.

use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

use jetan_rules::{Move, Position, Variant};

use crate::Limits;
use crate::alphabeta::{MAX_PLY, Search, Workspace};
use crate::facts::Facts;
use crate::ordering::Ordering;
use crate::score::{INFINITY, plies_to_end};
use crate::tt::Table;

/// The default size of the transposition table.
pub const DEFAULT_TABLE_MEGABYTES: usize = 16;

/// The result of a search.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Thought {
    /// The move to play; `None` only when there is no legal move.
    pub best: Option<Move>,
    /// Its score for the side to move (see [`crate::describe_score`]).
    pub score: i32,
    /// The depth of the last completed iteration (0 if none completed).
    pub depth: u32,
    /// Positions visited.
    pub nodes: u64,
    /// How long the search took.
    pub elapsed: Duration,
    /// The expected line of play, starting with `best`.
    pub pv: Vec<Move>,
}

/// A searcher: the transposition table and move-ordering history, kept from one search to the
/// next (a game's searches help each other), and the buffers a search reuses.
#[derive(Debug)]
pub struct Searcher {
    table: Table,
    knowledge: Option<Knowledge>,
    workspace: Workspace,
}

/// What a searcher knows of the variant it last searched.
#[derive(Debug)]
struct Knowledge {
    variant: Arc<Variant>,
    facts: Facts,
    ordering: Ordering,
}

impl Default for Searcher {
    fn default() -> Self {
        Searcher::new()
    }
}

impl Searcher {
    /// A searcher with a transposition table of [`DEFAULT_TABLE_MEGABYTES`].
    pub fn new() -> Searcher {
        Searcher::with_table_megabytes(DEFAULT_TABLE_MEGABYTES)
    }

    /// A searcher with a transposition table of about this many megabytes.
    pub fn with_table_megabytes(megabytes: usize) -> Searcher {
        Searcher { table: Table::new(megabytes), knowledge: None, workspace: Workspace::new() }
    }

    /// Forgets what earlier searches learned (start of a new game).
    pub fn clear(&mut self) {
        self.table.clear();
        self.knowledge = None;
    }

    /// Searches `position` within `limits` and returns the best move found. When time or nodes
    /// run out, or `cancel` is raised, it stops and returns the best move of the last completed
    /// iteration (or a better one the interrupted iteration had finished searching); whatever
    /// happens it returns a legal move if there is one, the first in its move ordering if no
    /// search finished. `seed` nudges the evaluation (by at most a few hundredths of a
    /// Panthan), so that other seeds play other games; with a node limit and no time limit
    /// the same seed gives the same result.
    pub fn think(&mut self, position: &Position, limits: &Limits, cancel: &AtomicBool, seed: u64) -> Thought {
        self.think_in_game(position, &[], limits, cancel, seed)
    }

    /// As [`Searcher::think`], knowing the hashes of the game's earlier positions: a line that
    /// goes back to one of them (or repeats itself) is scored as a draw, so that a player who
    /// is ahead looks for progress rather than going round in circles. (The rules know no
    /// repetition; this only steers the search.)
    pub fn think_in_game(
        &mut self,
        position: &Position,
        history: &[u64],
        limits: &Limits,
        cancel: &AtomicBool,
        seed: u64,
    ) -> Thought {
        let started = Instant::now();
        let knowledge = match self.knowledge.take() {
            Some(k) if Arc::ptr_eq(&k.variant, position.variant()) => k,
            _ => {
                self.table.clear();
                Knowledge {
                    variant: position.variant().clone(),
                    facts: Facts::new(position),
                    ordering: Ordering::new(position.variant().geometry().len()),
                }
            }
        };
        let Knowledge { facts, ordering, .. } = self.knowledge.insert(knowledge);
        self.table.new_search();
        ordering.new_search();
        let mut search = Search {
            position: position.clone(),
            facts,
            table: &mut self.table,
            ordering,
            work: &mut self.workspace,
            history,
            cancel,
            deadline: limits.movetime.map(|t| started + t.saturating_sub(safety_margin(t))),
            max_nodes: limits.max_nodes.unwrap_or(u64::MAX),
            nodes: 0,
            stopped: false,
            root_side: position.to_move(),
            seed,
            root_best: None,
            repetitions: 0,
        };
        let mut thought = search.fallback();
        if search.only_move() {
            thought.elapsed = started.elapsed();
            return thought;
        }
        for depth in 1..=limits.max_depth.min(MAX_PLY as u32 / 2) {
            search.root_best = None;
            let score = search.negamax(depth as i32, 0, -INFINITY, INFINITY);
            if search.stopped {
                if let Some((mv, score)) = search.root_best
                    && Some(mv) != thought.best
                {
                    thought.best = Some(mv);
                    thought.score = score;
                    thought.pv = vec![mv];
                }
                break;
            }
            thought.pv = search.principal_variation();
            thought.best = thought.pv.first().copied().or(thought.best);
            thought.score = score;
            thought.depth = depth;
            let decided = plies_to_end(score).is_some_and(|plies| plies.unsigned_abs() <= depth);
            let out_of_time = limits.movetime.is_some_and(|t| started.elapsed() * 2 > t);
            if decided || out_of_time {
                break;
            }
        }
        thought.nodes = search.nodes;
        thought.elapsed = started.elapsed();
        thought
    }
}

/// Searches with a fresh [`Searcher`]; see [`Searcher::think`].
pub fn think(position: &Position, limits: &Limits, cancel: &AtomicBool, seed: u64) -> Thought {
    Searcher::new().think(position, limits, cancel, seed)
}

/// How much earlier than its time a search aims to stop, to return in time even when the
/// machine is busy.
fn safety_margin(movetime: Duration) -> Duration {
    (movetime / 8).clamp(Duration::from_millis(1), Duration::from_millis(30))
}
