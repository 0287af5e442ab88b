//! Where things are in a RON text, found in one pass: its lines, its comments and its literals,
//! so that placing an error or finding a key costs a binary search, not a rescan of the text.
//!
//! The text is read as RON reads it: `//` comments run to the end of their line, `/* */`
//! comments nest, `"…"` strings have `\` escapes, raw strings `r"…"`, `r#"…"#` end at their
//! quote and hashes, and `'…'` character literals are skipped (so a `"` or a `//` inside any
//! literal is neither a string's end nor a comment).

use std::ops::Range;

use crate::Location;

/// A RON text with its line starts, its comments' spans and its literals' spans, recorded in
/// one pass; every question after that is a binary search.
///
/// ```
/// use jetan_rules::{Location, TextIndex};
///
/// let text = "// variant: old\n(name: \"a//b\", variant: \"jetan.ron\")";
/// let index = TextIndex::new(text);
/// let key = index.find_key("variant").unwrap();
/// assert_eq!(index.location(key), Location { line: 2, col: 16 });
/// assert!(index.in_comment(3));
/// let value = index.find_outside_comments(0, "jetan.ron").unwrap();
/// assert_eq!(index.location(value), Location { line: 2, col: 26 });
/// ```
#[derive(Clone, Debug)]
pub struct TextIndex<'a> {
    text: &'a str,
    /// The byte offset of each line's first byte, the first 0.
    line_starts: Vec<usize>,
    /// `//` comments (without their newline) and `/* */` comments, in order, disjoint.
    comments: Vec<Range<usize>>,
    /// String and character literals, quotes included, in order, disjoint.
    literals: Vec<Range<usize>>,
}

impl<'a> TextIndex<'a> {
    /// Indexes `text` in one pass over its bytes.
    pub fn new(text: &'a str) -> Self {
        let bytes = text.as_bytes();
        let mut index = TextIndex { text, line_starts: vec![0], comments: Vec::new(), literals: Vec::new() };
        let mut i = 0;
        while i < bytes.len() {
            let (end, is_comment) = match bytes[i] {
                b'\n' => {
                    index.line_starts.push(i + 1);
                    i += 1;
                    continue;
                }
                b'/' if bytes.get(i + 1) == Some(&b'/') => {
                    (bytes[i..].iter().position(|&b| b == b'\n').map_or(bytes.len(), |n| i + n), true)
                }
                b'/' if bytes.get(i + 1) == Some(&b'*') => (block_comment_end(bytes, i), true),
                b'\'' => (char_literal_end(bytes, i), false),
                b'"' => (quoted_end(bytes, i), false),
                b'r' if is_raw_string_start(bytes, i) => (raw_end(text, i), false),
                _ => {
                    i += 1;
                    continue;
                }
            };
            index
                .line_starts
                .extend(bytes[i..end].iter().enumerate().filter(|(_, b)| **b == b'\n').map(|(n, _)| i + n + 1));
            if is_comment { &mut index.comments } else { &mut index.literals }.push(i..end);
            i = end;
        }
        index
    }

    /// The text indexed.
    pub fn text(&self) -> &'a str {
        self.text
    }

    /// The line and column (from 1; columns in characters) of byte offset `byte` (the text's
    /// end for an offset past it).
    pub fn location(&self, byte: usize) -> Location {
        let byte = byte.min(self.text.len());
        let line = self.line_starts.partition_point(|&start| start <= byte);
        let line_start = self.line_starts[line - 1];
        let chars = self.text.as_bytes()[line_start..byte].iter().filter(|&&b| b & 0xC0 != 0x80).count();
        Location { line, col: chars + 1 }
    }

    /// Whether byte offset `byte` is inside a `//` or `/* */` comment (its slashes included).
    pub fn in_comment(&self, byte: usize) -> bool {
        span_holding(&self.comments, byte).is_some()
    }

    /// Whether byte offset `byte` is inside a string or character literal (its quotes included).
    pub fn in_literal(&self, byte: usize) -> bool {
        span_holding(&self.literals, byte).is_some()
    }

    /// Where `needle` first starts at or after byte offset `from`, outside comments (inside
    /// string literals too: a value written `"jetan.ron"` is found by `jetan.ron`). `None` if
    /// it doesn't, or `from` is past the text or inside a character.
    pub fn find_outside_comments(&self, from: usize, needle: &str) -> Option<usize> {
        let mut from = from;
        loop {
            let at = from + self.text.get(from..)?.find(needle)?;
            match span_holding(&self.comments, at) {
                // Every later match starting inside this comment is inside it too.
                Some(comment) => from = comment.end,
                None => return Some(at),
            }
        }
    }

    /// Where the field `key` is first written: `key` not preceded by a letter, digit or `_`,
    /// followed by `:` (spaces between allowed), outside comments and literals.
    pub fn find_key(&self, key: &str) -> Option<usize> {
        if key.is_empty() {
            return None;
        }
        let bytes = self.text.as_bytes();
        let mut from = 0;
        loop {
            let at = from + self.text[from..].find(key)?;
            if let Some(span) = span_holding(&self.comments, at).or_else(|| span_holding(&self.literals, at)) {
                from = span.end;
                continue;
            }
            let before_ok = at == 0 || !(bytes[at - 1].is_ascii_alphanumeric() || bytes[at - 1] == b'_');
            if before_ok && self.text[at + key.len()..].trim_start().starts_with(':') {
                return Some(at);
            }
            from = at + key.len();
        }
    }

    /// The spans of the string literals (`"…"` and raw), quotes included, in order.
    pub(crate) fn string_spans(&self) -> impl Iterator<Item = Range<usize>> + '_ {
        self.literals.iter().filter(|span| self.text.as_bytes()[span.start] != b'\'').cloned()
    }
}

/// The span of `spans` (in order, disjoint) that holds `byte`.
fn span_holding(spans: &[Range<usize>], byte: usize) -> Option<&Range<usize>> {
    spans.get(spans.partition_point(|span| span.end <= byte)).filter(|span| span.start <= byte)
}

/// The end of the `/* */` comment starting at `start` (nested ones inside), or the text's end.
fn block_comment_end(bytes: &[u8], start: usize) -> usize {
    let mut depth = 0;
    let mut i = start;
    while i + 1 < bytes.len() {
        match (bytes[i], bytes[i + 1]) {
            (b'/', b'*') => {
                depth += 1;
                i += 2;
            }
            (b'*', b'/') => {
                depth -= 1;
                i += 2;
                if depth == 0 {
                    return i;
                }
            }
            _ => i += 1,
        }
    }
    bytes.len()
}

/// The end of the character literal starting at `start`, or the text's end.
fn char_literal_end(bytes: &[u8], start: usize) -> usize {
    let mut i = start + 1;
    while i < bytes.len() && bytes[i] != b'\'' {
        i += if bytes[i] == b'\\' { 2 } else { 1 };
    }
    (i + 1).min(bytes.len())
}

/// The end of the `"…"` string starting at `start`, or the text's end.
fn quoted_end(bytes: &[u8], start: usize) -> usize {
    let mut i = start + 1;
    while i < bytes.len() && bytes[i] != b'"' {
        i += if bytes[i] == b'\\' { 2 } else { 1 };
    }
    (i + 1).min(bytes.len())
}

/// Whether the `r` at `i` starts a raw string (`r"`, `r#"`…), not an identifier's letter.
fn is_raw_string_start(bytes: &[u8], i: usize) -> bool {
    let previous_is_ident = i > 0 && (bytes[i - 1].is_ascii_alphanumeric() || bytes[i - 1] == b'_');
    let mut j = i + 1;
    while bytes.get(j) == Some(&b'#') {
        j += 1;
    }
    !previous_is_ident && bytes.get(j) == Some(&b'"')
}

/// The end of the raw string whose `r` is at `start`, or the text's end.
fn raw_end(text: &str, start: usize) -> usize {
    let hashes = text[start + 1..].bytes().take_while(|&b| b == b'#').count();
    let body = start + 1 + hashes + 1;
    let closing = format!("\"{}", "#".repeat(hashes));
    text[body..].find(&closing).map_or(text.len(), |n| body + n + closing.len())
}
