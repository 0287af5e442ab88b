//! The offer, at start, to resume the last unfinished game.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, egui};

use crate::records::{ResumeChoice, ResumeOffer};

pub(super) fn show(
    mut contexts: EguiContexts,
    offer: Res<ResumeOffer>,
    mut choices: MessageWriter<ResumeChoice>,
) -> Result {
    let Some((path, record)) = &offer.0 else { return Ok(()) };
    let ctx = contexts.ctx_mut()?;
    egui::Window::new("Resume?").collapsible(false).anchor(egui::Align2::CENTER_CENTER, [0.0, 0.0]).show(ctx, |ui| {
        ui.label(format!("Your last game of {} was not finished ({} moves).", record.variant_name, record.moves.len()));
        ui.small(path.display().to_string());
        ui.horizontal(|ui| {
            if ui.button("Resume it").clicked() {
                choices.write(ResumeChoice::Resume);
            }
            if ui.button("Start a new game").clicked() {
                choices.write(ResumeChoice::Decline);
            }
        });
    });
    Ok(())
}
