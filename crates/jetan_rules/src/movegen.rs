//! Legal move generation: what may move this ply ([`Scope`]), each piece's single moves (its
//! reach filtered by where it may land and the threats a Princess shuns), escapes, group moves
//! ([`crate::groups`]), the end-of-move effects ([`crate::effects`]) and the turn-level moves
//! (Rapid Deployment, the Charge: [`crate::charge`]); all moves, those a [`MoveFilter`] lets
//! through (captures, the moves taking given pieces, groups of few followers), or one move's
//! legality.

use std::cell::RefCell;

use crate::fast_hash::FastSet;
use crate::filter::{Aim, MoveFilter};
use crate::groups::SeenGroups;
use crate::list::List;
use crate::threats::Threatened;
use crate::{EscapeWhen, MAX_REMOVALS, Move, MoveKind, Phase, Piece, Position, Region, Side, Square, SquareSet};

/// What one ply's move generation knows before looking at any piece.
pub(crate) struct Scope {
    /// The side to move's pieces.
    pub own: SquareSet,
    /// The side to move's pieces held by charm.
    pub charmed: SquareSet,
    /// Every occupied square.
    pub occupied: SquareSet,
    /// The side to move's pieces that may move this ply (not charmed; in a Charge, not yet
    /// moved and on a file not yet used).
    pub movable: SquareSet,
    /// The side to move's pieces that may go along in a group this ply (not charmed; in a
    /// Charge, not yet moved: only the group's mover uses up a file).
    pub followers: SquareSet,
    /// Whether squads may move this ply.
    pub squads: bool,
    /// Whether this ply is a whole turn (not a Charge's sub-move): escapes and strikes may be
    /// made.
    pub turn: bool,
    /// Whether this ply is a Charge's sub-move: each move names its actor, whose file it uses.
    pub charge: bool,
    /// The group moves generated so far, so that a group that several of its pieces could
    /// lead is generated once (once per leader in a Charge).
    pub seen: RefCell<SeenGroups>,
    /// The removals of the strikes generated so far, so that each set is struck once.
    pub seen_removals: RefCell<FastSet<List<Square, MAX_REMOVALS>>>,
    /// At most this many pieces are chosen to go along with a group's mover.
    pub most_followers: u8,
    /// Only whether some wanted move exists matters: a generator may list one wanted move
    /// and stop, without its promotion choices or telling duplicates apart.
    pub probe: bool,
}

impl Position {
    /// The legal moves of the side to move (none once the game is over).
    pub fn legal_moves(&self) -> Vec<Move> {
        let mut moves = Vec::with_capacity(64);
        self.generate(&mut moves);
        moves
    }

    /// Appends the legal moves of the side to move to `moves`: for each piece in square order,
    /// its single moves, its escapes, then its group moves; then Rapid Deployments, declaring a
    /// Charge, or ending one.
    pub fn generate(&self, moves: &mut Vec<Move>) {
        self.generate_some(MoveFilter::ALL, moves);
    }

    /// Appends the legal moves of the side to move that take a piece, in the order of
    /// [`Position::generate`]: exactly those of its moves that take an enemy piece or a Wild
    /// Banth, without generating the others.
    pub fn generate_captures(&self, moves: &mut Vec<Move>) {
        let own = self.occupied[self.to_move.index()];
        self.generate_some(MoveFilter::touching(self.occupied().minus(own)), moves);
    }

    /// Appends the legal moves of the side to move that `filter` lets through, in the order of
    /// [`Position::generate`]. Each generator skips what can't reach the squares the
    /// filter is about, so asking about a few squares is cheap.
    pub fn generate_some(&self, filter: MoveFilter, moves: &mut Vec<Move>) {
        self.generate_filtered(filter, false, moves);
    }

    /// Whether `side`, given a whole turn in this position, could take a piece on one of
    /// `squares` with any of its moves: whether those pieces are attacked, whoever is to move.
    /// False once the game is over.
    pub fn could_take(&self, side: Side, squares: SquareSet) -> bool {
        let mut moves = Vec::new();
        let filter = MoveFilter::touching(squares);
        if side == self.to_move && self.phase == Phase::Turn {
            self.generate_filtered(filter, true, &mut moves);
        } else {
            let mut turned = self.clone();
            turned.to_move = side;
            turned.phase = Phase::Turn;
            turned.generate_filtered(filter, true, &mut moves);
        }
        !moves.is_empty()
    }

    /// [`Position::generate_some`]; with `first_only`, it may stop once it has found one.
    fn generate_filtered(&self, filter: MoveFilter, first_only: bool, moves: &mut Vec<Move>) {
        if self.outcome.is_some() {
            return;
        }
        let start = moves.len();
        if self.phase == Phase::BanthStep {
            self.banth_steps(moves);
            moves.push(Move::declaration(MoveKind::Pass));
            filter.keep_passing(moves, start);
            return;
        }
        let mut scope = self.scope();
        scope.most_followers = filter.followers;
        scope.probe = first_only;
        let aim = Aim::at(self, filter.touching);
        for from in scope.movable.iter() {
            let before = moves.len();
            self.piece_moves(&scope, from, &aim, moves);
            // (Otherwise the moves are filtered once, at the end.)
            if first_only {
                filter.keep_passing(moves, before);
                if moves.len() > start {
                    return;
                }
            }
        }
        match self.phase {
            Phase::Turn => {
                if self.variant.rules().rapid_deployment {
                    self.deployments(&scope, moves);
                }
                // A declaration touches no square: only a filter passing every move lists it.
                if filter.touching == SquareSet::FULL && self.may_declare_charge(&scope) {
                    moves.push(Move::declaration(MoveKind::Charge));
                }
            }
            Phase::Charge { submoves, .. } => {
                if submoves > 0 {
                    moves.push(Move::declaration(MoveKind::EndCharge));
                }
            }
            Phase::BanthStep => unreachable!("handled above"),
        }
        filter.keep_passing(moves, start);
    }

    /// Whether `mv` is one of the legal moves: the same answer as looking it up in
    /// [`Position::legal_moves`], found by generating only the moves that the pieces of `mv`
    /// could lead to their squares, so it is cheap enough to check a remembered move (a
    /// search's table move or killer).
    pub fn is_legal(&self, mv: Move) -> bool {
        if self.outcome.is_some() {
            return false;
        }
        if !matches!(mv.kind, MoveKind::Normal | MoveKind::Escape | MoveKind::Train) || mv.steps.is_empty() {
            return self.legal_moves().contains(&mv);
        }
        let scope = self.scope();
        let mut moves = Vec::new();
        mv.steps.iter().any(|step| {
            let Some(piece) = self.board[step.from.index()] else { return false };
            if !scope.movable.contains(step.from)
                || (mv.kind == MoveKind::Normal && !self.variant.tables.empty_board(piece, step.from).contains(step.to))
            {
                return false;
            }
            moves.clear();
            self.piece_moves(&scope, step.from, &Aim::at(self, SquareSet::only(step.to)), &mut moves);
            moves.contains(&mv)
        })
    }

    /// The squares a piece's movements end on, whatever stands there.
    #[inline]
    pub fn reach(&self, piece: Piece, from: Square, occupied: &SquareSet) -> SquareSet {
        self.variant.tables.reach(self.variant.geometry(), piece, from, occupied)
    }

    /// What may move this ply. Inlined: a scope returned through memory was written a word at
    /// a time and read back whole by the generation that iterates its movable pieces (a stall).
    #[inline(always)]
    pub(crate) fn scope(&self) -> Scope {
        let own = self.occupied[self.to_move.index()];
        let occupied = self.occupied();
        let charmed = self.charmed(self.to_move);
        let free = own.minus(charmed);
        let rules = self.variant.rules();
        // The pieces that may not go along (moved in this Charge already), and those that may
        // go along but not lead (on a file used up; every piece while Banths step): taken away
        // from `free` rather than choosing whole sets per phase, which kept the sets in memory
        // and stalled the loads that read them back.
        let (moved, held, squads, turn) = match self.phase {
            Phase::Turn => (SquareSet::EMPTY, SquareSet::EMPTY, rules.squads.is_some(), true),
            Phase::Charge { files, moved, .. } => {
                let geometry = self.variant.geometry();
                let on_used_files = free.minus(moved).iter().filter(|&s| files & 1 << geometry.file(s) != 0).collect();
                (moved, on_used_files, rules.squads.is_some() && rules.charge.is_some_and(|c| c.squads), false)
            }
            Phase::BanthStep => (SquareSet::EMPTY, SquareSet::FULL, false, false),
        };
        let followers = free.minus(moved);
        let movable = followers.minus(held);
        Scope {
            own,
            charmed,
            occupied,
            movable,
            followers,
            squads,
            turn,
            charge: matches!(self.phase, Phase::Charge { .. }),
            seen: RefCell::default(),
            seen_removals: RefCell::default(),
            most_followers: u8::MAX,
            probe: false,
        }
    }

    /// The moves of the piece on `from` that may touch the squares of `aim` (a superset of
    /// those that do; all its moves for [`Aim::ALL`]): single moves, escapes, then group moves.
    #[inline]
    pub(crate) fn piece_moves(&self, scope: &Scope, from: Square, aim: &Aim, out: &mut Vec<Move>) {
        let before = out.len();
        self.own_piece_moves(scope, from, aim, out);
        if scope.charge {
            for mv in &mut out[before..] {
                mv.actor = Some(from);
            }
        }
    }

    /// [`Position::piece_moves`], without naming the actor: a piece that only ever moves alone
    /// here, any other piece in [`Position::rich_piece_moves`] (kept out of line, so that the
    /// many pieces of the first sort don't pay for the second's machinery).
    #[inline(always)]
    fn own_piece_moves(&self, scope: &Scope, from: Square, aim: &Aim, out: &mut Vec<Move>) {
        let piece = self.board[from.index()].expect("movable squares hold pieces");
        if !self.variant.moves_alone[piece.side.index()][piece.kind.index()] {
            return self.rich_piece_moves(scope, piece, from, aim, out);
        }
        // Its normal moves touch the aim only if they reach it on an empty board.
        if aim.is_all() || self.variant.tables.empty_board(piece, from).intersects(&aim.landing) {
            let normal = self.targets(piece, from, scope.occupied, scope.own, aim.landing, None);
            for to in normal.iter() {
                self.finish_single(from, to, MoveKind::Normal, out);
            }
        }
    }

    /// The moves of a piece that may shun threats, escape, lead groups or act from afar.
    #[inline(never)]
    fn rich_piece_moves(&self, scope: &Scope, piece: Piece, from: Square, aim: &Aim, out: &mut Vec<Move>) {
        let empty_board = self.variant.tables.empty_board(piece, from);
        let may_land = aim.is_all() || empty_board.intersects(&aim.landing);
        let kind = self.variant.kind(piece.kind);
        let acts_from_afar =
            kind.strike.is_some() || kind.directs.is_some() || kind.hauls.is_some() || kind.plough.is_some();
        if !aim.is_all()
            && !acts_from_afar
            && !empty_board.intersects(&aim.leading)
            && !self.variant.tables.escape(piece, from).intersects(&aim.landing)
        {
            // Neither it nor a group it leads can land near enough.
            return;
        }
        let mut threatened = Threatened::new(self, piece, from);
        // (Its groups, escapes or acts from afar may touch the aim where its normal moves can't.)
        let normal = if may_land {
            self.targets(piece, from, scope.occupied, scope.own, aim.landing, Some(&mut threatened))
        } else {
            SquareSet::EMPTY
        };
        if kind.hauls.is_some() || kind.plough.is_some() {
            self.hauler_moves(scope, from, aim, out);
        } else {
            for to in normal.iter() {
                self.finish_single(from, to, MoveKind::Normal, out);
            }
        }
        if scope.turn && self.may_escape(piece, from, &mut threatened) {
            for to in self.escape_targets(piece, from, normal, aim.landing, &mut threatened).iter() {
                self.finish_single(from, to, MoveKind::Escape, out);
            }
        }
        self.group_moves(scope, from, aim, out);
        if scope.turn && kind.strike.is_some() {
            self.strikes(scope, from, aim, out);
        }
        if kind.directs.is_some() {
            self.directions(from, aim, out);
        }
    }

    /// The squares of `within` that a piece may make a normal move to, with `occupied` and
    /// `own` the occupied squares and its side's (after lifting any group off the board), and
    /// the threats it shuns, if it shuns them.
    #[inline(always)]
    pub(crate) fn targets(
        &self,
        piece: Piece,
        from: Square,
        occupied: SquareSet,
        own: SquareSet,
        within: SquareSet,
        threatened: Option<&mut Threatened>,
    ) -> SquareSet {
        let variant = &self.variant;
        let kind = variant.kind(piece.kind);
        let mut targets = self.reach(piece, from, &occupied).and(within).minus(own);
        if !variant.lands_on_any[piece.kind.index()] {
            for victim in targets.and(occupied).iter() {
                let victim_kind = self.board[victim.index()].expect("occupied squares hold pieces").kind;
                if !variant.may_land_on(piece.kind, victim_kind) {
                    targets.remove(victim);
                }
            }
        }
        if let Some(threatened) = threatened.filter(|_| kind.shuns_threats && !targets.is_empty()) {
            targets = targets.minus(threatened.landing());
            if !variant.rules().threats.pass_through && !targets.is_empty() {
                let danger = threatened.before();
                targets = targets
                    .iter()
                    .filter(|&to| self.walk_avoiding(piece, from, to, &occupied, &danger).is_some())
                    .collect();
            }
        }
        targets
    }

    fn may_escape(&self, piece: Piece, from: Square, threatened: &mut Threatened) -> bool {
        let Some(rule) = &self.variant.piece_kind(piece).escape else { return false };
        !self.escape_used[piece.side.index()]
            && (rule.when == EscapeWhen::Always || (threatened.before().contains(from) && self.is_attacked(from)))
            && (rule.needs.is_empty()
                || self.occupied[piece.side.index()].iter().any(|s| {
                    self.board[s.index()].is_some_and(|p| p.owner == piece.side && rule.needs.contains(&p.kind))
                }))
    }

    /// The squares of `within` an escape may land on: empty, unthreatened (if the rule says
    /// so), in reach and in the region, and not a square a normal move already reaches
    /// (`normal`, the normal targets within `within`).
    fn escape_targets(
        &self,
        piece: Piece,
        from: Square,
        normal: SquareSet,
        within: SquareSet,
        threatened: &mut Threatened,
    ) -> SquareSet {
        let rule = self.variant.piece_kind(piece).escape.as_ref().expect("only pieces with an escape escape");
        let geometry = self.variant.geometry();
        let in_own_half = |square: Square| {
            let rank = geometry.rank(square);
            let half = geometry.ranks as i32 / 2;
            if piece.side == Side::South { rank < half } else { rank >= geometry.ranks as i32 - half }
        };
        let mut candidates = self.variant.tables.escape(piece, from).and(within).minus(self.occupied()).minus(normal);
        if rule.avoid_threats && !candidates.is_empty() {
            candidates = candidates.minus(threatened.landing());
        }
        match rule.region {
            Region::Anywhere => candidates,
            Region::OwnHalf => candidates.iter().filter(|&square| in_own_half(square)).collect(),
        }
    }
}
