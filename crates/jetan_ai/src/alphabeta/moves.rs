//! Searching a node's moves: in stages (the table's move, captures and killers before the
//! full generation; the rescues first when the royal piece is attacked), late moves reduced,
//! hopeless quiet moves skipped, principal variation search, a Charge as one move with its
//! planned sub-moves, a root move the root filter bars not at all; the node's moves shared with
//! other threads when some wait (see [`super::split`]).

use jetan_rules::{Move, MoveKind, Phase, Side, Undo};

use super::Search;
use super::workspace::Frame;
use crate::generation;
use crate::ordering::{is_capture, pick};
use crate::score::{WIN_BOUND, later_by, royal_lost_at};
use crate::tt::{pack, unpack};

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

/// A node of the main search while its moves are searched.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Node {
    pub depth: i32,
    pub ply: usize,
    pub alpha: i32,
    pub beta: i32,
    /// The side to move's royal piece is attacked.
    pub in_danger: bool,
    /// The evaluation, when it is so far below alpha that quiet moves are skipped.
    pub futile: Option<i32>,
    pub best: i32,
    pub best_move: Option<Move>,
    /// Moves searched so far.
    pub searched: usize,
    /// How many moves its full generation left to search (0 before it).
    pub breadth: usize,
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

impl Search<'_> {
    /// Searches the moves of a node in stages: when the royal piece is safe, the table's move,
    /// the captures and the killer moves come first, each checked for legality without
    /// generating every move; when it is attacked, the captures of its attackers, then (below
    /// the root of a variant of many moves) the other rescues near it, the rest only if none of
    /// these saves it. A cut-off there saves the full generation.
    pub(super) fn search_moves(&mut self, node: &mut Node, frame: &mut Frame, table_move: u32) -> Flow {
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
            let flow = self.search_early(node, frame, table_move);
            if flow != Flow::Done {
                return flow;
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

    /// The first stage of a node whose royal piece is safe: the table's move, the captures, then
    /// the killer moves, each checked for legality without generating every move (the moves
    /// searched are noted in the frame: the full generation skips them).
    fn search_early(&mut self, node: &mut Node, frame: &mut Frame, table_move: u32) -> Flow {
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
        Flow::Done
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
    /// sub-moves (see [`Search::search_charge`]); a root move its filter bars not at all, and
    /// raised by its share of the root spread (see [`Search::root_bonus`]: the window is
    /// lowered by as much while it is searched). Updates the node's best; says whether it cut
    /// off.
    pub(crate) fn visit(&mut self, node: &mut Node, mv: Move) -> Flow {
        if node.ply == 0
            && let Some(filter) = &self.root_filter
            && !filter.allows(&self.position, self.task.facts, mv)
        {
            return Flow::Done;
        }
        let bonus = self.root_bonus(node.ply, mv);
        shift(node, -bonus);
        let searched = match mv.kind {
            MoveKind::Charge => self.search_charge(node),
            _ => Some(self.search_move(node, mv)),
        };
        shift(node, bonus);
        let Some((score, quiet, side)) = searched else { return Flow::Done };
        let score = score.map(|score| if score.abs() < WIN_BOUND { score + bonus } else { score });
        self.record(node, mv, score, quiet, side)
    }

    /// The score of an ordinary move at `node` (see [`Search::score_played`]), whether it is
    /// quiet and who played it.
    fn search_move(&mut self, node: &mut Node, mv: Move) -> (Option<i32>, bool, Side) {
        let quiet = !is_capture(&self.position, mv);
        let side = self.position.to_move();
        let undo = self.position.play(mv);
        let score = self.score_played(node, quiet, side);
        self.position.undo(undo);
        (score, quiet, side)
    }

    /// The score of a Charge declared at `node`, searched as one move: the declaration, the
    /// sub-moves its side plans (see [`Search::planned_charge`]) and their end, then the
    /// position after them; as [`Search::search_move`]. `None`: a Charge with no plan worth
    /// playing, not searched.
    fn search_charge(&mut self, node: &mut Node) -> Option<(Option<i32>, bool, Side)> {
        let side = self.position.to_move();
        let plan = self.planned_charge(node.ply)?;
        let undos: Vec<Undo> = plan.iter().map(|&mv| self.position.play(mv)).collect();
        // Searched as one ply below the node; its wins and losses are as far as all its plies.
        let score = self.score_played(node, false, side).map(|score| later_by(score, plan.len() - 1));
        undos.into_iter().rev().for_each(|undo| self.position.undo(undo));
        Some((score, false, side))
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
    /// [`late_move_reduction`]. In a variant of many moves (see
    /// [`crate::facts::Facts::many_moves`]) also, while the royal piece is attacked, any late
    /// rescue (Jetan Jeddara offers dozens of ways to take an attacker, a squad's with each
    /// choice of followers), and below the root a move that attacks the enemy royal piece, one
    /// ply less.
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

/// Moves the node's window and best by `by`: a root move raised by a bonus is searched in a
/// window lowered by as much.
fn shift(node: &mut Node, by: i32) {
    if by != 0 {
        node.alpha += by;
        node.beta += by;
        node.best += by;
    }
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
    use jetan_rules::{Move, MoveKind, Square};

    use super::{keep_best, late_move_reduction};

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
