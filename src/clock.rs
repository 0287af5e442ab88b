//! The clock of the side to move ticks while the board is still and no modal window is open; a
//! side whose time runs out loses, or draws when the other side has no piece that could win
//! (online, when the server says so).

use bevy::prelude::*;
use jetan_rules::Outcome;

use crate::AppSystems;
use crate::animation::BeingShown;
use crate::game::Game;
use crate::online::Online;
use crate::screen::ModalOpen;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Update, run_clock.in_set(AppSystems::Decide));
}

/// Runs the clock of the side to move, unless the game is over or in analysis mode, a move is
/// still being shown, a window over the game is open, or an online game waits for its second
/// player (the server's clocks start when they join); ends the game when its time runs out.
fn run_clock(
    time: Res<Time>,
    mut game: ResMut<Game>,
    shown: Query<(), BeingShown>,
    modal: Res<ModalOpen>,
    online: Option<Res<Online>>,
) {
    let waiting = online.is_some_and(|online| online.waiting_for_opponent());
    if !game.clocks.is_on() || game.outcome().is_some() || game.analysing || !shown.is_empty() || modal.0 || waiting {
        return;
    }
    let side = game.position().to_move();
    // Online, the server keeps the time and says when it runs out.
    if game.clocks.run(side, time.delta()) && !game.seats.online() {
        game.declared = Some(Outcome::out_of_time(game.position(), side));
    }
}
