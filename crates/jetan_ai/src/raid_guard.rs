//! The root's last look before it answers: a turn that leaves the enemy a win within one
//! Charge of any kind (the search below the root sees only those that clear lines) is replaced
//! by the first other move, in the search's order, that leaves it none, if one is found in time.

use std::time::Instant;

use jetan_rules::{Move, MoveKind, Phase, Position};

use crate::charge_win::{self, FirstSubmoves};
use crate::facts::Facts;

/// Whether the enemy of the side to move in `position` wins within its next turn after `turn`
/// (the banth step, if one follows, passed): by a single move, or within one Charge.
pub(crate) fn leaves_enemy_a_win(position: &Position, facts: &Facts, turn: &[Move]) -> bool {
    let side = position.to_move();
    let mut after = position.clone();
    for &mv in turn {
        after.play(mv);
    }
    if after.phase() == Phase::BanthStep && after.to_move() == side {
        after.play(Move::declaration(MoveKind::Pass));
    }
    if after.decided().is_some() || after.to_move() == side {
        return false;
    }
    charge_win::winning_submove(&mut after, facts).is_some()
        || charge_win::find_in(&after, facts, FirstSubmoves::Any).is_some()
}

/// The first of `candidates` (moves of `position`'s side to move, not Charges) that leaves the
/// enemy no win (see [`leaves_enemy_a_win`]), looked for until `deadline` if given.
pub(crate) fn safe_move(
    position: &Position,
    facts: &Facts,
    candidates: &[Move],
    deadline: Option<Instant>,
) -> Option<Move> {
    candidates
        .iter()
        .copied()
        .filter(|mv| mv.kind != MoveKind::Charge)
        .take_while(|_| deadline.is_none_or(|end| Instant::now() < end))
        .find(|&mv| !leaves_enemy_a_win(position, facts, &[mv]))
}
