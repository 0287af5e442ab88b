//! The RON texts the game reads besides variants (records, settings): read with errors that
//! name the line and column, including errors about a value serde read without its place.

use serde::de::DeserializeOwned;

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
    /// An error about the value of `key` (its first occurrence in `text` outside a `//`
    /// comment, else the start).
    pub fn at_key(text: &str, key: &str, message: String) -> RonError {
        RonError::at_text(text, &format!("{key}:"), message)
    }

    /// An error about the value written `needle` (its first occurrence in `text` outside a
    /// `//` comment, else the start).
    pub fn at_text(text: &str, needle: &str, message: String) -> RonError {
        RonError::at_text_after(text, 0, needle, message)
    }

    /// An error about the value written `needle`, its first occurrence from byte `from` on
    /// (in a section of the text).
    pub fn at_text_after(text: &str, from: usize, needle: &str, message: String) -> RonError {
        let found = find_outside_comments(text, from, needle);
        let before = &text[..found.unwrap_or(0)];
        let line = before.matches('\n').count() + 1;
        let column = before.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
        RonError { line, column, message }
    }
}

/// Where `needle` first stands in `text` from byte `from` on, outside a `//` comment.
pub fn find_outside_comments(text: &str, from: usize, needle: &str) -> Option<usize> {
    let in_comment = |at: usize| text[..at].rsplit('\n').next().is_some_and(|line| line.contains("//"));
    let found = text.get(from..).unwrap_or_default().match_indices(needle).map(|(at, _)| from + at);
    found.into_iter().find(|&at| !in_comment(at))
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
    Err(RonError::at_key(text, key, message))
}

/// Whether `path` names a `.ron` file inside a folder without leaving it
/// ([`jetan_rules::is_plain_path`]), after a `mods://` for the mods folder. Variants named by
/// records, settings and flags must be, so that they stay inside `assets/` or the mods folder.
pub fn is_asset_file(path: &str) -> bool {
    jetan_rules::is_plain_path(path.strip_prefix(crate::places::MODS_PREFIX).unwrap_or(path), ".ron")
}
