//! File letters and rank numbers around the board, painted where the view shows the rim.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, egui};

use crate::board::BoardLayout;
use crate::camera::BoardView;

pub(super) fn show(mut contexts: EguiContexts, layout: Option<Res<BoardLayout>>, view: BoardView) -> Result {
    let (Some(layout), Some(viewport)) = (layout, view.window_rect()) else { return Ok(()) };
    let ctx = contexts.ctx_mut()?;
    let clip = egui::Rect::from_min_max(viewport.min.to_array().into(), viewport.max.to_array().into());
    let painter =
        ctx.layer_painter(egui::LayerId::new(egui::Order::Background, "board_labels".into())).with_clip_rect(clip);
    let geometry = layout.geometry;
    let half = layout.half_extent();
    let margin = 0.3;
    let label = |text: String, at: Vec3| {
        // In the window's coordinates: the point is placed within the camera's viewport.
        if let Some(point) = view.to_window(at) {
            let screen = egui::pos2(point.x, point.y);
            let font = egui::FontId::proportional(15.0);
            painter.text(screen, egui::Align2::CENTER_CENTER, text, font, egui::Color32::from_rgb(250, 226, 170));
        }
    };
    // Letters along the edge at the bottom of the screen (the far one hides behind the pieces).
    let near = if view.screen_up().z <= 0.0 { 1.0 } else { -1.0 };
    for file in 0..geometry.files as i32 {
        let square = geometry.square(file, 0).expect("on the board");
        let x = layout.world(square).x;
        label(((b'a' + file as u8) as char).to_string(), Vec3::new(x, 0.1, near * (half.y + margin)));
    }
    for rank in 0..geometry.ranks as i32 {
        let square = geometry.square(0, rank).expect("on the board");
        let z = layout.world(square).z;
        label((rank + 1).to_string(), Vec3::new(-half.x - margin, 0.1, z));
        label((rank + 1).to_string(), Vec3::new(half.x + margin, 0.1, z));
    }
    Ok(())
}
