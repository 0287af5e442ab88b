//! `jetan sound EVENT -o FILE.wav`: writes what the game plays for an event (a way to hear it
//! without speakers, and what the tests check each event's sound by).

use std::path::{Path, PathBuf};
use std::sync::Arc;

use clap::Args;
use jetan::heard::SoundEvent;
use jetan::sound::map::{MAX_SOUNDS_BYTES, MAX_WAV_BYTES, SoundMap};
use jetan_audio::{Clip, OUTPUT_RATE};

use super::say;

#[derive(Args)]
pub struct SoundArgs {
    /// The event: depart, step, plod, train, flight, pounce, capture, promotion, charge, win,
    /// tick or click; or the ambience's wind or crowd.
    event: String,
    /// The WAV file to write (a new file, or a WAV file to replace).
    #[arg(short, long, value_name = "FILE")]
    output: PathBuf,
    /// A kind's own sound for the event, as a look file names it (`thoat_step`).
    #[arg(long, value_name = "SOUND")]
    own: Option<String>,
    /// Chooses the take and the pitch, as the game does at random.
    #[arg(long, default_value_t = 0)]
    seed: u64,
    /// The sounds file (the game's own by default).
    #[arg(long, value_name = "FILE", default_value = "assets/sounds/barsoom.sounds.ron")]
    sounds: PathBuf,
}

/// Writes the sound and says what it is: its file, pitch, length and levels.
pub fn run(args: &SoundArgs) -> Result<(), String> {
    let map = read_sounds(&args.sounds)?;
    let sound = match (SoundEvent::named(&args.event), args.event.as_str()) {
        (Some(event), _) => map.for_event(event, args.own.as_deref()),
        (None, "wind") => map.sounds.get(&map.ambience[0]),
        (None, "crowd") => map.sounds.get(&map.ambience[1]),
        (None, other) => return Err(format!("`{other}` is not an event (step, capture, flight, …) nor wind or crowd")),
    };
    let sound = sound.ok_or_else(|| format!("{}: no sound for `{}`", args.sounds.display(), args.event))?;
    let (take, pitch) = sound.choose(args.seed);
    let heard = jetan_audio::rendered(take, sound.volume, pitch, OUTPUT_RATE);
    check_overwritable_wav(&args.output)?;
    jetan::atomic_file::write(&args.output, &heard.to_wav()).map_err(|e| format!("{}: {e}", args.output.display()))?;
    say!(
        "{}: {:.2} s at pitch {pitch:.3}, peak {:.2}, rms {:.3}; written to {}",
        args.event,
        heard.seconds(),
        heard.peak(),
        heard.rms(),
        args.output.display()
    );
    Ok(())
}

/// Reads a sounds file and the sound files it names (from the `assets/` folder it is in, else
/// the game's own).
fn read_sounds(path: &Path) -> Result<Arc<SoundMap>, String> {
    let origin = path.display().to_string();
    let text = jetan::shipped::read_text(path, MAX_SOUNDS_BYTES).map_err(|e| format!("{origin}:1:1: {e}"))?;
    let assets = super::assets_of(path);
    let read = |file: &str| jetan::shipped::read_bytes(&assets.join(file), MAX_WAV_BYTES);
    SoundMap::read(&text, &origin, read).map(Arc::new)
}

/// Refuses to write over anything but a WAV file ([`jetan::atomic_file::check_may_overwrite`]).
fn check_overwritable_wav(path: &Path) -> Result<(), String> {
    jetan::atomic_file::check_may_overwrite(path, |path| {
        let bytes = jetan_rules::read_file(path, MAX_WAV_BYTES).map_err(|why| format!("{}: {why}", path.display()))?;
        Clip::from_wav(&bytes).map(|_| ()).map_err(|_| format!("{} is not a WAV file", path.display()))
    })
}
