//! The game's sound, without Bevy: [`Clip`]s read from and written to WAV files, a [`Mixer`]
//! that plays voices of them placed between the left and right ear ([`spatial`]), and an
//! [`Output`] that feeds the mixer to the sound card through ALSA, loaded when the game starts
//! (building needs no audio library, and a machine without one or without a sound card plays
//! silently).

#![deny(missing_docs)]

mod alsa;
mod clip;
mod mixer;
mod output;
pub mod spatial;

pub use clip::{Clip, MAX_CLIP_SECONDS};
pub use mixer::{Mixer, Play, VoiceId, rendered};
pub use output::Output;

/// The rate the mixer renders at, in frames a second.
pub const OUTPUT_RATE: u32 = 44_100;
