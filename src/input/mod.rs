//! The player's input on the board: pointing at squares and pieces ([`pointer`]) becomes
//! [`SquareClicked`]s, and clicks become moves ([`selection`]); the launch's `--select` and
//! `--hover` squares are clicked and hovered as a player would.

mod pointer;
mod selection;

use bevy::prelude::*;

pub use pointer::{StandsFor, answer_pointer};
pub use selection::Selection;

use crate::AppSystems;
use crate::board::PieceToken;
use crate::game::{BoardReset, Game, Notice, SquareClicked};
use crate::launch::StageDirections;
use crate::screen::Screen;

pub(super) fn plugin(app: &mut App) {
    // The window's message, registered here too for the headless games that have no window.
    app.init_resource::<Selection>()
        .add_message::<bevy::window::CursorLeft>()
        .add_systems(
            Update,
            (apply_launch_squares, selection::handle_clicks)
                .chain()
                .in_set(crate::WhilePlaying)
                .in_set(AppSystems::RecordInput),
        )
        .add_systems(OnExit(Screen::Playing), |mut selection: ResMut<Selection>| *selection = Selection::default())
        .add_systems(Update, pointer::forget_hover_out_of_the_window.in_set(AppSystems::RecordInput))
        .add_systems(Update, forget_on_reset.in_set(AppSystems::Board));
}

/// Clicks the launch's square once the first board is set, and holds its hovered square
/// (whatever the pointer hovers: a screenshot's pointer rests wherever the screen puts it).
fn apply_launch_squares(
    stage: Res<StageDirections>,
    game: Res<Game>,
    tokens: Query<(), With<PieceToken>>,
    mut done: Local<bool>,
    mut clicks: MessageWriter<SquareClicked>,
    mut selection: ResMut<Selection>,
    mut notice: ResMut<Notice>,
) {
    if tokens.is_empty() {
        return;
    }
    let geometry = game.position().variant().geometry();
    if *done {
        let hover = stage.hover.as_ref().and_then(|name| geometry.parse(name));
        if hover.is_some() && selection.hover != hover {
            selection.hover = hover;
        }
        return;
    }
    *done = true;
    let mut square = |name: &String| {
        let square = geometry.parse(name);
        if square.is_none() {
            notice.0 = Some(format!("`{name}` is not a square of this board"));
        }
        square
    };
    if let Some(square) = stage.select.as_ref().and_then(&mut square) {
        clicks.write(SquareClicked(square));
    }
    if let Some(square) = stage.hover.as_ref().and_then(&mut square) {
        selection.hover = Some(square);
    }
}

/// A reset board has new tokens: nothing stays selected.
fn forget_on_reset(mut resets: MessageReader<BoardReset>, mut selection: ResMut<Selection>) {
    if resets.read().count() > 0 {
        *selection = Selection::default();
    }
}
