//! The menu bar: new game, play online, save or open, the move list, undo and redo (or the arrow keys),
//! resign and draw, the view, the pieces, the rules guide, the settings.

use bevy_egui::egui;

use super::PanelParams;
use crate::camera::ToggleView;
use crate::game::{GameAction, NOTHING_TAKEN_BACK_COACHED, NOTHING_TAKEN_BACK_ONLINE};

pub(super) fn show(ui: &mut egui::Ui, params: &mut PanelParams<'_, '_>) {
    ui.horizontal(|ui| {
        ui.heading("Jetan");
        ui.separator();
        if ui.button("New game…").clicked() {
            params.ui_state.new_game = Some(super::new_game::NewGameForm::like_current());
        }
        if ui.selectable_label(params.ui_state.online.is_some(), "Play online…").clicked() {
            params.ui_state.online = if params.ui_state.online.is_some() { None } else { Some(Default::default()) };
        }
        let state = &mut params.ui_state;
        if ui.selectable_label(state.files.is_some(), "Save / open…").clicked() {
            state.files = if state.files.is_some() { None } else { Some(Default::default()) };
        }
        if ui.selectable_label(state.move_list.is_some(), "Move list").clicked() {
            state.move_list = if state.move_list.is_some() { None } else { Some(Default::default()) };
        }
        ui.separator();
        let game = &params.game;
        // An online game is the server's, a lesson's or puzzle's the coach's: nothing is taken back.
        let why_not = if game.seats.online() {
            Some(NOTHING_TAKEN_BACK_ONLINE)
        } else {
            game.coached.then_some(NOTHING_TAKEN_BACK_COACHED)
        };
        let can_undo = why_not.is_none() && !game.history.is_empty();
        let (can_redo, over) = (why_not.is_none() && !game.redo.is_empty(), game.outcome().is_some());
        let explain = |button: egui::Response| match why_not {
            Some(why) => button.on_disabled_hover_text(why),
            None => button,
        };
        // The arrow keys step back and forth through the moves, as the buttons do.
        let typing = ui.ctx().egui_wants_keyboard_input();
        let key = |key| !typing && ui.input(|input| input.key_pressed(key));
        let (back, forth) = (key(egui::Key::ArrowLeft), key(egui::Key::ArrowRight));
        let undo = explain(ui.add_enabled(can_undo, egui::Button::new("⟲ Undo")).on_hover_text("← key"));
        if undo.clicked() || (can_undo && back) {
            params.actions.write(GameAction::Undo);
        }
        let redo = explain(ui.add_enabled(can_redo, egui::Button::new("⟳ Redo")).on_hover_text("→ key"));
        if redo.clicked() || (can_redo && forth) {
            params.actions.write(GameAction::Redo);
        }
        ui.separator();
        if ui.add_enabled(!over, egui::Button::new("Resign")).clicked() {
            params.actions.write(GameAction::Resign);
        }
        if ui.add_enabled(!over, egui::Button::new("Agree a draw")).clicked() {
            params.actions.write(GameAction::AgreeDraw);
        }
        ui.separator();
        if ui.button("View (V)").on_hover_text("Switch between the orbiting 3D view and the top-down view").clicked() {
            params.toggle_view.write(ToggleView);
        }
        ui.toggle_value(&mut params.ui_state.pieces_open, "Pieces");
        ui.toggle_value(&mut params.ui_state.rules_open, "Rules");
        ui.toggle_value(&mut params.ui_state.settings_open, "Settings");
    });
}
