//! The root's last look before it answers: what the enemy could win after a turn, at once or
//! within one Charge of any kind (the search below the root sees only the Charges that clear
//! lines); [`crate::Searcher`] replaces a turn that leaves such a win (or a Charge after which
//! nothing saves the royal piece) by another move that leaves none: one after which the enemy
//! may not declare a Charge at all if there is one, else the first, in its order, after which
//! the enemy's planned Charge wins nothing, looked for within a [`Guard`]'s time and nodes.

use std::sync::atomic::AtomicBool;
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

/// Whether after `mv`, played by the side to move in `position`, the enemy may not declare a
/// Charge (too few of its pieces qualify) and has no winning move: no raid is possible.
pub(crate) fn denies_charges(position: &Position, facts: &Facts, mv: Move) -> bool {
    after_turn(position, &[mv]).is_some_and(|mut after| {
        !after.can_declare_charge() && charge_win::winning_submove(&mut after, facts).is_none()
    })
}

/// What the last look may spend: time until `deadline`, and (for a search with a node
/// limit, which must play alike on any machine) `nodes_left`; with the search's seed and
/// cancel flag.
pub(crate) struct Guard<'a> {
    pub deadline: Option<Instant>,
    pub nodes_left: Option<u64>,
    pub seed: u64,
    pub cancel: &'a AtomicBool,
}

impl Guard<'_> {
    /// Counts `nodes` as spent.
    pub fn spend(&mut self, nodes: u64) {
        if let Some(left) = self.nodes_left.as_mut() {
            *left = left.saturating_sub(nodes);
        }
    }

    /// Whether its time or nodes are spent.
    pub fn spent(&self) -> bool {
        self.deadline.is_some_and(|end| Instant::now() >= end) || self.nodes_left == Some(0)
    }
}
