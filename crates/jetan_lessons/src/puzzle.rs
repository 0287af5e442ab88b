//! A puzzle: a position, the side to solve it, the solution line, what it aims at, its theme and
//! difficulty.

use jetan_rules::{Move, Position, Side};
use serde::{Deserialize, Serialize};

use crate::scores::Probe;
use crate::theme::Theme;

/// What a puzzle's solution achieves.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Aim {
    /// It wins the game by force.
    Win,
    /// It gains decisive material (the probe's threshold), by a margin over every other move.
    Material,
}

/// A puzzle found in the AI's games.
#[derive(Clone, Debug)]
pub struct Puzzle {
    /// Where it starts; the solver is to move.
    pub start: Position,
    /// The side that solves it.
    pub side: Side,
    /// The solution line, a turn in notation each: the solver's, the opponent's reply, the
    /// solver's, … ending with the solver's. A turn may hold several plies (a Charge, a banth step).
    pub solution: Vec<String>,
    /// What the solution achieves.
    pub aim: Aim,
    /// The theme, from the first move's kind and pieces.
    pub theme: Theme,
    /// The kind id of the piece that makes the first move ("" when none moves, as in a Charge's
    /// declaration or a strike).
    pub piece: String,
    /// How hard it is, from 1: the search depth that finds the first move, plus one for each
    /// further solver turn.
    pub difficulty: u8,
    /// Where it came from ("seed 1 game 3 ply 41").
    pub origin: String,
    /// The search that confirmed it, and that [`crate::verify`] checks it with.
    pub probe: Probe,
}

impl Puzzle {
    /// The plies of each turn of the solution, from the start.
    ///
    /// # Errors
    /// The first turn that is not legal where it stands, as `turn N: reason`.
    pub fn plies(&self) -> Result<Vec<Vec<Move>>, String> {
        let mut position = self.start.clone();
        let mut turns = Vec::new();
        for (i, text) in self.solution.iter().enumerate() {
            let plies = position.parse_turn(text).map_err(|e| format!("turn {} `{text}`: {e}", i + 1))?;
            for &mv in &plies {
                position.play(mv);
            }
            turns.push(plies);
        }
        Ok(turns)
    }

    /// Whether the player's move `mv` solves solution turn `turn` (a solver's turn: 0, 2, …),
    /// played in `position`: the turn's first ply or a variant of it ([`crate::same_move`]: the
    /// same piece to the same square with other followers, or another promotion choice).
    pub fn accepts(&self, position: &Position, turn: usize, mv: Move) -> bool {
        let Some(text) = self.solution.get(turn) else { return false };
        let Ok(plies) = position.parse_turn(text) else { return false };
        plies.first().is_some_and(|&first| crate::scores::same_move(position, first, mv))
    }

    /// The number of the solver's turns in the solution.
    pub fn solver_turns(&self) -> usize {
        self.solution.len().div_ceil(2)
    }
}
