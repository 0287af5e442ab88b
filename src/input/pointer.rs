//! Pointing at the board: a click on a square, a piece, or anything drawn for one (the 2D
//! view's tiles and icons) becomes a [`SquareClicked`]; hovering one sets the selection's
//! hovered square. While a piece is selected, a legal destination under the pointer wins over
//! whatever stands in front of it (a tall piece on the square before it, seen in 3D); the marks
//! on the board let the pointer through to their squares. A pointer that leaves the window
//! hovers nothing.

use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use bevy::window::CursorLeft;
use jetan_rules::Square;

use super::Selection;
use crate::board::{BoardLayout, Cell, PieceToken};
use crate::game::SquareClicked;
use crate::launch::StageDirections;

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

/// The square the player means by pointing at an entity: the selected piece's legal
/// destination under the pointer if there is one there, else the square the entity stands for.
#[derive(SystemParam)]
struct MeantSquare<'w, 's> {
    squares: SquareOf<'w, 's>,
    layout: Option<Res<'w, BoardLayout>>,
    cameras: Query<'w, 's, (&'static Camera, &'static GlobalTransform, Has<Camera2d>)>,
}

impl MeantSquare<'_, '_> {
    /// What pointing at `entity` from `at` in the window (seen through `camera`) means.
    fn of(&self, entity: Entity, camera: Entity, at: Vec2, selection: &Selection) -> Option<Square> {
        let under = self.under(camera, at);
        let destination = under.filter(|&square| selection.from.is_some() && !selection.moves_to(square).is_empty());
        destination.or_else(|| self.squares.get(entity))
    }

    /// The square where the ray through the window's point `at` meets the board's plane, seen
    /// through `camera` (the 2D diagram's camera sees the board from above). Bevy takes the
    /// point in the window's coordinates, wherever the camera's viewport lies in it.
    fn under(&self, camera: Entity, at: Vec2) -> Option<Square> {
        let (camera, transform, diagram) = self.cameras.get(camera).ok()?;
        let point = if diagram {
            let on_diagram = camera.viewport_to_world_2d(transform, at).ok()?;
            Vec3::new(on_diagram.x, 0.0, -on_diagram.y)
        } else {
            let ray = camera.viewport_to_world(transform, at).ok()?;
            ray.get_point(ray.intersect_plane(Vec3::ZERO, InfinitePlane3d::new(Vec3::Y))?)
        };
        self.layout.as_ref()?.square_at(point)
    }
}

/// Makes an entity (a cell, a token or one drawn for them) answer the pointer.
pub fn answer_pointer(entity: &mut EntityCommands) {
    entity.observe(click).observe(hover).observe(leave);
}

fn click(
    click: On<Pointer<Click>>,
    meant: MeantSquare,
    selection: Res<Selection>,
    mut clicks: MessageWriter<SquareClicked>,
) {
    let at = click.pointer_location.position;
    if click.event.button == PointerButton::Primary
        && let Some(square) = meant.of(click.event_target(), click.event.hit.camera, at, &selection)
    {
        clicks.write(SquareClicked(square));
    }
}

fn hover(over: On<Pointer<Over>>, meant: MeantSquare, mut selection: ResMut<Selection>) {
    let at = over.pointer_location.position;
    if let Some(square) = meant.of(over.event_target(), over.event.hit.camera, at, &selection) {
        selection.hover = Some(square);
    }
}

/// The pointer left the window: nothing is hovered (Bevy's picking keeps the mouse where it was
/// last seen, so no square hears it leave), unless the launch holds a hovered square.
pub(super) fn forget_hover_out_of_the_window(
    mut left: MessageReader<CursorLeft>,
    stage: Res<StageDirections>,
    mut selection: ResMut<Selection>,
) {
    if left.read().count() > 0 && stage.hover.is_none() {
        selection.hover = None;
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
