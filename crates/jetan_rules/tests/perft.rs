//! Perft counts checked against the table in `tests/perft/*.perft`, whose deeper counts come
//! from an independent implementation of RULES.md (`tools/jetan_ref.py`).

mod common;

use jetan_rules::{Position, perft};

/// Reads a perft table: `moves: <comma-separated moves or ->` lines, each followed by
/// `perft D: COUNT` lines.
fn cases(text: &str) -> Vec<(String, Vec<(u32, u64)>)> {
    let mut cases: Vec<(String, Vec<(u32, u64)>)> = Vec::new();
    for line in text.lines().map(str::trim).filter(|l| !l.is_empty() && !l.starts_with('#')) {
        if let Some(moves) = line.strip_prefix("moves:") {
            cases.push((moves.trim().trim_matches('-').to_string(), Vec::new()));
        } else if let Some(rest) = line.strip_prefix("perft ") {
            let (depth, count) = rest.split_once(':').expect("perft D: COUNT");
            let case = cases.last_mut().expect("a moves: line comes first");
            case.1.push((depth.trim().parse().unwrap(), count.trim().parse().unwrap()));
        }
    }
    cases
}

#[test]
fn classic_perft_matches_the_reference() {
    let variant = common::jetan(&[]);
    let table = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/perft/jetan.perft")).unwrap();
    let cases = cases(&table);
    assert!(!cases.is_empty());
    for (moves, counts) in cases {
        let mut position = Position::start(variant.clone());
        let moves: Vec<&str> = moves.split(',').map(str::trim).filter(|m| !m.is_empty()).collect();
        common::play(&mut position, &moves);
        for (depth, expected) in counts {
            assert_eq!(perft(&mut position, depth), expected, "perft {depth} after {moves:?}");
        }
    }
}

#[test]
fn start_position_has_78_moves() {
    let position = Position::start(common::jetan(&[]));
    let moves = position.legal_moves();
    assert_eq!(moves.len(), 78);
    let escapes = moves.iter().filter(|m| m.kind == jetan_rules::MoveKind::Escape).count();
    assert_eq!(escapes, 26);
}
