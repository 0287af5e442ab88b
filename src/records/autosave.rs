//! Autosave: after every move the game is written to its own file in the platform's data
//! directory, atomically (a new file, then a rename), so a crash or a kill mid-write leaves
//! the previous save whole. At start the game offers to resume the latest unfinished one.

use std::path::{Path, PathBuf};

use bevy::prelude::*;

use super::GameRecord;
use crate::game::Game;

/// Where the saves live (`~/.local/share/jetan/saves` on Linux).
#[derive(Resource, Clone, Debug)]
pub struct SaveDir(pub PathBuf);

impl Default for SaveDir {
    fn default() -> Self {
        let base = dirs::data_dir().unwrap_or_else(std::env::temp_dir);
        SaveDir(base.join("jetan").join("saves"))
    }
}

impl SaveDir {
    /// A file of the player's data folder, beside the saves folder (`online.ron`, `player.ron`).
    pub fn beside(&self, name: &str) -> PathBuf {
        self.0.parent().map_or_else(|| self.0.join(name), |data| data.join(name))
    }
}

/// The file the current game is saved to.
#[derive(Resource, Clone, Debug, PartialEq, Eq)]
pub struct SaveSlot(pub PathBuf);

/// A saved game the player may resume, found at start.
#[derive(Resource, Clone, Debug, Default)]
pub struct ResumeOffer(pub Option<(PathBuf, GameRecord)>);

/// Saves a record to `path` atomically.
///
/// # Errors
/// Any failure to write; the file is then as it was.
pub fn save(path: &Path, record: &GameRecord) -> std::io::Result<()> {
    crate::atomic_file::write(path, record.to_text().as_bytes())
}

/// The latest save in `dir` that reads and is unfinished. Saves that can't be read are
/// skipped (and left as they are).
pub fn latest_unfinished(dir: &Path) -> Option<(PathBuf, GameRecord)> {
    let mut saves: Vec<PathBuf> = std::fs::read_dir(dir)
        .ok()?
        .flatten()
        .map(|entry| entry.path())
        .filter(|path| path.extension().is_some_and(|e| e == "ron"))
        .collect();
    saves.sort();
    saves.into_iter().rev().find_map(|path| {
        let text = jetan_rules::read_text_file(&path, jetan_rules::MAX_TEXT_BYTES).ok()?;
        match GameRecord::from_text(&text) {
            Ok(record) if record.result.is_none() && !record.moves.is_empty() => Some((path, record)),
            Ok(_) => None,
            Err(error) => {
                warn!("{}:{error}", path.display());
                None
            }
        }
    })
}

/// The save file of a game: named by when it started (in nanoseconds, its seed), so that
/// names sort by age and no two games share one.
pub fn slot_for(dir: &SaveDir, game: &Game) -> SaveSlot {
    SaveSlot(dir.0.join(format!("game-{:020}.ron", game.seed)))
}

pub(super) fn find_resume_offer(dir: Res<SaveDir>, mut offer: ResMut<ResumeOffer>) {
    offer.0 = latest_unfinished(&dir.0);
}

/// Saves the game after every change that has moves to keep.
pub(super) fn autosave(
    game: Res<Game>,
    dir: Res<SaveDir>,
    slot: Option<Res<SaveSlot>>,
    mut commands: Commands,
    mut notice: ResMut<crate::game::Notice>,
) {
    // A lesson's or a puzzle's game is not the player's to keep.
    if !game.is_changed() || game.history.is_empty() || game.coached {
        return;
    }
    let slot = match slot {
        Some(slot) => slot.clone(),
        None => {
            let slot = slot_for(&dir, &game);
            commands.insert_resource(slot.clone());
            slot
        }
    };
    if let Err(error) = save(&slot.0, &GameRecord::of(&game)) {
        notice.0 = Some(format!("Could not save the game to {}: {error}", slot.0.display()));
    }
}
