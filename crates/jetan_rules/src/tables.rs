//! Reach tables, built once per compiled variant (so they follow its rule options): what each
//! piece reaches from each square whatever stands where, its tabled walks, its reach on an
//! empty board and its escape's reach; and the reach of a piece under an occupancy from them.
//! Also how the board's sides clip a square set moved by some files and ranks (a set's
//! surroundings, where a group's leader must land for a member to reach given squares).

use crate::reach::{fixed_reach, movement_reach};
use crate::walk::{WalkRule, walk_ends};
use crate::walk_table::{Trie, WalkTable, tabled};
use crate::{
    Dir, Dirs, EscapeRule, EscapeWalk, Geometry, KindId, MAX_SIDE, Movement, Piece, PieceKind, Side, Square, SquareSet,
};

/// Reach tables: what can be computed once per square.
#[derive(Debug)]
pub(crate) struct Tables {
    squares: usize,
    /// Per (kind, side, square): what its reach is made of.
    origins: Vec<Origin>,
    /// The blockable walks short enough to table, a row per (kind, side).
    walks: WalkTable,
    /// Per (kind, side): its other movements that depend on blockers (rides, long walks),
    /// searched.
    searched: Vec<Vec<Movement>>,
    /// Per (kind, side, square): the squares reached on an empty board (a superset of the
    /// reach under any occupancy).
    empty: Vec<SquareSet>,
    /// Per (kind, side, square): the squares an escape reaches.
    escape: Vec<SquareSet>,
    /// Per file offset `df` (at `df + MAX_FILES - 1`): the board's squares that a square moved
    /// `df` files lands on without leaving the board's sides.
    landings: Vec<SquareSet>,
    /// The board's files.
    files: i32,
    /// Per square: its file (read, not divided out, where sets are moved square to square).
    file_of: Vec<i32>,
    /// Per square: the squares one king step away.
    around: Vec<SquareSet>,
    /// Per square, per direction (in the order of `Dir::ALL`): the squares from it to the
    /// board's edge, the square itself left out.
    rays: Vec<[SquareSet; 8]>,
    /// Per square, per direction (in the order of `Dir::ALL`): the square one step away, if
    /// it is on the board (read, not divided out, wherever the squares around one are walked).
    neighbours: Vec<[Option<Square>; 8]>,
}

/// What a piece reaches from one square, read at once.
#[derive(Clone, Copy, Debug)]
struct Origin {
    /// The squares reached whatever stands where: by the movements that ignore blockers and
    /// by the tabled walks that pass no square.
    fixed: SquareSet,
    /// The tabled walks that pass some square.
    walks: Trie,
    /// Whether the kind has movements searched under each occupancy.
    searched: bool,
}

/// The most files a board has: file offsets run from `1 - MAX_FILES` to `MAX_FILES - 1`.
const MAX_FILES: i32 = MAX_SIDE as i32;

impl Tables {
    /// Squares a piece standing on `square` reaches on an empty board.
    #[inline]
    pub fn empty_board(&self, piece: Piece, square: Square) -> SquareSet {
        self.empty[self.piece_index(piece, square)]
    }

    /// Every square of the board.
    #[inline]
    pub fn board(&self) -> SquareSet {
        self.landings[(MAX_FILES - 1) as usize]
    }

    /// The squares one step from `square` in each direction of `Dir::ALL`, where on the board.
    #[inline]
    pub fn neighbours(&self, square: Square) -> &[Option<Square>; 8] {
        &self.neighbours[square.index()]
    }

    /// The squares one king step from `square`, in the order of `Dir::ALL`.
    #[inline]
    pub fn adjacent(&self, square: Square) -> impl Iterator<Item = Square> + Clone + '_ {
        self.neighbours[square.index()].iter().flatten().copied()
    }

    /// `square` and the squares one king step from it.
    #[inline]
    pub fn around_square(&self, square: Square) -> SquareSet {
        self.around[square.index()].or(SquareSet::only(square))
    }

    /// `squares` and the squares one king step from any of them.
    pub fn around(&self, squares: SquareSet) -> SquareSet {
        if squares.len() <= 2 {
            return squares.iter().fold(squares, |around, square| around.or(self.around_square(square)));
        }
        // Widened along the ranks, then across them.
        let row = squares.or(self.beside(squares));
        row.or(self.moved(row, 0, -1)).or(self.moved(row, 0, 1))
    }

    /// `squares`, then the squares within 1, 2, … `steps` king steps of them.
    pub fn vicinity(&self, squares: SquareSet, steps: u8) -> Vec<SquareSet> {
        std::iter::successors(Some(squares), |&near| Some(self.around(near))).take(usize::from(steps) + 1).collect()
    }

    /// The squares directly left and right of `squares`.
    pub fn beside(&self, squares: SquareSet) -> SquareSet {
        self.moved(squares, -1, 0).or(self.moved(squares, 1, 0))
    }

    /// The squares of `squares` moved `df` files and `dr` ranks, those that stay on the board.
    #[inline]
    pub fn moved(&self, squares: SquareSet, df: i32, dr: i32) -> SquareSet {
        match self.landings.get((df + MAX_FILES - 1) as usize) {
            Some(&landings) => squares.shifted(dr * self.files + df).and(landings),
            None => SquareSet::EMPTY,
        }
    }

    /// The squares of `squares` moved as far as from `from` to `to`, those that stay on the
    /// board.
    #[inline(always)]
    pub fn moved_as(&self, squares: SquareSet, from: Square, to: Square) -> SquareSet {
        let df = self.file_of[to.index()] - self.file_of[from.index()];
        squares.shifted(to.index() as i32 - from.index() as i32).and(self.landings[(df + MAX_FILES - 1) as usize])
    }

    /// The squares `piece` on `from` can end a move on, whatever stands there, with
    /// `occupied` blocking walks and rides.
    #[inline(always)]
    pub fn reach(&self, geometry: Geometry, piece: Piece, from: Square, occupied: &SquareSet) -> SquareSet {
        let origin = self.origins[self.piece_index(piece, from)];
        let reach = origin.fixed.or(self.walks.open(origin.walks, occupied));
        if !origin.searched {
            return reach;
        }
        reach.or(self.searched_reach(geometry, piece, from, occupied))
    }

    /// The squares the movements of `piece` searched under each occupancy reach from `from`.
    /// Kept out of line, so that the reach of pieces that have none stays small.
    #[inline(never)]
    fn searched_reach(&self, geometry: Geometry, piece: Piece, from: Square, occupied: &SquareSet) -> SquareSet {
        self.searched[row(piece)].iter().fold(SquareSet::EMPTY, |reach, movement| {
            reach.or(match *movement {
                Movement::Ride { dirs, max } => self.ride(dirs, max, from, occupied),
                _ => movement_reach(geometry, movement, piece.side, from, occupied),
            })
        })
    }

    /// The squares a ride along `dirs`, at most `max` squares long, reaches from `from`: along
    /// each of its rays, up to and including the first occupied square (what
    /// [`movement_reach`] finds step by step, read off the rays).
    #[inline]
    fn ride(&self, dirs: Dirs, max: Option<u8>, from: Square, occupied: &SquareSet) -> SquareSet {
        let rays = &self.rays[from.index()];
        Dir::ALL.into_iter().enumerate().filter(|&(_, dir)| dirs.allows(dir)).fold(
            SquareSet::EMPTY,
            |reach, (d, dir)| {
                let mut ray = rays[d];
                let step = i32::from(dir.dr) * self.files + i32::from(dir.df);
                if let Some(max) = max.filter(|&max| usize::from(max) < ray.len()) {
                    let beyond = Square((from.index() as i32 + i32::from(max) * step) as u8);
                    ray = ray.minus(self.rays[beyond.index()][d]);
                }
                let blockers = ray.and(*occupied);
                let blocker = if step > 0 { blockers.first() } else { blockers.last() };
                reach.or(blocker.map_or(ray, |blocker| ray.minus(self.rays[blocker.index()][d])))
            },
        )
    }

    /// Squares an escape of `piece` from `square` reaches.
    #[inline]
    pub fn escape(&self, piece: Piece, square: Square) -> SquareSet {
        self.escape[self.piece_index(piece, square)]
    }

    #[inline]
    fn piece_index(&self, piece: Piece, square: Square) -> usize {
        row(piece) * self.squares + square.index()
    }
}

/// The tables' row for a piece: its kind as the side it plays for plays it.
#[inline]
fn row(piece: Piece) -> usize {
    piece.kind.index() * 2 + piece.side.index()
}

impl Tables {
    /// The tables of a variant's board and piece kinds as each side plays them (with its rule
    /// options applied).
    pub fn new(geometry: Geometry, kinds: &[Vec<PieceKind>; 2]) -> Tables {
        let squares = geometry.len();
        // A row per (kind, side), as `row` numbers them.
        let rows: Vec<(Side, &PieceKind)> =
            (0..kinds[0].len()).flat_map(|kind| Side::BOTH.map(|side| (side, &kinds[side.index()][kind]))).collect();
        let moves: Vec<&[Movement]> = rows.iter().map(|(_, kind)| kind.moves.as_slice()).collect();
        let walks = WalkTable::new(geometry, &moves);
        let searched: Vec<Vec<Movement>> = rows
            .iter()
            .map(|(_, kind)| kind.moves.iter().filter(|m| !m.ignores_blockers() && !tabled(m)).cloned().collect())
            .collect();
        let (walk_table, searched_rows) = (&walks, &searched);
        let origins = rows
            .iter()
            .enumerate()
            .flat_map(|(row, &(side, kind))| {
                geometry.squares().map(move |square| Origin {
                    fixed: fixed_reach(geometry, &kind.moves, side, square).or(walk_table.free(row, square)),
                    walks: walk_table.trie(row, square),
                    searched: !searched_rows[row].is_empty(),
                })
            })
            .collect();
        let escape = rows
            .iter()
            .flat_map(|(_, kind)| {
                geometry.squares().map(move |square| match &kind.escape {
                    Some(rule) => escape_reach(geometry, rule, square),
                    None => SquareSet::EMPTY,
                })
            })
            .collect();
        let files = i32::from(geometry.files);
        let landings = (1 - MAX_FILES..MAX_FILES)
            .map(|df| geometry.squares().filter(|&square| (0..files).contains(&(geometry.file(square) - df))).collect())
            .collect();
        let file_of = geometry.squares().map(|square| geometry.file(square)).collect();
        let around = geometry
            .squares()
            .map(|square| movement_reach(geometry, &Movement::Area(1), Side::South, square, &SquareSet::EMPTY))
            .collect();
        let rays = geometry
            .squares()
            .map(|square| {
                Dir::ALL.map(|dir| {
                    std::iter::successors(geometry.step(square, dir), |&next| geometry.step(next, dir)).collect()
                })
            })
            .collect();
        let neighbours = geometry.squares().map(|square| Dir::ALL.map(|dir| geometry.step(square, dir))).collect();
        let mut tables = Tables {
            squares,
            origins,
            walks,
            searched,
            empty: Vec::new(),
            escape,
            landings,
            files,
            file_of,
            around,
            rays,
            neighbours,
        };
        tables.empty = (0..kinds[0].len())
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

#[cfg(test)]
mod tests {
    use crate::reach::movement_reach;
    use crate::walk_table::tests::variants;
    use crate::{KindId, Piece, Side, SquareSet, Variant};

    #[test]
    fn reach_agrees_with_each_movement_under_random_occupancy() {
        let mut state = 0x2545_f491_4f6c_dd1d_u64;
        for variant in variants() {
            let geometry = variant.geometry();
            for occupied in crate::test_random::occupancies(geometry, &mut state, 12) {
                for kind in 0..variant.kinds().len() {
                    for side in Side::BOTH {
                        let piece = Piece::new(KindId(kind as u8), side);
                        let moves = &variant.piece_kind(piece).moves;
                        for from in geometry.squares() {
                            let expected = moves.iter().fold(SquareSet::EMPTY, |reach, movement| {
                                reach.or(movement_reach(geometry, movement, side, from, &occupied))
                            });
                            let reach = variant.tables.reach(geometry, piece, from, &occupied);
                            assert_eq!(reach, expected, "{} from {from:?}", moves.len());
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn moved_sets_and_surroundings_agree_with_square_by_square_offsets() {
        let mut state = 0x9e37_79b9_7f4a_7c15u64;
        let mut random = || crate::test_random::next(&mut state);
        for file in ["jetan.ron", "jetan_sarang.ron", "jetan_jeddara.ron"] {
            let variant = Variant::shipped(file);
            let (geometry, tables) = (variant.geometry(), &variant.tables);
            for round in 0..60 {
                // From a square or two (read off the square's table) to a quarter of the board.
                let density = [1, 2, 32][round % 3];
                let squares: SquareSet = geometry.squares().filter(|_| random() % 128 < density).collect();
                for (df, dr) in (-17..=17).flat_map(|df| (-3..=3).map(move |dr| (df, dr))) {
                    let expected: SquareSet = squares.iter().filter_map(|s| geometry.offset(s, df, dr)).collect();
                    assert_eq!(tables.moved(squares, df, dr), expected, "{file}: moved by ({df}, {dr})");
                    let (from, to) =
                        (geometry.square(8, 3).unwrap(), geometry.offset(geometry.square(8, 3).unwrap(), df, dr));
                    if let Some(to) = to {
                        assert_eq!(tables.moved_as(squares, from, to), expected, "{file}: moved as to {to:?}");
                    }
                }
                let around = squares
                    .iter()
                    .flat_map(|s| (-1..=1).flat_map(move |df| (-1..=1).map(move |dr| (df, dr))).map(move |d| (s, d)))
                    .filter_map(|(s, (df, dr))| geometry.offset(s, df, dr))
                    .collect();
                assert_eq!(tables.around(squares), around, "{file}: around");
            }
        }
    }
}
