//! Partial move generation: which of the legal moves a generation lists ([`MoveFilter`]), and
//! the wider sets its generators filter by before the exact test ([`Aim`]).

use crate::{Move, Position, Square, SquareSet, Step};

/// Which of the legal moves [`Position::generate_some`] lists.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MoveFilter {
    /// Only the moves that land a piece on one of these squares or remove the piece standing
    /// there (by the mover, a group's follower, a side-kill, a strike, a plough or a directed
    /// banth): on occupied squares, the moves that take those pieces. `SquareSet::FULL`: every
    /// move.
    pub touching: SquareSet,
    /// At most this many pieces chosen to go along with a group's mover: passengers, squad
    /// members, escorted females, cars newly attached to a train (the cars already in a train
    /// always follow). `u8::MAX`: any number. A search can bound its branching with it; every
    /// move it lists is legal.
    pub followers: u8,
}

impl MoveFilter {
    /// Every legal move.
    pub const ALL: MoveFilter = MoveFilter { touching: SquareSet::FULL, followers: u8::MAX };

    /// The moves touching `squares`.
    pub fn touching(squares: SquareSet) -> MoveFilter {
        MoveFilter { touching: squares, ..MoveFilter::ALL }
    }

    /// The same moves, with at most `followers` pieces chosen to go along with a group's mover.
    pub fn with_followers(self, followers: u8) -> MoveFilter {
        MoveFilter { followers, ..self }
    }

    /// Whether the filter lets `mv` through, a legal move within its bound on followers.
    pub fn passes(&self, mv: &Move) -> bool {
        self.touching == SquareSet::FULL || touches(self.touching, &mv.steps, &mv.removals)
    }

    /// Drops from `moves[from..]` the moves the generators listed that the filter doesn't let
    /// through (their followers are already bounded), keeping the others in order.
    #[inline]
    pub(crate) fn keep_passing(&self, moves: &mut Vec<Move>, from: usize) {
        if self.touching != SquareSet::FULL {
            self.keep_touching(moves, from);
        }
    }

    fn keep_touching(&self, moves: &mut Vec<Move>, from: usize) {
        let squares = self.touching;
        let mut kept = from;
        for i in from..moves.len() {
            if touches(squares, &moves[i].steps, &moves[i].removals) {
                moves.swap(kept, i);
                kept += 1;
            }
        }
        moves.truncate(kept);
    }
}

/// Whether a move of these `steps` and `removals` lands a piece on one of `squares` or removes
/// the piece standing there.
#[inline]
pub(crate) fn touches(squares: SquareSet, steps: &[Step], removals: &[Square]) -> bool {
    steps.iter().any(|step| squares.contains(step.to)) || removals.iter().any(|&s| squares.contains(s))
}

/// What a filter's squares mean to each generator: the squares themselves, and where a
/// piece or a group's leader may land to touch them.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Aim {
    /// The squares.
    pub squares: SquareSet,
    /// Where a piece may land to touch them: on them, or, if the variant has side-killers,
    /// beside them.
    pub landing: SquareSet,
    /// Where a group's leader may land for some piece of the group to touch them: near
    /// `landing`, as far as its followers may stand from it.
    pub leading: SquareSet,
    /// Whether `squares` is every square (kept: each piece's generation asks).
    all: bool,
}

impl Aim {
    /// Every square.
    pub const ALL: Aim =
        Aim { squares: SquareSet::FULL, landing: SquareSet::FULL, leading: SquareSet::FULL, all: true };

    /// The aim of the moves touching `squares` in `position`'s variant.
    pub fn at(position: &Position, squares: SquareSet) -> Aim {
        if squares == SquareSet::FULL {
            return Aim::ALL;
        }
        let variant = position.variant();
        let mut landing = squares;
        if variant.kinds().iter().any(|kind| kind.side_kill) {
            landing = landing.or(variant.tables.beside(squares));
        }
        // Followers stand next to their leader, and a squad's escorted females next to their
        // escort.
        let mut leading = variant.tables.around(landing);
        if variant.rules().squads.is_some_and(|squads| squads.escorts) {
            leading = variant.tables.around(leading);
        }
        Aim { squares, landing, leading, all: false }
    }

    /// Whether every move is aimed at (nothing to skip).
    #[inline]
    pub fn is_all(&self) -> bool {
        self.all
    }
}
