//! The move-list window: the game's moves as a Game Courier move list in a selectable text
//! box, copied to the clipboard or written to a text file on request, and a box to paste or
//! type a list into (or read one from a file) that starts a new game of the current variant
//! with those moves. The clipboard is the system's (bevy_egui's `manage_clipboard`): Ctrl+C
//! and Ctrl+V work in the boxes too.

use std::path::Path;

use bevy::prelude::*;
use bevy_egui::{EguiContexts, egui};

use super::UiState;
use crate::game::Game;
use crate::records::{RecordAction, RecordFeedback, SaveDir, suggested_path, write_move_list};
use jetan_rules::courier;

/// The list pasted in, the text file's path and what the last file action did.
#[derive(Default)]
pub struct MoveListForm {
    /// The list to load.
    pasted: String,
    /// The text file, or none yet (then a name in the saves folder is filled in).
    file: Option<String>,
    /// What writing or reading the file did.
    file_note: Option<Result<String, String>>,
}

pub(super) fn show(
    mut contexts: EguiContexts,
    mut state: ResMut<UiState>,
    game: Res<Game>,
    dir: Res<SaveDir>,
    feedback: Res<RecordFeedback>,
    mut actions: MessageWriter<RecordAction>,
) -> Result {
    let Some(form) = state.move_list.as_mut() else { return Ok(()) };
    let ctx = contexts.ctx_mut()?;
    let moves: Vec<String> = game.turns().into_iter().map(|(_, text)| text).collect();
    let list = courier::format(&moves);
    let file =
        form.file.get_or_insert_with(|| suggested_path(&dir.0, &game).with_extension("txt").display().to_string());
    let mut open = true;
    egui::Window::new("Move list").open(&mut open).default_width(440.0).default_pos([600.0, 70.0]).show(ctx, |ui| {
        ui.label(format!("This game, {} moves, in Game Courier's notation:", moves.len()));
        egui::ScrollArea::vertical().id_salt("this_game").max_height(180.0).stick_to_bottom(true).show(ui, |ui| {
            ui.add(
                egui::TextEdit::multiline(&mut list.as_str())
                    .code_editor()
                    .desired_rows(4)
                    .desired_width(f32::INFINITY)
                    .hint_text("no moves yet"),
            );
        });
        if ui.add_enabled(!moves.is_empty(), egui::Button::new("Copy the list")).clicked() {
            ui.ctx().copy_text(list.clone());
            form.file_note = Some(Ok(format!("Copied {} moves to the clipboard.", moves.len())));
        }
        ui.horizontal(|ui| {
            ui.label("Text file");
            ui.add(egui::TextEdit::singleline(file).desired_width(f32::INFINITY));
        });
        ui.horizontal(|ui| {
            let path = Path::new(file.trim());
            if ui.add_enabled(!file.trim().is_empty(), egui::Button::new("Write this game's list")).clicked() {
                form.file_note = Some(
                    write_move_list(path, &moves)
                        .map(|()| format!("Wrote {} moves to {}", moves.len(), path.display())),
                );
            }
            if ui.add_enabled(path.is_file(), egui::Button::new("Read the file into the box below")).clicked() {
                form.file_note = Some(match jetan_rules::read_text_file(path, jetan_rules::MAX_TEXT_BYTES) {
                    Ok(text) => {
                        form.pasted = text;
                        Ok(format!("Read {}: press Load moves to play it.", path.display()))
                    }
                    Err(error) => Err(format!("{}: {error}", path.display())),
                });
            }
        });
        show_result(ui, form.file_note.as_ref());
        ui.separator();
        ui.label(format!(
            "A move list to play from the start in a new game of {} (numbered as Game Courier numbers \
             moves, by move, or a move a line; a move's parts joined by `;`):",
            game.position().variant().name()
        ));
        egui::ScrollArea::vertical().id_salt("pasted").max_height(160.0).show(ui, |ui| {
            ui.add(
                egui::TextEdit::multiline(&mut form.pasted)
                    .code_editor()
                    .desired_rows(4)
                    .desired_width(f32::INFINITY)
                    .hint_text("1. A b2-b3\n1... a i9-i8"),
            );
        });
        if ui.add_enabled(!form.pasted.trim().is_empty(), egui::Button::new("Load moves")).clicked() {
            actions.write(RecordAction::LoadMoves(form.pasted.clone()));
        }
        show_result(ui, feedback.moves.as_ref());
    });
    if !open {
        state.move_list = None;
    }
    Ok(())
}

/// A message in green, or an error in red.
fn show_result(ui: &mut egui::Ui, result: Option<&Result<String, String>>) {
    match result {
        Some(Ok(message)) => {
            ui.colored_label(egui::Color32::from_rgb(140, 220, 140), message);
        }
        Some(Err(error)) => {
            ui.colored_label(egui::Color32::LIGHT_RED, egui::RichText::new(error).monospace());
        }
        None => {}
    }
}
