//! The alpha-beta search: negamax with principal variation search, a transposition table,
//! staged move generation (the table's move, captures and killers before the full generation),
//! null-move pruning, late move reductions and static pruning near the leaves; quiescence
//! follows at the leaves.

use std::collections::HashMap;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering as Atomic};
use std::time::{Duration, Instant};

use jetan_rules::{Move, MoveKind, Outcome, Phase, Position, Reason, Side, Undo};

use crate::charge_win;
use crate::eval::{Evaluation, evaluate};
use crate::facts::Facts;
use crate::generation;
use crate::memo::Memo;
use crate::ordering::{Ordering, is_capture, pick};
use crate::raid_guard::RootFilter;
use crate::rng::mix;
use crate::score::{INFINITY, WIN, WIN_BOUND, later_by, royal_lost_at};
use crate::search::Thought;
use crate::split::{Pool, SplitPoint};
use crate::tt::{Bound, Table, pack, unpack};

/// The deepest ply a search reaches, quiescence included.
pub(crate) const MAX_PLY: usize = 128;
/// What a draw is worth to the side that searches (negative: it prefers to play on).
const CONTEMPT: i32 = 150;
/// Evaluations get a pseudo-random nudge of at most this much, set by the seed, so that
/// different seeds play different games while one seed replays the same game.
const NOISE: i32 = 5;
/// Static pruning (above beta, below alpha) applies this many plies from the leaves.
const PRUNING_DEPTH: i32 = 3;
/// How far above beta, per ply of depth, a position's evaluation must be to be cut.
const STATIC_MARGIN: i32 = 120;
/// How far below alpha, per ply of depth, a position's evaluation must be for quiet moves
/// (except those that attack the enemy royal piece) to be skipped.
const FUTILITY_MARGIN: i32 = 150;
/// Null-move pruning: a node at least this many plies from the leaves whose evaluation is at
/// least beta is cut if, the turn handed to the enemy, a search this many plies shallower
/// still finds it at beta (the enemy's free move did not help it).
const NULL_MOVE_DEPTH: i32 = 2;
/// How much shallower the search after a passed turn is, besides the ply passed.
const NULL_MOVE_REDUCTION: i32 = 2;
/// The side to move passes only with more pieces than this: with few, having to move can be
/// what loses (zugzwang), and a pass would hide it.
const NULL_MOVE_PIECES: usize = 4;
/// The depth stored with a result that holds only on its path: too shallow to be used, even
/// by quiescence.
const UNUSABLE_DEPTH: i32 = i8::MIN as i32;
/// Time and cancellation are checked every this many nodes (a power of two). Every node: in
/// the big variants one node's move generation can take milliseconds.
const CHECK_EVERY: u64 = 1;
/// The most moves searched at a node whose royal piece is safe: the best-ordered ones. Jetan
/// Jeddara's positions have thousands of group moves (squads, airships, trains); searching them
/// all would leave no time to look a move deeper.
const BRANCH_LIMIT: usize = 160;
/// The most sub-moves searched at a node inside a Charge below the root, where its side
/// moves again and again with nothing between its sub-moves to cut the search short (ending
/// the Charge always among them: see [`keep_best`]).
const CHARGE_BRANCH_LIMIT: usize = 24;

/// Late move reductions below the root grow with the product of the logarithms of the depth
/// and of the move's index, divided by this (see [`late_move_reduction`]).
const LATE_MOVE_DIVISOR: f32 = 1.5;

/// A node with at least this many moves reduces its late quiet moves two plies from the leaves
/// too (into quiescence, searched again if they beat alpha): in the big variants' positions of
/// hundreds of moves, most of the search is there.
const WIDE_NODE: usize = 100;

/// The Charges a search planned in depth, by the hash of the position they were planned in
/// (`None`: none worth declaring).
pub(crate) type ChargePlans = HashMap<u64, Option<Vec<Move>>>;

/// The buffers a search works in, kept by its searcher from one search to the next.
#[derive(Debug)]
pub(crate) struct Workspace {
    /// Per ply: the move buffers.
    frames: Vec<Frame>,
    /// The triangular table of principal variations: row `ply` holds the line from `ply`.
    pv: Vec<Move>,
    /// Per ply: where its principal variation ends.
    pv_len: Vec<usize>,
    /// Per ply: the hash of the position of the current line.
    path: Vec<u64>,
    /// What the search remembers of the positions it met.
    memo: Memo,
}

impl Workspace {
    /// Buffers for searches of up to [`MAX_PLY`] plies.
    pub fn new() -> Workspace {
        Workspace {
            frames: (0..MAX_PLY).map(|_| Frame::default()).collect(),
            pv: vec![Move::declaration(MoveKind::Normal); MAX_PLY * MAX_PLY],
            pv_len: vec![0; MAX_PLY],
            path: vec![0; MAX_PLY],
            memo: Memo::new(),
        }
    }

    /// Lends out the move buffers of `ply` (give them back with [`Workspace::put_frame`]).
    pub fn take_frame(&mut self, ply: usize) -> Frame {
        std::mem::take(&mut self.frames[ply])
    }

    /// Gives back the move buffers of `ply`.
    pub fn put_frame(&mut self, ply: usize, frame: Frame) {
        self.frames[ply] = frame;
    }

    /// Empties the principal variation of `ply` (a node starts without one).
    pub fn clear_pv(&mut self, ply: usize) {
        self.pv_len[ply] = ply;
    }

    /// The hashes of the positions of the current line up to `ply`'s.
    pub fn path(&self, ply: usize) -> &[u64] {
        &self.path[..=ply]
    }

    /// Takes the line of another thread's search (see [`Workspace::path`]).
    pub fn set_path(&mut self, path: &[u64]) {
        self.path[..path.len()].copy_from_slice(path);
    }
}

/// The move buffers of one ply, reused from node to node.
#[derive(Debug, Default)]
pub(crate) struct Frame {
    /// The moves of the node.
    pub moves: Vec<Move>,
    /// Their ordering scores.
    pub scores: Vec<i32>,
    /// The moves searched before the full generation (packed).
    early: Vec<u32>,
}

/// A node of the main search while its moves are searched.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Node {
    pub depth: i32,
    pub ply: usize,
    pub alpha: i32,
    beta: i32,
    /// The side to move's royal piece is attacked.
    in_danger: bool,
    /// The evaluation, when it is so far below alpha that quiet moves are skipped.
    futile: Option<i32>,
    pub best: i32,
    pub best_move: Option<Move>,
    /// Moves searched so far.
    pub searched: usize,
    /// How many moves its full generation left to search (0 before it).
    breadth: usize,
}

/// How searching a node's moves went.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Flow {
    /// Every move was searched.
    Done,
    /// A move reached beta.
    Cutoff,
    /// The side to move has no legal move.
    NoMoves,
    /// The search was stopped.
    Stopped,
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
    /// The seed of the evaluation's nudges.
    pub seed: u64,
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
    pub root_filter: Option<RootFilter>,
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
    /// The first root move in the usual order, before any search: the answer if the search
    /// is stopped at once. Leaves the root's moves in the first frame.
    pub fn fallback(&mut self) -> Thought {
        let frame = &mut self.work.frames[0];
        frame.moves.clear();
        generation::moves(&self.position, self.task.facts, false, &mut frame.moves);
        let table_move = self.task.table.probe(self.position.hash(), 0).map_or(0, |hit| hit.mv);
        self.ordering.score(&self.position, self.task.facts, &frame.moves, &mut frame.scores, table_move, 0);
        let best = (!frame.moves.is_empty()).then(|| {
            pick(&mut frame.moves, &mut frame.scores, 0);
            frame.moves[0]
        });
        let score = match best {
            Some(_) => self.evaluate().score,
            None => self.position.outcome().map_or(0, |outcome| self.outcome_score(outcome, 0)),
        };
        let pv: Vec<Move> = best.into_iter().collect();
        Thought { best, score, depth: 0, nodes: 0, elapsed: Duration::ZERO, turn: pv.clone(), pv }
    }

    /// Whether the root has a single legal move (after [`Search::fallback`]).
    pub fn only_move(&self) -> bool {
        self.work.frames[0].moves.len() == 1
    }

    /// The principal variation of the last completed iteration.
    pub fn principal_variation(&self) -> Vec<Move> {
        self.work.pv[..self.work.pv_len[0]].to_vec()
    }

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

    /// Negamax alpha-beta to `depth` plies, then quiescence.
    pub fn negamax(&mut self, depth: i32, ply: usize, mut alpha: i32, mut beta: i32) -> i32 {
        self.work.clear_pv(ply);
        if let Some(outcome) = self.position.decided() {
            return self.outcome_score(outcome, ply);
        }
        if depth <= 0 {
            return self.quiesce(ply, alpha, beta, 0);
        }
        if self.tick() {
            return 0;
        }
        if ply + 2 >= MAX_PLY {
            return self.evaluate().score;
        }
        let hash = self.position.hash();
        self.work.path[ply] = hash;
        if ply > 0 && self.repeated(ply, hash) {
            self.repetitions += 1;
            return self.draw_score();
        }
        // A win sooner than any this node could give makes its search pointless.
        alpha = alpha.max(-(WIN - ply as i32));
        beta = beta.min(WIN - ply as i32 - 1);
        if alpha >= beta {
            return alpha;
        }
        // A win within one Charge ends the search of the node (the root plans its own).
        if ply > 0
            && let Some(plies) = self.charge_win_plies()
        {
            return WIN - (ply + plies) as i32;
        }
        let pv_node = beta - alpha > 1;
        let hit = self.task.table.probe(hash, ply);
        if let Some(hit) = hit
            && !pv_node
            && hit.depth >= depth
            && hit.bound.decides(hit.score, alpha, beta)
        {
            return hit.score;
        }
        let in_danger = self.in_danger();
        let mut futile = None;
        if !pv_node && !in_danger && beta.abs() < WIN_BOUND {
            let standing = self.evaluate().score;
            // Near the leaves, a position far above beta is taken to hold (the side to move
            // could almost always keep it), and quiet moves can't lift one far below alpha.
            if depth <= PRUNING_DEPTH && standing - STATIC_MARGIN * depth >= beta {
                return standing;
            }
            if depth <= PRUNING_DEPTH && standing + FUTILITY_MARGIN * depth <= alpha {
                futile = Some(standing);
            }
            if standing >= beta
                && depth >= NULL_MOVE_DEPTH
                && self.may_pass(ply)
                && let Some(score) = self.null_move(depth, ply, beta)
            {
                if !self.stopped {
                    self.task.table.store(hash, ply, None, score, depth, Bound::Lower);
                }
                return score;
            }
        }
        let table_move = hit.map_or(0, |hit| hit.mv);
        let repetitions = self.repetitions;
        let mut node = Node {
            depth,
            ply,
            alpha,
            beta,
            in_danger,
            futile,
            best: -INFINITY,
            best_move: None,
            searched: 0,
            breadth: 0,
        };
        let mut frame = self.work.take_frame(ply);
        let flow = self.search_moves(&mut node, &mut frame, table_move);
        self.work.put_frame(ply, frame);
        match flow {
            Flow::Stopped => return 0,
            Flow::NoMoves => return self.no_moves_score(ply),
            Flow::Done | Flow::Cutoff => {}
        }
        let bound = Bound::of(node.best, alpha, beta);
        // A score that a repetition of an earlier position helped make holds only on this
        // path: the table keeps just the move.
        let depth = if self.repetitions == repetitions { depth } else { UNUSABLE_DEPTH };
        self.task.table.store(hash, ply, node.best_move, node.best, depth, bound);
        node.best
    }

    /// Whether the side to move may pass the turn to try a null move: at the start of a turn
    /// (not inside a Charge nor before a banth step), not right after a pass, and with enough
    /// pieces.
    fn may_pass(&self, ply: usize) -> bool {
        let position = &self.position;
        position.phase() == Phase::Turn
            && ply > self.line_start
            && position.occupied_by(position.to_move()).len() > NULL_MOVE_PIECES
    }

    /// Passes the turn and searches the enemy's reply shallower in a null window at beta:
    /// the node's score if that reaches beta (the node is cut; 0 if stopped), else `None`.
    fn null_move(&mut self, depth: i32, ply: usize, beta: i32) -> Option<i32> {
        let undo = self.position.pass();
        let line_start = std::mem::replace(&mut self.line_start, ply + 1);
        let score = -self.negamax(depth - 1 - NULL_MOVE_REDUCTION, ply + 1, -beta, 1 - beta);
        self.line_start = line_start;
        self.position.undo(undo);
        if self.stopped {
            return Some(0);
        }
        // A win found after a pass is not proven: the turn can't really be passed.
        (score >= beta).then_some(score.min(WIN_BOUND - 1))
    }

    /// Searches the moves of a node in stages: when the royal piece is safe, the table's move,
    /// the captures and the killer moves come first, each checked for legality without
    /// generating every move; when it is attacked, the captures of its attackers, then (below
    /// the root of a variant of many moves) the other rescues near it, the rest only if none of
    /// these saves it. A cut-off there saves the full generation.
    fn search_moves(&mut self, node: &mut Node, frame: &mut Frame, table_move: u32) -> Flow {
        frame.early.clear();
        // The rescues near the royal piece, once searched: the full generation leaves them out
        // (a filter's test, faster than looking each move up in `frame.early`).
        let mut near_searched = None;
        if node.in_danger {
            frame.moves.clear();
            let takes = generation::attacker_captures(&self.position, self.task.facts, &mut frame.moves);
            let flow = self.visit_all(node, frame, table_move, true);
            if flow != Flow::Done {
                return flow;
            }
            // Below the root of a variant of many moves, the rescues near the royal piece
            // next, and the others only if none of these saves it: generating and trying a
            // Jetan Jeddara position's thousands of moves, nearly all of which leave the royal
            // piece to be taken, was most of the search of such a node.
            if node.ply > 0 && self.task.facts.many_moves() {
                let near = generation::near_rescues(&self.position, self.task.facts, takes, &mut frame.moves);
                let flow = self.visit_all(node, frame, table_move, true);
                if flow != Flow::Done || node.best > -WIN_BOUND {
                    return flow;
                }
                near_searched = Some(near);
            }
        } else {
            let killers = self.ordering.killers(node.ply);
            for packed in [table_move, killers[0], killers[1]] {
                let first = packed == table_move;
                if let Some(mv) = unpack(packed)
                    && !frame.early.contains(&packed)
                    && (first || !is_capture(&self.position, mv))
                    && self.task.facts.early_legal(&self.position, mv)
                {
                    frame.early.push(packed);
                    match self.visit(node, mv) {
                        Flow::Done => {}
                        flow => return flow,
                    }
                }
                if first {
                    // Captures come between the table's move and the killers.
                    frame.moves.clear();
                    generation::captures(&self.position, self.task.facts, &mut frame.moves);
                    let flow = self.visit_all(node, frame, table_move, true);
                    if flow != Flow::Done {
                        return flow;
                    }
                }
            }
        }
        frame.moves.clear();
        generation::moves(&self.position, self.task.facts, node.in_danger && node.ply == 0, &mut frame.moves);
        if let Some(near) = near_searched {
            frame.moves.retain(|mv| !near.passes(mv));
            frame.early.clear();
        }
        if frame.moves.is_empty() {
            return if node.searched == 0 { Flow::NoMoves } else { Flow::Done };
        }
        self.visit_all(node, frame, table_move, false)
    }

    /// Orders and searches the moves of `frame` (skipping those searched in an earlier stage,
    /// and below the root, escapes while the royal piece is safe: they are a rescue).
    fn visit_all(&mut self, node: &mut Node, frame: &mut Frame, table_move: u32, captures: bool) -> Flow {
        let position = &self.position;
        let skip_escapes = !node.in_danger && node.ply > 0;
        let searched = &frame.early;
        let skipped = |mv: Move| searched.contains(&pack(mv)) || (skip_escapes && mv.kind == MoveKind::Escape);
        frame.moves.retain(|&mv| !skipped(mv));
        if !captures {
            node.breadth = frame.moves.len();
        }
        self.ordering.score(position, self.task.facts, &frame.moves, &mut frame.scores, table_move, node.ply);
        let in_charge = matches!(position.phase(), Phase::Charge { .. });
        let limit = if in_charge && node.ply > 0 { CHARGE_BRANCH_LIMIT } else { BRANCH_LIMIT };
        if !node.in_danger && frame.moves.len() > limit {
            keep_best(&mut frame.moves, &mut frame.scores, limit);
        }
        let count = frame.moves.len();
        for i in 0..count {
            if !captures && self.may_split(node, count - i) {
                (i..count).for_each(|j| pick(&mut frame.moves, &mut frame.scores, j));
                return self.split(node, &frame.moves[i..]);
            }
            pick(&mut frame.moves, &mut frame.scores, i);
            let mv = frame.moves[i];
            if captures {
                frame.early.push(pack(mv));
            }
            match self.visit(node, mv) {
                Flow::Done => {}
                flow => return flow,
            }
        }
        Flow::Done
    }

    /// The score, for the side that just moved, of the position after its move at `ply`,
    /// searched `depth` plies deep in the window (`alpha`, `beta`); `same` when that side moves
    /// again (a Charge).
    fn child(&mut self, same: bool, depth: i32, ply: usize, alpha: i32, beta: i32) -> i32 {
        if same { self.negamax(depth, ply + 1, alpha, beta) } else { -self.negamax(depth, ply + 1, -beta, -alpha) }
    }

    /// Searches one move of a node: late moves reduced, hopeless quiet moves skipped,
    /// principal variation search; a Charge's declaration as one move with its planned
    /// sub-moves (see [`Search::visit_charge`]); a root move its filter bars not at all. Updates the
    /// node's best; says whether it cut off.
    pub(crate) fn visit(&mut self, node: &mut Node, mv: Move) -> Flow {
        if node.ply == 0
            && let Some(filter) = &self.root_filter
            && !filter.allows(&self.position, self.task.facts, mv)
        {
            return Flow::Done;
        }
        if mv.kind == MoveKind::Charge {
            return self.visit_charge(node, mv);
        }
        let quiet = !is_capture(&self.position, mv);
        let side = self.position.to_move();
        let undo = self.position.play(mv);
        let score = self.score_played(node, quiet, side);
        self.position.undo(undo);
        self.record(node, mv, score, quiet, side)
    }

    /// Searches a Charge declared at `node` as one move: the declaration, the sub-moves its
    /// side plans (see [`Search::planned_charge`]) and their end, then the position after
    /// them. A Charge with no plan worth playing is not searched.
    fn visit_charge(&mut self, node: &mut Node, declaration: Move) -> Flow {
        let side = self.position.to_move();
        let Some(plan) = self.planned_charge(node.ply) else { return Flow::Done };
        let undos: Vec<Undo> = plan.iter().map(|&mv| self.position.play(mv)).collect();
        // Searched as one ply below the node; its wins and losses are as far as all its plies.
        let score = self.score_played(node, false, side).map(|score| later_by(score, plan.len() - 1));
        undos.into_iter().rev().for_each(|undo| self.position.undo(undo));
        self.record(node, declaration, score, false, side)
    }

    /// The score, for `side`, of the move it just played at `node` (`quiet` if it took
    /// nothing); `None` if it is skipped as hopeless (the node's best then counts the
    /// evaluation it stands on).
    fn score_played(&mut self, node: &mut Node, quiet: bool, side: Side) -> Option<i32> {
        let Node { depth, ply, beta, alpha, .. } = *node;
        let exposed = self.exposes_royal(side);
        if let Some(standing) = node.futile
            && quiet
            && !exposed
            && !self.royal_attacked()
        {
            node.best = node.best.max(standing);
            return None;
        }
        let index = node.searched;
        node.searched += 1;
        // A Charge's plies and the banth step are the same side's: their children are scored
        // from its own side.
        let same = self.position.to_move() == side;
        let score = if exposed {
            // Still a position visited, and time to look at the clock: a root whose royal
            // piece is attacked may have thousands of these. No line follows it.
            self.tick();
            self.work.clear_pv(ply + 1);
            royal_lost_at(ply)
        } else if index == 0 {
            self.child(same, depth - 1, ply, alpha, beta)
        } else {
            let reduction = self.reduction(node, index, quiet);
            // A stopped search's score means nothing: it is not searched again.
            let mut score = self.child(same, depth - 1 - reduction, ply, alpha, alpha + 1);
            if score > alpha && reduction > 0 && !self.stopped {
                score = self.child(same, depth - 1, ply, alpha, alpha + 1);
            }
            if score > alpha && score < beta && !self.stopped {
                score = self.child(same, depth - 1, ply, alpha, beta);
            }
            score
        };
        Some(score)
    }

    /// Takes the `score` of `mv`, just searched at `node` for `side` (`None`: skipped), into
    /// the node's best, its principal variation and the move ordering; says whether it cut
    /// off.
    fn record(&mut self, node: &mut Node, mv: Move, score: Option<i32>, quiet: bool, side: Side) -> Flow {
        if self.stopped {
            return Flow::Stopped;
        }
        let Some(score) = score else { return Flow::Done };
        if score > node.best {
            node.best = score;
            node.best_move = Some(mv);
            if score > node.alpha {
                node.alpha = score;
                self.update_pv(node.ply, mv);
                if score >= node.beta {
                    if quiet {
                        self.ordering.reward(side, mv, node.ply, node.depth);
                    }
                    return Flow::Cutoff;
                }
            }
        }
        Flow::Done
    }

    /// How many plies shallower than the others the `index`th move (from 0) of `node`, just
    /// played, is searched at first (searched again in full if it beats alpha): a late quiet
    /// move while the royal piece is safe and the move doesn't attack the enemy's, by
    /// [`late_move_reduction`]. In a variant of many moves (see [`Facts::many_moves`]) also,
    /// while the royal piece is attacked, any late rescue (Jetan Jeddara offers dozens of ways
    /// to take an attacker, a squad's with each choice of followers), and below the root a
    /// move that attacks the enemy royal piece, one ply less.
    fn reduction(&mut self, node: &Node, index: usize, quiet: bool) -> i32 {
        let Node { depth, ply, in_danger, breadth, .. } = *node;
        let many = self.task.facts.many_moves();
        let late = index >= 3 && (depth >= 3 || depth == 2 && breadth >= WIDE_NODE);
        if !late || !(quiet && !in_danger || many && in_danger) {
            return 0;
        }
        let deep = many && ply > 0;
        let reduction = late_move_reduction(depth, index, deep);
        if !self.royal_attacked() {
            reduction
        } else if deep {
            reduction - 1
        } else {
            0
        }
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

    /// The principal variation at `ply` becomes `mv`, followed by the line this thread found
    /// below it if its own line starts with `mv` (another thread's line is not known here).
    pub(crate) fn settle_pv(&mut self, ply: usize, mv: Move) {
        if self.work.pv_len[ply] <= ply || self.work.pv[ply * MAX_PLY + ply] != mv {
            self.work.pv[ply * MAX_PLY + ply] = mv;
            self.work.pv_len[ply] = ply + 1;
        }
    }

    /// The principal variation at `ply` becomes `mv` followed by the one found below it.
    pub(crate) fn update_pv(&mut self, ply: usize, mv: Move) {
        let (row, below) = self.work.pv[ply * MAX_PLY..].split_at_mut(MAX_PLY);
        row[ply] = mv;
        let end = self.work.pv_len[ply + 1].max(ply + 1);
        row[ply + 1..end].copy_from_slice(&below[ply + 1..end]);
        self.work.pv_len[ply] = end;
    }
}

/// How many plies shallower the `index`th move (from 0) of a node `depth` plies from the leaves
/// is searched when it is reduced (see [`Search::reduction`]): one ply, two for the later moves
/// of a node five plies or more from the leaves; if `deep` (below the root of a variant of many
/// moves), more the later it comes and the deeper the node (the logarithms of both: of Jetan
/// Jeddara's hundreds of moves a node, the last are searched a few plies from the leaves), but
/// never below them. (At the root, a move reduced further is too often found better by the
/// shallow search, then searched again; in classic Jetan and Jetan Sarang, reducing more
/// played worse.)
fn late_move_reduction(depth: i32, index: usize, deep: bool) -> i32 {
    if !deep {
        return 1 + i32::from(depth >= 5 && index >= 8);
    }
    let reduction = 0.5 + (depth as f32).ln() * (index as f32).ln() / LATE_MOVE_DIVISOR;
    (reduction as i32).clamp(1, (depth - 1).max(1))
}

/// Keeps the `limit` best-scored of `moves` (and their scores), dropping the rest; the moves
/// that declare or end a Charge count as the best.
fn keep_best(moves: &mut Vec<Move>, scores: &mut Vec<i32>, limit: usize) {
    let mut order: Vec<usize> = (0..moves.len()).collect();
    let charge = |i: usize| matches!(moves[i].kind, MoveKind::Charge | MoveKind::EndCharge);
    let rank = |i: usize| (charge(i), scores[i], std::cmp::Reverse(i));
    order.select_nth_unstable_by_key(limit, |&i| std::cmp::Reverse(rank(i)));
    order.truncate(limit);
    order.sort_unstable();
    *moves = order.iter().map(|&i| moves[i]).collect();
    *scores = order.iter().map(|&i| scores[i]).collect();
}

#[cfg(test)]
mod tests {
    use std::sync::atomic::AtomicBool;

    use jetan_rules::{Move, MoveKind, Phase, Position, Square};

    use super::{Search, keep_best, late_move_reduction};
    use crate::facts::Facts;
    use crate::score::{INFINITY, royal_lost_at};
    use crate::testing::{check_rescues, jetan, random_positions, searching, task, variant};
    use crate::tt::Table;

    /// Calls `check` with a search of `position` whose game before it had `history`.
    fn with_search(position: &Position, history: &[u64], check: impl FnOnce(&mut Search)) {
        let (facts, table, flag) = (Facts::new(position), Table::new(1), AtomicBool::new(false));
        searching(super::Task { history, ..task(position, &facts, &table, &flag, None) }, check);
    }

    #[test]
    fn a_turn_is_passed_only_at_its_start_with_pieces_to_spare_and_not_twice_in_a_row() {
        let start = Position::start(jetan(&[]));
        with_search(&start, &[], |search| {
            assert!(search.may_pass(1), "a node below the root may pass");
            search.line_start = 1;
            assert!(!search.may_pass(1), "not right after a pass");
            assert!(search.may_pass(2), "but a ply later");
        });
        let few = Position::from_text(jetan(&[]), "cr8/10/10/10/10/10/10/10/10/CR8 s - - 0").unwrap();
        with_search(&few, &[], |search| assert!(!search.may_pass(1), "two pieces: zugzwang"));
        let jeddara = variant("jetan_jeddara", &[]);
        let banth_step = random_positions(&jeddara, 3, 4, 60).into_iter().find(|p| p.phase() == Phase::BanthStep);
        let banth_step = banth_step.expect("random Jetan Jeddara games step banths");
        with_search(&banth_step, &[], |search| assert!(!search.may_pass(1), "before a banth step"));
    }

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

    #[test]
    fn below_the_root_an_attacked_royal_piece_is_taken_for_lost_only_when_no_move_saves_it() {
        // In Jetan Jeddara, a node a ply below the root tries the rescues near the royal piece
        // first, and the others only when none of those saves it.
        let lost = |position: &Position, _: &Facts| {
            let mut score = 0;
            with_search(position, &[], |search| score = search.negamax(1, 1, -INFINITY, INFINITY));
            score <= royal_lost_at(1)
        };
        let (attacked, only_far) = check_rescues(22, lost);
        assert!(attacked >= 20 && only_far > 0, "{attacked} attacked positions, {only_far} saved only from afar");
    }

    #[test]
    fn late_moves_are_reduced_more_the_later_and_deeper_but_never_below_the_leaves() {
        for depth in 2..20 {
            let deep: Vec<i32> = (3..300).map(|index| late_move_reduction(depth, index, true)).collect();
            assert!(deep.iter().all(|&r| (1..depth).contains(&r)), "depth {depth}");
            assert!(deep.windows(2).all(|w| w[0] <= w[1]), "depth {depth}: {deep:?}");
            assert!((3..300).all(|index| late_move_reduction(depth, index, false) <= 2), "depth {depth}");
        }
        assert!(late_move_reduction(8, 100, true) > late_move_reduction(4, 100, true));
    }

    #[test]
    fn keeping_the_best_moves_keeps_the_declaration_and_the_end_of_a_charge() {
        let mut moves: Vec<Move> = (0..30).map(|i| Move::single(Square(i), Square(i + 1), MoveKind::Normal)).collect();
        moves.insert(7, Move::declaration(MoveKind::EndCharge));
        moves.insert(3, Move::declaration(MoveKind::Charge));
        let low = |i: usize, mv: &Move| if mv.kind == MoveKind::Normal { i as i32 } else { -1000 };
        let mut scores: Vec<i32> = moves.iter().enumerate().map(|(i, mv)| low(i, mv)).collect();
        keep_best(&mut moves, &mut scores, 24);
        assert_eq!((moves.len(), scores.len()), (24, 24));
        assert!(moves.contains(&Move::declaration(MoveKind::EndCharge)));
        assert!(moves.contains(&Move::declaration(MoveKind::Charge)));
        // The others kept are the best-scored, in their order, with their scores.
        assert_eq!(scores.iter().filter(|&&s| s >= 0).min(), Some(&10));
        assert!(scores.iter().filter(|&&s| s >= 0).collect::<Vec<_>>().windows(2).all(|w| w[0] < w[1]));
    }
}
