//! The new-game window: every variant file in `assets/variants/`, who plays each side, the
//! clocks, and the variant's rule options.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, egui};

use super::UiState;
use crate::ai_player::{Seat, seat_name};
use crate::clock::{MOST_MINUTES, TimeControl};
use crate::game::GameAction;
use crate::variant_asset::VariantCatalog;

/// The choices being made for a new game.
pub struct NewGameForm {
    variant: Option<String>,
    /// The chosen choice of each option of the chosen variant.
    choices: Vec<usize>,
    /// Who plays each side (South first).
    seats: [Seat; 2],
    /// The clocks.
    time: TimeControl,
}

impl NewGameForm {
    /// A form that starts from the variant being played, its players and its clocks.
    pub fn new(variant: Option<String>, seats: [Seat; 2], time: TimeControl) -> Self {
        NewGameForm { variant, choices: Vec::new(), seats, time }
    }
}

/// The clocks' choice: the kind of control, then its times.
fn time_control(ui: &mut egui::Ui, time: &mut TimeControl) {
    ui.horizontal(|ui| {
        ui.label("Clocks");
        egui::ComboBox::from_id_salt("time control").selected_text(time.kind_name()).show_ui(ui, |ui| {
            for choice in TimeControl::all() {
                if ui.selectable_label(time.same_kind(choice), choice.kind_name()).clicked() && !time.same_kind(choice)
                {
                    *time = choice;
                }
            }
        });
    });
    let most = MOST_MINUTES;
    ui.horizontal(|ui| match time {
        TimeControl::Untimed => {}
        TimeControl::Game { minutes } => {
            ui.add(egui::DragValue::new(minutes).range(1..=most).suffix(" min per side"));
        }
        TimeControl::Fischer { minutes, increment } => {
            ui.add(egui::DragValue::new(minutes).range(1..=most).suffix(" min per side"));
            ui.add(egui::DragValue::new(increment).range(0..=most).prefix("+ ").suffix(" s a move"));
        }
        TimeControl::PerMove { seconds } => {
            ui.add(egui::DragValue::new(seconds).range(1..=most).suffix(" s a move"));
        }
    });
}

pub(super) fn show(
    mut contexts: EguiContexts,
    mut state: ResMut<UiState>,
    catalog: Res<VariantCatalog>,
    mut actions: MessageWriter<GameAction>,
) -> Result {
    let Some(form) = state.new_game.as_mut() else { return Ok(()) };
    let ctx = contexts.ctx_mut()?;
    let mut open = true;
    let mut start = false;
    egui::Window::new("New game").open(&mut open).collapsible(false).show(ctx, |ui| {
        ui.label("Variant");
        for entry in catalog.entries() {
            let name = entry.good.as_ref().map_or(entry.path.clone(), |v| format!("{} ({})", v.name(), entry.path));
            ui.add_enabled_ui(entry.good.is_some(), |ui| {
                if ui.radio(form.variant.as_deref() == Some(&entry.path), name).clicked() {
                    form.variant = Some(entry.path.clone());
                    form.choices.clear();
                }
            });
            if let Some(error) = &entry.error {
                ui.colored_label(egui::Color32::LIGHT_RED, egui::RichText::new(error).monospace().small());
            }
        }
        let Some(variant) = form.variant.as_deref().and_then(|path| catalog.variant(path)) else { return };
        ui.separator();
        ui.label(variant.description());
        ui.separator();
        egui::Grid::new("seats").num_columns(2).show(ui, |ui| {
            for side in jetan_rules::Side::BOTH {
                ui.label(variant.side_name(side));
                let seat = &mut form.seats[side.index()];
                egui::ComboBox::from_id_salt(("seat", side.index())).selected_text(seat_name(*seat)).show_ui(
                    ui,
                    |ui| {
                        for choice in Seat::all() {
                            ui.selectable_value(seat, choice, seat_name(choice));
                        }
                    },
                );
                ui.end_row();
            }
        });
        time_control(ui, &mut form.time);
        let options = variant.options();
        form.choices.resize(options.len(), 0);
        if !options.is_empty() {
            ui.separator();
            ui.label("Rule options");
            egui::ScrollArea::vertical().max_height(320.0).show(ui, |ui| {
                egui::Grid::new("options").num_columns(2).show(ui, |ui| {
                    for (index, option) in options.iter().enumerate() {
                        ui.label(option.name.as_str());
                        let chosen = &mut form.choices[index];
                        egui::ComboBox::from_id_salt(option.id.as_str())
                            .selected_text(option.choices[*chosen].name.as_str())
                            .show_ui(ui, |ui| {
                                for (i, choice) in option.choices.iter().enumerate() {
                                    ui.selectable_value(chosen, i, choice.name.as_str());
                                }
                            });
                        ui.end_row();
                    }
                });
            });
        }
        ui.separator();
        start = ui.button("Start").clicked();
        if start {
            let choices = options
                .iter()
                .zip(&form.choices)
                .map(|(option, &i)| (option.id.value.clone(), option.choices[i].id.value.clone()))
                .collect();
            let variant = form.variant.clone().unwrap_or_default();
            actions.write(GameAction::NewGame { variant, choices, seats: form.seats, time: form.time });
        }
    });
    if !open || start {
        state.new_game = None;
    }
    Ok(())
}
