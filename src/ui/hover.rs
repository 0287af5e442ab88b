//! The name of the hovered piece on a plate above it: its title, side and kind, and the first
//! sentence of its kind's description, read from the token's [`PieceData`].

use bevy::prelude::*;
use bevy_egui::{EguiContexts, egui};

use crate::board::{BoardLayout, PieceToken};
use crate::camera::BoardView;
use crate::facts::{PieceData, piece_on};
use crate::game::Game;
use crate::input::Selection;

/// How high above the board the plate hangs, in squares: above the tallest piece.
const PLATE_HEIGHT: f32 = 1.3;
/// The widest the plate's description runs before it wraps, in points.
const PLATE_WIDTH: f32 = 240.0;

pub(super) fn show(
    mut contexts: EguiContexts,
    selection: Res<Selection>,
    tokens: Query<(&PieceToken, &PieceData)>,
    game: Res<Game>,
    layout: Option<Res<BoardLayout>>,
    view: BoardView,
) -> Result {
    let (Some(layout), Some(square)) = (layout, selection.hover) else { return Ok(()) };
    let Some(data) = piece_on(tokens.iter(), square) else { return Ok(()) };
    // Over the piece: above the tallest in 3D, above its square in the diagram.
    let lift = if view.diagram() { view.screen_up() * 0.5 } else { Vec3::Y * PLATE_HEIGHT };
    let Some(point) = view.to_window(layout.world(square) + lift) else { return Ok(()) };
    let side = game.position().variant().side_name(data.side);
    let what = match data.owner {
        None => format!("{}, no one's", data.kind.name),
        Some(_) if data.title != data.kind.name => format!("{side} {}", data.kind.name),
        Some(_) => side.to_string(),
    };
    let ctx = contexts.ctx_mut()?;
    egui::Area::new(egui::Id::new("hovered piece"))
        .order(egui::Order::Foreground)
        .pivot(egui::Align2::CENTER_BOTTOM)
        .fixed_pos(egui::pos2(point.x, point.y))
        .interactable(false)
        .show(ctx, |ui| {
            egui::Frame::popup(ui.style()).show(ui, |ui| {
                ui.set_max_width(PLATE_WIDTH);
                ui.label(egui::RichText::new(&data.title).strong());
                ui.label(what);
                let about = first_sentence(&data.kind.description);
                if !about.is_empty() {
                    ui.add(egui::Label::new(egui::RichText::new(about).small()).wrap());
                }
            });
        });
    Ok(())
}

/// The first sentence of `text` (up to and with its first full stop followed by a space, or all
/// of it).
fn first_sentence(text: &str) -> &str {
    let text = text.trim();
    text.find(". ").map_or(text, |end| &text[..=end])
}

#[cfg(test)]
mod tests {
    use super::first_sentence;

    #[test]
    fn a_plate_shows_the_first_sentence() {
        let chief = "Three squares in any direction, never passing over a piece. Taking the enemy Chief wins.";
        assert_eq!(first_sentence(chief), "Three squares in any direction, never passing over a piece.");
        assert_eq!(first_sentence(" One step, like a king. "), "One step, like a king.");
        assert_eq!(first_sentence(""), "");
    }
}
