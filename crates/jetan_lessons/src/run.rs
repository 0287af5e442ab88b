//! Playing a lesson through: the current step and position, tries judged, the scripted reply
//! played and the next step set up once a goal is met.

use jetan_rules::{Move, Position};

use crate::judge::{Attempt, Verdict};
use crate::lesson::{Lesson, Step};

/// A lesson being played: what a board showing it needs.
#[derive(Clone, Debug)]
pub struct LessonRun<'a> {
    lesson: &'a Lesson,
    /// The current step's index; `lesson.steps.len()` once the lesson is done.
    index: usize,
    attempt: Option<Attempt<'a>>,
}

impl<'a> LessonRun<'a> {
    /// Starts `lesson` at its first step.
    pub fn new(lesson: &'a Lesson) -> LessonRun<'a> {
        let attempt = lesson.steps.first().map(|step| Attempt::new(step, step.start.clone()));
        LessonRun { lesson, index: 0, attempt }
    }

    /// The current step, or `None` once the lesson is done.
    pub fn step(&self) -> Option<&'a Step> {
        self.lesson.steps.get(self.index)
    }

    /// The current step's index (the number of steps done).
    pub fn index(&self) -> usize {
        self.index
    }

    /// The position on the board: the current step's, or the last one's once done.
    pub fn position(&self) -> Option<&Position> {
        self.attempt.as_ref().map(Attempt::position)
    }

    /// The tries at the current step.
    pub fn attempt(&self) -> Option<&Attempt<'a>> {
        self.attempt.as_ref().filter(|_| self.step().is_some())
    }

    /// Whether every step is done.
    pub fn is_done(&self) -> bool {
        self.index >= self.lesson.steps.len()
    }

    /// Judges the player's move at the current step. When it meets the goal, the move and the
    /// scripted reply are played and the run goes on to the next step (from its own position,
    /// or from where the game now stands).
    pub fn play(&mut self, mv: Move) -> Verdict {
        let (Some(step), Some(attempt)) = (self.step(), self.attempt.as_mut()) else {
            return Verdict::Illegal("the lesson is over".into());
        };
        let verdict = attempt.try_move(mv);
        if verdict == Verdict::Met {
            let after = step.after(attempt.position(), mv);
            self.index += 1;
            let next = match self.lesson.steps.get(self.index) {
                Some(next) if next.resets => Attempt::new(next, next.start.clone()),
                Some(next) => Attempt::new(next, after),
                None => Attempt::new(step, after),
            };
            self.attempt = Some(next);
        }
        verdict
    }
}
