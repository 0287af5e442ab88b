//! The root's last look before it answers: what the enemy could win after a turn, at once or
//! within one Charge of any kind (the search below the root sees only the Charges that clear
//! lines); [`crate::Searcher`] replaces a turn that leaves such a win (or a Charge after which
//! nothing saves the royal piece) by the first other move, in its order, that leaves none.

use std::time::Instant;

use jetan_rules::{Move, MoveKind, Phase, Position};

use crate::charge_win::{self, FirstSubmoves};
use crate::facts::Facts;

/// The position after `turn`, played by the side to move in `position` (the banth step, if one
/// follows, passed), if the game goes on there with the enemy to move.
pub(crate) fn after_turn(position: &Position, turn: &[Move]) -> Option<Position> {
    let side = position.to_move();
    let mut after = position.clone();
    for &mv in turn {
        after.play(mv);
    }
    if after.phase() == Phase::BanthStep && after.to_move() == side {
        after.play(Move::declaration(MoveKind::Pass));
    }
    (after.decided().is_none() && after.to_move() != side).then_some(after)
}

/// Whether the enemy of the side to move in `position` wins within its next turn after `turn`:
/// by a single move, or within one Charge (as far as it is looked for until `until`).
pub(crate) fn leaves_enemy_a_win(position: &Position, facts: &Facts, turn: &[Move], until: Option<Instant>) -> bool {
    after_turn(position, turn).is_some_and(|mut after| {
        charge_win::winning_submove(&mut after, facts).is_some()
            || charge_win::find_in(&after, facts, FirstSubmoves::Any { until }).is_some()
    })
}
