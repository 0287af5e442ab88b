//! The transposition table: a fixed-size table of search results keyed by the position's
//! Zobrist hash, replacing by depth and age.

use std::hash::{Hash, Hasher};

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

/// One stored result, 16 bytes.
#[derive(Clone, Copy, Debug, Default)]
struct Entry {
    key: u64,
    mv: u32,
    score: i16,
    depth: i8,
    /// The bound in the low two bits (0 = empty), the search's age above.
    flags: u8,
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
    entries: Vec<Entry>,
    age: u8,
}

impl Table {
    /// A table of about `megabytes` (rounded down to a power of two entries; at least 1024).
    pub fn new(megabytes: usize) -> Table {
        let wanted = (megabytes << 20) / std::mem::size_of::<Entry>();
        let len = 1 << (usize::BITS - 1 - wanted.max(1024).leading_zeros());
        Table { entries: vec![Entry::default(); len], age: 0 }
    }

    /// Forgets everything.
    pub fn clear(&mut self) {
        self.entries.fill(Entry::default());
        self.age = 0;
    }

    /// Marks the start of a new search: older entries become the first to be replaced.
    pub fn new_search(&mut self) {
        self.age = (self.age + 1) & 0x3f;
    }

    fn slot(&self, key: u64) -> usize {
        (key as usize) & (self.entries.len() - 1)
    }

    /// The stored result for `key`, its score made relative to `ply`.
    pub fn probe(&self, key: u64, ply: usize) -> Option<Hit> {
        let entry = self.entries[self.slot(key)];
        let bound = match entry.flags & 3 {
            1 => Bound::Exact,
            2 => Bound::Lower,
            3 => Bound::Upper,
            _ => return None,
        };
        (entry.key == key).then(|| Hit {
            mv: entry.mv,
            score: from_table(entry.score as i32, ply),
            depth: entry.depth as i32,
            bound,
        })
    }

    /// Stores a result, unless the slot holds a deeper result of the current search for
    /// another position.
    pub fn store(&mut self, key: u64, ply: usize, mv: Option<Move>, score: i32, depth: i32, bound: Bound) {
        let slot = self.slot(key);
        let old = self.entries[slot];
        let same = old.key == key;
        if !same && old.flags & 3 != 0 && old.flags >> 2 == self.age && old.depth as i32 > depth {
            return;
        }
        let bound = match bound {
            Bound::Exact => 1,
            Bound::Lower => 2,
            Bound::Upper => 3,
        };
        let mv = match mv {
            Some(mv) => pack(mv),
            None if same => old.mv,
            None => 0,
        };
        let score = to_table(score, ply).clamp(i16::MIN as i32, i16::MAX as i32) as i16;
        let depth = depth.clamp(i8::MIN as i32, i8::MAX as i32) as i8;
        self.entries[slot] = Entry { key, mv, score, depth, flags: bound | (self.age << 2) };
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
        _ => {
            let mut hasher = std::hash::DefaultHasher::new();
            mv.hash(&mut hasher);
            hasher.finish() as u32 | 1 << 31
        }
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
        let mut table = Table::new(1);
        let mv = Move::single(Square(1), Square(2), MoveKind::Normal);
        table.store(42, 0, Some(mv), 17, 3, Bound::Lower);
        let hit = table.probe(42, 0).unwrap();
        assert_eq!((hit.mv, hit.score, hit.depth, hit.bound), (pack(mv), 17, 3, Bound::Lower));
        assert!(table.probe(43, 0).is_none());
    }
}
