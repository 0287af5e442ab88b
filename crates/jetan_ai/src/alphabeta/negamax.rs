//! Negamax at a node: the game's end, the leaves (quiescence), repetitions, a win within one
//! Charge, the transposition table, static pruning and the null move, then the node's moves
//! (see [`super::moves`]) and the table again.

use std::ops::ControlFlow;

use jetan_rules::Phase;

use super::Search;
use super::moves::{Flow, Node};
use super::workspace::MAX_PLY;
use crate::score::{INFINITY, WIN, WIN_BOUND};
use crate::tt::Bound;

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

impl Search<'_> {
    /// Negamax alpha-beta to `depth` plies, then quiescence: what ends the search of the node
    /// before its moves (the game's end, the leaves, time, a repetition, a win sooner than any
    /// it could give, a win within one Charge), then [`Search::search_node`].
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
        self.search_node(hash, depth, ply, alpha, beta)
    }

    /// The rest of [`Search::negamax`] at the node of `hash`: the transposition table's
    /// result if it decides, the pruning (see [`Search::prune`]), then the node's moves, whose
    /// result goes to the table.
    fn search_node(&mut self, hash: u64, depth: i32, ply: usize, alpha: i32, beta: i32) -> i32 {
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
            match self.prune(hash, depth, ply, alpha, beta) {
                ControlFlow::Break(score) => return score,
                ControlFlow::Continue(standing) => futile = standing,
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

    /// The pruning of a node off the principal variation whose royal piece is safe: `Break`
    /// with its score if it is cut (static pruning, or the null move), else `Continue` with its
    /// evaluation if that is so far below alpha that quiet moves are skipped.
    fn prune(&mut self, hash: u64, depth: i32, ply: usize, alpha: i32, beta: i32) -> ControlFlow<i32, Option<i32>> {
        let mut futile = None;
        let standing = self.evaluate().score;
        // Near the leaves, a position far above beta is taken to hold (the side to move
        // could almost always keep it), and quiet moves can't lift one far below alpha.
        if depth <= PRUNING_DEPTH && standing - STATIC_MARGIN * depth >= beta {
            return ControlFlow::Break(standing);
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
            return ControlFlow::Break(score);
        }
        ControlFlow::Continue(futile)
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
}

#[cfg(test)]
mod tests {
    use jetan_rules::{Phase, Position};

    use crate::facts::Facts;
    use crate::score::{INFINITY, royal_lost_at};
    use crate::testing::{check_rescues, jetan, random_positions, variant, with_search};

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
}
