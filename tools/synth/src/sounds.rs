//! Each of the game's sounds, as a recipe: what it is made of (noise, oscillators, filters,
//! envelopes) and how its takes differ. `sounds()` lists them by the file names the game's
//! sounds file (`assets/sounds/sounds.ron`) uses.

use std::f32::consts::{PI, TAU};

use crate::dsp::*;

/// Every sound: its file name (without `.wav`) and its samples.
pub fn sounds() -> Vec<(String, Vec<f32>)> {
    let mut all = Vec::new();
    let takes = |all: &mut Vec<(String, Vec<f32>)>, name: &str, count: u64, make: fn(u64) -> Vec<f32>| {
        for take in 1..=count {
            all.push((format!("{name}_{take}"), make(take)));
        }
    };
    takes(&mut all, "footstep", 3, footstep);
    takes(&mut all, "thoat_step", 3, thoat_step);
    takes(&mut all, "tread", 2, tread);
    takes(&mut all, "clash", 2, clash);
    for (name, make) in [
        ("creak", creak as fn() -> Vec<f32>),
        ("propellers", propellers),
        ("roar", roar),
        ("chime", chime),
        ("war_horn", war_horn),
        ("crowd_roar", crowd_roar),
        ("tick", tick),
        ("click", click),
        ("wind", wind),
        ("murmur", murmur),
        ("screech", screech),
    ] {
        all.push((name.to_string(), make()));
    }
    all
}

/// A thump: a low sine falling in pitch, struck.
fn thump(seconds: f32, from: f32, to: f32, decay: f32) -> Vec<f32> {
    let mut body = sine(len(seconds), |t| to + (from - to) * (-t / 0.03).exp());
    shape(&mut body, strike(0.002, decay));
    body
}

/// A man's footfall on the field's packed sand: a soft thump and a gritty scuff.
fn footstep(take: u64) -> Vec<f32> {
    let mut noise = Noise::new(100 + take);
    let seconds = 0.16;
    let mut scuff = low_pass(&noise.white(len(seconds)), noise.between(1400.0, 2200.0));
    shape(&mut scuff, strike(0.003, 0.025));
    let mut grit = band_pass(&noise.white(len(seconds)), noise.between(2600.0, 3600.0), 1.0);
    shape(&mut grit, strike(0.001, 0.012));
    let mut sound = thump(seconds, noise.between(100.0, 130.0), 60.0, 0.035);
    mix(&mut sound, &scuff, 0.0, 1.6);
    mix(&mut sound, &grit, 0.004, 0.5);
    finish(sound, 0.8)
}

/// A thoat's padded, nailless foot: deeper and softer than a man's.
fn thoat_step(take: u64) -> Vec<f32> {
    let mut noise = Noise::new(200 + take);
    let seconds = 0.22;
    let mut pad = low_pass(&noise.white(len(seconds)), noise.between(450.0, 700.0));
    shape(&mut pad, strike(0.01, 0.05));
    let mut sound = thump(seconds, noise.between(70.0, 85.0), 48.0, 0.06);
    mix(&mut sound, &pad, 0.0, 2.5);
    finish(sound, 0.75)
}

/// A zitidar's tread: a heavy, slow thud with the ground's rumble after it.
fn tread(take: u64) -> Vec<f32> {
    let mut noise = Noise::new(300 + take);
    let seconds = 0.5;
    let mut rumble = low_pass(&low_pass(&noise.white(len(seconds)), 260.0), 260.0);
    shape(&mut rumble, strike(0.02, 0.15));
    let mut sound = thump(seconds, noise.between(52.0, 60.0), 32.0, 0.13);
    mix(&mut sound, &rumble, 0.0, 6.0);
    finish(sound, 0.9)
}

/// A zitidar's train: the cars' timbers creaking over the rumble of their wheels.
fn creak() -> Vec<f32> {
    let mut noise = Noise::new(400);
    let seconds = 0.7;
    let wobble = low_pass(&noise.white(len(seconds)), 6.0);
    let mut wood = saw(len(seconds), |t| 170.0 + 9000.0 * wobble[len(t).min(wobble.len() - 1)]);
    wood = band_pass(&wood, 900.0, 3.0);
    shape(&mut wood, |t| (t / 0.12).min(1.0) * ((seconds - t) / 0.25).clamp(0.0, 1.0));
    let mut wheels = low_pass(&low_pass(&noise.white(len(seconds)), 150.0), 150.0);
    shape(&mut wheels, |t| (t / 0.05).min(1.0) * ((seconds - t) / 0.2).clamp(0.0, 1.0));
    let mut sound = wood;
    mix(&mut sound, &wheels, 0.0, 8.0);
    finish(sound, 0.7)
}

/// Blades meeting: a struck ring of inharmonic partials, a parry, and the fall of the loser.
fn clash(take: u64) -> Vec<f32> {
    let mut noise = Noise::new(500 + take);
    let ring = |noise: &mut Noise, seconds: f32| {
        let mut sound = vec![0.0; len(seconds)];
        for (k, partial) in [1320.0, 2085.0, 2840.0, 3560.0, 4720.0].into_iter().enumerate() {
            let frequency = partial * noise.between(0.95, 1.05);
            let mut tone = sine(len(seconds), |_| frequency);
            shape(&mut tone, strike(0.001, noise.between(0.12, 0.35)));
            shape(&mut tone, |t| ((seconds - t) / 0.2).clamp(0.0, 1.0));
            mix(&mut sound, &tone, 0.0, 1.0 / (k as f32 + 1.0));
        }
        let mut hit = band_pass(&noise.white(len(0.05)), 5000.0, 0.7);
        shape(&mut hit, strike(0.0005, 0.01));
        mix(&mut sound, &hit, 0.0, 2.0);
        sound
    };
    let mut sound = ring(&mut noise, 0.8);
    let parry = ring(&mut noise, 0.6);
    mix(&mut sound, &parry, noise.between(0.16, 0.22), 0.6);
    let mut fall = low_pass(&noise.white(len(0.35)), 500.0);
    shape(&mut fall, strike(0.01, 0.09));
    let body = thump(0.35, 90.0, 50.0, 0.08);
    mix(&mut sound, &body, 0.6, 1.2);
    mix(&mut sound, &fall, 0.6, 2.0);
    finish(sound, 0.85)
}

/// An airship's propellers: the blades' beat over the engine's buzz, a two-second loop (the
/// game swells and fades it with the ship's height).
fn propellers() -> Vec<f32> {
    let mut noise = Noise::new(600);
    let seconds = 2.4;
    let mut air = low_pass(&noise.white(len(seconds)), 900.0);
    shape(&mut air, |t| 0.55 + 0.45 * (PI * 22.0 * t).sin().powi(2));
    let buzz = low_pass(&saw(len(seconds), |_| 88.0), 500.0);
    let mut sound = air;
    mix(&mut sound, &buzz, 0.0, 0.5);
    let mut sound = looped(sound, 2.0);
    normalise(&mut sound, 0.6);
    sound
}

/// A Wild Banth's roar as it pounces: a growl that rises and falls, with the breath in it.
fn roar() -> Vec<f32> {
    let mut noise = Noise::new(700);
    let seconds = 1.4;
    let growl = saw(len(seconds), |t| 95.0 + 40.0 * (PI * t / seconds).sin() + 6.0 * (TAU * 7.0 * t).sin());
    let mut throat = band_pass(&growl, 600.0, 1.2);
    let mut chest = band_pass(&growl, 250.0, 1.5);
    let rough = low_pass(&noise.white(len(seconds)), 40.0);
    for (i, sample) in throat.iter_mut().enumerate() {
        *sample *= 1.0 + 8.0 * rough[i];
    }
    let breath = low_pass(&noise.white(len(seconds)), 1200.0);
    mix(&mut chest, &throat, 0.0, 1.0);
    mix(&mut chest, &breath, 0.0, 0.2);
    shape(&mut chest, |t| (t / 0.15).min(1.0) * ((seconds - t) / 0.5).clamp(0.0, 1.0));
    finish(chest, 0.85)
}

/// A promotion's chime: a bell and its fifth.
fn chime() -> Vec<f32> {
    let seconds = 1.8;
    let bell = |root: f32| {
        let mut sound = vec![0.0; len(seconds)];
        let partials = [(1.0, 1.0, 1.2), (2.0, 0.5, 0.8), (2.76, 0.6, 0.6), (5.4, 0.25, 0.3), (8.93, 0.12, 0.2)];
        for (ratio, gain, decay) in partials {
            let mut tone = sine(len(seconds), |_| root * ratio);
            shape(&mut tone, strike(0.002, decay));
            mix(&mut sound, &tone, 0.0, gain);
        }
        sound
    };
    let mut sound = bell(880.0);
    mix(&mut sound, &bell(1320.0), 0.12, 0.6);
    finish(sound, 0.7)
}

/// The war horn of a declared Charge: a brassy call bent up to its note, its fifth beside it.
fn war_horn() -> Vec<f32> {
    let seconds = 2.4;
    let note = |root: f32| {
        move |t: f32| {
            let bend = if t < 0.25 { 2f32.powf((t / 0.25 - 1.0) / 12.0) } else { 1.0 };
            let vibrato = if t > 0.8 { 1.0 + 0.006 * (TAU * 5.0 * t).sin() } else { 1.0 };
            root * bend * vibrato
        }
    };
    let mut brass = saw(len(seconds), note(146.8));
    mix(&mut brass, &saw(len(seconds), note(220.0)), 0.0, 0.5);
    let mut sound = low_pass(&low_pass(&brass, 1400.0), 2200.0);
    shape(&mut sound, |t| (t / 0.25).min(1.0) * ((seconds - t) / 0.5).clamp(0.0, 1.0));
    finish(sound, 0.8)
}

/// The stands roaring at a won game: many voices swelling together.
fn crowd_roar() -> Vec<f32> {
    let mut noise = Noise::new(800);
    let seconds = 3.5;
    let mut sound = vec![0.0; len(seconds)];
    for _ in 0..24 {
        let mut voice = band_pass(&noise.white(len(seconds)), noise.between(300.0, 1200.0), 4.0);
        let (attack, hold) = (noise.between(0.3, 1.0), noise.between(1.8, 2.6));
        shape(&mut voice, move |t| (t / attack).min(1.0) * ((hold + 0.9 - t) / 0.9).clamp(0.0, 1.0));
        mix(&mut sound, &voice, noise.between(0.0, 0.3), 1.0);
    }
    let mut rumble = low_pass(&noise.white(len(seconds)), 200.0);
    shape(&mut rumble, |t| (t / 0.6).min(1.0) * ((seconds - t) / 1.0).clamp(0.0, 1.0));
    mix(&mut sound, &rumble, 0.0, 3.0);
    sound.truncate(len(seconds));
    finish(sound, 0.8)
}

/// A clock's tick when time runs short.
fn tick() -> Vec<f32> {
    let mut sound = sine(len(0.05), |_| 2000.0);
    mix(&mut sound, &sine(len(0.05), |_| 3100.0), 0.0, 0.5);
    shape(&mut sound, strike(0.0005, 0.006));
    finish(sound, 0.5)
}

/// A soft click for the interface (a square chosen).
fn click() -> Vec<f32> {
    let mut noise = Noise::new(900);
    let mut sound = band_pass(&noise.white(len(0.03)), 2500.0, 2.0);
    shape(&mut sound, strike(0.0005, 0.004));
    finish(sound, 0.4)
}

/// Wind over the dead sea bottom: a low rush that gusts, and a thin whistle, an 8-second loop.
fn wind() -> Vec<f32> {
    let mut noise = Noise::new(1000);
    let seconds = 9.0;
    let mut rush = low_pass(&low_pass(&noise.white(len(seconds)), 400.0), 600.0);
    shape(&mut rush, |t| 0.6 + 0.25 * (TAU * 0.13 * t).sin() + 0.15 * (TAU * 0.21 * t + 1.0).sin());
    let mut whistle = band_pass(&noise.white(len(seconds)), 700.0, 8.0);
    shape(&mut whistle, |t| 0.5 + 0.5 * (TAU * 0.125 * t).sin());
    mix(&mut rush, &whistle, 0.0, 0.6);
    let mut sound = looped(rush, 8.0);
    normalise(&mut sound, 0.5);
    sound
}

/// The crowd's murmur in the stands: many voices in syllables, an 8-second loop.
fn murmur() -> Vec<f32> {
    let mut noise = Noise::new(1100);
    let seconds = 9.0;
    let mut sound = low_pass(&noise.white(len(seconds)), 250.0);
    for _ in 0..40 {
        let mut voice = band_pass(&noise.white(len(seconds)), noise.between(350.0, 900.0), 5.0);
        let (rate, phase) = (noise.between(3.0, 6.0), noise.between(0.0, TAU));
        let (talk, pause) = (noise.between(1.0, 3.0), noise.between(0.5, 2.0));
        let start = noise.between(0.0, talk + pause);
        shape(&mut voice, move |t| {
            let speaking = (t + start) % (talk + pause) < talk;
            if speaking { (TAU * rate * t + phase).sin().max(0.0) } else { 0.0 }
        });
        mix(&mut sound, &low_pass(&voice, 1500.0), 0.0, 1.0);
    }
    let mut sound = looped(sound, 8.0);
    normalise(&mut sound, 0.5);
    sound
}

/// A malagor's screech (the Malagor example's own, given by its look file).
fn screech() -> Vec<f32> {
    let mut noise = Noise::new(1200);
    let seconds = 0.8;
    let cry = |t: f32| {
        let glide = if t < 0.2 { 1800.0 + 4000.0 * t } else { 2600.0 - 1500.0 * (t - 0.2) };
        glide * (1.0 + 0.03 * (TAU * 30.0 * t).sin())
    };
    let mut sound = sine(len(seconds), cry);
    let mut rasp = band_pass(&noise.white(len(seconds)), 3000.0, 3.0);
    shape(&mut rasp, |t| 0.5 + 0.5 * (TAU * 30.0 * t).sin());
    mix(&mut sound, &rasp, 0.0, 1.5);
    shape(&mut sound, |t| (t / 0.04).min(1.0) * ((seconds - t) / 0.3).clamp(0.0, 1.0));
    finish(sound, 0.75)
}

/// A one-shot sound finished: faded at its ends, its loudest sample at `peak`.
fn finish(mut sound: Vec<f32>, peak: f32) -> Vec<f32> {
    fade_ends(&mut sound, 0.002);
    normalise(&mut sound, peak);
    sound
}
