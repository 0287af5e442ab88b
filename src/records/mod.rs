//! Game records: saved after every move, offered for resuming at start, saved and opened by
//! the player, exchanged with Game Courier as move lists, checked by `jetan replay`.

mod autosave;
mod files;
mod record;

use std::path::PathBuf;

use bevy::prelude::*;
use jetan_rules::courier;

pub use autosave::{ResumeOffer, SaveDir, SaveSlot, latest_unfinished, save};
pub use files::{SaveSummary, check_overwritable, read_record, recent_saves, suggested_path, write_move_list};
pub use record::{GameRecord, ReplayError, fingerprint};

use crate::game::{BoardReset, Game, Notice};
use crate::screen::Screen;
use crate::variant_asset::VariantCatalog;

/// Resume the offered game, or decline the offer.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub enum ResumeChoice {
    /// Replay the saved game and go on with it.
    Resume,
    /// Keep the new game; the save stays on disk.
    Decline,
}

/// What the player asks of game files and move lists.
#[derive(Message, Clone, Debug, PartialEq, Eq)]
pub enum RecordAction {
    /// Save the game to this file, and its later moves there too.
    SaveAs(PathBuf),
    /// Open a saved game and play on from it; its later moves are saved to a new file.
    Open(PathBuf),
    /// Start a new game of the current variant, options and players with these moves, a
    /// Game Courier move list.
    LoadMoves(String),
}

/// What the last [`RecordAction`]s did, for the windows to show: a message, or the error.
#[derive(Resource, Default, Debug)]
pub struct RecordFeedback {
    /// The last save or open.
    pub file: Option<Result<String, String>>,
    /// The last move list loaded.
    pub moves: Option<Result<String, String>>,
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<SaveDir>()
        .init_resource::<ResumeOffer>()
        .init_resource::<RecordFeedback>()
        .add_message::<ResumeChoice>()
        .add_message::<RecordAction>()
        .add_systems(OnEnter(Screen::Title), autosave::find_resume_offer.run_if(not_a_screenshot))
        .add_systems(OnExit(Screen::Playing), |mut commands: Commands| commands.remove_resource::<SaveSlot>())
        .add_systems(
            Update,
            (
                (open_at_start.in_set(crate::WhilePlaying), resume, carry_out_actions)
                    .chain()
                    .in_set(crate::AppSystems::Update),
                (new_slot_for_new_game, autosave::autosave.run_if(not_a_screenshot))
                    .chain()
                    .in_set(crate::AppSystems::React),
            ),
        );
}

/// A screenshot run neither offers saved games nor saves its own.
fn not_a_screenshot(stage: Res<crate::launch::StageDirections>) -> bool {
    stage.screenshot.is_none()
}

/// What starting a game from a record needs.
#[derive(bevy::ecs::system::SystemParam)]
struct Adopt<'w, 's> {
    catalog: Res<'w, VariantCatalog>,
    current: Option<ResMut<'w, Game>>,
    dir: Res<'w, SaveDir>,
    commands: Commands<'w, 's>,
    reset: MessageWriter<'w, BoardReset>,
}

/// Where an adopted game saves its later moves.
enum SaveTo {
    /// The file it came from (a resumed autosave).
    Same(PathBuf),
    /// A new file of its own, so the file it came from is never written over.
    New,
}

impl Adopt<'_, '_> {
    /// Plays a record again and makes it the game being played: the one way a saved game,
    /// resumed or opened, or a pasted move list becomes the game. Returns a note for the
    /// player when the variant's rules changed since the record was made, or when its result
    /// says other than its moves.
    fn adopt(&mut self, record: &GameRecord, save_to: SaveTo) -> Result<Option<String>, String> {
        let variant = self.catalog.good(&record.variant).ok_or_else(|| {
            let why = self.catalog.error(&record.variant).map(|e| format!(": {e}")).unwrap_or_default();
            format!("the variant {} could not be loaded{why}", record.variant)
        })?;
        let changed = !record.same_rules(&variant);
        let game = record.replay(&variant).map_err(|error| error.to_string())?;
        let result_note = record.result_note(&game);
        let slot = match save_to {
            SaveTo::Same(path) => SaveSlot(path),
            SaveTo::New => autosave::slot_for(&self.dir, &game),
        };
        match self.current.as_mut() {
            Some(current) => **current = game,
            None => self.commands.insert_resource(game),
        }
        self.commands.insert_resource(slot);
        self.reset.write(BoardReset);
        let changed = changed.then(|| "The variant's rules changed since this game was saved.".to_string());
        Ok(match (changed, result_note) {
            (Some(changed), Some(note)) => Some(format!("{changed} Also, {note}.")),
            (changed, note) => changed.or(note.map(|note| format!("Note: {note}."))),
        })
    }
}

/// Carries out the player's answer to the resume offer.
fn resume(
    mut choices: MessageReader<ResumeChoice>,
    mut offer: ResMut<ResumeOffer>,
    mut adopt: Adopt,
    mut notice: ResMut<Notice>,
) {
    for choice in choices.read() {
        let Some((path, record)) = offer.0.take() else { continue };
        if *choice == ResumeChoice::Decline {
            continue;
        }
        notice.0 = match adopt.adopt(&record, SaveTo::Same(path.clone())) {
            Ok(note) => note,
            Err(error) => Some(format!("{}: {error}", path.display())),
        };
    }
}

/// Opens the launch's record once the first game (and so the variant catalog) is there.
fn open_at_start(
    launch: Res<crate::launch::FirstGame>,
    mut opened: Local<bool>,
    mut actions: MessageWriter<RecordAction>,
) {
    if let Some(path) = launch.open.clone().filter(|_| !*opened) {
        *opened = true;
        actions.write(RecordAction::Open(path));
    }
}

/// Saves, opens and loads move lists, reporting to [`RecordFeedback`]. A file that can't be
/// read is left as it is and the game goes on.
fn carry_out_actions(
    mut actions: MessageReader<RecordAction>,
    mut adopt: Adopt,
    mut feedback: ResMut<RecordFeedback>,
    mut notice: ResMut<Notice>,
) {
    for action in actions.read() {
        match action {
            RecordAction::SaveAs(path) => {
                let Some(game) = adopt.current.as_ref() else { continue };
                let saved = check_overwritable(path).and_then(|()| {
                    save(path, &GameRecord::of(game)).map_err(|e| format!("{}: could not save: {e}", path.display()))
                });
                if saved.is_ok() {
                    adopt.commands.insert_resource(SaveSlot(path.clone()));
                }
                feedback.file = Some(
                    saved.map(|()| format!("Saved to {}; the game's next moves are saved there too.", path.display())),
                );
            }
            RecordAction::Open(path) => {
                let opened = read_record(path).and_then(|record| {
                    let note = adopt.adopt(&record, SaveTo::New).map_err(|e| format!("{}: {e}", path.display()))?;
                    Ok((record, note))
                });
                feedback.file = Some(opened.map(|(record, note)| {
                    notice.0 = note;
                    format!(
                        "Opened {} ({}, {} moves). Its next moves are saved to a new file; Save to keep them in this one.",
                        path.display(),
                        record.variant_name,
                        record.moves.len()
                    )
                }));
            }
            RecordAction::LoadMoves(text) => {
                let Some(mut record) = adopt.current.as_ref().map(|game| GameRecord::of(game)) else { continue };
                let loaded = courier::parse(text)
                    .map_err(|e| format!("line {}, column {}: {}", e.line, e.column, e.message))
                    .and_then(|moves| {
                        record.moves = moves;
                        record.result = None;
                        record.started = std::time::SystemTime::now()
                            .duration_since(std::time::UNIX_EPOCH)
                            .map_or(0, |d| d.as_secs());
                        adopt.adopt(&record, SaveTo::New).map(|_| record.moves.len())
                    });
                feedback.moves = Some(loaded.map(|count| format!("Started a new game with {count} moves.")));
            }
        }
    }
}

/// A new game gets a file of its own, so no save is ever overwritten by another game.
fn new_slot_for_new_game(game: Res<Game>, slot: Option<Res<SaveSlot>>, dir: Res<SaveDir>, mut commands: Commands) {
    let Some(slot) = slot else { return };
    if game.is_changed() && game.history.is_empty() && *slot != autosave::slot_for(&dir, &game) {
        commands.remove_resource::<SaveSlot>();
    }
}
