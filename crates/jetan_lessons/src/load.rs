//! Reading a lessons file: every step checked at the border, each problem at its place.
//!
//! A step's position must read and the game not be over in it; its side is the side to move;
//! kinds and squares of its goal must exist; some legal move must meet its goal (the answer the
//! file gives, if any, must be one); its scripted reply must be legal after every move that meets
//! the goal, since the player may play any of them.

use std::path::Path;
use std::sync::Arc;

use jetan_rules::{KindId, LoadError, LoadErrors, Location, Move, Position, Side, Source, Square, Text, Variant};

use crate::goal::Goal;
use crate::lesson::{Course, Lesson, Step};
use crate::reading;
use crate::schema::{CourseFile, GoalFile, LessonFile, PositionFile, SideFile, StepFile};

/// The most moves meeting a goal after each of which a scripted reply is checked.
const MOST_REPLIES_CHECKED: usize = 400;

impl Course {
    /// Reads a lessons file's `text` (named `origin` in errors); `variant` gives the variant for
    /// the path the file names (relative to the file), before its rule options are chosen.
    ///
    /// # Errors
    /// Every problem found, each as `FILE:LINE:COL: message`.
    pub fn load(
        text: &str,
        origin: &str,
        variant: impl FnOnce(&str) -> Result<Variant, String>,
    ) -> Result<Course, LoadErrors> {
        let (source, file) = reading::read::<CourseFile>(text, origin)?;
        let variant = reading::variant(&source, &file.variant, &file.options, variant)?;
        let mut errors = Vec::new();
        if file.lessons.is_empty() {
            errors.push(source.error_at(Location::START, "the course has no lessons"));
        }
        let checker = Checker { source: &source, variant: &variant };
        let lessons = file.lessons.iter().filter_map(|lesson| checker.lesson(lesson, &mut errors)).collect();
        if !errors.is_empty() {
            return Err(LoadErrors(errors));
        }
        let title = file.title.map_or_else(|| variant.name().to_string(), |t| t.value);
        Ok(Course { title, variant_path: file.variant.value, variant, lessons })
    }

    /// Reads a lessons file from disk, its variant file from the path it names (relative to it).
    ///
    /// # Errors
    /// The file can't be read, or every problem found in it.
    pub fn load_file(path: &Path) -> Result<Course, LoadErrors> {
        reading::load_file(path, jetan_rules::MAX_TEXT_BYTES, |text, origin, variant| {
            Course::load(text, origin, variant)
        })
    }
}

/// Checks the steps of a file against its variant.
struct Checker<'a> {
    source: &'a Source<'a>,
    variant: &'a Arc<Variant>,
}

impl Checker<'_> {
    fn lesson(&self, lesson: &LessonFile, errors: &mut Vec<LoadError>) -> Option<Lesson> {
        let mut steps: Vec<Step> = Vec::new();
        let mut ok = true;
        if lesson.steps.is_empty() {
            errors.push(self.source.error(&lesson.title, "the lesson has no steps"));
        }
        // Where the next step starts if it continues: after the last step's answer and reply.
        let mut next: Option<Position> = None;
        for step in &lesson.steps {
            match self.step(step, next.take()) {
                Ok((checked, after)) => {
                    next = Some(after);
                    steps.push(checked);
                }
                Err(error) => {
                    errors.push(error);
                    ok = false;
                    break;
                }
            }
        }
        ok.then(|| Lesson { title: lesson.title.value.clone(), intro: lesson.intro.value.clone(), steps })
    }

    /// The checked step and the position after its answer and reply.
    fn step(&self, step: &StepFile, previous: Option<Position>) -> Result<(Step, Position), LoadError> {
        let error = |text: &Text, message: String| self.source.error(text, message);
        let (start, resets) = match (&step.position, previous) {
            (Some(position), _) => (self.position(position, &step.task)?, true),
            (None, Some(previous)) => (previous, false),
            (None, None) => return Err(error(&step.task, "the lesson's first step needs a `position`".into())),
        };
        if let Some(outcome) = start.decided() {
            let why = outcome.describe(self.variant);
            return Err(error(&step.task, format!("the game is already over where this step starts: {why}")));
        }
        let side = start.to_move();
        if let Some(written) = step.side {
            let written = match written {
                SideFile::South => Side::South,
                SideFile::North => Side::North,
            };
            if written != side {
                let to_move = self.variant.side_name(side);
                return Err(error(&step.task, format!("`side` is not the side to move here ({to_move})")));
            }
        }
        let goal = self.goal(&step.goal, &start, &step.task)?;
        let answer = match &step.answer {
            Some(text) => {
                let mv = start.parse_move(text.as_str()).map_err(|e| error(text, e.to_string()))?;
                if !goal.is_met(&start, mv) {
                    return Err(error(
                        text,
                        format!("the answer doesn't meet the goal ({})", goal.describe(self.variant)),
                    ));
                }
                mv
            }
            None => start.legal_moves().into_iter().find(|&mv| goal.is_met(&start, mv)).ok_or_else(|| {
                error(&step.task, format!("no legal move meets the goal ({})", goal.describe(self.variant)))
            })?,
        };
        let after = self.reply(step, &start, &goal, answer)?;
        let checked = Step {
            start,
            resets,
            side,
            task: step.task.value.clone(),
            goal,
            hints: step.hints.iter().map(|h| h.value.clone()).collect(),
            answer,
            reply: step.reply.as_ref().map(|r| r.value.clone()),
            done: step.done.as_ref().map(|d| d.value.clone()),
        };
        Ok((checked, after))
    }

    fn position(&self, position: &PositionFile, task: &Text) -> Result<Position, LoadError> {
        match position {
            PositionFile::Text(text) => Position::from_text(self.variant.clone(), text.as_str())
                .map_err(|e| self.source.error(text, format!("the position: {e}"))),
            PositionFile::Start => Ok(Position::start(self.variant.clone())),
            PositionFile::Played(turns) => {
                let mut position = Position::start(self.variant.clone());
                position.play_turns(turns.as_str()).map_err(|e| self.source.error(turns, e.to_string()))?;
                Ok(position)
            }
        }
        .map_err(|mut e| {
            if e.location == Location::START {
                e = self.source.error(task, e.message);
            }
            e
        })
    }

    /// Checks the scripted reply after every move meeting the goal; the position after the
    /// answer and the reply.
    fn reply(&self, step: &StepFile, start: &Position, goal: &Goal, answer: Move) -> Result<Position, LoadError> {
        let mut after = start.clone();
        after.play(answer);
        let Some(reply) = &step.reply else { return Ok(after) };
        if after.decided().is_some() {
            return Err(self.source.error(reply, "the game is over after the answer: there is nothing to reply"));
        }
        let meeting = start.legal_moves().into_iter().filter(|&mv| goal.is_met(start, mv));
        for mv in std::iter::once(answer).chain(meeting.filter(|&mv| mv != answer)).take(MOST_REPLIES_CHECKED) {
            let mut position = start.clone();
            position.play(mv);
            if let Err(e) = position.parse_turn(reply.as_str()) {
                let played = start.move_text(mv);
                let which = if mv == answer { String::new() } else { " (which also meets the goal)".to_string() };
                return Err(self.source.error(reply, format!("after `{played}`{which}: {e}")));
            }
        }
        for mv in after.parse_turn(reply.as_str()).expect("checked above") {
            after.play(mv);
        }
        Ok(after)
    }

    fn goal(&self, goal: &GoalFile, start: &Position, task: &Text) -> Result<Goal, LoadError> {
        Ok(match goal {
            GoalFile::Captures(kind) => Goal::Captures(self.kind(kind)?),
            GoalFile::Reaches { square, kind } => {
                Goal::Reaches { square: self.square(square)?, kind: kind.as_ref().map(|k| self.kind(k)).transpose()? }
            }
            GoalFile::Wins => Goal::Wins,
            GoalFile::Escapes => Goal::Escapes,
            GoalFile::DeclaresCharge => Goal::DeclaresCharge,
            GoalFile::CompletesCharge => Goal::CompletesCharge,
            GoalFile::OneOf(texts) => {
                if texts.is_empty() {
                    return Err(self.source.error(task, "`OneOf` lists no move"));
                }
                for text in texts {
                    start.parse_move(text.as_str()).map_err(|e| self.source.error(text, e.to_string()))?;
                }
                Goal::OneOf(texts.iter().map(|t| t.value.clone()).collect())
            }
            GoalFile::MovesKind(kind) => Goal::MovesKind(self.kind(kind)?),
            GoalFile::Plays(sort) => Goal::Plays(*sort),
            GoalFile::BringsBack(kind) => Goal::BringsBack(self.kind(kind)?),
            GoalFile::All(goals) => {
                Goal::All(goals.iter().map(|g| self.goal(g, start, task)).collect::<Result<_, _>>()?)
            }
            GoalFile::Any(goals) => {
                Goal::Any(goals.iter().map(|g| self.goal(g, start, task)).collect::<Result<_, _>>()?)
            }
            GoalFile::Not(goal) => Goal::Not(Box::new(self.goal(goal, start, task)?)),
        })
    }

    fn kind(&self, id: &Text) -> Result<KindId, LoadError> {
        self.variant.kind_by_id(id.as_str()).ok_or_else(|| {
            let known: Vec<&str> = self.variant.kinds().iter().map(|k| k.id.as_str()).collect();
            self.source.error(id, format!("no piece kind `{id}` in {}: {}", self.variant.name(), known.join(", ")))
        })
    }

    fn square(&self, name: &Text) -> Result<Square, LoadError> {
        self.variant
            .geometry()
            .parse(name.as_str())
            .ok_or_else(|| self.source.error(name, format!("`{name}` is not a square of this board")))
    }
}
