//! A set of squares for the AI's hot loops: the same 256-bit bitboard as the rules'
//! [`SquareSet`], with every operation inlined.

use jetan_rules::{Square, SquareSet};

/// A set of squares of a board of up to 16 x 16.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Bits([u64; 4]);

impl Bits {
    /// The empty set.
    pub const EMPTY: Bits = Bits([0; 4]);

    /// Whether `square` is in the set.
    #[inline]
    pub fn contains(&self, square: Square) -> bool {
        self.0[square.index() >> 6] & (1 << (square.index() & 63)) != 0
    }

    /// Adds `square`.
    #[inline]
    pub fn insert(&mut self, square: Square) {
        self.0[square.index() >> 6] |= 1 << (square.index() & 63);
    }

    /// The squares in either set.
    #[inline]
    pub fn or(self, other: Bits) -> Bits {
        let (a, b) = (self.0, other.0);
        Bits([a[0] | b[0], a[1] | b[1], a[2] | b[2], a[3] | b[3]])
    }

    /// The squares in both sets.
    #[inline]
    pub fn and(self, other: Bits) -> Bits {
        let (a, b) = (self.0, other.0);
        Bits([a[0] & b[0], a[1] & b[1], a[2] & b[2], a[3] & b[3]])
    }

    /// The squares of `self` that are not in `other`.
    #[inline]
    pub fn minus(self, other: Bits) -> Bits {
        let (a, b) = (self.0, other.0);
        Bits([a[0] & !b[0], a[1] & !b[1], a[2] & !b[2], a[3] & !b[3]])
    }

    /// The number of squares in the set.
    #[inline]
    pub fn len(&self) -> usize {
        self.0.iter().map(|w| w.count_ones() as usize).sum()
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

    /// The same squares as a [`SquareSet`].
    pub fn to_set(self) -> SquareSet {
        self.iter().collect()
    }
}

impl From<SquareSet> for Bits {
    fn from(set: SquareSet) -> Bits {
        let mut bits = Bits::EMPTY;
        for square in set.iter() {
            bits.insert(square);
        }
        bits
    }
}

impl FromIterator<Square> for Bits {
    fn from_iter<I: IntoIterator<Item = Square>>(iter: I) -> Bits {
        let mut bits = Bits::EMPTY;
        for square in iter {
            bits.insert(square);
        }
        bits
    }
}
