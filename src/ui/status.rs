//! The side panel: the variant, whose turn it is, what went wrong, the turn actions, a typed
//! move, the moves, the captured pieces.

use bevy_egui::egui;
use jetan_rules::Side;

use super::PanelParams;
use crate::facts::piece_on;
use crate::game::MoveChosen;
use crate::seat::Seat;
use crate::time_control::clock_text;

pub(super) fn show(ui: &mut egui::Ui, params: &mut PanelParams<'_, '_>) {
    errors(ui, params);
    turn_and_players(ui, params);
    show_notice(ui, params);
    player_moves(ui, params);
    ui.separator();
    captured(ui, params);
    ui.separator();
    moves(ui, params);
}

/// The variant's name, and what is wrong with the settings, the variant's file, its looks or
/// the sounds.
fn errors(ui: &mut egui::Ui, params: &PanelParams<'_, '_>) {
    if let Some(error) = &params.settings_error.0 {
        ui.colored_label(egui::Color32::LIGHT_RED, error);
    }
    let game = &params.game;
    let variant = game.position().variant();
    ui.heading(variant.name());
    if let Some(error) = params.catalog.error(&game.variant_path) {
        ui.colored_label(
            egui::Color32::LIGHT_RED,
            "The variant file has errors; the game keeps its last good version:",
        );
        ui.colored_label(egui::Color32::LIGHT_RED, egui::RichText::new(error).monospace());
    }
    if let Some(error) = params.looks.errors(variant.looks()) {
        ui.colored_label(egui::Color32::LIGHT_RED, "A look file has errors; its pieces keep their last good looks:");
        ui.colored_label(egui::Color32::LIGHT_RED, egui::RichText::new(error).monospace());
    }
    if let Some(error) = params.sounds.error(crate::sound::SOUNDS_FILE) {
        ui.colored_label(egui::Color32::LIGHT_RED, "The sounds file has errors; the game plays its last good sounds:");
        ui.colored_label(egui::Color32::LIGHT_RED, egui::RichText::new(error).monospace());
    }
}

/// Whose turn it is (or how the game ended), who plays each side, and their clocks.
fn turn_and_players(ui: &mut egui::Ui, params: &PanelParams<'_, '_>) {
    let game = &params.game;
    let position = game.position();
    let variant = position.variant();
    match game.outcome() {
        Some(outcome) => {
            ui.label(egui::RichText::new(outcome.describe(variant)).strong());
        }
        None => {
            let side = position.to_move();
            ui.label(egui::RichText::new(format!("{} to move", variant.side_name(side))).strong().size(18.0));
            if params.thinking.side() == Some(side) {
                let dots = ".".repeat(1 + (params.time.elapsed_secs() * 3.0) as usize % 3);
                ui.label(egui::RichText::new(format!("thinking{dots}")).italics());
            }
        }
    }
    egui::Grid::new("players").num_columns(3).show(ui, |ui| {
        for side in Side::BOTH {
            ui.label(variant.side_name(side));
            let seat = game.seats[side];
            match params.online.as_deref().filter(|_| seat == Seat::Online) {
                Some(online) => {
                    let away = !online.connected[side.index()];
                    ui.label(if away { "Online (away)" } else { "Online (connected)" })
                }
                None => ui.label(seat.name()),
            };
            if game.clocks.is_on() {
                let running = game.outcome().is_none() && !game.analysing && position.to_move() == side;
                let text = egui::RichText::new(clock_text(game.clocks.left(side))).monospace().size(20.0);
                ui.label(if running {
                    text.strong().background_color(egui::Color32::from_gray(60))
                } else {
                    text.weak()
                });
            }
            ui.end_row();
        }
    });
}

/// On a person's turn: the turn actions, the typed move and the hint; plays what they choose.
fn player_moves(ui: &mut egui::Ui, params: &mut PanelParams<'_, '_>) {
    let game = &params.game;
    if game.outcome().is_some() || game.seat_to_move() != Seat::Human {
        return;
    }
    let selected = params.selection.from.and_then(|square| piece_on(params.pieces.iter(), square));
    let selected = selected.map(|data| data.title.as_str());
    let action = super::turn::show(ui, game, &params.turn_actions, selected, &params.selection);
    let typed = super::typed_move::show(ui, game, &mut params.ui_state.typed_move);
    if let Some(ask) = super::hint_panel::show(ui, game, &params.hint) {
        params.ask_hint.write(ask);
    }
    // The selection is written only when a move is chosen: writing it marks it changed, and the
    // board's highlights are redrawn on a change.
    if let Some(mv) = action.or(typed) {
        params.chosen.write(MoveChosen(mv));
        *params.selection = Default::default();
    }
}

/// The pieces each side has lost.
fn captured(ui: &mut egui::Ui, params: &PanelParams<'_, '_>) {
    let position = params.game.position();
    let variant = position.variant();
    ui.label("Captured");
    for side in Side::BOTH {
        let lost: Vec<String> = (variant.kinds().iter().zip(position.captured_counts(side)))
            .filter(|&(_, count)| count > 0)
            .map(|(kind, count)| if count == 1 { kind.name.clone() } else { format!("{} ×{count}", kind.name) })
            .collect();
        ui.label(format!(
            "{}: {}",
            variant.side_name(side),
            if lost.is_empty() { "—".into() } else { lost.join(", ") }
        ));
    }
}

/// The moves, with the analysis's buttons and judgements.
fn moves(ui: &mut egui::Ui, params: &mut PanelParams<'_, '_>) {
    let game = &params.game;
    match super::analysis_panel::header(ui, game, &params.analysis) {
        Some(super::analysis_panel::Asked::Analyse(ask)) => {
            params.analyse.write(ask);
        }
        Some(super::analysis_panel::Asked::Act(action)) => {
            params.actions.write(action);
        }
        Some(super::analysis_panel::Asked::Review(review)) => {
            params.coaching.write(review);
        }
        None => {}
    }
    // Numbered as Game Courier numbers them (`1.` and `1...`), each turn wrapped to the panel.
    egui::ScrollArea::vertical().stick_to_bottom(true).show(ui, |ui| {
        let judgements = params.analysis.judgements(game);
        for (index, plies) in game.turn_plies().into_iter().enumerate() {
            let dots = if index % 2 == 0 { "." } else { "..." };
            let line = format!("{}{dots} {}", index / 2 + 1, game.turn_text(plies.clone()));
            ui.add(egui::Label::new(egui::RichText::new(line).monospace()).wrap());
            super::analysis_panel::judgement(ui, &judgements, plies);
        }
    });
}

fn show_notice(ui: &mut egui::Ui, params: &PanelParams<'_, '_>) {
    if let Some(notice) = &params.notice.0 {
        ui.colored_label(egui::Color32::from_rgb(255, 200, 120), notice);
    }
}
