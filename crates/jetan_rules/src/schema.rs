//! The variant file as written: serde types that mirror the RON text (documented in
//! `docs/variants.md`), before any cross-checking. Every string is a [`Text`] so that errors
//! found later can point at it.

use std::collections::BTreeMap;

use serde::Deserialize;

use crate::{Ability, ChargeRule, Ending, Movement, RuleOption, Side, SmallArmies, SquadRule, Text, Threats, Verdict};

/// A whole variant file.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields, rename = "Variant")]
pub(crate) struct VariantFile {
    pub name: Text,
    #[serde(default)]
    pub description: Text,
    pub board: BoardFile,
    pub sides: SidesFile,
    #[serde(default = "south")]
    pub first: Side,
    pub pieces: Vec<PieceFile>,
    pub setup: SetupFile,
    pub endings: Vec<Ending<Text>>,
    #[serde(default)]
    pub small_armies: Option<SmallArmies>,
    #[serde(default = "draw")]
    pub no_moves: Verdict,
    #[serde(default)]
    pub ply_limit: Option<u32>,
    #[serde(default)]
    pub threats: Threats,
    #[serde(default)]
    pub squads: Option<SquadRule>,
    #[serde(default)]
    pub charge: Option<ChargeRule>,
    #[serde(default)]
    pub rapid_deployment: bool,
    #[serde(default)]
    pub options: Vec<RuleOption<Text>>,
    #[serde(default)]
    pub guide: Vec<GuideFile>,
    #[serde(default)]
    pub looks: Vec<Text>,
}

/// A section of the rules guide.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct GuideFile {
    pub title: Text,
    pub text: Text,
    #[serde(default)]
    pub position: Option<Text>,
    #[serde(default)]
    pub moves: Text,
}

fn south() -> Side {
    Side::South
}

fn draw() -> Verdict {
    Verdict::Draw
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields, rename = "Board")]
pub(crate) struct BoardFile {
    pub files: u8,
    pub ranks: u8,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields, rename = "Sides")]
pub(crate) struct SidesFile {
    pub south: Text,
    pub north: Text,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields, rename = "Piece")]
pub(crate) struct PieceFile {
    pub id: Text,
    pub name: Text,
    pub letter: Text,
    #[serde(default)]
    pub description: Text,
    pub gender: crate::Gender,
    #[serde(default = "armed")]
    pub armed: bool,
    pub value: i32,
    pub moves: Vec<Movement>,
    #[serde(default)]
    pub abilities: Vec<Ability<Text>>,
}

fn armed() -> bool {
    true
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields, rename = "Setup")]
pub(crate) struct SetupFile {
    /// South's ranks, rank 1 first: one letter (upper case) or `.` per file, separated by spaces.
    #[serde(default)]
    pub south: Vec<Text>,
    /// How North stands.
    pub north: NorthFile,
    /// Single pieces by square; the case of the letter gives the side.
    #[serde(default)]
    pub place: BTreeMap<Text, Text>,
}

#[derive(Debug, Deserialize)]
#[serde(rename = "North")]
pub(crate) enum NorthFile {
    /// South's pieces turned half a turn about the centre of the board.
    Rotated,
    /// South's pieces reflected across the middle of the board (files kept).
    Mirrored,
    /// North's own ranks, from the top rank down, each written as North sees it (right to left).
    Rows(Vec<Text>),
}
