//! Pseudo-random numbers for the crate's unit tests (xorshift64: fixed seeds, reproducible),
//! and random occupancies of a board drawn from them.

use crate::{Geometry, SquareSet};

/// The next number of the sequence `state` is at (a non-zero state stays non-zero).
pub(crate) fn next(state: &mut u64) -> u64 {
    *state ^= *state << 13;
    *state ^= *state >> 7;
    *state ^= *state << 17;
    *state
}

/// `rounds` random occupancies of the board of `geometry`, each of a random density from
/// empty to nearly full.
pub(crate) fn occupancies(geometry: Geometry, state: &mut u64, rounds: usize) -> Vec<SquareSet> {
    (0..rounds)
        .map(|_| {
            let density = next(state) % 8;
            geometry.squares().filter(|_| next(state) % 8 < density).collect()
        })
        .collect()
}
