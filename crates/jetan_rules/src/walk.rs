//! Walks: the step-by-step paths of `Path` and `Combo` movements, searched depth first in a
//! fixed direction order, never revisiting a square (the origin counts as visited).

use std::ops::ControlFlow;

use crate::{Dir, Dirs, Geometry, Mix, Movement, Order, Square, SquareSet};

/// Walks longer than this are searched towards each target rather than enumerated (and are
/// not tabled: [`crate::walk_table`]).
pub(crate) const ENUMERATE_UP_TO: u8 = 4;

/// The constraints of one walking movement.
#[derive(Clone, Copy, Debug)]
pub(crate) struct WalkRule {
    min: u8,
    max: u8,
    dirs: Dirs,
    mix: Mix,
    /// Combo movements: how many orthogonal and diagonal steps, and their order.
    combo: Option<(u8, u8, Order)>,
    /// Whether the walk passes through occupied squares.
    pub jump: bool,
}

impl WalkRule {
    /// The walk rule of a `Path` or `Combo` movement; `None` for other movements.
    pub fn of(movement: &Movement) -> Option<WalkRule> {
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

    /// The most steps a walk takes.
    pub fn max_steps(&self) -> u8 {
        self.max
    }

    /// A jumping walk (used by escapes that walk rather than leap).
    pub fn jumping(steps: u8, exact: bool, mix: Mix) -> WalkRule {
        WalkRule { min: if exact { steps } else { 1 }, max: steps, dirs: Dirs::Any, mix, combo: None, jump: true }
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

    /// Whether a walk that took `taken` steps could still end on `target` with `left` steps more.
    fn may_reach(&self, geometry: Geometry, from: Square, target: Square, taken: &[Dir], left: u8) -> bool {
        let df = (geometry.file(target) - geometry.file(from)).abs();
        let dr = (geometry.rank(target) - geometry.rank(from)).abs();
        let left = left as i32;
        let only = |orthogonal: bool| match (self.mix, taken.first()) {
            (Mix::Wild, _) | (_, None) => match self.dirs {
                Dirs::Orth => orthogonal,
                Dirs::Diag => !orthogonal,
                Dirs::Any => false,
            },
            (_, Some(first)) => first.is_orthogonal() == orthogonal,
        };
        let exact = self.min == self.max;
        if self.combo.is_some() || (!only(true) && !only(false)) {
            df.max(dr) <= left
        } else if only(true) {
            df + dr <= left && (!exact || (left - df - dr) % 2 == 0)
        } else {
            df.max(dr) <= left && (df + dr) % 2 == 0 && (!exact || (left - df) % 2 == 0)
        }
    }
}

/// Walks in progress: the squares visited (origin first) and the steps taken.
struct Trail {
    squares: Vec<Square>,
    dirs: Vec<Dir>,
}

/// Which walks a search of walks wants; it abandons a walk as soon as it can tell that no
/// walk continuing it is wanted.
#[derive(Clone, Copy)]
struct Wanted<'a> {
    /// The square the walks end on, if only one.
    end: Option<Square>,
    /// The walks pass through or end on one of `near[0]`'s squares; `near[k]` holds the squares
    /// within `k` king steps of them (see [`crate::tables::Tables::vicinity`]).
    near: &'a [SquareSet],
}

/// Every walk touches every square.
pub(crate) const ANY_WALK: &[SquareSet] = &[SquareSet::FULL];

/// Calls `visit` with every walk the rule allows from `origin` (origin first) that is
/// `wanted`, in the fixed search order; `passable` says which squares the walk may pass through
/// (for a jumping walk, every square but those the caller forbids).
fn each_walk(
    geometry: Geometry,
    origin: Square,
    rule: &WalkRule,
    passable: &impl Fn(Square) -> bool,
    wanted: Wanted,
    visit: &mut impl FnMut(&[Square]) -> ControlFlow<()>,
) -> ControlFlow<()> {
    let mut trail = Trail { squares: vec![origin], dirs: Vec::new() };
    extend(geometry, rule, passable, wanted, &mut trail, false, visit)
}

/// [`each_walk`] from `trail`; `touched` says whether the trail before its last square
/// touched the wanted squares.
fn extend(
    geometry: Geometry,
    rule: &WalkRule,
    passable: &impl Fn(Square) -> bool,
    wanted: Wanted,
    trail: &mut Trail,
    touched: bool,
    visit: &mut impl FnMut(&[Square]) -> ControlFlow<()>,
) -> ControlFlow<()> {
    let taken = trail.dirs.len() as u8;
    let here = *trail.squares.last().expect("a trail holds its origin");
    let touched = touched || wanted.near[0].contains(here);
    // Each step is a king step: the rest of the walk stays within this many of `here`.
    let left = usize::from(rule.max.saturating_sub(taken));
    if !touched && wanted.near.get(left).is_some_and(|near| !near.contains(here)) {
        return ControlFlow::Continue(());
    }
    let target = wanted.end;
    if taken >= rule.min && touched && target.is_none_or(|t| t == here) {
        visit(&trail.squares)?;
    }
    // A walk never revisits a square, so one that passed its target, or walled it in, can't
    // end there.
    let walled_in = |t: Square| {
        Dir::ALL.iter().filter_map(|&dir| geometry.step(t, dir)).all(|n| n != here && trail.squares.contains(&n))
    };
    if taken == rule.max || (taken > 0 && !passable(here)) || target.is_some_and(|t| t == here || walled_in(t)) {
        return ControlFlow::Continue(());
    }
    for dir in Dir::ALL {
        let Some(next) = geometry.step(here, dir) else { continue };
        if !rule.allows(&trail.dirs, dir) || trail.squares.contains(&next) {
            continue;
        }
        if let Some(t) = target {
            let mut dirs = trail.dirs.clone();
            dirs.push(dir);
            if !rule.may_reach(geometry, next, t, &dirs, rule.max - taken - 1) {
                continue;
            }
        }
        trail.squares.push(next);
        trail.dirs.push(dir);
        let flow = extend(geometry, rule, passable, wanted, trail, touched, visit);
        trail.squares.pop();
        trail.dirs.pop();
        flow?;
    }
    ControlFlow::Continue(())
}

/// Calls `visit` with every walk the rule allows from `origin` (origin first) that passes only
/// through `passable` squares (every square: the walks on an empty board) and touches the
/// squares of `near[0]` (passes through or ends on one), in the fixed search order; `near[k]`
/// holds the squares within `k` king steps of those (see [`crate::tables::Tables::vicinity`]).
pub(crate) fn walks_through(
    geometry: Geometry,
    origin: Square,
    rule: &WalkRule,
    passable: &impl Fn(Square) -> bool,
    near: &[SquareSet],
    visit: &mut impl FnMut(&[Square]),
) {
    let _ = each_walk(geometry, origin, rule, passable, Wanted { end: None, near }, &mut |walk| {
        visit(walk);
        ControlFlow::Continue(())
    });
}

/// Every square a walk can end on, whatever stands there.
pub(crate) fn walk_ends(
    geometry: Geometry,
    origin: Square,
    rule: &WalkRule,
    passable: &impl Fn(Square) -> bool,
) -> SquareSet {
    let mut ends = SquareSet::EMPTY;
    if rule.max <= ENUMERATE_UP_TO {
        walks_through(geometry, origin, rule, passable, ANY_WALK, &mut |walk| {
            ends.insert(*walk.last().expect("walks are never empty"));
        });
    } else {
        for target in geometry.squares() {
            if target != origin
                && geometry.distance(origin, target) <= rule.max as i32
                && first_walk(geometry, origin, target, rule, passable).is_some()
            {
                ends.insert(target);
            }
        }
    }
    ends
}

/// The first walk, in the fixed search order, from `origin` to `target`.
pub(crate) fn first_walk(
    geometry: Geometry,
    origin: Square,
    target: Square,
    rule: &WalkRule,
    passable: &impl Fn(Square) -> bool,
) -> Option<Vec<Square>> {
    let mut found = None;
    let _ = each_walk(geometry, origin, rule, passable, Wanted { end: Some(target), near: ANY_WALK }, &mut |walk| {
        found = Some(walk.to_vec());
        ControlFlow::Break(())
    });
    found
}

#[cfg(test)]
mod tests {
    use super::*;

    const BOARD: Geometry = Geometry { files: 10, ranks: 10 };

    fn sq(name: &str) -> Square {
        BOARD.parse(name).unwrap()
    }

    fn path(steps: u8, dirs: Dirs, jump: bool) -> WalkRule {
        WalkRule::of(&Movement::Path { steps, dirs, exact: true, mix: Mix::Wild, jump }).unwrap()
    }

    #[test]
    fn chief_reaches_the_whole_seven_by_seven_box() {
        let ends = walk_ends(BOARD, sq("e5"), &path(3, Dirs::Any, false), &|_| true);
        assert_eq!(ends.len(), 48);
        assert!(!ends.contains(sq("e5")));
    }

    #[test]
    fn a_dwar_may_end_next_to_its_origin() {
        let walk = first_walk(BOARD, sq("e4"), sq("f4"), &path(3, Dirs::Orth, false), &|_| true).unwrap();
        assert_eq!(walk.len(), 4);
        assert_eq!(walk.last(), Some(&sq("f4")));
    }

    #[test]
    fn long_walks_are_found_by_target() {
        let rule = WalkRule::jumping(10, true, Mix::Wild);
        let ends = walk_ends(BOARD, sq("a1"), &rule, &|_| true);
        assert_eq!(ends.len(), 99);
        let diagonal = WalkRule::jumping(10, true, Mix::Civil);
        assert!(first_walk(BOARD, sq("a1"), sq("c3"), &diagonal, &|_| true).is_some());
    }

    #[test]
    fn walks_touching_squares_are_the_walks_that_pass_through_or_end_on_them() {
        let walks = |rule: &WalkRule, passable: &dyn Fn(Square) -> bool, touching: SquareSet| {
            let within = |k: i32| BOARD.squares().filter(move |&s| touching.iter().any(|t| BOARD.distance(s, t) <= k));
            let near: Vec<SquareSet> = (0..=i32::from(rule.max_steps()))
                .map(|k| within(k).fold(SquareSet::EMPTY, |set, s| set.or(SquareSet::only(s))))
                .collect();
            let mut walks = Vec::new();
            walks_through(BOARD, sq("e5"), rule, &passable, &near, &mut |walk| walks.push(walk.to_vec()));
            walks
        };
        let blocked = |s: Square| s != sq("f6") && s != sq("d5");
        for rule in [path(4, Dirs::Any, false), path(3, Dirs::Orth, false), WalkRule::jumping(3, false, Mix::Wild)] {
            let all = walks(&rule, &blocked, SquareSet::FULL);
            for names in [&["h5"][..], &["f6", "a1"], &["d5", "e7", "g3"], &["j10"]] {
                let touching = names.iter().fold(SquareSet::EMPTY, |set, name| set.or(SquareSet::only(sq(name))));
                let expected: Vec<_> =
                    all.iter().filter(|walk| walk.iter().any(|&s| touching.contains(s))).cloned().collect();
                assert_eq!(walks(&rule, &blocked, touching), expected, "{names:?}");
            }
        }
    }
}
