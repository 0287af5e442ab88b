//! The enemy's Charge seen at the leaves: whether, were the side to move to do nothing, the
//! enemy would win within one Charge next turn (its pieces whose files are still free, the lines
//! its earlier sub-moves would open, as [`crate::charge_win::find`] looks for them), weighed
//! against the side to move's standing score where quiescence would otherwise stand pat.

use jetan_rules::Phase;

use crate::alphabeta::Search;

/// The share (one in so many) of the side to move's most valuable royal piece that an enemy's
/// winning Charge, threatened for its next turn, costs at a leaf: the side to move may still
/// answer it, but often only by giving something up.
const THREATENED_SHARE: i32 = 2;

impl Search<'_> {
    /// What the enemy's Charge costs the side to move at a quiet leaf at the start of its turn:
    /// a [`THREATENED_SHARE`]th of the worth of its royal piece if the enemy, were the turn
    /// passed, could declare a Charge that wins before it ends; else nothing. (A win within
    /// one Charge of the side to move's own is the search's: see [`Search::negamax`].)
    pub(crate) fn charge_threat(&mut self) -> i32 {
        let (position, facts) = (&self.position, self.task.facts);
        if !facts.charges() || position.phase() != Phase::Turn {
            return 0;
        }
        let side = position.to_move();
        let worth = facts.royals(position, side).map(|(_, royal)| facts.value(royal)).max().unwrap_or(0);
        let undo = self.position.pass();
        let threatened = self.charge_win_plies().is_some();
        self.position.undo(undo);
        if threatened { worth / THREATENED_SHARE } else { 0 }
    }
}

#[cfg(test)]
mod tests {
    use std::sync::atomic::AtomicBool;

    use crate::charge_win::tests::opened_line;
    use crate::facts::Facts;
    use crate::score::INFINITY;
    use crate::testing::{searching, task};
    use crate::tt::Table;

    #[test]
    fn a_winning_charge_the_enemy_could_declare_next_turn_costs_half_the_royal_piece() {
        // Blue to move; Red's Panthan on d8 could step aside in a Charge for its Jeddak to take
        // the Jeddara on h12. Red to move: Blue has no such Charge.
        for (side, threatened) in [("n", true), ("s", false)] {
            let position = opened_line(side, "d8");
            let (facts, table, flag) = (Facts::new(&position), Table::new(1), AtomicBool::new(false));
            searching(task(&position, &facts, &table, &flag, None), |search| {
                let worth = facts.royals(&position, position.to_move()).map(|(_, r)| facts.value(r)).max().unwrap();
                let cost = search.charge_threat();
                assert_eq!(cost, if threatened { worth / 2 } else { 0 }, "{side} to move");
                let standing = search.evaluate().score;
                let quiet = search.quiesce(0, -INFINITY, INFINITY, 0);
                assert!(!threatened || quiet < standing - worth / 4, "{quiet} against {standing}");
            });
        }
    }
}
