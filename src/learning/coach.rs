//! A lesson or a puzzle played on the board: the coach sets up its position as a coached game
//! ([`Game::coached`]), judges each move the player chooses by the rules engine (a lesson's
//! goal, a puzzle's solution), answers a wrong try with a hint and the piece's reach, shows the
//! answer after two, plays the scripted replies once the board is still, and keeps the stars
//! and the puzzle rating earned.

use std::collections::VecDeque;
use std::sync::Arc;

use bevy::prelude::*;
use jetan_lessons::{
    Course, Puzzle, PuzzleSet, TRIES_BEFORE_ANSWER, Theme, Verdict, after_puzzle, judge_try, puzzle_rating,
};
use jetan_rules::{Move, Position, Side};

use super::files::{LessonCatalog, PuzzleCatalog};
use super::progress::{MOST_STARS, Progress, puzzle_key};
use crate::animation::BeingShown;
use crate::game::{BoardReset, Game, GameAction, MoveChosen, Notice};

/// What the player asks of the coach.
#[derive(Message, Clone, Debug)]
pub enum Coaching {
    /// Start lesson `lesson` (its index) of the lessons file at `course`.
    Lesson {
        /// The lessons file's asset path.
        course: String,
        /// The lesson's index in it.
        lesson: usize,
    },
    /// Start the next puzzle of the puzzles file at `set` for the player: unsolved, of one of
    /// `themes` (any, if none), nearest the player's rating.
    Puzzle {
        /// The puzzles file's asset path.
        set: String,
        /// The themes chosen.
        themes: Vec<Theme>,
    },
    /// Start puzzles made from the player's own game (its turning points), the first of them.
    Review {
        /// The turning points, as puzzles.
        puzzles: Vec<Puzzle>,
        /// The variant file the game was played from.
        variant_path: String,
    },
    /// Go on: the next step of a lesson, the next lesson, the next puzzle.
    Next,
    /// Start the step or the puzzle again from where it started.
    Retry,
    /// Show the answer now.
    ShowAnswer,
}

/// The lesson or puzzle being played, while the game is a coached one.
#[derive(Resource, Debug)]
pub struct Exercise {
    /// A lesson or a puzzle, and how far it has come.
    pub task: Task,
    /// Where it stands.
    pub stage: Stage,
    /// What the coach says now: a hint, the text of a step done, the result.
    pub said: Option<String>,
    /// The squares the piece of a wrong try could reach, by name.
    pub reach: Vec<String>,
    /// A move shown to the player: the answer.
    pub shown: Option<Move>,
    /// The wrong tries at the current step or solver's turn.
    pub wrong: u32,
    /// The moves to play for the other side (and the rest of a turn) once the board is still.
    replies: VecDeque<Move>,
}

/// A lesson or a puzzle, and how far it has come.
#[derive(Debug)]
pub enum Task {
    /// A lesson of a course.
    Lesson(LessonAt),
    /// A puzzle (boxed: it holds its position).
    Puzzle(Box<PuzzleAt>),
}

/// A lesson being played.
#[derive(Debug)]
pub struct LessonAt {
    /// The lessons file's asset path.
    pub course_path: String,
    /// The course.
    pub course: Arc<Course>,
    /// The lesson's index.
    pub lesson: usize,
    /// The step's index.
    pub step: usize,
    /// The wrong tries in the whole lesson.
    pub mistakes: u32,
    /// The answers shown in the whole lesson.
    pub answers_shown: u32,
}

/// A puzzle being solved.
#[derive(Debug)]
pub struct PuzzleAt {
    /// Where it comes from: a puzzles file, or the player's own game.
    pub from: PuzzleSource,
    /// The puzzle.
    pub puzzle: Puzzle,
    /// The solution's turn the player is to find (0, 2, …).
    pub turn: usize,
    /// Whether a wrong move was played (the rating counts it once).
    pub failed: bool,
}

/// Where a puzzle comes from.
#[derive(Clone, Debug)]
pub enum PuzzleSource {
    /// A puzzles file, with the themes chosen: the rating counts.
    Set {
        /// The puzzles file's asset path.
        set: String,
        /// The themes chosen (any, if none).
        themes: Vec<Theme>,
    },
    /// The player's own game: the turning points left after this one.
    Review {
        /// The turning points still to try.
        rest: Vec<Puzzle>,
        /// The variant file of the game.
        variant_path: String,
    },
}

/// Where a lesson's step or a puzzle stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stage {
    /// The player is to move.
    Trying,
    /// The player's move met the goal; the replies are being played.
    Replying,
    /// The step is done: the player goes on when ready.
    StepDone,
    /// The lesson or the puzzle is over.
    Over,
}

impl Exercise {
    fn new(task: Task) -> Exercise {
        Exercise {
            task,
            stage: Stage::Trying,
            said: None,
            reach: Vec::new(),
            shown: None,
            wrong: 0,
            replies: VecDeque::new(),
        }
    }

    /// The side the player plays.
    pub fn side(&self) -> Side {
        match &self.task {
            Task::Lesson(at) => at.step().map_or(Side::South, |step| step.side),
            Task::Puzzle(at) => at.puzzle.side,
        }
    }

    /// Whether the answer may be shown now (after enough wrong tries, or at once for a puzzle).
    pub fn answer_offered(&self) -> bool {
        self.stage == Stage::Trying && self.shown.is_none() && !matches!(&self.task, Task::Lesson(_) if self.wrong == 0)
    }
}

impl LessonAt {
    /// The lesson.
    pub fn lesson(&self) -> &jetan_lessons::Lesson {
        &self.course.lessons[self.lesson]
    }

    /// The current step (none once the lesson is done).
    pub fn step(&self) -> Option<&jetan_lessons::Step> {
        self.lesson().steps.get(self.step)
    }

    /// The stars the lesson earns as played so far: all for no wrong try, one less for wrong
    /// tries, one for a lesson whose answers were shown.
    pub fn stars(&self) -> u8 {
        match (self.mistakes, self.answers_shown) {
            (0, 0) => MOST_STARS,
            (_, 0) => MOST_STARS - 1,
            _ => 1,
        }
    }
}

impl PuzzleAt {
    /// The plies of solution turn `turn`, played from `position`.
    fn plies(&self, position: &Position, turn: usize) -> Vec<Move> {
        self.puzzle.solution.get(turn).and_then(|text| position.parse_turn(text).ok()).unwrap_or_default()
    }
}

pub(super) fn plugin(app: &mut App) {
    app.add_message::<Coaching>()
        .add_systems(
            Update,
            (
                // From any screen: a lesson started on the title becomes the game played.
                start.in_set(crate::AppSystems::Update),
                (play_replies, judge_chosen, go_on).chain().in_set(crate::AppSystems::Decide),
            ),
        )
        .add_systems(
            Update,
            leave_with_the_coached_game.run_if(resource_exists::<Exercise>).in_set(crate::AppSystems::React),
        )
        .add_systems(OnExit(crate::screen::Screen::Playing), |mut commands: Commands| {
            commands.remove_resource::<Exercise>();
        });
}

/// What starting a lesson or a puzzle needs.
#[derive(bevy::ecs::system::SystemParam)]
struct Setup<'w, 's> {
    lessons: Res<'w, LessonCatalog>,
    puzzles: Res<'w, PuzzleCatalog>,
    progress: ResMut<'w, Progress>,
    places: Res<'w, crate::places::Places>,
    notice: ResMut<'w, Notice>,
    reset: MessageWriter<'w, BoardReset>,
    commands: Commands<'w, 's>,
}

impl Setup<'_, '_> {
    /// Plays `task` from `position` on a new coached game.
    fn begin(&mut self, task: Task, position: Position, variant_path: String) {
        self.commands.insert_resource(Game::coached(position, variant_path));
        self.commands.insert_resource(Exercise::new(task));
        self.notice.0 = None;
        self.reset.write(BoardReset);
    }

    /// The asset path of the variant file a lessons or puzzles file at `file` names (as read
    /// with it: the mods folder's file of that path, else the game's own).
    fn variant_path(&self, file: &str, named: &str) -> String {
        let path = crate::asset_path::resolve_relative(file, named).unwrap_or_else(|| named.to_string());
        self.places.resolve(&path)
    }

    /// Starts lesson `lesson` of the lessons file at `course`.
    fn lesson(&mut self, course_path: &str, lesson: usize) {
        let Some(course) = self.lessons.good(course_path).filter(|course| lesson < course.lessons.len()) else {
            self.notice.0 = Some(format!("There is no lesson {} in {course_path}", lesson + 1));
            return;
        };
        let at = LessonAt { course_path: course_path.into(), course, lesson, step: 0, mistakes: 0, answers_shown: 0 };
        let Some(step) = at.step() else { return };
        let (start, variant) = (step.start.clone(), self.variant_path(course_path, &at.course.variant_path));
        self.begin(Task::Lesson(at), start, variant);
    }

    /// Starts the next puzzle of the puzzles file at `set` for the player.
    fn puzzle(&mut self, set_path: &str, themes: &[Theme]) {
        let Some(set) = self.puzzles.good(set_path) else {
            self.notice.0 = Some(format!("The puzzles of {set_path} could not be loaded"));
            return;
        };
        let Some(index) = next_puzzle(&set, set_path, &self.progress, themes) else {
            self.notice.0 = Some("Every puzzle of these themes is solved.".into());
            return;
        };
        let puzzle = set.puzzles[index].clone();
        let start = puzzle.start.clone();
        let from = PuzzleSource::Set { set: set_path.into(), themes: themes.to_vec() };
        let task = Task::Puzzle(Box::new(PuzzleAt { from, puzzle, turn: 0, failed: false }));
        let variant = self.variant_path(set_path, &set.variant_path);
        self.begin(task, start, variant);
    }

    /// Starts the first of `puzzles` made from the player's game.
    fn review(&mut self, mut puzzles: Vec<Puzzle>, variant_path: String) {
        if puzzles.is_empty() {
            return;
        }
        let puzzle = puzzles.remove(0);
        let start = puzzle.start.clone();
        let from = PuzzleSource::Review { rest: puzzles, variant_path: variant_path.clone() };
        self.begin(Task::Puzzle(Box::new(PuzzleAt { from, puzzle, turn: 0, failed: false })), start, variant_path);
    }
}

/// The puzzle of `set` to play next: unsolved, of one of `themes` (any, if none), the nearest
/// to the player's rating; the first of the file breaks ties.
pub fn next_puzzle(set: &PuzzleSet, set_path: &str, progress: &Progress, themes: &[Theme]) -> Option<usize> {
    let rating = progress.rating(set_path).rating;
    let open = |puzzle: &Puzzle| !progress.solved.contains(&puzzle_key(set_path, &puzzle.start.to_text()));
    let fits = |puzzle: &Puzzle| themes.is_empty() || themes.contains(&puzzle.theme);
    let distance = |puzzle: &Puzzle| (puzzle_rating(puzzle.difficulty).rating - rating).abs() as i64;
    (set.puzzles.iter().enumerate())
        .filter(|(_, puzzle)| open(puzzle) && fits(puzzle))
        .min_by_key(|(index, puzzle)| (distance(puzzle), *index))
        .map(|(index, _)| index)
}

/// Starts the lessons and puzzles asked for, from any screen.
fn start(mut asked: MessageReader<Coaching>, mut setup: Setup) {
    for coaching in asked.read() {
        match coaching {
            Coaching::Lesson { course, lesson } => setup.lesson(course, *lesson),
            Coaching::Puzzle { set, themes } => setup.puzzle(set, themes),
            Coaching::Review { puzzles, variant_path } => setup.review(puzzles.clone(), variant_path.clone()),
            Coaching::Next | Coaching::Retry | Coaching::ShowAnswer => {}
        }
    }
}

/// Plays the replies waiting, one at a time once the board is still; when none are left, the
/// step or the puzzle goes on.
fn play_replies(
    exercise: Option<ResMut<Exercise>>,
    game: Res<Game>,
    shown: Query<(), BeingShown>,
    mut progress: ResMut<Progress>,
    mut actions: MessageWriter<GameAction>,
) {
    let Some(mut exercise) = exercise.filter(|e| e.stage == Stage::Replying) else { return };
    if !shown.is_empty() {
        return;
    }
    let exercise = &mut *exercise;
    if let Some(mv) = exercise.replies.pop_front() {
        if game.outcome().is_none() && game.position().is_legal(mv) {
            actions.write(GameAction::Play(mv));
        }
        return;
    }
    match &mut exercise.task {
        Task::Lesson(at) => {
            let last = at.step + 1 >= at.lesson().steps.len();
            exercise.stage = if last { Stage::Over } else { Stage::StepDone };
            if last {
                let stars = at.stars();
                let title = at.lesson().title.clone();
                progress.earn(&at.course_path, &title, stars);
                let done = exercise.said.take().map(|text| format!("{text}\n\n")).unwrap_or_default();
                exercise.said = Some(format!("{done}Lesson done: {}", "★".repeat(stars.into())));
            }
        }
        Task::Puzzle(at) if at.turn >= at.puzzle.solution.len() || game.outcome().is_some() => {
            exercise.stage = Stage::Over;
            let rated = rate(at, &mut progress, true);
            exercise.said = Some(format!("Solved!{rated}"));
        }
        Task::Puzzle(_) => {
            exercise.stage = Stage::Trying;
            exercise.said = Some("Right. Go on: find the next move.".into());
        }
    }
}

/// The player's rating after a puzzle of a file solved or failed (once a puzzle), as words.
fn rate(at: &PuzzleAt, progress: &mut Progress, solved: bool) -> String {
    let PuzzleSource::Set { set, .. } = &at.from else { return String::new() };
    if at.failed && solved {
        return " (a wrong move was played first: the rating counted it)".into();
    }
    let before = progress.rating(set);
    let (after, _) = after_puzzle(&before, &puzzle_rating(at.puzzle.difficulty), solved);
    progress.ratings.insert(set.clone(), after.into());
    if solved {
        progress.solved.insert(puzzle_key(set, &at.puzzle.start.to_text()));
    }
    format!(" Puzzle rating {:.0} → {:.0}.", before.rating, after.rating)
}

/// Judges each move the player chooses: played if it meets the goal (or is the solution's),
/// with the replies queued; otherwise a hint, the piece's reach, and in time the answer.
fn judge_chosen(
    mut chosen: MessageReader<MoveChosen>,
    exercise: Option<ResMut<Exercise>>,
    game: Res<Game>,
    mut progress: ResMut<Progress>,
    mut actions: MessageWriter<GameAction>,
) {
    let Some(mut exercise) = exercise else {
        chosen.clear();
        return;
    };
    for &MoveChosen(mv) in chosen.read() {
        let position = game.position();
        if !game.coached || exercise.stage != Stage::Trying || position.to_move() != exercise.side() {
            continue;
        }
        let exercise = &mut *exercise;
        let replies = match &mut exercise.task {
            Task::Lesson(at) => judge_lesson_move(at, position, mv, exercise.wrong),
            Task::Puzzle(at) => judge_puzzle_move(at, position, mv, &mut progress),
        };
        match replies {
            Ok((replies, said)) => {
                actions.write(GameAction::Play(mv));
                exercise.replies = replies.into();
                exercise.stage = Stage::Replying;
                (exercise.said, exercise.reach, exercise.shown, exercise.wrong) = (said, Vec::new(), None, 0);
            }
            Err(Wrong { said, reach, answer }) => {
                exercise.wrong += 1;
                exercise.said = Some(said);
                exercise.reach = reach;
                if let Task::Lesson(at) = &mut exercise.task {
                    at.mistakes += 1;
                    if exercise.wrong >= TRIES_BEFORE_ANSWER && exercise.shown.is_none() {
                        at.answers_shown += 1;
                        exercise.shown = answer;
                    }
                } else {
                    exercise.shown = answer;
                }
            }
        }
    }
}

/// A wrong try: what the coach says, the piece's reach, and the answer to show when it is time.
struct Wrong {
    said: String,
    reach: Vec<String>,
    answer: Option<Move>,
}

/// A lesson's step judges `mv`: the replies to play after it and the step's done text, or why not.
fn judge_lesson_move(
    at: &mut LessonAt,
    position: &Position,
    mv: Move,
    wrong: u32,
) -> Result<(Vec<Move>, Option<String>), Wrong> {
    let Some(step) = at.step() else {
        return Err(Wrong { said: "The lesson is over.".into(), reach: Vec::new(), answer: None });
    };
    match judge_try(step, position, mv, wrong) {
        Verdict::Met => {
            let mut after = position.clone();
            after.play(mv);
            let reply = step.reply.as_deref().and_then(|reply| after.parse_turn(reply).ok()).unwrap_or_default();
            Ok((reply, Some(step.done.clone().unwrap_or_else(|| "Well played.".into()))))
        }
        Verdict::NotTheGoal { hint, reach } => Err(Wrong { said: hint, reach, answer: step.answer_in(position) }),
        Verdict::Illegal(why) => Err(Wrong { said: why, reach: Vec::new(), answer: None }),
    }
}

/// A puzzle judges `mv`: the rest of the solver's turn and the reply to play after it, or the
/// solution's move (a wrong move fails the puzzle once, for the rating).
fn judge_puzzle_move(
    at: &mut PuzzleAt,
    position: &Position,
    mv: Move,
    progress: &mut Progress,
) -> Result<(Vec<Move>, Option<String>), Wrong> {
    let solution = at.plies(position, at.turn);
    if at.puzzle.accepts(position, at.turn, mv) {
        let mut after = position.clone();
        after.play(mv);
        // The rest of a turn of several plies (a Charge's sub-moves), as far as it follows the
        // player's first ply; then the opponent's reply.
        let mut replies: Vec<Move> = Vec::new();
        if solution.first() == Some(&mv) {
            for &rest in &solution[1..] {
                if !after.is_legal(rest) {
                    break;
                }
                after.play(rest);
                replies.push(rest);
            }
        }
        replies.extend(at.plies(&after, at.turn + 1));
        at.turn += 2;
        return Ok((replies, None));
    }
    let text = solution.first().map_or_else(String::new, |&first| position.move_text(first));
    let rated = if at.failed { String::new() } else { rate(at, progress, false) };
    at.failed = true;
    let said = format!("Not this one: the move is {text}. Play it to go on.{rated}");
    Err(Wrong { said, reach: Vec::new(), answer: solution.first().copied() })
}

/// Carries out the player's Next, Retry and Show the answer.
fn go_on(mut asked: MessageReader<Coaching>, exercise: Option<ResMut<Exercise>>, game: Res<Game>, mut setup: Setup) {
    let Some(mut exercise) = exercise else { return };
    for coaching in asked.read() {
        match coaching {
            Coaching::ShowAnswer if exercise.stage == Stage::Trying => {
                show_answer(&mut exercise, game.position(), &mut setup.progress);
            }
            Coaching::Next => next(&mut exercise, &game, &mut setup),
            Coaching::Retry => retry(&exercise, &game, &mut setup),
            _ => {}
        }
    }
}

/// Shows the answer of the step or the solver's turn (a puzzle's answer asked for fails it).
fn show_answer(exercise: &mut Exercise, position: &Position, progress: &mut Progress) {
    let mut rated = String::new();
    exercise.shown = match &mut exercise.task {
        Task::Lesson(at) => {
            at.answers_shown += u32::from(exercise.shown.is_none());
            at.step().and_then(|step| step.answer_in(position))
        }
        Task::Puzzle(at) => {
            if !at.failed {
                rated = rate(at, progress, false);
                at.failed = true;
            }
            at.plies(position, at.turn).first().copied()
        }
    };
    exercise.said =
        exercise.shown.map(|mv| format!("The answer: {}. Play it to go on.{rated}", position.move_text(mv)));
}

/// Goes on: the next step (from its own position or where the game stands), the next lesson,
/// the next puzzle.
fn next(exercise: &mut Exercise, game: &Game, setup: &mut Setup) {
    match (&mut exercise.task, exercise.stage) {
        (Task::Lesson(at), Stage::StepDone) => {
            at.step += 1;
            let Some(step) = at.step() else { return };
            let (resets, start) = (step.resets, step.start.clone());
            (exercise.stage, exercise.said, exercise.reach, exercise.shown, exercise.wrong) =
                (Stage::Trying, None, Vec::new(), None, 0);
            if resets {
                setup.commands.insert_resource(Game::coached(start, game.variant_path.clone()));
                setup.reset.write(BoardReset);
            }
        }
        (Task::Lesson(at), Stage::Over) => {
            let (course, lesson) = (at.course_path.clone(), at.lesson + 1);
            if lesson < at.course.lessons.len() {
                setup.lesson(&course, lesson);
            }
        }
        (Task::Puzzle(at), _) => match &mut at.from {
            PuzzleSource::Set { set, themes } => {
                let (set, themes) = (set.clone(), themes.clone());
                setup.puzzle(&set, &themes);
            }
            PuzzleSource::Review { rest, variant_path } => {
                let (rest, variant_path) = (std::mem::take(rest), variant_path.clone());
                setup.review(rest, variant_path);
            }
        },
        _ => {}
    }
}

/// Starts the lesson or the puzzle again from where it started.
fn retry(exercise: &Exercise, game: &Game, setup: &mut Setup) {
    match &exercise.task {
        Task::Lesson(at) => {
            let course = at.course_path.clone();
            setup.lesson(&course, at.lesson);
        }
        Task::Puzzle(at) => {
            let task = Task::Puzzle(Box::new(PuzzleAt {
                from: at.from.clone(),
                puzzle: at.puzzle.clone(),
                turn: 0,
                failed: at.failed,
            }));
            setup.begin(task, at.puzzle.start.clone(), game.variant_path.clone());
        }
    }
}

/// A game that is no longer coached (a new game started over a lesson) ends the exercise.
fn leave_with_the_coached_game(game: Option<Res<Game>>, mut commands: Commands) {
    if game.is_some_and(|game| !game.coached) {
        commands.remove_resource::<Exercise>();
    }
}
