//! The piece browser: each kind's name, letter and description, and a diagram of where it
//! moves from the middle of an empty board, read from the kind entities the rules systems make
//! ([`KindCard`]).

use bevy::prelude::*;
use bevy_egui::{EguiContexts, egui};

use super::{UiState, mini_board};
use jetan_rules::Variant;

use crate::facts::VariantShown;
use crate::facts::{KindCard, KindDiagram};

pub(super) fn show(
    mut contexts: EguiContexts,
    mut state: ResMut<UiState>,
    cards: Query<&KindCard>,
    shown: Res<VariantShown>,
) -> Result {
    if !state.pieces_open {
        return Ok(());
    }
    let Some(variant) = &shown.0 else { return Ok(()) };
    let ctx = contexts.ctx_mut()?;
    let mut cards: Vec<&KindCard> = cards.iter().collect();
    cards.sort_by_key(|card| card.kind);
    egui::Window::new("Pieces").open(&mut state.pieces_open).default_width(420.0).show(ctx, |ui| {
        ui.label("Green: where a piece in the middle of an empty board may move. Violet: its escape.");
        egui::ScrollArea::vertical().show(ui, |ui| {
            for card in cards {
                kind_entry(ui, card, variant);
            }
        });
    });
    Ok(())
}

/// A kind's diagram (each side's, where they move apart) beside its name, letter and
/// description (the rules guide lists them too).
pub(super) fn kind_entry(ui: &mut egui::Ui, card: &KindCard, variant: &Variant) {
    ui.separator();
    ui.horizontal(|ui| {
        for shown in &card.diagrams {
            ui.vertical(|ui| {
                diagram(ui, shown);
                if let Some(side) = shown.side {
                    ui.small(variant.side_name(side));
                }
            });
        }
        ui.vertical(|ui| {
            let facts = &card.facts;
            ui.label(egui::RichText::new(format!("{} ({})", facts.name, facts.letter)).strong());
            ui.label(&facts.description);
            if card.read_apart {
                ui.small(if card.diagrams.len() > 1 {
                    "Each side moves it by its own reading of the rules."
                } else {
                    "Each side moves it by its own reading of the rules (alike from the middle of an empty board)."
                });
            }
        });
    });
}

/// A miniature board with the kind's moves from the middle square.
fn diagram(ui: &mut egui::Ui, diagram: &KindDiagram) {
    mini_board::draw(ui, diagram.geometry, 11.0, 1.0, |painter, square, tile, color| {
        let color = if square == diagram.middle {
            egui::Color32::from_rgb(255, 215, 80)
        } else if diagram.moves.contains(square) {
            egui::Color32::from_rgb(90, 230, 130)
        } else if diagram.escapes.contains(square) {
            egui::Color32::from_rgb(140, 115, 255)
        } else {
            color
        };
        painter.rect_filled(tile, 1.0, color);
    });
}
