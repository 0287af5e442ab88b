//! What makes a position won on material, for the finishing suite and the evaluation's endgame
//! terms: one side ahead by a decisive margin of the pieces whose capture doesn't end the game.

use jetan_rules::{KindId, Piece, Position, Side};

/// The least lead, in the variant's values (hundredths of a Panthan), that is decisive: six
/// Panthans, more than a classic Flier.
pub const DECISIVE_LEAD: i32 = 600;

/// The side ahead by decisive material, given each side's material (South's, then North's):
/// ahead by at least [`DECISIVE_LEAD`] and by a quarter of the other side's material or more
/// (so that 4100 against 3500 early in a game is not decisive, 3500 against 2800 is).
pub(crate) fn leader_of(material: [i32; 2]) -> Option<Side> {
    let [south, north] = material;
    let (leader, more, less) = if south >= north { (Side::South, south, north) } else { (Side::North, north, south) };
    (more - less >= DECISIVE_LEAD && 4 * more >= 5 * less).then_some(leader)
}

/// Each side's material (South's, then North's): the values of its pieces but those for which
/// `ends_game` holds (whose capture ends the game, so they are never traded).
pub(crate) fn material(position: &Position, ends_game: impl Fn(Piece) -> bool) -> [i32; 2] {
    let variant = position.variant();
    Side::BOTH.map(|side| {
        let pieces = position.occupied_by(side).iter().filter_map(|square| position.piece_at(square));
        pieces.filter(|&piece| !ends_game(piece)).map(|piece| variant.kind(piece.kind).value).sum()
    })
}

/// Each side's material (South's, then North's) as [`decisive_side`] counts it: the values of
/// its pieces but those whose capture ends the game.
pub fn material_of(position: &Position) -> [i32; 2] {
    let variant = position.variant();
    let kinds = variant.kinds().len();
    let ends_game =
        |piece: Piece| (0..kinds).any(|mover| variant.capture_verdict(piece.kind, KindId(mover as u8)).is_some());
    material(position, ends_game)
}

/// The side ahead by decisive material in `position`, if one is (see [`DECISIVE_LEAD`]).
pub fn decisive_side(position: &Position) -> Option<Side> {
    leader_of(material_of(position))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::jetan;

    #[test]
    fn a_lead_is_decisive_when_large_in_itself_and_against_the_rest() {
        assert_eq!(leader_of([3500, 2800]), Some(Side::South));
        assert_eq!(leader_of([900, 1500]), Some(Side::North));
        assert_eq!(leader_of([4100, 3500]), None, "an early lead of six Panthans");
        assert_eq!(leader_of([1400, 900]), None, "five Panthans");
        assert_eq!(leader_of([600, 0]), Some(Side::South));
    }

    #[test]
    fn the_start_is_level_and_the_chief_and_princess_do_not_count() {
        let start = Position::start(jetan(&[]));
        assert_eq!(material_of(&start), [4100, 4100]);
        assert_eq!(decisive_side(&start), None);
    }
}
