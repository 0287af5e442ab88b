//! Where things are in a RON source: strings that remember their place, and line/column lookup.
//!
//! Serde gives a deserialized value no position, so every string of a schema (the variant's, and
//! those of other crates' RON files: lessons, puzzles) is a [`Text`] that records its ordinal:
//! the how-many-th string literal of the file it was read from. [`Source`] reads a file and
//! tokenizes its string literals, so a semantic error about a string ("unknown piece kind `Q`")
//! is a [`LoadError`] at its line and column.

use std::cell::Cell;
use std::fmt;

use serde::{Deserialize, Deserializer};

use crate::text_index::TextIndex;
use crate::{LoadError, LoadErrors};

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

impl PartialOrd for Text {
    fn partial_cmp(&self, other: &Self) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Text {
    fn cmp(&self, other: &Self) -> std::cmp::Ordering {
        self.value.cmp(&other.value)
    }
}

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

/// Runs `read`, numbering the [`Text`]s it deserializes from 0.
fn with_text_ordinals<T>(read: impl FnOnce() -> T) -> T {
    STRINGS_READ.with(|count| count.set(0));
    read()
}

/// A line and column, both counted from 1 (columns in characters).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct Location {
    /// Line, from 1.
    pub line: usize,
    /// Column, from 1.
    pub col: usize,
}

impl Location {
    /// The start of a file, where an error about the whole file stands.
    pub const START: Location = Location { line: 1, col: 1 };
}

/// A string literal of the source: where its text starts (after the quote) and its raw text.
struct Literal {
    start: usize,
    raw_len: usize,
    value: String,
}

/// A RON source, named as its errors name it, with its lines, comments and string literals
/// located.
pub struct Source<'a> {
    origin: &'a str,
    index: TextIndex<'a>,
    literals: Vec<Literal>,
}

impl<'a> Source<'a> {
    /// `text`, named `origin` in errors.
    pub fn new(text: &'a str, origin: &'a str) -> Self {
        let index = TextIndex::new(text);
        let literals = string_literals(&index);
        Source { origin, index, literals }
    }

    /// Reads `text` (named `origin` in errors) as a `T` with RON `options`, numbering the
    /// [`Text`]s it holds so that errors about them find their places.
    ///
    /// # Errors
    /// RON's own: a syntax error, an unknown key or a missing one, at its place.
    pub fn read<T: serde::de::DeserializeOwned>(
        text: &'a str,
        origin: &'a str,
        options: &ron::Options,
    ) -> Result<(Self, T), LoadErrors> {
        let value = with_text_ordinals(|| options.from_str::<T>(text)).map_err(|error| {
            let location = Location { line: error.span.start.line, col: error.span.start.col };
            LoadErrors(vec![LoadError { origin: origin.into(), location, message: error.code.to_string() }])
        })?;
        Ok((Source::new(text, origin), value))
    }

    /// An error at `text`'s value (see [`Source::locate`]).
    pub fn error(&self, text: &Text, message: impl Into<String>) -> LoadError {
        self.error_within(text, 0, message)
    }

    /// An error at byte `within` of `text`'s value (see [`Source::locate`]).
    pub fn error_within(&self, text: &Text, within: usize, message: impl Into<String>) -> LoadError {
        self.error_at(self.locate(text, within), message)
    }

    /// An error at `location`.
    pub fn error_at(&self, location: Location, message: impl Into<String>) -> LoadError {
        LoadError { origin: self.origin.into(), location, message: message.into() }
    }

    /// The location of a byte offset.
    pub fn location(&self, offset: usize) -> Location {
        self.index.location(offset)
    }

    /// Where the field `key` is first written (`key:` outside comments and strings), or 1:1.
    pub fn locate_key(&self, key: &str) -> Location {
        self.index.find_key(key).map_or(Location::START, |at| self.location(at))
    }

    /// Where `text` stands in the file; `within` is a byte offset inside its value (0 for the
    /// opening quote's neighbour). Falls back to the first literal with the same value, then to 1:1.
    pub fn locate(&self, text: &Text, within: usize) -> Location {
        let by_ordinal = text.ordinal.and_then(|n| self.literals.get(n)).filter(|literal| literal.value == text.value);
        let literal = by_ordinal.or_else(|| self.literals.iter().find(|l| l.value == text.value));
        match literal {
            // Point inside the literal only where its raw text is its value (no escapes).
            Some(l) if l.raw_len == l.value.len() && within <= l.raw_len => self.location(l.start + within),
            Some(l) => self.location(l.start.saturating_sub(1)),
            None => Location::START,
        }
    }
}

/// The string literals of an indexed RON text in order (not those in comments, nor characters).
fn string_literals(index: &TextIndex) -> Vec<Literal> {
    let text = index.text();
    let literal = |span: std::ops::Range<usize>| match text.as_bytes()[span.start] {
        b'r' => raw_literal(text, span.start + 1).0,
        _ => quoted_literal(text, span.start + 1).0,
    };
    index.string_spans().map(literal).collect()
}

/// Reads a `"…"` literal whose text starts at `start`; returns it and the offset after it.
fn quoted_literal(text: &str, start: usize) -> (Literal, usize) {
    let bytes = text.as_bytes();
    let mut value = String::new();
    let mut i = start;
    while i < bytes.len() && bytes[i] != b'"' {
        if bytes[i] == b'\\' && i + 1 < bytes.len() {
            let (unescaped, len) = unescape(&text[i + 1..]);
            value.push_str(&unescaped);
            i += 1 + len;
        } else {
            let c = text[i..].chars().next().unwrap_or('\u{fffd}');
            value.push(c);
            i += c.len_utf8();
        }
    }
    (Literal { start, raw_len: i - start, value }, i + 1)
}

/// Unescapes what follows a backslash: the text it stands for and how many bytes it took.
fn unescape(after: &str) -> (String, usize) {
    let Some(c) = after.chars().next() else { return (String::new(), 0) };
    match c {
        'n' => ("\n".into(), 1),
        't' => ("\t".into(), 1),
        'r' => ("\r".into(), 1),
        '0' => ("\0".into(), 1),
        'u' if after.starts_with("u{") => {
            let end = after.find('}').unwrap_or(after.len() - 1);
            let code = u32::from_str_radix(&after[2..end], 16).ok().and_then(char::from_u32);
            (code.map(String::from).unwrap_or_default(), end + 1)
        }
        'x' if after.len() >= 3 => {
            let code = u8::from_str_radix(&after[1..3], 16).map(char::from);
            (code.map(String::from).unwrap_or_default(), 3)
        }
        other => (other.to_string(), other.len_utf8()),
    }
}

/// Reads an `r#"…"#` literal starting after the `r`; returns it and the offset after it.
fn raw_literal(text: &str, after_r: usize) -> (Literal, usize) {
    let hashes = text[after_r..].bytes().take_while(|&b| b == b'#').count();
    let start = after_r + hashes + 1;
    let closing = format!("\"{}", "#".repeat(hashes));
    let end = text[start..].find(&closing).map_or(text.len(), |n| start + n);
    let value = text[start..end].to_string();
    (Literal { start, raw_len: end - start, value }, (end + closing.len()).min(text.len()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn literals_skip_comments_and_chars() {
        let src = "// \"not\"\n(a: \"one\", /* \"no\" /* \"nest\" */ */ b: '\"', c: r#\"two\"#, d: \"t\\\"x\")";
        let values: Vec<_> = string_literals(&TextIndex::new(src)).into_iter().map(|l| l.value).collect();
        assert_eq!(values, ["one", "two", "t\"x"]);
    }

    #[test]
    fn locations_are_one_based() {
        let src = "(\n  name: \"Jetan\",\n)";
        let source = Source::new(src, "t.ron");
        let text = Text { value: "Jetan".into(), ordinal: Some(0) };
        assert_eq!(source.locate(&text, 0), Location { line: 2, col: 10 });
        assert_eq!(source.locate(&text, 2), Location { line: 2, col: 12 });
    }
}
