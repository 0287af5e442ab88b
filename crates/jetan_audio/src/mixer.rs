//! Voices mixed into stereo frames: each plays a clip at its pitch (a rate ratio, resampled
//! linearly), once or looping, with a gain for each ear that glides to a new value over a few
//! milliseconds (so that moving sounds never click); the master gain scales them all.

use std::sync::Arc;

use crate::Clip;

/// How to play a clip.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Play {
    /// The gains for the left and right ear.
    pub gains: [f32; 2],
    /// The playback rate's ratio to the clip's own (1 as recorded, 2 an octave up).
    pub pitch: f32,
    /// Whether it starts again at its end until stopped.
    pub looping: bool,
}

/// A voice started by [`Mixer::play`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct VoiceId(u64);

#[derive(Debug)]
struct Voice {
    id: VoiceId,
    clip: Arc<Clip>,
    /// Where it is in the clip, in the clip's samples.
    at: f64,
    /// The clip's samples a frame of output moves on.
    step: f64,
    looping: bool,
    gains: [f32; 2],
    target: [f32; 2],
}

/// The voices playing, mixed at `rate` frames a second.
#[derive(Debug)]
pub struct Mixer {
    rate: u32,
    voices: Vec<Voice>,
    next: u64,
    /// Scales every voice (0 silences them all).
    pub master: f32,
}

/// How much of the way to its target a gain goes each frame: ~5 ms to settle at 44.1 kHz.
const GLIDE: f32 = 0.005;

impl Mixer {
    /// A mixer with no voices, at `rate` frames a second.
    pub fn new(rate: u32) -> Mixer {
        Mixer { rate, voices: Vec::new(), next: 0, master: 1.0 }
    }

    /// Starts a voice.
    pub fn play(&mut self, clip: Arc<Clip>, play: Play) -> VoiceId {
        let id = VoiceId(self.next);
        self.next += 1;
        let pitch = if play.pitch.is_finite() { play.pitch.clamp(0.1, 10.0) } else { 1.0 };
        let step = f64::from(clip.rate) / f64::from(self.rate) * f64::from(pitch);
        let gains = play.gains.map(sane_gain);
        self.voices.push(Voice { id, clip, at: 0.0, step, looping: play.looping, gains, target: gains });
        id
    }

    /// Sets where a voice's gains glide to (nothing if it has ended).
    pub fn set_gains(&mut self, id: VoiceId, gains: [f32; 2]) {
        if let Some(voice) = self.voices.iter_mut().find(|v| v.id == id) {
            voice.target = gains.map(sane_gain);
        }
    }

    /// Stops a voice.
    pub fn stop(&mut self, id: VoiceId) {
        self.voices.retain(|v| v.id != id);
    }

    /// Whether a voice is still playing.
    pub fn is_playing(&self, id: VoiceId) -> bool {
        self.voices.iter().any(|v| v.id == id)
    }

    /// How many voices are playing.
    pub fn voices(&self) -> usize {
        self.voices.len()
    }

    /// The voices playing: each one's clip, and the gains it is at or gliding to.
    pub fn playing(&self) -> impl Iterator<Item = (&Arc<Clip>, [f32; 2])> {
        self.voices.iter().map(|voice| (&voice.clip, voice.target))
    }

    /// Moves every voice on by `frames` without mixing them (what the mixer does when nothing
    /// hears it): the voices that end are dropped, the loops go round.
    pub fn advance(&mut self, frames: usize) {
        for voice in &mut self.voices {
            voice.at += voice.step * frames as f64;
            voice.gains = voice.target;
            if voice.looping && !voice.clip.samples.is_empty() {
                voice.at %= voice.clip.samples.len() as f64;
            }
        }
        self.voices.retain(|v| v.looping || v.at < v.clip.samples.len() as f64);
    }

    /// Mixes the next frames into `out`, interleaved left and right (its length even), and
    /// drops the voices that have ended.
    pub fn render(&mut self, out: &mut [f32]) {
        out.fill(0.0);
        for voice in &mut self.voices {
            let samples = &voice.clip.samples;
            let len = samples.len() as f64;
            for frame in out.chunks_exact_mut(2) {
                if voice.at >= len {
                    if !voice.looping || len == 0.0 {
                        break;
                    }
                    voice.at %= len;
                }
                let i = voice.at as usize;
                let next = if i + 1 < samples.len() {
                    samples[i + 1]
                } else if voice.looping {
                    samples[0]
                } else {
                    0.0
                };
                let t = (voice.at - i as f64) as f32;
                let sample = samples[i] + (next - samples[i]) * t;
                for ((out, gain), target) in frame.iter_mut().zip(&mut voice.gains).zip(voice.target) {
                    *gain += (target - *gain) * GLIDE;
                    *out += sample * *gain;
                }
                voice.at += voice.step;
            }
        }
        self.voices.retain(|v| v.looping || v.at < v.clip.samples.len() as f64);
        let master = sane_gain(self.master);
        for sample in out.iter_mut() {
            *sample = (*sample * master).clamp(-1.0, 1.0);
        }
    }
}

/// A clip as the mixer plays it once at `gain` in both ears and at `pitch`, at `rate` frames a
/// second: what is heard, as a clip of its own (one ear).
pub fn rendered(clip: Arc<Clip>, gain: f32, pitch: f32, rate: u32) -> Clip {
    let mut mixer = Mixer::new(rate);
    let voice = mixer.play(clip, Play { gains: [gain; 2], pitch, looping: false });
    let mut samples = Vec::new();
    let mut block = vec![0.0; 2 * 1024];
    while mixer.is_playing(voice) {
        mixer.render(&mut block);
        samples.extend(block.iter().step_by(2));
    }
    while samples.last() == Some(&0.0) {
        samples.pop();
    }
    Clip { rate, samples }
}

/// A gain from 0 to 4 (anything else, NaN included, made so).
fn sane_gain(gain: f32) -> f32 {
    if gain.is_finite() { gain.clamp(0.0, 4.0) } else { 0.0 }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tone(seconds: f32) -> Arc<Clip> {
        let rate = 22_050;
        let samples = (0..(rate as f32 * seconds) as usize).map(|i| (i as f32 * 0.1).sin() * 0.5).collect();
        Arc::new(Clip { rate, samples })
    }

    fn energy(out: &[f32], ear: usize) -> f32 {
        out.iter().skip(ear).step_by(2).map(|s| s * s).sum()
    }

    #[test]
    fn a_voice_plays_in_the_ears_its_gains_say_and_ends() {
        let mut mixer = Mixer::new(44_100);
        let id = mixer.play(tone(0.1), Play { gains: [1.0, 0.0], pitch: 1.0, looping: false });
        let mut out = vec![0.0; 2 * 4000];
        mixer.render(&mut out);
        assert!(energy(&out, 0) > 100.0 && energy(&out, 1) == 0.0, "left only");
        // 0.1 s lasts 4 410 frames at 44.1 kHz, whatever the clip's rate.
        assert!(mixer.is_playing(id));
        mixer.render(&mut out);
        assert!(!mixer.is_playing(id) && mixer.voices() == 0);
    }

    #[test]
    fn gains_glide_and_the_master_silences() {
        let mut mixer = Mixer::new(44_100);
        let id = mixer.play(tone(1.0), Play { gains: [1.0, 0.0], pitch: 1.0, looping: true });
        mixer.set_gains(id, [0.0, 1.0]);
        let mut out = vec![0.0; 2 * 4410];
        mixer.render(&mut out);
        assert!(out[0].abs() < 0.6 && energy(&out[4000..], 0) < 1e-3, "glided to the right");
        mixer.master = 0.0;
        mixer.render(&mut out);
        assert!(out.iter().all(|&s| s == 0.0), "muted");
        assert!(mixer.is_playing(id), "a loop goes on");
        mixer.stop(id);
        assert_eq!(mixer.voices(), 0);
    }

    #[test]
    fn unheard_voices_move_on_and_end() {
        let mut mixer = Mixer::new(44_100);
        let once = mixer.play(tone(0.1), Play { gains: [1.0; 2], pitch: 1.0, looping: false });
        let again = mixer.play(tone(0.1), Play { gains: [1.0; 2], pitch: 1.0, looping: true });
        mixer.advance(4000);
        assert!(mixer.is_playing(once) && mixer.is_playing(again));
        mixer.advance(1000);
        assert!(!mixer.is_playing(once) && mixer.is_playing(again), "the one-shot ends, the loop goes round");
    }

    #[test]
    fn a_clip_rendered_is_what_is_heard() {
        let heard = rendered(tone(0.1), 0.5, 2.0, 44_100);
        assert_eq!(heard.rate, 44_100);
        assert!((heard.seconds() - 0.05).abs() < 0.001, "{}", heard.seconds());
        assert!((heard.peak() - 0.25).abs() < 0.02, "{}", heard.peak());
    }

    #[test]
    fn pitch_changes_the_length() {
        let mut mixer = Mixer::new(22_050);
        let id = mixer.play(tone(0.1), Play { gains: [1.0, 1.0], pitch: 2.0, looping: false });
        let mut out = vec![0.0; 2 * 1200];
        mixer.render(&mut out);
        assert!(!mixer.is_playing(id), "an octave up, 0.1 s lasts 0.05 s");
        mixer.play(tone(0.1), Play { gains: [f32::NAN, 1e9], pitch: f32::INFINITY, looping: false });
        mixer.render(&mut out);
        assert!(out.iter().all(|s| s.is_finite() && s.abs() <= 1.0));
    }
}
