//! `jetan legal`: the legal moves of a position, one per line.

use super::GameArgs;

/// Prints every legal move in notation; a finished game prints its outcome instead.
pub fn run(game: &GameArgs) -> Result<(), String> {
    let position = game.position()?;
    let moves = position.legal_moves().into_iter().map(|mv| position.move_text(mv));
    let outcome = position.outcome().map(|outcome| outcome.describe(position.variant()));
    super::print_lines(moves.chain(outcome))
}
