//! What the AI reads from a variant file, computed once per variant: piece values, which
//! captures end the game and how, and which pieces are royal; and whether a royal piece is in
//! danger, asked of the rules (which alone know who may capture what).

use jetan_rules::{
    Ending, Geometry, KindId, Move, MoveKind, Piece, Position, Side, Square, SquareSet, Variant, Verdict,
};

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
    /// Per kind: it never lands on a threatened square.
    shuns: Vec<bool>,
    /// Per square: the squares within two king steps (a royal piece's neighbourhood).
    zone: Vec<SquareSet>,
    /// Per side: the squares where a piece of a kind that wins by reaching them wins.
    goals: [SquareSet; 2],
    /// Per kind: it wins by reaching the enemy's back rank.
    reaches: Vec<bool>,
    /// The variant's positions have thousands of moves (see [`Facts::many_moves`]).
    many_moves: bool,
    /// The variant's rules allow a Charge.
    charges: bool,
}

/// A variant whose start position has more legal moves than this has many moves (see
/// [`Facts::many_moves`]): Jetan Jeddara's 3,280, not Jetan Sarang's 347.
const BOUNDED_ABOVE: usize = 1000;
/// The followers a group move may take along in the search of a variant with more moves than
/// [`BOUNDED_ABOVE`]: one (an escorted female, a passenger, a squad mate, a car): what one
/// follower more would take, a move with one follower takes too.
const BOUNDED_FOLLOWERS: u8 = 1;
/// The followers a capture may take along among those the search of such a variant tries
/// first (in quiescence, and before the other moves): none. Jetan Jeddara's captures by an
/// airship or squad with each choice of follower were most of quiescence's moves: without
/// them a depth-4 search takes three fifths of the time, and plays as well (43 of 80 games
/// at 1 s a move against the search with them). The main search still tries them among the
/// other moves.
const BOUNDED_CAPTURE_FOLLOWERS: u8 = 0;

impl Facts {
    /// Reads the facts of `position`'s variant.
    pub fn new(position: &Position) -> Facts {
        let variant = position.variant();
        let geometry = variant.geometry();
        let kinds = variant.kinds();
        let n = kinds.len();
        let verdict: Vec<Option<Verdict>> =
            (0..n * n).map(|i| variant.capture_verdict(KindId((i / n) as u8), KindId((i % n) as u8))).collect();
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
        let many_moves = Position::start(variant.clone()).legal_moves().len() > BOUNDED_ABOVE;
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
            shuns: kinds.iter().map(|k| k.shuns_threats).collect(),
            zone,
            goals: Side::BOTH.map(|side| goal_squares(position, side)),
            reaches: (0..n).map(|kind| reaches(variant, KindId(kind as u8))).collect(),
            many_moves,
            charges: variant.rules().charge.is_some(),
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

    /// The squares where a piece of `side` of a kind that wins by reaching them wins (none if
    /// no ending says so).
    pub fn goals(&self, side: Side) -> SquareSet {
        self.goals[side.index()]
    }

    /// Whether `piece` wins by landing on `square`.
    pub fn wins_by_reaching(&self, piece: Piece, square: Square) -> bool {
        self.reaches[piece.kind.index()] && self.goals(piece.side).contains(square)
    }

    /// Whether the variant's positions have thousands of moves (Jetan Jeddara's squads,
    /// airships and trains): its search lets group moves take one follower along (see
    /// [`Facts::followers`]), reduces late moves more, and answers an attack on a royal piece
    /// with the rescues near it first (see [`crate::alphabeta`]).
    pub fn many_moves(&self) -> bool {
        self.many_moves
    }

    /// Whether the variant's rules allow a Charge.
    pub fn charges(&self) -> bool {
        self.charges
    }

    /// The most pieces the search lets go along with a group's mover.
    pub fn followers(&self) -> u8 {
        if self.many_moves { BOUNDED_FOLLOWERS } else { u8::MAX }
    }

    /// The most pieces it lets go along with a group's mover in the captures it tries first.
    pub fn capture_followers(&self) -> u8 {
        if self.many_moves { BOUNDED_CAPTURE_FOLLOWERS } else { u8::MAX }
    }

    /// The squares within two king steps of `square`.
    pub fn zone(&self, square: Square) -> SquareSet {
        self.zone[square.index()]
    }

    /// Whether the search may try `mv`, a move remembered from elsewhere in the tree (the
    /// table's move, a killer), before generating every move: a legal normal move of a piece
    /// that doesn't shun threatened squares (her moves wait for the full generation, which
    /// orders them among the rest).
    pub fn early_legal(&self, position: &Position, mv: Move) -> bool {
        mv.kind == MoveKind::Normal
            && mv
                .lead()
                .and_then(|lead| position.piece_at(lead.from))
                .is_some_and(|piece| !self.shuns[piece.kind.index()])
            && position.is_legal(mv)
    }

    /// Whether the enemy of `side` could win by taking one of `side`'s royal pieces were it
    /// to move now, whoever is to move ("attacked" as the rules say it): in any way for the
    /// pieces any enemy wins by taking (group moves, strikes and ploughs as well as single
    /// moves), by a single move of a piece that wins by landing there for the others (the
    /// classic Chief).
    pub fn royal_attacked(&self, position: &Position, side: Side) -> bool {
        let key = self.key_royals(position, side);
        (!key.is_empty() && position.could_take(side.opponent(), key))
            || self.royal_threatened(position, side, |from, to| position.attacks(from, to))
    }

    /// Whether the side to move, the enemy of `side`, can win at once by taking one of
    /// `side`'s royal pieces with a legal move (as [`Facts::royal_attacked`] tells them).
    pub fn royal_capturable(&self, position: &Position, side: Side) -> bool {
        if position.to_move() != side.opponent() {
            return false;
        }
        let key = self.key_royals(position, side);
        (!key.is_empty() && position.could_take(side.opponent(), key))
            || self.royal_threatened(position, side, |from, to| {
                position.is_legal(Move::single(from, to, MoveKind::Normal))
            })
    }

    /// Where the side to move's rescues from an attack on its royal pieces mostly land: on
    /// enemy pieces (taking the attacker) and on the squares within two king steps of its
    /// royal pieces (moving them, or blocking near them); and where a piece of its wins by
    /// arriving.
    pub fn rescue_squares(&self, position: &Position) -> SquareSet {
        let side = position.to_move();
        let near = self.royals(position, side).fold(SquareSet::EMPTY, |near, (square, _)| near.or(self.zone(square)));
        near.or(position.occupied_by(side.opponent())).or(self.goals(side))
    }

    /// The squares of the enemy pieces that attack one of `side`'s royal pieces with a move
    /// of their own (see [`Position::attackers`]).
    pub fn royal_attackers(&self, position: &Position, side: Side) -> SquareSet {
        self.royals(position, side).fold(SquareSet::EMPTY, |all, (square, _)| all.or(position.attackers(square)))
    }

    /// `side`'s royal pieces, with their squares.
    pub fn royals<'p>(&'p self, position: &'p Position, side: Side) -> impl Iterator<Item = (Square, Piece)> + 'p {
        // Pieces whose capture ends the game are among the notable ones.
        let pieces = position
            .notable()
            .and(position.occupied_by(side))
            .iter()
            .map(|square| (square, position.piece_at(square).expect("occupied squares hold pieces")));
        pieces.filter(|&(_, piece)| self.royal(piece))
    }

    /// The squares of `side`'s pieces that every armed enemy piece wins by taking.
    pub fn key_royals(&self, position: &Position, side: Side) -> SquareSet {
        self.royals(position, side).filter(|&(_, piece)| self.key_royal(piece)).map(|(square, _)| square).collect()
    }

    /// Whether an enemy piece that wins by landing on one of `side`'s royal pieces other than
    /// the key ones can, as `lands` (from, to) says.
    fn royal_threatened(&self, position: &Position, side: Side, lands: impl Fn(Square, Square) -> bool) -> bool {
        let enemies = position.occupied_by(side.opponent());
        self.royals(position, side).any(|(square, royal)| {
            !self.key_royal(royal)
                && enemies.iter().any(|from| {
                    let enemy = position.piece_at(from).expect("occupied squares hold pieces");
                    self.verdict(royal, enemy) == Some(Verdict::Win) && lands(from, square)
                })
        })
    }
}

/// The enemy's back rank as seen by `side`, if some ending is won by reaching it.
fn goal_squares(position: &Position, side: Side) -> SquareSet {
    let variant = position.variant();
    let reaching = (0..variant.kinds().len()).any(|kind| reaches(variant, KindId(kind as u8)));
    let geometry = variant.geometry();
    let rank = position.far_rank(side);
    geometry.squares().filter(|&square| reaching && geometry.rank(square) == rank).collect()
}

/// Whether a piece of `kind` wins by reaching the enemy's back rank.
fn reaches(variant: &Variant, kind: KindId) -> bool {
    variant
        .rules()
        .endings
        .iter()
        .any(|ending| matches!(ending, Ending::Reaches { kinds, result: Verdict::Win, .. } if kinds.contains(&kind)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::{MOVEMENT_OPTIONS, jetan, random_positions, variant};
    use jetan_rules::Phase;

    #[test]
    fn royal_dangers_agree_with_the_legal_moves_along_random_games() {
        for (index, choices) in MOVEMENT_OPTIONS.iter().enumerate() {
            let positions = random_positions(&jetan(choices), 100 + index as u64, 5, 120);
            let facts = Facts::new(&positions[0]);
            for position in &positions {
                let us = position.to_move();
                let wins = |position: &Position, mv: &Move| {
                    let lead = mv.lead().unwrap();
                    let (mover, victim) = (position.piece_at(lead.from).unwrap(), position.piece_at(lead.to));
                    victim
                        .is_some_and(|victim| facts.royal(victim) && facts.verdict(victim, mover) == Some(Verdict::Win))
                };
                let can_win = position.legal_moves().iter().any(|mv| wins(position, mv));
                assert_eq!(facts.royal_capturable(position, us.opponent()), can_win, "{choices:?}");
                assert!(!facts.royal_capturable(position, us));
                // "Attacked" ignores whose turn it is: the same question with the other side to
                // move, asked of the position text with the turn changed.
                let text = position.to_text();
                let turned = text.replacen(&format!(" {} ", us.letter()), &format!(" {} ", us.opponent().letter()), 1);
                let other = Position::from_text(position.variant().clone(), &turned).unwrap();
                let other_wins = other.legal_moves().iter().any(|mv| wins(&other, mv));
                assert_eq!(facts.royal_attacked(position, us), other_wins, "{choices:?} {text}");
                for mv in position.legal_moves() {
                    let early = mv.kind == MoveKind::Normal
                        && !facts.shuns[position.piece_at(mv.lead().unwrap().from).unwrap().kind.index()];
                    assert_eq!(facts.early_legal(position, mv), early);
                }
            }
        }
    }

    #[test]
    fn royal_dangers_in_jeddara_agree_with_the_legal_moves() {
        // (Jetan Sarang is won by eliminating or crossing, never by one capture.)
        let positions = random_positions(&variant("jetan_jeddara", &[]), 7, 3, 90);
        let facts = Facts::new(&positions[0]);
        let mut dangers = 0;
        for position in positions.iter().filter(|p| p.phase() == Phase::Turn) {
            let us = position.to_move();
            let takes_key_royal =
                |mv: &Move| position.victims(*mv).any(|victim| victim.side != us && facts.key_royal(victim));
            let can_win = position.legal_moves().iter().any(takes_key_royal);
            dangers += usize::from(can_win);
            assert_eq!(facts.royal_capturable(position, us.opponent()), can_win, "{}", position.to_text());
            assert_eq!(facts.royal_attacked(position, us.opponent()), can_win, "{}", position.to_text());
            assert!(!facts.royal_capturable(position, us));
        }
        assert!(dangers > 0, "no position of the random games had its Jeddara attacked");
    }

    #[test]
    fn classic_endings_make_the_princess_and_the_chief_special() {
        let position = Position::start(jetan(&[]));
        let facts = Facts::new(&position);
        let variant = position.variant();
        let piece = |id: &str| Piece::new(variant.kind_by_id(id).unwrap(), Side::South);
        let enemy = |id: &str| Piece::new(variant.kind_by_id(id).unwrap(), Side::North);
        assert!(facts.key_royal(piece("princess")) && facts.royal(piece("princess")));
        assert!(facts.royal(piece("chief")) && !facts.key_royal(piece("chief")) && facts.ends_game(piece("chief")));
        assert!(!facts.ends_game(piece("dwar")));
        assert_eq!(facts.verdict(piece("chief"), enemy("chief")), Some(Verdict::Win));
        assert_eq!(facts.verdict(piece("chief"), enemy("panthan")), Some(Verdict::Draw));
        assert_eq!(facts.verdict(piece("princess"), enemy("panthan")), Some(Verdict::Win));
        assert_eq!(facts.verdict(piece("flier"), enemy("panthan")), None);
    }
}
