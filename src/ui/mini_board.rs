//! A small board drawn with egui, for the piece browser's diagrams, the rules guide's examples
//! and the new game's variant cards: it lays out the squares and lets the caller paint each, or
//! draws a position's pieces as lettered discs.

use bevy::color::ColorToPacked;
use bevy::prelude::Color;
use bevy_egui::egui;
use jetan_rules::{Geometry, Position, Square};

use crate::palette::Palette;

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

/// A board at most `width` wide with the pieces as their letters in their sides' colours, the
/// squares that changed since `before` marked.
pub(super) fn position(ui: &mut egui::Ui, position: &Position, before: Option<&Position>, width: f32) {
    let variant = position.variant();
    let geometry = variant.geometry();
    let cell = (width / geometry.files.max(geometry.ranks) as f32).min(26.0);
    draw(ui, geometry, cell, 0.0, |painter, square, tile, color| {
        let changed = before.is_some_and(|before| before.piece_at(square) != position.piece_at(square));
        painter.rect_filled(tile, 0.0, if changed { egui::Color32::from_rgb(200, 170, 60) } else { color });
        let Some(piece) = position.piece_at(square) else { return };
        let (fill, ink) = if variant.kind(piece.kind).ownerless {
            (egui::Color32::from_gray(150), egui::Color32::BLACK)
        } else {
            let name = variant.side_name(piece.side);
            (color32(Palette::body(piece.side, name)), color32(Palette::trim(piece.side, name)))
        };
        let ink = if fill.intensity() > 0.6 { egui::Color32::BLACK } else { ink };
        painter.circle(tile.center(), cell * 0.45, fill, egui::Stroke::new(1.0, ink));
        let label = variant.label(piece);
        let font = egui::FontId::proportional(cell * if label.len() > 1 { 0.42 } else { 0.6 });
        painter.text(tile.center(), egui::Align2::CENTER_CENTER, label, font, ink);
    });
}

/// A scene colour for egui.
fn color32(color: Color) -> egui::Color32 {
    let [r, g, b, _] = color.to_srgba().to_u8_array();
    egui::Color32::from_rgb(r, g, b)
}
