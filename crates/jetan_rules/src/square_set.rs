//! A set of squares as a 256-bit bitboard, big enough for any board of up to 16 x 16.

use crate::Square;

/// A set of squares. Every operation is a few word operations, inlined across crates, so
/// search code can use it in its hottest loops.
/// Sets are ordered by their words (an arbitrary but total order, for sorting).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct SquareSet([u64; 4]);

impl SquareSet {
    /// The empty set.
    pub const EMPTY: SquareSet = SquareSet([0; 4]);

    /// How many squares a set can hold: every square of the largest board.
    pub const SQUARES: usize = crate::MAX_SIDE as usize * crate::MAX_SIDE as usize;

    /// Every square of the largest board (a set to restrict nothing by).
    pub const FULL: SquareSet = SquareSet([u64::MAX; 4]);

    /// The set's words of 64 squares each, lowest first.
    #[inline]
    pub(crate) fn words(&self) -> [u64; 4] {
        self.0
    }

    /// The set of one square.
    #[inline]
    pub fn only(square: Square) -> SquareSet {
        // Built word by word rather than by writing one word in memory: a set written a word
        // at a time and then read whole stalls the processor (the store can't be forwarded).
        let (word, bit) = (square.index() >> 6, 1 << (square.index() & 63));
        SquareSet(std::array::from_fn(|w| if w == word { bit } else { 0 }))
    }

    /// Whether `square` is in the set.
    #[inline]
    pub fn contains(&self, square: Square) -> bool {
        self.0[square.index() >> 6] & (1 << (square.index() & 63)) != 0
    }

    /// Adds `square`; returns whether it was new.
    #[inline]
    pub fn insert(&mut self, square: Square) -> bool {
        let new = !self.contains(square);
        *self = self.or(SquareSet::only(square));
        new
    }

    /// Removes `square`.
    #[inline]
    pub fn remove(&mut self, square: Square) {
        *self = self.minus(SquareSet::only(square));
    }

    /// Whether the set is empty.
    #[inline]
    pub fn is_empty(&self) -> bool {
        let w = &self.0;
        (w[0] | w[1] | w[2] | w[3]) == 0
    }

    /// The number of squares in the set.
    #[inline]
    pub fn len(&self) -> usize {
        let w = &self.0;
        (w[0].count_ones() + w[1].count_ones() + w[2].count_ones() + w[3].count_ones()) as usize
    }

    /// The squares in both sets.
    #[inline]
    pub fn and(self, other: SquareSet) -> SquareSet {
        let (a, b) = (self.0, other.0);
        SquareSet([a[0] & b[0], a[1] & b[1], a[2] & b[2], a[3] & b[3]])
    }

    /// The squares in either set.
    #[inline]
    pub fn or(self, other: SquareSet) -> SquareSet {
        let (a, b) = (self.0, other.0);
        SquareSet([a[0] | b[0], a[1] | b[1], a[2] | b[2], a[3] | b[3]])
    }

    /// The squares of `self` that are not in `other`.
    #[inline]
    pub fn minus(self, other: SquareSet) -> SquareSet {
        let (a, b) = (self.0, other.0);
        SquareSet([a[0] & !b[0], a[1] & !b[1], a[2] & !b[2], a[3] & !b[3]])
    }

    /// Whether the two sets share a square.
    #[inline]
    pub fn intersects(&self, other: &SquareSet) -> bool {
        !self.and(*other).is_empty()
    }

    /// Whether every square of `self` is in `other`.
    #[inline]
    pub fn is_subset(&self, other: &SquareSet) -> bool {
        self.minus(*other).is_empty()
    }

    /// Every square's index moved up by `by` (down if negative); squares moved past either end
    /// of the largest board are dropped. Each word is shifted alike (with the bits carried
    /// from its neighbour), which the compiler keeps in vector registers: a result written a
    /// word at a time and then read whole would stall the processor, as in [`SquareSet::only`].
    #[inline]
    pub fn shifted(self, by: i32) -> SquareSet {
        let [a, b, c, d] = self.0;
        match by {
            0 => self,
            1..=63 => {
                let (up, down) = (by as u32, 64 - by as u32);
                let carried = [0, a, b, c];
                SquareSet(std::array::from_fn(|i| self.0[i] << up | carried[i] >> down))
            }
            -63..=-1 => {
                let (down, up) = (by.unsigned_abs(), 64 - by.unsigned_abs());
                let carried = [b, c, d, 0];
                SquareSet(std::array::from_fn(|i| self.0[i] >> down | carried[i] << up))
            }
            _ => self.shifted_by_words(by),
        }
    }

    /// [`SquareSet::shifted`] by 64 squares or more: whole words, then the rest.
    fn shifted_by_words(self, by: i32) -> SquareSet {
        let words = (by.unsigned_abs() / 64) as usize;
        if words >= 4 {
            return SquareSet::EMPTY;
        }
        let mut out = [0u64; 4];
        let rest = if by > 0 {
            out[words..].copy_from_slice(&self.0[..4 - words]);
            by - 64 * words as i32
        } else {
            out[..4 - words].copy_from_slice(&self.0[words..]);
            by + 64 * words as i32
        };
        SquareSet(out).shifted(rest)
    }

    /// The square of lowest index, if any.
    #[inline]
    pub fn first(&self) -> Option<Square> {
        let (i, word) = self.0.iter().enumerate().find(|(_, word)| **word != 0)?;
        Some(Square((i * 64) as u8 + word.trailing_zeros() as u8))
    }

    /// The square of highest index, if any.
    #[inline]
    pub fn last(&self) -> Option<Square> {
        let (i, word) = self.0.iter().enumerate().rev().find(|(_, word)| **word != 0)?;
        Some(Square((i * 64) as u8 + 63 - word.leading_zeros() as u8))
    }

    /// The squares in index order (the iterator holds a copy of the set).
    #[inline]
    pub fn iter(&self) -> Squares {
        let words = self.0;
        let rest = words.iter().enumerate().skip(1).fold(0, |rest, (i, &word)| rest | u8::from(word != 0) << i);
        Squares { words, bits: words[0], base: 0, rest }
    }
}

/// The squares of a [`SquareSet`] in index order; see [`SquareSet::iter`].
#[derive(Clone, Debug)]
pub struct Squares {
    words: [u64; 4],
    /// The squares left of the word being read.
    bits: u64,
    /// The index of that word's first square.
    base: u32,
    /// The words not read yet that hold squares, as bits (word 0 = bit 0).
    rest: u8,
}

impl Iterator for Squares {
    type Item = Square;

    #[inline]
    fn next(&mut self) -> Option<Square> {
        while self.bits == 0 {
            if self.rest == 0 {
                return None;
            }
            let word = self.rest.trailing_zeros();
            self.rest &= self.rest - 1;
            self.bits = self.words[word as usize];
            self.base = word * 64;
        }
        let square = Square((self.base + self.bits.trailing_zeros()) as u8);
        self.bits &= self.bits - 1;
        Some(square)
    }

    #[inline]
    fn size_hint(&self) -> (usize, Option<usize>) {
        let rest = (0..4).filter(|&i| self.rest & 1 << i != 0).map(|i| self.words[i].count_ones() as usize);
        let len = self.bits.count_ones() as usize + rest.sum::<usize>();
        (len, Some(len))
    }
}

impl ExactSizeIterator for Squares {}

impl IntoIterator for SquareSet {
    type Item = Square;
    type IntoIter = Squares;

    #[inline]
    fn into_iter(self) -> Squares {
        self.iter()
    }
}

impl IntoIterator for &SquareSet {
    type Item = Square;
    type IntoIter = Squares;

    #[inline]
    fn into_iter(self) -> Squares {
        self.iter()
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn operations_work_across_words() {
        let a: SquareSet = [0, 63, 64, 130, 255].map(Square).into_iter().collect();
        let b: SquareSet = [63, 130, 200].map(Square).into_iter().collect();
        assert_eq!(a.len(), 5);
        assert_eq!(a.iter().len(), 5);
        assert_eq!(a.and(b).iter().collect::<Vec<_>>(), vec![Square(63), Square(130)]);
        assert_eq!(a.or(b).len(), 6);
        assert_eq!(a.minus(b).iter().map(|s| s.0).collect::<Vec<_>>(), vec![0, 64, 255]);
        assert!(a.intersects(&b) && !a.minus(b).intersects(&b));
        assert!(a.and(b).is_subset(&a) && !b.is_subset(&a));
        assert!(SquareSet::only(Square(200)).is_subset(&b));
        assert!(SquareSet::EMPTY.is_empty() && SquareSet::EMPTY.iter().next().is_none());
        assert_eq!((a.first(), a.last()), (Some(Square(0)), Some(Square(255))));
        assert_eq!((b.first(), b.minus(a).last()), (Some(Square(63)), Some(Square(200))));
        assert_eq!((SquareSet::EMPTY.first(), SquareSet::EMPTY.last()), (None, None));
    }

    #[test]
    fn shifting_moves_every_square_across_words() {
        let a: SquareSet = [0, 1, 63, 64, 127, 130, 200, 255].map(Square).into_iter().collect();
        for by in (-300..=300).chain([i32::MIN, i32::MAX]) {
            let expected: SquareSet =
                a.iter().filter_map(|s| u8::try_from(i64::from(s.0) + i64::from(by)).ok().map(Square)).collect();
            assert_eq!(a.shifted(by), expected, "shifted by {by}");
        }
    }
}
