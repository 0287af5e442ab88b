//! Judging a player's move against a step's goal, and counting the tries until the answer is known.

use jetan_rules::{Move, Position};

use crate::lesson::Step;

/// After this many wrong tries at a step, its answer is known (the game may show it).
pub const TRIES_BEFORE_ANSWER: u32 = 2;

/// What the engine says of a player's move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// The move meets the goal.
    Met,
    /// A legal move that doesn't meet the goal.
    NotTheGoal {
        /// What to try instead: the step's hint, or its goal in words.
        hint: String,
        /// The squares the moved piece may reach from where it stood, by name (so the player
        /// sees how it moves); empty for moves without a moving piece.
        reach: Vec<String>,
    },
    /// Not a legal move here, and why.
    Illegal(String),
}

/// Judges `mv`, played from `before` (where `step` is being played), against its goal. The
/// hint of a wrong move is the step's first hint; [`Attempt`] gives the next hint at each try.
pub fn judge(step: &Step, before: &Position, mv: Move) -> Verdict {
    judge_try(step, before, mv, 0)
}

/// Judges a move written in notation (`T a2-b4`, labels optional), as [`judge`] does.
pub fn judge_text(step: &Step, before: &Position, text: &str) -> Verdict {
    match before.parse_move(text) {
        Ok(mv) => judge(step, before, mv),
        Err(e) => Verdict::Illegal(e.to_string()),
    }
}

/// Judges `mv` as [`judge`] does, after `wrong` wrong tries at the step: a wrong move's hint is
/// the step's next one (its last once they run out).
pub fn judge_try(step: &Step, before: &Position, mv: Move, wrong: u32) -> Verdict {
    let hint = wrong as usize;
    if before.decided().is_some() {
        return Verdict::Illegal("the game is over".into());
    }
    if !before.is_legal(mv) {
        return Verdict::Illegal(why_illegal(before, mv));
    }
    if step.goal.is_met(before, mv) {
        return Verdict::Met;
    }
    let hint = step.hints.get(hint.min(step.hints.len().saturating_sub(1))).cloned();
    let hint = hint.unwrap_or_else(|| {
        let goal = step.goal.describe(before.variant());
        let mut chars = goal.chars();
        chars.next().map_or(goal.clone(), |first| first.to_uppercase().chain(chars).collect())
    });
    Verdict::NotTheGoal { hint, reach: reach(before, mv) }
}

/// The squares the piece that moves in `mv` may reach from where it stands, by legal moves.
pub fn reach(before: &Position, mv: Move) -> Vec<String> {
    let Some(lead) = before.leader(mv).or(mv.lead()) else { return Vec::new() };
    let geometry = before.variant().geometry();
    let mut squares: Vec<String> = Vec::new();
    for other in before.legal_moves() {
        if let Some(step) = other.steps.iter().find(|s| s.from == lead.from) {
            let name = geometry.name(step.to).to_string();
            if !squares.contains(&name) {
                squares.push(name);
            }
        }
    }
    squares
}

/// Why `mv` is not legal in `position`, in a sentence.
fn why_illegal(position: &Position, mv: Move) -> String {
    let reason = match mv.lead() {
        Some(step) => position.why_illegal(step.from, step.to, None),
        None => "; that is not possible now".into(),
    };
    let reason = reason.trim_start_matches("; ");
    let mut chars = reason.chars();
    chars.next().map_or_else(String::new, |first| first.to_uppercase().chain(chars).collect())
}

/// A player's tries at one step: the verdicts, a new hint at each wrong try, and the answer
/// once [`TRIES_BEFORE_ANSWER`] tries went wrong.
#[derive(Clone, Debug)]
pub struct Attempt<'a> {
    step: &'a Step,
    position: Position,
    wrong: u32,
}

impl<'a> Attempt<'a> {
    /// Starts trying `step` in `position` (its [`Step::start`], or wherever the earlier steps
    /// left the game).
    pub fn new(step: &'a Step, position: Position) -> Attempt<'a> {
        Attempt { step, position, wrong: 0 }
    }

    /// Judges a try. A legal move that misses the goal counts as a wrong try; an illegal one
    /// doesn't (the board refuses it).
    pub fn try_move(&mut self, mv: Move) -> Verdict {
        let verdict = judge_try(self.step, &self.position, mv, self.wrong);
        if matches!(verdict, Verdict::NotTheGoal { .. }) {
            self.wrong += 1;
        }
        verdict
    }

    /// How many legal tries missed the goal.
    pub fn wrong_tries(&self) -> u32 {
        self.wrong
    }

    /// Whether the answer may be shown now.
    pub fn answer_known(&self) -> bool {
        self.wrong >= TRIES_BEFORE_ANSWER
    }

    /// The answer, once it is known: a move meeting the goal where the step is being played.
    pub fn answer(&self) -> Option<Move> {
        if self.answer_known() { self.step.answer_in(&self.position) } else { None }
    }

    /// The position the step is played in.
    pub fn position(&self) -> &Position {
        &self.position
    }
}
