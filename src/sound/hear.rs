//! What the game makes heard: each system watches one part of the game (the walks of a move,
//! the captured falling, promotions rising, a declared Charge, a won game, a clock running
//! short, a square chosen, a click on the interface) and says each moment that sounds as a
//! [`Heard`].

use std::collections::{HashMap, HashSet};

use bevy::prelude::*;
use jetan_rules::MoveKind;

use crate::animation::{Appearing, BeingShown, Gait, Leaving, Walking};
use crate::board::PieceToken;
use crate::game::{Game, MovePlayed, SquareClicked};
use crate::heard::{Heard, SoundEvent};
use crate::token_looks::TokenLook;

/// Seconds left on the clock of the side to move under which it ticks.
pub const SHORT_TIME_SECONDS: u64 = 10;

/// The walks of a move: a piece's departure, each square a man lands on or a beast treads, a
/// train's cars rolling, an airship's flight, a banth's pounce.
pub(super) fn hear_walks(
    walkers: Query<(Entity, &Walking, &PieceToken, &GlobalTransform, Option<&TokenLook>)>,
    game: Res<Game>,
    mut landed: Local<HashMap<Entity, usize>>,
    mut heard: MessageWriter<Heard>,
) {
    landed.retain(|entity, _| walkers.contains(*entity));
    let mut train_heard = false;
    for (entity, walk, token, place, look) in &walkers {
        let own = |event: SoundEvent| look.and_then(|look| look.0.sounds.get(&event).cloned());
        let at = Some(place.translation());
        let hauls = game.position().variant().kind(token.piece.kind).hauls.is_some();
        let footfall = match walk.gait {
            Gait::Hop | Gait::Stride { .. } => Some(SoundEvent::Step),
            Gait::Plod { .. } if hauls => Some(SoundEvent::Plod),
            _ => None,
        };
        let landings = landed.entry(entity).or_insert(usize::MAX);
        if *landings == usize::MAX {
            *landings = 0;
            heard.write(Heard { event: SoundEvent::Depart, at, own: own(SoundEvent::Depart), follow: None });
            let start = match walk.gait {
                Gait::Fly => {
                    Some(Heard { event: SoundEvent::Flight, at, own: own(SoundEvent::Flight), follow: Some(entity) })
                }
                Gait::Pounce => {
                    Some(Heard { event: SoundEvent::Pounce, at, own: own(SoundEvent::Pounce), follow: None })
                }
                Gait::Plod { .. } if !hauls && !std::mem::replace(&mut train_heard, true) => {
                    Some(Heard { event: SoundEvent::Train, at, own: own(SoundEvent::Train), follow: None })
                }
                _ => None,
            };
            heard.write_batch(start);
        }
        let Some(event) = footfall else { continue };
        let legs = walk.path.len().saturating_sub(1).max(1);
        let progress = (walk.elapsed / walk.duration.max(1e-3)).clamp(0.0, 1.0);
        let now = ((progress * legs as f32) as usize).min(legs);
        while *landings < now {
            *landings += 1;
            heard.write(Heard { event, at, own: own(event), follow: None });
        }
    }
}

/// A captured piece falls: the fight on its square. A piece a promotion brings back rises: the
/// chime.
pub(super) fn hear_falls_and_risings(
    leaving: Query<(Entity, &Leaving, &GlobalTransform)>,
    appearing: Query<(Entity, &Appearing, &GlobalTransform)>,
    mut heard_already: Local<HashSet<Entity>>,
    mut heard: MessageWriter<Heard>,
) {
    heard_already.retain(|entity| leaving.contains(*entity) || appearing.contains(*entity));
    let started = leaving
        .iter()
        .filter(|(_, fall, _)| fall.elapsed >= fall.delay)
        .map(|(entity, _, place)| (entity, SoundEvent::Capture, place))
        .chain(
            appearing
                .iter()
                .filter(|(_, rise, _)| rise.elapsed >= rise.delay)
                .map(|(e, _, p)| (e, SoundEvent::Promotion, p)),
        );
    for (entity, event, place) in started {
        if heard_already.insert(entity) {
            heard.write(Heard { event, at: Some(place.translation()), own: None, follow: None });
        }
    }
}

/// A side declares a Charge: its war horn.
pub(super) fn hear_charges(mut played: MessageReader<MovePlayed>, mut heard: MessageWriter<Heard>) {
    for played in played.read() {
        if played.mv.kind == MoveKind::Charge {
            heard.write(Heard::everywhere(SoundEvent::Charge));
        }
    }
}

/// A game won, once its last move has been shown: the crowd roars.
pub(super) fn hear_wins(
    game: Res<Game>,
    shown: Query<(), BeingShown>,
    mut was_won: Local<bool>,
    mut heard: MessageWriter<Heard>,
) {
    let won = game.outcome().is_some_and(|outcome| outcome.winner.is_some()) && shown.is_empty();
    if won && !*was_won {
        heard.write(Heard::everywhere(SoundEvent::Win));
    }
    *was_won = won;
}

/// The side to move's clock under [`SHORT_TIME_SECONDS`]: a tick each second.
pub(super) fn hear_short_time(game: Res<Game>, mut last: Local<Option<u64>>, mut heard: MessageWriter<Heard>) {
    let side = game.position().to_move();
    let left = game.clocks.left(side);
    let running = game.clocks.is_on() && game.outcome().is_none() && !game.analysing;
    let second = (running && left.as_secs() < SHORT_TIME_SECONDS).then_some(left.as_secs());
    if second.is_some() && second != *last {
        heard.write(Heard::everywhere(SoundEvent::Tick));
    }
    *last = second;
}

/// A square chosen on the board: a soft click.
pub(super) fn hear_clicks(mut clicked: MessageReader<SquareClicked>, mut heard: MessageWriter<Heard>) {
    for _ in clicked.read() {
        heard.write(Heard::everywhere(SoundEvent::Click));
    }
}

/// A click on the interface (a button, a menu, a window): a soft click too.
pub(super) fn hear_interface_clicks(mut contexts: bevy_egui::EguiContexts, mut heard: MessageWriter<Heard>) {
    let Ok(ctx) = contexts.ctx_mut() else { return };
    if ctx.input(|input| input.pointer.any_click()) && ctx.is_pointer_over_egui() {
        heard.write(Heard::everywhere(SoundEvent::Click));
    }
}
