//! A position of a game: the board, whose turn, and the state the rules remember; playing and
//! undoing moves, and the outcome.

use std::sync::Arc;

use arrayvec::ArrayVec;

use crate::list::List;
use crate::moves::{MAX_PROMOTIONS, MAX_REMOVALS, MAX_STEPS};
use crate::trains::{MAX_TRAINS, Train};
use crate::{
    KindId, Move, MoveKind, Outcome, Piece, Promotion, Reason, Side, Square, SquareSet, Step, Variant, Verdict,
    rules::Ending,
};

/// A position of a game of one variant.
#[derive(Clone, Debug)]
pub struct Position {
    pub(crate) variant: Arc<Variant>,
    /// What stands on each square: as many slots as a square's index can name, so that looking
    /// one up is never out of bounds (the board's own squares come first).
    pub(crate) board: [Option<Piece>; SquareSet::SQUARES],
    /// The squares of South's pieces, North's, and the ownerless pieces'.
    pub(crate) occupied: [SquareSet; 3],
    /// The squares of the pieces of [`Variant::notable`] kinds.
    pub(crate) notable: SquareSet,
    pub(crate) to_move: Side,
    pub(crate) escape_used: [bool; 2],
    /// Plies played since both armies became small, if they are.
    pub(crate) small_armies: Option<u8>,
    pub(crate) ply: u32,
    pub(crate) phase: Phase,
    /// The Zitidars' trains.
    pub(crate) trains: List<Train, MAX_TRAINS>,
    pub(crate) outcome: Option<Outcome>,
    pub(crate) hash: u64,
}

/// Where the side to move is in its turn.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Phase {
    /// An ordinary turn: one move, or declaring a Charge.
    #[default]
    Turn,
    /// Inside a Charge (RULES.md §5.12).
    Charge {
        /// The files used, as bits (file a = bit 0).
        files: u32,
        /// The squares of the pieces that have moved in it.
        moved: SquareSet,
        /// How many sub-moves have been played.
        submoves: u8,
    },
    /// After a move, the same side may step a Wild Banth (RULES.md §5.9).
    BanthStep,
}

/// The most squares one move changes (steps' both ends, removals, homes, turned allegiances).
const MAX_TOUCHED: usize = 2 * MAX_STEPS + MAX_REMOVALS + 2 * MAX_PROMOTIONS + 8;

/// What one ply captured, for the endings to judge: (capturer, victim) pairs.
type Captures = List<(Piece, Piece), { MAX_STEPS + MAX_REMOVALS }>;

/// What [`Position::undo`] needs to take a move back.
#[derive(Clone, Debug)]
pub struct Undo {
    /// Every square the move changed, with what it held before, in the order first changed
    /// (not a [`List`]: its unused slots are left as they are, not cleared, as nothing compares
    /// undos).
    touched: ArrayVec<(Square, Option<Piece>), MAX_TOUCHED>,
    to_move: Side,
    escape_used: [bool; 2],
    small_armies: Option<u8>,
    phase: Phase,
    trains: List<Train, MAX_TRAINS>,
    outcome: Option<Outcome>,
    hash: u64,
}

impl Undo {
    /// Remembers what stands on each square `mv` touches in `position`: where its pieces
    /// start and land, its removals and the homes of its promoting females.
    #[inline(always)]
    fn remember_squares(&mut self, position: &Position, mv: &Move) {
        for step in mv.steps.iter() {
            self.remember(position, step.from);
            self.remember(position, step.to);
        }
        for &square in mv.removals.iter().chain(mv.promotions.iter().map(|p| &p.home)) {
            self.remember(position, square);
        }
    }

    fn remember(&mut self, position: &Position, square: Square) {
        if !self.touched.iter().any(|&(s, _)| s == square) {
            self.touched.push((square, position.board[square.index()]));
        }
    }
}

impl PartialEq for Position {
    fn eq(&self, other: &Self) -> bool {
        Arc::ptr_eq(&self.variant, &other.variant)
            && self.board == other.board
            && self.to_move == other.to_move
            && self.escape_used == other.escape_used
            && self.small_armies == other.small_armies
            && self.ply == other.ply
            && self.phase == other.phase
            && self.trains == other.trains
            && self.outcome == other.outcome
    }
}

impl Position {
    /// The variant's start position.
    pub fn start(variant: Arc<Variant>) -> Position {
        let pieces = variant.setup().to_vec();
        Position::from_pieces(variant.clone(), &pieces, variant.rules().first)
    }

    /// A position with these pieces and this side to move, nothing else remembered (no escape
    /// used, no small-armies count, ply 0). Pieces of kinds that promote without a home get
    /// their square as home; allegiances are worked out as at the start of a turn.
    pub fn from_pieces(variant: Arc<Variant>, pieces: &[(Square, Piece)], to_move: Side) -> Position {
        let mut position = Position {
            board: [None; SquareSet::SQUARES],
            variant,
            occupied: [SquareSet::EMPTY; 3],
            notable: SquareSet::EMPTY,
            to_move,
            escape_used: [false; 2],
            small_armies: None,
            ply: 0,
            phase: Phase::Turn,
            trains: List::new(),
            outcome: None,
            hash: 0,
        };
        for &(square, mut piece) in pieces {
            let promotes = position.variant.kind(piece.kind).promotion.is_some();
            piece.home = if promotes { piece.home.or(Some(square)) } else { None };
            position.put(square, piece);
        }
        position.settle_allegiances(None);
        position.hash = position.compute_hash();
        position
    }

    /// The variant being played.
    #[inline]
    pub fn variant(&self) -> &Arc<Variant> {
        &self.variant
    }

    /// The piece on a square.
    #[inline]
    pub fn piece_at(&self, square: Square) -> Option<Piece> {
        self.board[square.index()]
    }

    /// Every piece with its square, in square order.
    pub fn pieces(&self) -> impl Iterator<Item = (Square, Piece)> + '_ {
        self.occupied().iter().filter_map(|square| self.board[square.index()].map(|piece| (square, piece)))
    }

    /// The squares a side's pieces stand on.
    #[inline]
    pub fn occupied_by(&self, side: Side) -> SquareSet {
        self.occupied[side.index()]
    }

    /// Every occupied square.
    #[inline]
    pub fn occupied(&self) -> SquareSet {
        self.occupied[0].or(self.occupied[1]).or(self.occupied[2])
    }

    /// The side to move.
    #[inline]
    pub fn to_move(&self) -> Side {
        self.to_move
    }

    /// Plies played since the start of the game (or of the position text).
    #[inline]
    pub fn ply(&self) -> u32 {
        self.ply
    }

    /// Where the side to move is in its turn.
    #[inline]
    pub fn phase(&self) -> Phase {
        self.phase
    }

    /// Whether a side has used its escape.
    #[inline]
    pub fn escape_used(&self, side: Side) -> bool {
        self.escape_used[side.index()]
    }

    /// Plies counted towards the small-armies draw, if both armies are small.
    pub fn small_armies_count(&self) -> Option<u8> {
        self.small_armies
    }

    /// The Zobrist hash of everything the rules remember.
    #[inline]
    pub fn hash(&self) -> u64 {
        self.hash
    }

    /// How the game ended, if it has: by a move that ended it, or because the side to move
    /// has no legal move.
    pub fn outcome(&self) -> Option<Outcome> {
        self.outcome.or_else(|| {
            self.legal_moves()
                .is_empty()
                .then(|| Outcome::of(self.variant.rules().no_moves, self.to_move, Reason::NoMoves))
        })
    }

    /// The outcome a move already made has decided (without looking for a lack of moves).
    #[inline]
    pub fn decided(&self) -> Option<Outcome> {
        self.outcome
    }

    /// Hands the turn to the enemy without moving: not a move of the game, but what a search
    /// asks to learn how strong a position is (a null move). Only at the start of a turn;
    /// [`Position::undo`] takes it back.
    pub fn pass(&mut self) -> Undo {
        debug_assert!(self.phase == Phase::Turn, "a turn is passed only at its start");
        self.play(Move::declaration(MoveKind::Pass))
    }

    /// Plays a legal move (unchecked: play only moves from [`Position::legal_moves`] or
    /// [`Position::parse_move`]) and returns what undoes it.
    pub fn play(&mut self, mv: Move) -> Undo {
        // (Filled in place: a helper returning the filled `Undo` cost one more copy of it a move.)
        let mut undo = self.undo_base();
        undo.remember_squares(self, &mv);
        let side = self.to_move;
        let trains = self.trains_after(&mv);
        let mut captures = Captures::new();
        self.move_pieces(&mv, &mut captures);
        if let Some(trains) = trains {
            self.set_trains(trains);
        }
        self.bring_back(&mv.promotions);
        if mv.kind == MoveKind::Escape {
            self.set_escape_used(side, true);
        }
        self.ply += 1;
        self.outcome = self.outcome.or_else(|| self.ending(side, &captures));
        let turn_over = self.advance_phase(&mv, side);
        self.hand_over(&mv, side, turn_over, &mut undo);
        undo
    }

    /// What takes back a move, before it remembers the squares the move touches: the state a
    /// move may change.
    #[inline(always)]
    fn undo_base(&self) -> Undo {
        Undo {
            touched: ArrayVec::new(),
            to_move: self.to_move,
            escape_used: self.escape_used,
            small_armies: self.small_armies,
            phase: self.phase,
            trains: self.trains,
            outcome: self.outcome,
            hash: self.hash,
        }
    }

    /// Removes the pieces `mv` removes, then moves its pieces; adds to `captures` what was
    /// captured, by whom.
    #[inline(always)]
    fn move_pieces(&mut self, mv: &Move, captures: &mut Captures) {
        // Removals first: a plough clears the squares its train then lands on.
        let lead = mv.lead().and_then(|step| self.board[step.from.index()]);
        for &square in mv.removals.iter() {
            if let Some(victim) = self.take(square) {
                captures.push((lead.unwrap_or(victim), victim));
            }
        }
        if mv.kind == MoveKind::Direct {
            self.direct_banths(&mv.steps, captures);
        } else {
            self.move_group(&mv.steps, captures);
        }
    }

    /// Moves directed banths one after the other, each taking what it lands on.
    fn direct_banths(&mut self, steps: &[Step], captures: &mut Captures) {
        for step in steps {
            let banth = self.take(step.from).expect("a step starts on a piece");
            if let Some(victim) = self.take(step.to) {
                captures.push((banth, victim));
            }
            self.put(step.to, banth);
        }
    }

    /// Moves a piece or a group: all its pieces leave before any lands (one may land where
    /// another stood), each taking what it lands on.
    #[inline]
    fn move_group(&mut self, steps: &[Step], captures: &mut Captures) {
        let movers: List<Piece, MAX_STEPS> =
            steps.iter().map(|step| self.take(step.from).expect("a step starts on a piece")).collect();
        for (step, &mover) in steps.iter().zip(movers.iter()) {
            if let Some(victim) = self.take(step.to) {
                captures.push((mover, victim));
            }
            self.put(step.to, mover);
        }
    }

    /// Makes the promotions: each female goes home, and the piece brought back replaces her
    /// and takes her home (if its kind promotes).
    #[inline]
    fn bring_back(&mut self, promotions: &[Promotion]) {
        for promotion in promotions {
            let female = self.take(promotion.at).expect("a promoting female stands where she landed");
            let home = female.home.filter(|_| self.variant.kind(promotion.kind).promotion.is_some());
            self.put(promotion.home, female);
            let brought = Piece { kind: promotion.kind, side: female.side, owner: female.owner, home };
            self.put(promotion.at, brought);
        }
    }

    /// Moves the phase of `side`'s turn on past `mv` (into a Charge, or through one); returns
    /// whether the turn is over.
    #[inline]
    fn advance_phase(&mut self, mv: &Move, side: Side) -> bool {
        match (mv.kind, self.phase) {
            (MoveKind::Charge, _) => {
                self.set_phase(Phase::Charge { files: 0, moved: SquareSet::EMPTY, submoves: 0 });
                false
            }
            (MoveKind::EndCharge | MoveKind::BanthStep | MoveKind::Pass, _) => true,
            (_, Phase::Charge { files, moved, submoves }) => {
                let moved = moved_in_charge(mv, moved);
                self.record_submove(mv, side, files, moved, submoves);
                self.outcome.is_some() || !self.has_charge_submove()
            }
            _ => true,
        }
    }

    /// Records a Charge's sub-move `mv` by `side`: its actor's file is used up, and the pieces
    /// on `moved` have moved.
    fn record_submove(&mut self, mv: &Move, side: Side, files: u32, moved: SquareSet, submoves: u8) {
        let actor = mv.actor.or(mv.lead().map(|step| step.from)).expect("a Charge's sub-move has an actor");
        // The actor has moved even if it acted from where it stands (Thuvia directing banths).
        let mut moved = moved;
        if !mv.steps.iter().any(|s| s.from == actor) {
            moved.insert(actor);
        }
        // Only the side's own pieces (a directed banth may have taken one).
        let moved = moved.and(self.occupied[side.index()]);
        let files = files | 1 << self.variant.geometry().file(actor);
        self.set_phase(Phase::Charge { files, moved, submoves: submoves + 1 });
    }

    /// Ends the ply of `side` that played `mv`: the banth step follows, or the other side's
    /// turn begins if `side`'s is over (`undo` remembers the allegiances that change); then
    /// the counts that may end the game.
    #[inline]
    fn hand_over(&mut self, mv: &Move, side: Side, turn_over: bool, undo: &mut Undo) {
        let banth_step = turn_over
            && self.outcome.is_none()
            && !matches!(mv.kind, MoveKind::BanthStep | MoveKind::Pass)
            && self.banth_step_due();
        if banth_step {
            self.set_phase(Phase::BanthStep);
        } else if turn_over {
            self.set_phase(Phase::Turn);
            self.set_to_move(side.opponent());
            self.settle_allegiances(Some(undo));
        }
        self.count_small_armies();
        if self.outcome.is_none() && self.variant.rules().ply_limit.is_some_and(|limit| self.ply >= limit) {
            self.outcome = Some(Outcome { winner: None, reason: Reason::PlyLimit });
        }
    }

    /// The squares of the pieces a legal move removes that aren't the mover's own: those its
    /// pieces land on, then its other removals.
    pub fn victim_squares(&self, mv: Move) -> impl Iterator<Item = Square> + '_ {
        let own = self.occupied[self.to_move.index()];
        let removals = mv.removals;
        let landed = mv.steps.into_iter_copied().map(|step| step.to).filter(move |to| !removals.contains(to));
        landed
            .chain(mv.removals.into_iter_copied())
            .filter(move |&s| !own.contains(s) && self.board[s.index()].is_some())
    }

    /// The pieces on [`Position::victim_squares`].
    pub fn victims(&self, mv: Move) -> impl Iterator<Item = Piece> + '_ {
        self.victim_squares(mv).filter_map(|s| self.board[s.index()])
    }

    /// Takes back the move `undo` came from (the last one played).
    pub fn undo(&mut self, undo: Undo) {
        for &(square, piece) in undo.touched.iter().rev() {
            self.take(square);
            if let Some(piece) = piece {
                self.put(square, piece);
            }
        }
        self.to_move = undo.to_move;
        self.ply -= 1;
        self.escape_used = undo.escape_used;
        self.small_armies = undo.small_armies;
        self.phase = undo.phase;
        self.trains = undo.trains;
        self.outcome = undo.outcome;
        self.hash = undo.hash;
    }

    /// The ending a ply by `side` reached, given what it captured (capturer, victim): the
    /// first of the variant's endings that matches. A capture ending met by taking one's own
    /// piece (a Wild Banth's doing) turns a win into a loss.
    fn ending(&self, side: Side, captures: &[(Piece, Piece)]) -> Option<Outcome> {
        let endings = &self.variant.rules().endings;
        endings.iter().enumerate().find_map(|(index, ending)| {
            let index = index as u8;
            let (reached, result, reason) = match ending {
                Ending::Capture { victim, by, result, .. } => {
                    let taken = captures
                        .iter()
                        .find(|(mover, taken)| taken.kind == *victim && (by.is_empty() || by.contains(&mover.kind)));
                    let own =
                        taken.is_some_and(|(_, taken)| taken.owner == side && !self.variant.kind(taken.kind).ownerless);
                    match own {
                        true => (true, result.reversed(), Reason::OwnCapture(index)),
                        false => (taken.is_some(), *result, Reason::Ending(index)),
                    }
                }
                Ending::Eliminated { kinds, result, .. } => {
                    (!captures.is_empty() && !self.owns_any(side.opponent(), kinds), *result, Reason::Ending(index))
                }
                Ending::Reaches { kinds, result, .. } => {
                    (self.on_far_rank(side, kinds), *result, Reason::Ending(index))
                }
            };
            reached.then(|| Outcome::of(result, side, reason))
        })
    }

    /// What a piece is called now: its kind's name, or the title it has taken (Olvia is the
    /// Jedda once her side has no Thuvia).
    pub fn name_of(&self, piece: Piece) -> &str {
        let kind = self.variant.kind(piece.kind);
        match &kind.succeeds {
            Some((heir_of, title)) if !self.owns_any(piece.owner, &[*heir_of]) => title,
            _ => &kind.name,
        }
    }

    /// Whether `owner` owns a piece of one of `kinds` on the board.
    pub(crate) fn owns_any(&self, owner: Side, kinds: &[KindId]) -> bool {
        self.pieces().any(|(_, p)| p.owner == owner && kinds.contains(&p.kind))
    }

    /// Whether a piece of `side` of one of `kinds` stands on the enemy's back rank.
    pub(crate) fn on_far_rank(&self, side: Side, kinds: &[KindId]) -> bool {
        self.variant.far_ranks[side.index()].iter().any(|square| {
            self.board[square.index()].is_some_and(|p| p.side == side && p.owner == side && kinds.contains(&p.kind))
        })
    }

    /// The enemy's back rank, as seen by `side`.
    pub fn far_rank(&self, side: Side) -> i32 {
        match side {
            Side::South => self.variant.geometry().ranks as i32 - 1,
            Side::North => 0,
        }
    }

    /// Gives each piece with allegiance to the side with more pieces on the board, counted by
    /// owner (ties: its owner), as at the start of a turn; `undo` remembers what changes.
    pub(crate) fn settle_allegiances(&mut self, mut undo: Option<&mut Undo>) {
        if !self.variant.has_allegiance {
            return;
        }
        let notable = self.notable;
        let allegiant = |position: &Position, square: Square| {
            position.board[square.index()].filter(|piece| position.variant.kind(piece.kind).allegiance)
        };
        // Counted by owner (the ownerless aside): each side's pieces, but those serving the
        // other side for it.
        let mut owned = [self.occupied[0].len(), self.occupied[1].len()];
        for piece in notable.iter().filter_map(|square| allegiant(self, square)) {
            if piece.side != piece.owner && !self.variant.ownerless[piece.kind.index()] {
                owned[piece.side.index()] -= 1;
                owned[piece.owner.index()] += 1;
            }
        }
        for square in notable.iter() {
            let Some(piece) = allegiant(self, square) else { continue };
            let other = piece.owner.opponent();
            let serves = if owned[other.index()] > owned[piece.owner.index()] { other } else { piece.owner };
            if serves != piece.side {
                if let Some(undo) = undo.as_deref_mut() {
                    undo.remember(self, square);
                }
                self.take(square);
                self.put(square, Piece { side: serves, ..piece });
            }
        }
    }

    /// Advances the small-armies count after a ply, and declares the draw when it runs out.
    fn count_small_armies(&mut self) {
        let Some(rule) = self.variant.rules().small_armies else { return };
        let small = Side::BOTH.iter().all(|&side| self.occupied[side.index()].len() <= rule.pieces as usize)
            && (!rule.equal_value || self.material(Side::South) == self.material(Side::North));
        let count = match (small, self.small_armies) {
            (false, _) => None,
            (true, None) => Some(0),
            (true, Some(plies)) => Some(plies.saturating_add(1)),
        };
        self.set_small_armies(count);
        if self.outcome.is_none() && count.is_some_and(|plies| plies >= rule.plies) {
            self.outcome = Some(Outcome { winner: None, reason: Reason::SmallArmies });
        }
    }

    /// Whether `side` still has a piece that could win the game by the variant's endings: one
    /// that may capture, or one of a kind that wins by crossing the board. (A side without
    /// one draws, rather than wins, when the other side's clock runs out.)
    pub fn could_win(&self, side: Side) -> bool {
        let rules = self.variant.rules();
        let crosses = |kind: KindId| {
            rules.endings.iter().any(
                |ending| matches!(ending, Ending::Reaches { kinds, result: Verdict::Win, .. } if kinds.contains(&kind)),
            )
        };
        self.occupied_by(side).iter().filter_map(|square| self.piece_at(square)).any(|piece| {
            let kind = piece.kind;
            self.variant.kind(kind).armed || crosses(kind)
        })
    }

    /// The total value of a side's pieces.
    pub fn material(&self, side: Side) -> i32 {
        self.pieces().filter(|(_, p)| p.side == side).map(|(_, p)| self.variant.kind(p.kind).value).sum()
    }

    /// Which occupancy set a piece belongs in: its side's, or the ownerless pieces'.
    #[inline]
    fn slot(&self, piece: Piece) -> usize {
        if self.variant.ownerless[piece.kind.index()] { 2 } else { piece.side.index() }
    }

    /// Whether the piece on `square` is an enemy of `side`: the other side's, or no one's (a
    /// Wild Banth is an enemy of both sides).
    #[inline]
    pub fn hostile_to(&self, side: Side, square: Square) -> bool {
        self.occupied[side.opponent().index()].contains(square) || self.occupied[2].contains(square)
    }

    /// The squares of the pieces that charm, serve the side with more pieces, or end the game
    /// when taken (of the variant's notable kinds): the few pieces to look for after every move.
    #[inline]
    pub fn notable(&self) -> SquareSet {
        self.notable
    }

    /// The squares of the pieces that belong to no one.
    #[inline]
    pub fn ownerless(&self) -> SquareSet {
        self.occupied[2]
    }

    pub(crate) fn put(&mut self, square: Square, piece: Piece) {
        self.board[square.index()] = Some(piece);
        let slot = self.slot(piece);
        self.occupied[slot].insert(square);
        if self.variant.notable[piece.kind.index()] {
            self.notable.insert(square);
        }
        self.hash ^= self.variant.zobrist.piece(piece, square);
    }

    pub(crate) fn take(&mut self, square: Square) -> Option<Piece> {
        let piece = self.board[square.index()].take()?;
        let slot = self.slot(piece);
        self.occupied[slot].remove(square);
        self.notable.remove(square);
        self.hash ^= self.variant.zobrist.piece(piece, square);
        Some(piece)
    }

    pub(crate) fn set_trains(&mut self, trains: List<Train, MAX_TRAINS>) {
        if trains != self.trains {
            self.hash ^= self.trains_key(&self.trains) ^ self.trains_key(&trains);
            self.trains = trains;
        }
    }

    pub(crate) fn set_phase(&mut self, phase: Phase) {
        self.hash ^= self.phase_key(self.phase) ^ self.phase_key(phase);
        self.phase = phase;
    }

    fn phase_key(&self, phase: Phase) -> u64 {
        let zobrist = &self.variant.zobrist;
        match phase {
            Phase::Turn => 0,
            Phase::Charge { files, moved, submoves } => {
                let files = (0..32).filter(|f| files & 1 << f != 0).fold(0, |h, f| h ^ zobrist.charge_files[f]);
                let moved = moved.iter().fold(0, |h, s| h ^ zobrist.charge_moved[s.index()]);
                zobrist.charge
                    ^ files
                    ^ moved
                    ^ u64::from(submoves > 0).wrapping_mul(zobrist.north_to_move.rotate_left(7))
            }
            Phase::BanthStep => zobrist.charge.rotate_left(29),
        }
    }

    fn set_to_move(&mut self, side: Side) {
        let zobrist = &self.variant.zobrist;
        self.hash ^= zobrist.side(self.to_move) ^ zobrist.side(side);
        self.to_move = side;
    }

    pub(crate) fn set_escape_used(&mut self, side: Side, used: bool) {
        if self.escape_used[side.index()] != used {
            self.hash ^= self.variant.zobrist.escape_used[side.index()];
            self.escape_used[side.index()] = used;
        }
    }

    pub(crate) fn set_small_armies(&mut self, count: Option<u8>) {
        let zobrist = &self.variant.zobrist;
        self.hash ^= zobrist.counter(self.small_armies) ^ zobrist.counter(count);
        self.small_armies = count;
    }

    /// The hash computed from scratch (what the incremental hash must always equal).
    pub fn compute_hash(&self) -> u64 {
        let zobrist = &self.variant.zobrist;
        let mut hash = zobrist.side(self.to_move)
            ^ zobrist.counter(self.small_armies)
            ^ self.phase_key(self.phase)
            ^ self.trains_key(&self.trains);
        for (square, piece) in self.pieces() {
            hash ^= zobrist.piece(piece, square);
        }
        for side in Side::BOTH {
            if self.escape_used[side.index()] {
                hash ^= zobrist.escape_used[side.index()];
            }
        }
        hash
    }
}

/// The squares of the pieces that have moved in a Charge, `moved` before its sub-move `mv`:
/// its pieces leave their squares and stand on where they land, and promoting females on
/// their homes.
#[inline]
fn moved_in_charge(mv: &Move, mut moved: SquareSet) -> SquareSet {
    for step in mv.steps.iter() {
        moved.remove(step.from);
    }
    for square in mv.steps.iter().map(|s| s.to).chain(mv.promotions.iter().map(|p| p.home)) {
        moved.insert(square);
    }
    moved
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use crate::test_random::next;
    use crate::{Position, SquareSet, Variant};

    /// The squares of the pieces of notable kinds, read off the board.
    fn notable_on_board(position: &Position) -> SquareSet {
        let notable = |kind: crate::KindId| position.variant.notable[kind.index()];
        position.pieces().filter(|(_, piece)| notable(piece.kind)).map(|(square, _)| square).collect()
    }

    #[test]
    fn the_notable_squares_follow_their_pieces_through_play_and_undo() {
        for (file, plies) in [("jetan_sarang.ron", 160), ("jetan_jeddara.ron", 60)] {
            let mut position = Position::start(Arc::new(Variant::shipped(file)));
            assert!(!position.notable.is_empty(), "{file}: Sanoma Tora is notable");
            let mut state = 11;
            for _ in 0..plies {
                let moves = position.legal_moves();
                let Some(&mv) = moves.get(next(&mut state) as usize % moves.len().max(1)) else { break };
                let before = position.notable;
                let undo = position.play(mv);
                assert_eq!(position.notable, notable_on_board(&position), "{file}: after {mv:?}");
                position.undo(undo);
                assert_eq!(position.notable, before, "{file}: undo of {mv:?}");
                position.play(mv);
            }
        }
    }
}
