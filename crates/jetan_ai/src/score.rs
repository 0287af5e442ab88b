//! Search scores: evaluations in the variant's value units, and wins and losses counted in
//! plies from the root, so that a quicker win scores higher.

/// The score of a win on the board at the root; a win `n` plies away scores `WIN - n`.
pub const WIN: i32 = 30_000;
/// Scores beyond this (in absolute value) are wins or losses.
pub const WIN_BOUND: i32 = WIN - 1_000;
/// Above every score.
pub(crate) const INFINITY: i32 = WIN + 1;

/// The score, for the side to move at `ply`, of a move that leaves its royal piece to be
/// taken: a loss at the next ply.
pub(crate) fn royal_lost_at(ply: usize) -> i32 {
    -(WIN - (ply + 2) as i32)
}

/// The plies to a forced win (positive) or loss (negative) a score stands for, if any.
pub fn plies_to_end(score: i32) -> Option<i32> {
    if score > WIN_BOUND {
        Some(WIN - score)
    } else if score < -WIN_BOUND {
        Some(-(WIN + score))
    } else {
        None
    }
}

/// A score for players: `+1.25` (in units of 100, a Panthan in classic Jetan), `win in 3`
/// or `loss in 2` (plies).
pub fn describe(score: i32) -> String {
    match plies_to_end(score) {
        Some(plies) if plies >= 0 && score > 0 => format!("win in {plies}"),
        Some(plies) => format!("loss in {}", -plies),
        None => format!("{:+.2}", score as f64 / 100.0),
    }
}

/// The score of a position reached `plies` plies later than the one it was searched as: a win
/// or loss that many plies farther (a Charge searched as one move is several plies).
pub(crate) fn later_by(score: i32, plies: usize) -> i32 {
    let plies = plies as i32;
    if score > WIN_BOUND {
        score - plies
    } else if score < -WIN_BOUND {
        score + plies
    } else {
        score
    }
}

/// A score as stored in the transposition table: wins counted from the storing node.
pub(crate) fn to_table(score: i32, ply: usize) -> i32 {
    if score > WIN_BOUND {
        score + ply as i32
    } else if score < -WIN_BOUND {
        score - ply as i32
    } else {
        score
    }
}

/// A stored score made relative to the root again, for a node at `ply`.
pub(crate) fn from_table(score: i32, ply: usize) -> i32 {
    if score > WIN_BOUND {
        score - ply as i32
    } else if score < -WIN_BOUND {
        score + ply as i32
    } else {
        score
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scores_read_as_players_expect() {
        assert_eq!(describe(125), "+1.25");
        assert_eq!(describe(-40), "-0.40");
        assert_eq!(describe(WIN - 3), "win in 3");
        assert_eq!(describe(-(WIN - 2)), "loss in 2");
    }

    #[test]
    fn a_later_win_or_loss_is_farther_and_other_scores_stay() {
        assert_eq!(describe(later_by(WIN - 1, 2)), "win in 3");
        assert_eq!(describe(later_by(-(WIN - 2), 3)), "loss in 5");
        assert_eq!(later_by(125, 4), 125);
    }

    #[test]
    fn table_scores_round_trip() {
        for score in [0, 55, -WIN + 7, WIN - 9] {
            assert_eq!(from_table(to_table(score, 5), 5), score);
        }
    }
}
