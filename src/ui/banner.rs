//! The banners across the top of the board: a Charge's call, in the colours of the side that
//! sounds it, and the game-over banner (with its Review: the game judged, the turning points
//! offered as puzzles).

use bevy::prelude::*;
use bevy_egui::{EguiContexts, egui};
use jetan_rules::MoveKind;

use crate::analysis::{AnalyseGame, Analysis};
use crate::game::{Game, MovePlayed};
use crate::palette::Palette;

/// Seconds a Charge's call stays up (it fades over the last of them).
const CALL_SECONDS: f32 = 2.6;

/// The Charge just declared: who sounds it and for how long it has been up.
#[derive(Resource, Default)]
pub struct ChargeCall(Option<(jetan_rules::Side, f32)>);

/// Sounds the call when a side declares a Charge, and lets it fade.
pub(super) fn hear_charges(
    time: Res<Time>,
    mut played: MessageReader<MovePlayed>,
    game: Res<Game>,
    mut call: ResMut<ChargeCall>,
) {
    for played in played.read() {
        if played.mv.kind == MoveKind::Charge {
            call.0 = Some((game.position().to_move(), 0.0));
        }
    }
    if let Some((_, age)) = &mut call.0 {
        *age += time.delta_secs();
        if *age > CALL_SECONDS {
            call.0 = None;
        }
    }
}

fn colour32(colour: Color, alpha: f32) -> egui::Color32 {
    let [r, g, b, _] = colour.to_srgba().to_u8_array();
    egui::Color32::from_rgba_unmultiplied(r, g, b, (alpha * 255.0) as u8)
}

pub(super) fn show(
    mut contexts: EguiContexts,
    game: Res<Game>,
    call: Res<ChargeCall>,
    analysis: Res<Analysis>,
    mut analyse: MessageWriter<AnalyseGame>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    if let Some((side, age)) = call.0 {
        let name = game.position().variant().side_name(side);
        let body = Palette::body(side, name);
        // Dark letters on a light side's colours, light letters on a dark side's.
        let light = body.to_srgba().red * 0.3 + body.to_srgba().green * 0.6 + body.to_srgba().blue * 0.1 > 0.5;
        let letters = if light { Color::srgb(0.12, 0.05, 0.02) } else { Palette::trim(side, name) };
        let fade = ((CALL_SECONDS - age) / 0.6).clamp(0.0, 1.0);
        egui::Area::new("charge".into()).anchor(egui::Align2::CENTER_TOP, [-130.0, 120.0]).show(ctx, |ui| {
            egui::Frame::popup(ui.style()).fill(colour32(body, 0.9 * fade)).show(ui, |ui| {
                ui.vertical_centered(|ui| {
                    ui.label(egui::RichText::new("Charge!").size(44.0).strong().color(colour32(letters, fade)));
                    ui.label(egui::RichText::new(format!("{name} charges")).size(20.0).color(colour32(letters, fade)));
                });
            });
        });
    }
    // A lesson's or a puzzle's end is the coach's to say.
    let Some(outcome) = game.outcome().filter(|_| !game.coached) else { return Ok(()) };
    egui::Area::new("game_over".into()).anchor(egui::Align2::CENTER_TOP, [-130.0, 60.0]).show(ctx, |ui| {
        egui::Frame::popup(ui.style()).fill(egui::Color32::from_rgba_unmultiplied(40, 14, 6, 230)).show(ui, |ui| {
            ui.label(egui::RichText::new("Game over").size(28.0).color(egui::Color32::from_rgb(255, 196, 90)));
            ui.label(
                egui::RichText::new(outcome.describe(game.position().variant())).size(18.0).color(egui::Color32::WHITE),
            );
            let reviewed = analysis.running() || analysis.done(&game);
            if !reviewed
                && !game.history.is_empty()
                && ui
                    .button(egui::RichText::new("Review").size(16.0))
                    .on_hover_text("The AI judges every move; the turning points become puzzles (in the side panel)")
                    .clicked()
            {
                analyse.write(AnalyseGame);
            }
        });
    });
    Ok(())
}
