//! What the AI reads from a variant file, computed once per variant: piece values, which
//! captures end the game and how, which pieces are royal, and where each piece could reach.

use jetan_rules::{Ending, Geometry, KindId, Move, MoveKind, Piece, Position, Side, Square, Variant, Verdict};

use crate::bits::Bits;
use crate::reach::ReachTables;

/// The variant's data in the shape the search and evaluation read.
#[derive(Debug)]
pub(crate) struct Facts {
    geometry: Geometry,
    kinds: usize,
    /// Per kind: its value from the variant file.
    value: Vec<i32>,
    /// Per kind: whether it may capture.
    armed: Vec<bool>,
    /// Per (victim, mover) kind pair: the result, for the mover, of landing on the victim.
    verdict: Vec<Option<Verdict>>,
    /// Per kind: some enemy piece wins by landing on it (the classic Princess, and the Chief
    /// for the enemy Chief).
    royal: Vec<bool>,
    /// Per kind: every armed enemy piece wins by landing on it (the classic Princess): the
    /// royal pieces whose safety the evaluation weighs and that enemy pieces head for.
    key_royal: Vec<bool>,
    /// Per kind: some enemy piece ends the game by landing on it, in a win, draw or loss (the
    /// classic Chief, whose capture by a lesser piece draws, as well as the royal pieces).
    ends_game: Vec<bool>,
    /// Per kind: it has an escape.
    escape: Vec<bool>,
    /// Where pieces reach.
    tables: ReachTables,
    /// Per kind: it never lands on a threatened square.
    shuns: Vec<bool>,
    /// Captures are exactly the reach of armed pieces on enemy pieces (no armed kind shuns
    /// threatened squares), so they can be listed without generating every move.
    quick_moves: bool,
    /// Per square: the squares within two king steps (a royal piece's neighbourhood).
    zone: Vec<Bits>,
}

impl Facts {
    /// Reads the facts of `position`'s variant.
    pub fn new(position: &Position) -> Facts {
        let variant = position.variant();
        let geometry = variant.geometry();
        let kinds = variant.kinds();
        let n = kinds.len();
        let verdict: Vec<Option<Verdict>> =
            (0..n * n).map(|i| capture_verdict(variant, KindId((i / n) as u8), KindId((i % n) as u8))).collect();
        let royal: Vec<bool> =
            (0..n).map(|victim| verdict[victim * n..(victim + 1) * n].contains(&Some(Verdict::Win))).collect();
        let ends_game =
            (0..n).map(|victim| verdict[victim * n..(victim + 1) * n].iter().any(Option::is_some)).collect();
        let key_royal = (0..n)
            .map(|victim| {
                royal[victim]
                    && (0..n).all(|mover| !kinds[mover].armed || verdict[victim * n + mover] == Some(Verdict::Win))
            })
            .collect();
        let zone = geometry
            .squares()
            .map(|centre| geometry.squares().filter(|&s| geometry.distance(centre, s) <= 2).collect())
            .collect();
        Facts {
            geometry,
            kinds: n,
            value: kinds.iter().map(|k| k.value).collect(),
            armed: kinds.iter().map(|k| k.armed).collect(),
            verdict,
            royal,
            key_royal,
            ends_game,
            escape: kinds.iter().map(|k| k.escape.is_some()).collect(),
            tables: ReachTables::new(position),
            shuns: kinds.iter().map(|k| k.shuns_threats).collect(),
            quick_moves: kinds.iter().all(|k| !(k.armed && k.shuns_threats)),
            zone,
        }
    }

    /// The board's shape.
    pub fn geometry(&self) -> Geometry {
        self.geometry
    }

    /// A piece's value from the variant file.
    pub fn value(&self, piece: Piece) -> i32 {
        self.value[piece.kind.index()]
    }

    /// Whether a piece may capture.
    pub fn armed(&self, piece: Piece) -> bool {
        self.armed[piece.kind.index()]
    }

    /// Whether the enemy wins by landing on this piece (with some piece).
    pub fn royal(&self, piece: Piece) -> bool {
        self.royal[piece.kind.index()]
    }

    /// Whether every armed enemy piece wins by landing on this piece.
    pub fn key_royal(&self, piece: Piece) -> bool {
        self.key_royal[piece.kind.index()]
    }

    /// Whether some enemy piece ends the game by landing on this piece.
    pub fn ends_game(&self, piece: Piece) -> bool {
        self.ends_game[piece.kind.index()]
    }

    /// Whether the piece has an escape.
    pub fn has_escape(&self, piece: Piece) -> bool {
        self.escape[piece.kind.index()]
    }

    /// The result, for the mover, of `mover` landing on `victim`; `None` if the game goes on.
    pub fn verdict(&self, victim: Piece, mover: Piece) -> Option<Verdict> {
        self.verdict[victim.kind.index() * self.kinds + mover.kind.index()]
    }

    /// The squares within two king steps of `square`.
    pub fn zone(&self, square: Square) -> Bits {
        self.zone[square.index()]
    }

    /// The squares `piece` on `from` could land on with `occupied` occupied, whatever stands
    /// there (as [`Position::reach`]).
    pub fn reach(&self, position: &Position, piece: Piece, from: Square, occupied: &Bits) -> Bits {
        self.tables.reach(position, piece, from, occupied)
    }

    /// The squares `side` attacks (as [`Position::threats`]).
    pub fn threats(&self, position: &Position, side: Side, occupied: &Bits) -> Bits {
        position.occupied_by(side).iter().fold(Bits::EMPTY, |threats, from| {
            let piece = position.piece_at(from).expect("occupied squares hold pieces");
            if self.armed(piece) { threats.or(self.tables.reach(position, piece, from, occupied)) } else { threats }
        })
    }

    /// Whether captures and the normal moves of pieces that don't shun threats can be found
    /// from the reach tables alone ([`Facts::captures`], [`Facts::quick_legal`]).
    pub fn quick_moves(&self) -> bool {
        self.quick_moves
    }

    /// Whether `mv` is a legal normal move of a piece that doesn't shun threatened squares
    /// (those are the moves the reach tables decide alone; the game must not be over).
    pub fn quick_legal(&self, position: &Position, mv: Move) -> bool {
        let Some(piece) = position.piece_at(mv.from) else { return false };
        mv.kind == MoveKind::Normal
            && piece.side == position.to_move()
            && !self.shuns[piece.kind.index()]
            && position.piece_at(mv.to).is_none_or(|target| target.side != piece.side && self.armed(piece))
            && self.reach(position, piece, mv.from, &occupancy(position)).contains(mv.to)
    }

    /// Fills `moves` with the legal captures of the side to move (the game must not be over).
    pub fn captures(&self, position: &Position, moves: &mut Vec<Move>) {
        moves.clear();
        if !self.quick_moves {
            position.generate(moves);
            moves.retain(|mv| position.piece_at(mv.to).is_some());
            return;
        }
        let side = position.to_move();
        let (occupied, enemies) = (occupancy(position), Bits::from(position.occupied_by(side.opponent())));
        for from in position.occupied_by(side).iter() {
            let piece = position.piece_at(from).expect("occupied squares hold pieces");
            if self.armed(piece) {
                let targets = self.tables.reach(position, piece, from, &occupied).and(enemies);
                moves.extend(targets.iter().map(|to| Move { from, to, kind: MoveKind::Normal }));
            }
        }
    }

    /// Whether the enemy of `side` could win at once by landing on one of `side`'s royal pieces
    /// (ignoring whose turn it is).
    pub fn royal_attacked(&self, position: &Position, side: Side) -> bool {
        let mut occupied = None;
        position.occupied_by(side).iter().any(|square| {
            let royal = position.piece_at(square).expect("occupied squares hold pieces");
            self.royal(royal) && {
                let occupied = *occupied.get_or_insert_with(|| occupancy(position));
                self.attacked_by_winner(position, royal, square, &occupied)
            }
        })
    }

    /// Whether some enemy piece that wins by landing on `royal` (standing on `square`) can land
    /// there, with `occupied` occupied: the empty-board reach filters, the real reach decides.
    fn attacked_by_winner(&self, position: &Position, royal: Piece, square: Square, occupied: &Bits) -> bool {
        position.occupied_by(royal.side.opponent()).iter().any(|from| {
            let enemy = position.piece_at(from).expect("occupied squares hold pieces");
            self.armed(enemy)
                && self.verdict(royal, enemy) == Some(Verdict::Win)
                && self.tables.empty_board(enemy, from).contains(square)
                && self.tables.reach(position, enemy, from, occupied).contains(square)
        })
    }
}

/// The squares `position`'s pieces stand on.
pub(crate) fn occupancy(position: &Position) -> Bits {
    Bits::from(position.occupied())
}

/// The result, for the mover, of a piece of kind `mover` landing on one of kind `victim`: the
/// first of the variant's endings that matches, or `None` if the game goes on.
pub(crate) fn capture_verdict(variant: &Variant, victim: KindId, mover: KindId) -> Option<Verdict> {
    variant.rules().endings.iter().find_map(|ending| {
        let Ending::Capture { victim: kind, by, result, .. } = ending;
        (*kind == victim && (by.is_empty() || by.contains(&mover))).then_some(*result)
    })
}

#[cfg(test)]
mod tests {
    use jetan_rules::MoveKind;

    use super::*;
    use crate::testing::{MOVEMENT_OPTIONS, jetan, random_positions};

    #[test]
    fn quick_moves_agree_with_the_rules_along_random_games() {
        for (index, choices) in MOVEMENT_OPTIONS.iter().enumerate() {
            let positions = random_positions(&jetan(choices), 100 + index as u64, 5, 120);
            let facts = Facts::new(&positions[0]);
            assert!(facts.quick_moves());
            let mut captures = Vec::new();
            for position in &positions {
                let legal = position.legal_moves();
                facts.captures(position, &mut captures);
                let mut expected: Vec<Move> =
                    legal.iter().copied().filter(|m| position.piece_at(m.to).is_some()).collect();
                captures.sort_by_key(|m| (m.from, m.to));
                expected.sort_by_key(|m| (m.from, m.to));
                assert_eq!(captures, expected, "{choices:?}");
                // Every normal move of every piece to every square: quick legality agrees.
                for (from, piece) in position.pieces() {
                    if piece.side != position.to_move() || facts.shuns[piece.kind.index()] {
                        continue;
                    }
                    for to in facts.geometry().squares() {
                        let mv = Move { from, to, kind: MoveKind::Normal };
                        assert_eq!(facts.quick_legal(position, mv), legal.contains(&mv), "{choices:?}");
                    }
                }
            }
        }
    }

    #[test]
    fn classic_endings_make_the_princess_and_the_chief_special() {
        let position = Position::start(jetan(&[]));
        let facts = Facts::new(&position);
        let variant = position.variant();
        let piece = |id: &str| Piece { kind: variant.kind_by_id(id).unwrap(), side: Side::South };
        let enemy = |id: &str| Piece { kind: variant.kind_by_id(id).unwrap(), side: Side::North };
        assert!(facts.key_royal(piece("princess")) && facts.royal(piece("princess")));
        assert!(facts.royal(piece("chief")) && !facts.key_royal(piece("chief")) && facts.ends_game(piece("chief")));
        assert!(!facts.ends_game(piece("dwar")));
        assert_eq!(facts.verdict(piece("chief"), enemy("chief")), Some(Verdict::Win));
        assert_eq!(facts.verdict(piece("chief"), enemy("panthan")), Some(Verdict::Draw));
        assert_eq!(facts.verdict(piece("princess"), enemy("panthan")), Some(Verdict::Win));
        assert_eq!(facts.verdict(piece("flier"), enemy("panthan")), None);
    }
}
