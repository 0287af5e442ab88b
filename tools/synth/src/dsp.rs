//! The synthesiser's parts: a seeded noise source, oscillators, filters and envelopes, on
//! buffers of samples at [`RATE`].

use std::f32::consts::TAU;

/// The rate the sounds are made at: enough for footsteps, blades and crowds, half the size of
/// CD quality.
pub const RATE: u32 = 22_050;

/// Samples for `seconds`.
pub fn len(seconds: f32) -> usize {
    (seconds * RATE as f32) as usize
}

/// The time of sample `i`, in seconds.
pub fn time(i: usize) -> f32 {
    i as f32 / RATE as f32
}

/// A seeded source of noise (xorshift): the same sounds come out each time.
pub struct Noise(u64);

impl Noise {
    pub fn new(seed: u64) -> Noise {
        Noise(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1)
    }

    /// A number from -1 to 1.
    pub fn next(&mut self) -> f32 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        ((self.0 >> 40) as f32 / (1u64 << 24) as f32) * 2.0 - 1.0
    }

    /// A number from `low` to `high`.
    pub fn between(&mut self, low: f32, high: f32) -> f32 {
        low + (self.next() * 0.5 + 0.5) * (high - low)
    }

    /// `n` samples of white noise.
    pub fn white(&mut self, n: usize) -> Vec<f32> {
        (0..n).map(|_| self.next()).collect()
    }
}

/// A sine at `frequency(t)` Hz (its phase accumulated, so it may glide).
pub fn sine(n: usize, frequency: impl Fn(f32) -> f32) -> Vec<f32> {
    let mut phase = 0.0f32;
    (0..n)
        .map(|i| {
            phase = (phase + frequency(time(i)) / RATE as f32).fract();
            (phase * TAU).sin()
        })
        .collect()
}

/// A sawtooth at `frequency(t)` Hz: bright, brassy, growling.
pub fn saw(n: usize, frequency: impl Fn(f32) -> f32) -> Vec<f32> {
    let mut phase = 0.0f32;
    (0..n)
        .map(|i| {
            phase = (phase + frequency(time(i)) / RATE as f32).fract();
            phase * 2.0 - 1.0
        })
        .collect()
}

/// A one-pole low-pass filter at `cutoff` Hz.
pub fn low_pass(samples: &[f32], cutoff: f32) -> Vec<f32> {
    let a = 1.0 - (-TAU * cutoff / RATE as f32).exp();
    let mut y = 0.0;
    samples
        .iter()
        .map(|&x| {
            y += a * (x - y);
            y
        })
        .collect()
}

/// A two-pole band-pass filter (RBJ's, constant peak gain) at `centre` Hz, `q` sharp.
pub fn band_pass(samples: &[f32], centre: f32, q: f32) -> Vec<f32> {
    let w = TAU * centre / RATE as f32;
    let alpha = w.sin() / (2.0 * q);
    let (b0, b2, a0, a1, a2) = (alpha, -alpha, 1.0 + alpha, -2.0 * w.cos(), 1.0 - alpha);
    let (mut x1, mut x2, mut y1, mut y2) = (0.0, 0.0, 0.0, 0.0);
    samples
        .iter()
        .map(|&x| {
            let y = (b0 * x + b2 * x2 - a1 * y1 - a2 * y2) / a0;
            (x2, x1, y2, y1) = (x1, x, y1, y);
            y
        })
        .collect()
}

/// Multiplies each sample by `envelope(t)`.
pub fn shape(samples: &mut [f32], envelope: impl Fn(f32) -> f32) {
    for (i, sample) in samples.iter_mut().enumerate() {
        *sample *= envelope(time(i));
    }
}

/// A sharp attack over `attack` seconds, then a decay by `e` every `decay` seconds.
pub fn strike(attack: f32, decay: f32) -> impl Fn(f32) -> f32 {
    move |t| if t < attack { t / attack } else { (-(t - attack) / decay).exp() }
}

/// Adds `other` into `samples` at `gain`, starting at `at` seconds (growing `samples` to fit).
pub fn mix(samples: &mut Vec<f32>, other: &[f32], at: f32, gain: f32) {
    let start = len(at);
    if samples.len() < start + other.len() {
        samples.resize(start + other.len(), 0.0);
    }
    for (i, &x) in other.iter().enumerate() {
        samples[start + i] += x * gain;
    }
}

/// Scales the samples so that the loudest is `peak`.
pub fn normalise(samples: &mut [f32], peak: f32) {
    let loudest = samples.iter().fold(0.0f32, |m, s| m.max(s.abs()));
    if loudest > 0.0 {
        samples.iter_mut().for_each(|s| *s *= peak / loudest);
    }
}

/// Fades the first and last `seconds` in and out (no click at either end).
pub fn fade_ends(samples: &mut [f32], seconds: f32) {
    let n = len(seconds).min(samples.len() / 2).max(1);
    let last = samples.len() - 1;
    for i in 0..n {
        let gain = i as f32 / n as f32;
        samples[i] *= gain;
        samples[last - i] *= gain;
    }
}

/// Makes a loop of `seconds` from longer samples: the tail past it is cross-faded into the
/// head, so the end runs on into the start without a seam.
pub fn looped(mut samples: Vec<f32>, seconds: f32) -> Vec<f32> {
    let n = len(seconds);
    let tail = samples.split_off(n.min(samples.len()));
    for (i, &x) in tail.iter().enumerate().take(samples.len()) {
        let fade = i as f32 / tail.len() as f32;
        samples[i] = samples[i] * fade + x * (1.0 - fade);
    }
    samples
}
