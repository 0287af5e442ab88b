//! The root before any search: the move to give if none finishes, and whether there is a
//! choice at all.

use std::time::Duration;

use jetan_rules::Move;

use super::Search;
use crate::generation;
use crate::ordering::pick;
use crate::thought::Thought;

impl Search<'_> {
    /// The first root move in the usual order, before any search: the answer if the search
    /// is stopped at once. Leaves the root's moves in the first frame.
    pub fn fallback(&mut self) -> Thought {
        let frame = &mut self.work.frames[0];
        frame.moves.clear();
        generation::moves(&self.position, self.task.facts, false, &mut frame.moves);
        let table_move = self.task.table.probe(self.position.hash(), 0).map_or(0, |hit| hit.mv);
        self.ordering.score(&self.position, self.task.facts, &frame.moves, &mut frame.scores, table_move, 0);
        let best = (!frame.moves.is_empty()).then(|| {
            pick(&mut frame.moves, &mut frame.scores, 0);
            frame.moves[0]
        });
        let score = match best {
            Some(_) => self.evaluate().score,
            None => self.position.outcome().map_or(0, |outcome| self.outcome_score(outcome, 0)),
        };
        let pv: Vec<Move> = best.into_iter().collect();
        Thought { best, score, depth: 0, nodes: 0, elapsed: Duration::ZERO, turn: pv.clone(), pv }
    }

    /// Whether the root has a single legal move (after [`Search::fallback`]).
    pub fn only_move(&self) -> bool {
        self.work.frames[0].moves.len() == 1
    }
}
