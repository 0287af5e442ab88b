//! Movement primitives (RULES.md §1.1): the data that says where a piece may go.

use serde::Deserialize;

use crate::Dir;

/// One way a piece moves; a piece's moves are the union of its movements.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub enum Movement {
    /// A walk of single steps that never revisits a square (the origin counts as visited).
    Path {
        /// How many steps: exactly this many, or 1 up to it when `exact` is false.
        steps: u8,
        /// Which steps are allowed.
        dirs: Dirs,
        /// Exactly `steps` steps (true, the default) or 1 to `steps`.
        #[serde(default = "yes")]
        exact: bool,
        /// How the steps may combine.
        #[serde(default)]
        mix: Mix,
        /// Whether the walk may pass through occupied squares.
        #[serde(default)]
        jump: bool,
    },
    /// A walk of exactly `orth` orthogonal and `diag` diagonal steps (the classic Thoat: 1 and 1).
    Combo {
        /// Number of orthogonal steps.
        orth: u8,
        /// Number of diagonal steps.
        diag: u8,
        /// In any order (the default) or orthogonal steps first.
        #[serde(default)]
        order: Order,
        /// Whether the walk may pass through occupied squares.
        #[serde(default)]
        jump: bool,
    },
    /// A slide in one straight line, stopping at the first occupied square.
    Ride {
        /// Which lines.
        dirs: Dirs,
        /// At most this many squares; none means to the edge of the board.
        #[serde(default)]
        max: Option<u8>,
    },
    /// One square in one of the listed directions, relative to the piece's forward.
    Step(Vec<RelDir>),
    /// A leap to any square within this many king steps, ignoring what lies between.
    Area(u8),
}

fn yes() -> bool {
    true
}

impl Movement {
    /// The farthest, in king steps, that any square this movement passes through or ends on
    /// lies from where it starts (`None`: as far as the board goes).
    pub fn span(&self) -> Option<u8> {
        match self {
            Movement::Path { steps, .. } => Some(*steps),
            Movement::Combo { orth, diag, .. } => Some(orth + diag),
            Movement::Ride { max, .. } => *max,
            Movement::Step(_) => Some(1),
            Movement::Area(n) => Some(*n),
        }
    }

    /// Whether the squares this movement reaches depend only on the board's shape, never on
    /// which squares are occupied (so they can be computed once per square).
    pub fn ignores_blockers(&self) -> bool {
        match self {
            Movement::Path { jump, .. } | Movement::Combo { jump, .. } => *jump,
            Movement::Step(_) | Movement::Area(_) => true,
            Movement::Ride { .. } => false,
        }
    }
}

/// A set of step directions.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Deserialize)]
pub enum Dirs {
    /// Along files and ranks.
    Orth,
    /// Diagonally.
    Diag,
    /// All eight directions.
    Any,
}

impl Dirs {
    /// Whether `dir` belongs to the set.
    pub fn allows(self, dir: Dir) -> bool {
        match self {
            Dirs::Orth => dir.is_orthogonal(),
            Dirs::Diag => !dir.is_orthogonal(),
            Dirs::Any => true,
        }
    }
}

/// How the steps of a walk may combine.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Deserialize)]
pub enum Mix {
    /// Any sequence of allowed steps.
    #[default]
    Wild,
    /// All steps orthogonal or all diagonal.
    Civil,
    /// Every step in the same direction.
    Straight,
}

/// The order of a [`Movement::Combo`]'s steps.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Deserialize)]
pub enum Order {
    /// Any order.
    #[default]
    Any,
    /// All orthogonal steps before the diagonal ones.
    OrthFirst,
}

/// A direction relative to the side's forward (South's forward is towards higher ranks).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Deserialize)]
pub enum RelDir {
    /// Straight ahead.
    Forward,
    /// Straight back.
    Back,
    /// To the piece's left.
    Left,
    /// To the piece's right.
    Right,
    /// Diagonally ahead to the left.
    ForwardLeft,
    /// Diagonally ahead to the right.
    ForwardRight,
    /// Diagonally back to the left.
    BackLeft,
    /// Diagonally back to the right.
    BackRight,
}

impl RelDir {
    /// The direction as South sees it (North's is the same turned half a turn).
    pub fn for_south(self) -> Dir {
        let (df, dr) = match self {
            RelDir::Forward => (0, 1),
            RelDir::Back => (0, -1),
            RelDir::Left => (-1, 0),
            RelDir::Right => (1, 0),
            RelDir::ForwardLeft => (-1, 1),
            RelDir::ForwardRight => (1, 1),
            RelDir::BackLeft => (-1, -1),
            RelDir::BackRight => (1, -1),
        };
        Dir { df, dr }
    }
}
