//! The game-over banner across the top of the board.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, egui};

use crate::game::Game;

pub(super) fn show(mut contexts: EguiContexts, game: Option<Res<Game>>) -> Result {
    let Some(game) = game else { return Ok(()) };
    let Some(outcome) = game.outcome() else { return Ok(()) };
    let ctx = contexts.ctx_mut()?;
    egui::Area::new("game_over".into()).anchor(egui::Align2::CENTER_TOP, [-130.0, 60.0]).show(ctx, |ui| {
        egui::Frame::popup(ui.style()).fill(egui::Color32::from_rgba_unmultiplied(40, 14, 6, 230)).show(ui, |ui| {
            ui.label(egui::RichText::new("Game over").size(28.0).color(egui::Color32::from_rgb(255, 196, 90)));
            ui.label(
                egui::RichText::new(outcome.describe(game.position.variant())).size(18.0).color(egui::Color32::WHITE),
            );
        });
    });
    Ok(())
}
