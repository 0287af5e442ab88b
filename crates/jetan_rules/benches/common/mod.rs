//! The positions the benchmarks measure (shared by the engine's and the AI's): each shipped
//! variant's start, and a mid-game reached by a fixed sequence of pseudo-random legal moves.

use std::path::Path;
use std::sync::Arc;

use jetan_rules::{Phase, Position, Variant};

/// The shipped variants, by their files in `assets/variants/`, with a short name for reports.
pub const VARIANTS: [(&str, &str); 3] =
    [("classic", "jetan.ron"), ("sarang", "jetan_sarang.ron"), ("jeddara", "jetan_jeddara.ron")];

/// A shipped variant.
pub fn variant(file: &str) -> Arc<Variant> {
    // Both crates that bench live in `crates/`.
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../assets/variants").join(file);
    Arc::new(Variant::load_file(&path).unwrap_or_else(|error| panic!("{error}")))
}

/// The position after `plies` pseudo-random legal moves from the start (the same every run),
/// none of which ends the game, and then as many as it takes to reach a quiet whole turn: not
/// a Charge's sub-move or a banth step, and no move that ends the game at once (a search would
/// stop there).
pub fn midgame(variant: &Arc<Variant>, plies: usize) -> Position {
    let mut position = Position::start(variant.clone());
    let mut state = 0x2545_f491_4f6c_dd1d_u64;
    let ends_at_once = |position: &Position| {
        position.legal_moves().into_iter().any(|mv| {
            let mut after = position.clone();
            after.play(mv);
            after.outcome().is_some()
        })
    };
    for played in 0.. {
        if played >= plies && position.phase() == Phase::Turn && !ends_at_once(&position) {
            break;
        }
        let moves: Vec<_> = position
            .legal_moves()
            .into_iter()
            .filter(|&mv| {
                let mut after = position.clone();
                after.play(mv);
                after.outcome().is_none()
            })
            .collect();
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        let Some(&mv) = moves.get(state as usize % moves.len().max(1)) else { break };
        position.play(mv);
    }
    position
}
