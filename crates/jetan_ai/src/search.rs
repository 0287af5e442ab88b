//! The searcher: iterative deepening over the alpha-beta search, within time, depth and node
//! limits and a cancel flag, always with a legal move to give.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering as Atomic};
use std::time::{Duration, Instant};

use jetan_rules::{Move, MoveKind, Phase, Position, Variant};

use crate::Limits;
use crate::alphabeta::{ChargePlans, MAX_PLY, Search, Task, Workspace};
use crate::charge_plan::PLAN_SHARE;
use crate::charge_win::{self, FirstSubmoves};
use crate::facts::Facts;
use crate::ordering::Ordering;
use crate::raid_guard::{self, Guard};
use crate::score::{INFINITY, WIN, WIN_BOUND, plies_to_end};
use crate::split::Pool;
use crate::tt::Table;

/// A search at least this deep (levels 3 to 5) plans its Charges in depth and looks for a win
/// within one before anything else (see [`crate::charge_plan`]); a shallower one plays a quick
/// run of captures, as a beginner would.
pub const CHARGE_PLANNING_DEPTH: u32 = 3;

/// The search leaves at least this share (one in so many) of the move's time to the last look
/// against raids (more at a banth step that decides a denial: see
/// [`raid_guard::guard_share`]).
pub(crate) const GUARD_SHARE: u32 = 8;

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
    /// The plies of the whole turn the side to move plays, starting with `best`: for a
    /// Charge, its declaration (unless the Charge is under way), every sub-move and its end;
    /// else `best` alone (none if there is no legal move). A [`Searcher`] asked again inside the
    /// turn plays on from it.
    pub turn: Vec<Move>,
}

/// A searcher: the transposition table and move-ordering history, kept from one search to the
/// next (a game's searches help each other), and the buffers a search reuses. It searches with
/// one thread unless told otherwise ([`Searcher::with_threads`]): then the threads share out the
/// moves of the nodes they search (young brothers wait), and a helper with nothing to share
/// searches the root alone, filling the shared table.
#[derive(Debug)]
pub struct Searcher {
    pub(crate) table: Table,
    pub(crate) knowledge: Option<Knowledge>,
    /// The rest of the Charge it planned: each ply with the hash of the position it is played
    /// from.
    charge: Vec<(u64, Move)>,
    /// The score of that plan.
    charge_score: i32,
    /// Per thread: the buffers its search works in.
    pub(crate) workspaces: Vec<Workspace>,
}

/// What a searcher knows of the variant it last searched.
#[derive(Debug)]
pub(crate) struct Knowledge {
    variant: Arc<Variant>,
    pub facts: Facts,
    /// Per thread: its killers and history.
    pub orderings: Vec<Ordering>,
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
        Searcher {
            table: Table::new(megabytes),
            knowledge: None,
            charge: Vec::new(),
            charge_score: 0,
            workspaces: vec![Workspace::new()],
        }
    }

    /// The same searcher searching with `threads` threads (1 to [`MAX_THREADS`]). With more
    /// than one, the first thread searches as a lone thread would, and the others help it
    /// (see [`crate::split`]): once a thread has searched the first move of a node far enough
    /// from the leaves without a cut-off, the waiting threads take the node's other moves with
    /// it, sharing the transposition table and the node's best score. A search with several
    /// threads is not reproducible, even with a node limit (which counts the first thread's
    /// positions).
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
        self.charge.clear();
    }

    /// Searches `position` within `limits` and returns the best move found. When time or nodes
    /// run out, or `cancel` is raised, it stops (every thread) and returns the best move of the
    /// last completed iteration; whatever happens it returns a legal move if there is one, the
    /// first in its move ordering if no search finished. `seed` nudges the evaluation (by at
    /// most a few hundredths of a Panthan), so that other seeds play other games; with one
    /// thread, a node limit and no time limit the same seed gives the same result.
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
        if let Some(thought) = self.play_on(position, started) {
            return thought;
        }
        self.charge.clear();
        self.learn(position);
        self.table.new_search();
        let Knowledge { facts, orderings, .. } = self.knowledge.as_mut().expect("learnt above");
        // The last look against raids keeps a share of the time (see `guard_against_raids`).
        let guarded = limits.max_depth >= CHARGE_PLANNING_DEPTH && position.variant().rules().charge.is_some();
        let guard_share = guarded.then(|| raid_guard::guard_share(position, facts));
        let guard_time = |t: Duration| guard_share.map_or(Duration::ZERO, |share| t / share);
        let end = limits.movetime.map(|t| started + t.saturating_sub(safety_margin(t)));
        let deadline = limits.movetime.zip(end).map(|(t, end)| end - guard_time(t));
        // The look for a win within one Charge before the search takes a quarter of the time
        // at most.
        let shortcut_until = limits.movetime.map(|t| started + t / 4);
        let stop = AtomicBool::new(false);
        let pool = (self.workspaces.len() > 1).then(Pool::default);
        let task = Task {
            root: position,
            facts,
            table: &self.table,
            history,
            deadline,
            seed,
            cancel,
            stop: &stop,
            pool: pool.as_ref(),
            plan_charges: limits.max_depth >= CHARGE_PLANNING_DEPTH,
        };
        let mut lanes = orderings.iter_mut().zip(self.workspaces.iter_mut());
        let (ordering, work) = lanes.next().expect("a searcher has a thread");
        let mut main = Search::new(task, ordering, work, limits.max_nodes.unwrap_or(u64::MAX));
        let fallback = main.fallback();
        if main.only_move() {
            return Thought { elapsed: started.elapsed(), ..fallback };
        }
        if task.plan_charges
            && let Some(win) = charge_win::find_in(position, task.facts, FirstSubmoves::Any { until: shortcut_until })
        {
            // A win within one Charge (or the one under way): no search can do better.
            let thought = Thought {
                best: win.first().copied(),
                score: WIN - win.len() as i32,
                elapsed: started.elapsed(),
                pv: win.clone(),
                turn: win,
                ..fallback
            };
            self.remember_charge(position, &thought);
            return thought;
        }
        if task.plan_charges && matches!(position.phase(), Phase::Charge { .. }) {
            // Inside a Charge it did not plan (a game taken up there): the rest of it planned now.
            let mut thought = fallback;
            if let Some(plan) = main.deep_charge(0, PLAN_SHARE) {
                thought.best = plan.plies.first().copied();
                thought.score = plan.score;
                thought.turn = plan.plies.clone();
                thought.pv = plan.plies;
            }
            thought.nodes = main.nodes;
            thought.elapsed = started.elapsed();
            self.remember_charge(position, &thought);
            return thought;
        }
        let mut thought = std::thread::scope(|scope| {
            let helpers: Vec<_> = lanes
                .map(|(ordering, work)| {
                    let mut helper = Search::new(task, ordering, work, u64::MAX);
                    let pool = pool.as_ref().expect("a search with helpers has a pool");
                    scope.spawn(move || {
                        pool.serve(&mut helper);
                        helper.nodes
                    })
                })
                .collect();
            let mut thought = deepen(&mut main, fallback, limits, started);
            for helper in helpers {
                thought.nodes += helper.join().expect("a search thread panicked");
            }
            thought
        });
        let mut plans = std::mem::take(&mut main.charge_plans);
        with_charge_plan(&mut thought, position, &plans);
        if task.plan_charges && task.facts.charges() && thought.score < WIN_BOUND {
            let mut guard = Guard { deadline: end, nodes_left: limits.max_nodes, seed, cancel };
            self.guard_against_raids(position, &mut thought, &mut plans, &mut guard);
        }
        thought.elapsed = started.elapsed();
        self.remember_charge(position, &thought);
        thought
    }

    /// The next ply of the Charge it planned, if `position` is where that plan goes on.
    fn play_on(&mut self, position: &Position, started: Instant) -> Option<Thought> {
        let &(hash, best) = self.charge.first()?;
        if hash != position.hash() || !position.legal_moves().contains(&best) {
            self.charge.clear();
            return None;
        }
        let turn: Vec<Move> = self.charge.drain(..).map(|(_, mv)| mv).collect();
        let thought = Thought {
            best: Some(best),
            score: self.charge_score,
            depth: 0,
            nodes: 0,
            elapsed: started.elapsed(),
            pv: turn.clone(),
            turn,
        };
        self.remember_charge(position, &thought);
        Some(thought)
    }

    /// Remembers the plies of the thought's turn after its first, to be played on.
    fn remember_charge(&mut self, position: &Position, thought: &Thought) {
        self.charge.clear();
        self.charge_score = thought.score;
        let mut after = position.clone();
        for (i, &mv) in thought.turn.iter().enumerate() {
            if i > 0 {
                self.charge.push((after.hash(), mv));
            }
            after.play(mv);
        }
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

/// The first thread's iterative deepening, until the limits or the position's end is
/// reached, or the search is stopped; returns the result of the last completed iteration
/// (`thought` before any). Past half its time it begins no deeper iteration. Stops the helpers
/// when done.
///
/// An interrupted iteration's moves are not taken, not even one that had beaten the last
/// iteration's best before the time ran out: such a move, judged by a deeper search cut short
/// (often an odd depth's, where the side to move has the last word), lost more games than it
/// won. Level 5 against level 3 at 1 s a move in Jetan Jeddara scored 14 of 40 taking them.
pub(crate) fn deepen(search: &mut Search, mut thought: Thought, limits: &Limits, started: Instant) -> Thought {
    let deepest = limits.max_depth.min(MAX_PLY as u32 / 2);
    for depth in 1..=deepest {
        if let Some(pool) = search.task.pool {
            pool.begin_iteration(depth as i32);
        }
        let score = search.negamax(depth as i32, 0, -INFINITY, INFINITY);
        if search.stopped {
            break;
        }
        thought.pv = search.principal_variation();
        thought.best = thought.pv.first().copied().or(thought.best);
        thought.turn = thought.best.into_iter().collect();
        thought.score = score;
        thought.depth = depth;
        let decided = plies_to_end(score).is_some_and(|plies| plies.unsigned_abs() <= depth);
        let out_of_time = limits.movetime.is_some_and(|t| started.elapsed() * 2 > t);
        if decided || out_of_time {
            break;
        }
    }
    search.task.stop.store(true, Atomic::Relaxed);
    thought.nodes = search.nodes;
    thought
}

/// If the thought's best move declares a Charge, its turn becomes the whole Charge planned at
/// `root` (and its line begins with it).
pub(crate) fn with_charge_plan(thought: &mut Thought, root: &Position, plans: &ChargePlans) {
    if let Some(best) = thought.best
        && best.kind == MoveKind::Charge
        && let Some(Some(plan)) = plans.get(&root.hash())
    {
        thought.pv = plan.iter().chain(thought.pv.get(1..).unwrap_or_default()).copied().collect();
        thought.turn = plan.clone();
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
