//! The mixer heard: a thread renders it a block at a time and writes the blocks to the sound
//! card, until the output is dropped.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};

use crate::alsa::Device;
use crate::{Mixer, OUTPUT_RATE};

/// Frames rendered at a time: ~12 ms at 44.1 kHz.
const BLOCK: usize = 512;

/// The mixer playing on a sound device.
pub struct Output {
    stop: Arc<AtomicBool>,
    thread: Option<std::thread::JoinHandle<()>>,
}

impl Output {
    /// Starts playing `mixer` on the ALSA device `device` (`default` for the player's; `null`
    /// swallows the sound, for tests).
    ///
    /// # Errors
    /// There is no sound to play on: no ALSA library, or the device doesn't open. The reason.
    pub fn open(mixer: Arc<Mutex<Mixer>>, device: &str) -> Result<Output, String> {
        let mut device = Device::open(device, OUTPUT_RATE, 60)?;
        let stop = Arc::new(AtomicBool::new(false));
        let stopped = stop.clone();
        let thread = std::thread::Builder::new()
            .name("sound".into())
            .spawn(move || {
                let mut block = vec![0.0f32; BLOCK * 2];
                let mut frames = vec![0i16; BLOCK * 2];
                while !stopped.load(Ordering::Relaxed) {
                    match mixer.lock() {
                        Ok(mut mixer) => mixer.render(&mut block),
                        Err(_) => return,
                    }
                    for (frame, &sample) in frames.iter_mut().zip(&block) {
                        *frame = crate::clip::to_i16(sample);
                    }
                    if let Err(error) = device.write(&frames) {
                        eprintln!("sound: the device failed, the game goes on silent: {error}");
                        return;
                    }
                }
            })
            .map_err(|e| format!("no sound thread: {e}"))?;
        Ok(Output { stop, thread: Some(thread) })
    }
}

impl Drop for Output {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::Relaxed);
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Plays on ALSA's `null` device where ALSA is installed (as on the machines here); says
    /// why not where it isn't, without failing.
    #[test]
    fn the_mixer_plays_on_a_device_or_says_why_not() {
        let mixer = Arc::new(Mutex::new(Mixer::new(OUTPUT_RATE)));
        let clip = Arc::new(crate::Clip { rate: 22_050, samples: vec![0.25; 2205] });
        let id = mixer.lock().unwrap().play(clip, crate::Play { gains: [1.0, 1.0], pitch: 1.0, looping: false });
        match Output::open(mixer.clone(), "null") {
            Ok(output) => {
                let started = std::time::Instant::now();
                while mixer.lock().unwrap().is_playing(id) {
                    assert!(started.elapsed().as_secs() < 5, "the output thread renders the mixer");
                    std::thread::sleep(std::time::Duration::from_millis(10));
                }
                drop(output);
            }
            Err(reason) => eprintln!("no sound here: {reason}"),
        }
        let error = Output::open(mixer, "no_such_device_here").err().unwrap_or_default();
        assert!(error.is_empty() || error.contains("no_such_device_here") || error.contains("ALSA"), "{error}");
    }
}
