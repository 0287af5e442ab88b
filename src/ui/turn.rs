//! The part of the side panel for moves that aren't a click on the board: a Charge in progress,
//! the turn actions the rules systems wrote ([`TurnActions`]), and the list to choose from
//! when several moves fit the clicks (a promotion's choices).

use bevy_egui::egui;
use jetan_rules::{Move, MoveKind, Phase, Position};

use crate::facts::TurnActions;
use crate::game::Game;
use crate::input::Selection;

/// Shows what the player to move may do besides clicking the board (`selected`: the selected
/// piece's title); the move chosen, if any.
pub(super) fn show(
    ui: &mut egui::Ui,
    game: &Game,
    actions: &TurnActions,
    selected: Option<&str>,
    selection: &Selection,
) -> Option<Move> {
    let position = game.position();
    if let Some(title) = selected {
        ui.label(format!("Selected: {title}"));
    }
    match position.phase() {
        Phase::Charge { submoves, .. } => {
            ui.label(egui::RichText::new(format!("Charge! {submoves} sub-moves made; one piece per file")).strong());
        }
        Phase::BanthStep => {
            ui.label(egui::RichText::new("Banth step: click a Wild Banth to step it, or leave them be").strong());
        }
        Phase::Turn => {}
    }
    let mut chosen = None;
    for &mv in &actions.0 {
        if ui.button(action_label(position, mv)).clicked() {
            chosen = Some(mv);
        }
    }
    if !selection.choices.is_empty() {
        ui.label("Choose the move:");
        for &mv in &selection.choices {
            let label = format!("{}\n{}", choice_label(position, mv), position.move_text(mv));
            if ui.button(label).clicked() {
                chosen = Some(mv);
            }
        }
    }
    chosen
}

/// The button of a turn action.
fn action_label(position: &Position, mv: Move) -> String {
    let geometry = position.variant().geometry();
    match mv.kind {
        MoveKind::Charge => "Declare a Charge".into(),
        MoveKind::EndCharge => "End the Charge".into(),
        MoveKind::Pass => "Leave the banths be".into(),
        MoveKind::Strike => format!("Sorak strike: {}", position.move_text(mv)),
        _ => match mv.lead() {
            Some(step) => format!("Rapid Deployment: advance rank {}", geometry.rank(step.from) + 1),
            None => position.move_text(mv),
        },
    }
}

/// What distinguishes one of several moves the same clicks fit: what its promotions bring back.
fn choice_label(position: &Position, mv: Move) -> String {
    let variant = position.variant();
    if mv.promotions.is_empty() {
        return "No promotion".into();
    }
    let brought: Vec<&str> = mv.promotions.iter().map(|p| variant.kind(p.kind).name.as_str()).collect();
    format!("Bring back the {}", brought.join(" and the "))
}
