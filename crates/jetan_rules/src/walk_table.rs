//! Blocked walks tabled: for each piece kind and origin square, the minimal walks of the kind's
//! blockable `Path` and `Combo` movements as pairs (destination, squares that must be empty),
//! grouped by the squares that must be empty and laid out as a trie over those squares (nearest
//! the origin first), so that reach under any occupancy is one bit test per trie node, and an
//! occupied square skips every walk through it at once. The walks come from the walk search
//! itself ([`crate::walk::walks_through`] on an empty board), made once per kind from the
//! middle of a board big enough for any of them and moved to each origin (a walk is the same
//! walk wherever it starts, if it stays on the board); walk directions are absolute, so the
//! tables are the same for both sides.

use crate::walk::{ANY_WALK, ENUMERATE_UP_TO, WalkRule, walks_through};
use crate::{Geometry, Movement, Square, SquareSet};

/// The most squares a tabled walk passes through (its steps less one).
const MAX_VIA: usize = ENUMERATE_UP_TO as usize - 1;

/// Walks that reach the squares `to` when none of the squares `via` (at most [`MAX_VIA`]) is
/// occupied.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct OpenWalks {
    via: SquareSet,
    to: SquareSet,
}

/// A node of an origin's walk trie, stored in depth-first order: the squares on the way from
/// a root to it are a set of squares that walks pass.
#[derive(Clone, Copy, Debug)]
struct Node {
    /// The square it adds to those passed on the way to it.
    square: Square,
    /// How many nodes its subtree holds, itself included: all skipped when `square` is occupied.
    span: u32,
    /// Where the walks that pass exactly the squares on the way here end.
    to: SquareSet,
}

/// Where the walk trie of one (kind, origin square) is in a [`WalkTable`].
#[derive(Clone, Copy, Debug)]
pub(crate) struct Trie {
    start: u32,
    end: u32,
}

/// The tabled walks of every (kind, origin square).
#[derive(Debug)]
pub(crate) struct WalkTable {
    squares: usize,
    /// Per (kind, square): the squares reached by a walk passing no square at all.
    free: Vec<SquareSet>,
    /// Per (kind, square): its walk trie.
    tries: Vec<Trie>,
    nodes: Vec<Node>,
}

impl WalkTable {
    /// Tables the walks of the [`tabled`] movements of each row (a list of movements: a kind
    /// as a side plays it). A row with the same movements as the row before shares its walks.
    pub fn new(geometry: Geometry, rows: &[&[Movement]]) -> WalkTable {
        let squares = geometry.len();
        let mut table = WalkTable {
            squares,
            free: Vec::with_capacity(rows.len() * squares),
            tries: Vec::with_capacity(rows.len() * squares),
            nodes: Vec::new(),
        };
        for (row, moves) in rows.iter().enumerate() {
            if row > 0 && rows[row - 1] == *moves {
                let previous = (row - 1) * squares..row * squares;
                table.free.extend_from_within(previous.clone());
                table.tries.extend_from_within(previous);
                continue;
            }
            let rules: Vec<WalkRule> = moves.iter().filter(|m| tabled(m)).filter_map(WalkRule::of).collect();
            let template = Template::new(&rules);
            for origin in geometry.squares() {
                let start = table.nodes.len() as u32;
                let free = template.place(geometry, origin, &mut table.nodes);
                table.free.push(free);
                table.tries.push(Trie { start, end: table.nodes.len() as u32 });
            }
        }
        table
    }

    /// The squares the tabled walks of `row` from `from` end on, with `occupied` occupied
    /// (whatever stands on the squares they end on).
    #[cfg(test)]
    pub fn reach(&self, row: usize, from: Square, occupied: &SquareSet) -> SquareSet {
        self.free(row, from).or(self.open(self.trie(row, from), occupied))
    }

    /// The squares the tabled walks of `row` from `from` end on passing no square at all.
    pub fn free(&self, row: usize, from: Square) -> SquareSet {
        self.free[row * self.squares + from.index()]
    }

    /// The trie of the tabled walks of `row` from `from` that pass some square.
    pub fn trie(&self, row: usize, from: Square) -> Trie {
        self.tries[row * self.squares + from.index()]
    }

    /// The squares the walks of `trie` end on, with `occupied` occupied: [`WalkTable::free`]
    /// and these are the reach of its row from its square.
    #[inline]
    pub fn open(&self, trie: Trie, occupied: &SquareSet) -> SquareSet {
        let nodes = &self.nodes[trie.start as usize..trie.end as usize];
        let mut reach = SquareSet::EMPTY;
        let mut next = 0;
        while let Some(node) = nodes.get(next) {
            if occupied.contains(node.square) {
                next += node.span as usize;
            } else {
                reach = reach.or(node.to);
                next += 1;
            }
        }
        reach
    }
}

/// The minimal walks of a row from the middle of a board on which none of them leaves it,
/// as a trie, to be moved to each origin of a real board.
struct Template {
    /// The walks passing no square: where they end.
    free: SquareSet,
    /// The other walks, as a trie over the squares they pass.
    trie: Vec<Node>,
}

impl Template {
    /// A square board on which a tabled walk from its middle square stays on the board.
    const BOARD: Geometry = Geometry { files: 2 * ENUMERATE_UP_TO + 1, ranks: 2 * ENUMERATE_UP_TO + 1 };
    /// Its middle square's file and rank.
    const MIDDLE: i32 = ENUMERATE_UP_TO as i32;

    /// The template of the walks of `rules`.
    fn new(rules: &[WalkRule]) -> Template {
        let origin = Template::BOARD.square(Template::MIDDLE, Template::MIDDLE).expect("the board has a middle");
        let mut minimal = minimal_walks(Template::BOARD, origin, rules);
        minimal.sort_unstable_by_key(|&(to, via)| (via.len(), via, to));
        let mut free = SquareSet::EMPTY;
        let mut walks: Vec<OpenWalks> = Vec::new();
        for (to, via) in minimal {
            if via.is_empty() {
                free.insert(to);
                continue;
            }
            debug_assert!(via.len() <= MAX_VIA);
            match walks.last_mut() {
                Some(group) if group.via == via => {
                    group.to.insert(to);
                }
                _ => walks.push(OpenWalks { via, to: SquareSet::only(to) }),
            }
        }
        Template { free, trie: grow_trie(Template::BOARD, origin, walks) }
    }

    /// Appends the trie of the walks from `origin` on `geometry` to `nodes`: the subtries
    /// whose squares passed are on the board, with the ends on the board; returns the ends of
    /// the walks that pass no square.
    fn place(&self, geometry: Geometry, origin: Square, nodes: &mut Vec<Node>) -> SquareSet {
        let moved = |square: Square| {
            let (files, ranks) =
                (Template::BOARD.file(square) - Template::MIDDLE, Template::BOARD.rank(square) - Template::MIDDLE);
            geometry.offset(origin, files, ranks)
        };
        let on_board = |squares: SquareSet| squares.iter().filter_map(moved).collect::<SquareSet>();
        place_subtries(&self.trie, &moved, &on_board, nodes);
        on_board(self.free)
    }
}

/// The trie of `walks` from `origin`: each group's squares passed, nearest `origin` first, are
/// a path from a root (squares near the origin are passed by the most walks, so an occupied
/// one cuts the most).
fn grow_trie(geometry: Geometry, origin: Square, walks: Vec<OpenWalks>) -> Vec<Node> {
    let nearest_first = |square: &Square| (geometry.distance(origin, *square), *square);
    let mut paths: Vec<(Vec<Square>, SquareSet)> = walks
        .into_iter()
        .map(|walks| {
            let mut via: Vec<Square> = walks.via.iter().collect();
            via.sort_unstable_by_key(nearest_first);
            (via, walks.to)
        })
        .collect();
    paths.sort_unstable_by(|(a, _), (b, _)| a.iter().map(nearest_first).cmp(b.iter().map(nearest_first)));
    let mut nodes = Vec::new();
    grow_subtries(&paths, 0, &mut nodes);
    nodes
}

/// Appends the subtries of `paths`, sorted paths that share their first `depth` squares and
/// are longer than that: one node per square that comes next.
fn grow_subtries(paths: &[(Vec<Square>, SquareSet)], depth: usize, nodes: &mut Vec<Node>) {
    let mut rest = paths;
    while let Some((first, _)) = rest.first() {
        let square = first[depth];
        let (here, after) = rest.split_at(rest.iter().take_while(|(path, _)| path[depth] == square).count());
        // A path ending here sorts before the longer paths through it.
        let ending = here.iter().take_while(|(path, _)| path.len() == depth + 1).count();
        let to = here[..ending].iter().fold(SquareSet::EMPTY, |to, (_, ends)| to.or(*ends));
        let node = nodes.len();
        nodes.push(Node { square, span: 0, to });
        grow_subtries(&here[ending..], depth + 1, nodes);
        nodes[node].span = (nodes.len() - node) as u32;
        rest = after;
    }
}

/// Appends the subtries of `trie` (in depth-first order) moved by `moved`, leaving out those
/// whose square leaves the board (their walks would pass off it) and clipping their ends by
/// `on_board`.
fn place_subtries(
    trie: &[Node],
    moved: &impl Fn(Square) -> Option<Square>,
    on_board: &impl Fn(SquareSet) -> SquareSet,
    nodes: &mut Vec<Node>,
) {
    let mut next = 0;
    while let Some(node) = trie.get(next) {
        let span = node.span as usize;
        if let Some(square) = moved(node.square) {
            let placed = nodes.len();
            nodes.push(Node { square, span: 0, to: on_board(node.to) });
            place_subtries(&trie[next + 1..next + span], moved, on_board, nodes);
            nodes[placed].span = (nodes.len() - placed) as u32;
        }
        next += span;
    }
}

/// Whether a movement's walks are tabled: blockable walks short enough to enumerate (jumping
/// walks go to the fixed reach, longer walks are searched).
pub(crate) fn tabled(movement: &Movement) -> bool {
    WalkRule::of(movement).is_some_and(|rule| !rule.jump && rule.max_steps() <= ENUMERATE_UP_TO)
}

/// The walks of `rules` from `origin` as (destination, squares passed), keeping for each
/// destination only the walks whose squares passed include no other such walk's.
fn minimal_walks(geometry: Geometry, origin: Square, rules: &[WalkRule]) -> Vec<(Square, SquareSet)> {
    let mut walks: Vec<(Square, SquareSet)> = Vec::new();
    for rule in rules {
        walks_through(geometry, origin, rule, &|_| true, ANY_WALK, &mut |walk| {
            let (&to, passed) = walk[1..].split_last().expect("a walk takes a step");
            walks.push((to, passed.iter().copied().collect()));
        });
    }
    walks.sort_unstable_by_key(|&(to, via)| (to, via.len()));
    let mut minimal: Vec<(Square, SquareSet)> = Vec::new();
    for (to, via) in walks {
        let first_of_to = minimal.partition_point(|&(t, _)| t < to);
        if !minimal[first_of_to..].iter().any(|(_, kept)| kept.is_subset(&via)) {
            minimal.push((to, via));
        }
    }
    minimal
}

#[cfg(test)]
pub(crate) mod tests {
    use std::sync::Arc;

    use super::*;
    use crate::reach::movement_reach;
    use crate::{Side, Variant};

    /// Classic Jetan with rule options that change the walks, and the Spratt variants (bigger
    /// boards, more kinds of walks).
    /// Classic Jetan under rule options that change every movement, Sarang and Jeddara.
    pub(crate) fn variants() -> Vec<Arc<Variant>> {
        let variant = Variant::shipped("jetan.ron");
        let options: [&[&str]; 6] = [
            &[],
            &["warrior=up_to", "warrior_dirs=any", "padwar=up_to", "dwar=up_to"],
            &["chief=up_to", "chief_mix=civil", "flier_jump=odwar", "thoat_jump=blocked"],
            &["chief_mix=straight", "thoat=orth_first", "flier=up_to", "flier_jump=odwar"],
            &["princess=up_to", "princess_mix=straight", "thoat_jump=blocked"],
            &["princess_mix=civil", "thoat=orth_first", "thoat_jump=blocked"],
        ];
        options
            .iter()
            .map(|choices| {
                let choices: Vec<String> = choices.iter().map(|c| c.to_string()).collect();
                Arc::new(variant.with_choice_args(&choices).unwrap())
            })
            .chain(["jetan_sarang.ron", "jetan_jeddara.ron"].map(|file| Arc::new(Variant::shipped(file))))
            .collect()
    }

    #[test]
    fn tables_agree_with_the_walk_search_under_random_occupancy() {
        let mut state = 0x9e37_79b9_7f4a_7c15_u64;
        for variant in variants() {
            let geometry = variant.geometry();
            let rows: Vec<&[Movement]> = variant.kinds().iter().map(|kind| kind.moves.as_slice()).collect();
            let table = WalkTable::new(geometry, &rows);
            for occupied in crate::test_random::occupancies(geometry, &mut state, 40) {
                for (kind, piece_kind) in variant.kinds().iter().enumerate() {
                    for from in geometry.squares() {
                        let expected =
                            piece_kind.moves.iter().filter(|m| tabled(m)).fold(SquareSet::EMPTY, |reach, m| {
                                reach.or(movement_reach(geometry, m, Side::South, from, &occupied))
                            });
                        assert_eq!(table.reach(kind, from, &occupied), expected, "{} from {from:?}", piece_kind.id);
                    }
                }
            }
        }
    }

    #[test]
    fn only_minimal_walks_are_kept() {
        let geometry = Geometry { files: 10, ranks: 10 };
        let dwar = WalkRule::of(&Movement::Path {
            steps: 3,
            dirs: crate::Dirs::Orth,
            exact: true,
            mix: crate::Mix::Wild,
            jump: false,
        })
        .unwrap();
        let e4 = geometry.parse("e4").unwrap();
        let walks = minimal_walks(geometry, e4, &[dwar]);
        // e4 → e7 passes e5 and e6 only; e4 → f4 has three walks (via e5, f5 and via e3, f3):
        // neither contains the other.
        let passed = |to: &str| {
            let to = geometry.parse(to).unwrap();
            walks.iter().filter(|(t, _)| *t == to).map(|(_, via)| via.len()).collect::<Vec<_>>()
        };
        assert_eq!(passed("e7"), vec![2]);
        assert_eq!(passed("f4"), vec![2, 2]);
        for (i, (to, via)) in walks.iter().enumerate() {
            assert!(!walks.iter().enumerate().any(|(j, (t, v))| i != j && t == to && v.is_subset(via)));
        }
    }
}
