//! `jetan replay FILE`: checks a saved game move by move.

use std::path::Path;

use jetan::records::read_record;

use super::say;

/// Prints the final position and result, or fails with the first bad move's number and text.
pub fn run(file: &Path) -> Result<(), String> {
    let record = read_record(file)?;
    let variant = super::load_recorded_variant(&record.variant)?;
    if !record.same_rules(&variant) {
        say!("note: {} has changed since this game was recorded", record.variant);
    }
    let game = record.replay(&variant).map_err(|e| format!("{}: {e}", file.display()))?;
    say!("{} moves of {}, all legal", record.moves.len(), variant.name());
    if let Some(note) = record.result_note(&game) {
        say!("note: {note}");
    }
    say(game.position().to_text());
    match game.outcome() {
        Some(outcome) => say(outcome.describe(game.position().variant())),
        None => say!("unfinished: {} to move", game.position().variant().side_name(game.position().to_move())),
    }
    Ok(())
}
