//! Turning clicks into moves: select a piece of the side to move and see where it can go; click
//! pieces that can come along (an escorted female, squad members) to add or drop them; click a
//! destination to play the move. When several moves fit (a promotion's choices) the player picks
//! one from a list. A click that can't be a move says why.

use bevy::prelude::*;
use jetan_rules::{Move, Square};

use crate::animation::Walking;
use crate::board::PieceToken;
use crate::facts::LegalMoves;
use crate::game::{Game, MoveChosen, Notice, SquareClicked};
use crate::screen::ModalOpen;
use crate::seat::Seat;

/// The piece the player has picked, the pieces chosen to move with it, the moves it takes
/// part in, and the square under the pointer.
#[derive(Resource, Default, Debug)]
pub struct Selection {
    /// The selected piece's square.
    pub from: Option<Square>,
    /// The squares of the pieces chosen to move with it.
    pub members: Vec<Square>,
    /// The legal moves the selected piece moves in (not turn actions such as Rapid
    /// Deployments: the panel offers those).
    pub moves: Vec<Move>,
    /// Moves the player must choose among (they differ only in what the panel lists).
    pub choices: Vec<Move>,
    /// The square under the pointer, if any.
    pub hover: Option<Square>,
}

impl Selection {
    /// The selected piece's destination in `mv`.
    fn destination(&self, mv: &Move) -> Option<Square> {
        let from = self.from?;
        mv.steps.iter().find(|s| s.from == from).map(|s| s.to)
    }

    /// The squares of the other pieces moving in `mv`.
    fn others(&self, mv: &Move) -> impl Iterator<Item = Square> + '_ {
        let steps = mv.steps;
        let from = self.from;
        steps.into_iter_copied().map(|s| s.from).filter(move |&s| Some(s) != from)
    }

    /// Whether `mv` moves exactly the chosen members besides the selected piece.
    fn fits(&self, mv: &Move) -> bool {
        self.others(mv).count() == self.members.len() && self.others(mv).all(|s| self.members.contains(&s))
    }

    /// The moves that fit the chosen members, with the selected piece going to `square`.
    pub fn moves_to(&self, square: Square) -> Vec<Move> {
        self.moves.iter().copied().filter(|m| self.fits(m) && self.destination(m) == Some(square)).collect()
    }

    /// The legal moves that fit the chosen members, each with the selected piece's destination.
    pub fn targets(&self) -> impl Iterator<Item = (Move, Square)> + '_ {
        self.moves.iter().filter(|m| self.fits(m)).filter_map(|m| Some((*m, self.destination(m)?)))
    }

    /// The squares of pieces that may be added to the chosen members: those moving in some
    /// legal move that also moves every chosen member.
    pub fn joinable(&self) -> Vec<Square> {
        let mut joinable: Vec<Square> = self
            .moves
            .iter()
            .filter(|m| self.members.iter().all(|s| m.steps.iter().any(|step| step.from == *s)))
            .flat_map(|m| self.others(m).collect::<Vec<_>>())
            .filter(|s| !self.members.contains(s))
            .collect();
        joinable.sort();
        joinable.dedup();
        joinable
    }

    /// The selection of the piece on `square`, which moves in `moves` (its [`LegalMoves`]).
    fn of(square: Square, moves: &LegalMoves, hover: Option<Square>) -> Selection {
        Selection { from: Some(square), members: Vec::new(), moves: moves.0.clone(), choices: Vec::new(), hover }
    }
}

/// Turns the clicks of the frame into a selection, members chosen, or a move to play.
pub(super) fn handle_clicks(
    mut clicks: MessageReader<SquareClicked>,
    game: Res<Game>,
    tokens: Query<(&PieceToken, &LegalMoves)>,
    mut selection: ResMut<Selection>,
    mut notice: ResMut<Notice>,
    walking: Query<(), With<Walking>>,
    modal: Res<ModalOpen>,
    mut chosen: MessageWriter<MoveChosen>,
) {
    for &SquareClicked(square) in clicks.read() {
        if !walking.is_empty() || modal.0 {
            continue;
        }
        if let Some(outcome) = game.outcome() {
            notice.0 = Some(format!("The game is over. {}", outcome.describe(game.position().variant())));
            continue;
        }
        if game.seat_to_move() != Seat::Human {
            let side = game.position().variant().side_name(game.position().to_move());
            let by = if game.seat_to_move() == Seat::Online { "your opponent online" } else { "the AI" };
            notice.0 = Some(format!("{side} is played by {by}: wait for the move."));
            continue;
        }
        let hover = selection.hover;
        let position = game.position();
        let variant = position.variant();
        if selection.from == Some(square) {
            *selection = Selection { hover, ..default() };
            notice.0 = None;
            continue;
        }
        match selection.moves_to(square).as_slice() {
            [mv] => {
                chosen.write(MoveChosen(*mv));
                *selection = Selection { hover, ..default() };
                continue;
            }
            [] => {}
            several => {
                selection.choices = several.to_vec();
                notice.0 = Some("Several moves fit: choose one in the list.".into());
                continue;
            }
        }
        if let Some(index) = selection.members.iter().position(|&s| s == square) {
            selection.members.remove(index);
            notice.0 = None;
            continue;
        }
        if selection.joinable().contains(&square) {
            selection.members.push(square);
            notice.0 = None;
            continue;
        }
        match position.piece_at(square) {
            // A Wild Banth is selected to step it or, from Thuvia, to direct it.
            Some(piece) if piece.side == position.to_move() || position.ownerless().contains(square) => {
                let on_square =
                    |(token, _): &(&PieceToken, &LegalMoves)| token.square == square && token.piece == piece;
                let Some((_, moves)) = tokens.iter().find(on_square) else { continue };
                *selection = Selection::of(square, moves, hover);
                notice.0 =
                    selection.moves.is_empty().then(|| format!("The {} has no legal move.", position.name_of(piece)));
            }
            _ => {
                notice.0 = Some(match selection.from {
                    Some(from) if selection.members.is_empty() => {
                        let why = position.why_illegal(from, square, None);
                        format!("That is not a legal move{why}.")
                    }
                    Some(_) => "The pieces chosen can't all move there together.".into(),
                    None => {
                        format!("It is {}'s turn: pick one of their pieces.", variant.side_name(position.to_move()))
                    }
                });
                *selection = Selection { hover, ..default() };
            }
        }
    }
}
