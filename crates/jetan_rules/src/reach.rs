//! Reach: the squares a movement can end on from a square, whatever stands on them.
//! Move generation filters reach by what a piece may land on; threats are the enemy's reach.

use crate::walk::{WalkRule, walk_ends};
use crate::{Dir, Geometry, Movement, Side, Square, SquareSet};

/// The squares `movement` can end on from `from` for a piece of `side`; `occupied` blocks
/// walks and rides (a ride's first occupied square is included).
pub(crate) fn movement_reach(
    geometry: Geometry,
    movement: &Movement,
    side: Side,
    from: Square,
    occupied: &SquareSet,
) -> SquareSet {
    match movement {
        Movement::Path { .. } | Movement::Combo { .. } => {
            let rule = WalkRule::of(movement).expect("paths and combos are walks");
            walk_ends(geometry, from, &rule, &|square| rule.jump || !occupied.contains(square))
        }
        Movement::Ride { dirs, max } => {
            let mut reach = SquareSet::EMPTY;
            for dir in Dir::ALL.into_iter().filter(|&d| dirs.allows(d)) {
                let mut square = from;
                for _ in 0..max.unwrap_or(u8::MAX) {
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
        Movement::Step(dirs) => dirs
            .iter()
            .filter_map(|rel| {
                let dir = rel.for_south();
                geometry.step(from, if side == Side::South { dir } else { dir.turned() })
            })
            .collect(),
        Movement::Area(n) => {
            let n = *n as i32;
            (-n..=n)
                .flat_map(|df| (-n..=n).map(move |dr| (df, dr)))
                .filter(|&offset| offset != (0, 0))
                .filter_map(|(df, dr)| geometry.offset(from, df, dr))
                .collect()
        }
    }
}

/// The union of the reach of those `moves` that ignore blockers.
pub(crate) fn fixed_reach(geometry: Geometry, moves: &[Movement], side: Side, from: Square) -> SquareSet {
    moves
        .iter()
        .filter(|m| m.ignores_blockers())
        .fold(SquareSet::EMPTY, |reach, m| reach.or(movement_reach(geometry, m, side, from, &SquareSet::EMPTY)))
}
