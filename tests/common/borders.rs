//! What the game's borders check of their input, shared by the property tests and the fuzz
//! targets (`fuzz/`): records and settings read without panicking, what is accepted is in range
//! and writes back as itself, and what is refused says where.

use std::sync::Arc;

use jetan::asset_path::is_asset_file;
use jetan::records::GameRecord;
use jetan::settings::{ANIMATION_SPEEDS, Settings};
use jetan_rules::Variant;

/// Asserts that `line` and `column` are a place inside `text`.
fn assert_inside(text: &str, line: usize, column: usize, what: &str) {
    let lines = text.lines().count().max(1);
    assert!((1..=lines + 1).contains(&line) && column >= 1, "{what} at {line}:{column} is outside the text");
}

/// Reads `text` as a game record. A refused one names a place in it; an accepted one names a
/// variant under assets/, writes back as itself and, when it names one of `variants` (asset
/// path and variant), replays to its end or names its first bad move.
pub fn check_record_text(text: &str, variants: &[(&str, Arc<Variant>)]) {
    let record = match GameRecord::from_text(text) {
        Ok(record) => record,
        Err(error) => return assert_inside(text, error.line, error.column, &error.message),
    };
    assert!(is_asset_file(&record.variant), "{}", record.variant);
    assert_eq!(GameRecord::from_text(&record.to_text()).as_ref(), Ok(&record));
    let Some((_, base)) = variants.iter().find(|(path, _)| *path == record.variant) else { return };
    match record.replay(base) {
        Ok(game) => {
            let played: Vec<String> = game.turns().into_iter().map(|(_, text)| text).collect();
            assert_eq!(played.len(), record.moves.len(), "every move of the record is played");
            if record.result.is_none() {
                assert_eq!(record.result_note(&game), None, "a record that says no result gets no note");
            }
        }
        Err(jetan::records::ReplayError::BadMove(bad)) => {
            assert!((1..=record.moves.len()).contains(&bad.number), "move {} of {}", bad.number, record.moves.len());
            assert_eq!(bad.text, record.moves[bad.number - 1].trim(), "the bad move is named as the record has it");
        }
        Err(error) => assert!(!record.same_rules(base), "{error}: only a record of other rules fails so"),
    }
}

/// Reads `text` as settings. Refused ones name a place in it; accepted ones are in range and
/// write back as themselves.
pub fn check_settings_text(text: &str) {
    let settings = match Settings::from_text(text) {
        Ok(settings) => settings,
        Err(error) => return assert_inside(text, error.line, error.column, &error.message),
    };
    assert!(ANIMATION_SPEEDS.contains(&settings.animation_speed), "{}", settings.animation_speed);
    assert!(is_asset_file(&settings.variant), "{}", settings.variant);
    assert!((1..=jetan_ai::MAX_THREADS).contains(&settings.ai_threads), "{}", settings.ai_threads);
    assert_eq!(Settings::from_text(&settings.to_text()), Ok(settings));
}
