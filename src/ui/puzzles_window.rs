//! The Puzzles window: a puzzles file per variant (the game's own and the mods'), the player's
//! puzzle rating in it, the puzzles solved, and a choice of themes; Start plays the next one.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, egui};
use jetan_lessons::Theme;

use super::UiState;
use crate::learning::progress::puzzle_key;
use crate::learning::{Coaching, Progress, PuzzleCatalog};

/// The Puzzles window's choices.
#[derive(Clone, Debug, Default)]
pub struct PuzzlesForm {
    /// The puzzles file chosen (its asset path; the first that loads if none).
    pub set: Option<String>,
    /// The themes chosen (any, if none).
    pub themes: Vec<Theme>,
}

/// A theme as a player reads it.
pub(super) fn theme_name(theme: Theme) -> &'static str {
    match theme {
        Theme::Charge => "the Charge",
        Theme::PrincessEscape => "the Princess's escape",
        Theme::Fork => "forks",
        Theme::AirshipDrop => "airship drops",
        Theme::Train => "Zitidar trains",
        Theme::Banth => "Wild Banths",
        Theme::Sorak => "the Sorak strike",
        Theme::Promotion => "promotion",
        Theme::SideKill => "side-kills",
        Theme::Squad => "squads",
        Theme::Escort => "escorts",
        Theme::Deployment => "deployment",
        Theme::Finish => "the finishing move",
        Theme::ForcedWin => "forced wins",
        Theme::Capture => "captures",
        Theme::Quiet => "quiet moves",
    }
}

pub(super) fn show(
    mut contexts: EguiContexts,
    mut state: ResMut<UiState>,
    puzzles: Res<PuzzleCatalog>,
    progress: Res<Progress>,
    mut asked: MessageWriter<Coaching>,
) -> Result {
    let Some(form) = state.puzzles.as_mut() else { return Ok(()) };
    let ctx = contexts.ctx_mut()?;
    let mut open = true;
    let mut start = false;
    let window = egui::Window::new("Puzzles").open(&mut open).collapsible(false).default_width(520.0);
    window.anchor(egui::Align2::CENTER_CENTER, [0.0, 40.0]).show(ctx, |ui| {
        ui.label("Positions from the AI's games where one move wins or gains decisive material. Find it; the opponent answers.");
        ui.horizontal_wrapped(|ui| {
            for entry in puzzles.entries() {
                let Some(set) = &entry.loaded.good else { continue };
                let chosen = form.set.get_or_insert_with(|| entry.path.clone());
                if ui.selectable_label(*chosen == entry.path, egui::RichText::new(set.variant.name()).size(17.0)).clicked()
                    && *chosen != entry.path
                {
                    *chosen = entry.path.clone();
                    form.themes.clear();
                }
            }
        });
        for error in puzzles.entries().iter().filter_map(|entry| entry.loaded.error.as_ref()) {
            ui.colored_label(egui::Color32::LIGHT_RED, egui::RichText::new(error).monospace().small());
        }
        ui.separator();
        let Some((path, set)) = form.set.as_ref().and_then(|path| puzzles.good(path).map(|set| (path.clone(), set))) else {
            ui.weak("No puzzles have loaded yet.");
            return;
        };
        let rating = progress.rating(&path);
        let solved = set.puzzles.iter().filter(|p| progress.solved.contains(&puzzle_key(&path, &p.start.to_text()))).count();
        ui.label(egui::RichText::new(format!("Your puzzle rating: {:.0} ± {:.0}", rating.rating, 2.0 * rating.deviation)).size(18.0));
        ui.label(format!("{solved} of {} solved", set.puzzles.len()));
        ui.separator();
        ui.label("Themes (none chosen: any)");
        let mut themes: Vec<(Theme, usize)> = Vec::new();
        for puzzle in &set.puzzles {
            match themes.iter_mut().find(|(theme, _)| *theme == puzzle.theme) {
                Some((_, count)) => *count += 1,
                None => themes.push((puzzle.theme, 1)),
            }
        }
        ui.horizontal_wrapped(|ui| {
            for (theme, count) in themes {
                let mut on = form.themes.contains(&theme);
                if ui.checkbox(&mut on, format!("{} ({count})", theme_name(theme))).changed() {
                    form.themes.retain(|chosen| *chosen != theme);
                    if on {
                        form.themes.push(theme);
                    }
                }
            }
        });
        ui.separator();
        start = ui.button(egui::RichText::new("Start").size(18.0)).clicked();
        if start {
            asked.write(Coaching::Puzzle { set: path, themes: form.themes.clone() });
        }
    });
    if !open || start {
        state.puzzles = None;
    }
    Ok(())
}
