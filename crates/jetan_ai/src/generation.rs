//! Which moves the search generates: group moves with at most one follower chosen (a piece and
//! an escorted female, passenger or squad mate; a train with one car more), so that Jetan
//! Jeddara's thousands of squad, airship and train moves don't leave the search no time to
//! look deeper. (What one follower more would take, a move with one follower takes too.)

use jetan_rules::{Move, Position, Selection};

/// At most this many pieces chosen to go along with a group's mover.
const FOLLOWERS: u8 = 1;

/// Appends the moves the search tries to `moves` (every legal move if the bound leaves none,
/// so that a side with moves is never taken to have none).
pub(crate) fn moves(position: &Position, moves: &mut Vec<Move>) {
    let start = moves.len();
    position.generate_some(Selection::ALL.with_followers(FOLLOWERS), moves);
    if moves.len() == start {
        position.generate(moves);
    }
}

/// Appends the captures the search tries to `moves`: those of [`moves`] that take a piece.
pub(crate) fn captures(position: &Position, moves: &mut Vec<Move>) {
    let enemies = position.occupied().minus(position.occupied_by(position.to_move()));
    position.generate_some(Selection::touching(enemies).with_followers(FOLLOWERS), moves);
}
