//! Learning Jetan by playing: lessons as RON data judged by the rules engine, puzzles mined
//! from the AI's games and verified by search, and Glicko-2 puzzle ratings. No Bevy.
//!
//! A lessons file (`assets/lessons/*.lessons.ron`) names its variant file; [`Course::load_file`]
//! reads and checks it. Each [`Step`] has a starting position, a task in words and a [`Goal`];
//! [`judge`] says whether a move meets it, [`Attempt`] counts the tries and gives the answer
//! after [`TRIES_BEFORE_ANSWER`] wrong ones, and [`LessonRun`] plays a lesson through (the
//! scripted replies, the next step). A puzzles file (`assets/puzzles/*.puzzles.ron`)
//! holds [`Puzzle`]s that [`mine`] found and [`verify`] checks.
//!
//! ```
//! use jetan_lessons::{Course, Verdict, judge};
//!
//! let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../assets/lessons/jetan.lessons.ron");
//! let course = Course::load_file(std::path::Path::new(path)).unwrap();
//! let step = &course.lessons[0].steps[0];
//! assert_eq!(judge(step, &step.start, step.answer), Verdict::Met);
//! ```

#![deny(missing_docs)]

mod glicko;
mod goal;
mod judge;
mod lesson;
mod load;
mod mine;
mod puzzle;
mod puzzle_file;
mod reading;
mod run;
mod schema;
mod scores;
mod theme;
mod verify;

pub use glicko::{DEFAULT_TAU, Rating, after_puzzle, puzzle_rating};
pub use goal::{Goal, Sort};
pub use judge::{Attempt, TRIES_BEFORE_ANSWER, Verdict, judge, judge_text, judge_try, reach};
pub use lesson::{Course, Lesson, Step, answer};
pub use mine::{MineConfig, mine, mine_with};
pub use puzzle::{Aim, Puzzle};
pub use puzzle_file::PuzzleSet;
pub use run::LessonRun;
pub use scores::{Probe, same_move};
pub use theme::Theme;
pub use verify::{verify, verify_with};
