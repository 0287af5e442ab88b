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

/// A classic study position with just these pieces (`("e5", "C")`: upper case South) and
/// `side` to move (built without the checks a position text from outside gets: it may lack
/// the pieces a game can't be without).
pub fn position(pieces: &[(&str, &str)], side: Side) -> Position {
    let variant = jetan();
    let geometry = variant.geometry();
    let pieces: Vec<_> = pieces
        .iter()
        .map(|&(square, label)| (geometry.parse(square).unwrap(), variant.piece_by_label(label).unwrap()))
        .collect();
    Position::from_pieces(variant, &pieces, side)
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
