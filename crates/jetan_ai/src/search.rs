//! The searcher: iterative deepening over the alpha-beta search, within time, depth and node
//! limits and a cancel flag, always with a legal move to give.

use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

use jetan_rules::{Move, Phase, Position, Variant};

use crate::Limits;
use crate::alphabeta::{ChargePlans, Pool, Search, Task, Workspace};
use crate::charge_plan::PLAN_SHARE;
use crate::charge_win::{self, FirstSubmoves};
use crate::deepen::{deepen, with_charge_plan};
use crate::facts::Facts;
use crate::ordering::Ordering;
use crate::raid_guard::{self, Guard, Tools};
use crate::score::{WIN, WIN_BOUND};
use crate::thought::Thought;
use crate::tt::Table;

/// A search at least this deep (levels 3 to 5) plans its Charges in depth and looks for a win
/// within one before anything else (see [`crate::charge_plan`]); a shallower one plays a quick
/// run of captures, as a beginner would.
pub const CHARGE_PLANNING_DEPTH: u32 = 3;

/// The default size of the transposition table.
pub const DEFAULT_TABLE_MEGABYTES: usize = 16;

/// A searcher: the transposition table and move-ordering history, kept from one search to the
/// next (a game's searches help each other), and the buffers a search reuses. It searches with
/// one thread unless told otherwise ([`Searcher::with_threads`]): then the threads share out the
/// moves of the nodes they search (young brothers wait), and a helper with nothing to share
/// searches the root alone, filling the shared table.
#[derive(Debug)]
pub struct Searcher {
    table: Table,
    knowledge: Option<Knowledge>,
    /// The rest of the Charge it planned: each ply with the hash of the position it is played
    /// from.
    charge: Vec<(u64, Move)>,
    /// The score of that plan.
    charge_score: i32,
    /// Per thread: the buffers its search works in.
    workspaces: Vec<Workspace>,
    /// The most a root move's score is raised by chance (see [`Searcher::with_root_spread`]).
    root_spread: i32,
}

/// What a searcher knows of the variant it last searched.
#[derive(Debug)]
struct Knowledge {
    variant: Arc<Variant>,
    facts: Facts,
    /// Per thread: its killers and history.
    orderings: Vec<Ordering>,
}

/// One question put to a searcher, and when.
#[derive(Clone, Copy)]
struct Question<'a> {
    position: &'a Position,
    /// The hashes of the game's earlier positions.
    history: &'a [u64],
    limits: &'a Limits,
    cancel: &'a AtomicBool,
    seed: u64,
    root_spread: i32,
    started: Instant,
}

/// The times a search keeps to (none without a time limit): when it must be done (a safety
/// margin before its time), when the tree search stops (leaving the last look against raids
/// its share), and until when the shortcut looks for a win within one Charge.
struct Budget {
    end: Option<Instant>,
    deadline: Option<Instant>,
    shortcut_until: Option<Instant>,
}

/// How the search of the root ended.
enum Root {
    /// A single legal move: given at once, nothing remembered.
    OnlyMove(Thought),
    /// Decided before the tree search: a win within one Charge, or the plan inside a Charge.
    Decided(Thought),
    /// The tree search's thought (a Charge with its whole plan), with the Charges it planned.
    Searched(Thought, ChargePlans),
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
            root_spread: 0,
        }
    }

    /// The same searcher searching with `threads` threads (1 to [`MAX_THREADS`]). With more
    /// than one, the first thread searches as a lone thread would, and the others help it
    /// (see the tree search's `split`): once a thread has searched the first move of a node far
    /// enough from the leaves without a cut-off, the waiting threads take the node's other moves
    /// with it, sharing the transposition table and the node's best score. A search with several
    /// threads is not reproducible, even with a node limit (which counts the first thread's
    /// positions).
    pub fn with_threads(mut self, threads: usize) -> Searcher {
        self.workspaces.resize_with(threads.clamp(1, MAX_THREADS), Workspace::new);
        self
    }

    /// The same searcher choosing among near-equal root moves by its seed: each root move's
    /// score is raised by 0 to `spread` (hundredths of a Panthan), as the seed, the position
    /// and the move decide, so that the seed of a game chooses among the moves within `spread`
    /// of the best (and the same seed chooses the same). 0, the default, plays the best found.
    pub fn with_root_spread(mut self, spread: i32) -> Searcher {
        self.root_spread = spread.max(0);
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
    ///
    /// In stages: the next ply of the Charge it planned (`play_on`); else the budget of time
    /// (`budget`); the root searched (`search_root`: a single legal move, a win within one
    /// Charge, the plan inside a Charge, or iterative deepening with the helpers); the last
    /// look against raids (`guard_against_raids`).
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
        let root_spread = self.root_spread;
        let question = Question { position, history, limits, cancel, seed, root_spread, started };
        let budget = self.budget(&question);
        let thought = match self.search_root(&question, &budget) {
            Root::OnlyMove(thought) => return thought,
            Root::Decided(thought) => thought,
            Root::Searched(thought, plans) => self.guard_against_raids(&question, &budget, thought, plans),
        };
        self.remember_charge(position, &thought);
        thought
    }

    /// The budget of time: the last look against raids keeps a share of it (see
    /// [`raid_guard::guard_share`]) when the search plans Charges in a variant that has them;
    /// the look for a win within one Charge before the search takes a quarter of it at most.
    fn budget(&self, question: &Question) -> Budget {
        let Question { position, limits, started, .. } = *question;
        let facts = &self.knowledge.as_ref().expect("learnt above").facts;
        let guarded = limits.max_depth >= CHARGE_PLANNING_DEPTH && position.variant().rules().charge.is_some();
        let guard_share = guarded.then(|| raid_guard::guard_share(position, facts));
        let guard_time = |t: Duration| guard_share.map_or(Duration::ZERO, |share| t / share);
        let end = limits.movetime.map(|t| started + t.saturating_sub(safety_margin(t)));
        let deadline = limits.movetime.zip(end).map(|(t, end)| end - guard_time(t));
        let shortcut_until = limits.movetime.map(|t| started + t / 4);
        Budget { end, deadline, shortcut_until }
    }

    /// The root searched by the first thread: the move at once if it is the only one; else a
    /// win within one Charge ([`shortcut_win`]); inside a Charge, the rest of it planned
    /// ([`plan_inside_charge`]); else iterative deepening, the other threads helping
    /// ([`deepen_with_helpers`]).
    fn search_root(&mut self, question: &Question, budget: &Budget) -> Root {
        let Knowledge { facts, orderings, .. } = self.knowledge.as_mut().expect("learnt above");
        let stop = AtomicBool::new(false);
        let pool = (self.workspaces.len() > 1).then(Pool::default);
        let task = question.task(facts, &self.table, budget.deadline, &stop, pool.as_ref());
        let mut lanes = orderings.iter_mut().zip(self.workspaces.iter_mut());
        let (ordering, work) = lanes.next().expect("a searcher has a thread");
        let mut main = Search::new(task, ordering, work, question.limits.max_nodes.unwrap_or(u64::MAX));
        let fallback = main.fallback();
        if main.only_move() {
            return Root::OnlyMove(Thought { elapsed: question.started.elapsed(), ..fallback });
        }
        if let Some(thought) = shortcut_win(&task, budget.shortcut_until, &fallback, question.started) {
            return Root::Decided(thought);
        }
        if task.plan_charges && matches!(question.position.phase(), Phase::Charge { .. }) {
            return Root::Decided(plan_inside_charge(&mut main, fallback, question.started));
        }
        let mut thought = deepen_with_helpers(&mut main, lanes, fallback, question.limits, question.started);
        let plans = std::mem::take(&mut main.charge_plans);
        with_charge_plan(&mut thought, question.position, &plans);
        Root::Searched(thought, plans)
    }

    /// The last look against raids (see [`raid_guard::guard_against_raids`]), with the
    /// searcher's tools, when the search plans Charges in a variant that has them and the
    /// thought is no win; until the search's end, within its node limit. Times the thought.
    fn guard_against_raids(
        &mut self,
        question: &Question,
        budget: &Budget,
        mut thought: Thought,
        mut plans: ChargePlans,
    ) -> Thought {
        let Question { position, limits, cancel, seed, started, .. } = *question;
        let Knowledge { facts, orderings, .. } = self.knowledge.as_mut().expect("learnt above");
        if limits.max_depth >= CHARGE_PLANNING_DEPTH && facts.charges() && thought.score < WIN_BOUND {
            let mut guard = Guard { deadline: budget.end, nodes_left: limits.max_nodes, seed, cancel };
            let (ordering, work) = (&mut orderings[0], &mut self.workspaces[0]);
            let mut tools = Tools { table: &self.table, facts, ordering, work };
            raid_guard::guard_against_raids(&mut tools, position, &mut thought, &mut plans, &mut guard);
        }
        thought.elapsed = started.elapsed();
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

impl<'a> Question<'a> {
    /// The task of searching the question's position with the searcher's `facts` and `table`,
    /// stopped at `deadline` or by `stop`, with the threads of `pool` if any.
    fn task<'t>(
        &self,
        facts: &'t Facts,
        table: &'t Table,
        deadline: Option<Instant>,
        stop: &'t AtomicBool,
        pool: Option<&'t Pool>,
    ) -> Task<'t>
    where
        'a: 't,
    {
        Task {
            root: self.position,
            facts,
            table,
            history: self.history,
            deadline,
            seed: self.seed,
            root_spread: self.root_spread,
            cancel: self.cancel,
            stop,
            pool,
            plan_charges: self.limits.max_depth >= CHARGE_PLANNING_DEPTH,
        }
    }
}

/// A win within one Charge (or the one under way) at the task's root, looked for until `until`
/// when the task plans Charges: no search can do better.
fn shortcut_win(task: &Task, until: Option<Instant>, fallback: &Thought, started: Instant) -> Option<Thought> {
    if !task.plan_charges {
        return None;
    }
    let win = charge_win::find_in(task.root, task.facts, FirstSubmoves::Any { until })?;
    Some(Thought {
        best: win.first().copied(),
        score: WIN - win.len() as i32,
        elapsed: started.elapsed(),
        pv: win.clone(),
        turn: win,
        ..fallback.clone()
    })
}

/// Inside a Charge it did not plan (a game taken up there): the rest of it planned now, or the
/// `fallback` if there is no plan.
fn plan_inside_charge(main: &mut Search, mut thought: Thought, started: Instant) -> Thought {
    if let Some(plan) = main.deep_charge(0, PLAN_SHARE) {
        thought.best = plan.plies.first().copied();
        thought.score = plan.score;
        thought.turn = plan.plies.clone();
        thought.pv = plan.plies;
    }
    thought.nodes = main.nodes;
    thought.elapsed = started.elapsed();
    thought
}

/// The first thread's iterative deepening ([`deepen`]), with a helper searching in each of the
/// other `lanes` (their move ordering and buffers) while it lasts (see
/// [`Pool::serve`](crate::alphabeta::Pool)); the nodes are every thread's.
fn deepen_with_helpers<'a>(
    main: &mut Search<'a>,
    lanes: impl Iterator<Item = (&'a mut Ordering, &'a mut Workspace)>,
    fallback: Thought,
    limits: &Limits,
    started: Instant,
) -> Thought {
    let task = main.task;
    std::thread::scope(|scope| {
        let helpers: Vec<_> = lanes
            .map(|(ordering, work)| {
                let mut helper = Search::new(task, ordering, work, u64::MAX);
                let pool = task.pool.expect("a search with helpers has a pool");
                scope.spawn(move || {
                    pool.serve(&mut helper);
                    helper.nodes
                })
            })
            .collect();
        let mut thought = deepen(main, fallback, limits, started);
        for helper in helpers {
            thought.nodes += helper.join().expect("a search thread panicked");
        }
        thought
    })
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
