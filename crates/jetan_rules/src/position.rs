//! A position of a game: the board, whose turn, and the state the rules remember; playing and
//! undoing moves, and the outcome.

use std::sync::Arc;

use crate::{Move, MoveKind, Outcome, Piece, Reason, Side, Square, SquareSet, Variant, rules::Ending};

/// A position of a game of one variant.
#[derive(Clone, Debug)]
pub struct Position {
    pub(crate) variant: Arc<Variant>,
    pub(crate) board: Vec<Option<Piece>>,
    pub(crate) occupied: [SquareSet; 2],
    pub(crate) to_move: Side,
    pub(crate) escape_used: [bool; 2],
    /// Plies played since both armies became small, if they are.
    pub(crate) small_armies: Option<u8>,
    pub(crate) ply: u32,
    pub(crate) outcome: Option<Outcome>,
    pub(crate) hash: u64,
}

/// What [`Position::undo`] needs to take a move back.
#[derive(Clone, Copy, Debug)]
pub struct Undo {
    mv: Move,
    captured: Option<Piece>,
    escape_used: [bool; 2],
    small_armies: Option<u8>,
    outcome: Option<Outcome>,
    hash: u64,
}

impl PartialEq for Position {
    fn eq(&self, other: &Self) -> bool {
        Arc::ptr_eq(&self.variant, &other.variant)
            && self.board == other.board
            && self.to_move == other.to_move
            && self.escape_used == other.escape_used
            && self.small_armies == other.small_armies
            && self.ply == other.ply
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
    /// used, no small-armies count, ply 0).
    pub fn from_pieces(variant: Arc<Variant>, pieces: &[(Square, Piece)], to_move: Side) -> Position {
        let mut position = Position {
            board: vec![None; variant.geometry().len()],
            variant,
            occupied: [SquareSet::EMPTY; 2],
            to_move,
            escape_used: [false; 2],
            small_armies: None,
            ply: 0,
            outcome: None,
            hash: 0,
        };
        for &(square, piece) in pieces {
            position.put(square, piece);
        }
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
        self.board.iter().enumerate().filter_map(|(i, p)| p.map(|p| (Square(i as u8), p)))
    }

    /// The squares a side's pieces stand on.
    #[inline]
    pub fn occupied_by(&self, side: Side) -> SquareSet {
        self.occupied[side.index()]
    }

    /// Every occupied square.
    #[inline]
    pub fn occupied(&self) -> SquareSet {
        self.occupied[0].or(self.occupied[1])
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

    /// Plays a legal move (unchecked: play only moves from [`Position::legal_moves`] or
    /// [`Position::parse_move`]) and returns what undoes it.
    pub fn play(&mut self, mv: Move) -> Undo {
        let undo = Undo {
            mv,
            captured: self.board[mv.to.index()],
            escape_used: self.escape_used,
            small_armies: self.small_armies,
            outcome: self.outcome,
            hash: self.hash,
        };
        let mover = self.take(mv.from).expect("a move starts on a piece");
        if let Some(victim) = undo.captured {
            self.take(mv.to);
            self.outcome = self.capture_ending(mover, victim);
        }
        self.put(mv.to, mover);
        if mv.kind == MoveKind::Escape {
            self.set_escape_used(mover.side, true);
        }
        self.set_to_move(self.to_move.opponent());
        self.ply += 1;
        self.count_small_armies();
        if self.outcome.is_none() && self.variant.rules().ply_limit.is_some_and(|limit| self.ply >= limit) {
            self.outcome = Some(Outcome { winner: None, reason: Reason::PlyLimit });
        }
        undo
    }

    /// Takes back the move `undo` came from (the last one played).
    pub fn undo(&mut self, undo: Undo) {
        let mover = self.take(undo.mv.to).expect("the moved piece stands where it went");
        self.put(undo.mv.from, mover);
        if let Some(victim) = undo.captured {
            self.put(undo.mv.to, victim);
        }
        self.to_move = self.to_move.opponent();
        self.ply -= 1;
        self.escape_used = undo.escape_used;
        self.small_armies = undo.small_armies;
        self.outcome = undo.outcome;
        self.hash = undo.hash;
    }

    /// The ending a capture triggers: the first of the variant's endings that matches.
    fn capture_ending(&self, mover: Piece, victim: Piece) -> Option<Outcome> {
        let endings = &self.variant.rules().endings;
        endings.iter().enumerate().find_map(|(index, ending)| match ending {
            Ending::Capture { victim: kind, by, result, .. } => (*kind == victim.kind
                && (by.is_empty() || by.contains(&mover.kind)))
            .then(|| Outcome::of(*result, mover.side, Reason::Ending(index as u8))),
        })
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

    /// The total value of a side's pieces.
    pub fn material(&self, side: Side) -> i32 {
        self.pieces().filter(|(_, p)| p.side == side).map(|(_, p)| self.variant.kind(p.kind).value).sum()
    }

    pub(crate) fn put(&mut self, square: Square, piece: Piece) {
        self.board[square.index()] = Some(piece);
        self.occupied[piece.side.index()].insert(square);
        self.hash ^= self.variant.zobrist.piece(piece, square);
    }

    pub(crate) fn take(&mut self, square: Square) -> Option<Piece> {
        let piece = self.board[square.index()].take()?;
        self.occupied[piece.side.index()].remove(square);
        self.hash ^= self.variant.zobrist.piece(piece, square);
        Some(piece)
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
        let mut hash = zobrist.side(self.to_move) ^ zobrist.counter(self.small_armies);
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
