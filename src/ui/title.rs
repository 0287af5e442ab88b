//! The title screen over Manator's arena: the game's name and the main menu (Continue the
//! latest unfinished game, Learn to play, Puzzles, New game, Play online, Rules, Settings, Quit). `Esc` opens the same menu over a
//! game, which is kept; the loading screen says what it waits for.

use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use bevy_egui::{EguiContexts, egui};

use super::UiState;
use super::new_game::NewGameForm;
use crate::game::Notice;
use crate::records::{ResumeChoice, ResumeOffer};
use crate::screen::{LeaveGame, Screen};
use crate::variant_asset::VariantCatalog;

/// What the main menu reads and changes.
#[derive(SystemParam)]
pub(super) struct MenuParams<'w> {
    state: ResMut<'w, UiState>,
    offer: Res<'w, ResumeOffer>,
    screen: Res<'w, State<Screen>>,
    catalog: Res<'w, VariantCatalog>,
    resume: MessageWriter<'w, ResumeChoice>,
    leave: MessageWriter<'w, LeaveGame>,
    exit: MessageWriter<'w, AppExit>,
}

/// The game's name over the arena, and the menu.
pub(super) fn show_title(mut contexts: EguiContexts, mut menu: MenuParams) -> Result {
    let ctx = contexts.ctx_mut()?;
    egui::Area::new("title".into()).anchor(egui::Align2::CENTER_TOP, [0.0, 40.0]).show(ctx, |ui| {
        // A veil of shade behind the letters, so they read over the sky and the stands.
        let veil = egui::Frame::NONE.fill(egui::Color32::from_black_alpha(110)).corner_radius(12.0).inner_margin(16.0);
        veil.show(ui, |ui| {
            ui.vertical_centered(|ui| {
                let gold = egui::Color32::from_rgb(240, 200, 110);
                ui.label(egui::RichText::new("JETAN").size(96.0).strong().color(gold));
                ui.label(
                    egui::RichText::new("the chess of Barsoom, on the Jetan field of Manator")
                        .size(22.0)
                        .italics()
                        .color(egui::Color32::from_rgb(255, 235, 200)),
                );
            });
        });
    });
    let state = &menu.state;
    let window_open =
        state.new_game.is_some() || state.online.is_some() || state.learn.is_some() || state.puzzles.is_some();
    if !window_open && !menu.state.rules_open && !menu.state.settings_open {
        menu_window(ctx, &mut menu);
    }
    Ok(())
}

/// `Esc` over a game opens the menu, and closes it (or the window on top).
pub(super) fn toggle_menu(keys: Res<ButtonInput<KeyCode>>, mut state: ResMut<UiState>) {
    if keys.just_pressed(KeyCode::Escape) {
        state.menu_open = !state.menu_open;
    }
}

/// The menu over a game, while it is open.
pub(super) fn show_game_menu(mut contexts: EguiContexts, mut menu: MenuParams) -> Result {
    if menu.state.menu_open {
        menu_window(contexts.ctx_mut()?, &mut menu);
    }
    Ok(())
}

/// The main menu: on the title, and over a game.
fn menu_window(ctx: &egui::Context, menu: &mut MenuParams) {
    let playing = *menu.screen.get() == Screen::Playing;
    egui::Window::new("Menu").title_bar(false).resizable(false).anchor(egui::Align2::CENTER_CENTER, [0.0, 60.0]).show(
        ctx,
        |ui| {
            ui.set_width(300.0);
            let item = |ui: &mut egui::Ui, enabled: bool, text: &str| {
                let button = egui::Button::new(egui::RichText::new(text).size(20.0)).min_size(egui::vec2(300.0, 36.0));
                ui.add_enabled(enabled, button).clicked()
            };
            if playing {
                if item(ui, true, "Back to the game (Esc)") {
                    menu.state.menu_open = false;
                }
            } else {
                // Offered once the saved game's variant has loaded.
                let saved = menu.offer.0.as_ref().filter(|(_, record)| menu.catalog.good(&record.variant).is_some());
                let text = saved.map(|(_, record)| {
                    format!("Continue: {}, {} moves played", record.variant_name, record.moves.len())
                });
                if item(ui, text.is_some(), text.as_deref().unwrap_or("Continue (no unfinished game)")) {
                    menu.resume.write(ResumeChoice::Resume);
                }
            }
            if item(ui, true, "Learn to play…") {
                menu.state.learn = Some(Default::default());
                menu.state.menu_open = false;
            }
            if item(ui, true, "Puzzles…") {
                menu.state.puzzles = Some(Default::default());
                menu.state.menu_open = false;
            }
            if item(ui, true, "New game…") {
                menu.state.new_game = Some(NewGameForm::like_current());
                menu.state.menu_open = false;
            }
            if item(ui, true, "Play online…") {
                menu.state.online = Some(Default::default());
                menu.state.menu_open = false;
            }
            if item(ui, true, "Rules") {
                menu.state.rules_open = true;
                menu.state.menu_open = false;
            }
            if item(ui, true, "Settings") {
                menu.state.settings_open = true;
                menu.state.menu_open = false;
            }
            if playing && item(ui, true, "Title screen") {
                menu.state.menu_open = false;
                menu.leave.write(LeaveGame);
            }
            if item(ui, true, "Quit") {
                menu.exit.write(AppExit::Success);
            }
        },
    );
}

/// While the launch's variant loads: what the game waits for, and any error.
pub(super) fn show_loading(mut contexts: EguiContexts, notice: Res<Notice>) -> Result {
    egui::Area::new("loading".into()).anchor(egui::Align2::CENTER_CENTER, [0.0, 0.0]).show(contexts.ctx_mut()?, |ui| {
        ui.heading("Loading the variant…");
        if let Some(notice) = &notice.0 {
            ui.colored_label(egui::Color32::LIGHT_RED, egui::RichText::new(notice).monospace());
        }
    });
    Ok(())
}
