//! The settings window: animation speed, view, the side the board faces, the time of day, the
//! scene's quality, the AI's threads, the sound's volumes and mute; saved to the player's
//! config folder, which it names.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, egui};

use super::UiState;
use crate::camera::BoardCamera;
use crate::settings::{ANIMATION_SPEEDS, HumanSide, Named, Settings};

pub(super) fn show(
    mut contexts: EguiContexts,
    mut state: ResMut<UiState>,
    mut settings: ResMut<Settings>,
    mut saved: Local<Option<String>>,
    mut cameras: Query<&mut BoardCamera>,
) -> Result {
    if !state.settings_open {
        return Ok(());
    }
    let ctx = contexts.ctx_mut()?;
    let mut edited = settings.clone();
    egui::Window::new("Settings").open(&mut state.settings_open).show(ctx, |ui| {
        ui.add(egui::Slider::new(&mut edited.animation_speed, ANIMATION_SPEEDS).text("animation speed"));
        choose(ui, "View", &mut edited.view);
        ui.horizontal(|ui| {
            ui.label("Board faces");
            ui.radio_value(&mut edited.human_side, HumanSide::South, "South (first player)");
            ui.radio_value(&mut edited.human_side, HumanSide::North, "North");
        });
        choose(ui, "Time of day", &mut edited.time_of_day);
        choose(ui, "Pieces", &mut edited.pieces)
            .on_hover_text("Living: Manator's Jetan, warriors and beasts who walk, fight and fall.");
        choose(ui, "Quality", &mut edited.quality)
            .on_hover_text("Low suits software renderers; High wants a desktop graphics card.");
        let cores = std::thread::available_parallelism().map_or(1, |cores| cores.get());
        let most = cores.max(edited.ai_threads).min(jetan_ai::MAX_THREADS);
        ui.add(egui::Slider::new(&mut edited.ai_threads, 1..=most).text("AI threads"))
            .on_hover_text(format!("This computer has {cores} cores; leave one for the game's frames."));
        ui.separator();
        let sound = &mut edited.sound;
        ui.horizontal(|ui| {
            ui.label("Sound");
            ui.checkbox(&mut sound.muted, "muted").on_hover_text("M key");
        });
        for (volume, name) in
            [(&mut sound.master, "master"), (&mut sound.effects, "effects"), (&mut sound.ambience, "ambience")]
        {
            ui.add_enabled(!sound.muted, egui::Slider::new(volume, 0.0..=1.0).text(name));
        }
        ui.separator();
        if ui.button("Save as defaults").clicked() {
            *saved = Some(edited.save_as_players_defaults());
        }
        if let Some(saved) = saved.as_ref() {
            ui.label(saved);
        }
    });
    if edited != *settings {
        if edited.view != settings.view {
            for mut camera in &mut cameras {
                camera.view = edited.view;
            }
        }
        *settings = edited;
    }
    Ok(())
}

/// A row of radio buttons, one for each value of a named setting.
fn choose<T: Named>(ui: &mut egui::Ui, label: &str, value: &mut T) -> egui::Response {
    ui.horizontal(|ui| {
        ui.label(label);
        for &choice in T::ALL {
            ui.radio_value(value, choice, choice.name());
        }
    })
    .response
}
