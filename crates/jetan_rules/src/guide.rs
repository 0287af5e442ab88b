//! The rules guide a variant file may carry: sections that explain a mechanic in words, each
//! with an example the player steps through turn by turn (checked when the file is read).

use std::sync::Arc;

use crate::{Position, Variant, turn_list};

/// The most turns an example may have.
pub const MAX_EXAMPLE_TURNS: usize = 40;

/// One section of the guide.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GuideSection {
    /// What it explains, such as "The escort".
    pub title: String,
    /// The explanation.
    pub text: String,
    /// The example's starting position as position text; the variant's start if `None`.
    pub position: Option<String>,
    /// The example's turns in notation, comma-separated (as `--moves` takes them).
    pub moves: String,
}

/// One step of an example: the position, and the turn that led to it (none for the first).
#[derive(Clone, Debug)]
pub struct ExampleStep {
    /// The position after the turn.
    pub position: Position,
    /// The turn, in notation.
    pub turn: Option<String>,
}

impl GuideSection {
    /// The example's steps under `variant`: its starting position, then the position after each
    /// turn.
    ///
    /// # Errors
    /// A starting position that doesn't read, too many turns, or the first turn that is not
    /// legal where it stands.
    pub fn example(&self, variant: &Arc<Variant>) -> Result<Vec<ExampleStep>, String> {
        let mut position = match &self.position {
            Some(text) => Position::from_text(variant.clone(), text).map_err(|e| format!("the position: {e}"))?,
            None => Position::start(variant.clone()),
        };
        let turns: Vec<(usize, &str)> = turn_list(&self.moves).collect();
        if turns.len() > MAX_EXAMPLE_TURNS {
            return Err(format!("{} turns: an example has at most {MAX_EXAMPLE_TURNS}", turns.len()));
        }
        let mut steps = vec![ExampleStep { position: position.clone(), turn: None }];
        for (number, text) in turns {
            let plies = position.parse_turn(text).map_err(|error| format!("turn {number} `{text}`: {error}"))?;
            for mv in plies {
                position.play(mv);
            }
            steps.push(ExampleStep { position: position.clone(), turn: Some(text.to_string()) });
        }
        Ok(steps)
    }
}
