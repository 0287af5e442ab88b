//! Learning Jetan by playing: the lessons and puzzles files (checked, reloaded live), the
//! player's progress in the data folder, the coach that plays a lesson or a puzzle on the
//! board (`jetan_lessons` judges; this puts it on the entities' game), and a game's review.

pub mod coach;
pub mod files;
pub mod progress;
pub mod review;

pub use coach::{Coaching, Exercise, Stage, Task, next_puzzle};
pub use files::{LessonCatalog, PuzzleCatalog};
pub use progress::{Progress, ProgressFile};
pub use review::turning_points;

pub(super) fn plugin(app: &mut bevy::app::App) {
    app.add_plugins((files::plugin, progress::plugin, coach::plugin));
}
