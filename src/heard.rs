//! What is heard in the game, as values every layer may name: the events that make a sound
//! ([`SoundEvent`], the keys of a sounds file's `events` and of a look's `sounds`) and the
//! message saying one was heard ([`Heard`]), which the sound plays and the crowd answers.

use bevy::prelude::*;
use serde::Deserialize;

/// What happens in the game that is heard.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum SoundEvent {
    /// A piece sets off on its move (nothing, unless a look gives a kind a sound for it).
    Depart,
    /// A man or woman lands on a square of the walk.
    Step,
    /// A heavy beast (one that hauls a train) treads a square of its walk.
    Plod,
    /// A train's cars roll after it.
    Train,
    /// An airship flies: a loop that swells at lift-off and fades as it sets down.
    Flight,
    /// A Wild Banth pounces.
    Pounce,
    /// A piece takes another: the fight and the fall.
    Capture,
    /// A promotion brings a piece back.
    Promotion,
    /// A side declares a Charge.
    Charge,
    /// A side wins the game.
    Win,
    /// A clock running short, each second.
    Tick,
    /// A square chosen on the board.
    Click,
}

impl SoundEvent {
    /// Every event, in order.
    pub const ALL: [SoundEvent; 12] = [
        SoundEvent::Depart,
        SoundEvent::Step,
        SoundEvent::Plod,
        SoundEvent::Train,
        SoundEvent::Flight,
        SoundEvent::Pounce,
        SoundEvent::Capture,
        SoundEvent::Promotion,
        SoundEvent::Charge,
        SoundEvent::Win,
        SoundEvent::Tick,
        SoundEvent::Click,
    ];

    /// Its name in the files (`step`).
    pub fn name(self) -> &'static str {
        match self {
            SoundEvent::Depart => "depart",
            SoundEvent::Step => "step",
            SoundEvent::Plod => "plod",
            SoundEvent::Train => "train",
            SoundEvent::Flight => "flight",
            SoundEvent::Pounce => "pounce",
            SoundEvent::Capture => "capture",
            SoundEvent::Promotion => "promotion",
            SoundEvent::Charge => "charge",
            SoundEvent::Win => "win",
            SoundEvent::Tick => "tick",
            SoundEvent::Click => "click",
        }
    }

    /// The event of a name (`step`).
    pub fn named(name: &str) -> Option<SoundEvent> {
        SoundEvent::ALL.into_iter().find(|event| event.name() == name)
    }
}

/// Something heard: its event, where (nowhere in particular: in both ears alike), the kind's
/// own sound for it, and the piece it follows (an airship's propellers fly with it).
#[derive(Message, Clone, Debug, PartialEq)]
pub struct Heard {
    /// What was heard.
    pub event: SoundEvent,
    /// Where in the world, if anywhere in particular.
    pub at: Option<Vec3>,
    /// The kind's own sound for it, by the sounds file's name.
    pub own: Option<String>,
    /// The piece the sound follows while it lasts (an airship's propellers).
    pub follow: Option<Entity>,
}

impl Heard {
    /// An event heard in both ears alike.
    pub fn everywhere(event: SoundEvent) -> Heard {
        Heard { event, at: None, own: None, follow: None }
    }
}
