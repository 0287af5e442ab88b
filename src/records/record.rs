//! A game record: the variant (its file, name and a fingerprint of its rules), the rule
//! options, the players, when it started, the moves in notation (RULES.md §6), the clocks and
//! the result.

use std::sync::Arc;

use jetan_rules::courier::BadMove;
use jetan_rules::{Side, Variant};
use serde::{Deserialize, Serialize};

use crate::game::Game;
use crate::ron_text::{self, RonError};
use crate::seat::Seats;
use crate::time_control::Clocks;

/// Everything needed to play a game again, as saved to disk.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GameRecord {
    /// The variant file, relative to `assets/`.
    pub variant: String,
    /// The variant's name when the game was played.
    pub variant_name: String,
    /// A fingerprint of the variant's rules with the chosen options, so that a record made
    /// under other rules is recognised.
    pub rules: String,
    /// The rule options chosen, as option and choice ids (`south:option` and `north:option`
    /// where the sides chose apart).
    pub options: Vec<(String, String)>,
    /// Who played each side.
    pub players: Seats,
    /// When the game started, in seconds since 1970.
    pub started: u64,
    /// The moves in notation, a turn each (a Charge's plies joined by `; `).
    pub moves: Vec<String>,
    /// How the game ended, if it has.
    pub result: Option<String>,
    /// The time control and each side's time left when the record was made (none in records
    /// made before games had clocks).
    #[serde(default)]
    pub clocks: Clocks,
}

/// Why a record can't be played again.
#[derive(Debug, thiserror::Error)]
pub enum ReplayError {
    /// The record's variant is not available.
    #[error("the variant {0} could not be loaded")]
    NoVariant(String),
    /// The record's options don't fit the variant.
    #[error("{0}")]
    Options(#[from] jetan_rules::ChoiceError),
    /// A move is not legal where it stands.
    #[error("{0}")]
    BadMove(#[from] BadMove),
}

impl GameRecord {
    /// The record of a game.
    pub fn of(game: &Game) -> GameRecord {
        let variant = game.position().variant();
        GameRecord {
            variant: game.variant_path.clone(),
            variant_name: variant.name().to_string(),
            rules: fingerprint(variant),
            options: variant.chosen(),
            players: game.seats,
            started: game.started,
            moves: game.turns().into_iter().map(|(_, text)| text).collect(),
            result: game.outcome().map(|outcome| outcome.describe(variant)),
            clocks: game.clocks.clone(),
        }
    }

    /// Plays the record again on `base` (the variant file's current version) and returns the game.
    ///
    /// # Errors
    /// Options the variant lacks, or the first move that is not legal.
    pub fn replay(&self, base: &Variant) -> Result<Game, ReplayError> {
        let variant = Arc::new(base.with_choices(&self.options)?);
        let mut game = Game::new(variant, self.variant.clone(), self.players);
        game.started = self.started;
        for (index, text) in self.moves.iter().enumerate() {
            let plies = game.position().parse_turn(text).map_err(|error| BadMove {
                number: index + 1,
                text: text.clone(),
                error,
            })?;
            for mv in plies {
                game.play(mv);
            }
        }
        game.clocks = self.clocks.clone();
        Ok(game)
    }

    /// A note for the player when the record's result says other than its moves (`game` is
    /// the record replayed): a different ending, or an ending its moves don't reach (a
    /// resignation, an agreed draw or a clock that ran out is not in the moves, and is taken as
    /// written).
    pub fn result_note(&self, game: &Game) -> Option<String> {
        let written = self.result.as_deref()?;
        match game.position().outcome() {
            Some(outcome) => {
                let played = outcome.describe(game.position().variant());
                (played != written).then(|| format!("the record says \"{written}\", but its moves end \"{played}\""))
            }
            None if ["resigned", "agreed", "ran out of time", "could win"].iter().any(|end| written.ends_with(end)) => {
                None
            }
            None => Some(format!("the record says \"{written}\", but its moves don't end the game")),
        }
    }

    /// Whether the record was made under the rules `variant` has now.
    pub fn same_rules(&self, variant: &Variant) -> bool {
        variant.with_choices(&self.options).is_ok_and(|v| fingerprint(&v) == self.rules)
    }

    /// The record as RON text.
    pub fn to_text(&self) -> String {
        ron::ser::to_string_pretty(self, ron::ser::PrettyConfig::default()).expect("records always serialize") + "\n"
    }

    /// Reads a record; errors name the line and column.
    ///
    /// # Errors
    /// Malformed or foreign text.
    pub fn from_text(text: &str) -> Result<GameRecord, RonError> {
        let record: GameRecord = ron_text::read(text)?;
        ron_text::check_variant(text, "variant", &record.variant)?;
        record
            .clocks
            .check()
            .map_err(|message| RonError::at_key(&jetan_rules::TextIndex::new(text), "clocks", message))?;
        Ok(record)
    }
}

/// A fingerprint of a compiled variant's rules (its board, pieces, setup and rules): 64-bit
/// FNV-1a, stable across runs and builds.
pub fn fingerprint(variant: &Variant) -> String {
    let mut rules = format!("{:?}", (variant.geometry(), variant.kinds(), variant.setup(), variant.rules()));
    if variant.sides_differ() {
        // North's kinds too (after the rest, so that records of games without per-side rules
        // keep their fingerprints).
        rules += &format!("{:?}", variant.side_kinds(Side::North));
    }
    let hash = rules
        .bytes()
        .fold(0xcbf2_9ce4_8422_2325_u64, |hash, byte| (hash ^ byte as u64).wrapping_mul(0x0000_0100_0000_01b3));
    format!("{hash:016x}")
}
