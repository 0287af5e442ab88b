//! Legal move generation: each piece's reach filtered by where it may land, the threatened
//! squares a Princess shuns, and her escape; all moves, only captures, or one move's
//! legality; and the walk a move takes.

use crate::reach::movement_reach;
use crate::threats::Threatened;
use crate::walk::{WalkRule, first_walk};
use crate::{Dir, EscapeWalk, EscapeWhen, Move, MoveKind, Movement, Piece, Position, Region, Side, Square, SquareSet};

impl Position {
    /// The legal moves of the side to move (none once the game is over).
    pub fn legal_moves(&self) -> Vec<Move> {
        let mut moves = Vec::with_capacity(64);
        self.generate(&mut moves);
        moves
    }

    /// Appends the legal moves of the side to move to `moves`: for each piece in square
    /// order, its normal moves then its escapes, each by destination.
    pub fn generate(&self, moves: &mut Vec<Move>) {
        if self.outcome.is_some() {
            return;
        }
        for from in self.occupied[self.to_move.index()].iter() {
            let piece = self.board[from.index()].expect("occupied squares hold pieces");
            let mut threatened = Threatened::new(self, piece, from);
            let targets = self.targets(piece, from, SquareSet::FULL, &mut threatened);
            moves.extend(targets.iter().map(|to| Move { from, to, kind: MoveKind::Normal }));
            if self.may_escape(piece, from, &mut threatened) {
                let escapes = self.escape_targets(piece, from, targets, SquareSet::FULL, &mut threatened);
                moves.extend(escapes.iter().map(|to| Move { from, to, kind: MoveKind::Escape }));
            }
        }
    }

    /// Appends the legal moves of the side to move that land on a piece to `moves`, in the
    /// order of [`Position::generate`]: exactly its moves that capture, without generating
    /// the others. Whatever limits captures (unarmed pieces, threatened squares) is applied as
    /// move generation applies it.
    pub fn generate_captures(&self, moves: &mut Vec<Move>) {
        if self.outcome.is_some() {
            return;
        }
        let occupied = self.occupied();
        for from in self.occupied[self.to_move.index()].iter() {
            let piece = self.board[from.index()].expect("occupied squares hold pieces");
            let targets = self.targets(piece, from, occupied, &mut Threatened::new(self, piece, from));
            moves.extend(targets.iter().map(|to| Move { from, to, kind: MoveKind::Normal }));
        }
    }

    /// Whether `mv` is one of the legal moves: the same answer as looking it up in
    /// [`Position::legal_moves`], found by generating only the moving piece's moves to that
    /// square, so it is cheap enough to check a remembered move (a search's table move or
    /// killer) before generating every move.
    pub fn is_legal(&self, mv: Move) -> bool {
        let Some(piece) = self.board[mv.from.index()] else { return false };
        if self.outcome.is_some() || piece.side != self.to_move {
            return false;
        }
        if mv.kind == MoveKind::Normal && !self.variant.tables.empty_board(piece, mv.from).contains(mv.to) {
            return false;
        }
        let within = SquareSet::only(mv.to);
        let mut threatened = Threatened::new(self, piece, mv.from);
        let normal = self.targets(piece, mv.from, within, &mut threatened);
        match mv.kind {
            MoveKind::Normal => normal.contains(mv.to),
            MoveKind::Escape => {
                self.may_escape(piece, mv.from, &mut threatened)
                    && self.escape_targets(piece, mv.from, normal, within, &mut threatened).contains(mv.to)
            }
        }
    }

    /// The squares a piece's movements end on, whatever stands there.
    #[inline]
    pub fn reach(&self, piece: Piece, from: Square, occupied: &SquareSet) -> SquareSet {
        self.variant.tables.reach(self.variant.geometry(), piece, from, occupied)
    }

    /// The squares of `within` that a piece may make a normal move to.
    fn targets(&self, piece: Piece, from: Square, within: SquareSet, threatened: &mut Threatened) -> SquareSet {
        let kind = self.variant.kind(piece.kind);
        let all = self.occupied();
        let mut targets = self.reach(piece, from, &all).and(within).minus(self.occupied[piece.side.index()]);
        if !kind.armed {
            targets = targets.minus(all);
        }
        if kind.shuns_threats && !targets.is_empty() {
            targets = targets.minus(threatened.landing());
            if !self.variant.rules().threats.pass_through && !targets.is_empty() {
                let danger = threatened.before();
                targets = targets.iter().filter(|&to| self.walk_avoiding(piece, from, to, &danger).is_some()).collect();
            }
        }
        targets
    }

    fn may_escape(&self, piece: Piece, from: Square, threatened: &mut Threatened) -> bool {
        match self.variant.kind(piece.kind).escape {
            Some(rule) if !self.escape_used[piece.side.index()] => {
                rule.when == EscapeWhen::Always || threatened.before().contains(from)
            }
            _ => false,
        }
    }

    /// The squares of `within` an escape may land on: empty, unthreatened, in reach and in
    /// the region, and not a square a normal move already reaches (`normal`, the normal
    /// targets within `within`).
    fn escape_targets(
        &self,
        piece: Piece,
        from: Square,
        normal: SquareSet,
        within: SquareSet,
        threatened: &mut Threatened,
    ) -> SquareSet {
        let rule = self.variant.kind(piece.kind).escape.expect("only pieces with an escape escape");
        let geometry = self.variant.geometry();
        let in_own_half = |square: Square| {
            let rank = geometry.rank(square);
            let half = geometry.ranks as i32 / 2;
            if piece.side == Side::South { rank < half } else { rank >= geometry.ranks as i32 - half }
        };
        let candidates = self.variant.tables.escape(piece.kind, from).and(within).minus(self.occupied()).minus(normal);
        if candidates.is_empty() {
            return candidates;
        }
        let unthreatened = candidates.minus(threatened.landing());
        match rule.region {
            Region::Anywhere => unthreatened,
            Region::OwnHalf => unthreatened.iter().filter(|&square| in_own_half(square)).collect(),
        }
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
            Threatened::new(self, piece, mv.from).before()
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
