//! Threats: the squares a side attacks, the pieces that attack a square, and the threatened
//! squares a piece that shuns them avoids, each threat map computed at most once per piece.

use crate::{Judged, Piece, Position, Side, Square, SquareSet};

impl Position {
    /// The squares attacked by `side`: where one of its armed pieces could land, were an
    /// enemy standing there, with `occupied` as the occupied squares.
    pub fn threats(&self, side: Side, occupied: &SquareSet) -> SquareSet {
        self.occupied[side.index()].iter().fold(SquareSet::EMPTY, |threats, square| {
            let piece = self.board[square.index()].expect("occupied squares hold pieces");
            if self.variant.kind(piece.kind).armed { threats.or(self.reach(piece, square, occupied)) } else { threats }
        })
    }

    /// Whether the piece on `square` is attacked by the enemy (see [`Position::attackers`]).
    pub fn is_attacked(&self, square: Square) -> bool {
        !self.attackers(square).is_empty()
    }

    /// The squares of the enemy pieces that attack the piece on `square` (none if it is
    /// empty); see [`Position::attacks`].
    pub fn attackers(&self, square: Square) -> SquareSet {
        let Some(victim) = self.board[square.index()] else { return SquareSet::EMPTY };
        self.occupied[victim.side.opponent().index()].iter().filter(|&from| self.attacks(from, square)).collect()
    }

    /// Whether the piece on `from` attacks the enemy piece on `to`: has a single-piece normal
    /// move landing on it were it its turn, which is what "attacked" means in the rules
    /// (RULES.md §4): in reach (or at the end of a plough), allowed to land on it (capture
    /// limits), and not held by charm. Whose turn it is doesn't matter; whether the side to
    /// move can capture now is [`Position::is_legal`].
    pub fn attacks(&self, from: Square, to: Square) -> bool {
        let (Some(piece), Some(victim)) = (self.board[from.index()], self.board[to.index()]) else { return false };
        if !self.hostile_to(piece.side, to) || !self.variant.may_land_on(piece.kind, victim.kind) {
            return false;
        }
        let occupied = self.occupied();
        let walks_there = self.variant.tables.empty_board(piece, from).contains(to)
            && self.reach(piece, from, &occupied).contains(to);
        let ploughs_there = || {
            let lines = self.plough_lines(piece, from, occupied, self.occupied[piece.side.index()]);
            lines.iter().any(|line| line.squares.last() == Some(&to))
        };
        (walks_there || ploughs_there()) && !self.charmed(piece.side).contains(from)
    }
}

/// The enemy threat maps that one piece's move generation may need, each computed once.
pub(crate) struct Threatened<'a> {
    position: &'a Position,
    piece: Piece,
    from: Square,
    /// What the enemy attacks in the position as it is.
    before: Option<SquareSet>,
    /// The squares threatened for the piece landing on them.
    landing: Option<SquareSet>,
}

impl<'a> Threatened<'a> {
    /// Nothing computed yet, for `piece` on `from`.
    pub fn new(position: &'a Position, piece: Piece, from: Square) -> Threatened<'a> {
        Threatened { position, piece, from, before: None, landing: None }
    }

    /// The squares the enemy attacks in the position before the move.
    pub fn before(&mut self) -> SquareSet {
        let (position, side) = (self.position, self.piece.side.opponent());
        *self.before.get_or_insert_with(|| position.threats(side, &position.occupied()))
    }

    /// The squares threatened for the piece landing on them, judged as the rules say: in the
    /// position after her move (her square emptied) or before it.
    pub fn landing(&mut self) -> SquareSet {
        if let Some(landing) = self.landing {
            return landing;
        }
        let position = self.position;
        let landing = match position.variant.rules().threats.judged {
            Judged::BeforeMove => self.before(),
            Judged::AfterMove => {
                let mut occupied = position.occupied();
                occupied.remove(self.from);
                position.threats(self.piece.side.opponent(), &occupied)
            }
        };
        *self.landing.insert(landing)
    }
}
