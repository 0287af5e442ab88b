//! Legal move generation: each piece's reach filtered by where it may land, the threatened
//! squares a Princess shuns, and her escape; and the walk a move takes.

use crate::reach::movement_reach;
use crate::walk::{WalkRule, first_walk};
use crate::{
    Dir, EscapeWalk, EscapeWhen, Judged, Move, MoveKind, Movement, Piece, Position, Region, Side, Square, SquareSet,
};

impl Position {
    /// The legal moves of the side to move (none once the game is over).
    pub fn legal_moves(&self) -> Vec<Move> {
        let mut moves = Vec::with_capacity(64);
        self.generate(&mut moves);
        moves
    }

    /// Appends the legal moves of the side to move to `moves`.
    pub fn generate(&self, moves: &mut Vec<Move>) {
        if self.outcome.is_some() {
            return;
        }
        let side = self.to_move;
        for from in self.occupied[side.index()].iter() {
            let piece = self.board[from.index()].expect("occupied squares hold pieces");
            let targets = self.targets(piece, from);
            moves.extend(targets.iter().map(|to| Move { from, to, kind: MoveKind::Normal }));
            if self.may_escape(piece, from) {
                let escapes = self.escape_targets(piece, from, targets);
                moves.extend(escapes.iter().map(|to| Move { from, to, kind: MoveKind::Escape }));
            }
        }
    }

    /// Whether `mv` is one of the legal moves.
    pub fn is_legal(&self, mv: Move) -> bool {
        self.board[mv.from.index()].is_some_and(|p| p.side == self.to_move) && {
            let mut moves = Vec::new();
            self.generate(&mut moves);
            moves.contains(&mv)
        }
    }

    /// The squares a piece's movements end on, whatever stands there.
    pub fn reach(&self, piece: Piece, from: Square, occupied: &SquareSet) -> SquareSet {
        let variant = &self.variant;
        let blocked = &variant.tables.blocked[piece.kind.index()];
        blocked.iter().fold(variant.tables.fixed(piece, from), |reach, movement| {
            reach.or(movement_reach(variant.geometry(), movement, piece.side, from, occupied))
        })
    }

    /// The squares a piece may make a normal move to.
    fn targets(&self, piece: Piece, from: Square) -> SquareSet {
        let kind = self.variant.kind(piece.kind);
        let all = self.occupied();
        let mut targets = self.reach(piece, from, &all).minus(self.occupied[piece.side.index()]);
        if !kind.armed {
            targets = targets.minus(all);
        }
        if kind.shuns_threats {
            targets = targets.minus(self.threatened_for(piece, from));
            if !self.variant.rules().threats.pass_through {
                let danger = self.threats(piece.side.opponent(), &all);
                targets = targets.iter().filter(|&to| self.walk_avoiding(piece, from, to, &danger).is_some()).collect();
            }
        }
        targets
    }

    /// The squares attacked by `side`: where one of its armed pieces could land, were an
    /// enemy standing there, with `occupied` as the occupied squares.
    pub fn threats(&self, side: Side, occupied: &SquareSet) -> SquareSet {
        self.occupied[side.index()].iter().fold(SquareSet::EMPTY, |threats, square| {
            let piece = self.board[square.index()].expect("occupied squares hold pieces");
            if self.variant.kind(piece.kind).armed { threats.or(self.reach(piece, square, occupied)) } else { threats }
        })
    }

    /// Whether the piece on `square` is attacked by the enemy.
    pub fn is_attacked(&self, square: Square) -> bool {
        self.board[square.index()]
            .is_some_and(|piece| self.threats(piece.side.opponent(), &self.occupied()).contains(square))
    }

    /// The squares threatened for `piece` moving from `from`, judged as the rules say.
    fn threatened_for(&self, piece: Piece, from: Square) -> SquareSet {
        let mut occupied = self.occupied();
        if self.variant.rules().threats.judged == Judged::AfterMove {
            occupied.remove(from);
        }
        self.threats(piece.side.opponent(), &occupied)
    }

    fn may_escape(&self, piece: Piece, from: Square) -> bool {
        match self.variant.kind(piece.kind).escape {
            Some(rule) if !self.escape_used[piece.side.index()] => {
                rule.when == EscapeWhen::Always || self.is_attacked(from)
            }
            _ => false,
        }
    }

    /// The squares an escape may land on: empty, unthreatened, in reach and in the region,
    /// and not a square a normal move already reaches.
    fn escape_targets(&self, piece: Piece, from: Square, normal: SquareSet) -> SquareSet {
        let rule = self.variant.kind(piece.kind).escape.expect("only pieces with an escape escape");
        let geometry = self.variant.geometry();
        let in_region = |square: Square| match rule.region {
            Region::Anywhere => true,
            Region::OwnHalf => {
                let rank = geometry.rank(square);
                let half = geometry.ranks as i32 / 2;
                if piece.side == Side::South { rank < half } else { rank >= geometry.ranks as i32 - half }
            }
        };
        let threatened = self.threatened_for(piece, from);
        self.variant
            .tables
            .escape(piece.kind, from)
            .minus(self.occupied())
            .minus(threatened)
            .minus(normal)
            .iter()
            .filter(|&square| in_region(square))
            .collect()
    }

    /// The path a legal move takes, origin first: the first walk found in the engine's fixed
    /// order (a leap is just its two ends). Used to show and animate the move.
    pub fn walk(&self, mv: Move) -> Vec<Square> {
        let Some(piece) = self.board[mv.from.index()] else { return vec![mv.from, mv.to] };
        if mv.kind == MoveKind::Escape {
            let rule = self.variant.kind(piece.kind).escape.expect("escapes come from pieces with an escape");
            if rule.walk == EscapeWalk::Leap {
                return vec![mv.from, mv.to];
            }
            let walk = WalkRule::jumping(rule.reach, rule.walk == EscapeWalk::Exact, rule.mix);
            return first_walk(self.variant.geometry(), mv.from, mv.to, &walk, &|_| true)
                .unwrap_or_else(|| vec![mv.from, mv.to]);
        }
        let kind = self.variant.kind(piece.kind);
        let danger = if kind.shuns_threats && !self.variant.rules().threats.pass_through {
            self.threats(piece.side.opponent(), &self.occupied())
        } else {
            SquareSet::EMPTY
        };
        self.walk_avoiding(piece, mv.from, mv.to, &danger).unwrap_or_else(|| vec![mv.from, mv.to])
    }

    /// The first way, over the piece's movements in order, from `from` to `to` that passes
    /// through no square of `avoid`.
    fn walk_avoiding(&self, piece: Piece, from: Square, to: Square, avoid: &SquareSet) -> Option<Vec<Square>> {
        let geometry = self.variant.geometry();
        let occupied = self.occupied();
        self.variant.kind(piece.kind).moves.iter().find_map(|movement| match movement {
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
                movement_reach(geometry, movement, piece.side, from, &occupied).contains(to).then(|| vec![from, to])
            }
        })
    }
}
