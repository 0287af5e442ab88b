//! The searcher: iterative deepening over the alpha-beta search, within time, depth and node
//! limits and a cancel flag, always with a legal move to give.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU32, Ordering as Atomic};
use std::time::{Duration, Instant};

use jetan_rules::{Move, Position, Variant};

use crate::Limits;
use crate::alphabeta::{MAX_PLY, Search, Task, Workspace};
use crate::busy::Busy;
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
/// next (a game's searches help each other), and the buffers a search reuses. It searches with
/// one thread unless told otherwise ([`Searcher::with_threads`]): more threads search the same
/// position at once, sharing the table (Lazy SMP).
#[derive(Debug)]
pub struct Searcher {
    table: Table,
    knowledge: Option<Knowledge>,
    /// Per thread: the buffers its search works in.
    workspaces: Vec<Workspace>,
}

/// What a searcher knows of the variant it last searched.
#[derive(Debug)]
struct Knowledge {
    variant: Arc<Variant>,
    facts: Facts,
    /// Per thread: its killers and history.
    orderings: Vec<Ordering>,
}

impl Default for Searcher {
    fn default() -> Self {
        Searcher::new()
    }
}

impl Searcher {
    /// A searcher with a transposition table of [`DEFAULT_TABLE_MEGABYTES`], one thread.
    pub fn new() -> Searcher {
        Searcher::with_table_megabytes(DEFAULT_TABLE_MEGABYTES)
    }

    /// A searcher with a transposition table of about this many megabytes, one thread.
    pub fn with_table_megabytes(megabytes: usize) -> Searcher {
        Searcher { table: Table::new(megabytes), knowledge: None, workspaces: vec![Workspace::new()] }
    }

    /// The same searcher searching with `threads` threads (1 to [`MAX_THREADS`]). With more
    /// than one, the threads search the same position at once and share the transposition
    /// table (Lazy SMP): the first searches as a lone thread would; each iteration of a thread
    /// goes a ply deeper than any thread has completed (two plies for half of the helpers), a
    /// helper that comes to a move another thread is searching leaves it for last (see
    /// [`crate::busy`]), and whichever thread reaches the limits ends the search (past half
    /// the time, once no thread has a deeper iteration under way). The answer is the deepest
    /// iteration completed. A search with several threads is not reproducible, even with a
    /// node limit (which counts the first thread's positions).
    pub fn with_threads(mut self, threads: usize) -> Searcher {
        self.workspaces.resize_with(threads.clamp(1, MAX_THREADS), Workspace::new);
        self
    }

    /// How many threads a search uses.
    pub fn threads(&self) -> usize {
        self.workspaces.len()
    }

    /// Forgets what earlier searches learned (start of a new game).
    pub fn clear(&mut self) {
        self.table.clear();
        self.knowledge = None;
    }

    /// Searches `position` within `limits` and returns the best move found. When time or nodes
    /// run out, or `cancel` is raised, it stops (every thread) and returns the best move of the
    /// last completed iteration (or a better one the interrupted iteration had finished
    /// searching); whatever happens it returns a legal move if there is one, the first in its
    /// move ordering if no search finished. `seed` nudges the evaluation (by at most a few
    /// hundredths of a Panthan), so that other seeds play other games; with one thread, a node
    /// limit and no time limit the same seed gives the same result.
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
        self.learn(position);
        self.table.new_search();
        let Knowledge { facts, orderings, .. } = self.knowledge.as_mut().expect("learnt above");
        let deadline = limits.movetime.map(|t| started + t.saturating_sub(safety_margin(t)));
        let stop = AtomicBool::new(false);
        let busy = (self.workspaces.len() > 1).then(Busy::new);
        let task = Task {
            root: position,
            facts,
            table: &self.table,
            history,
            deadline,
            seed,
            cancel,
            stop: &stop,
            busy: busy.as_ref(),
        };
        let mut lanes = orderings.iter_mut().zip(self.workspaces.iter_mut());
        let (ordering, work) = lanes.next().expect("a searcher has a thread");
        let mut main = Search::new(task, ordering, work, limits.max_nodes.unwrap_or(u64::MAX));
        let fallback = main.fallback();
        if main.only_move() {
            return Thought { elapsed: started.elapsed(), ..fallback };
        }
        let progress =
            Progress { limits, started, begun: AtomicU32::new(0), completed: AtomicU32::new(0), stop: &stop };
        let progress = &progress;
        let mut thought = std::thread::scope(|scope| {
            let helpers: Vec<_> = lanes
                .enumerate()
                .map(|(index, (ordering, work))| {
                    let mut helper = Search::new(task, ordering, work, u64::MAX);
                    helper.defers = true;
                    scope.spawn(move || {
                        let fallback = helper.fallback();
                        progress.deepen(&mut helper, fallback, (index + 1) % 2 == 1)
                    })
                })
                .collect();
            let mut thought = progress.deepen(&mut main, fallback, false);
            for helper in helpers {
                let found = helper.join().expect("a search thread panicked");
                thought.nodes += found.nodes;
                if found.depth > thought.depth {
                    thought = Thought { nodes: thought.nodes, ..found };
                }
            }
            thought
        });
        thought.elapsed = started.elapsed();
        thought
    }

    /// Makes sure the searcher knows `position`'s variant: learnt anew (and the table cleared) when
    /// it last searched another variant, with the move ordering of each thread.
    fn learn(&mut self, position: &Position) {
        let knowledge = match self.knowledge.take() {
            Some(k) if Arc::ptr_eq(&k.variant, position.variant()) => k,
            _ => {
                self.table.clear();
                Knowledge { variant: position.variant().clone(), facts: Facts::new(position), orderings: Vec::new() }
            }
        };
        let knowledge = self.knowledge.insert(knowledge);
        let squares = position.variant().geometry().len();
        knowledge.orderings.resize_with(self.workspaces.len(), || Ordering::new(squares));
    }
}

/// How the threads of one search get on: the deepest iteration any has begun and completed,
/// and the flag the one that ends the search raises.
struct Progress<'a> {
    limits: &'a Limits,
    started: Instant,
    begun: AtomicU32,
    completed: AtomicU32,
    stop: &'a AtomicBool,
}

impl Progress<'_> {
    /// One thread's iterative deepening, until the limits or the position's end is reached
    /// (by this thread or another), or the search is stopped; returns the result of the
    /// thread's last completed iteration (`thought` before any). Each iteration goes a ply
    /// deeper than any thread has completed, two plies if `ahead` (so that threads spread over
    /// two depths, and the deeper ones find the shallower ones' results in the table). Past
    /// half its time a thread begins no deeper iteration, but joins one another thread has
    /// under way: the search ends when the deepest begun is completed or time runs out.
    fn deepen(&self, search: &mut Search, mut thought: Thought, ahead: bool) -> Thought {
        let deepest = self.limits.max_depth.min(MAX_PLY as u32 / 2);
        let mut depth = (1 + u32::from(ahead)).min(deepest);
        while depth <= deepest {
            self.begun.fetch_max(depth, Atomic::Relaxed);
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
            let completed = self.completed.fetch_max(depth, Atomic::Relaxed).max(depth);
            let decided = plies_to_end(score).is_some_and(|plies| plies.unsigned_abs() <= depth);
            let out_of_time = self.limits.movetime.is_some_and(|t| self.started.elapsed() * 2 > t);
            let under_way = self.begun.load(Atomic::Relaxed);
            if decided || (out_of_time && under_way <= depth) {
                break;
            }
            depth =
                if out_of_time { under_way } else { (depth + 1).max((completed + 1 + u32::from(ahead)).min(deepest)) };
        }
        // Whichever way this thread ends, the search is over: its limits were reached, or it
        // completed the deepest iteration allowed.
        self.stop.store(true, Atomic::Relaxed);
        thought.nodes = search.nodes;
        thought
    }
}

/// The most threads a search may use.
pub const MAX_THREADS: usize = 64;

/// The threads a search uses unless told otherwise: the machine's cores but one (left for the
/// game's frames), at least one.
pub fn default_threads() -> usize {
    std::thread::available_parallelism().map_or(1, |cores| cores.get().saturating_sub(1).max(1))
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
