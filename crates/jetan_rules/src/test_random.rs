//! Pseudo-random numbers for the crate's unit tests (xorshift64: fixed seeds, reproducible).

/// The next number of the sequence `state` is at (a non-zero state stays non-zero).
pub(crate) fn next(state: &mut u64) -> u64 {
    *state ^= *state << 13;
    *state ^= *state >> 7;
    *state ^= *state << 17;
    *state
}
