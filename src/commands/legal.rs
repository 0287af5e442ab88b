//! `jetan legal`: the legal moves of a position, one per line.

use super::GameArgs;

/// Prints every legal move in notation; a finished game prints its outcome instead.
pub fn run(game: &GameArgs) -> Result<(), String> {
    let position = game.position()?;
    for mv in position.legal_moves() {
        println!("{}", position.move_text(mv));
    }
    if let Some(outcome) = position.outcome() {
        println!("{}", outcome.describe(position.variant()));
    }
    Ok(())
}
