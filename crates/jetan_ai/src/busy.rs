//! The moves the threads of a search are searching, so that a thread that comes to a move
//! another thread is busy with searches its other moves first (a simplified ABDADA): the
//! threads spread over the tree instead of searching the same moves in step.

use std::sync::atomic::{AtomicU64, Ordering::Relaxed};

use jetan_rules::Move;

use crate::rng::mix;
use crate::tt::pack;

/// How many moves the table remembers (a power of two); a newer claim on a slot replaces an
/// older one, which only makes a thread search a busy move sooner.
const SLOTS: usize = 1 << 14;

/// The table of busy moves, each a key of the position and the move (0 for a free slot).
#[derive(Debug)]
pub(crate) struct Busy {
    slots: Vec<AtomicU64>,
}

impl Busy {
    /// An empty table.
    pub fn new() -> Busy {
        Busy { slots: (0..SLOTS).map(|_| AtomicU64::new(0)).collect() }
    }

    /// The key of `mv` played from the position of `hash` (never 0).
    pub fn key(hash: u64, mv: Move) -> u64 {
        (hash ^ mix(pack(mv) as u64)) | 1
    }

    fn slot(&self, key: u64) -> &AtomicU64 {
        &self.slots[(key >> 32) as usize & (SLOTS - 1)]
    }

    /// Whether a thread is searching the move of `key`.
    pub fn contains(&self, key: u64) -> bool {
        self.slot(key).load(Relaxed) == key
    }

    /// Marks the move of `key` as searched by this thread.
    pub fn claim(&self, key: u64) {
        self.slot(key).store(key, Relaxed);
    }

    /// Marks the move of `key` as no longer searched (unless another claim replaced it).
    pub fn release(&self, key: u64) {
        let _ = self.slot(key).compare_exchange(key, 0, Relaxed, Relaxed);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use jetan_rules::{MoveKind, Square};

    #[test]
    fn a_claimed_move_is_busy_until_released() {
        let busy = Busy::new();
        let mv = Move::single(Square(3), Square(4), MoveKind::Normal);
        let key = Busy::key(77, mv);
        assert!(!busy.contains(key));
        busy.claim(key);
        assert!(busy.contains(key));
        assert!(!busy.contains(Busy::key(78, mv)));
        busy.release(key);
        assert!(!busy.contains(key));
    }
}
