//! Playing by keyboard: a box in the side panel where a move is typed in notation, offering the
//! legal moves its text begins (click one to play it) and, on Enter, playing the move it names
//! or saying why it can't.

use bevy_egui::egui;
use jetan_rules::Move;

use crate::game::Game;

/// At most this many moves are offered as the text is typed.
const COMPLETIONS: usize = 6;

/// The text being typed, the moves it begins (worked out when the text or the position
/// changes, not every frame), and why the last text entered was refused.
#[derive(Default)]
pub struct TypedMove {
    text: String,
    offered: Vec<String>,
    offered_for: Option<(String, u64)>,
    refused: Option<String>,
}

/// Shows the box; the move chosen, if any (the box is cleared then).
pub(super) fn show(ui: &mut egui::Ui, game: &Game, typed: &mut TypedMove) -> Option<Move> {
    let position = &game.position;
    let example = game.legal_moves().first().map(|&mv| format!("e.g. {}", position.move_text(mv)));
    ui.label("Or type a move (Enter plays it):");
    let response = ui.add(
        egui::TextEdit::singleline(&mut typed.text).hint_text(example.unwrap_or_default()).desired_width(f32::INFINITY),
    );
    if response.changed() {
        typed.refused = None;
    }
    let mut chosen = None;
    if response.lost_focus() && ui.input(|input| input.key_pressed(egui::Key::Enter)) {
        match position.parse_move(&typed.text) {
            Ok(mv) => chosen = Some(mv),
            Err(error) => typed.refused = Some(error.to_string()),
        }
    }
    let key = (typed.text.clone(), position.hash());
    if typed.offered_for.as_ref() != Some(&key) {
        typed.offered =
            if typed.text.trim().is_empty() { Vec::new() } else { position.completions(&typed.text, COMPLETIONS) };
        typed.offered_for = Some(key);
    }
    if typed.refused.is_none() {
        for text in &typed.offered {
            if ui.small_button(egui::RichText::new(text).monospace()).clicked() {
                chosen = position.parse_move(text).ok();
            }
        }
    }
    if let Some(refused) = &typed.refused {
        ui.colored_label(egui::Color32::LIGHT_RED, refused);
    }
    if chosen.is_some() {
        *typed = TypedMove::default();
    }
    chosen
}
