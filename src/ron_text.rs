//! The RON texts the game reads besides variants (records, settings, looks, sounds): read with
//! errors that name the line and column, including errors about a value serde read without its
//! place, found in one pass over the text however many errors there are ([`TextIndex`]).

use jetan_rules::TextIndex;
use serde::de::DeserializeOwned;

use crate::asset_path::is_asset_file;

/// Why a text can't be read, and where.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{line}:{column}: {message}")]
pub struct RonError {
    /// The line, from 1.
    pub line: usize,
    /// The column, from 1.
    pub column: usize,
    /// What is wrong.
    pub message: String,
}

impl RonError {
    /// An error about the value of `key` (where the field is first written, outside comments
    /// and strings, else the start).
    pub fn at_key(index: &TextIndex, key: &str, message: String) -> RonError {
        RonError::at(index, index.find_key(key), message)
    }

    /// An error about the value written `needle` (its first occurrence in the text outside a
    /// comment, else the start).
    pub fn at_text(index: &TextIndex, needle: &str, message: String) -> RonError {
        RonError::at_text_after(index, 0, needle, message)
    }

    /// An error about the value written `needle`, its first occurrence from byte `from` on
    /// (in a section of the text).
    pub fn at_text_after(index: &TextIndex, from: usize, needle: &str, message: String) -> RonError {
        RonError::at(index, index.find_outside_comments(from, needle), message)
    }

    /// An error at byte `at` of the text (the start if none).
    pub fn at(index: &TextIndex, at: Option<usize>, message: String) -> RonError {
        let place = index.location(at.unwrap_or(0));
        RonError { line: place.line, column: place.col, message }
    }
}

/// Reads `text` as a `T`.
///
/// # Errors
/// Where the text is not RON or not a `T`.
pub fn read<T: DeserializeOwned>(text: &str) -> Result<T, RonError> {
    read_with(&ron::Options::default(), text)
}

/// Reads `text` as a `T` with these RON options (extensions such as implicit `Some`).
///
/// # Errors
/// Where the text is not RON or not a `T`.
pub fn read_with<T: DeserializeOwned>(options: &ron::Options, text: &str) -> Result<T, RonError> {
    options.from_str(text).map_err(|e| RonError {
        line: e.span.start.line,
        column: e.span.start.col,
        message: e.code.to_string(),
    })
}

/// Checks that the variant named at `key` in `text` is a file under assets/ ([`is_asset_file`]).
///
/// # Errors
/// It isn't, at the key's place.
pub fn check_variant(text: &str, key: &str, variant: &str) -> Result<(), RonError> {
    if is_asset_file(variant) {
        return Ok(());
    }
    let message = format!("the variant `{variant}` must be a .ron file under the game's assets/ or mods://");
    Err(RonError::at_key(&TextIndex::new(text), key, message))
}
