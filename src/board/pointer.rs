//! Pointing at the board: a click on a square, a piece, or anything drawn for one (the 2D
//! view's tiles and icons) becomes a [`SquareClicked`]; hovering one sets the selection's
//! hovered square.

use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use jetan_rules::Square;

use super::{Cell, PieceToken, Selection};
use crate::game::SquareClicked;

/// An entity drawn for another that stands on a square (a cell or a piece): pointing at it
/// points at that square.
#[derive(Component, Clone, Copy, Debug)]
pub struct StandsFor(pub Entity);

/// The square an entity stands for.
#[derive(SystemParam)]
struct SquareOf<'w, 's> {
    cells: Query<'w, 's, &'static Cell>,
    tokens: Query<'w, 's, &'static PieceToken>,
    proxies: Query<'w, 's, &'static StandsFor>,
}

impl SquareOf<'_, '_> {
    fn get(&self, entity: Entity) -> Option<Square> {
        let entity = self.proxies.get(entity).map_or(entity, |proxy| proxy.0);
        let cell = self.cells.get(entity).map(|cell| cell.0);
        cell.or_else(|_| self.tokens.get(entity).map(|token| token.square)).ok()
    }
}

/// Makes an entity (a cell, a token or one drawn for them) answer the pointer.
pub fn answer_pointer(entity: &mut EntityCommands) {
    entity.observe(click).observe(hover).observe(leave);
}

fn click(click: On<Pointer<Click>>, squares: SquareOf, mut clicks: MessageWriter<SquareClicked>) {
    if click.event.button == PointerButton::Primary
        && let Some(square) = squares.get(click.event_target())
    {
        clicks.write(SquareClicked(square));
    }
}

fn hover(over: On<Pointer<Over>>, squares: SquareOf, mut selection: ResMut<Selection>) {
    if let Some(square) = squares.get(over.event_target()) {
        selection.hover = Some(square);
    }
}

/// The pointer left a square: nothing is hovered, unless it already entered another square.
fn leave(out: On<Pointer<Out>>, squares: SquareOf, mut selection: ResMut<Selection>) {
    if let Some(square) = squares.get(out.event_target())
        && selection.hover == Some(square)
    {
        selection.hover = None;
    }
}
