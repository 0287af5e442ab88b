//! The sound of Barsoom: what happens in the game heard from where it happens (a piece's steps
//! by its gait, the fight of a capture, an airship's propellers, a banth's roar, a promotion's
//! chime, the war horn of a Charge, the crowd's roar at a win, a clock's tick, the interface's
//! clicks) over the wind and the crowd's murmur. Which sound each event makes is data
//! (`assets/sounds/barsoom.sounds.ron`, [`map`]; a look may give a kind its own); the sounds
//! are made by `tools/synth`; `jetan_audio` mixes and plays them.

mod asset;
mod hear;
pub mod map;
mod play;

use bevy::prelude::*;

pub use asset::{SOUNDS_FILE, SoundCatalog};
pub use hear::SHORT_TIME_SECONDS;
pub use play::{Audio, SoundDevice};

use crate::AppSystems;
use crate::heard::Heard;

pub(super) fn plugin(app: &mut App) {
    app.add_plugins(asset::plugin)
        .add_message::<Heard>()
        .init_resource::<Audio>()
        .init_resource::<play::Lasting>()
        .add_systems(Startup, play::open_output)
        .add_systems(bevy_egui::EguiPrimaryContextPass, hear::hear_interface_clicks)
        .add_systems(
            Update,
            (
                (
                    hear::hear_walks,
                    hear::hear_falls_and_risings,
                    hear::hear_charges,
                    hear::hear_wins,
                    hear::hear_short_time,
                )
                    .in_set(crate::WhilePlaying),
                hear::hear_clicks,
                play::play_heard,
                play::follow_flights,
                play::play_ambience,
                play::advance_unheard,
                toggle_mute,
            )
                .chain()
                .in_set(AppSystems::View),
        );
}

/// `M` mutes the game, or lets it be heard again (the settings keep it).
fn toggle_mute(
    keys: Res<ButtonInput<KeyCode>>,
    egui: Option<Res<bevy_egui::input::EguiWantsInput>>,
    mut settings: ResMut<crate::settings::Settings>,
) {
    if keys.just_pressed(KeyCode::KeyM) && !egui.is_some_and(|e| e.wants_keyboard_input()) {
        settings.sound.muted = !settings.sound.muted;
    }
}
