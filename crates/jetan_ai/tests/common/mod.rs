//! Helpers shared by the AI tests: the variants, hand-built positions and positions after moves.

#![allow(dead_code, reason = "each test file uses its own subset of the helpers")]

use std::path::Path;
use std::sync::Arc;

use jetan_rules::{Move, Position, Side, Variant};

/// Classic Jetan, as in `assets/variants/jetan.ron`.
pub fn jetan() -> Arc<Variant> {
    variant("jetan")
}

/// The variant of `assets/variants/{name}.ron`.
pub fn variant(name: &str) -> Arc<Variant> {
    let path = format!("{}/../../assets/variants/{name}.ron", env!("CARGO_MANIFEST_DIR"));
    Arc::new(Variant::load_file(Path::new(&path)).unwrap_or_else(|e| panic!("{e}")))
}

/// The position after `moves` (comma-separated, in notation) from the start of `variant`.
pub fn after(variant: Arc<Variant>, moves: &str) -> Position {
    let mut position = Position::start(variant);
    for text in moves.split(", ") {
        let played = mv(&position, text);
        position.play(played);
    }
    position
}

/// A classic position with just these pieces (`("e5", "C")`: upper case South) and `side`
/// to move, built through the position text.
pub fn position(pieces: &[(&str, &str)], side: Side) -> Position {
    let variant = jetan();
    let geometry = variant.geometry();
    let ranks: Vec<String> = (0..geometry.ranks as i32)
        .rev()
        .map(|rank| {
            let mut row = String::new();
            let mut empty = 0;
            for file in 0..geometry.files as i32 {
                let name = geometry.name(geometry.square(file, rank).unwrap()).to_string();
                match pieces.iter().find(|(square, _)| *square == name) {
                    Some((_, label)) => {
                        row += &if empty > 0 { empty.to_string() } else { String::new() };
                        row += label;
                        empty = 0;
                    }
                    None => empty += 1,
                }
            }
            row + &if empty > 0 { empty.to_string() } else { String::new() }
        })
        .collect();
    let text = format!("{} {} - - 0", ranks.join("/"), side.letter());
    Position::from_text(variant, &text).unwrap_or_else(|e| panic!("{e}: {text}"))
}

/// The legal move written `text`.
pub fn mv(position: &Position, text: &str) -> Move {
    position.parse_move(text).unwrap_or_else(|e| panic!("{e}"))
}

/// Whether the side to move has a move that wins at once.
pub fn can_win_at_once(position: &Position) -> bool {
    let side = position.to_move();
    position.legal_moves().into_iter().any(|m| {
        let mut after = position.clone();
        after.play(m);
        after.decided().is_some_and(|o| o.winner == Some(side))
    })
}
