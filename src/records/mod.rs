//! Game records: saved after every move, offered for resuming at start, checked by
//! `jetan replay`.

mod autosave;
mod record;

use bevy::prelude::*;

pub use autosave::{ResumeOffer, SaveDir, SaveSlot, latest_unfinished, save, write_atomically};
pub use record::{GameRecord, ReplayError, fingerprint};

use crate::game::{BoardReset, Game, Notice};
use crate::variant_asset::VariantCatalog;

/// Resume the offered game, or decline the offer.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub enum ResumeChoice {
    /// Replay the saved game and go on with it.
    Resume,
    /// Keep the new game; the save stays on disk.
    Decline,
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<SaveDir>()
        .init_resource::<ResumeOffer>()
        .add_message::<ResumeChoice>()
        .add_systems(Startup, autosave::find_resume_offer.run_if(not_a_screenshot))
        .add_systems(
            Update,
            (
                resume.in_set(crate::AppSystems::Update),
                (new_slot_for_new_game, autosave::autosave.run_if(not_a_screenshot))
                    .chain()
                    .after(crate::AppSystems::Update),
            ),
        );
}

/// A screenshot run neither offers saved games nor saves its own.
fn not_a_screenshot(launch: Res<crate::Launch>) -> bool {
    launch.screenshot.is_none()
}

/// Carries out the player's answer to the resume offer.
fn resume(
    mut choices: MessageReader<ResumeChoice>,
    mut offer: ResMut<ResumeOffer>,
    catalog: Res<VariantCatalog>,
    mut current: Option<ResMut<Game>>,
    mut commands: Commands,
    mut notice: ResMut<Notice>,
    mut reset: MessageWriter<BoardReset>,
) {
    for choice in choices.read() {
        let Some((path, record)) = offer.0.take() else { continue };
        if *choice == ResumeChoice::Decline {
            continue;
        }
        let Some(variant) = catalog.variant(&record.variant) else {
            notice.0 = Some(format!("{}: the variant {} could not be loaded", path.display(), record.variant));
            continue;
        };
        let changed = !record.same_rules(&variant);
        match record.replay(&variant) {
            Ok(game) => {
                notice.0 = changed.then(|| "The variant's rules changed since this game was saved.".to_string());
                match current.as_mut() {
                    Some(current) => **current = game,
                    None => commands.insert_resource(game),
                }
                commands.insert_resource(SaveSlot(path));
                reset.write(BoardReset);
            }
            Err(error) => notice.0 = Some(format!("{}: {error}", path.display())),
        }
    }
}

/// A new game gets a file of its own, so no save is ever overwritten by another game.
fn new_slot_for_new_game(
    game: Option<Res<Game>>,
    slot: Option<Res<SaveSlot>>,
    dir: Res<SaveDir>,
    mut commands: Commands,
) {
    let (Some(game), Some(slot)) = (game, slot) else { return };
    if game.is_changed() && game.history.is_empty() && *slot != autosave::slot_for(&dir, &game) {
        commands.remove_resource::<SaveSlot>();
    }
}
