//! A small board drawn with egui, for the piece browser's diagrams and the rules guide's
//! examples: it lays out the squares and lets the caller paint each.

use bevy_egui::egui;
use jetan_rules::{Geometry, Square};

/// The board's black squares.
pub(super) const DARK: egui::Color32 = egui::Color32::from_rgb(30, 26, 24);
/// The board's orange squares.
pub(super) const LIGHT: egui::Color32 = egui::Color32::from_rgb(150, 80, 30);

/// Allocates a board of `cell`-sized squares (`gap` between them) and calls `paint` for each
/// square with its tile and its usual colour.
pub(super) fn draw(
    ui: &mut egui::Ui,
    geometry: Geometry,
    cell: f32,
    gap: f32,
    mut paint: impl FnMut(&egui::Painter, Square, egui::Rect, egui::Color32),
) {
    let size = egui::vec2(geometry.files as f32 * cell, geometry.ranks as f32 * cell);
    let (rect, _) = ui.allocate_exact_size(size, egui::Sense::hover());
    let painter = ui.painter_at(rect);
    for square in geometry.squares() {
        let x = rect.min.x + geometry.file(square) as f32 * cell;
        let y = rect.max.y - (geometry.rank(square) + 1) as f32 * cell;
        let tile = egui::Rect::from_min_size(egui::pos2(x, y), egui::vec2(cell - gap, cell - gap));
        let dark = (geometry.file(square) + geometry.rank(square)) % 2 == 0;
        paint(&painter, square, tile, if dark { DARK } else { LIGHT });
    }
}
