//! Quiescence: at the leaves, captures (and moves that end the game) are searched until the
//! position is quiet, so that the evaluation never stands in the middle of an exchange; while
//! a royal piece is attacked, the rescues are searched at the first ply, and standing pat there
//! counts the enemy's winning Charge, if it has one ready (see [`crate::charge_threat`]).
//! Bounded in width and depth, since Jetan Jeddara offers hundreds of captures a position.

use jetan_rules::{Move, MoveKind, Phase, Position};

use crate::alphabeta::{Frame, MAX_PLY, Search};
use crate::eval::Evaluation;
use crate::facts::Facts;
use crate::generation;
use crate::ordering::{main_victim, pick};
use crate::score::{INFINITY, WIN, WIN_BOUND, royal_lost_at};
use crate::tt::Bound;

/// Quiescence searches every reply to an attack on the royal piece this many plies deep;
/// beyond that it trusts the evaluation.
const QUIESCENCE_EVASIONS: u32 = 1;
/// Quiescence trusts the evaluation after this many plies of captures.
const QUIESCENCE_DEPTH: u32 = 6;
/// Quiescence searches at most this many captures of a position, the best-ordered (Jetan
/// Jeddara's strikes, ploughs and group landings can offer hundreds).
const QUIESCENCE_WIDTH: usize = 8;
/// Quiescence skips a capture that leaves the evaluation this far below alpha.
const DELTA_MARGIN: i32 = 200;
/// The depth quiescence results of its first ply are stored with in the transposition table
/// (the deeper plies' one less): below every depth of the main search, which never takes them
/// for its own.
const QUIESCENCE_TABLE_DEPTH: i32 = 0;

impl Search<'_> {
    /// Captures (and moves that end the game) until the position is quiet; the rescues while
    /// the royal piece is attacked, at the first ply. Inside a Charge the sub-moves are left
    /// to the main search (each could be followed by as many more): see
    /// [`Search::charge_leaf`]. Results go to the transposition table (those of the first ply,
    /// which answers attacks, apart from the deeper ones, which don't).
    pub(crate) fn quiesce(&mut self, ply: usize, alpha: i32, beta: i32, depth: u32) -> i32 {
        self.work.clear_pv(ply);
        if let Some(outcome) = self.position.decided() {
            return self.outcome_score(outcome, ply);
        }
        if self.tick() {
            return 0;
        }
        if ply + 2 >= MAX_PLY || depth >= QUIESCENCE_DEPTH {
            return self.evaluate().score;
        }
        if matches!(self.position.phase(), Phase::Charge { .. }) {
            return self.charge_leaf(ply);
        }
        let hash = self.position.hash();
        let table_depth = if depth < QUIESCENCE_EVASIONS { QUIESCENCE_TABLE_DEPTH } else { QUIESCENCE_TABLE_DEPTH - 1 };
        if let Some(hit) = self.task.table.probe(hash, ply)
            && hit.depth >= table_depth
            && hit.bound.decides(hit.score, alpha, beta)
        {
            return hit.score;
        }
        let evaluation = self.evaluate();
        // The banth step (or passing it) ends the turn: the enemy's captures come after it, so
        // there is no standing pat before it.
        let banth_step = self.position.phase() == Phase::BanthStep;
        let evading = !banth_step && depth < QUIESCENCE_EVASIONS && self.in_danger();
        let mut node = Leaf { ply, depth, alpha, beta, best: -INFINITY, best_move: None };
        if !evading && !banth_step {
            node.best = evaluation.score;
            // The enemy's Charge only lowers the score: it is looked for only when standing
            // pat would otherwise count (raise alpha, or cut).
            if depth == 0 && node.best > alpha {
                node.best -= self.charge_threat();
            }
            if node.best >= beta {
                return node.best;
            }
            node.alpha = alpha.max(node.best);
        }
        let mut frame = self.work.take_frame(ply);
        frame.moves.clear();
        if evading {
            self.evade(&mut node, &mut frame);
        } else {
            self.search_captures(&mut node, &mut frame, &evaluation, banth_step);
        }
        self.work.put_frame(ply, frame);
        if !self.stopped {
            let bound = Bound::of(node.best, alpha, beta);
            self.task.table.store(hash, ply, node.best_move, node.best, table_depth, bound);
        }
        node.best
    }

    /// The captures of a leaf worth making (see [`worth_capturing`]), searched; at a banth
    /// step, with passing it.
    fn search_captures(&mut self, node: &mut Leaf, frame: &mut Frame, evaluation: &Evaluation, banth_step: bool) {
        generation::captures(&self.position, self.task.facts, &mut frame.moves);
        let (position, facts) = (&self.position, self.task.facts);
        frame.moves.retain(|&mv| worth_capturing(position, facts, mv, evaluation, node.alpha));
        if banth_step {
            frame.moves.push(Move::declaration(MoveKind::Pass));
        }
        let width = if banth_step { frame.moves.len() } else { QUIESCENCE_WIDTH };
        self.search_leaf_moves(node, frame, width);
    }

    /// The score of a leaf inside a Charge: a win if a sub-move wins at once (a win reached
    /// mid-Charge ends the game); else the evaluation, less the worth of the side's royal piece
    /// while one is attacked. Likely lost when the Charge ends, but not a proven loss: a later
    /// sub-move may move it or take the attacker (taking it for lost made the search claim
    /// wins that were none, against a side that could declare a Charge).
    fn charge_leaf(&mut self, ply: usize) -> i32 {
        if self.wins_at_once(ply) {
            return WIN - (ply + 1) as i32;
        }
        let standing = self.evaluate().score;
        if !self.royal_attacked() {
            return standing;
        }
        let (position, facts) = (&self.position, self.task.facts);
        let side = position.to_move();
        standing - facts.royals(position, side).map(|(_, royal)| facts.value(royal)).max().unwrap_or(0)
    }

    /// Whether the side to move has a legal move that wins the game at once: taking an enemy
    /// royal piece, or bringing a piece of its own where it wins by arriving.
    fn wins_at_once(&mut self, ply: usize) -> bool {
        let side = self.position.to_move();
        let mut frame = self.work.take_frame(ply);
        frame.moves.clear();
        generation::winning_candidates(&self.position, self.task.facts, &mut frame.moves);
        let wins = frame.moves.iter().any(|&mv| {
            let undo = self.position.play(mv);
            let won = self.position.decided().is_some_and(|outcome| outcome.winner == Some(side));
            self.position.undo(undo);
            won
        });
        self.work.put_frame(ply, frame);
        wins
    }

    /// Searches the replies to an attack on the royal piece: first those that take an
    /// attacker (in Jetan Jeddara one of them cuts off four evading nodes in five, or more);
    /// then the others that take a piece or land near a royal piece of the side to move,
    /// where nearly every other rescue is; the rest only if none of these rescues it (each
    /// loses, at once or a few plies later: after its own banth step, say), so that a
    /// position is never taken for lost while some move saves it. (Searching them all made
    /// most of Jetan Jeddara's quiescence.)
    fn evade(&mut self, node: &mut Leaf, frame: &mut Frame) {
        let (position, facts) = (&self.position, self.task.facts);
        let takes = generation::attacker_captures(position, facts, &mut frame.moves);
        let mut searched = !frame.moves.is_empty();
        if self.search_leaf_moves(node, frame, usize::MAX) {
            return;
        }
        let near = generation::near_rescues(&self.position, self.task.facts, takes, &mut frame.moves);
        searched |= !frame.moves.is_empty();
        if self.search_leaf_moves(node, frame, usize::MAX) || node.best >= -WIN_BOUND {
            return;
        }
        frame.moves.clear();
        generation::moves(&self.position, self.task.facts, false, &mut frame.moves);
        if frame.moves.is_empty() && !searched {
            node.best = self.no_moves_score(node.ply);
            return;
        }
        frame.moves.retain(|mv| !near.passes(mv));
        self.search_leaf_moves(node, frame, usize::MAX);
    }

    /// Orders the moves of `frame` and searches the best `width` of them one ply deeper in
    /// quiescence; says whether one reached beta (or the search was stopped).
    fn search_leaf_moves(&mut self, node: &mut Leaf, frame: &mut Frame, width: usize) -> bool {
        self.ordering.score(&self.position, self.task.facts, &frame.moves, &mut frame.scores, 0, node.ply);
        let Leaf { ply, depth, beta, .. } = *node;
        for i in 0..frame.moves.len().min(width) {
            pick(&mut frame.moves, &mut frame.scores, i);
            let mv = frame.moves[i];
            let side = self.position.to_move();
            let undo = self.position.play(mv);
            let score = if self.exposes_royal(side) {
                royal_lost_at(ply)
            } else if self.position.to_move() == side {
                self.quiesce(ply + 1, node.alpha, beta, depth + 1)
            } else {
                -self.quiesce(ply + 1, -beta, -node.alpha, depth + 1)
            };
            self.position.undo(undo);
            if self.stopped {
                return true;
            }
            if score > node.best {
                node.best = score;
                node.best_move = Some(mv);
                if score > node.alpha {
                    node.alpha = score;
                    self.update_pv(ply, mv);
                    if score >= beta {
                        return true;
                    }
                }
            }
        }
        false
    }
}

/// A quiescence node while its moves are searched.
#[derive(Clone, Copy, Debug)]
struct Leaf {
    ply: usize,
    /// Plies of quiescence above it.
    depth: u32,
    alpha: i32,
    beta: i32,
    best: i32,
    best_move: Option<Move>,
}

/// Whether quiescence should try the capture `mv`: not if it can't lift the evaluation to
/// alpha even with a margin, nor if it gives a piece for a lesser one that is defended.
/// Captures that end the game are always tried.
fn worth_capturing(position: &Position, facts: &Facts, mv: Move, evaluation: &Evaluation, alpha: i32) -> bool {
    let Some(lead) = mv.lead() else { return true };
    let (Some(victim), Some(mover)) = (main_victim(position, facts, mv), position.piece_at(lead.from)) else {
        return true;
    };
    if facts.verdict(victim, mover).is_some() {
        return true;
    }
    let gain: i32 = position.victims(mv).map(|v| facts.value(v)).sum();
    evaluation.score + gain + DELTA_MARGIN > alpha
        && (facts.value(mover) <= gain || !evaluation.defended.contains(lead.to))
}

#[cfg(test)]
mod tests {
    use std::sync::atomic::AtomicBool;

    use jetan_rules::{Phase, Position};

    use crate::facts::Facts;
    use crate::score::{INFINITY, WIN, WIN_BOUND, royal_lost_at};
    use crate::testing::{check_rescues, searching, task, variant};
    use crate::tt::Table;

    /// Quiescence's score of `position`, searched from scratch.
    fn quiescence(position: &Position, facts: &Facts) -> i32 {
        let (table, flag) = (Table::new(1), AtomicBool::new(false));
        searching(task(position, facts, &table, &flag, None), |search| search.quiesce(0, -INFINITY, INFINITY, 0))
    }

    #[test]
    fn a_move_that_only_delays_the_loss_of_the_royal_piece_is_no_rescue() {
        // Jetan Jeddara: the Jeddara on g12 is attacked by the Battleship on g10 and the Dwar
        // on g11. The moves near her lose her after the banth step, which comes before the
        // enemy's turn; her escape far away (up to ten squares into her own half) saves her.
        let text = "ldf[bc]u[ob]bkjtr[cc][sd]fdl/[zc]wldxeD[lc][hc]csx1lw[zc]/hpmpmp[BC]pmpmp1pmh/16/12d3/\
                    4X1[bb]3[bb]1m3/3[SD]12/3L12/3F9H2/HMPMPMPMPMPMPMP1/[ZC]W1D1SC[HC][LC][SC]EX1LW[ZC]/\
                    LD2[CC]RTJKB[OB]U1FDL n - - 9 homes:e7=e2 turned:e12";
        let position = Position::from_text(variant("jetan_jeddara", &[]), text).unwrap();
        let facts = Facts::new(&position);
        assert!(facts.royal_attacked(&position, position.to_move()));
        let score = quiescence(&position, &facts);
        assert!(score > -WIN_BOUND, "taken for lost: {score}");
    }

    /// Jetan Jeddara just after `side` (`n` Blue, `s` Red) declared a Charge at `ply`: Blue's
    /// Jeddara on g12 is in reach of Red's Battleship on j10.
    fn charge_declared(side: &str, ply: u32) -> (Position, Facts) {
        let text = format!(
            "ldf[bc]u[ob]bkjtr1[sd]fdl/[zc]wldxe[sc][lc][hc]cLxdlw[zc]/hpmpmpmpm[BC]mpmpmh/16/15K/\
             3D2[bb]5[bb]3/3[SD]6P5/10E5/1F7[SC]6/HMPMPMPMPM1MPMPH/[ZC]WL1XSC[HC][LC]2XD1W[ZC]/\
             LD[CC]2RTJ1B[OB]U1FDL {side} - - {ply} charge:-:-:0 homes:j4=j2,k6=k3 turned:e12"
        );
        let position = Position::from_text(variant("jetan_jeddara", &[]), &text).unwrap();
        assert!(matches!(position.phase(), Phase::Charge { .. }));
        let facts = Facts::new(&position);
        (position, facts)
    }

    #[test]
    fn an_attacked_royal_piece_inside_a_charge_costs_its_worth_but_is_not_lost() {
        // Blue declared the Charge with its Jeddara attacked by the Battleship; a sub-move may
        // still take the Battleship or move her.
        let (position, facts) = charge_declared("n", 13);
        assert!(facts.royal_attacked(&position, position.to_move()));
        let standing = crate::eval::evaluate(&position, &facts).score;
        let score = quiescence(&position, &facts);
        assert!(score > -WIN_BOUND, "taken for lost: {score}");
        assert!(score < standing - 900, "{score} against an evaluation of {standing}");
    }

    #[test]
    fn a_leaf_inside_a_charge_whose_side_can_take_the_enemy_royal_piece_is_a_win() {
        // Red declared the Charge: its Battleship may land on the Jeddara as a sub-move.
        let (position, facts) = charge_declared("s", 12);
        assert_eq!(quiescence(&position, &facts), WIN - 1, "a win at the next ply");
    }

    #[test]
    fn an_attacked_royal_piece_is_taken_for_lost_only_when_no_move_saves_it() {
        let lost = |position: &Position, facts: &Facts| quiescence(position, facts) <= royal_lost_at(0);
        let (attacked, only_far) = check_rescues(21, lost);
        assert!(attacked >= 20 && only_far > 0, "{attacked} attacked positions, {only_far} saved only from afar");
    }
}
