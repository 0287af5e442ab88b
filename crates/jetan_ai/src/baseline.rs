//! The baseline players, to measure the search against: a random mover and a greedy one.

use jetan_rules::{Move, Position, Verdict};

use crate::facts::capture_verdict;
use crate::rng::Rng;

/// A uniformly random legal move; `None` if there is none.
pub fn random_move(position: &Position, rng: &mut Rng) -> Option<Move> {
    let moves = position.legal_moves();
    (!moves.is_empty()).then(|| moves[rng.below(moves.len())])
}

/// The greedy baseline: a move that wins at once if there is one; else the capture of the most
/// valuable piece (values from the variant file) among captures that don't end the game (so it
/// doesn't take a Chief with a lesser piece just to draw); else a random legal move. Ties are
/// broken at random. `None` if there is no legal move.
pub fn greedy_move(position: &Position, rng: &mut Rng) -> Option<Move> {
    let variant = position.variant();
    let moves = position.legal_moves();
    let gain = |mv: Move| {
        let victim = position.piece_at(mv.to)?;
        let mover = position.piece_at(mv.from)?;
        match capture_verdict(variant, victim.kind, mover.kind) {
            Some(Verdict::Win) => Some(i32::MAX),
            Some(_) => None,
            None => Some(variant.kind(victim.kind).value),
        }
    };
    let best = moves.iter().filter_map(|&mv| gain(mv)).max();
    let choices: Vec<Move> = match best {
        Some(best) => moves.iter().copied().filter(|&mv| gain(mv) == Some(best)).collect(),
        None => moves,
    };
    (!choices.is_empty()).then(|| choices[rng.below(choices.len())])
}
