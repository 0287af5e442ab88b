//! The suites of positions: the Charge suite (positions where the side to move wins within one
//! Charge, and positions where the enemy would win with one next turn unless the side to move
//! defends) and the finishing suite (positions the side to move has won on material, to be
//! played to the end); read from their text, each played by a player for a whole turn and judged.
//!
//! A suite file has one position a line, `win | POSITION | PLIES` or `defence | POSITION |
//! MOVE` (the known answer, in notation, for the reader), or `convert | POSITION | lead N` (the
//! side to move's material lead, see [`crate::finishing`]), then `# where it comes from`; blank
//! lines and lines starting with `#` are skipped.

use std::fmt;
use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

use jetan_rules::{Move, Position, Variant};

use crate::finishing::decisive_side;
use crate::{ChargeWins, Player};

/// What the side to move must do.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Task {
    /// Win within this turn (a Charge wins; no single move does).
    Win,
    /// Leave the enemy no win within its next turn's Charge, nor any single winning move.
    Defence,
    /// Win the game, ahead by decisive material (a finishing position): a turn must keep the
    /// game going with the lead decisive, or win.
    Convert,
}

/// One position of the suite.
#[derive(Clone, Debug)]
pub struct Case {
    /// What the side to move must do.
    pub task: Task,
    /// The position.
    pub position: Position,
    /// A known answer, in notation.
    pub answer: String,
    /// Where it comes from (the comment).
    pub source: String,
    /// Its line in the suite file, from 1.
    pub line: usize,
}

/// A suite line that can't be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SuiteError {
    /// The line, from 1.
    pub line: usize,
    /// What is wrong.
    pub message: String,
}

impl fmt::Display for SuiteError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "suite line {}: {}", self.line, self.message)
    }
}

impl std::error::Error for SuiteError {}

/// Reads the positions of a suite file's `text`, of `variant`.
///
/// # Errors
/// A line that is not `win | … | …`, `defence | … | …` or `convert | … | …`, or whose
/// position is not one of the variant.
pub fn read(variant: &Arc<Variant>, text: &str) -> Result<Vec<Case>, SuiteError> {
    let mut cases = Vec::new();
    for (index, raw) in text.lines().enumerate() {
        let line = index + 1;
        let error = |message: String| SuiteError { line, message };
        let (body, source) = raw.split_once('#').unwrap_or((raw, ""));
        if body.trim().is_empty() {
            continue;
        }
        let fields: Vec<&str> = body.split('|').map(str::trim).collect();
        let [task, position, answer] = fields[..] else {
            return Err(error(format!(
                "expected `win | POSITION | PLIES`, `defence | POSITION | MOVE` or `convert | POSITION | lead N`: {raw}"
            )));
        };
        let task = match task {
            "win" => Task::Win,
            "defence" => Task::Defence,
            "convert" => Task::Convert,
            other => return Err(error(format!("`{other}` is not win, defence or convert"))),
        };
        let position = Position::from_text(variant.clone(), position).map_err(|e| error(e.to_string()))?;
        cases.push(Case { task, position, answer: answer.to_string(), source: source.trim().to_string(), line });
    }
    Ok(cases)
}

/// A player's whole turn in a position: its plies, and the longest it thought for one.
#[derive(Clone, Debug)]
pub struct Turn {
    /// The plies, from the position.
    pub plies: Vec<Move>,
    /// The position after them.
    pub after: Position,
    /// The longest one choice took.
    pub slowest: Duration,
}

/// Lets `player` play its side's whole turn from `position` (a Charge's every sub-move, the
/// banth step), asking it ply by ply as a game does, `movetime` each.
pub fn play_turn(player: &mut Player, position: &Position, movetime: Option<Duration>) -> Turn {
    let side = position.to_move();
    let mut after = position.clone();
    let mut plies = Vec::new();
    let mut slowest = Duration::ZERO;
    while after.decided().is_none() && after.to_move() == side {
        let started = Instant::now();
        let Some(mv) = player.choose(&after, movetime, &AtomicBool::new(false)).best else { break };
        slowest = slowest.max(started.elapsed());
        plies.push(mv);
        after.play(mv);
    }
    Turn { plies, after, slowest }
}

/// Whether `turn`, played in `case`'s position, does what the case asks: for a win, the game
/// is won; for a defence, the enemy then has no winning move and no win within a Charge (as
/// `finder` finds them); for a conversion, the game is won, or goes on with the lead still
/// decisive. The error says what went wrong.
///
/// # Errors
/// The turn doesn't win, leaves the enemy a win (given in notation), or ends a conversion in
/// a draw or gives up its lead.
pub fn judge(case: &Case, finder: &ChargeWins, turn: &Turn) -> Result<(), String> {
    let side = case.position.to_move();
    let played = case.position.turn_text(&turn.plies);
    let winner = turn.after.outcome().and_then(|outcome| outcome.winner);
    match case.task {
        Task::Win if winner == Some(side) => Ok(()),
        Task::Win => Err(format!("{played} does not win")),
        Task::Convert if winner == Some(side) => Ok(()),
        Task::Convert => match turn.after.decided() {
            Some(outcome) => Err(format!("{played} ends the game: {}", outcome.describe(case.position.variant()))),
            None if decisive_side(&turn.after) == Some(side) => Ok(()),
            None => Err(format!("{played} gives up the decisive lead")),
        },
        Task::Defence if winner.is_some() => {
            if winner == Some(side) {
                Ok(())
            } else {
                Err(format!("{played} loses at once"))
            }
        }
        Task::Defence => {
            if let Some(win) = finder.winning_move(&turn.after) {
                return Err(format!("{played} leaves the enemy {}", turn.after.move_text(win)));
            }
            match finder.win_with_any_first(&turn.after) {
                Some(win) => Err(format!("{played} leaves the enemy the Charge {}", turn.after.turn_text(&win))),
                None => Ok(()),
            }
        }
    }
}
