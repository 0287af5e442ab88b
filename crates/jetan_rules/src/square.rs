//! Squares, board geometry and the eight directions of a step.

use std::fmt;

/// A square of the board: `rank * files + file`, both counted from 0.
///
/// Squares only make sense together with the [`Geometry`] of the board they belong to.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Square(pub u8);

impl Square {
    /// The square's index, for arrays indexed by square.
    #[inline]
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

/// The largest number of files or ranks a board may have.
pub const MAX_SIDE: u8 = 16;

/// The shape of a board: how many files (columns, `a`, `b`, …) and ranks (rows, `1`, `2`, …).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Geometry {
    /// Number of files, 1 to 16.
    pub files: u8,
    /// Number of ranks, 1 to 16.
    pub ranks: u8,
}

impl Geometry {
    /// The number of squares on the board.
    #[inline]
    pub fn len(self) -> usize {
        self.files as usize * self.ranks as usize
    }

    /// Whether the board has no squares (never true of a validated variant).
    #[inline]
    pub fn is_empty(self) -> bool {
        self.len() == 0
    }

    /// Every square of the board, in index order (a1, b1, …).
    #[inline]
    pub fn squares(self) -> impl Iterator<Item = Square> {
        (0..self.len() as u16).map(|i| Square(i as u8))
    }

    /// The square on `file` and `rank` (both from 0), if it is on the board.
    #[inline]
    pub fn square(self, file: i32, rank: i32) -> Option<Square> {
        let on_board = (0..self.files as i32).contains(&file) && (0..self.ranks as i32).contains(&rank);
        on_board.then(|| Square((rank * self.files as i32 + file) as u8))
    }

    /// The file of a square, from 0.
    #[inline]
    pub fn file(self, square: Square) -> i32 {
        (square.0 % self.files) as i32
    }

    /// The rank of a square, from 0.
    #[inline]
    pub fn rank(self, square: Square) -> i32 {
        (square.0 / self.files) as i32
    }

    /// The square one step from `square` in direction `dir`, if it is on the board.
    #[inline]
    pub fn step(self, square: Square, dir: Dir) -> Option<Square> {
        self.square(self.file(square) + dir.df as i32, self.rank(square) + dir.dr as i32)
    }

    /// The square a given number of files and ranks away, if it is on the board.
    #[inline]
    pub fn offset(self, square: Square, files: i32, ranks: i32) -> Option<Square> {
        self.square(self.file(square) + files, self.rank(square) + ranks)
    }

    /// King-step distance between two squares.
    #[inline]
    pub fn distance(self, a: Square, b: Square) -> i32 {
        let df = (self.file(a) - self.file(b)).abs();
        let dr = (self.rank(a) - self.rank(b)).abs();
        df.max(dr)
    }

    /// The square turned half a turn about the centre of the board.
    #[inline]
    pub fn rotated(self, square: Square) -> Square {
        Square((self.len() - 1 - square.index()) as u8)
    }

    /// The square's name, such as `a1` or `p12`.
    pub fn name(self, square: Square) -> SquareName {
        SquareName { file: self.file(square) as u8, rank: self.rank(square) as u8 }
    }

    /// Parses a square name such as `e4`; `None` if it is malformed or off the board.
    pub fn parse(self, name: &str) -> Option<Square> {
        let (file, rank) = parse_square_name(name)?;
        self.square(file, rank)
    }
}

/// Splits a square name into file and rank (both from 0), without checking any board.
pub fn parse_square_name(name: &str) -> Option<(i32, i32)> {
    let mut chars = name.chars();
    let file = chars.next().filter(char::is_ascii_lowercase)? as i32 - 'a' as i32;
    let digits = chars.as_str();
    if digits.is_empty() || digits.len() > 2 || !digits.bytes().all(|b| b.is_ascii_digit()) || digits.starts_with('0') {
        return None;
    }
    let rank: i32 = digits.parse().ok()?;
    Some((file, rank - 1))
}

/// A square's printable name, such as `e4`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SquareName {
    file: u8,
    rank: u8,
}

impl fmt::Display for SquareName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", (b'a' + self.file) as char, self.rank + 1)
    }
}

/// One step on the board: a change of file and of rank, each -1, 0 or 1.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Dir {
    /// Change of file (+1 = towards the h-file side).
    pub df: i8,
    /// Change of rank (+1 = towards North).
    pub dr: i8,
}

impl Dir {
    /// The eight directions in the fixed order the engine searches them: N, NE, E, SE, S, SW, W, NW.
    pub const ALL: [Dir; 8] = [
        Dir { df: 0, dr: 1 },
        Dir { df: 1, dr: 1 },
        Dir { df: 1, dr: 0 },
        Dir { df: 1, dr: -1 },
        Dir { df: 0, dr: -1 },
        Dir { df: -1, dr: -1 },
        Dir { df: -1, dr: 0 },
        Dir { df: -1, dr: 1 },
    ];

    /// Whether the step is orthogonal (along a file or a rank).
    #[inline]
    pub fn is_orthogonal(self) -> bool {
        self.df == 0 || self.dr == 0
    }

    /// The same step seen from the other side of the board.
    #[inline]
    pub fn turned(self) -> Dir {
        Dir { df: -self.df, dr: -self.dr }
    }
}
