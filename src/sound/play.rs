//! What is heard, played: each [`Heard`] becomes a voice of the mixer (a take chosen at
//! random, its pitch varied), placed between the ears by where it happens as seen from the
//! board's camera and followed as its piece flies; the ambience's two loops play under it all,
//! the crowd quieter by night and swelling at captures and wins; the settings' volumes and
//! mute apply to everything at once.

use std::sync::{Arc, Mutex};

use bevy::prelude::*;
use jetan_audio::{Mixer, Output, Play, VoiceId, spatial};

use super::asset::{SOUNDS_FILE, SoundCatalog};
use crate::animation::{FLIGHT_HEIGHT, Walking};
use crate::camera::BoardCamera;
use crate::heard::Heard;
use crate::heard::SoundEvent;
use crate::settings::Settings;

/// Within this distance of the camera (in squares) a sound is heard at its full volume.
const NEAR: f32 = 16.0;
/// The most voices of one event started in a frame.
const MAX_AT_ONCE: usize = 3;

/// The mixer, and the sound device it plays on (none in tests, or where there is no sound).
#[derive(Resource)]
pub struct Audio {
    /// The mixer the output thread plays.
    pub mixer: Arc<Mutex<Mixer>>,
    output: Option<Output>,
}

impl Default for Audio {
    fn default() -> Self {
        Audio { mixer: Arc::new(Mutex::new(Mixer::new(jetan_audio::OUTPUT_RATE))), output: None }
    }
}

/// The sound device the game plays on (ALSA's name: `default`). Without it, the mixer runs
/// unheard (the tests render it themselves).
#[derive(Resource, Clone, Debug)]
pub struct SoundDevice(pub String);

/// A voice that follows a flying piece, swelling with its height; it ends with the flight.
struct Following {
    voice: VoiceId,
    piece: Entity,
    volume: f32,
}

/// The voices that go on: the ambience's loops and the flights' propellers.
#[derive(Resource, Default)]
pub(super) struct Lasting {
    /// The wind's and the crowd's voices, and the sounds file's version they play.
    ambience: Option<([VoiceId; 2], u64)>,
    following: Vec<Following>,
    /// The random numbers that choose takes and pitches.
    roll: u64,
}

/// Opens the sound device, if the game has one; says once why not.
pub(super) fn open_output(device: Option<Res<SoundDevice>>, mut audio: ResMut<Audio>) {
    let Some(device) = device else { return };
    match Output::open(audio.mixer.clone(), &device.0) {
        Ok(output) => audio.output = Some(output),
        Err(reason) => info!("No sound: {reason}. The game plays on silently."),
    }
}

/// Without a sound device, moves the voices on as the device would have played them, so that
/// those that end are dropped (the mixer would otherwise hold every step of a long game).
pub(super) fn advance_unheard(audio: Res<Audio>, time: Res<Time>) {
    if audio.output.is_none()
        && let Ok(mut mixer) = audio.mixer.lock()
    {
        mixer.advance((time.delta_secs() * jetan_audio::OUTPUT_RATE as f32) as usize);
    }
}

/// The gains for a sound at `at` (both ears alike when nowhere in particular).
fn gains_at(at: Option<Vec3>, listener: Option<&GlobalTransform>, volume: f32) -> [f32; 2] {
    match (at, listener) {
        (Some(at), Some(listener)) => {
            let offset = at - listener.translation();
            spatial::gains(offset.dot(*listener.right()), offset.length(), NEAR, volume)
        }
        _ => spatial::gains(0.0, 0.0, NEAR, volume),
    }
}

/// Plays what is heard.
pub(super) fn play_heard(
    mut heard: MessageReader<Heard>,
    catalog: Res<SoundCatalog>,
    settings: Res<Settings>,
    audio: Res<Audio>,
    cameras: Query<&GlobalTransform, With<BoardCamera>>,
    mut lasting: ResMut<Lasting>,
) {
    let Some(map) = catalog.good(SOUNDS_FILE) else {
        heard.clear();
        return;
    };
    let listener = cameras.iter().next();
    let Ok(mut mixer) = audio.mixer.lock() else { return };
    // A crowd of the same sound at once (a side rallying for a Charge) is heard as a few.
    let mut at_once = std::collections::HashMap::new();
    for heard in heard.read() {
        let count = at_once.entry(heard.event).or_insert(0);
        *count += 1;
        if *count > MAX_AT_ONCE {
            continue;
        }
        let Some(sound) = map.for_event(heard.event, heard.own.as_deref()) else { continue };
        lasting.roll = next_roll(lasting.roll);
        let (clip, pitch) = sound.choose(lasting.roll);
        let volume = sound.volume * settings.sound.effects;
        let follows = heard.follow.filter(|_| heard.event == SoundEvent::Flight);
        let gains = if follows.is_some() { [0.0; 2] } else { gains_at(heard.at, listener, volume) };
        let voice = mixer.play(clip, Play { gains, pitch, looping: follows.is_some() });
        if let Some(piece) = follows {
            lasting.following.push(Following { voice, piece, volume });
        }
    }
}

/// Moves the flights' propellers with their ships (louder as they climb) and stops them when
/// the ships have landed.
pub(super) fn follow_flights(
    audio: Res<Audio>,
    settings: Res<Settings>,
    cameras: Query<&GlobalTransform, With<BoardCamera>>,
    flying: Query<(&GlobalTransform, &Transform, &Walking)>,
    mut lasting: ResMut<Lasting>,
) {
    let listener = cameras.iter().next();
    let Ok(mut mixer) = audio.mixer.lock() else { return };
    lasting.following.retain(|follow| match flying.get(follow.piece) {
        Ok((place, local, walk)) => {
            let height = local.translation.y - walk.path.first().map_or(0.0, |start| start.y);
            let lift = 0.15 + 0.85 * (height / FLIGHT_HEIGHT).clamp(0.0, 1.0);
            let volume = follow.volume * settings.sound.effects * lift;
            mixer.set_gains(follow.voice, gains_at(Some(place.translation()), listener, volume));
            true
        }
        Err(_) => {
            mixer.stop(follow.voice);
            false
        }
    });
}

/// Plays the ambience's loops (anew when the sounds file changes), the crowd by the time of
/// day and its swelling, and applies the master volume and mute.
pub(super) fn play_ambience(
    audio: Res<Audio>,
    settings: Res<Settings>,
    catalog: Res<SoundCatalog>,
    sky: Option<Res<crate::sky_clock::SkyNow>>,
    cheering: Res<crate::crowd_mood::Cheering>,
    mut lasting: ResMut<Lasting>,
) {
    let Ok(mut mixer) = audio.mixer.lock() else { return };
    let loudness = settings.sound;
    mixer.master = if loudness.muted { 0.0 } else { loudness.master };
    let Some(map) = catalog.good(SOUNDS_FILE) else { return };
    if lasting.ambience.is_none_or(|(_, generation)| generation != catalog.generation()) {
        if let Some((voices, _)) = lasting.ambience.take() {
            voices.into_iter().for_each(|voice| mixer.stop(voice));
        }
        let voices = map.ambience.clone().map(|name| {
            let clip = map.sounds[&name].takes[0].clone();
            mixer.play(clip, Play { gains: [0.0; 2], pitch: 1.0, looping: true })
        });
        lasting.ambience = Some((voices, catalog.generation()));
    }
    let Some(([wind, crowd], _)) = lasting.ambience else { return };
    let night = sky.map_or(0.0, |sky| sky.0.night);
    let level = |name: &str| map.sounds.get(name).map_or(0.0, |sound| sound.volume) * loudness.ambience;
    let [wind_name, crowd_name] = &map.ambience;
    let crowd_level = level(crowd_name) * (1.0 - 0.6 * night + cheering.level);
    mixer.set_gains(wind, spatial::gains(0.0, 0.0, NEAR, level(wind_name)));
    mixer.set_gains(crowd, spatial::gains(0.0, 0.0, NEAR, crowd_level));
}

/// The next random number (xorshift).
fn next_roll(roll: u64) -> u64 {
    let mut x = roll ^ 0x2545_F491_4F6C_DD1D;
    x ^= x << 13;
    x ^= x >> 7;
    x ^= x << 17;
    x
}
