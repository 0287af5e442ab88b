//! The baseline players, to measure the search against: a random mover and a greedy one.

use jetan_rules::{Move, Position};

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
    let side = position.to_move();
    let mut after = position.clone();
    let mut gain = |mv: Move| {
        let taken: i32 = position.victims(mv).map(|victim| variant.kind(victim.kind).value).sum();
        let undo = after.play(mv);
        let outcome = after.decided();
        after.undo(undo);
        match outcome {
            Some(outcome) if outcome.winner == Some(side) => Some(i32::MAX),
            Some(_) => None,
            None => (taken > 0).then_some(taken),
        }
    };
    let gains: Vec<Option<i32>> = moves.iter().map(|&mv| gain(mv)).collect();
    let best = gains.iter().flatten().max().copied();
    let choices: Vec<Move> = match best {
        Some(best) => moves.iter().zip(&gains).filter(|(_, g)| **g == Some(best)).map(|(&mv, _)| mv).collect(),
        None => moves,
    };
    (!choices.is_empty()).then(|| choices[rng.below(choices.len())])
}
