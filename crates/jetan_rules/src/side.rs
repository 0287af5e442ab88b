//! The two sides: South (the first player's seat, low ranks) and North.

use serde::{Deserialize, Serialize};

use crate::Square;

/// A side of the board. South sits at rank 1 and moves "forward" towards higher ranks.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Side {
    /// The side at the low ranks (classic: Black; Sarang and Jeddara: Red).
    #[default]
    South,
    /// The side at the high ranks (classic: Orange; Sarang and Jeddara: Blue).
    North,
}

impl Side {
    /// Both sides, South first.
    pub const BOTH: [Side; 2] = [Side::South, Side::North];

    /// The other side.
    #[inline]
    pub fn opponent(self) -> Side {
        match self {
            Side::South => Side::North,
            Side::North => Side::South,
        }
    }

    /// 0 for South, 1 for North: an index for per-side arrays.
    #[inline]
    pub fn index(self) -> usize {
        self as usize
    }

    /// The side's name in option arguments and records: `south` or `north`.
    pub fn id(self) -> &'static str {
        match self {
            Side::South => "south",
            Side::North => "north",
        }
    }

    /// The letter that stands for the side in the position text: `s` or `n`.
    pub fn letter(self) -> char {
        match self {
            Side::South => 's',
            Side::North => 'n',
        }
    }
}

/// A piece on the board: its kind (an index into the variant's piece table), the side it plays
/// for, the side it belongs to, and where it goes home after a promotion.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Piece {
    /// The piece's kind.
    pub kind: KindId,
    /// The side the piece plays for this turn: its owner's, except for a piece with
    /// allegiance serving the other side (RULES.md §5.6).
    pub side: Side,
    /// The side the piece belongs to: its label's case, and whose captured pieces it joins.
    pub owner: Side,
    /// Its home square, for kinds that promote (RULES.md §5.3); `None` for the others.
    pub home: Option<Square>,
}

impl Piece {
    /// A piece of `kind` belonging to and playing for `side`, without a home.
    pub fn new(kind: KindId, side: Side) -> Piece {
        Piece { kind, side, owner: side, home: None }
    }
}

/// A piece kind: its index in the variant's piece table, which is also its rank (0 is highest).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct KindId(pub u8);

impl KindId {
    /// The kind's index, for arrays indexed by kind.
    #[inline]
    pub fn index(self) -> usize {
        self.0 as usize
    }
}
