//! `jetan replay FILE`: checks a saved game move by move.

use std::path::Path;

use jetan::records::read_record;

/// Prints the final position and result, or fails with the first bad move's number and text.
pub fn run(file: &Path) -> Result<(), String> {
    let record = read_record(file)?;
    let variant_file = jetan::game_root().join("assets").join(&record.variant);
    let variant = super::load_variant(&variant_file)?;
    if !record.same_rules(&variant) {
        println!("note: {} has changed since this game was recorded", record.variant);
    }
    let game = record.replay(&variant).map_err(|e| format!("{}: {e}", file.display()))?;
    println!("{} moves of {}, all legal", record.moves.len(), variant.name());
    println!("{}", game.position.to_text());
    match game.outcome() {
        Some(outcome) => println!("{}", outcome.describe(game.position.variant())),
        None => println!("unfinished: {} to move", game.position.variant().side_name(game.position.to_move())),
    }
    Ok(())
}
