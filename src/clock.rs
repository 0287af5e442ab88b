//! The clock of the side to move ticks while the board is still and no modal window is open; a
//! side whose time runs out loses, or draws when the other side has no piece that could win.

use bevy::prelude::*;
use jetan_rules::Outcome;

use crate::AppSystems;
use crate::animation::BeingShown;
use crate::game::Game;

/// Whether the clocks wait because a window that takes the player's attention (a new game,
/// saving or opening) is open; the interface says so each frame.
#[derive(Resource, Default)]
pub struct ClocksHeld(pub bool);

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<ClocksHeld>().add_systems(Update, run_clock.in_set(AppSystems::Decide));
}

/// Runs the clock of the side to move, unless the game is over or in analysis mode, a move is
/// still being shown, or the clocks are held; ends the game when its time runs out.
fn run_clock(time: Res<Time>, mut game: ResMut<Game>, shown: Query<(), BeingShown>, held: Res<ClocksHeld>) {
    if !game.clocks.is_on() || game.outcome().is_some() || game.analysing || !shown.is_empty() || held.0 {
        return;
    }
    let side = game.position.to_move();
    if game.clocks.run(side, time.delta()) {
        game.declared = Some(Outcome::out_of_time(&game.position, side));
    }
}
