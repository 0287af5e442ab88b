//! Playing by keyboard: a box in the side panel where a move is typed in notation, offering the
//! legal moves its text begins (click one to play it) and, on Enter, playing the move it names
//! or saying why it can't.

use bevy_egui::egui;
use jetan_rules::{Move, Position};

use crate::game::Game;

/// At most this many moves are offered as the text is typed.
const COMPLETIONS: usize = 6;

/// The text being typed, the moves it begins and an example move for the empty box (worked out
/// when the text or the position changes, not every frame), and why the last text entered was
/// refused.
#[derive(Default)]
pub struct TypedMove {
    text: String,
    offered: Vec<String>,
    example: String,
    offered_for: Option<(String, u64)>,
    refused: Option<String>,
}

impl TypedMove {
    /// Enter pressed: the move the text names, or none and the reason kept to show.
    fn enter(&mut self, position: &Position) -> Option<Move> {
        position.parse_move(&self.text).map_err(|error| self.refused = Some(error.to_string())).ok()
    }

    /// Works out the legal moves the text begins, and the example, when the text or the
    /// position has changed.
    fn offer(&mut self, position: &Position, legal: &[Move]) {
        let key = (self.text.clone(), position.hash());
        if self.offered_for.as_ref() != Some(&key) {
            self.offered =
                if self.text.trim().is_empty() { Vec::new() } else { position.completions(&self.text, COMPLETIONS) };
            self.example = legal.first().map(|&mv| format!("e.g. {}", position.move_text(mv))).unwrap_or_default();
            self.offered_for = Some(key);
        }
    }
}

/// Shows the box; the move chosen, if any (the box is cleared then).
pub(super) fn show(ui: &mut egui::Ui, game: &Game, typed: &mut TypedMove) -> Option<Move> {
    let position = game.position();
    typed.offer(position, game.legal_moves());
    ui.label("Or type a move (Enter plays it):");
    let response = ui
        .add(egui::TextEdit::singleline(&mut typed.text).hint_text(typed.example.clone()).desired_width(f32::INFINITY));
    if response.changed() {
        typed.refused = None;
    }
    let mut chosen = None;
    if response.lost_focus() && ui.input(|input| input.key_pressed(egui::Key::Enter)) {
        chosen = typed.enter(position);
    }
    typed.offer(position, game.legal_moves());
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

#[cfg(test)]
mod tests {
    use super::*;

    fn classic_start() -> Position {
        let path = crate::game_root().join("assets/variants/jetan.ron");
        Position::start(std::sync::Arc::new(jetan_rules::Variant::load_file(&path).unwrap()))
    }

    #[test]
    fn a_typed_illegal_move_is_refused_with_the_reason() {
        let position = classic_start();
        let mut typed = TypedMove { text: "W a1-a3".into(), ..TypedMove::default() };
        assert_eq!(typed.enter(&position), None);
        let refused = typed.refused.clone().unwrap();
        assert!(refused.contains("not a legal move here") && refused.contains("Warrior"), "{refused}");
        let mut typed = TypedMove { text: "A b2-b3".into(), ..TypedMove::default() };
        assert_eq!(typed.enter(&position), position.parse_move("A b2-b3").ok());
        assert_eq!(typed.refused, None);
    }

    #[test]
    fn the_moves_a_text_begins_are_offered() {
        let position = classic_start();
        let mut typed = TypedMove { text: "A b2".into(), ..TypedMove::default() };
        typed.offer(&position, &position.legal_moves());
        assert!(!typed.offered.is_empty() && typed.offered.len() <= COMPLETIONS);
        assert!(typed.offered.iter().all(|text| text.starts_with("A b2-")), "{:?}", typed.offered);
        assert!(typed.offered.iter().all(|text| position.parse_move(text).is_ok()));
    }
}
