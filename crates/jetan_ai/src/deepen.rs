//! Iterative deepening of one tree search, and the [`Thought`] it gives: used by the searcher
//! for the move's search and by the last look against raids for its searches of the root again.

use std::sync::atomic::Ordering as Atomic;
use std::time::Instant;

use jetan_rules::{MoveKind, Position};

use crate::Limits;
use crate::alphabeta::{ChargePlans, MAX_PLY, Search};
use crate::score::{INFINITY, plies_to_end};
use crate::thought::Thought;

/// The first thread's iterative deepening, until the limits or the position's end is
/// reached, or the search is stopped; returns the result of the last completed iteration
/// (`thought` before any). Past half its time it begins no deeper iteration. Stops the helpers
/// when done.
///
/// An interrupted iteration's moves are not taken, not even one that had beaten the last
/// iteration's best before the time ran out: such a move, judged by a deeper search cut short
/// (often an odd depth's, where the side to move has the last word), lost more games than it
/// won (the match is in docs/charge_raids.md, "Figures behind the search's rules").
pub(crate) fn deepen(search: &mut Search, mut thought: Thought, limits: &Limits, started: Instant) -> Thought {
    let deepest = limits.max_depth.min(MAX_PLY as u32 / 2);
    for depth in 1..=deepest {
        if let Some(pool) = search.task.pool {
            pool.begin_iteration(depth as i32);
        }
        let score = search.negamax(depth as i32, 0, -INFINITY, INFINITY);
        if search.stopped {
            break;
        }
        thought.pv = search.principal_variation();
        thought.best = thought.pv.first().copied().or(thought.best);
        thought.turn = thought.best.into_iter().collect();
        thought.score = score;
        thought.depth = depth;
        let decided = plies_to_end(score).is_some_and(|plies| plies.unsigned_abs() <= depth);
        let out_of_time = limits.movetime.is_some_and(|t| started.elapsed() * 2 > t);
        if decided || out_of_time {
            break;
        }
    }
    search.task.stop.store(true, Atomic::Relaxed);
    thought.nodes = search.nodes;
    thought
}

/// If the thought's best move declares a Charge, its turn becomes the whole Charge planned at
/// `root` (and its line begins with it).
pub(crate) fn with_charge_plan(thought: &mut Thought, root: &Position, plans: &ChargePlans) {
    if let Some(best) = thought.best
        && best.kind == MoveKind::Charge
        && let Some(Some(plan)) = plans.get(&root.hash())
    {
        thought.pv = plan.iter().chain(thought.pv.get(1..).unwrap_or_default()).copied().collect();
        thought.turn = plan.clone();
    }
}
