//! Turning clicks into moves: select a piece of the side to move, see its legal moves, click
//! one to play it. A click that can't be a move says why.

use bevy::prelude::*;
use jetan_rules::{Move, Square};

use crate::AppSystems;
use crate::ai_player::Seat;
use crate::animation::Walking;
use crate::game::{Game, MovePlayed, Notice, SquareClicked};

/// The piece the player has picked and its legal moves; the square under the pointer.
#[derive(Resource, Default, Debug)]
pub struct Selection {
    /// The selected piece's square.
    pub from: Option<Square>,
    /// Its legal moves.
    pub moves: Vec<Move>,
    /// The square under the pointer, if any.
    pub hover: Option<Square>,
}

impl Selection {
    /// The legal move of the selected piece to `square`.
    pub fn move_to(&self, square: Square) -> Option<Move> {
        self.moves.iter().copied().find(|m| m.to == square)
    }
}

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Update, handle_clicks.in_set(AppSystems::Update));
}

fn handle_clicks(
    mut clicks: MessageReader<SquareClicked>,
    game: Option<ResMut<Game>>,
    mut selection: ResMut<Selection>,
    mut notice: ResMut<Notice>,
    walking: Query<(), With<Walking>>,
    mut played: MessageWriter<MovePlayed>,
) {
    let Some(mut game) = game else { return };
    for &SquareClicked(square) in clicks.read() {
        if !walking.is_empty() {
            continue;
        }
        if let Some(outcome) = game.outcome() {
            notice.0 = Some(format!("The game is over. {}", outcome.describe(game.position.variant())));
            continue;
        }
        if let Seat::Ai(_) = game.seat_to_move() {
            let side = game.position.variant().side_name(game.position.to_move());
            notice.0 = Some(format!("{side} is played by the AI: wait for its move."));
            continue;
        }
        if let Some(mv) = selection.move_to(square) {
            played.write(game.play(mv));
            *selection = Selection { hover: selection.hover, ..default() };
            notice.0 = None;
            continue;
        }
        let position = &game.position;
        let variant = position.variant();
        match position.piece_at(square) {
            Some(piece) if piece.side == position.to_move() => {
                let moves: Vec<Move> = position.legal_moves().into_iter().filter(|m| m.from == square).collect();
                notice.0 =
                    moves.is_empty().then(|| format!("The {} has no legal move.", variant.kind(piece.kind).name));
                *selection = Selection { from: Some(square), moves, hover: selection.hover };
            }
            _ => {
                notice.0 = Some(match selection.from {
                    Some(from) => {
                        let why = position.why_illegal(from, square, None);
                        format!("That is not a legal move{why}.")
                    }
                    None => {
                        format!("It is {}'s turn: pick one of their pieces.", variant.side_name(position.to_move()))
                    }
                });
                *selection = Selection { hover: selection.hover, ..default() };
            }
        }
    }
}
