//! The text index: its lines, comments and literals against a naive reference on random RON-like
//! texts built from pieces whose kind is known (words, keys, `//` and `/* */` comments, strings,
//! raw strings, characters), and a key placed after a very long comment line that repeats it.
//!
//! The property runs `PROPTEST_CASES` cases (500 by default).

mod common;

use std::ops::Range;

use jetan_rules::{Location, TextIndex};
use proptest::prelude::*;

/// A piece of a random text.
#[derive(Clone, Debug)]
enum Piece {
    /// Written as is, outside comments and literals.
    Word(&'static str),
    /// `//` and a comment, then a newline.
    Line(String),
    /// `/* */` around a comment, and a nested one if some.
    Block(String, Option<String>),
    /// `"…"` around a value, its `"` and `\` escaped.
    Str(String),
    /// ` r#"…"#` around a value.
    Raw(String),
    /// A character literal.
    Char(&'static str),
}

/// What comments and literals hold: anything that could be mistaken for a key, a comment, an
/// end of string or a line.
const FRAGMENTS: [&str; 16] =
    ["a", "variant", "variant:", " ", "\n", "//", "/", "*", "\"", "\\", "é", "'", "#", ":", "board :", "r"];

/// What stands between comments and literals.
const WORDS: [&str; 16] = [
    "variant",
    "variant:",
    "variant :",
    "board",
    ":",
    " ",
    "\n",
    "x",
    "_",
    "é",
    "(",
    ")",
    ",",
    "1",
    "x_variant:",
    "\t",
];

const CHARS: [&str; 4] = ["'a'", "'\"'", "'\\''", "'/'"];

fn fragments() -> impl Strategy<Value = String> {
    prop::collection::vec(prop::sample::select(FRAGMENTS.to_vec()), 0..6).prop_map(|parts| parts.concat())
}

fn piece() -> impl Strategy<Value = Piece> {
    prop_oneof![
        4 => prop::sample::select(WORDS.to_vec()).prop_map(Piece::Word),
        1 => fragments().prop_map(Piece::Line),
        1 => (fragments(), prop::option::of(fragments())).prop_map(|(outer, inner)| Piece::Block(outer, inner)),
        1 => fragments().prop_map(Piece::Str),
        1 => fragments().prop_map(Piece::Raw),
        1 => prop::sample::select(CHARS.to_vec()).prop_map(Piece::Char),
    ]
}

/// The text of `pieces`, with the spans of its comments and of its literals.
fn build(pieces: &[Piece]) -> (String, Vec<Range<usize>>, Vec<Range<usize>>) {
    let (mut text, mut comments, mut literals) = (String::new(), Vec::new(), Vec::new());
    for piece in pieces {
        let start = text.len();
        match piece {
            Piece::Word(word) => text.push_str(word),
            Piece::Line(comment) => {
                text.push_str(&format!("//{}", comment.replace('\n', " ")));
                comments.push(start..text.len());
                text.push('\n');
            }
            Piece::Block(outer, inner) => {
                // No `*` inside, so no `/*` or `*/` but the ones written here.
                let clean = |s: &str| s.replace('*', "+");
                let nested = inner.as_ref().map_or(String::new(), |inner| format!(" /* {} */ ", clean(inner)));
                text.push_str(&format!("/* {}{nested} */", clean(outer)));
                comments.push(start..text.len());
            }
            Piece::Str(value) => {
                text.push_str(&format!("\"{}\"", value.replace('\\', "\\\\").replace('"', "\\\"")));
                literals.push(start..text.len());
            }
            Piece::Raw(value) => {
                text.push_str(&format!(" r#\"{}\"#", value.replace('#', "+")));
                literals.push(start + 1..text.len());
            }
            Piece::Char(c) => {
                text.push_str(c);
                literals.push(start..text.len());
            }
        }
    }
    (text, comments, literals)
}

fn inside(spans: &[Range<usize>], byte: usize) -> bool {
    spans.iter().any(|span| span.contains(&byte))
}

/// The line and column of `byte`, counted from the text's start.
fn naive_location(text: &str, byte: usize) -> Location {
    let before = &text[..byte];
    Location { line: before.matches('\n').count() + 1, col: before.rsplit('\n').next().unwrap().chars().count() + 1 }
}

/// The first place from `from` on where `needle` starts outside the comments.
fn naive_find(text: &str, comments: &[Range<usize>], from: usize, needle: &str) -> Option<usize> {
    (from..=text.len()).find(|&at| text.is_char_boundary(at) && text[at..].starts_with(needle) && !inside(comments, at))
}

/// The first place where `key` is written as a key: after no identifier character, before a
/// colon (spaces between allowed), outside comments and literals.
fn naive_key(text: &str, comments: &[Range<usize>], literals: &[Range<usize>], key: &str) -> Option<usize> {
    let bytes = text.as_bytes();
    (0..text.len()).find(|&at| {
        text.is_char_boundary(at)
            && text[at..].starts_with(key)
            && (at == 0 || !(bytes[at - 1].is_ascii_alphanumeric() || bytes[at - 1] == b'_'))
            && text[at + key.len()..].trim_start().starts_with(':')
            && !inside(comments, at)
            && !inside(literals, at)
    })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: common::cases(500), ..ProptestConfig::default() })]

    #[test]
    fn the_index_answers_as_a_naive_reading(pieces in prop::collection::vec(piece(), 0..40), from in any::<usize>()) {
        let (text, comments, literals) = build(&pieces);
        let index = TextIndex::new(&text);
        for byte in (0..=text.len()).filter(|&b| text.is_char_boundary(b)) {
            prop_assert_eq!(index.location(byte), naive_location(&text, byte), "location of {} in {:?}", byte, text);
            prop_assert_eq!(index.in_comment(byte), inside(&comments, byte), "comment at {} in {:?}", byte, text);
            prop_assert_eq!(index.in_literal(byte), inside(&literals, byte), "literal at {} in {:?}", byte, text);
        }
        let from = from % (text.len() + 1);
        let from = (0..=from).rev().find(|&b| text.is_char_boundary(b)).unwrap();
        for needle in ["variant", "variant:", "//", "\"", "\n", "é", "*/", ":", ""] {
            prop_assert_eq!(
                index.find_outside_comments(from, needle),
                naive_find(&text, &comments, from, needle),
                "{:?} from {} in {:?}", needle, from, text
            );
        }
        for key in ["variant", "board", "x"] {
            prop_assert_eq!(index.find_key(key), naive_key(&text, &comments, &literals, key), "key {:?} in {:?}", key, text);
        }
    }
}

#[test]
fn a_key_after_a_long_comment_line_repeating_it_is_found() {
    let mut text = String::from("(\n    //");
    while text.len() < 4 << 20 {
        text.push_str(" variant:");
    }
    text.push_str("\n    variant: \"jetan.ron\",\n)");
    let index = TextIndex::new(&text);
    let key = index.find_key("variant").expect("the key");
    assert_eq!(index.location(key), Location { line: 3, col: 5 });
    let value = index.find_outside_comments(0, "variant").expect("the key's name");
    assert_eq!(value, key);
    assert_eq!(index.location(index.find_outside_comments(key, "jetan").unwrap()), Location { line: 3, col: 15 });
}

#[test]
fn places_past_the_end_or_inside_a_character_are_answered() {
    let index = TextIndex::new("é\nb");
    assert_eq!(index.location(99), Location { line: 2, col: 2 });
    assert_eq!(index.find_outside_comments(1, "b"), None);
    assert_eq!(index.find_outside_comments(99, ""), None);
    assert_eq!(index.find_key(""), None);
    assert!(!index.in_comment(99));
}
