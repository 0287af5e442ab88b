//! The side panel's analysis: a button that asks the AI to judge every move played, its
//! progress, and under each turn the evaluation after it and, for a move that lost much, the
//! AI's better move.

use std::ops::Range;

use bevy_egui::egui;
use jetan_ai::describe_score;

use crate::analysis::{AnalyseGame, Analysis};
use crate::game::Game;

/// The moves' heading with the analysis button and progress; says whether analysis was asked.
pub(super) fn header(ui: &mut egui::Ui, game: &Game, analysis: &Analysis) -> Option<AnalyseGame> {
    let mut asked = false;
    ui.horizontal(|ui| {
        ui.label("Moves");
        let button = egui::Button::new("Analyse").small();
        asked = ui
            .add_enabled(!game.history.is_empty(), button)
            .on_hover_text("The AI judges every move played: its evaluation, and a better move where one lost much")
            .clicked();
        if analysis.running() {
            let (done, total) = analysis.progress();
            ui.label(egui::RichText::new(format!("judging {done} of {total}…")).italics());
        }
    });
    asked.then_some(AnalyseGame)
}

/// Under a turn's line: the evaluation after it, for the side that moved, and the better move
/// where one of its plies lost much.
pub(super) fn judgement(ui: &mut egui::Ui, game: &Game, analysis: &Analysis, plies: Range<usize>) {
    let Some(last) = analysis.judgement(game, plies.end - 1) else { return };
    let better = plies.filter_map(|ply| analysis.judgement(game, ply)?.better).next();
    let text = match better {
        Some(better) => format!("   {} ?  better: {better}", describe_score(last.score)),
        None => format!("   {}", describe_score(last.score)),
    };
    let color = if text.contains('?') { egui::Color32::from_rgb(255, 170, 90) } else { egui::Color32::GRAY };
    ui.label(egui::RichText::new(text).monospace().small().color(color));
}
