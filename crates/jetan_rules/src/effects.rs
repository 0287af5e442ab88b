//! End-of-move effects (RULES.md §5.3, §5.7) that turn a set of steps into finished moves:
//! Sola's side-kill, and the promotions a female may make on the enemy's back rank (each choice,
//! including not promoting, a move of its own).

use crate::list::List;
use crate::{Ending, KindId, Move, MoveKind, Piece, Position, Promotion, Side, Square, SquareSet};

/// What the movers of a move may do at its end, whatever squares they land on.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Movers {
    /// Whether one of them side-kills.
    kills: bool,
    /// Which of them (by step, as bits) may promote if they land on the far rank.
    promoting: u32,
}

impl Movers {
    /// Whether the `i`th of them may promote.
    #[inline]
    pub(crate) fn may_promote(&self, i: usize) -> bool {
        self.promoting & 1 << i != 0
    }

    /// The same movers where none of them reaches the far rank.
    #[inline]
    pub(crate) fn never_promoting(self) -> Movers {
        Movers { promoting: 0, ..self }
    }
}

impl Position {
    /// Adds the side-kills of `mv`'s steps and appends it, once per promotion choice, to `out`.
    #[inline(always)]
    pub(crate) fn finish(&self, mv: Move, out: &mut Vec<Move>) {
        if self.variant.has_end_effects {
            let movers = self.movers(mv.steps.iter().map(|step| step.from));
            self.finish_as(mv, movers, out);
        } else {
            out.push(mv);
        }
    }

    /// [`Position::finish`] of a move of one piece from `from` to `to`.
    #[inline(always)]
    pub(crate) fn finish_single(&self, from: Square, to: Square, kind: MoveKind, out: &mut Vec<Move>) {
        self.finish(Move::single(from, to, kind), out);
    }

    /// What the pieces on `squares`, the steps of a move in order, may do at its end.
    pub(crate) fn movers(&self, squares: impl Iterator<Item = Square>) -> Movers {
        squares.enumerate().fold(Movers::default(), |movers, (i, square)| {
            let kind = self.variant.kind(self.mover(square).kind);
            Movers {
                kills: movers.kills || kind.side_kill,
                promoting: movers.promoting | u32::from(kind.promotion.is_some()) << i,
            }
        })
    }

    /// [`Position::finish`] of a move whose `movers` are known. The move is pushed first and
    /// finished where it lies, which spares copying it when it has no effect.
    #[inline]
    pub(crate) fn finish_as(&self, mv: Move, movers: Movers, out: &mut Vec<Move>) {
        out.push(mv);
        self.finish_pushed(movers, out);
    }

    /// [`Position::finish_as`] of the last move of `out`, made where it lies.
    #[inline]
    pub(crate) fn finish_pushed(&self, movers: Movers, out: &mut Vec<Move>) {
        if movers.kills || movers.promoting != 0 {
            self.finish_last(movers, out);
        }
    }

    /// Adds the side-kills of the last move of `out`, in place, and if its movers may promote,
    /// replaces it by its promotion choices.
    fn finish_last(&self, movers: Movers, out: &mut Vec<Move>) {
        let mv = out.last_mut().expect("the move to finish was just pushed");
        if movers.kills {
            self.add_side_kills(mv);
        }
        let far_rank = self.variant.far_ranks[self.to_move.index()];
        let may_promote =
            mv.steps.iter().enumerate().any(|(i, step)| movers.may_promote(i) && far_rank.contains(step.to));
        if may_promote {
            let mv = out.pop().expect("the move to finish");
            self.finish_promotions(mv, out);
        }
    }

    /// Appends `mv` once per promotion choice of its movers that may promote (once, if none
    /// may).
    fn finish_promotions(&self, mv: Move, out: &mut Vec<Move>) {
        let side = self.to_move;
        let mut promoters: List<usize, { crate::moves::MAX_STEPS }> = mv
            .steps
            .iter()
            .enumerate()
            .filter(|(_, step)| self.may_promote(self.mover(step.from), step.to, side))
            .map(|(i, _)| i)
            .collect();
        if promoters.is_empty() {
            out.push(mv);
            return;
        }
        promoters.sort_from_by_key(1, |&i| self.mover(mv.steps[i].from).kind);
        let mut occupied = self.occupied();
        for step in mv.steps.iter() {
            occupied.remove(step.from);
        }
        for step in mv.steps.iter() {
            occupied.insert(step.to);
        }
        for &square in mv.removals.iter() {
            occupied.remove(square);
        }
        let captured = Side::BOTH.map(|owner| self.captured_counts(owner));
        self.promote(mv, &promoters, occupied, &captured, out);
    }

    fn mover(&self, square: Square) -> Piece {
        self.board[square.index()].expect("a step starts on a piece")
    }

    /// Removes the enemies directly left and right of each side-killer's landing square that
    /// it may capture, as the board stands after the steps.
    pub(crate) fn add_side_kills(&self, mv: &mut Move) {
        let geometry = self.variant.geometry();
        let steps = mv.steps;
        for step in steps.iter() {
            let killer = self.mover(step.from);
            if !self.variant.kind(killer.kind).side_kill {
                continue;
            }
            for df in [-1, 1] {
                let Some(square) = geometry.offset(step.to, df, 0) else { continue };
                if mv.steps.iter().any(|s| s.to == square || s.from == square) || mv.removals.contains(&square) {
                    continue;
                }
                if let Some(victim) = self.board[square.index()]
                    && self.hostile_to(killer.side, square)
                    && self.variant.may_capture(killer.kind, victim.kind)
                {
                    mv.removals.push(square);
                }
            }
        }
        mv.removals.sort_from_by_key(0, |&square| square);
    }

    /// Whether `piece`, ending a move of `side` on `to`, may promote: a female with a class on
    /// the enemy's back rank, who doesn't win by arriving there.
    fn may_promote(&self, piece: Piece, to: Square, side: Side) -> bool {
        let variant = &self.variant;
        variant.kind(piece.kind).promotion.is_some()
            && piece.home.is_some()
            && variant.far_ranks[side.index()].contains(to)
            && !variant
                .rules()
                .endings
                .iter()
                .any(|e| matches!(e, Ending::Reaches { kinds, .. } if kinds.contains(&piece.kind)))
    }

    /// Appends `mv` with each choice for its first promoter in `promoters` (none, or one of the
    /// kinds she may bring back, if she has a way home), the rest chosen recursively;
    /// `captured` counts each owner's captured pieces by kind.
    fn promote(
        &self,
        mv: Move,
        promoters: &[usize],
        occupied: SquareSet,
        captured: &[Vec<usize>; 2],
        out: &mut Vec<Move>,
    ) {
        let Some((&first, rest)) = promoters.split_first() else {
            out.push(mv);
            return;
        };
        self.promote(mv, rest, occupied, captured, out);
        if mv.promotions.is_full() {
            return;
        }
        let step = mv.steps[first];
        let female = self.mover(step.from);
        let class = self.variant.kind(female.kind).promotion.as_ref().expect("promoters have a class");
        let Some(home) = self.way_home(female, occupied) else { return };
        for index in 0..self.variant.kinds().len() {
            let kind = KindId(index as u8);
            let already = mv.promotions.iter().filter(|p| p.kind == kind).count();
            if self.variant.in_class(class, kind) && captured[female.owner.index()][index] > already {
                let mut next = mv;
                next.promotions.push(Promotion { at: step.to, home, kind });
                let mut occupied = occupied;
                occupied.insert(home);
                self.promote(next, rest, occupied, captured, out);
            }
        }
    }

    /// How many of `owner`'s pieces of `kind` are captured: the setup's count less those on the
    /// board (a promotion only brings back captured pieces, so the sum never changes). Pieces
    /// that belong to no one (Wild Banths) are never anyone's captured pieces.
    pub fn captured(&self, owner: Side, kind: KindId) -> usize {
        self.captured_counts(owner)[kind.index()]
    }

    /// [`Position::captured`] for every kind, by kind.
    pub fn captured_counts(&self, owner: Side) -> Vec<usize> {
        let mut counts = vec![0usize; self.variant.kinds().len()];
        let owned = |p: &Piece| p.owner == owner && !self.variant.ownerless[p.kind.index()];
        for (_, piece) in self.variant.setup().iter().filter(|(_, p)| owned(p)) {
            counts[piece.kind.index()] += 1;
        }
        for square in self.occupied().iter() {
            if let Some(piece) = self.board[square.index()].filter(|p| p.owner == owner) {
                counts[piece.kind.index()] = counts[piece.kind.index()].saturating_sub(1);
            }
        }
        counts
    }

    /// Where a promoting female goes: her home, or if that is taken the nearest empty square
    /// behind it on its file, then along the home rank outward, nearer first, her own left
    /// before her right; never in front. `None` if all are taken.
    fn way_home(&self, female: Piece, occupied: SquareSet) -> Option<Square> {
        let geometry = self.variant.geometry();
        let home = female.home?;
        let forward = if female.owner == Side::South { 1 } else { -1 };
        let behind = (1..geometry.ranks as i32).filter_map(|k| geometry.offset(home, 0, -k * forward));
        let along = (1..geometry.files as i32).flat_map(|k| {
            [geometry.offset(home, -k * forward, 0), geometry.offset(home, k * forward, 0)].into_iter().flatten()
        });
        std::iter::once(home).chain(behind).chain(along).find(|&square| !occupied.contains(square))
    }
}
