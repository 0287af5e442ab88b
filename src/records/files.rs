//! Record files chosen by the player: reading one with errors that say what and where, the
//! check that a file may be written over, a name for a new save, the saves on disk.

use std::path::{Path, PathBuf};

use super::GameRecord;
use crate::game::Game;

/// Reads a game record. The error names the file and says what is wrong and where: the
/// line and column of malformed, truncated or foreign text, or why the file can't be read.
///
/// # Errors
/// As above, one line, starting with the path.
pub fn read_record(path: &Path) -> Result<GameRecord, String> {
    let shown = path.display();
    let bytes =
        jetan_rules::read_file(path, jetan_rules::MAX_TEXT_BYTES).map_err(|error| format!("{shown}: {error}"))?;
    let text = match String::from_utf8(bytes) {
        Ok(text) => text,
        Err(error) => {
            let valid = &error.as_bytes()[..error.utf8_error().valid_up_to()];
            let (line, column) = line_column(&String::from_utf8_lossy(valid));
            return Err(format!("{shown}:{line}:{column}: not text (not UTF-8), so not a game record"));
        }
    };
    if text.trim().is_empty() {
        return Err(format!("{shown}: the file is empty"));
    }
    GameRecord::from_text(&text).map_err(|error| {
        if ends_open(&text) {
            let (line, column) = line_column(text.trim_end());
            format!(
                "{shown}:{line}:{column}: the file ends in the middle of a record (cut off while it was written or \
                 copied?); RON says {error}"
            )
        } else {
            format!("{shown}:{error} (this is not a whole Jetan game record)")
        }
    })
}

/// Whether the text stops inside a string or with brackets still open, as a record cut off
/// part way does.
fn ends_open(text: &str) -> bool {
    let mut depth = 0_i64;
    let mut chars = text.chars().peekable();
    while let Some(ch) = chars.next() {
        match ch {
            '"' => loop {
                match chars.next() {
                    None => return true,
                    Some('\\') => {
                        chars.next();
                    }
                    Some('"') => break,
                    Some(_) => {}
                }
            },
            '/' if chars.peek() == Some(&'/') => {
                chars.by_ref().take_while(|&c| c != '\n').for_each(drop);
            }
            '(' | '[' | '{' => depth += 1,
            ')' | ']' | '}' => depth -= 1,
            _ => {}
        }
    }
    depth > 0
}

/// The line and column (from 1) just after `text`.
fn line_column(text: &str) -> (usize, usize) {
    let line = text.matches('\n').count() + 1;
    let column = text.rsplit('\n').next().map_or(0, |last| last.chars().count()) + 1;
    (line, column)
}

/// Whether a game may be saved to `path`: a new file, or a game record (which the player
/// chose to replace). Anything else there is left alone.
///
/// # Errors
/// Why the file there must not be written over.
pub fn check_overwritable(path: &Path) -> Result<(), String> {
    crate::atomic_file::check_may_overwrite(path, |path| read_record(path).map(|_| ()))
}

/// Writes a game's moves to a text file as a Game Courier move list. A file already there is
/// replaced only if it reads as a move list.
///
/// # Errors
/// Why nothing was written.
pub fn write_move_list(path: &Path, moves: &[String]) -> Result<(), String> {
    let shown = path.display();
    crate::atomic_file::check_may_overwrite(path, |path| {
        let old =
            jetan_rules::read_text_file(path, jetan_rules::MAX_TEXT_BYTES).map_err(|e| format!("{shown}: {e}"))?;
        jetan_rules::courier::parse(&old).map(|_| ()).map_err(|e| format!("{shown}:{e}: not a move list"))
    })?;
    let text = jetan_rules::courier::format(moves);
    crate::atomic_file::write(path, text.as_bytes()).map_err(|e| format!("{shown}: could not write: {e}"))
}

/// A name for saving a game: the variant file's name and when the game started (UTC), in
/// the saves folder, e.g. `jetan-2026-11-29-1536.ron`.
pub fn suggested_path(dir: &Path, game: &Game) -> PathBuf {
    let stem = Path::new(&game.variant_path).file_stem().map_or("game".into(), |s| s.to_string_lossy());
    let (year, month, day) = civil_date(game.started / 86_400);
    let minutes = game.started % 86_400 / 60;
    dir.join(format!("{stem}-{year:04}-{month:02}-{day:02}-{:02}{:02}.ron", minutes / 60, minutes % 60))
}

/// The calendar date of a day counted from 1970-01-01 (Howard Hinnant's `civil_from_days`).
fn civil_date(days: u64) -> (u64, u64, u64) {
    let z = days + 719_468;
    let era = z / 146_097;
    let day_of_era = z - era * 146_097;
    let year_of_era = (day_of_era - day_of_era / 1460 + day_of_era / 36_524 - day_of_era / 146_096) / 365;
    let day_of_year = day_of_era - (365 * year_of_era + year_of_era / 4 - year_of_era / 100);
    let mp = (5 * day_of_year + 2) / 153;
    let day = day_of_year - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = year_of_era + era * 400 + u64::from(month <= 2);
    (year, month, day)
}

/// A save on disk, for the list to open from.
#[derive(Clone, Debug)]
pub struct SaveSummary {
    /// The file.
    pub path: PathBuf,
    /// The variant and the number of moves, or why it can't be read.
    pub description: String,
}

/// The newest saves in `dir` (by modification time), at most `count`.
pub fn recent_saves(dir: &Path, count: usize) -> Vec<SaveSummary> {
    let Ok(entries) = std::fs::read_dir(dir) else { return Vec::new() };
    let mut files: Vec<(std::time::SystemTime, PathBuf)> = entries
        .flatten()
        .filter(|entry| entry.path().extension().is_some_and(|e| e == "ron"))
        .filter_map(|entry| Some((entry.metadata().ok()?.modified().ok()?, entry.path())))
        .collect();
    files.sort_by(|a, b| b.cmp(a));
    files
        .into_iter()
        .take(count)
        .map(|(_, path)| {
            let description = match read_record(&path) {
                Ok(record) => {
                    let state = if record.result.is_some() { "finished" } else { "unfinished" };
                    format!("{}, {} moves, {state}", record.variant_name, record.moves.len())
                }
                Err(_) => "can't be read".into(),
            };
            SaveSummary { path, description }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dates_are_counted_from_1970() {
        assert_eq!(civil_date(0), (1970, 1, 1));
        assert_eq!(civil_date(59), (1970, 3, 1));
        assert_eq!(civil_date(11_016), (2000, 2, 29));
        assert_eq!(civil_date(20_786), (2026, 11, 29));
    }

    #[test]
    fn errors_say_where() {
        assert_eq!(line_column(""), (1, 1));
        assert_eq!(line_column("ab\ncd"), (2, 3));
        let dir = std::env::temp_dir().join(format!("jetan-files-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let file = dir.join("bad.ron");
        std::fs::write(&file, b"(\n  variant: \"x\xff\"").unwrap();
        let error = read_record(&file).unwrap_err();
        assert!(error.ends_with("bad.ron:2:14: not text (not UTF-8), so not a game record"), "{error}");
        std::fs::write(&file, "(\n  variant: \"variants/jetan.ron\",\n  variant_name: \"Jet").unwrap();
        let error = read_record(&file).unwrap_err();
        assert!(error.contains("bad.ron:3:21: the file ends in the middle of a record"), "{error}");
        std::fs::write(&file, "(\n  variant: \"variants/jetan.ron\",\n  colour: \"red\",\n)\n").unwrap();
        let error = read_record(&file).unwrap_err();
        assert!(error.contains("bad.ron:3:3: Unexpected field named `colour`"), "{error}");
        assert!(error.ends_with("(this is not a whole Jetan game record)"), "{error}");
        std::fs::write(&file, " \n").unwrap();
        assert!(read_record(&file).unwrap_err().ends_with("the file is empty"));
        assert!(check_overwritable(&file).is_err());
        assert!(check_overwritable(&dir.join("new.ron")).is_ok());
        assert!(check_overwritable(&dir).is_err());
        std::fs::remove_dir_all(&dir).ok();
    }
}
