//! Turn-level rules: charm (RULES.md §5.5), the Charge (§5.12) and Rapid Deployment (§5.13).

use crate::filter::Aim;
use crate::movegen::Scope;
use crate::{Move, MoveKind, Position, Side, Square, SquareSet, Step};

impl Position {
    /// The pieces of `side` that charm holds still: its males of kinds not immune next to an
    /// enemy that charms.
    #[inline(always)]
    pub fn charmed(&self, side: Side) -> SquareSet {
        // Without charmers (classic Jetan has none) the answer is known without a call, whose
        // result, read back from memory, stalled every move generation.
        if !self.variant.has_charm {
            return SquareSet::EMPTY;
        }
        self.charmed_by_charmers(side)
    }

    /// [`Position::charmed`] in a variant with charmers.
    fn charmed_by_charmers(&self, side: Side) -> SquareSet {
        let mut charmed = SquareSet::EMPTY;
        for charmer in self.charmers(side.opponent()).iter() {
            for square in self.variant.tables.adjacent(charmer) {
                if let Some(victim) = self.board[square.index()]
                    && victim.side == side
                    && self.variant.kind(victim.kind).charmable()
                {
                    charmed.insert(square);
                }
            }
        }
        charmed
    }

    /// Whether the side to move may declare a Charge now: the game goes on, its turn has just
    /// begun, the rules allow a Charge and enough of its pieces qualify. The same answer as
    /// looking for the declaration among [`Position::legal_moves`], without generating them.
    pub fn can_declare_charge(&self) -> bool {
        self.outcome.is_none() && self.phase == crate::Phase::Turn && self.may_declare_charge(&self.scope())
    }

    /// Whether the side to move may declare a Charge: the rules allow it and enough of its
    /// pieces qualify.
    pub(crate) fn may_declare_charge(&self, scope: &Scope) -> bool {
        let Some(rule) = self.variant.rules().charge else { return false };
        let charmers = self.charmers(self.to_move.opponent());
        let mut qualifying = 0;
        for from in scope.movable.iter() {
            if self.qualifies(scope, from, charmers) {
                qualifying += 1;
                if qualifying >= rule.qualifying {
                    return true;
                }
            }
        }
        false
    }

    /// The squares of `side`'s pieces that charm.
    fn charmers(&self, side: Side) -> SquareSet {
        if !self.variant.has_charm {
            return SquareSet::EMPTY;
        }
        let charms = |&square: &Square| self.board[square.index()].is_some_and(|p| self.variant.kind(p.kind).charms);
        self.notable.and(self.occupied[side.index()]).iter().filter(charms).collect()
    }

    /// Whether the piece on `from` has a single-piece normal move (a plough included) after
    /// which it would attack an enemy piece: not held there by one of the enemy `charmers`
    /// left on the board, with a single-piece normal move landing on the enemy.
    fn qualifies(&self, scope: &Scope, from: Square, charmers: SquareSet) -> bool {
        let piece = self.board[from.index()].expect("movable squares hold pieces");
        let geometry = self.variant.geometry();
        let kind = self.variant.kind(piece.kind);
        let (charmable, ploughs) = (kind.charmable(), kind.plough.is_some());
        let enemy = scope.occupied.minus(scope.own);
        let targets = self.targets(piece, from, scope.occupied, scope.own, SquareSet::FULL, None);
        let lines = self.plough_lines(piece, from, scope.occupied, scope.own);
        let moves =
            targets.iter().map(|to| (to, SquareSet::EMPTY)).chain(lines.iter().map(|line| {
                (*line.squares.last().expect("a line has its end"), line.ploughed.iter().copied().collect())
            }));
        let attacks_from = |to: Square, removed: SquareSet| {
            let mut occupied = scope.occupied.minus(removed);
            occupied.remove(from);
            occupied.insert(to);
            let mut own = scope.own;
            own.remove(from);
            own.insert(to);
            let mut enemies = enemy.minus(removed);
            enemies.remove(to);
            let held = charmable
                && charmers.minus(removed).iter().any(|charmer| charmer != to && geometry.distance(charmer, to) == 1);
            let mut victims = self.reach(piece, to, &occupied);
            if ploughs {
                let ends = self.plough_lines(piece, to, occupied, own);
                victims = victims.or(ends.iter().filter_map(|line| line.squares.last().copied()).collect());
            }
            let victims = victims.and(enemies);
            !held
                && victims.iter().any(|v| {
                    let victim = self.board[v.index()].expect("occupied squares hold pieces");
                    self.variant.may_land_on(piece.kind, victim.kind)
                })
        };
        moves.into_iter().any(|(to, removed)| attacks_from(to, removed))
    }

    /// Whether a Charge under way has a sub-move left.
    pub(crate) fn has_charge_submove(&self) -> bool {
        let scope = self.scope();
        let mut moves = Vec::new();
        scope.movable.iter().any(|from| {
            self.piece_moves(&scope, from, &Aim::ALL, &mut moves);
            !moves.is_empty()
        })
    }

    /// Appends the Rapid Deployments: each rank filled with the side to move's pieces advances
    /// one square, except pieces held by charm or with a piece ahead of them.
    pub(crate) fn deployments(&self, scope: &Scope, out: &mut Vec<Move>) {
        let geometry = self.variant.geometry();
        let forward = if self.to_move == Side::South { 1 } else { -1 };
        for rank in 0..geometry.ranks as i32 {
            let squares: Vec<_> = (0..geometry.files as i32).filter_map(|file| geometry.square(file, rank)).collect();
            if !squares.iter().all(|&s| scope.own.contains(s)) {
                continue;
            }
            let mut mv = Move::declaration(MoveKind::Deploy);
            for &from in &squares {
                if let Some(to) = geometry.offset(from, 0, forward)
                    && !scope.occupied.contains(to)
                    && scope.movable.contains(from)
                {
                    mv.steps.push(Step { from, to });
                }
            }
            if !mv.steps.is_empty() {
                self.finish(mv, out);
            }
        }
    }
}
