//! The evaluation of a position from the side to move's point of view, in the variant's value
//! units (hundredths of a Panthan in classic Jetan): material, mobility, the safety of the
//! pieces whose capture ends the game (which stay near their own royal piece), and the pull of
//! the other armed pieces towards the enemy's royal pieces.

use jetan_rules::{Piece, Position, Side, Square, SquareSet};

use crate::facts::Facts;
use crate::finishing;

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
/// Ahead by decisive material (see [`crate::finishing`]): per square an enemy royal piece
/// could safely go to (the fewer, the nearer she is to being taken).
const HUNT_FREEDOM: i32 = 6;
/// Ahead by decisive material: per king step that an armed piece is closer to the nearest
/// enemy royal piece, on top of [`TROPISM`].
const HUNT_TROPISM: i32 = 4;
/// Ahead by decisive material: per square within two king steps of an own piece whose capture
/// ends the game (the classic Chief, whose loss to a lesser piece draws the won game) that the
/// enemy attacks, on top of [`GUARD_PRESSURE`].
const LEAD_GUARD_PRESSURE: i32 = 16;
/// Ahead by decisive material: an own piece whose capture ends the game stands attacked.
const LEAD_GUARD_ATTACKED: i32 = 100;
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
        // The material of the pieces whose capture doesn't end the game (see crate::finishing).
        let mut material = 0;
        for square in position.occupied_by(side).iter() {
            let piece = position.piece_at(square).expect("occupied squares hold pieces");
            let value = facts.value(piece);
            score += value;
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
            } else {
                material += value;
                if facts.armed(piece) {
                    score += closeness(&royals[side.opponent().index()]);
                }
            }
        }
        (score, material)
    };
    let (ours, theirs) = (side_score(us), side_score(us.opponent()));
    let mut score = ours.0 - theirs.0 + TEMPO;
    let mut material = [0; 2];
    (material[us.index()], material[us.opponent().index()]) = (ours.1, theirs.1);
    if let Some(leader) = finishing::leader_of(material) {
        let terms = finishing_terms(position, facts, leader, &threats, &royals[leader.opponent().index()]);
        score += if leader == us { terms } else { -terms };
    }
    if let (Some(rule), Some(count)) = (position.variant().rules().small_armies, position.small_armies_count()) {
        // Both armies are small: the game is drawn unless won within the plies left, so what
        // the evaluation sees fades with them (to half at once: trading into small armies
        // costs the side ahead half its lead).
        let left = i32::from(rule.plies.saturating_sub(count));
        score = score * left / (2 * i32::from(rule.plies).max(1));
    }
    let defended = threats[us.opponent().index()];
    Evaluation { score, defended }
}

/// The terms of `leader`, ahead by decisive material, that finish the game rather than count
/// its material: the enemy royal pieces (on `enemy_royals`) hemmed in and approached by its
/// armed pieces, and its own pieces whose capture ends the game (the classic Chief, whose
/// loss to a lesser piece draws) kept out of the enemy's reach. `threats` is what each side
/// attacks.
fn finishing_terms(
    position: &Position,
    facts: &Facts,
    leader: Side,
    threats: &[SquareSet; 2],
    enemy_royals: &SquareSet,
) -> i32 {
    let occupied = position.occupied();
    let danger = threats[leader.opponent().index()];
    let far = facts.geometry().files.max(facts.geometry().ranks) as i32 - 1;
    let mut score = 0;
    for square in enemy_royals.iter() {
        let royal = position.piece_at(square).expect("occupied squares hold pieces");
        let blocked = if facts.armed(royal) { position.occupied_by(royal.side) } else { occupied };
        let free = position.reach(royal, square, &occupied).minus(blocked).minus(threats[leader.index()]);
        score -= free.len() as i32 * HUNT_FREEDOM;
    }
    for square in position.occupied_by(leader).iter() {
        let piece = position.piece_at(square).expect("occupied squares hold pieces");
        if facts.key_royal(piece) {
            continue;
        }
        if facts.ends_game(piece) {
            score -= facts.zone(square).and(danger).len() as i32 * LEAD_GUARD_PRESSURE;
            if danger.contains(square) {
                score -= LEAD_GUARD_ATTACKED;
            }
        } else if facts.armed(piece) {
            let nearest = enemy_royals.iter().map(|r| facts.geometry().distance(square, r)).min();
            score += nearest.map_or(0, |d| (far - d) * HUNT_TROPISM);
        }
    }
    score
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::jetan;

    /// The evaluation of a classic position, from its text (ranks 10 to 1), for the side to
    /// move.
    fn score(text: &str) -> i32 {
        let position = Position::from_text(jetan(&[]), text).unwrap_or_else(|e| panic!("{text}: {e}"));
        evaluate(&position, &Facts::new(&position)).score
    }

    /// How much more the evaluation gains from the change of `before` into `after` (the
    /// board's ranks 9 to 2) when South is decisively ahead than when material is level:
    /// North's rank 10 holds its Chief on h10 and nothing else of value, or also a Dwar, a
    /// Warrior and a Flier on a10 to c10.
    fn gained_by_leading(before: &str, after: &str, south_rank_1: &str) -> i32 {
        let change = |rank_10: &str| {
            let [before, after] =
                [before, after].map(|middle| score(&format!("{rank_10}/{middle}/{south_rank_1} s - - 100")));
            after - before
        };
        change("7c2") - change("dwf4c2")
    }

    #[test]
    fn ahead_on_material_the_pieces_close_in_on_the_enemy_princess() {
        // South's Dwar comes from j1 to e5, three steps from the North Princess on e8 (seven
        // before), and now attacks squares she could go to; material level, the same change
        // gains as much (the terms are zero there).
        let (before, after) = ("10/4r5/10/10/10/10/10/10", "10/4r5/10/10/4D5/10/10/10");
        let gained = gained_by_leading(before, after, "F1W1CR4");
        let far = score("7c2/10/4r5/10/10/10/10/10/10/F1W1CR3D s - - 100");
        assert!(far > 300, "South is ahead: {far}");
        assert!(gained >= 40, "the hunt's terms gained {gained}");
    }

    #[test]
    fn ahead_on_material_the_chief_keeps_away_from_enemy_pieces() {
        // A North Warrior comes from j9 to e4, where it attacks squares next to South's Chief
        // on e1 (not the Chief itself); material level, the same change costs as much.
        let (before, after) = ("9w/4r5/10/10/10/10/10/10", "10/4r5/10/10/10/4w5/10/10");
        let gained = gained_by_leading(before, after, "F1W1CR3D");
        assert!(gained <= -30, "the Chief's guard terms gained {gained}");
    }

    #[test]
    fn with_both_armies_small_the_lead_fades_with_the_plies_left() {
        let board = "7c2/10/4r5/10/4D5/10/10/10/10/4CR4";
        let uncounted = score(&format!("{board} s - - 100"));
        let [first, last] = ["0", "9"].map(|count| score(&format!("{board} s - {count} 100")));
        assert!(uncounted > 200, "South is ahead by a Dwar: {uncounted}");
        assert!(first > 0 && 2 * first <= uncounted, "at once: {first} of {uncounted}");
        assert!(last > 0 && 10 * last <= uncounted, "one ply left: {last} of {uncounted}");
    }
}
