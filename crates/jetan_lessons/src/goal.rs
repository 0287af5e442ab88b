//! A step's goal as the engine judges it: which moves meet it, and how to say it in words.

use jetan_rules::{KindId, Move, MoveKind, Phase, Position, Square, Variant};
use serde::de::{self, IntoDeserializer, Visitor};
use serde::{Deserialize, Deserializer};

/// What a step asks of the player's move, judged on the move and the position before it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Goal {
    /// The move captures (or otherwise removes) an enemy piece of this kind.
    Captures(KindId),
    /// A piece of the mover's side (of `kind`, if given) ends the move on `square`.
    Reaches {
        /// The square.
        square: Square,
        /// The kind that must get there; any of the mover's pieces if `None`.
        kind: Option<KindId>,
    },
    /// The move wins the game for the mover.
    Wins,
    /// The move is a Princess's (or Jeddara's) escape.
    Escapes,
    /// The move declares a Charge.
    DeclaresCharge,
    /// The move is the last ply of a Charge (its last possible sub-move, or `end`).
    CompletesCharge,
    /// The move is one of these (move texts, read in the position before the move).
    OneOf(Vec<String>),
    /// A piece of this kind moves in the move (alone, or as one of a group: a group move may be
    /// led by any of its pieces that can walk it).
    MovesKind(KindId),
    /// The move is of this sort.
    Plays(Sort),
    /// The move promotes, bringing back a piece of this kind.
    BringsBack(KindId),
    /// The move meets every one of these goals.
    All(Vec<Goal>),
    /// The move meets at least one of these goals.
    Any(Vec<Goal>),
    /// The move doesn't meet this goal.
    Not(Box<Goal>),
}

/// Sorts of move a [`Goal::Plays`] may ask for: a kind of move as the engine tells them apart
/// ([`MoveKind`], named in a file as the engine names it: `Escape`, `Charge`, `Train`…), or a
/// sort that no one kind is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Sort {
    /// A move of this kind.
    Kind(MoveKind),
    /// A move with a promotion.
    Promotion,
    /// A move of several pieces (escort, squad, airship with passengers).
    Group,
    /// A move that removes pieces besides those landed on (side-kill, plough).
    Removal,
}

impl Sort {
    /// Whether `mv` is of this sort.
    pub fn matches(self, mv: &Move) -> bool {
        match self {
            Sort::Kind(kind) => mv.kind == kind,
            Sort::Promotion => !mv.promotions.is_empty(),
            Sort::Group => matches!(mv.kind, MoveKind::Normal | MoveKind::Train) && mv.steps.len() > 1,
            Sort::Removal => mv.kind != MoveKind::Strike && !mv.removals.is_empty(),
        }
    }

    /// The sort in words, as a goal ("play a Sorak strike").
    fn words(self) -> &'static str {
        match self {
            Sort::Kind(MoveKind::Normal) => "make an ordinary move",
            Sort::Kind(MoveKind::Escape) => "make the escape",
            Sort::Kind(MoveKind::Charge) => "declare a Charge",
            Sort::Kind(MoveKind::EndCharge) => "end the Charge",
            Sort::Kind(MoveKind::Strike) => "strike with Kara Vasa's sorak",
            Sort::Kind(MoveKind::Direct) => "direct a Wild Banth",
            Sort::Kind(MoveKind::BanthStep) => "step a Wild Banth",
            Sort::Kind(MoveKind::Pass) => "leave the banth step out",
            Sort::Kind(MoveKind::Train) => "move a Zitidar with its train",
            Sort::Kind(MoveKind::Deploy) => "advance a full rank (Rapid Deployment)",
            Sort::Promotion => "promote",
            Sort::Group => "move several pieces at once",
            Sort::Removal => "remove a piece you don't land on",
        }
    }
}

impl<'de> Deserialize<'de> for Sort {
    /// A sort's name: `Promotion`, `Group`, `Removal`, or a [`MoveKind`]'s.
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct Name;
        impl Visitor<'_> for Name {
            type Value = String;
            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str("a sort of move")
            }
            fn visit_str<E: de::Error>(self, name: &str) -> Result<String, E> {
                Ok(name.to_string())
            }
        }
        let name = deserializer.deserialize_identifier(Name)?;
        match name.as_str() {
            "Promotion" => Ok(Sort::Promotion),
            "Group" => Ok(Sort::Group),
            "Removal" => Ok(Sort::Removal),
            kind => MoveKind::deserialize(kind.into_deserializer())
                .map(Sort::Kind)
                .map_err(|e: de::value::Error| de::Error::custom(format!("{e}, or `Promotion`, `Group`, `Removal`"))),
        }
    }
}

impl Goal {
    /// Whether the legal move `mv`, played from `before`, meets the goal.
    pub fn is_met(&self, before: &Position, mv: Move) -> bool {
        match self {
            Goal::Captures(kind) => before.victims(mv).any(|victim| victim.kind == *kind),
            Goal::Reaches { square, kind } => mv.steps.iter().any(|step| {
                step.to == *square
                    && before
                        .piece_at(step.from)
                        .is_some_and(|p| p.side == before.to_move() && kind.is_none_or(|k| p.kind == k))
            }),
            Goal::Wins => after(before, mv).decided().is_some_and(|o| o.winner == Some(before.to_move())),
            Goal::Escapes => mv.kind == MoveKind::Escape,
            Goal::DeclaresCharge => mv.kind == MoveKind::Charge,
            Goal::CompletesCharge => {
                matches!(before.phase(), Phase::Charge { .. })
                    && !matches!(after(before, mv).phase(), Phase::Charge { .. })
            }
            Goal::OneOf(texts) => texts.iter().any(|text| before.parse_move(text) == Ok(mv)),
            Goal::MovesKind(kind) => mv
                .steps
                .iter()
                .any(|step| before.piece_at(step.from).is_some_and(|p| p.kind == *kind && p.side == before.to_move())),
            Goal::Plays(sort) => sort.matches(&mv),
            Goal::BringsBack(kind) => mv.promotions.iter().any(|p| p.kind == *kind),
            Goal::All(goals) => goals.iter().all(|goal| goal.is_met(before, mv)),
            Goal::Any(goals) => goals.iter().any(|goal| goal.is_met(before, mv)),
            Goal::Not(goal) => !goal.is_met(before, mv),
        }
    }

    /// The goal in words, for a hint when the lesson gives none ("capture a Panthan").
    pub fn describe(&self, variant: &Variant) -> String {
        let name = |kind: &KindId| variant.kind(*kind).name.clone();
        match self {
            Goal::Captures(kind) => format!("capture a {}", name(kind)),
            Goal::Reaches { square, kind: Some(kind) } => {
                format!("bring a {} to {}", name(kind), variant.geometry().name(*square))
            }
            Goal::Reaches { square, kind: None } => format!("bring a piece to {}", variant.geometry().name(*square)),
            Goal::Wins => "win the game with this move".into(),
            Goal::Escapes => Sort::Kind(MoveKind::Escape).words().into(),
            Goal::DeclaresCharge => Sort::Kind(MoveKind::Charge).words().into(),
            Goal::CompletesCharge => "finish the Charge".into(),
            Goal::OneOf(texts) if texts.len() == 1 => "find the one move that does it".into(),
            Goal::OneOf(_) => "find one of the moves that do it".into(),
            Goal::MovesKind(kind) => format!("move a {}", name(kind)),
            Goal::Plays(sort) => sort.words().into(),
            Goal::BringsBack(kind) => format!("promote, bringing back a {}", name(kind)),
            Goal::All(goals) => join(goals.iter().map(|g| g.describe(variant)), " and "),
            Goal::Any(goals) => join(goals.iter().map(|g| g.describe(variant)), " or "),
            Goal::Not(goal) => format!("don't {}", goal.describe(variant)),
        }
    }
}

/// The position after `mv`.
fn after(before: &Position, mv: Move) -> Position {
    let mut position = before.clone();
    position.play(mv);
    position
}

fn join(parts: impl Iterator<Item = String>, by: &str) -> String {
    parts.collect::<Vec<_>>().join(by)
}
