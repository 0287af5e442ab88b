//! The side panel's hint: a button (or `H`) that asks the AI for the move it would play, then
//! that move and an evaluation bar for the side to move.

use bevy_egui::egui;
use jetan_ai::{WIN_BOUND, describe_score};

use crate::game::Game;
use crate::hint::{AskHint, Hint};

/// The evaluation, in the variant's value units, that fills three quarters of the bar.
const THREE_QUARTERS: f32 = 300.0;

/// Shows the hint section; says whether a hint was asked for.
pub(super) fn show(ui: &mut egui::Ui, game: &Game, hint: &Hint) -> Option<AskHint> {
    let keyed = !ui.ctx().egui_wants_keyboard_input() && ui.input(|input| input.key_pressed(egui::Key::H));
    let asked = ui.button("Hint").on_hover_text("The move the AI would play here (H)").clicked() || keyed;
    if let Some(advice) = hint.for_game(game) {
        ui.label(egui::RichText::new(format!("Hint: {}", advice.text)).strong());
        evaluation_bar(ui, advice.score);
    } else if hint.searching() {
        ui.label(egui::RichText::new("Looking for a hint…").italics());
    }
    asked.then_some(AskHint)
}

/// A bar that fills with the side to move's chances: half for an even game, full for a win.
fn evaluation_bar(ui: &mut egui::Ui, score: i32) {
    let share = if score.abs() > WIN_BOUND {
        if score > 0 { 1.0 } else { 0.0 }
    } else {
        // A logistic curve through three quarters at THREE_QUARTERS.
        1.0 / (1.0 + 3f32.powf(-score as f32 / THREE_QUARTERS))
    };
    ui.add(egui::ProgressBar::new(share).text(format!("evaluation for the side to move: {}", describe_score(score))))
        .on_hover_text("From the AI's search: + is good for the side to move, 1.00 a Panthan's worth");
}
