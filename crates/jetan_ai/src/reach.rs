//! The AI's reach tables: where each piece could land, computed from the variant's movement
//! data once per square, so that threat maps cost a few bit tests per piece instead of a walk
//! search. The walks a `Path` or `Combo` movement can take from a square form a tree of the
//! squares they pass (which must be empty), each node holding the squares the walks through it
//! end on. Tests check these tables against [`Position::reach`], the rules' own definition.

use jetan_rules::{Dir, Dirs, Geometry, Mix, Movement, Order, Piece, Position, Side, Square};

use crate::bits::Bits;

/// Walks passing more squares than this are not tabled: their kind uses [`Position::reach`].
const MAX_VIA: u8 = 3;
/// Jumping walks longer than this are not enumerated: their kind uses [`Position::reach`].
const MAX_JUMP_STEPS: u8 = 6;

/// A node of a tree of blockable walks: a square walks pass, the squares the walks that pass
/// exactly the squares from the root to here end on, and where its children are.
#[derive(Clone, Copy, Debug)]
struct WalkNode {
    square: Square,
    children: u16,
    first_child: u32,
    ends: Bits,
}

/// A tree of walks while it is built: nodes with their children by index (0 is the root).
#[derive(Default)]
struct TreeBuilder {
    nodes: Vec<(Square, Bits, Vec<usize>)>,
}

impl TreeBuilder {
    /// Adds a walk passing `via` (in order) and ending on `to`.
    fn add(&mut self, via: &[Square], to: Square) {
        if self.nodes.is_empty() {
            self.nodes.push((Square(0), Bits::EMPTY, Vec::new()));
        }
        let mut node = 0;
        for &square in via {
            let existing = self.nodes[node].2.iter().copied().find(|&child| self.nodes[child].0 == square);
            node = existing.unwrap_or_else(|| {
                self.nodes.push((square, Bits::EMPTY, Vec::new()));
                let child = self.nodes.len() - 1;
                self.nodes[node].2.push(child);
                child
            });
        }
        self.nodes[node].1.insert(to);
    }

    /// Appends the tree below the root to `out`, each node's children next to each other;
    /// returns where the root's children start and how many there are.
    fn flatten(&self, out: &mut Vec<WalkNode>) -> (u32, u16) {
        let Some(root) = self.nodes.first() else { return (out.len() as u32, 0) };
        let start = out.len();
        let mut queue: Vec<usize> = root.2.clone();
        out.extend(queue.iter().map(|&n| WalkNode {
            square: self.nodes[n].0,
            children: 0,
            first_child: 0,
            ends: self.nodes[n].1,
        }));
        let mut next = 0;
        while next < queue.len() {
            let children = &self.nodes[queue[next]].2;
            let at = start + next;
            out[at].first_child = out.len() as u32;
            out[at].children = children.len() as u16;
            out.extend(children.iter().map(|&n| WalkNode {
                square: self.nodes[n].0,
                children: 0,
                first_child: 0,
                ends: self.nodes[n].1,
            }));
            queue.extend(children);
            next += 1;
        }
        (start as u32, root.2.len() as u16)
    }
}

/// The tables of one variant.
#[derive(Debug)]
pub(crate) struct ReachTables {
    squares: usize,
    /// Per (kind, side, square): the squares reached whatever stands where.
    fixed: Vec<Bits>,
    /// Per (kind, side, square): the squares reached on an empty board.
    empty: Vec<Bits>,
    /// The trees of blockable walks of every (kind, square).
    walks: Vec<WalkNode>,
    /// Per (kind, square): where the first level of its tree is in `walks`, and its size.
    roots: Vec<(u32, u16)>,
    /// Per kind: its rides, as direction and most squares.
    rides: Vec<Vec<(Dir, u8)>>,
    /// Per kind: not tabled; ask the rules.
    fallback: Vec<bool>,
}

impl ReachTables {
    /// The tables of `position`'s variant.
    pub fn new(position: &Position) -> ReachTables {
        let variant = position.variant();
        let geometry = variant.geometry();
        let squares = geometry.len();
        let kinds = variant.kinds();
        let mut tables = ReachTables {
            squares,
            fixed: vec![Bits::EMPTY; kinds.len() * 2 * squares],
            empty: Vec::with_capacity(kinds.len() * 2 * squares),
            walks: Vec::new(),
            roots: Vec::with_capacity(kinds.len() * squares),
            rides: Vec::with_capacity(kinds.len()),
            fallback: Vec::with_capacity(kinds.len()),
        };
        for (kind, piece_kind) in kinds.iter().enumerate() {
            let mut fallback = false;
            let mut rides = Vec::new();
            for movement in &piece_kind.moves {
                match *movement {
                    Movement::Ride { dirs, max } => rides
                        .extend(Dir::ALL.into_iter().filter(|&d| dirs.allows(d)).map(|d| (d, max.unwrap_or(u8::MAX)))),
                    Movement::Path { .. } | Movement::Combo { .. } => {
                        let rule = WalkRule::of(movement).expect("paths and combos are walks");
                        let limit = if rule.jump { MAX_JUMP_STEPS } else { MAX_VIA + 1 };
                        fallback |= rule.max > limit;
                    }
                    Movement::Step(_) | Movement::Area(_) => {}
                }
            }
            tables.rides.push(rides);
            tables.fallback.push(fallback);
            for from in geometry.squares() {
                let root = if fallback { (0, 0) } else { tables.add_square(geometry, kind, &piece_kind.moves, from) };
                tables.roots.push(root);
            }
        }
        for kind in 0..kinds.len() {
            for side in Side::BOTH {
                let piece = Piece { kind: jetan_rules::KindId(kind as u8), side };
                for from in geometry.squares() {
                    let reach = tables.reach(position, piece, from, &Bits::EMPTY);
                    tables.empty.push(reach);
                }
            }
        }
        tables
    }

    /// Tables the movements of `kind` from `from`; returns the root of its walk tree.
    fn add_square(&mut self, geometry: Geometry, kind: usize, moves: &[Movement], from: Square) -> (u32, u16) {
        let mut tree = TreeBuilder::default();
        let mut fixed = [Bits::EMPTY; 2];
        for movement in moves {
            match movement {
                Movement::Path { .. } | Movement::Combo { .. } => {
                    let rule = WalkRule::of(movement).expect("paths and combos are walks");
                    each_walk(geometry, from, &rule, &mut |trail| {
                        let to = *trail.last().expect("a walk has its origin");
                        let via = &trail[1..trail.len() - 1];
                        if rule.jump || via.is_empty() {
                            fixed.iter_mut().for_each(|f| f.insert(to));
                        } else {
                            tree.add(via, to);
                        }
                    });
                }
                Movement::Step(dirs) => {
                    for side in Side::BOTH {
                        for rel in dirs {
                            let dir = rel.for_south();
                            let dir = if side == Side::South { dir } else { dir.turned() };
                            if let Some(to) = geometry.step(from, dir) {
                                fixed[side.index()].insert(to);
                            }
                        }
                    }
                }
                Movement::Area(n) => {
                    let n = *n as i32;
                    for to in geometry.squares().filter(|&to| to != from && geometry.distance(from, to) <= n) {
                        fixed.iter_mut().for_each(|f| f.insert(to));
                    }
                }
                Movement::Ride { .. } => {}
            }
        }
        for side in Side::BOTH {
            self.fixed[(kind * 2 + side.index()) * self.squares + from.index()] = fixed[side.index()];
        }
        tree.flatten(&mut self.walks)
    }

    /// Adds to `reach` the ends of the open walks below the nodes `first..first + count`.
    fn open_walks(&self, first: usize, count: usize, occupied: &Bits, reach: &mut Bits) {
        for node in &self.walks[first..first + count] {
            if !occupied.contains(node.square) {
                *reach = reach.or(node.ends);
                if node.children > 0 {
                    self.open_walks(node.first_child as usize, node.children as usize, occupied, reach);
                }
            }
        }
    }

    /// The squares `piece` on `from` could land on with `occupied` occupied, whatever stands
    /// there: what [`Position::reach`] says, faster.
    pub fn reach(&self, position: &Position, piece: Piece, from: Square, occupied: &Bits) -> Bits {
        let kind = piece.kind.index();
        if self.fallback[kind] {
            return Bits::from(position.reach(piece, from, &occupied.to_set()));
        }
        let mut reach = self.fixed[(kind * 2 + piece.side.index()) * self.squares + from.index()];
        let (first, count) = self.roots[kind * self.squares + from.index()];
        self.open_walks(first as usize, count as usize, occupied, &mut reach);
        let geometry = position.variant().geometry();
        for &(dir, max) in &self.rides[kind] {
            let mut square = from;
            for _ in 0..max {
                let Some(next) = geometry.step(square, dir) else { break };
                reach.insert(next);
                if occupied.contains(next) {
                    break;
                }
                square = next;
            }
        }
        reach
    }

    /// The squares `piece` on `from` reaches on an empty board: a superset of its reach.
    pub fn empty_board(&self, piece: Piece, from: Square) -> Bits {
        self.empty[(piece.kind.index() * 2 + piece.side.index()) * self.squares + from.index()]
    }
}

/// The constraints of one walking movement (as the rules define them, RULES.md §1.1).
#[derive(Clone, Copy, Debug)]
struct WalkRule {
    min: u8,
    max: u8,
    dirs: Dirs,
    mix: Mix,
    combo: Option<(u8, u8, Order)>,
    jump: bool,
}

impl WalkRule {
    fn of(movement: &Movement) -> Option<WalkRule> {
        match *movement {
            Movement::Path { steps, dirs, exact, mix, jump } => {
                Some(WalkRule { min: if exact { steps } else { 1 }, max: steps, dirs, mix, combo: None, jump })
            }
            Movement::Combo { orth, diag, order, jump } => Some(WalkRule {
                min: orth + diag,
                max: orth + diag,
                dirs: Dirs::Any,
                mix: Mix::Wild,
                combo: Some((orth, diag, order)),
                jump,
            }),
            _ => None,
        }
    }

    /// Whether a walk that took `taken` may step in `next`.
    fn allows(&self, taken: &[Dir], next: Dir) -> bool {
        if let Some((orth, diag, order)) = self.combo {
            let orth_taken = taken.iter().filter(|d| d.is_orthogonal()).count() as u8;
            let diag_taken = taken.len() as u8 - orth_taken;
            return if next.is_orthogonal() {
                orth_taken < orth && (order == Order::Any || diag_taken == 0)
            } else {
                diag_taken < diag
            };
        }
        self.dirs.allows(next)
            && match (self.mix, taken.first()) {
                (_, None) | (Mix::Wild, _) => true,
                (Mix::Straight, Some(&first)) => next == first,
                (Mix::Civil, Some(first)) => next.is_orthogonal() == first.is_orthogonal(),
            }
    }
}

/// Calls `visit` with every walk `rule` allows from `from` (origin first), never revisiting a
/// square, whatever stands on the board.
fn each_walk(geometry: Geometry, from: Square, rule: &WalkRule, visit: &mut impl FnMut(&[Square])) {
    fn extend(
        geometry: Geometry,
        rule: &WalkRule,
        trail: &mut Vec<Square>,
        dirs: &mut Vec<Dir>,
        visit: &mut impl FnMut(&[Square]),
    ) {
        if dirs.len() as u8 >= rule.min {
            visit(trail);
        }
        if dirs.len() as u8 == rule.max {
            return;
        }
        let here = *trail.last().expect("a walk has its origin");
        for dir in Dir::ALL {
            let Some(next) = geometry.step(here, dir) else { continue };
            if rule.allows(dirs, dir) && !trail.contains(&next) {
                trail.push(next);
                dirs.push(dir);
                extend(geometry, rule, trail, dirs, visit);
                trail.pop();
                dirs.pop();
            }
        }
    }
    extend(geometry, rule, &mut vec![from], &mut Vec::new(), visit);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::{MOVEMENT_OPTIONS, jetan, random_positions};

    #[test]
    fn tables_agree_with_the_rules_along_random_games() {
        for (index, choices) in MOVEMENT_OPTIONS.iter().enumerate() {
            let positions = random_positions(&jetan(choices), index as u64, 6, 120);
            let tables = ReachTables::new(&positions[0]);
            for position in &positions {
                let occupied = position.occupied();
                for (from, piece) in position.pieces() {
                    let expected = Bits::from(position.reach(piece, from, &occupied));
                    assert_eq!(tables.reach(position, piece, from, &Bits::from(occupied)), expected, "{choices:?}");
                    let superset = tables.empty_board(piece, from);
                    assert_eq!(superset.and(expected), expected);
                }
            }
        }
    }
}
