//! The puzzles file: a variant's puzzles as RON, read with every position and turn checked (at
//! its place), and written back.

use std::fmt::Write as _;
use std::path::Path;
use std::sync::Arc;

use jetan_rules::{LoadError, LoadErrors, Position, Side, Source, Text, Variant};
use serde::Deserialize;

use crate::puzzle::{Aim, Puzzle};
use crate::reading;
use crate::scores::Probe;
use crate::theme::Theme;

/// The largest puzzles file read (a thousand puzzles are under 1 MB).
const MAX_PUZZLES_BYTES: u64 = 64 << 20;

/// The puzzles of one variant, and the probe that verifies them.
#[derive(Clone, Debug)]
pub struct PuzzleSet {
    /// The variant file as the puzzles file names it (relative to it).
    pub variant_path: String,
    /// The rule options chosen, as (option, choice) ids.
    pub options: Vec<(String, String)>,
    /// The variant with those options.
    pub variant: Arc<Variant>,
    /// The probe that confirmed them, and that [`crate::verify`] checks them with (each
    /// puzzle carries it too).
    pub probe: Probe,
    /// The puzzles.
    pub puzzles: Vec<Puzzle>,
}

#[derive(Deserialize)]
#[serde(rename = "Puzzles", deny_unknown_fields)]
struct SetFile {
    variant: Text,
    #[serde(default)]
    options: Vec<(Text, Text)>,
    probe: Probe,
    puzzles: Vec<PuzzleFile>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct PuzzleFile {
    position: Text,
    side: SideName,
    solution: Vec<Text>,
    aim: Aim,
    theme: Theme,
    #[serde(default)]
    piece: Option<Text>,
    difficulty: u8,
    #[serde(default)]
    origin: Option<Text>,
}

#[derive(Clone, Copy, Deserialize)]
enum SideName {
    South,
    North,
}

impl PuzzleSet {
    /// Reads a puzzles file's `text` (named `origin` in errors); `variant` gives the variant for
    /// the path the file names, before its options are chosen. Each position must read, its
    /// side be the side to move, and each solution turn be legal in order (verifying by search
    /// is [`crate::verify`]'s).
    ///
    /// # Errors
    /// Every problem found, each as `FILE:LINE:COL: message`.
    pub fn load(
        text: &str,
        origin: &str,
        variant: impl FnOnce(&str) -> Result<Variant, String>,
    ) -> Result<PuzzleSet, LoadErrors> {
        let (source, file) = reading::read::<SetFile>(text, origin)?;
        let variant = reading::variant(&source, &file.variant, &file.options, variant)?;
        let options: Vec<(String, String)> =
            file.options.iter().map(|(o, c)| (o.value.clone(), c.value.clone())).collect();
        let mut errors = Vec::new();
        let mut puzzles = Vec::new();
        for written in &file.puzzles {
            match read_puzzle(&source, &variant, file.probe, written) {
                Ok(puzzle) => puzzles.push(puzzle),
                Err(error) => errors.push(error),
            }
        }
        if !errors.is_empty() {
            return Err(LoadErrors(errors));
        }
        Ok(PuzzleSet { variant_path: file.variant.value, options, variant, probe: file.probe, puzzles })
    }

    /// Reads a puzzles file from disk, its variant file from the path it names (relative to it).
    ///
    /// # Errors
    /// The file can't be read, or every problem found in it.
    pub fn load_file(path: &Path) -> Result<PuzzleSet, LoadErrors> {
        reading::load_file(path, MAX_PUZZLES_BYTES, |text, origin, variant| PuzzleSet::load(text, origin, variant))
    }

    /// The file's text: one puzzle per entry, as [`PuzzleSet::load`] reads it.
    pub fn to_ron(&self) -> String {
        let mut out = String::new();
        let options: Vec<String> = self.options.iter().map(|(o, c)| format!("({o:?}, {c:?})")).collect();
        let probe = self.probe;
        let _ = writeln!(
            out,
            "// Puzzles mined from the AI's games by `jetan_lessons`' example `puzzles`; see docs/lessons.md."
        );
        let _ = writeln!(out, "Puzzles(");
        let _ = writeln!(out, "    variant: {:?},", self.variant_path);
        let _ = writeln!(out, "    options: [{}],", options.join(", "));
        let _ = writeln!(
            out,
            "    probe: (depth: {}, nodes: {}, threshold: {}, margin: {}),",
            probe.depth, probe.nodes, probe.threshold, probe.margin
        );
        let _ = writeln!(out, "    puzzles: [");
        for p in &self.puzzles {
            let solution: Vec<String> = p.solution.iter().map(|t| format!("{t:?}")).collect();
            let side = if p.side == Side::South { "South" } else { "North" };
            let _ = writeln!(out, "        (");
            let _ = writeln!(out, "            position: {:?},", p.start.to_text());
            let _ = writeln!(out, "            side: {side},");
            let _ = writeln!(out, "            solution: [{}],", solution.join(", "));
            let _ = writeln!(out, "            aim: {:?},", p.aim);
            let _ = writeln!(out, "            theme: {:?},", p.theme);
            let _ = writeln!(out, "            piece: {:?},", p.piece);
            let _ = writeln!(out, "            difficulty: {},", p.difficulty);
            let _ = writeln!(out, "            origin: {:?},", p.origin);
            let _ = writeln!(out, "        ),");
        }
        let _ = writeln!(out, "    ],");
        let _ = writeln!(out, ")");
        out
    }
}

fn read_puzzle(
    source: &Source,
    variant: &Arc<Variant>,
    probe: Probe,
    written: &PuzzleFile,
) -> Result<Puzzle, LoadError> {
    let start = Position::from_text(variant.clone(), written.position.as_str())
        .map_err(|e| source.error(&written.position, format!("the position: {e}")))?;
    let side = match written.side {
        SideName::South => Side::South,
        SideName::North => Side::North,
    };
    if start.to_move() != side || start.decided().is_some() {
        return Err(source.error(&written.position, "the solver is not to move here"));
    }
    if written.solution.len().is_multiple_of(2) {
        return Err(source.error(&written.position, "the solution must end with the solver's turn"));
    }
    let mut position = start.clone();
    for text in &written.solution {
        let plies = position.parse_turn(text.as_str()).map_err(|e| source.error(text, e.to_string()))?;
        for mv in plies {
            position.play(mv);
        }
    }
    Ok(Puzzle {
        start,
        side,
        solution: written.solution.iter().map(|t| t.value.clone()).collect(),
        aim: written.aim,
        theme: written.theme,
        piece: written.piece.as_ref().map(|p| p.value.clone()).unwrap_or_default(),
        difficulty: written.difficulty,
        origin: written.origin.as_ref().map(|o| o.value.clone()).unwrap_or_default(),
        probe,
    })
}
