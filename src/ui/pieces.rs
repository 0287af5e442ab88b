//! The piece browser: each kind's name, letter and description, and a diagram of where it
//! moves from the middle of an empty board, computed by the rules engine.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, egui};
use jetan_rules::{KindId, MoveKind, Piece, Position, Side};

use super::UiState;
use crate::game::Game;

pub(super) fn show(mut contexts: EguiContexts, mut state: ResMut<UiState>, game: Option<Res<Game>>) -> Result {
    let Some(game) = game else { return Ok(()) };
    if !state.pieces_open {
        return Ok(());
    }
    let ctx = contexts.ctx_mut()?;
    let variant = game.position.variant();
    egui::Window::new("Pieces").open(&mut state.pieces_open).default_width(420.0).show(ctx, |ui| {
        ui.label("Green: where a piece in the middle of an empty board may move. Violet: its escape.");
        egui::ScrollArea::vertical().show(ui, |ui| {
            for (index, kind) in variant.kinds().iter().enumerate() {
                ui.separator();
                ui.horizontal(|ui| {
                    diagram(ui, &game.position, KindId(index as u8));
                    ui.vertical(|ui| {
                        ui.label(egui::RichText::new(format!("{} ({})", kind.name, kind.letter)).strong());
                        ui.label(&kind.description);
                    });
                });
            }
        });
    });
    Ok(())
}

/// A miniature board with the kind's moves from the middle square.
fn diagram(ui: &mut egui::Ui, position: &Position, kind: KindId) {
    let variant = position.variant();
    let geometry = variant.geometry();
    let centre =
        geometry.square(geometry.files as i32 / 2 - 1, geometry.ranks as i32 / 2 - 1).expect("the middle of the board");
    let piece = Piece::new(kind, Side::South);
    let lone = Position::from_pieces(variant.clone(), &[(centre, piece)], Side::South);
    let moves = lone.legal_moves();
    let cell = 11.0;
    let size = egui::vec2(geometry.files as f32 * cell, geometry.ranks as f32 * cell);
    let (rect, _) = ui.allocate_exact_size(size, egui::Sense::hover());
    let painter = ui.painter_at(rect);
    for square in geometry.squares() {
        let x = rect.min.x + geometry.file(square) as f32 * cell;
        let y = rect.max.y - (geometry.rank(square) + 1) as f32 * cell;
        let tile = egui::Rect::from_min_size(egui::pos2(x, y), egui::vec2(cell - 1.0, cell - 1.0));
        let dark = (geometry.file(square) + geometry.rank(square)) % 2 == 0;
        let mut color = if dark { egui::Color32::from_rgb(30, 26, 24) } else { egui::Color32::from_rgb(150, 80, 30) };
        if let Some(mv) = moves.iter().find(|m| m.lead().is_some_and(|l| l.to == square)) {
            color = match mv.kind {
                MoveKind::Escape => egui::Color32::from_rgb(140, 115, 255),
                _ => egui::Color32::from_rgb(90, 230, 130),
            };
        }
        if square == centre {
            color = egui::Color32::from_rgb(255, 215, 80);
        }
        painter.rect_filled(tile, 1.0, color);
    }
}
