//! The evaluation of a position from the side to move's point of view, in the variant's value
//! units (hundredths of a Panthan in classic Jetan): material, mobility, the safety of the
//! pieces whose capture ends the game (which stay near their own royal piece), and the pull of
//! the other armed pieces towards the enemy's royal pieces.

use jetan_rules::{Piece, Position, Side, Square, SquareSet};

use crate::facts::Facts;

/// A bonus for having the move.
const TEMPO: i32 = 10;
/// Per square a side attacks.
const MOBILITY: i32 = 2;
/// Per square within two king steps of a royal piece that the enemy attacks.
const ZONE_PRESSURE: i32 = 5;
/// A royal piece is at ease with this many squares it could safely move to.
const SAFE_WANTED: usize = 8;
/// Per safe square short of that.
const MISSING_SAFE_SQUARE: i32 = 10;
/// A royal piece whose escape is still unused (its safe-square penalty is then halved).
const ESCAPE_KEPT: i32 = 40;
/// The safety terms of a royal piece (whose capture by any enemy loses) count this many times.
const ROYAL_WEIGHT: i32 = 2;
/// Per square within two king steps of another piece whose capture ends the game (the classic
/// Chief, whose loss to a lesser piece hands the weaker side a draw) that the enemy attacks.
const GUARD_PRESSURE: i32 = 8;
/// Per king step that an armed piece is closer to the nearest enemy royal piece (or, for a
/// piece whose capture ends the game, to its own royal piece).
const TROPISM: i32 = 3;
/// An evaluation.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Evaluation {
    /// The score for the side to move.
    pub score: i32,
    /// The squares the side not to move attacks (where a capture could be answered).
    pub defended: SquareSet,
}

/// Evaluates `position` for the side to move.
pub(crate) fn evaluate(position: &Position, facts: &Facts) -> Evaluation {
    let us = position.to_move();
    let occupied = position.occupied();
    let threats = Side::BOTH.map(|side| position.threats(side, &occupied));
    // The squares of each side's key royal pieces: where the enemy's pieces head for.
    let royals = Side::BOTH.map(|side| facts.key_royals(position, side));
    let geometry = facts.geometry();
    let far = geometry.files.max(geometry.ranks) as i32 - 1;
    let side_score = |side: Side| {
        let danger = threats[side.opponent().index()];
        let mut score = threats[side.index()].len() as i32 * MOBILITY;
        for square in position.occupied_by(side).iter() {
            let piece = position.piece_at(square).expect("occupied squares hold pieces");
            score += facts.value(piece);
            let closeness = |royals: &SquareSet| {
                let nearest = royals.iter().map(|r| geometry.distance(square, r)).min();
                nearest.map_or(0, |d| (far - d) * TROPISM)
            };
            if facts.key_royal(piece) {
                score += ROYAL_WEIGHT * safety(position, facts, piece, square, &occupied, danger);
            } else if facts.ends_game(piece) {
                // The enemy can't take it without ending the game, and its own kind may win
                // by taking it: it guards its royal piece rather than raid.
                score -= facts.zone(square).and(danger).len() as i32 * GUARD_PRESSURE;
                score += closeness(&royals[side.index()]);
            } else if facts.armed(piece) {
                score += closeness(&royals[side.opponent().index()]);
            }
        }
        score
    };
    let score = side_score(us) - side_score(us.opponent()) + TEMPO;
    let defended = threats[us.opponent().index()];
    Evaluation { score, defended }
}

/// The safety of a royal piece standing on `square`: how many squares it could safely go to,
/// how hard the enemy presses on its neighbourhood, and whether its escape is kept. `danger`
/// is what the enemy attacks.
fn safety(
    position: &Position,
    facts: &Facts,
    piece: Piece,
    square: Square,
    occupied: &SquareSet,
    danger: SquareSet,
) -> i32 {
    let blocked = if facts.armed(piece) { position.occupied_by(piece.side) } else { *occupied };
    let safe = position.reach(piece, square, occupied).minus(blocked).minus(danger).len();
    let escape = facts.has_escape(piece) && !position.escape_used(piece.side);
    let mut penalty = SAFE_WANTED.saturating_sub(safe) as i32 * MISSING_SAFE_SQUARE;
    if escape {
        penalty /= 2;
    }
    let pressure = facts.zone(square).and(danger).len() as i32 * ZONE_PRESSURE;
    let kept = if escape { ESCAPE_KEPT } else { 0 };
    kept - penalty - pressure
}
