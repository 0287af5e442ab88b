//! The transposition table: a fixed-size table of search results keyed by the position's
//! Zobrist hash, replacing by depth and age, shared by the threads of a search without locks
//! (each slot keeps its key XOR its data, so that a slot torn by two threads writing at once
//! reads as empty rather than as another position's result).

use std::sync::atomic::{AtomicU64, Ordering::Relaxed};

use jetan_rules::{Move, MoveKind, Square};

use crate::score::{from_table, to_table};

/// What a stored score says about the true score.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Bound {
    /// The score is exact.
    Exact,
    /// The true score is at least this (the search failed high).
    Lower,
    /// The true score is at most this (the search failed low).
    Upper,
}

impl Bound {
    /// What `score`, the best found by a search in the window (`alpha`, `beta`), bounds.
    pub fn of(score: i32, alpha: i32, beta: i32) -> Bound {
        if score >= beta {
            Bound::Lower
        } else if score > alpha {
            Bound::Exact
        } else {
            Bound::Upper
        }
    }

    /// Whether a stored `score` with this bound answers a search in the window (`alpha`,
    /// `beta`) without searching again.
    pub fn decides(self, score: i32, alpha: i32, beta: i32) -> bool {
        match self {
            Bound::Exact => true,
            Bound::Lower => score >= beta,
            Bound::Upper => score <= alpha,
        }
    }
}

/// One stored result, packed in 64 bits: the move (bits 0–31), score (32–47), depth (48–55),
/// the bound in the next two bits (0 = empty) and the search's age above.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct Data(u64);

impl Data {
    fn new(mv: u32, score: i16, depth: i8, bound: u8, age: u8) -> Data {
        Data(mv as u64 | (score as u16 as u64) << 32 | (depth as u8 as u64) << 48 | ((bound | age << 2) as u64) << 56)
    }

    fn mv(self) -> u32 {
        self.0 as u32
    }

    fn score(self) -> i16 {
        (self.0 >> 32) as u16 as i16
    }

    fn depth(self) -> i8 {
        (self.0 >> 48) as u8 as i8
    }

    fn bound(self) -> u8 {
        (self.0 >> 56) as u8 & 3
    }

    fn age(self) -> u8 {
        (self.0 >> 58) as u8
    }
}

/// One slot, 16 bytes: the key XOR the data, and the data.
#[derive(Debug, Default)]
struct Slot {
    check: AtomicU64,
    data: AtomicU64,
}

impl Slot {
    /// The slot's key and data, as one thread wrote them (a torn pair gives a key nobody
    /// stored).
    fn read(&self) -> (u64, Data) {
        let data = self.data.load(Relaxed);
        (self.check.load(Relaxed) ^ data, Data(data))
    }

    fn write(&self, key: u64, data: Data) {
        self.check.store(key ^ data.0, Relaxed);
        self.data.store(data.0, Relaxed);
    }
}

/// A result read back from the table.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Hit {
    /// The best move found, packed (see [`pack`]); 0 if none.
    pub mv: u32,
    /// The score, relative to the probing node's ply.
    pub score: i32,
    /// The depth it was searched to.
    pub depth: i32,
    /// What the score bounds.
    pub bound: Bound,
}

/// The table.
#[derive(Debug)]
pub(crate) struct Table {
    slots: Vec<Slot>,
    age: u8,
}

impl Table {
    /// A table of about `megabytes` (rounded down to a power of two slots; at least 1024).
    pub fn new(megabytes: usize) -> Table {
        let wanted = (megabytes << 20) / std::mem::size_of::<Slot>();
        let len = 1 << (usize::BITS - 1 - wanted.max(1024).leading_zeros());
        Table { slots: (0..len).map(|_| Slot::default()).collect(), age: 0 }
    }

    /// Forgets everything.
    pub fn clear(&mut self) {
        self.slots.iter_mut().for_each(|slot| *slot = Slot::default());
        self.age = 0;
    }

    /// Marks the start of a new search: older entries become the first to be replaced.
    pub fn new_search(&mut self) {
        self.age = (self.age + 1) & 0x3f;
    }

    fn slot(&self, key: u64) -> &Slot {
        &self.slots[(key as usize) & (self.slots.len() - 1)]
    }

    /// The stored result for `key`, its score made relative to `ply`.
    pub fn probe(&self, key: u64, ply: usize) -> Option<Hit> {
        let (stored, data) = self.slot(key).read();
        let bound = match data.bound() {
            1 => Bound::Exact,
            2 => Bound::Lower,
            3 => Bound::Upper,
            _ => return None,
        };
        (stored == key).then(|| Hit {
            mv: data.mv(),
            score: from_table(data.score() as i32, ply),
            depth: data.depth() as i32,
            bound,
        })
    }

    /// Stores a result, unless the slot holds a deeper result of the current search for
    /// another position.
    pub fn store(&self, key: u64, ply: usize, mv: Option<Move>, score: i32, depth: i32, bound: Bound) {
        let slot = self.slot(key);
        let (stored, old) = slot.read();
        let same = stored == key;
        if !same && old.bound() != 0 && old.age() == self.age && old.depth() as i32 > depth {
            return;
        }
        let bound = match bound {
            Bound::Exact => 1,
            Bound::Lower => 2,
            Bound::Upper => 3,
        };
        let mv = match mv {
            Some(mv) => pack(mv),
            None if same => old.mv(),
            None => 0,
        };
        let score = to_table(score, ply).clamp(i16::MIN as i32, i16::MAX as i32) as i16;
        let depth = depth.clamp(i8::MIN as i32, i8::MAX as i32) as i8;
        slot.write(key, Data::new(mv, score, depth, bound, self.age));
    }
}

/// A move as 32 bits, never 0: a simple move (one piece, no other effect) as its squares and
/// kind, which [`unpack`] turns back into the move; any other as a 31-bit digest with the top bit
/// set, which only identifies it among generated moves.
pub(crate) fn pack(mv: Move) -> u32 {
    match (mv.lead(), mv.kind) {
        (Some(lead), MoveKind::Normal | MoveKind::Escape) if mv.is_simple() => {
            let kind = u32::from(mv.kind == MoveKind::Escape);
            lead.from.0 as u32 | (lead.to.0 as u32) << 8 | kind << 16 | 1 << 17
        }
        _ => mv.digest() as u32 | 1 << 31,
    }
}

/// The simple move [`pack`] made `packed` from; `None` for a digest of another move or 0.
pub(crate) fn unpack(packed: u32) -> Option<Move> {
    if packed >> 17 != 1 {
        return None;
    }
    let kind = if packed >> 16 & 1 == 1 { MoveKind::Escape } else { MoveKind::Normal };
    Some(Move::single(Square(packed as u8), Square((packed >> 8) as u8), kind))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn moves_pack_and_unpack() {
        let mv = Move::single(Square(3), Square(250), MoveKind::Escape);
        assert_eq!(unpack(pack(mv)), Some(mv));
        assert_ne!(pack(Move::single(Square(0), Square(1), MoveKind::Normal)), 0);
        let mut squad = Move::single(Square(0), Square(1), MoveKind::Normal);
        squad.steps.push(jetan_rules::Step { from: Square(12), to: Square(13) });
        assert_ne!(pack(squad), 0);
        assert_eq!(unpack(pack(squad)), None);
        assert_eq!(unpack(pack(Move::declaration(MoveKind::Charge))), None);
    }

    #[test]
    fn a_stored_result_is_found_again() {
        let table = Table::new(1);
        let mv = Move::single(Square(1), Square(2), MoveKind::Normal);
        table.store(42, 0, Some(mv), 17, 3, Bound::Lower);
        let hit = table.probe(42, 0).unwrap();
        assert_eq!((hit.mv, hit.score, hit.depth, hit.bound), (pack(mv), 17, 3, Bound::Lower));
        assert!(table.probe(43, 0).is_none());
        table.store(43, 0, None, -30_000, -1, Bound::Upper);
        let hit = table.probe(43, 0).unwrap();
        assert_eq!((hit.mv, hit.score, hit.depth, hit.bound), (0, -30_000, -1, Bound::Upper));
    }

    #[test]
    fn a_torn_slot_reads_as_empty() {
        let table = Table::new(1);
        table.store(42, 0, None, 17, 3, Bound::Exact);
        let slot = table.slot(42);
        slot.data.store(Data::new(0, 18, 3, 1, 0).0, Relaxed);
        assert!(table.probe(42, 0).is_none());
    }
}
