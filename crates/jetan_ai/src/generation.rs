//! Which moves the search generates: in a variant with thousands of moves a position (Jetan
//! Jeddara's squads, airships and trains), group moves with at most one follower (see
//! [`Facts::followers`]), so that the search has time to look deeper; the captures, and the
//! moves onto a rank that wins by reaching it, that quiescence and the search try first; and
//! the captures of the pieces attacking a royal piece, tried first while it is attacked; and
//! the moves that may win at once.

use jetan_rules::{Move, MoveFilter, Position};

use crate::facts::Facts;

/// Appends the moves the search tries to `moves`: every legal move if `whole` (at the root
/// when the royal piece is attacked: the one rescue may be a big group's) or if the bound
/// leaves none (a side with moves is never taken to have none).
pub(crate) fn moves(position: &Position, facts: &Facts, whole: bool, moves: &mut Vec<Move>) {
    let start = moves.len();
    if !whole {
        position.generate_some(MoveFilter::ALL.with_followers(facts.followers()), moves);
    }
    if moves.len() == start {
        position.generate(moves);
    }
}

/// Appends to `moves` the moves that take a piece or land on a square that may win the game by
/// reaching it, with at most [`Facts::capture_followers`] pieces going along with a group's
/// mover.
pub(crate) fn captures(position: &Position, facts: &Facts, moves: &mut Vec<Move>) {
    let side = position.to_move();
    let wanted = position.occupied().minus(position.occupied_by(side)).or(facts.goals(side));
    position.generate_some(MoveFilter::touching(wanted).with_followers(facts.capture_followers()), moves);
}

/// Appends to `moves` the moves that take a piece attacking a royal piece of the side to move
/// (bounded as [`moves`] is): while it is attacked, nearly every rescue there is, tried before
/// the others are generated. Returns the filter, which the later stages leave out.
pub(crate) fn attacker_captures(position: &Position, facts: &Facts, moves: &mut Vec<Move>) -> MoveFilter {
    let attackers = facts.royal_attackers(position, position.to_move());
    let filter = MoveFilter::touching(attackers).with_followers(facts.followers());
    position.generate_some(filter, moves);
    filter
}

/// Fills `moves` (emptied first) with the other moves that may rescue a royal piece of the side
/// to move from an attack (bounded as [`moves`] is), leaving out those of `taken` (the captures
/// of its attackers, searched before): the moves that take a piece or land near a royal piece
/// of the side to move, where nearly every other rescue is. Returns their filter.
pub(crate) fn near_rescues(position: &Position, facts: &Facts, taken: MoveFilter, moves: &mut Vec<Move>) -> MoveFilter {
    let near = MoveFilter::touching(facts.rescue_squares(position)).with_followers(facts.followers());
    moves.clear();
    position.generate_some(near, moves);
    moves.retain(|mv| !taken.passes(mv));
    near
}

/// Appends to `moves` the moves that may win the game at once (bounded as [`moves`] is): those
/// that land on an enemy royal piece or where a piece of the side to move wins by arriving.
pub(crate) fn winning_candidates(position: &Position, facts: &Facts, moves: &mut Vec<Move>) {
    let side = position.to_move();
    let royals = facts.royals(position, side.opponent()).map(|(square, _)| square);
    let wanted = royals.fold(facts.goals(side), |mut wanted, square| {
        wanted.insert(square);
        wanted
    });
    position.generate_some(MoveFilter::touching(wanted).with_followers(facts.followers()), moves);
}
