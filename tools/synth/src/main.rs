//! Synthesises the game's sounds into `assets/sounds/` as 16-bit mono WAV files at 22.05 kHz:
//! `cargo run -p jetan_synth`. Seeded, so the same files come out each time; a test checks that
//! the files shipped are what this makes (changing a sound means changing this tool).

mod dsp;
mod sounds;

use std::path::Path;

use jetan_audio::Clip;

/// Each sound's file name and WAV bytes.
fn files() -> Vec<(String, Vec<u8>)> {
    let clip = |samples: Vec<f32>| Clip { rate: dsp::RATE, samples }.to_wav();
    sounds::sounds().into_iter().map(|(name, samples)| (format!("{name}.wav"), clip(samples))).collect()
}

/// The game's sound folder.
fn folder() -> std::path::PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../assets/sounds")
}

fn main() -> std::io::Result<()> {
    let folder = folder();
    std::fs::create_dir_all(&folder)?;
    let mut total = 0;
    for (name, bytes) in files() {
        total += bytes.len();
        std::fs::write(folder.join(&name), &bytes)?;
        println!("{name}: {} KB", bytes.len() / 1024);
    }
    println!("{} KB in all, in {}", total / 1024, folder.display());
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_shipped_sounds_are_what_the_tool_makes() {
        for (name, bytes) in files() {
            let shipped = std::fs::read(folder().join(&name)).unwrap_or_default();
            assert!(
                shipped == bytes,
                "assets/sounds/{name} is not what the tool makes: run `cargo run -p jetan_synth`"
            );
        }
    }

    #[test]
    fn every_sound_is_heard_unclipped_and_the_lot_is_small() {
        let mut total = 0;
        for (name, bytes) in files() {
            total += bytes.len();
            let clip = Clip::from_wav(&bytes).unwrap();
            assert!(clip.rms() > 0.01, "{name} is silent");
            assert!(clip.peak() < 0.95, "{name} clips");
            assert!((0.02..=8.0).contains(&clip.seconds()), "{name}: {} s", clip.seconds());
        }
        assert!(total < 3 << 20, "{total} bytes");
    }
}
