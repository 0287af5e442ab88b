//! Wild Banths and the Sorak (RULES.md §5.9, §5.11): the banth step that may follow a move,
//! Thuvia directing banths onto pieces, and Kara Vasa's strike.

use crate::fast_hash::FastSet;
use crate::filter::Aim;
use crate::list::List;
use crate::movegen::Scope;
use crate::reach::movement_reach;
use crate::{MAX_STEPS, Move, MoveKind, Position, Square, SquareSet, Step};

impl Position {
    /// Whether a banth step follows the move just made: some ownerless piece has a piece on
    /// one of the 8 squares around it.
    pub(crate) fn banth_step_due(&self) -> bool {
        let occupied = self.occupied();
        self.ownerless().iter().any(|banth| self.variant.tables.adjacent(banth).any(|s| occupied.contains(s)))
    }

    /// Appends the banth steps: each banth with a piece next to it steps one square in any
    /// direction, taking whatever stands there.
    pub(crate) fn banth_steps(&self, out: &mut Vec<Move>) {
        let occupied = self.occupied();
        for banth in self.ownerless().iter() {
            let around = self.variant.tables.adjacent(banth);
            if around.clone().any(|s| occupied.contains(s)) {
                out.extend(around.map(|to| Move::single(banth, to, MoveKind::BanthStep)));
            }
        }
    }

    /// Appends the ways the piece on `from` may direct the ownerless pieces within its reach:
    /// any of them, one after the other, each moving onto a piece of either side and taking it.
    /// Different orders with the same result are one move. None if no banth could reach the
    /// squares of `aim`.
    pub(crate) fn directions(&self, from: Square, aim: &Aim, out: &mut Vec<Move>) {
        let piece = self.board[from.index()].expect("movable squares hold pieces");
        let Some((reach, movement)) = &self.variant.kind(piece.kind).directs else { return };
        let geometry = self.variant.geometry();
        let banths: List<Square, MAX_STEPS> =
            self.ownerless().iter().filter(|&b| geometry.distance(b, from) <= *reach as i32).collect();
        let may_touch = |&banth: &Square| {
            movement_reach(geometry, movement, piece.side, banth, &SquareSet::EMPTY).intersects(&aim.squares)
        };
        if banths.is_empty() || (!aim.is_all() && !banths.iter().any(may_touch)) {
            return;
        }
        let mut seen = FastSet::default();
        self.direct_from(from, self.clone(), Move::declaration(MoveKind::Direct), &banths, &mut seen, out);
    }

    fn direct_from(
        &self,
        director: Square,
        board: Position,
        so_far: Move,
        banths: &[Square],
        seen: &mut FastSet<u64>,
        out: &mut Vec<Move>,
    ) {
        let piece = self.board[director.index()].expect("the director stands on its square");
        let (_, movement) = self.variant.kind(piece.kind).directs.as_ref().expect("a director");
        let geometry = self.variant.geometry();
        let sides = board.occupied[0].or(board.occupied[1]);
        for (i, &banth) in banths.iter().enumerate() {
            let occupied = board.occupied();
            let targets = movement_reach(geometry, movement, piece.side, banth, &occupied).and(sides);
            let rest: Vec<Square> = banths.iter().enumerate().filter(|&(j, _)| j != i).map(|(_, &b)| b).collect();
            for to in targets.iter() {
                let mut mv = so_far;
                mv.steps.push(Step { from: banth, to });
                let mut after = board.clone();
                let beast = after.take(banth).expect("a banth");
                let taken = after.take(to).expect("a directed banth lands on a piece");
                after.put(to, beast);
                if seen.insert(after.hash) {
                    out.push(mv);
                }
                // A capture that ends the game ends it at once: no more banths move.
                let ends = self.variant.capture_verdict(taken.kind, beast.kind).is_some();
                if !ends && !mv.steps.is_full() {
                    self.direct_from(director, after, mv, &rest, seen, out);
                }
            }
        }
    }

    /// Appends the strikes of the piece on `from`: 1 up to its most enemy pieces within its
    /// reach that it may capture, each set once (whichever striker makes it); none if none of
    /// them stands on a square of `aim`.
    pub(crate) fn strikes(&self, scope: &Scope, from: Square, aim: &Aim, out: &mut Vec<Move>) {
        let piece = self.board[from.index()].expect("movable squares hold pieces");
        let Some((reach, max)) = self.variant.kind(piece.kind).strike else { return };
        let geometry = self.variant.geometry();
        let victims: Vec<Square> = scope
            .occupied
            .minus(scope.own)
            .iter()
            .filter(|&s| geometry.distance(s, from) <= reach as i32)
            .filter(|&s| self.variant.may_capture(piece.kind, self.board[s.index()].expect("occupied").kind))
            .collect();
        if !victims.iter().any(|&victim| aim.squares.contains(victim)) {
            return;
        }
        let mut sets: Vec<Vec<Square>> = vec![Vec::new()];
        for &victim in &victims {
            let longer: Vec<Vec<Square>> = sets
                .iter()
                .filter(|set| set.len() < max as usize)
                .map(|set| set.iter().copied().chain([victim]).collect())
                .collect();
            sets.extend(longer);
        }
        for set in sets.into_iter().filter(|set| !set.is_empty()) {
            let mut mv = Move::declaration(MoveKind::Strike);
            for square in set {
                mv.removals.push(square);
            }
            if scope.seen_removals.borrow_mut().insert(mv.removals) {
                out.push(mv);
            }
        }
    }
}
