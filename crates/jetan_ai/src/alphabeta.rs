//! The alpha-beta search: negamax with principal variation search, a transposition table,
//! staged move generation (the table's move, captures and killers before the full generation),
//! null-move pruning, late move reductions and static pruning near the leaves; quiescence
//! follows at the leaves.
//!
//! Its parts, each with one job: [`workspace`] (the buffers a search works in), [`root`] (the
//! move to give before any search), [`negamax`] (a node), [`moves`] (a node's moves),
//! [`pv`] (the line it expects) and [`split`] (a node's moves shared among threads); here, the
//! search's state, what it judges of a position, and the hook by which its root's moves are
//! filtered ([`RootFilter`]). Quiescence, the Charge plans and the enemy's Charge threat extend
//! it from modules of their own ([`crate::quiescence`], [`crate::charge_plan`],
//! [`crate::charge_threat`]); it imports none of the modules that drive it.

mod moves;
mod negamax;
mod pv;
mod root;
mod split;
mod workspace;

use std::collections::HashMap;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering as Atomic};
use std::time::Instant;

use jetan_rules::{Move, Outcome, Phase, Position, Reason, Side};

pub(crate) use self::split::Pool;
use self::split::SplitPoint;
pub(crate) use self::workspace::{Frame, MAX_PLY, Workspace};
use crate::charge_win;
use crate::eval::{Evaluation, evaluate};
use crate::facts::Facts;
use crate::ordering::Ordering;
use crate::rng::mix;
use crate::score::WIN;
use crate::tt::Table;

/// What a draw is worth to the side that searches (negative: it prefers to play on).
const CONTEMPT: i32 = 150;
/// Evaluations get a pseudo-random nudge of at most this much, set by the seed, so that
/// different seeds play different games while one seed replays the same game.
const NOISE: i32 = 5;
/// Keeps the root spread's draws apart from the evaluation's nudges.
const ROOT_SALT: u64 = 0x005e_ed0f_7007;
/// Time and cancellation are checked every this many nodes (a power of two). Every node: in
/// the big variants one node's move generation can take milliseconds.
const CHECK_EVERY: u64 = 1;

/// The Charges a search planned in depth, by the hash of the position they were planned in
/// (`None`: none worth declaring).
pub(crate) type ChargePlans = HashMap<u64, Option<Vec<Move>>>;

/// Which root moves a search may play: the hook by which the root's last look against raids
/// (see [`crate::raid_guard`]) searches the root again without the moves it found raided. A
/// root move that it bars is not searched at all.
pub(crate) trait RootFilter: Send {
    /// Whether the search of `root` may play `mv`.
    fn allows(&self, root: &Position, facts: &Facts, mv: Move) -> bool;
}

/// What every thread of one search shares.
#[derive(Clone, Copy)]
pub(crate) struct Task<'a> {
    /// The position to search.
    pub root: &'a Position,
    /// What the search knows of the variant.
    pub facts: &'a Facts,
    /// The transposition table.
    pub table: &'a Table,
    /// The hashes of the game's positions before the root.
    pub history: &'a [u64],
    /// When the search must stop.
    pub deadline: Option<Instant>,
    /// The seed of the evaluation's nudges and of the root moves' spread.
    pub seed: u64,
    /// The most a root move's score is raised by, set by the seed and the move (see
    /// [`Search::root_bonus`]): 0 plays the best move, more a near-equal one by chance.
    pub root_spread: i32,
    /// The player's cancel flag: raised to stop every thread.
    pub cancel: &'a AtomicBool,
    /// Raised by the thread that ends the search, to stop the others.
    pub stop: &'a AtomicBool,
    /// The nodes the threads share, when there are several.
    pub pool: Option<&'a Pool>,
    /// Whether the root's Charge is planned in depth (a beam search judged by the enemy's
    /// reply, a win within it looked for first) rather than as a quick run of captures.
    pub plan_charges: bool,
}

/// One thread's search in progress.
pub(crate) struct Search<'a> {
    /// What every thread of the search shares.
    pub task: Task<'a>,
    /// The position searched, moves played and taken back as the search goes.
    pub position: Position,
    /// Killer moves and history.
    pub ordering: &'a mut Ordering,
    /// The buffers.
    pub work: &'a mut Workspace,
    /// The innermost shared node whose move this thread is searching: abandoned when another
    /// of its moves (or of a shared node above) reaches beta.
    pub watched: Option<Arc<SplitPoint>>,
    /// How many nodes it may visit.
    pub max_nodes: u64,
    /// How many it has visited.
    pub nodes: u64,
    /// Whether it has been stopped (by time, nodes or a flag).
    pub stopped: bool,
    /// The side to move at the root, whom draws displease.
    pub root_side: Side,
    /// How many times a line went back to an earlier position.
    pub repetitions: u64,
    /// While a helper searches the root alone (see [`Pool::serve`]): how many nodes
    /// had been shared when it began. It shares no node then, and stops when one is shared.
    pub alone: Option<usize>,
    /// The ply after the last passed turn of the line (0 if none): the positions before it
    /// are not of this line's game, so a repetition is looked for only from there on.
    pub line_start: usize,
    /// The Charges planned in depth in this search (the root's).
    pub charge_plans: ChargePlans,
    /// The root moves it may play, when the root's last look searches it again for a move
    /// safe from raids (see [`crate::raid_guard`]).
    pub root_filter: Option<Box<dyn RootFilter + 'a>>,
}

impl<'a> Search<'a> {
    /// A thread's search of `task`, with its own move ordering tables and buffers, stopped
    /// at the deadline, when the task's flags are raised or after `max_nodes` positions.
    pub fn new(task: Task<'a>, ordering: &'a mut Ordering, work: &'a mut Workspace, max_nodes: u64) -> Search<'a> {
        ordering.new_search();
        work.memo.clear();
        Search {
            task,
            position: task.root.clone(),
            ordering,
            work,
            watched: None,
            max_nodes,
            nodes: 0,
            stopped: false,
            root_side: task.root.to_move(),
            repetitions: 0,
            alone: None,
            line_start: 0,
            charge_plans: HashMap::new(),
            root_filter: None,
        }
    }
}

impl Search<'_> {
    /// Counts a node; says whether the search must stop.
    pub(crate) fn tick(&mut self) -> bool {
        self.nodes += 1;
        if self.nodes >= self.max_nodes
            || (self.nodes.is_multiple_of(CHECK_EVERY)
                && (self.task.cancel.load(Atomic::Relaxed)
                    || self.task.stop.load(Atomic::Relaxed)
                    || self.task.deadline.is_some_and(|d| Instant::now() >= d)
                    || self.watched.as_ref().is_some_and(|point| point.closed())
                    || self.alone.zip(self.task.pool).is_some_and(|(offered, pool)| pool.offered_since(offered))))
        {
            self.stopped = true;
        }
        self.stopped
    }

    /// The evaluation of the position, nudged by the seed.
    pub(crate) fn evaluate(&mut self) -> Evaluation {
        let (position, facts, seed) = (&self.position, self.task.facts, self.task.seed);
        self.work.memo.evaluations.get_or(position.hash(), || {
            let mut evaluation = evaluate(position, facts);
            let spread = mix(position.hash() ^ seed) % (2 * NOISE as u64 + 1);
            evaluation.score += spread as i32 - NOISE;
            evaluation
        })
    }

    /// What the move `mv` of the root gains from the root spread: between 0 and the task's
    /// spread, set by the seed, the root and the move, so that another seed may choose another
    /// of the moves scored within the spread of the best (the same seed, the same one). Below
    /// the root, nothing.
    pub(crate) fn root_bonus(&self, ply: usize, mv: Move) -> i32 {
        let spread = self.task.root_spread;
        if ply > 0 || spread <= 0 {
            return 0;
        }
        let key = self.task.seed ^ self.task.root.hash() ^ mix(u64::from(crate::tt::pack(mv)) ^ ROOT_SALT);
        (mix(key) % (spread as u64 + 1)) as i32
    }

    /// The score of a finished game for the side to move at `ply`.
    pub(crate) fn outcome_score(&self, outcome: Outcome, ply: usize) -> i32 {
        match outcome.winner {
            Some(side) if side == self.position.to_move() => WIN - ply as i32,
            Some(_) => -(WIN - ply as i32),
            None => self.draw_score(),
        }
    }

    /// The score of a draw for the side to move.
    fn draw_score(&self) -> i32 {
        if self.position.to_move() == self.root_side { -CONTEMPT } else { CONTEMPT }
    }

    /// Whether the position at `ply` (with this hash) occurred before, in the game or earlier
    /// in the line (with the same side to move, two plies apart), since the last passed turn.
    fn repeated(&self, ply: usize, hash: u64) -> bool {
        let start = self.line_start + (ply - self.line_start) % 2;
        (start..ply).step_by(2).any(|p| self.work.path[p] == hash)
            || (self.line_start == 0 && self.task.history.contains(&hash))
    }

    /// The score of the side to move having no legal move.
    pub(crate) fn no_moves_score(&self, ply: usize) -> i32 {
        let verdict = self.position.variant().rules().no_moves;
        self.outcome_score(Outcome::of(verdict, self.position.to_move(), Reason::NoMoves), ply)
    }

    /// Whether the side to move must answer an attack on its royal piece: it is attacked, and
    /// the side isn't inside a Charge (searching every sub-move of a Charge at every ply would
    /// never end; its plies are searched as usual).
    pub(crate) fn in_danger(&mut self) -> bool {
        !matches!(self.position.phase(), Phase::Charge { .. }) && self.royal_attacked()
    }

    /// How many plies (the declaration and sub-moves) the side to move, at the start of its
    /// turn, takes to win within one Charge, if it can (see [`charge_win::find`]).
    pub(crate) fn charge_win_plies(&mut self) -> Option<usize> {
        let (position, facts) = (&self.position, self.task.facts);
        if !facts.charges() || position.phase() != Phase::Turn {
            return None;
        }
        let plies = self
            .work
            .memo
            .charge_wins
            .get_or(position.hash(), || charge_win::find(position, facts).map_or(0, |plies| plies.len() as u8));
        (plies > 0).then_some(plies as usize)
    }

    /// Whether the side to move's royal piece is attacked (see [`Facts::royal_attacked`]).
    pub(crate) fn royal_attacked(&mut self) -> bool {
        let (position, facts) = (&self.position, self.task.facts);
        self.work.memo.attacked.get_or(position.hash(), || facts.royal_attacked(position, position.to_move()))
    }

    /// Whether the move just played by `mover` leaves one of its royal pieces where the enemy
    /// can land on it and win: a loss at the next ply, known without searching it.
    pub(crate) fn exposes_royal(&mut self, mover: Side) -> bool {
        let (position, facts) = (&self.position, self.task.facts);
        position.decided().is_none()
            && position.to_move() != mover
            && self.work.memo.capturable.get_or(position.hash(), || facts.royal_capturable(position, mover))
    }
}

#[cfg(test)]
mod tests {
    use jetan_rules::Position;

    use crate::testing::{jetan, with_search};

    #[test]
    fn a_repetition_is_looked_for_only_since_the_last_passed_turn() {
        let start = Position::start(jetan(&[]));
        let earlier = [7, 8, 9];
        with_search(&start, &[42], |search| {
            search.work.set_path(&earlier);
            assert!(search.repeated(3, 8) && search.repeated(4, 9) && search.repeated(4, 42));
            search.line_start = 2;
            assert!(search.repeated(4, 9), "after the pass");
            assert!(!search.repeated(3, 8) && !search.repeated(4, 42), "before it, or in the game");
        });
    }
}
