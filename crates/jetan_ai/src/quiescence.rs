//! Quiescence: at the leaves, captures (and moves that end the game) are searched until the
//! position is quiet, so that the evaluation never stands in the middle of an exchange; while
//! a royal piece is attacked, every reply is searched at the first ply. Bounded in width and
//! depth, since Jetan Jeddara offers hundreds of captures a position.

use jetan_rules::{Move, MoveKind, Phase, Position};

use crate::alphabeta::{MAX_PLY, Search};
use crate::eval::Evaluation;
use crate::facts::Facts;
use crate::generation;
use crate::ordering::{main_victim, pick};
use crate::score::{INFINITY, WIN};

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

impl Search<'_> {
    /// Captures (and moves that end the game) until the position is quiet; every reply while
    /// the royal piece is attacked, at the first ply. Inside a Charge the sub-moves are
    /// left to the main search (each could be followed by as many more): the Charge is taken
    /// to end as it stands, lost if that leaves the royal piece to be taken.
    pub(crate) fn quiesce(&mut self, ply: usize, mut alpha: i32, beta: i32, depth: u32) -> i32 {
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
            let lost = self.task.facts.royal_attacked(&self.position, self.position.to_move());
            return if lost { -(WIN - (ply + 2) as i32) } else { self.evaluate().score };
        }
        let evaluation = self.evaluate();
        // The banth step (or passing it) ends the turn: the enemy's captures come after it, so
        // there is no standing pat before it.
        let banth_step = self.position.phase() == Phase::BanthStep;
        let evading = !banth_step && depth < QUIESCENCE_EVASIONS && self.in_danger();
        let mut best = -INFINITY;
        if !evading && !banth_step {
            best = evaluation.score;
            if best >= beta {
                return best;
            }
            alpha = alpha.max(best);
        }
        let mut frame = self.work.take_frame(ply);
        frame.moves.clear();
        if evading {
            generation::moves(&self.position, self.task.facts, false, &mut frame.moves);
            if frame.moves.is_empty() {
                self.work.put_frame(ply, frame);
                return self.no_moves_score(ply);
            }
        } else {
            generation::captures(&self.position, self.task.facts, &mut frame.moves);
            let (position, facts) = (&self.position, self.task.facts);
            frame.moves.retain(|&mv| worth_capturing(position, facts, mv, &evaluation, alpha));
            if banth_step {
                frame.moves.push(Move::declaration(MoveKind::Pass));
            }
        }
        self.ordering.score(&self.position, self.task.facts, &frame.moves, &mut frame.scores, 0, ply);
        let width = if evading || banth_step { frame.moves.len() } else { frame.moves.len().min(QUIESCENCE_WIDTH) };
        for i in 0..width {
            pick(&mut frame.moves, &mut frame.scores, i);
            let mv = frame.moves[i];
            let side = self.position.to_move();
            let undo = self.position.play(mv);
            let score = if self.exposes_royal(side) {
                -(WIN - (ply + 2) as i32)
            } else if self.position.to_move() == side {
                self.quiesce(ply + 1, alpha, beta, depth + 1)
            } else {
                -self.quiesce(ply + 1, -beta, -alpha, depth + 1)
            };
            self.position.undo(undo);
            if self.stopped {
                break;
            }
            if score > best {
                best = score;
                if score > alpha {
                    alpha = score;
                    self.update_pv(ply, mv);
                    if score >= beta {
                        break;
                    }
                }
            }
        }
        self.work.put_frame(ply, frame);
        best
    }
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
