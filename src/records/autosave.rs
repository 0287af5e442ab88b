//! Autosave: after every move the game is written to its own file in the platform's data
//! directory, atomically (a new file, then a rename), so a crash or a kill mid-write leaves
//! the previous save whole. At start the game offers to resume the latest unfinished one.

use std::io::Write;
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

/// The file the current game is saved to.
#[derive(Resource, Clone, Debug, PartialEq, Eq)]
pub struct SaveSlot(pub PathBuf);

/// A saved game the player may resume, found at start.
#[derive(Resource, Clone, Debug, Default)]
pub struct ResumeOffer(pub Option<(PathBuf, GameRecord)>);

/// Writes to `path` so that it holds either its old content or all of the new: `write` fills a
/// temporary file of a name no other file has, beside it (created new, so nothing is truncated),
/// which is synced and then renamed over `path`; on any failure the temporary file is removed.
///
/// # Errors
/// Any failure to write; `path` is then untouched.
pub fn write_atomically(
    path: &Path,
    write: impl FnOnce(&mut std::fs::File) -> std::io::Result<()>,
) -> std::io::Result<()> {
    if let Some(dir) = path.parent().filter(|dir| !dir.as_os_str().is_empty()) {
        std::fs::create_dir_all(dir)?;
    }
    let name = path.file_name().map_or("file".into(), |n| n.to_string_lossy().into_owned());
    let (temporary, mut file) = unique_temporary(path, &name)?;
    let written = write(&mut file).and_then(|()| file.sync_all()).and_then(|()| std::fs::rename(&temporary, path));
    if written.is_err() {
        let _ = std::fs::remove_file(&temporary);
    }
    written
}

/// A new file beside `path`, named after it, that no other file had: `.NAME.PID-N.tmp`.
fn unique_temporary(path: &Path, name: &str) -> std::io::Result<(PathBuf, std::fs::File)> {
    let mut attempt = 0u32;
    loop {
        let temporary = path.with_file_name(format!(".{name}.{}-{attempt}.tmp", std::process::id()));
        match std::fs::OpenOptions::new().write(true).create_new(true).open(&temporary) {
            Ok(file) => return Ok((temporary, file)),
            Err(error) if error.kind() == std::io::ErrorKind::AlreadyExists && attempt < 1000 => attempt += 1,
            Err(error) => return Err(error),
        }
    }
}

/// Saves a record to `path` atomically.
///
/// # Errors
/// Any failure to write; the file is then as it was.
pub fn save(path: &Path, record: &GameRecord) -> std::io::Result<()> {
    write_atomically(path, |file| file.write_all(record.to_text().as_bytes()))
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
    game: Option<Res<Game>>,
    dir: Res<SaveDir>,
    slot: Option<Res<SaveSlot>>,
    mut commands: Commands,
    mut notice: ResMut<crate::game::Notice>,
) {
    let Some(game) = game else { return };
    if !game.is_changed() || game.history.is_empty() {
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
