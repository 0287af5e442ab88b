//! A course of lessons, checked: each step's starting position, goal, answer and scripted reply.

use std::sync::Arc;

use jetan_rules::{Move, Position, Side, Variant};

use crate::goal::Goal;

/// A course: the lessons of one variant, in order.
#[derive(Clone, Debug)]
pub struct Course {
    /// The course's name (the variant's name if the file gives none).
    pub title: String,
    /// The variant file as the lessons file names it (relative to it).
    pub variant_path: String,
    /// The variant, with the course's rule options chosen.
    pub variant: Arc<Variant>,
    /// The lessons.
    pub lessons: Vec<Lesson>,
}

/// One lesson: a title, a short introduction, and the steps the player plays.
#[derive(Clone, Debug)]
pub struct Lesson {
    /// What it teaches ("The Thoat").
    pub title: String,
    /// A short text shown before the first step.
    pub intro: String,
    /// The steps, in order.
    pub steps: Vec<Step>,
}

/// One step of a lesson: a position, a task in words, and the goal the engine judges.
#[derive(Clone, Debug)]
pub struct Step {
    /// Where the step starts when the earlier steps were played by their answers (its own
    /// position if it has one, else the previous step's position after its answer and reply).
    pub start: Position,
    /// Whether the step has its own position (`false`: it continues from the previous step).
    pub resets: bool,
    /// The side the player plays.
    pub side: Side,
    /// The goal in words, shown to the player ("Take the Orange Panthan with your Thoat").
    pub task: String,
    /// The goal as the engine judges it.
    pub goal: Goal,
    /// Hints, shown one after another after wrong tries.
    pub hints: Vec<String>,
    /// A move of `start` that meets the goal: the lesson's own, or the first the engine found.
    pub answer: Move,
    /// The opponent's scripted reply (a turn in notation), played after the goal is met.
    pub reply: Option<String>,
    /// A text shown once the goal is met.
    pub done: Option<String>,
}

impl Step {
    /// A move meeting the goal in `position` (where the step is being played): the step's answer
    /// if it is legal there and meets the goal, else the first legal move that does.
    pub fn answer_in(&self, position: &Position) -> Option<Move> {
        if position == &self.start || (position.is_legal(self.answer) && self.goal.is_met(position, self.answer)) {
            return Some(self.answer);
        }
        position.legal_moves().into_iter().find(|&mv| self.goal.is_met(position, mv))
    }

    /// The position after the player's move `played` from `before` and the scripted reply (when
    /// it is legal there): where the next step starts if it continues from this one.
    pub fn after(&self, before: &Position, played: Move) -> Position {
        let mut position = before.clone();
        position.play(played);
        if let Some(reply) = &self.reply
            && let Ok(plies) = position.parse_turn(reply)
        {
            for mv in plies {
                position.play(mv);
            }
        }
        position
    }
}

/// The answer of `step`: a move of its starting position that meets its goal.
pub fn answer(step: &Step) -> Move {
    step.answer
}
