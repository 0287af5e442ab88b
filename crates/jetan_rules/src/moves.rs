//! Moves and how games end.

use crate::list::List;
use crate::{KindId, Side, Square, Variant, Verdict, rules::Ending};

/// The most pieces one move displaces (a whole rank in Rapid Deployment).
pub const MAX_STEPS: usize = 16;
/// The most pieces one move removes besides those landed on.
pub const MAX_REMOVALS: usize = 8;
/// The most promotions one move makes (a Jeddara squad can bring eight females to the far
/// rank; beyond this many, the others don't promote).
pub const MAX_PROMOTIONS: usize = 8;

/// A move: its effect, not how it walks (see [`crate::Position::walk`]). Two ways of getting
/// the same effect are one move (RULES.md §1.1).
///
/// Laid out in the order of its fields (`repr(C)`): a one-piece move is its kind, its first
/// step and then zeros, which move generation writes in a few wide stores.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[repr(C)]
pub struct Move {
    /// What sort of move it is.
    pub kind: MoveKind,
    /// The pieces that move, by square: a group move is the same move whichever of its pieces
    /// leads it (see [`crate::Position::leader`]).
    pub steps: List<Step, MAX_STEPS>,
    /// Pieces removed besides those the steps land on (side-kills), by square.
    pub removals: List<Square, MAX_REMOVALS>,
    /// Promotions, in the order they are made.
    pub promotions: List<Promotion, MAX_PROMOTIONS>,
    /// Inside a Charge, the square of the piece whose sub-move this is: it uses up its file
    /// (RULES.md §5.12), whether it moves (a group's leader) or acts from where it stands
    /// (Thuvia directing banths). `None` outside a Charge, where which piece of a group leads
    /// doesn't change the effect.
    pub actor: Option<Square>,
}

/// One piece's displacement in a move.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Step {
    /// Where the piece stands.
    pub from: Square,
    /// Where it lands.
    pub to: Square,
}

/// A female who ended her move on the enemy's back rank bringing back a captured piece.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Promotion {
    /// Where she landed, and where the piece brought back appears.
    pub at: Square,
    /// Where she goes.
    pub home: Square,
    /// The kind brought back.
    pub kind: KindId,
}

/// What sort of move a [`Move`] is. Files name a kind as its variant is named (`Escape`,
/// `Charge`, `BanthStep`…).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, serde::Deserialize)]
pub enum MoveKind {
    /// A move by the movers' movement (alone or as a group).
    #[default]
    Normal,
    /// The once-a-game escape.
    Escape,
    /// Rapid Deployment: a full rank advances.
    Deploy,
    /// Declares a Charge: the same side then plays its sub-moves.
    Charge,
    /// Ends a Charge.
    EndCharge,
    /// The Sorak strike: its removals, no piece moving.
    Strike,
    /// Directing Wild Banths: each step is a banth's move, made one after the other.
    Direct,
    /// The banth step after a move: one Wild Banth steps one square.
    BanthStep,
    /// Leaving the banth step out.
    Pass,
    /// A Zitidar's move with its train: the Zitidar's step first, then its cars' in order.
    Train,
}

impl MoveKind {
    /// Whether a move of this kind is a turn action rather than a move of a chosen piece:
    /// declaring or ending a Charge, a Rapid Deployment, a Sorak strike, leaving the banth step
    /// out (a game offers these as buttons, not on the board).
    pub fn is_turn_action(self) -> bool {
        matches!(self, MoveKind::Charge | MoveKind::EndCharge | MoveKind::Deploy | MoveKind::Strike | MoveKind::Pass)
    }
}

impl Move {
    /// A move of one piece.
    pub fn single(from: Square, to: Square, kind: MoveKind) -> Move {
        let mut steps = List::new();
        steps.push(Step { from, to });
        Move { kind, steps, removals: List::new(), promotions: List::new(), actor: None }
    }

    /// A move that moves no piece (declaring or ending a Charge).
    pub fn declaration(kind: MoveKind) -> Move {
        Move { kind, steps: List::new(), removals: List::new(), promotions: List::new(), actor: None }
    }

    /// The first step, if the move moves a piece: the mover of a single-piece move.
    #[inline]
    pub fn lead(&self) -> Option<Step> {
        self.steps.first().copied()
    }

    /// A digest of the move, quick to compute: moves with different digests differ. Every bit
    /// depends on the whole move, so any part of it may serve as a shorter digest.
    pub fn digest(&self) -> u64 {
        let mut hasher = crate::fast_hash::FastHasher::default();
        std::hash::Hash::hash(self, &mut hasher);
        let hash = std::hash::Hasher::finish(&hasher);
        // The hasher's last multiplication leaves its low bits blind to the high bits.
        hash ^ hash >> 32
    }

    /// Whether the move moves only one piece and has no effect beyond its landing.
    pub fn is_simple(&self) -> bool {
        self.steps.len() == 1 && self.removals.is_empty() && self.promotions.is_empty()
    }
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
    /// A capture ending met by the loser taking its own piece (a Wild Banth it moved took its
    /// own Jeddara): the ending's index in [`crate::Rules::endings`].
    OwnCapture(u8),
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
    /// This side's clock ran out: it lost, or drew when the other side could not have won
    /// (see [`crate::Position::could_win`]).
    OutOfTime(Side),
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

    /// The end of a game when `side`'s clock runs out in `position`: a loss, or a draw when the
    /// other side has no piece that could win.
    pub fn out_of_time(position: &crate::Position, side: Side) -> Outcome {
        let winner = position.could_win(side.opponent()).then_some(side.opponent());
        Outcome { winner, reason: Reason::OutOfTime(side) }
    }

    /// A sentence for players, such as "Black wins: reached the Princess".
    pub fn describe(&self, variant: &Variant) -> String {
        let why = match self.reason {
            Reason::Ending(index) => match variant.rules().endings.get(index as usize) {
                Some(ending) => ending_text(variant, ending),
                None => "an ending the variant no longer has".into(),
            },
            Reason::OwnCapture(index) => match variant.rules().endings.get(index as usize) {
                Some(Ending::Capture { victim, .. }) => {
                    let loser = self.winner.map_or("a side", |w| variant.side_name(w.opponent()));
                    format!("{loser} took its own {}", variant.kind(*victim).name)
                }
                _ => "a side took its own piece".into(),
            },
            Reason::SmallArmies => "both armies were small and no one won in time".into(),
            Reason::NoMoves => "no legal move".into(),
            Reason::PlyLimit => "the move limit was reached".into(),
            Reason::Resigned => {
                format!("{} resigned", self.winner.map_or("a side", |w| variant.side_name(w.opponent())))
            }
            Reason::DrawAgreed => "agreed".into(),
            Reason::OutOfTime(side) => match self.winner {
                Some(_) => format!("{} ran out of time", variant.side_name(side)),
                None => format!(
                    "{} ran out of time, and {} has no piece that could win",
                    variant.side_name(side),
                    variant.side_name(side.opponent())
                ),
            },
        };
        match self.winner {
            Some(side) => format!("{} wins: {why}", variant.side_name(side)),
            None => format!("Draw: {why}"),
        }
    }
}

/// What a player reads of an ending: its name in the variant file, or what happens in it.
pub fn ending_text(variant: &Variant, ending: &Ending<KindId>) -> String {
    match ending {
        ending if !ending.name().as_str().is_empty() => ending.name().to_string(),
        Ending::Capture { victim, by, .. } => capture_text(variant, *victim, by),
        Ending::Eliminated { kinds, .. } => format!("took every {}", kind_names(variant, kinds)),
        Ending::Reaches { kinds, .. } => format!("the {} crossed the board", kind_names(variant, kinds)),
    }
}

fn kind_names(variant: &Variant, kinds: &[KindId]) -> String {
    kinds.iter().map(|&k| variant.kind(k).name.as_str()).collect::<Vec<_>>().join(" or ")
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
