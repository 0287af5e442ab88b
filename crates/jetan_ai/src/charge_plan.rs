//! A Charge planned as one decision: the whole sequence of sub-moves chosen at once, by a
//! beam search over sub-move sequences judged by the evaluation after the Charge and the
//! enemy's best reply (at the root), or as a quick run of profitable captures (below it, where
//! every node that may declare has a Charge to weigh); a win within the Charge first, always.

use std::time::Instant;

use jetan_rules::{Move, MoveKind, Phase, Position, Side, SquareSet, Undo};

use crate::alphabeta::Search;
use crate::charge_win;
use crate::generation;
use crate::ordering::{main_victim, pick};
use crate::score::{INFINITY, WIN, WIN_BOUND, royal_lost_at};

/// The sequences of sub-moves the root's beam search keeps from one sub-move to the next.
const BEAM_WIDTH: usize = 3;
/// Besides those, the best-scored sequences after which an enemy royal piece is attacked that
/// it keeps: a raid's first sub-move often looks bad alone (its raider may be taken) until a
/// later one makes the attack double.
const ATTACKING_LINES: usize = 2;
/// The best-ordered sub-moves of each kept sequence that it tries next.
const BEAM_CHILDREN: usize = 16;
/// Besides those, after a sequence that attacks an enemy royal piece, the best-ordered quiet
/// sub-moves that bring a piece in reach of her neighbourhood (a second attacker, an airship
/// that will carry a piece next to her: the first player's 13-ply raid in
/// docs/charge_raids.md) that it tries too.
const PRESSING_CHILDREN: usize = 8;
/// The best-evaluated plans whose ends are judged by the enemy's best reply.
const FINALISTS: usize = 3;
/// The root's plan takes at most this share (one in so many) of the search's time and nodes
/// left.
pub(crate) const PLAN_SHARE: u32 = 4;
/// How deep the enemy's reply to a finalist is searched, in plies.
const REPLY_DEPTH: i32 = 1;
/// The beam search stops once this many sub-moves in a row have not improved its best plan.
const STALE_SUBMOVES: usize = 2;
/// A sub-move improves the best plan only if it raises its score by at least this much (half
/// a Panthan of Jetan Jeddara). Each quiet step of a Charge's idle pieces gains a few points
/// (or the seed's nudges do): counted as progress, they lengthened the beam a piece at a time
/// until the plan's nodes ran out, before any finalist was judged by the enemy's reply, which
/// alone sees that a double attack wins (the raid after `D d2-d5; M d3-d6` in
/// docs/charge_raids.md, which the last look missed so).
const BEAM_GAIN: i32 = 50;

/// A Charge planned in depth: its plies (the declaration first if its turn has just begun, the
/// end last unless the Charge ends by itself) and their score for its side, after the enemy's
/// best reply if it was judged so (a win or a loss in plies from the search's root).
#[derive(Clone, Debug)]
pub(crate) struct Plan {
    pub plies: Vec<Move>,
    pub score: i32,
}

/// A sequence of plies of one Charge, from the position it was planned in, with its score.
#[derive(Clone, Debug)]
struct Line {
    plies: Vec<Move>,
    score: i32,
    /// The hash of the position after the plies.
    hash: u64,
    /// Whether an enemy royal piece is attacked after the plies.
    attacking: bool,
}

impl Search<'_> {
    /// The plies the side to move plays for a Charge (the declaration first if its turn has just
    /// begun; the end of the Charge last, unless the last sub-move ends it): the root's plan
    /// when `ply` is 0 and the search plans Charges in depth, made once per search; else the
    /// quick plan. (Planning the enemy's Charges in reply to every root move in depth too costs
    /// the search a ply, `docs/charge_raids.md`: the root's last look against raids does it for
    /// the move it plays, see [`crate::raid_guard`].) `None`: no Charge worth declaring (no capture to make, below the root).
    pub(crate) fn planned_charge(&mut self, ply: usize) -> Option<Vec<Move>> {
        if ply > 0 || !self.task.plan_charges {
            return self.quick_charge();
        }
        let hash = self.position.hash();
        if let Some(plan) = self.charge_plans.get(&hash) {
            return plan.clone();
        }
        let plan = self.deep_charge(ply, PLAN_SHARE).map(|plan| plan.plies);
        self.charge_plans.insert(hash, plan.clone());
        plan
    }

    /// The root's plan (`ply` 0, unless it is planned deeper for a test): a win within the
    /// Charge if there is one, else the best of a beam search over sequences of sub-moves (see
    /// [`Search::best_charge`]), made with at most a `share`th of the search's time and nodes
    /// left (counting its positions as nodes): a [`PLAN_SHARE`]th inside a search, all of them
    /// when the plan is all that is asked.
    pub(crate) fn deep_charge(&mut self, ply: usize, share: u32) -> Option<Plan> {
        if let Some(win) = charge_win::find(&self.position, self.task.facts) {
            return Some(Plan { score: WIN - (ply + win.len()) as i32, plies: win });
        }
        let (max_nodes, deadline) = (self.max_nodes, self.task.deadline);
        self.max_nodes = self.nodes + self.max_nodes.saturating_sub(self.nodes) / share as u64;
        let now = Instant::now();
        self.task.deadline = deadline.map(|end| now + end.saturating_duration_since(now) / share);
        let plan = self.best_charge(ply);
        (self.max_nodes, self.task.deadline) = (max_nodes, deadline);
        // Stopped by the plan's own limits: the search goes on (its next node looks again).
        self.stopped = false;
        plan
    }

    /// The beam search: sequences of sub-moves one longer at a time, each judged by the
    /// position after the Charge ends there (see [`Search::after_charge`]), the best few kept,
    /// until longer ones no longer do better (by [`BEAM_GAIN`]); of the best few of all, the one
    /// whose end the enemy's best reply leaves best (or the best judged, if the time runs out).
    fn best_charge(&mut self, ply: usize) -> Option<Plan> {
        let side = self.position.to_move();
        let start =
            if self.position.phase() == Phase::Turn { vec![Move::declaration(MoveKind::Charge)] } else { vec![] };
        let mut beam = vec![Line { plies: start, score: -INFINITY, hash: 0, attacking: false }];
        let mut planned: Vec<Line> = Vec::new();
        let mut stale = 0;
        while !beam.is_empty() && stale < STALE_SUBMOVES && !self.stopped {
            let best_before = planned.first().map_or(-INFINITY, |line| line.score);
            let mut next: Vec<Line> = Vec::new();
            for line in &beam {
                for child in self.extend(line, side, ply) {
                    if child.score > WIN_BOUND {
                        return Some(Plan { plies: self.finished(child.plies, side), score: child.score });
                    }
                    if !next.iter().any(|other| other.hash == child.hash) {
                        next.push(child);
                    }
                }
            }
            next.sort_by_key(|line| -line.score);
            let next = kept(next);
            planned.extend(next.iter().cloned());
            planned.sort_by_key(|line| -line.score);
            planned.dedup_by_key(|line| line.hash);
            let improved = planned.first().is_some_and(|line| line.score >= best_before.saturating_add(BEAM_GAIN));
            stale = if improved { 0 } else { stale + 1 };
            beam = next;
            beam.retain(|line| self.still_charging(&line.plies, side));
        }
        planned.truncate(FINALISTS);
        let mut best: Option<(i32, Vec<Move>)> = None;
        for line in planned.iter() {
            if self.stopped {
                break;
            }
            let plies = self.finished(line.plies.clone(), side);
            let undos = self.play_all(&plies);
            let score = self.reply_score(side, ply + plies.len());
            self.undo_all(undos);
            if !self.stopped && best.as_ref().is_none_or(|(best, _)| score > *best) {
                best = Some((score, plies));
            }
        }
        let judged = best.map(|(score, plies)| Plan { plies, score });
        judged.or_else(|| {
            let line = planned.first()?;
            Some(Plan { plies: self.finished(line.plies.clone(), side), score: line.score })
        })
    }

    /// `plies` with the end of the Charge after them, unless `side`'s Charge (or the game)
    /// is over after them.
    fn finished(&mut self, mut plies: Vec<Move>, side: Side) -> Vec<Move> {
        if self.still_charging(&plies, side) {
            plies.push(Move::declaration(MoveKind::EndCharge));
        }
        plies
    }

    /// The sequences one sub-move longer than `line` (played from the search's position, at
    /// `ply`): the best-ordered sub-moves and, if `line` attacks an enemy royal piece, the next
    /// few that press her (see [`presses_royal`]), each judged by [`Search::after_charge`].
    fn extend(&mut self, line: &Line, side: Side, ply: usize) -> Vec<Line> {
        let undos = self.play_all(&line.plies);
        let (mut moves, mut scores) = (Vec::new(), Vec::new());
        generation::moves(&self.position, self.task.facts, false, &mut moves);
        moves.retain(|mv| mv.kind != MoveKind::EndCharge);
        let after = ply + line.plies.len() + 1;
        self.ordering.score(&self.position, self.task.facts, &moves, &mut scores, 0, after - 1);
        let mut children = Vec::new();
        let mut pressing = 0;
        for i in 0..moves.len() {
            let ordered_first = i < BEAM_CHILDREN;
            if !ordered_first && (!line.attacking || pressing == PRESSING_CHILDREN) {
                break;
            }
            pick(&mut moves, &mut scores, i);
            let mv = moves[i];
            let undo = self.position.play(mv);
            if !ordered_first {
                if !presses_royal(&self.position, self.task.facts, mv, side) {
                    self.position.undo(undo);
                    continue;
                }
                pressing += 1;
            }
            let hash = self.position.hash();
            let attacking = self.task.facts.royal_attacked(&self.position, side.opponent());
            let score = self.after_charge(side, after);
            self.position.undo(undo);
            if self.stopped {
                break;
            }
            let mut plies = line.plies.clone();
            plies.push(mv);
            children.push(Line { plies, score, hash, attacking });
        }
        self.undo_all(undos);
        children
    }

    /// The score for `side`, at `ply` inside its Charge (or just after its last sub-move), of
    /// ending the Charge there: a finished game's score; a loss if the enemy may then take its
    /// royal piece; else quiescence's score of the enemy's captures (or of its own banth step).
    fn after_charge(&mut self, side: Side, ply: usize) -> i32 {
        if let Some(outcome) = self.position.decided() {
            let score = self.outcome_score(outcome, ply);
            return if self.position.to_move() == side { score } else { -score };
        }
        let end = (self.position.to_move() == side && matches!(self.position.phase(), Phase::Charge { .. }))
            .then(|| self.position.play(Move::declaration(MoveKind::EndCharge)));
        let score = if self.position.to_move() == side {
            self.quiesce(ply + 1, -INFINITY, INFINITY, 0)
        } else if self.exposes_royal(side) {
            self.tick();
            royal_lost_at(ply)
        } else {
            -self.quiesce(ply + 1, -INFINITY, INFINITY, 0)
        };
        if let Some(undo) = end {
            self.position.undo(undo);
        }
        score
    }

    /// The score for `side`, which just ended its Charge at `ply`, of the enemy's best reply
    /// (or of its own banth step), searched [`REPLY_DEPTH`] plies deep.
    fn reply_score(&mut self, side: Side, ply: usize) -> i32 {
        // The Charge's plies are not on the search's line: no repetition is looked for before.
        let line_start = std::mem::replace(&mut self.line_start, ply);
        let score = if self.position.to_move() == side {
            self.negamax(REPLY_DEPTH, ply, -INFINITY, INFINITY)
        } else {
            -self.negamax(REPLY_DEPTH, ply, -INFINITY, INFINITY)
        };
        self.line_start = line_start;
        score
    }

    /// Whether, after `plies`, `side` is still inside its Charge with the game going on.
    fn still_charging(&mut self, plies: &[Move], side: Side) -> bool {
        let undos = self.play_all(plies);
        let charging = self.position.decided().is_none()
            && self.position.to_move() == side
            && matches!(self.position.phase(), Phase::Charge { .. });
        self.undo_all(undos);
        charging
    }

    /// The quick plan below the root: the declaration, then while some capture gains (takes a
    /// piece worth at least its mover, or one whose square the enemy doesn't attack), the one
    /// that takes most, then the end. `None` if it would take nothing.
    pub(crate) fn quick_charge(&mut self) -> Option<Vec<Move>> {
        let side = self.position.to_move();
        let mut plies = vec![Move::declaration(MoveKind::Charge)];
        let mut undos = vec![self.position.play(plies[0])];
        let mut captures = Vec::new();
        loop {
            captures.clear();
            generation::captures(&self.position, self.task.facts, &mut captures);
            let Some(capture) = best_capture(&self.position, self.task.facts, &captures) else { break };
            plies.push(capture);
            undos.push(self.position.play(capture));
            let charging = self.position.to_move() == side && matches!(self.position.phase(), Phase::Charge { .. });
            if self.position.decided().is_some() || !charging {
                break;
            }
        }
        let took = plies.len() > 1;
        let unfinished = took
            && self.position.decided().is_none()
            && self.position.to_move() == side
            && matches!(self.position.phase(), Phase::Charge { .. });
        self.undo_all(undos);
        if unfinished {
            plies.push(Move::declaration(MoveKind::EndCharge));
        }
        took.then_some(plies)
    }

    /// Plays `plies` on the search's position; returns their undos.
    fn play_all(&mut self, plies: &[Move]) -> Vec<Undo> {
        plies.iter().map(|&mv| self.position.play(mv)).collect()
    }

    /// Takes back the plies of [`Search::play_all`].
    fn undo_all(&mut self, undos: Vec<Undo>) {
        undos.into_iter().rev().for_each(|undo| self.position.undo(undo));
    }
}

/// The sequences the beam keeps of `lines` (best-scored first): the [`BEAM_WIDTH`] best, and
/// the [`ATTACKING_LINES`] best of the others that attack an enemy royal piece.
fn kept(lines: Vec<Line>) -> Vec<Line> {
    let mut attacking = 0;
    let keep = |(i, line): &(usize, Line)| {
        let attack = *i >= BEAM_WIDTH && line.attacking && attacking < ATTACKING_LINES;
        attacking += usize::from(attack);
        *i < BEAM_WIDTH || attack
    };
    lines.into_iter().enumerate().filter(keep).map(|(_, line)| line).collect()
}

/// Whether `mv`, just played by `side`, leaves one of its moved pieces in reach of a square
/// within two king steps of an enemy royal piece (a slider lining up on her, an airship that
/// could next land a passenger beside her).
fn presses_royal(position: &Position, facts: &crate::facts::Facts, mv: Move, side: Side) -> bool {
    let near =
        facts.royals(position, side.opponent()).fold(SquareSet::EMPTY, |near, (square, _)| near.or(facts.zone(square)));
    let occupied = position.occupied();
    mv.steps.iter().any(|step| {
        position
            .piece_at(step.to)
            .is_some_and(|piece| piece.side == side && !position.reach(piece, step.to, &occupied).and(near).is_empty())
    })
}

/// The capture among `captures` that takes most, if one gains: its victim is worth at least
/// its mover, or stands where the enemy attacks nothing.
fn best_capture(position: &Position, facts: &crate::facts::Facts, captures: &[Move]) -> Option<Move> {
    let enemy = position.to_move().opponent();
    let threats = position.threats(enemy, &position.occupied());
    let gain = |mv: &Move| {
        let victim = main_victim(position, facts, *mv)?;
        let mover = mv.lead().and_then(|lead| position.piece_at(lead.from));
        let worth = facts.value(victim);
        let safe = mv.lead().is_none_or(|lead| !threats.contains(lead.to));
        (safe || mover.is_none_or(|mover| facts.value(mover) <= worth)).then_some(worth)
    };
    captures
        .iter()
        .filter_map(|mv| gain(mv).map(|worth| (worth, *mv)))
        .max_by_key(|&(worth, _)| worth)
        .map(|(_, mv)| mv)
}

#[cfg(test)]
mod tests {
    use std::sync::atomic::AtomicBool;

    use jetan_rules::{Move, MoveKind, Phase};

    use crate::charge_win::tests::opened_line;
    use crate::facts::Facts;
    use crate::testing::{searching, task};
    use crate::tt::Table;
    use crate::{Limits, Searcher};

    #[test]
    fn the_searcher_plays_the_charge_it_planned_one_ply_at_a_time_without_searching_again() {
        let position = opened_line("s", "d8");
        let mut searcher = Searcher::new();
        let cancel = AtomicBool::new(false);
        let thought = searcher.think(&position, &Limits::depth(4), &cancel, 0);
        assert_eq!(thought.turn.len(), 3, "{}", position.turn_text(&thought.turn));
        assert_eq!(thought.best, Some(Move::declaration(MoveKind::Charge)));
        let mut after = position.clone();
        for &ply in &thought.turn {
            if after.ply() > position.ply() {
                let next = searcher.think(&after, &Limits::depth(4), &cancel, 0);
                assert_eq!((next.best, next.nodes), (Some(ply), 0), "played on from the plan");
            }
            after.play(ply);
        }
        assert_eq!(after.outcome().and_then(|outcome| outcome.winner), Some(position.to_move()));
    }

    #[test]
    fn a_searcher_asked_elsewhere_forgets_its_plan() {
        let position = opened_line("s", "d8");
        let mut searcher = Searcher::new();
        let cancel = AtomicBool::new(false);
        let thought = searcher.think(&position, &Limits::depth(4), &cancel, 0);
        let mut declared = position.clone();
        declared.play(thought.turn[0]);
        // Another sub-move than the plan's: the searcher searches this position anew.
        let other = declared.legal_moves().into_iter().find(|&mv| mv != thought.turn[1] && mv.kind == MoveKind::Normal);
        declared.play(other.expect("other sub-moves"));
        assert!(matches!(declared.phase(), Phase::Charge { .. }));
        let next = searcher.think(&declared, &Limits::depth(4), &cancel, 0);
        // Its turn from here, planned anew, still wins (the Jeddak's line is open or opens).
        let mut after = declared.clone();
        for &ply in &next.turn {
            assert!(after.legal_moves().contains(&ply), "{}", after.move_text(ply));
            after.play(ply);
        }
        assert_eq!(after.outcome().and_then(|outcome| outcome.winner), Some(position.to_move()));
    }

    #[test]
    fn the_quick_plan_takes_what_gains_and_ends_the_charge_or_declares_nothing() {
        let position = opened_line("n", "d8");
        let (facts, table, flag) = (Facts::new(&position), Table::new(1), AtomicBool::new(false));
        searching(task(&position, &facts, &table, &flag, None), |search| {
            // Blue's Panthans could only step next to Red's: nothing to take, no Charge.
            assert_eq!(search.quick_charge(), None);
        });
        let takes = position.variant().clone();
        let rows = "7b8/16/16/8mmmmmm2/8MMMMMM2/16/16/K15/16/16/16/7B8";
        let facing = jetan_rules::Position::from_text(takes, &format!("{rows} n - - 0")).unwrap();
        let facts = Facts::new(&facing);
        searching(task(&facing, &facts, &table, &flag, None), |search| {
            let plan = search.quick_charge().expect("captures to make");
            assert_eq!(plan.first(), Some(&Move::declaration(MoveKind::Charge)));
            let mut after = facing.clone();
            for &ply in &plan {
                assert!(after.legal_moves().contains(&ply), "{}", after.move_text(ply));
                after.play(ply);
            }
            assert!(after.material(jetan_rules::Side::South) < facing.material(jetan_rules::Side::South));
            assert_eq!(after.to_move(), jetan_rules::Side::South, "the Charge is over");
        });
    }
}
