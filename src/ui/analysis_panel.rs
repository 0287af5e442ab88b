//! The side panel's analysis: a button that asks the AI to judge every move played, its
//! progress, analysis mode (the player moves both sides, the clocks stand still), a way back to
//! the analysed line from a side line, and under each turn the evaluation after it and, for a
//! move that lost much, the AI's better move; once every move is judged, the game's turning
//! points offered as puzzles (the review).

use std::ops::Range;

use bevy_egui::egui;
use jetan_ai::describe_score;

use crate::analysis::{AnalyseGame, Analysis, Judgement};
use crate::game::{Game, GameAction};
use crate::learning::{Coaching, turning_points};

/// What the analysis heading asks for.
pub(super) enum Asked {
    /// Judge the moves.
    Analyse(AnalyseGame),
    /// Enter or leave analysis mode, or go back to the analysed line.
    Act(GameAction),
    /// Try the game's turning points as puzzles.
    Review(Coaching),
}

/// The moves' heading with the analysis buttons and progress, and once the game has left the
/// analysed line, a button that goes back to it; says what was asked.
pub(super) fn header(ui: &mut egui::Ui, game: &Game, analysis: &Analysis) -> Option<Asked> {
    let mut asked = None;
    ui.horizontal(|ui| {
        ui.label("Moves");
        let button = egui::Button::new("Analyse").small();
        if ui
            .add_enabled(!game.history.is_empty(), button)
            .on_hover_text("The AI judges every move played: its evaluation, and a better move where one lost much")
            .clicked()
        {
            asked = Some(Asked::Analyse(AnalyseGame));
        }
        if ui
            .add(egui::Button::new("Analysis mode").small().selected(game.analysing))
            .on_hover_text("Move for both sides and try other lines: the AI sides wait and the clocks stand still")
            .clicked()
        {
            asked = Some(Asked::Act(GameAction::AnalysisMode(!game.analysing)));
        }
        if let Some(line) = analysis.left_line(game)
            && ui.small_button("Back to the analysed line").clicked()
        {
            asked = Some(Asked::Act(GameAction::ReturnToLine(line.to_vec())));
        }
        if analysis.running() {
            let (done, total) = analysis.progress();
            ui.label(egui::RichText::new(format!("judging {done} of {total}…")).italics());
        }
    });
    if analysis.done(game) && !game.coached {
        let puzzles = turning_points(game, &analysis.judgements(game));
        let text = match puzzles.len() {
            0 => None,
            1 => Some("Try the turning point as a puzzle".to_string()),
            count => Some(format!("Try the {count} turning points as puzzles")),
        };
        if let Some(text) = text
            && ui.button(text).on_hover_text("Where a move lost two Panthans or more: find the better one").clicked()
        {
            asked = Some(Asked::Review(Coaching::Review { puzzles, variant_path: game.variant_path.clone() }));
        }
    }
    if game.analysing {
        ui.label(
            egui::RichText::new("Analysis mode: you move for both sides; the clocks stand still.").italics().small(),
        );
    }
    asked
}

/// Under a turn's line: the evaluation after it, for the side that moved, and the better move
/// where one of its plies lost much (`judgements`: the game's, from [`Analysis::judgements`]).
pub(super) fn judgement(ui: &mut egui::Ui, judgements: &[Judgement], plies: Range<usize>) {
    let Some(last) = judgements.get(plies.end - 1) else { return };
    let better = judgements[plies.start..plies.end].iter().find_map(|judgement| judgement.better.as_ref());
    let judged = &judgements[plies.start..plies.end];
    let mark = if judged.iter().any(Judgement::turning_point) { "?? turning point" } else { "?" };
    let text = match better {
        Some(better) => format!("   {} {mark}  better: {better}", describe_score(last.score)),
        None => format!("   {}", describe_score(last.score)),
    };
    let color = if text.contains('?') { egui::Color32::from_rgb(255, 170, 90) } else { egui::Color32::GRAY };
    ui.label(egui::RichText::new(text).monospace().small().color(color));
}
