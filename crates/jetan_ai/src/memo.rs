//! What one thread's search remembers of the positions it met lately, by hash: their
//! evaluation, whether a royal piece stands attacked or can be taken, and whether the side to
//! move wins within one Charge. The search asks these of the same
//! position several times (a move's reduction, then the node below; a reduced search, then its
//! full one; a transposition), and in Jetan Jeddara each answer costs a good part of a move
//! generation.

use crate::eval::Evaluation;

/// Slots per memory (a power of two).
const SLOTS: usize = 1 << 15;

/// One memory: the latest answer per slot, the slot chosen by the hash's low bits.
#[derive(Debug)]
pub(crate) struct Slots<T> {
    /// The hash of each slot's position and the answer. An empty slot holds a hash that never
    /// maps to it.
    entries: Vec<(u64, T)>,
}

impl<T: Copy> Slots<T> {
    fn new(empty: T) -> Slots<T> {
        let mut slots = Slots { entries: vec![(0, empty); SLOTS] };
        slots.clear();
        slots
    }

    fn clear(&mut self) {
        for (slot, entry) in self.entries.iter_mut().enumerate() {
            entry.0 = !(slot as u64);
        }
    }

    /// The answer for the position of `hash`, computed by `answer` unless remembered.
    pub fn get_or(&mut self, hash: u64, answer: impl FnOnce() -> T) -> T {
        let entry = &mut self.entries[hash as usize & (SLOTS - 1)];
        if entry.0 != hash {
            *entry = (hash, answer());
        }
        entry.1
    }
}

/// A thread's memories of positions (they hold for one search: the evaluation's nudges change
/// with the seed).
#[derive(Debug)]
pub(crate) struct Memo {
    /// The nudged evaluation.
    pub evaluations: Slots<Evaluation>,
    /// Whether the side to move's royal piece is attacked.
    pub attacked: Slots<bool>,
    /// Whether the side to move can take an enemy royal piece at once.
    pub capturable: Slots<bool>,
    /// How many plies the side to move takes to win within one Charge (0: it can't).
    pub charge_wins: Slots<u8>,
}

impl Memo {
    pub fn new() -> Memo {
        Memo {
            evaluations: Slots::new(Evaluation::default()),
            attacked: Slots::new(false),
            capturable: Slots::new(false),
            charge_wins: Slots::new(0),
        }
    }

    /// Forgets everything (a new search).
    pub fn clear(&mut self) {
        self.evaluations.clear();
        self.attacked.clear();
        self.capturable.clear();
        self.charge_wins.clear();
    }
}

#[cfg(test)]
mod tests {
    use super::{SLOTS, Slots};

    #[test]
    fn an_answer_is_computed_once_per_position_until_another_takes_its_slot_or_all_are_forgotten() {
        let mut slots = Slots::new(0);
        let mut computed = 0;
        let mut ask = |slots: &mut Slots<i32>, hash: u64, answer: i32| {
            slots.get_or(hash, || {
                computed += 1;
                answer
            })
        };
        assert_eq!(ask(&mut slots, 5, 1), 1);
        assert_eq!(ask(&mut slots, 5, 2), 1, "remembered");
        assert_eq!(ask(&mut slots, 5 + SLOTS as u64, 3), 3, "another position in the slot");
        assert_eq!(ask(&mut slots, 5, 4), 4, "computed again");
        slots.clear();
        assert_eq!(ask(&mut slots, 5, 5), 5, "forgotten");
        // An empty slot holds no position, not even one whose hash is all ones.
        assert_eq!(ask(&mut slots, !0, 6), 6);
        assert_eq!(computed, 5);
    }
}
