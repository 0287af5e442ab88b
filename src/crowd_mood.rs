//! How roused Manator's crowd is: the stands rise and cheer by it ([`crate::scene`]'s crowd) and
//! the crowd's roar is heard by it (`sound/`). It hears the captures and wins of the game.

use bevy::prelude::*;

use crate::game::Game;
use crate::heard::{Heard, SoundEvent};

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Cheering>().add_message::<Heard>().add_systems(Update, rouse.in_set(crate::AppSystems::View));
}

/// How roused Manator's crowd is: 0 murmuring, 1 on its feet, more at a win. A capture rouses
/// it, a won game more and for as long as the game stands won; it calms by the second. The
/// crowd's roar is heard by it too.
#[derive(Resource, Debug, Default)]
pub struct Cheering {
    /// How roused: 0 murmuring, 1 on its feet, more at a win.
    pub level: f32,
    /// Whether the game has been won (the crowd cheers on until another game, or an undo).
    won: bool,
}

/// How much a capture rouses the crowd, and a win.
const AT_A_CAPTURE: f32 = 0.8;
const AT_A_WIN: f32 = 1.5;
/// How far a won game keeps the crowd roused.
const WHILE_WON: f32 = 0.6;
/// How fast the crowd calms, by the second.
const CALMING: f32 = 0.3;
/// Rouses the crowd at the captures and wins heard, keeps it roused while the game stands won,
/// and calms it by the second.
fn rouse(mut heard: MessageReader<Heard>, game: Option<Res<Game>>, time: Res<Time>, mut cheering: ResMut<Cheering>) {
    for heard in heard.read() {
        match heard.event {
            SoundEvent::Capture => cheering.level = cheering.level.max(AT_A_CAPTURE),
            SoundEvent::Win => (cheering.level, cheering.won) = (AT_A_WIN, true),
            _ => {}
        }
    }
    cheering.won &= game.is_some_and(|game| game.outcome().is_some_and(|outcome| outcome.winner.is_some()));
    let floor = if cheering.won { WHILE_WON } else { 0.0 };
    cheering.level = (cheering.level - time.delta_secs() * CALMING).max(floor);
}
