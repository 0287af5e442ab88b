//! The paths a legal move's pieces take, for showing and animating it: the mover's first walk
//! in the engine's fixed order, followers in formation with it, a promoting female's way home.

use crate::reach::movement_reach;
use crate::threats::Threatened;
use crate::walk::{WalkRule, first_walk};
use crate::{Dir, EscapeWalk, Move, MoveKind, Movement, Piece, Position, Square, SquareSet, Step};

impl Position {
    /// The step of a legal move whose piece leads it: in a Charge, its actor's; otherwise the
    /// first whose piece can walk it with the group lifted (the others keep their places around
    /// it); the only step of a single move.
    pub fn leader(&self, mv: Move) -> Option<Step> {
        if let Some(step) = mv.actor.and_then(|actor| mv.steps.iter().find(|s| s.from == actor)) {
            return Some(*step);
        }
        if mv.steps.len() <= 1 || mv.kind != MoveKind::Normal {
            return mv.lead();
        }
        let lifted: SquareSet = mv.steps.iter().map(|s| s.from).collect();
        let occupied = self.occupied().minus(lifted);
        let leads = |step: &&Step| {
            self.board[step.from.index()].is_some_and(|piece| {
                self.walk_avoiding(piece, step.from, step.to, &occupied, &SquareSet::EMPTY).is_some()
            })
        };
        mv.steps.iter().find(leads).or(mv.steps.first()).copied()
    }

    /// The path the leader of a legal move takes, origin first: the first walk found in the
    /// engine's fixed order (a leap is just its two ends); empty for a move that moves no piece.
    pub fn walk(&self, mv: Move) -> Vec<Square> {
        let Some(lead) = self.leader(mv) else { return Vec::new() };
        let Some(piece) = self.board[lead.from.index()] else { return vec![lead.from, lead.to] };
        let (from, to) = (lead.from, lead.to);
        if mv.kind == MoveKind::Escape {
            let rule = self.variant.piece_kind(piece).escape.as_ref().expect("escapes come from pieces with an escape");
            if rule.walk == EscapeWalk::Leap {
                return vec![from, to];
            }
            let walk = WalkRule::jumping(rule.reach, rule.walk == EscapeWalk::Exact, rule.mix);
            return first_walk(self.variant.geometry(), from, to, &walk, &|_| true).unwrap_or_else(|| vec![from, to]);
        }
        if matches!(mv.kind, MoveKind::Deploy | MoveKind::Direct | MoveKind::BanthStep) {
            return vec![from, to];
        }
        if (mv.kind == MoveKind::Train || self.variant.kind(piece.kind).plough.is_some())
            && let Some(walk) = self.train_walk(mv)
        {
            return walk;
        }
        let kind = self.variant.kind(piece.kind);
        let danger = if kind.shuns_threats && !self.variant.rules().threats.pass_through {
            Threatened::new(self, piece, from).before()
        } else {
            SquareSet::EMPTY
        };
        let lifted: SquareSet = mv.steps.iter().map(|s| s.from).collect();
        let occupied = self.occupied().minus(lifted);
        self.walk_avoiding(piece, from, to, &occupied, &danger).unwrap_or_else(|| vec![from, to])
    }

    /// The path of every step of a legal move, in the move's order: the mover's walk; each
    /// follower's the same walk shifted to start on its square (a Deploy's steps move one square
    /// each); a promoting female's path continues to her home.
    pub fn paths(&self, mv: Move) -> Vec<Vec<Square>> {
        if mv.kind == MoveKind::Train {
            return self.train_paths(mv);
        }
        let geometry = self.variant.geometry();
        let lead = self.walk(mv);
        let Some(&origin) = lead.first() else { return Vec::new() };
        mv.steps
            .iter()
            .map(|step| {
                let mut path: Vec<Square> =
                    if matches!(mv.kind, MoveKind::Deploy | MoveKind::Direct | MoveKind::BanthStep) {
                        vec![step.from, step.to]
                    } else {
                        let (df, dr) = (
                            geometry.file(step.from) - geometry.file(origin),
                            geometry.rank(step.from) - geometry.rank(origin),
                        );
                        let shifted: Option<Vec<Square>> = lead.iter().map(|&s| geometry.offset(s, df, dr)).collect();
                        shifted.unwrap_or_else(|| vec![step.from, step.to])
                    };
                if let Some(promotion) = mv.promotions.iter().find(|p| p.at == step.to) {
                    path.push(promotion.home);
                }
                path
            })
            .collect()
    }

    /// The first way, over the piece's movements in order, from `from` to `to` with `occupied`
    /// occupied, that passes through no square of `avoid`.
    pub(crate) fn walk_avoiding(
        &self,
        piece: Piece,
        from: Square,
        to: Square,
        occupied: &SquareSet,
        avoid: &SquareSet,
    ) -> Option<Vec<Square>> {
        let geometry = self.variant.geometry();
        self.variant.piece_kind(piece).moves.iter().find_map(|movement| match movement {
            Movement::Path { .. } | Movement::Combo { .. } => {
                let rule = WalkRule::of(movement).expect("paths and combos are walks");
                let passable = |s: Square| !avoid.contains(s) && (rule.jump || !occupied.contains(s));
                first_walk(geometry, from, to, &rule, &passable)
            }
            Movement::Ride { dirs, max } => Dir::ALL.into_iter().filter(|&d| dirs.allows(d)).find_map(|dir| {
                let mut line = vec![from];
                for _ in 0..max.unwrap_or(u8::MAX) {
                    let next = geometry.step(*line.last()?, dir)?;
                    line.push(next);
                    if next == to {
                        return Some(line);
                    }
                    if occupied.contains(next) || avoid.contains(next) {
                        return None;
                    }
                }
                None
            }),
            Movement::Step(_) | Movement::Area(_) => {
                movement_reach(geometry, movement, piece.side, from, occupied).contains(to).then(|| vec![from, to])
            }
        })
    }
}
