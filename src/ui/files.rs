//! The save-or-open window: a file path (a new name in the saves folder to start with), Save
//! and Open, what happened or what is wrong with the file, and the latest saves to pick from.

use std::path::PathBuf;

use bevy::prelude::*;
use bevy_egui::{EguiContexts, egui};

use super::UiState;
use crate::game::Game;
use crate::records::{RecordAction, RecordFeedback, SaveDir, SaveSlot, SaveSummary, recent_saves, suggested_path};

/// How many saves the window lists.
const RECENT: usize = 8;

/// The window's path field and the saves it lists.
#[derive(Default)]
pub struct FileForm {
    /// The path typed, or none yet (then a name for the game is filled in).
    path: Option<String>,
    /// The latest saves, read when the window opens and after each save.
    saves: Option<Vec<SaveSummary>>,
}

pub(super) fn show(
    mut contexts: EguiContexts,
    mut state: ResMut<UiState>,
    game: Res<Game>,
    dir: Res<SaveDir>,
    slot: Option<Res<SaveSlot>>,
    feedback: Res<RecordFeedback>,
    mut seen: Local<Option<Result<String, String>>>,
    mut actions: MessageWriter<RecordAction>,
) -> Result {
    // News of a save or an open (say a file given with --open that could not be read) opens
    // the window, so it is never missed.
    if feedback.file != *seen {
        seen.clone_from(&feedback.file);
        state.files.get_or_insert_with(FileForm::default).saves = None;
    }
    let Some(form) = state.files.as_mut() else { return Ok(()) };
    let ctx = contexts.ctx_mut()?;
    let saves = form.saves.get_or_insert_with(|| recent_saves(&dir.0, RECENT));
    let path = form.path.get_or_insert_with(|| suggested_path(&dir.0, &game).display().to_string());
    let mut open = true;
    egui::Window::new("Save or open a game").open(&mut open).default_width(560.0).default_pos([40.0, 70.0]).show(
        ctx,
        |ui| {
            ui.label("File");
            ui.add(egui::TextEdit::singleline(path).desired_width(f32::INFINITY));
            let target = PathBuf::from(path.trim());
            ui.horizontal(|ui| {
                if ui.add_enabled(!path.trim().is_empty(), egui::Button::new("Save")).clicked() {
                    actions.write(RecordAction::SaveAs(target.clone()));
                }
                if ui.add_enabled(target.is_file(), egui::Button::new("Open")).clicked() {
                    actions.write(RecordAction::Open(target.clone()));
                }
                ui.small(if target.is_file() {
                    "Save replaces this file (if it is a game record); Open plays on from it."
                } else {
                    "Save writes a new file."
                });
            });
            match &feedback.file {
                Some(Ok(message)) => {
                    ui.colored_label(egui::Color32::from_rgb(140, 220, 140), message);
                }
                Some(Err(error)) => {
                    ui.colored_label(
                        egui::Color32::LIGHT_RED,
                        "This file could not be opened or saved; the game goes on:",
                    );
                    ui.colored_label(egui::Color32::LIGHT_RED, egui::RichText::new(error).monospace());
                }
                None => {}
            }
            if let Some(slot) = &slot {
                ui.small(format!("Every move is saved to {}", slot.0.display()));
            }
            ui.separator();
            ui.label(format!("Latest saves in {}", dir.0.display()));
            if saves.is_empty() {
                ui.small("none yet");
            }
            egui::Grid::new("saves").num_columns(2).striped(true).show(ui, |ui| {
                for save in saves.iter() {
                    let name = save.path.file_name().map_or(String::new(), |n| n.to_string_lossy().into_owned());
                    let chosen = target == save.path;
                    if ui.selectable_label(chosen, egui::RichText::new(name).monospace()).clicked() {
                        *path = save.path.display().to_string();
                    }
                    ui.small(&save.description);
                    ui.end_row();
                }
            });
        },
    );
    if !open {
        state.files = None;
    }
    Ok(())
}
