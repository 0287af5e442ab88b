//! Where things are in a RON file: strings that remember their place, and errors as `FILE:LINE:COL: message`.
//!
//! Serde gives a value no position, so every string of the lessons and puzzles schemas is a
//! [`Text`] that records the ordinal of its literal (the how-many-th string literal of the file).
//! [`Source`] finds the file's string literals once, in one pass, and a table of line starts, so
//! an error about a value ("no legal move takes a Panthan") points at its line and column
//! without scanning the file again.

use std::cell::Cell;
use std::fmt;

use serde::{Deserialize, Deserializer};

thread_local! {
    static STRINGS_READ: Cell<usize> = const { Cell::new(0) };
}

/// A string read from a RON file, with the ordinal of its literal in that file.
#[derive(Clone, Debug, Default)]
pub struct Text {
    /// The string's value.
    pub value: String,
    ordinal: Option<usize>,
}

impl Text {
    /// A string that was not read from a file (it has no place).
    pub fn new(value: impl Into<String>) -> Text {
        Text { value: value.into(), ordinal: None }
    }

    /// The string's value.
    pub fn as_str(&self) -> &str {
        &self.value
    }
}

impl PartialEq for Text {
    fn eq(&self, other: &Self) -> bool {
        self.value == other.value
    }
}

impl Eq for Text {}

impl fmt::Display for Text {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.value)
    }
}

impl<'de> Deserialize<'de> for Text {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let value = String::deserialize(deserializer)?;
        let ordinal = STRINGS_READ.with(|count| {
            let ordinal = count.get();
            count.set(ordinal + 1);
            ordinal
        });
        Ok(Text { value, ordinal: Some(ordinal) })
    }
}

impl serde::Serialize for Text {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(&self.value)
    }
}

/// One problem of a file, at its place.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FileError {
    /// The file, as the caller named it.
    pub file: String,
    /// Line, from 1.
    pub line: usize,
    /// Column, from 1 (in characters).
    pub col: usize,
    /// What is wrong.
    pub message: String,
}

impl fmt::Display for FileError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}:{}: {}", self.file, self.line, self.col, self.message)
    }
}

/// Every problem found in a file, in the order found.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub struct FileErrors(pub Vec<FileError>);

impl fmt::Display for FileErrors {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, error) in self.0.iter().enumerate() {
            if i > 0 {
                writeln!(f)?;
            }
            write!(f, "{error}")?;
        }
        Ok(())
    }
}

/// A RON source read with [`Text`]s, its string literals and lines located.
pub(crate) struct Source<'a> {
    origin: &'a str,
    text: &'a str,
    /// Byte offset of each string literal's opening quote, in file order.
    literals: Vec<usize>,
    /// Byte offset of each line's first character.
    lines: Vec<usize>,
}

impl<'a> Source<'a> {
    /// Reads `text` (named `origin` in errors) as a `T`, numbering its [`Text`]s, with RON's
    /// implicit `Some` on; a syntax error or unknown key is an error at its place.
    pub(crate) fn read<T: serde::de::DeserializeOwned>(
        text: &'a str,
        origin: &'a str,
    ) -> Result<(Self, T), FileErrors> {
        let source = Source { origin, text, literals: string_literals(text), lines: line_starts(text) };
        let options = ron::Options::default().with_default_extension(ron::extensions::Extensions::IMPLICIT_SOME);
        STRINGS_READ.with(|count| count.set(0));
        match options.from_str::<T>(text) {
            Ok(value) => Ok((source, value)),
            Err(e) => Err(FileErrors(vec![FileError {
                file: origin.to_string(),
                line: e.span.start.line,
                col: e.span.start.col,
                message: e.code.to_string(),
            }])),
        }
    }

    /// An error at the literal of `text` (at 1:1 for a string not read from this file).
    pub(crate) fn error(&self, text: &Text, message: impl Into<String>) -> FileError {
        let offset = text.ordinal.and_then(|n| self.literals.get(n).copied()).unwrap_or(0);
        self.error_at(offset, message)
    }

    /// An error at a byte offset.
    fn error_at(&self, offset: usize, message: impl Into<String>) -> FileError {
        let line = self.lines.partition_point(|&start| start <= offset).max(1);
        let start = self.lines[line - 1];
        let col = self.text[start..offset.min(self.text.len())].chars().count() + 1;
        FileError { file: self.origin.to_string(), line, col, message: message.into() }
    }

    /// An error at the start of the file.
    pub(crate) fn error_at_start(&self, message: impl Into<String>) -> FileError {
        self.error_at(0, message)
    }
}

/// The byte offset of each line's start.
fn line_starts(text: &str) -> Vec<usize> {
    std::iter::once(0).chain(text.match_indices('\n').map(|(i, _)| i + 1)).collect()
}

/// The offsets of a RON text's string literals' opening quotes, in order, skipping comments
/// and character literals.
fn string_literals(text: &str) -> Vec<usize> {
    let bytes = text.as_bytes();
    let mut literals = Vec::new();
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'/' if bytes.get(i + 1) == Some(&b'/') => {
                i = text[i..].find('\n').map_or(bytes.len(), |n| i + n);
            }
            b'/' if bytes.get(i + 1) == Some(&b'*') => {
                i = text[i + 2..].find("*/").map_or(bytes.len(), |n| i + 2 + n + 2);
            }
            b'\'' => {
                i += 1;
                while i < bytes.len() && bytes[i] != b'\'' {
                    i += if bytes[i] == b'\\' { 2 } else { 1 };
                }
                i += 1;
            }
            b'"' => {
                literals.push(i);
                i += 1;
                while i < bytes.len() && bytes[i] != b'"' {
                    i += if bytes[i] == b'\\' { 2 } else { 1 };
                }
                i += 1;
            }
            b'r' if is_raw_string_start(bytes, i) => {
                let hashes = bytes[i + 1..].iter().take_while(|&&b| b == b'#').count();
                literals.push(i);
                let close = format!("\"{}", "#".repeat(hashes));
                let body = i + 2 + hashes;
                i = text[body..].find(&close).map_or(bytes.len(), |n| body + n + close.len());
            }
            _ => i += 1,
        }
    }
    literals
}

/// Whether a raw string literal (`r"…"`, `r#"…"#`) starts at `i`, not inside an identifier.
fn is_raw_string_start(bytes: &[u8], i: usize) -> bool {
    let ident_before = i > 0 && (bytes[i - 1].is_ascii_alphanumeric() || bytes[i - 1] == b'_');
    let hashes = bytes[i + 1..].iter().take_while(|&&b| b == b'#').count();
    !ident_before && bytes.get(i + 1 + hashes) == Some(&b'"')
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(serde::Deserialize)]
    struct Two {
        a: Text,
        b: Vec<Text>,
    }

    #[test]
    fn errors_point_at_the_literal() {
        let text = "// \"not a literal\"\n(\n  a: \"x\",\n  b: [\"y\", r#\"z\"#],\n)";
        let (source, two) = Source::read::<Two>(text, "t.ron").unwrap();
        assert_eq!(source.error(&two.a, "m").to_string(), "t.ron:3:6: m");
        assert_eq!(source.error(&two.b[1], "m").to_string(), "t.ron:4:12: m");
    }

    #[test]
    fn syntax_errors_have_places() {
        let Err(errors) = Source::read::<Two>("(\n a: \"x\",\n c: 1)", "t.ron") else { panic!() };
        assert!(errors.to_string().starts_with("t.ron:3:"), "{errors}");
    }
}
