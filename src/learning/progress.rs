//! What the player has learned, kept in the player's data folder (`learning.ron` beside the
//! saves folder): the stars of each lesson played, the puzzle rating of each puzzles file
//! (Glicko-2), and the puzzles solved. A file that doesn't read is kept aside, never lost.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

use bevy::prelude::*;
use jetan_lessons::Rating;
use serde::{Deserialize, Serialize};

use crate::records::SaveDir;

/// The largest progress file read.
const MAX_PROGRESS_BYTES: u64 = 1 << 20;

/// Stars for a lesson played without a wrong try.
pub const MOST_STARS: u8 = 3;

/// The player's progress, as kept.
#[derive(Resource, Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Progress {
    /// The most stars earned in each lesson (1 to 3), by [`lesson_key`].
    pub stars: BTreeMap<String, u8>,
    /// The player's puzzle rating for each puzzles file (its asset path).
    pub ratings: BTreeMap<String, KeptRating>,
    /// The puzzles solved, by [`puzzle_key`].
    pub solved: BTreeSet<String>,
}

/// A Glicko-2 rating as kept in the file.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct KeptRating {
    /// The rating.
    pub rating: f64,
    /// Its deviation.
    pub deviation: f64,
    /// Its volatility.
    pub volatility: f64,
}

impl From<Rating> for KeptRating {
    fn from(r: Rating) -> Self {
        KeptRating { rating: r.rating, deviation: r.deviation, volatility: r.volatility }
    }
}

impl From<KeptRating> for Rating {
    fn from(k: KeptRating) -> Self {
        Rating::new(k.rating, k.deviation, k.volatility)
    }
}

/// The key of lesson `title` of the lessons file at `course` (`lessons/jetan.lessons.ron`).
pub fn lesson_key(course: &str, title: &str) -> String {
    format!("{course}#{title}")
}

/// The key of the puzzle starting at `position` (its text) of the puzzles file at `set`.
pub fn puzzle_key(set: &str, position: &str) -> String {
    format!("{set}#{position}")
}

impl Progress {
    /// The stars of a lesson (0: not done yet).
    pub fn stars_of(&self, course: &str, title: &str) -> u8 {
        self.stars.get(&lesson_key(course, title)).copied().unwrap_or(0)
    }

    /// The player's puzzle rating for a puzzles file (a newcomer's if none yet).
    pub fn rating(&self, set: &str) -> Rating {
        self.ratings.get(set).copied().map_or_else(Rating::default, Rating::from)
    }

    /// Notes `stars` for a lesson, keeping the best.
    pub fn earn(&mut self, course: &str, title: &str, stars: u8) {
        let kept = self.stars.entry(lesson_key(course, title)).or_insert(0);
        *kept = (*kept).max(stars.min(MOST_STARS));
    }

    /// The file it is kept in: `learning.ron` beside the saves folder.
    pub fn file(saves: &SaveDir) -> PathBuf {
        saves.beside("learning.ron")
    }

    /// The progress kept at `file`: none if there is no file.
    ///
    /// # Errors
    /// The file can't be read or doesn't read as progress (`FILE:LINE:COL: message`).
    pub fn read(file: &Path) -> Result<Progress, String> {
        if std::fs::symlink_metadata(file).is_err_and(|error| error.kind() == std::io::ErrorKind::NotFound) {
            return Ok(Progress::default());
        }
        let text = jetan_rules::read_text_file(file, MAX_PROGRESS_BYTES)
            .map_err(|error| format!("{}: {error}", file.display()))?;
        ron::from_str(&text).map_err(|error| format!("{}:{error}", file.display()))
    }

    /// Keeps the progress at `file`; a file there that doesn't read as progress is kept aside
    /// first (`learning.ron.broken`).
    ///
    /// # Errors
    /// The file can't be written.
    pub fn write(&self, file: &Path) -> Result<(), String> {
        let shown = file.display();
        if std::fs::symlink_metadata(file).is_ok() && Progress::read(file).is_err() {
            crate::atomic_file::keep_aside(file).map_err(|error| format!("{shown}: {error}"))?;
        }
        let text = ron::ser::to_string_pretty(self, ron::ser::PrettyConfig::default()).map_err(|e| e.to_string())?;
        crate::atomic_file::write(file, text.as_bytes()).map_err(|error| format!("{shown}: {error}"))
    }
}

/// Where the progress is kept, and why it could not be read or written last, if it couldn't.
#[derive(Resource, Clone, Debug)]
pub struct ProgressFile {
    /// The file.
    pub path: PathBuf,
    /// The last problem with it, for the player.
    pub problem: Option<String>,
}

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Startup, read_progress).add_systems(Update, keep_progress.in_set(crate::AppSystems::React));
}

/// Reads the progress kept in the player's data folder.
fn read_progress(mut commands: Commands, saves: Res<SaveDir>) {
    let path = Progress::file(&saves);
    let (progress, problem) = match Progress::read(&path) {
        Ok(progress) => (progress, None),
        Err(error) => {
            warn!("{error}");
            (Progress::default(), Some(format!("{error} (it is kept aside when progress is next saved)")))
        }
    };
    commands.insert_resource(progress);
    commands.insert_resource(ProgressFile { path, problem });
}

/// Writes the progress whenever it changes.
fn keep_progress(progress: Option<Res<Progress>>, file: Option<ResMut<ProgressFile>>) {
    let (Some(progress), Some(mut file)) = (progress, file) else { return };
    if progress.is_changed() && !progress.is_added() {
        file.problem = progress.write(&file.path).err();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn progress_is_kept_and_read_back_and_a_broken_file_is_kept_aside_not_lost() {
        let data = std::env::temp_dir().join(format!("jetan-progress-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&data);
        let file = Progress::file(&SaveDir(data.join("saves")));
        assert_eq!(Progress::read(&file).unwrap(), Progress::default(), "no file: nothing learned yet");
        let mut progress = Progress::default();
        progress.earn("lessons/jetan.lessons.ron", "The Thoat", 2);
        progress.earn("lessons/jetan.lessons.ron", "The Thoat", 1);
        progress.ratings.insert("puzzles/jetan.puzzles.ron".into(), Rating::new(1620.0, 120.0, 0.06).into());
        progress.write(&file).unwrap();
        let read = Progress::read(&file).unwrap();
        assert_eq!(read, progress);
        assert_eq!(read.stars_of("lessons/jetan.lessons.ron", "The Thoat"), 2, "the best is kept");
        assert_eq!(read.rating("puzzles/jetan.puzzles.ron").rating, 1620.0);

        std::fs::write(&file, "Progress(stars: {\"x\": oops})").unwrap();
        let error = Progress::read(&file).unwrap_err();
        assert!(error.starts_with(&format!("{}:1:", file.display())), "{error}");
        progress.write(&file).unwrap();
        let aside = std::fs::read_to_string(file.with_file_name("learning.ron.broken")).unwrap();
        assert!(aside.contains("oops"), "the broken file is kept aside");
        assert_eq!(Progress::read(&file).unwrap(), progress);
        let _ = std::fs::remove_dir_all(&data);
    }
}
