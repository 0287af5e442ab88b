//! One question to the AI, as an analyst, a test or the `jetan think` command asks it: a
//! position (text, or moves from the start), a level, a time or node limit; the answer is the
//! whole turn it would play (every sub-move of a Charge), its expected line and evaluation.

use std::fmt;
use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

use jetan_rules::{Move, Position, Variant};

use crate::{Level, Player, Thought, describe_score};

/// What is asked: the position and how the AI searches it.
#[derive(Clone, Debug)]
pub struct Question {
    /// The position whose side to move is to play.
    pub position: Position,
    /// The level that plays (its depth and time; see [`Level::limits`]).
    pub level: Level,
    /// The time for the move, replacing the level's.
    pub movetime: Option<Duration>,
    /// The positions the search may visit, replacing any time (the answer is then the same
    /// on any machine, with one thread).
    pub nodes: Option<u64>,
    /// The seed of the evaluation's nudges.
    pub seed: u64,
    /// How many threads search.
    pub threads: usize,
}

/// A position that can't be set up as asked.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SetupError(pub String);

impl fmt::Display for SetupError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for SetupError {}

impl Question {
    /// Asks level 5 about `position`, at its own time, seed 0, one thread.
    pub fn new(position: Position) -> Question {
        Question { position, level: Level::Search(crate::MAX_LEVEL), movetime: None, nodes: None, seed: 0, threads: 1 }
    }

    /// The position of `variant` given by its `text` (the start if `None`), then `moves` played
    /// (turns in notation separated by commas, as a record lists them; may be empty).
    ///
    /// # Errors
    /// The text is not a position of the variant, or a move is not legal where it comes.
    pub fn position(variant: Arc<Variant>, text: Option<&str>, moves: &str) -> Result<Position, SetupError> {
        let mut position = match text {
            Some(text) => Position::from_text(variant, text).map_err(|e| SetupError(format!("the position: {e}")))?,
            None => Position::start(variant),
        };
        position.play_turns(moves).map_err(|e| SetupError(format!("the moves: {e}")))?;
        Ok(position)
    }
}

/// What the AI answers.
#[derive(Clone, Debug)]
pub struct Answer {
    /// The search's result (`turn`: every ply of the turn it plays).
    pub thought: Thought,
    /// The turn it plays, in notation: a Charge's declaration, sub-moves and end joined with
    /// `; ` (empty if it has no legal move).
    pub turn: String,
    /// The expected line, one entry a turn (the first is `turn`'s).
    pub line: Vec<String>,
    /// The evaluation for the side to move: `+1.25`, `win in 3`, `loss in 2`.
    pub score: String,
}

/// Asks the question: the AI's search of the position, within its limits.
pub fn ask(question: &Question) -> Answer {
    let mut player =
        Player::new(question.level, question.seed).with_threads(question.threads).with_nodes(question.nodes);
    let thought = player.choose(&question.position, question.movetime, &AtomicBool::new(false));
    let position = &question.position;
    Answer {
        turn: position.turn_text(&thought.turn),
        line: turns_text(position, &thought.pv),
        score: describe_score(thought.score),
        thought,
    }
}

/// The plies of `line`, played from `position`, written a turn an entry (the plies each side
/// plays in a row joined with `; `).
pub fn turns_text(position: &Position, line: &[Move]) -> Vec<String> {
    let mut after = position.clone();
    let mut turns: Vec<String> = Vec::new();
    let mut mover = None;
    for &mv in line {
        let side = after.to_move();
        let text = after.move_text(mv);
        match turns.last_mut() {
            Some(turn) if mover == Some(side) => {
                turn.push_str("; ");
                turn.push_str(&text);
            }
            _ => turns.push(text),
        }
        mover = Some(side);
        after.play(mv);
    }
    turns
}

impl fmt::Display for Answer {
    /// `move: …`, `line: …` (turns separated by `, `) and `score: … (depth D, N nodes, T ms)`,
    /// one a line.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let thought = &self.thought;
        let turn = if self.turn.is_empty() { "none (no legal move)" } else { &self.turn };
        writeln!(f, "move: {turn}")?;
        writeln!(f, "line: {}", self.line.join(", "))?;
        write!(
            f,
            "score: {} (depth {}, {} nodes, {:.0} ms)",
            self.score,
            thought.depth,
            thought.nodes,
            thought.elapsed.as_secs_f64() * 1000.0
        )
    }
}
