//! Perft counts checked against the table in `tests/perft/*.perft`, whose deeper counts come
//! from independent implementations of RULES.md (`tools/jetan_ref.py`, `tools/jetan_ref_sarang.py`,
//! `tools/jetan_ref_jeddara.py`).

mod common;

use jetan_rules::{Position, perft};

/// One case of a perft table: rule options, where it starts, and the counts by depth.
#[derive(Default)]
struct Case {
    options: Vec<String>,
    /// Moves in notation from the start, comma-separated.
    moves: String,
    /// A position text, instead of moves.
    position: Option<String>,
    counts: Vec<(u32, u64)>,
}

/// Reads a perft table: cases of an optional `options: id=choice ...` line, then `moves:
/// <comma-separated moves or ->` or `position: <position text>`, then `perft D: COUNT` lines.
fn cases(text: &str) -> Vec<Case> {
    let mut cases: Vec<Case> = Vec::new();
    let mut options = Vec::new();
    for line in text.lines().map(str::trim).filter(|l| !l.is_empty() && !l.starts_with('#')) {
        if let Some(list) = line.strip_prefix("options:") {
            options = list.split_whitespace().map(String::from).collect();
        } else if let Some(moves) = line.strip_prefix("moves:") {
            let moves = moves.trim().trim_matches('-').to_string();
            cases.push(Case { options: std::mem::take(&mut options), moves, ..Case::default() });
        } else if let Some(position) = line.strip_prefix("position:") {
            let position = Some(position.trim().to_string());
            cases.push(Case { options: std::mem::take(&mut options), position, ..Case::default() });
        } else if let Some(rest) = line.strip_prefix("perft ") {
            let (depth, count) = rest.split_once(':').expect("perft D: COUNT");
            let case = cases.last_mut().expect("a moves: or position: line comes first");
            case.counts.push((depth.trim().parse().unwrap(), count.trim().parse().unwrap()));
        }
    }
    cases
}

/// Checks every case of a table against the engine.
fn check_table(file: &str, variant: impl Fn(&[&str]) -> std::sync::Arc<jetan_rules::Variant>) {
    let path = format!("{}/tests/perft/{file}", env!("CARGO_MANIFEST_DIR"));
    let cases = cases(&std::fs::read_to_string(path).unwrap());
    assert!(!cases.is_empty());
    for case in cases {
        let options: Vec<&str> = case.options.iter().map(String::as_str).collect();
        let variant = variant(&options);
        let mut position = match &case.position {
            Some(text) => Position::from_text(variant, text).unwrap(),
            None => Position::start(variant),
        };
        position.play_turns(&case.moves).unwrap_or_else(|e| panic!("{e}"));
        for (depth, expected) in case.counts {
            let from = case.position.as_deref().unwrap_or(&case.moves);
            assert_eq!(perft(&mut position, depth), expected, "perft {depth} of {from} with {options:?}");
        }
    }
}

#[test]
fn classic_perft_matches_the_reference() {
    check_table("jetan.perft", common::jetan);
}

#[test]
fn sarang_perft_matches_the_reference() {
    check_table("jetan_sarang.perft", common::sarang);
}

#[test]
fn jeddara_perft_matches_the_reference() {
    check_table("jetan_jeddara.perft", common::jeddara);
}

#[test]
fn start_position_has_78_moves() {
    let position = Position::start(common::jetan(&[]));
    let moves = position.legal_moves();
    assert_eq!(moves.len(), 78);
    let escapes = moves.iter().filter(|m| m.kind == jetan_rules::MoveKind::Escape).count();
    assert_eq!(escapes, 26);
}
