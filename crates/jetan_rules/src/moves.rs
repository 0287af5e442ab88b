//! Moves and how games end.

use crate::{KindId, Side, Square, Variant, Verdict, rules::Ending};

/// A move of one piece: what it does, not how it walks (see [`crate::Position::walk`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Move {
    /// Where the piece stands.
    pub from: Square,
    /// Where it lands.
    pub to: Square,
    /// A normal move or an escape.
    pub kind: MoveKind,
}

/// What sort of move a [`Move`] is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MoveKind {
    /// A move by the piece's movement.
    Normal,
    /// The once-a-game escape.
    Escape,
}

/// How a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Outcome {
    /// The winner; `None` for a draw.
    pub winner: Option<Side>,
    /// Why.
    pub reason: Reason,
}

/// Why a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Reason {
    /// One of the variant's endings (its index in [`crate::Rules::endings`]).
    Ending(u8),
    /// Both armies were small for too long.
    SmallArmies,
    /// The side to move had no legal move.
    NoMoves,
    /// The ply limit was reached.
    PlyLimit,
    /// The loser resigned.
    Resigned,
    /// The players agreed a draw.
    DrawAgreed,
}

impl Outcome {
    /// The outcome of `verdict` happening to `side`.
    pub fn of(verdict: Verdict, side: Side, reason: Reason) -> Outcome {
        let winner = match verdict {
            Verdict::Win => Some(side),
            Verdict::Draw => None,
            Verdict::Loss => Some(side.opponent()),
        };
        Outcome { winner, reason }
    }

    /// A sentence for players, such as "Black wins: reached the Princess".
    pub fn describe(&self, variant: &Variant) -> String {
        let why = match self.reason {
            Reason::Ending(index) => match variant.rules().endings.get(index as usize) {
                Some(Ending::Capture { name, .. }) if !name.as_str().is_empty() => name.to_string(),
                Some(Ending::Capture { victim, by, .. }) => capture_text(variant, *victim, by),
                None => "an ending the variant no longer has".into(),
            },
            Reason::SmallArmies => "both armies were small and no one won in time".into(),
            Reason::NoMoves => "no legal move".into(),
            Reason::PlyLimit => "the move limit was reached".into(),
            Reason::Resigned => {
                format!("{} resigned", self.winner.map_or("a side", |w| variant.side_name(w.opponent())))
            }
            Reason::DrawAgreed => "agreed".into(),
        };
        match self.winner {
            Some(side) => format!("{} wins: {why}", variant.side_name(side)),
            None => format!("Draw: {why}"),
        }
    }
}

fn capture_text(variant: &Variant, victim: KindId, by: &[KindId]) -> String {
    let victim = &variant.kind(victim).name;
    if by.is_empty() {
        format!("the {victim} was taken")
    } else {
        let by: Vec<_> = by.iter().map(|&k| variant.kind(k).name.as_str()).collect();
        format!("the {victim} was taken by the {}", by.join(" or "))
    }
}
