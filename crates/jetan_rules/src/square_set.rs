//! A set of squares as a 256-bit bitboard, big enough for any board of up to 16 x 16.

use crate::Square;

/// A set of squares.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct SquareSet([u64; 4]);

impl SquareSet {
    /// The empty set.
    pub const EMPTY: SquareSet = SquareSet([0; 4]);

    /// Whether `square` is in the set.
    pub fn contains(&self, square: Square) -> bool {
        self.0[square.index() >> 6] & (1 << (square.index() & 63)) != 0
    }

    /// Adds `square`; returns whether it was new.
    pub fn insert(&mut self, square: Square) -> bool {
        let word = &mut self.0[square.index() >> 6];
        let bit = 1 << (square.index() & 63);
        let new = *word & bit == 0;
        *word |= bit;
        new
    }

    /// Removes `square`.
    pub fn remove(&mut self, square: Square) {
        self.0[square.index() >> 6] &= !(1 << (square.index() & 63));
    }

    /// Whether the set is empty.
    pub fn is_empty(&self) -> bool {
        self.0 == [0; 4]
    }

    /// The number of squares in the set.
    pub fn len(&self) -> usize {
        self.0.iter().map(|w| w.count_ones() as usize).sum()
    }

    /// The squares in both sets.
    pub fn and(self, other: SquareSet) -> SquareSet {
        SquareSet(std::array::from_fn(|i| self.0[i] & other.0[i]))
    }

    /// The squares in either set.
    pub fn or(self, other: SquareSet) -> SquareSet {
        SquareSet(std::array::from_fn(|i| self.0[i] | other.0[i]))
    }

    /// The squares of `self` that are not in `other`.
    pub fn minus(self, other: SquareSet) -> SquareSet {
        SquareSet(std::array::from_fn(|i| self.0[i] & !other.0[i]))
    }

    /// The squares in index order.
    pub fn iter(&self) -> impl Iterator<Item = Square> + '_ {
        self.0.iter().enumerate().flat_map(|(w, &bits)| {
            let mut bits = bits;
            std::iter::from_fn(move || {
                (bits != 0).then(|| {
                    let bit = bits.trailing_zeros();
                    bits &= bits - 1;
                    Square((w as u32 * 64 + bit) as u8)
                })
            })
        })
    }
}

impl FromIterator<Square> for SquareSet {
    fn from_iter<I: IntoIterator<Item = Square>>(iter: I) -> Self {
        let mut set = SquareSet::EMPTY;
        for square in iter {
            set.insert(square);
        }
        set
    }
}
