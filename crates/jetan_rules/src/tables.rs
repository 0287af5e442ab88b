//! Reach tables, built once per compiled variant (so they follow its rule options): what each
//! piece reaches from each square whatever stands where, its tabled walks, its reach on an
//! empty board and its escape's reach; and the reach of a piece under an occupancy from them.

use crate::reach::{fixed_reach, movement_reach};
use crate::walk::{WalkRule, walk_ends};
use crate::walk_table::{WalkTable, tabled};
use crate::{EscapeRule, EscapeWalk, Geometry, KindId, Movement, Piece, PieceKind, Side, Square, SquareSet};

/// Reach tables: what can be computed once per square.
#[derive(Debug)]
pub(crate) struct Tables {
    squares: usize,
    /// Per (kind, side, square): the squares reached by the movements that ignore blockers.
    fixed: Vec<SquareSet>,
    /// The blockable walks short enough to table.
    walks: WalkTable,
    /// Per kind: its other movements that depend on blockers (rides, long walks), searched.
    searched: Vec<Vec<Movement>>,
    /// Per (kind, side, square): the squares reached on an empty board (a superset of the
    /// reach under any occupancy).
    empty: Vec<SquareSet>,
    /// Per (kind, square): the squares an escape reaches.
    escape: Vec<SquareSet>,
    /// Per square: it and the squares one king step away.
    around: Vec<SquareSet>,
}

impl Tables {
    /// Squares reached by the blocker-independent movements of a piece standing on `square`.
    #[inline]
    pub fn fixed(&self, piece: Piece, square: Square) -> SquareSet {
        self.fixed[self.piece_index(piece, square)]
    }

    /// Squares a piece standing on `square` reaches on an empty board.
    #[inline]
    pub fn empty_board(&self, piece: Piece, square: Square) -> SquareSet {
        self.empty[self.piece_index(piece, square)]
    }

    /// `squares` and the squares one king step from any of them.
    pub fn around(&self, squares: SquareSet) -> SquareSet {
        squares.iter().fold(squares, |around, square| around.or(self.around[square.index()]))
    }

    /// The squares `piece` on `from` can end a move on, whatever stands there, with
    /// `occupied` blocking walks and rides.
    #[inline]
    pub fn reach(&self, geometry: Geometry, piece: Piece, from: Square, occupied: &SquareSet) -> SquareSet {
        let reach = self.fixed(piece, from).or(self.walks.reach(piece.kind.index(), from, occupied));
        self.searched[piece.kind.index()]
            .iter()
            .fold(reach, |reach, movement| reach.or(movement_reach(geometry, movement, piece.side, from, occupied)))
    }

    /// Squares an escape from `square` reaches.
    #[inline]
    pub fn escape(&self, kind: KindId, square: Square) -> SquareSet {
        self.escape[kind.index() * self.squares + square.index()]
    }

    #[inline]
    fn piece_index(&self, piece: Piece, square: Square) -> usize {
        (piece.kind.index() * 2 + piece.side.index()) * self.squares + square.index()
    }
}

impl Tables {
    /// The tables of a variant's board and piece kinds (with its rule options applied).
    pub fn new(geometry: Geometry, kinds: &[PieceKind]) -> Tables {
        let squares = geometry.len();
        let mut fixed = Vec::with_capacity(kinds.len() * 2 * squares);
        for kind in kinds {
            for side in Side::BOTH {
                fixed.extend(geometry.squares().map(|square| fixed_reach(geometry, &kind.moves, side, square)));
            }
        }
        let searched = kinds
            .iter()
            .map(|kind| kind.moves.iter().filter(|m| !m.ignores_blockers() && !tabled(m)).cloned().collect())
            .collect();
        let mut escape = Vec::with_capacity(kinds.len() * squares);
        for kind in kinds {
            escape.extend(geometry.squares().map(|square| match &kind.escape {
                Some(rule) => escape_reach(geometry, rule, square),
                None => SquareSet::EMPTY,
            }));
        }
        let around = geometry
            .squares()
            .map(|square| movement_reach(geometry, &Movement::Area(1), Side::South, square, &SquareSet::EMPTY))
            .collect();
        let mut tables = Tables {
            squares,
            fixed,
            walks: WalkTable::new(geometry, kinds),
            searched,
            empty: Vec::new(),
            escape,
            around,
        };
        tables.empty = (0..kinds.len())
            .flat_map(|kind| Side::BOTH.map(|side| Piece::new(KindId(kind as u8), side)))
            .flat_map(|piece| geometry.squares().map(move |square| (piece, square)))
            .map(|(piece, square)| tables.reach(geometry, piece, square, &SquareSet::EMPTY))
            .collect();
        tables
    }
}

/// The squares an escape can reach from `square`, wherever the pieces stand.
fn escape_reach(geometry: Geometry, rule: &EscapeRule<KindId>, square: Square) -> SquareSet {
    match rule.walk {
        EscapeWalk::Leap => {
            movement_reach(geometry, &Movement::Area(rule.reach), Side::South, square, &SquareSet::EMPTY)
        }
        EscapeWalk::Exact | EscapeWalk::UpTo => {
            let walk = WalkRule::jumping(rule.reach, rule.walk == EscapeWalk::Exact, rule.mix);
            walk_ends(geometry, square, &walk, &|_| true)
        }
    }
}
