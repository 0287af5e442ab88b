//! The sounds file (`assets/sounds/barsoom.sounds.ron`), read and checked without Bevy: the
//! sounds by name (a few takes each, a volume and how much the pitch may vary), which sound each
//! event of the game makes, and the ambience's loops. A look file may give a kind its own sound
//! for an event. Errors name the file, line and column, a missing or unreadable sound file by
//! its path.

use std::collections::BTreeMap;
use std::sync::Arc;

use jetan_audio::Clip;
use serde::Deserialize;

use crate::heard::SoundEvent;
use crate::ron_text::RonError;

/// The largest sounds file read.
pub const MAX_SOUNDS_BYTES: u64 = 1 << 20;
/// The largest sound file read.
pub const MAX_WAV_BYTES: u64 = 16 << 20;
/// The most audio a sounds file may decode, in seconds, all its files together (each file
/// once, however many takes name it).
pub const MAX_DECODED_SECONDS: f32 = 600.0;

/// The sounds file as written.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields, rename = "Sounds")]
struct SoundsFile {
    sounds: BTreeMap<String, SoundEntry>,
    events: BTreeMap<SoundEvent, String>,
    ambience: AmbienceEntry,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct SoundEntry {
    takes: Vec<String>,
    #[serde(default = "one")]
    volume: f32,
    #[serde(default)]
    pitch: f32,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct AmbienceEntry {
    wind: String,
    crowd: String,
}

fn one() -> f32 {
    1.0
}

/// A sound: its takes (one is chosen at random each time), its volume, and how far its pitch
/// may vary either way (0.05: up to 5% higher or lower).
#[derive(Debug)]
pub struct Sound {
    /// Its takes, decoded.
    pub takes: Vec<Arc<Clip>>,
    /// Its volume, 0 to 4.
    pub volume: f32,
    /// How far its pitch may vary either way, 0 to 0.5.
    pub pitch: f32,
}

impl Sound {
    /// The take and the pitch of a playing, from a random number.
    pub fn choose(&self, roll: u64) -> (Arc<Clip>, f32) {
        let take = self.takes[(roll % self.takes.len() as u64) as usize].clone();
        let spread = ((roll >> 16) % 2001) as f32 / 1000.0 - 1.0;
        (take, 1.0 + self.pitch * spread)
    }
}

/// The sounds file, checked: every event's sound exists, every take decoded.
#[derive(Debug)]
pub struct SoundMap {
    /// The sounds, by name.
    pub sounds: BTreeMap<String, Sound>,
    /// The sound each event makes, by name.
    pub events: BTreeMap<SoundEvent, String>,
    /// The wind's loop and the crowd's.
    pub ambience: [String; 2],
}

impl SoundMap {
    /// The sound files a sounds file's text names (to read them before [`SoundMap::read`]).
    ///
    /// # Errors
    /// Where the text is not a sounds file.
    pub fn files_named(text: &str) -> Result<Vec<String>, RonError> {
        let file: SoundsFile = crate::ron_text::read(text)?;
        Ok(file.sounds.values().flat_map(|sound| sound.takes.iter().cloned()).collect())
    }

    /// Reads and checks a sounds file's text (`origin` names it in errors), with the bytes of
    /// each sound file it names, as `read` gives them.
    ///
    /// # Errors
    /// Every problem, one a line, as `ORIGIN:LINE:COL: message`.
    pub fn read(text: &str, origin: &str, read: impl Fn(&str) -> Result<Vec<u8>, String>) -> Result<SoundMap, String> {
        let file: SoundsFile = crate::ron_text::read(text).map_err(|e| format!("{origin}:{e}"))?;
        let mut errors = Vec::new();
        let index = jetan_rules::TextIndex::new(text);
        let mut error =
            |at: &str, message: String| errors.push(format!("{origin}:{}", RonError::at_text(&index, at, message)));
        let mut sounds = BTreeMap::new();
        let mut decoded: BTreeMap<&str, Result<Arc<Clip>, String>> = BTreeMap::new();
        let mut seconds = 0.0;
        for (name, entry) in &file.sounds {
            let key = format!("\"{name}\":");
            if entry.takes.is_empty() {
                error(&key, format!("sound \"{name}\" has no takes: name one or more .wav files"));
            }
            if !(0.0..=4.0).contains(&entry.volume) {
                error(&key, format!("sound \"{name}\": the volume is {}, not 0 to 4", entry.volume));
            }
            if !(0.0..=0.5).contains(&entry.pitch) {
                error(&key, format!("sound \"{name}\": the pitch varies by {}, not 0 to 0.5", entry.pitch));
            }
            let mut takes = Vec::new();
            for take in &entry.takes {
                let clip = decoded.entry(take).or_insert_with(|| {
                    let clip = decode(take, &read, MAX_DECODED_SECONDS - seconds)?;
                    seconds += clip.seconds();
                    Ok(Arc::new(clip))
                });
                match clip {
                    Ok(clip) => takes.push(clip.clone()),
                    Err(why) => error(&format!("\"{take}\""), format!("sound \"{name}\": {take}: {why}")),
                }
            }
            sounds.insert(name.clone(), Sound { takes, volume: entry.volume, pitch: entry.pitch });
        }
        let named = [file.ambience.wind.clone(), file.ambience.crowd.clone()];
        for (key, name) in file
            .events
            .iter()
            .map(|(event, name)| (event.name(), name))
            .chain([("wind", &named[0]), ("crowd", &named[1])])
        {
            if !sounds.contains_key(name) {
                error(&format!("{key}:"), format!("{key}: there is no sound \"{name}\" in `sounds`"));
            }
        }
        if errors.is_empty() {
            Ok(SoundMap { sounds, events: file.events.clone(), ambience: named })
        } else {
            Err(errors.join("\n"))
        }
    }

    /// The sound an event makes: `own` (a look's name for it) when the file has that sound,
    /// else the file's.
    pub fn for_event(&self, event: SoundEvent, own: Option<&str>) -> Option<&Sound> {
        own.and_then(|name| self.sounds.get(name)).or_else(|| self.sounds.get(self.events.get(&event)?))
    }
}

/// The sound file `take` decoded, if it is a `.wav` file under `assets/` holding at most
/// `seconds_left` of audio.
///
/// # Errors
/// Why not, for the player.
fn decode(take: &str, read: impl Fn(&str) -> Result<Vec<u8>, String>, seconds_left: f32) -> Result<Clip, String> {
    if !jetan_rules::is_plain_path(take, ".wav") {
        return Err("not a .wav file under assets/ (such as \"sounds/NAME.wav\")".into());
    }
    let clip = Clip::from_wav(&read(take)?)?;
    if clip.seconds() > seconds_left {
        let why = format!("the sounds file's files would decode to more than {MAX_DECODED_SECONDS} s of audio");
        return Err(format!("{why} ({:.1} s more here, {seconds_left:.1} s left)", clip.seconds()));
    }
    Ok(clip)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn wav() -> Vec<u8> {
        Clip { rate: 22_050, samples: vec![0.5; 100] }.to_wav()
    }

    const TEXT: &str = r#"Sounds(
    sounds: {
        "step": (takes: ["sounds/a.wav", "sounds/b.wav"], volume: 0.5, pitch: 0.1),
        "air": (takes: ["sounds/c.wav"]),
    },
    events: { step: "step", flight: "air" },
    ambience: (wind: "air", crowd: "air"),
)
"#;

    #[test]
    fn a_file_named_by_many_takes_is_read_and_decoded_once_within_the_audio_limit() {
        let takes = vec!["\"sounds/long.wav\""; 2000].join(", ");
        let text = format!(
            "Sounds(sounds: {{ \"long\": (takes: [{takes}]) }}, events: {{}}, ambience: (wind: \"long\", crowd: \"long\"))"
        );
        let reads = std::cell::Cell::new(0);
        let minute = Clip { rate: 22_050, samples: vec![0.1; 22_050 * 60] }.to_wav();
        let map = SoundMap::read(&text, "s.ron", |_| {
            reads.set(reads.get() + 1);
            Ok(minute.clone())
        })
        .unwrap();
        assert_eq!(reads.get(), 1, "read once");
        let takes = &map.sounds["long"].takes;
        assert!(takes.len() == 2000 && takes.iter().all(|take| Arc::ptr_eq(take, &takes[0])), "decoded once");
        // Eleven different minutes are more than the file may decode.
        let takes: Vec<String> = (0..11).map(|n| format!("\"sounds/{n}.wav\"")).collect();
        let text = text.replace(&vec!["\"sounds/long.wav\""; 2000].join(", "), &takes.join(", "));
        let error = SoundMap::read(&text, "s.ron", |_| Ok(minute.clone())).unwrap_err();
        assert!(error.contains("sounds/10.wav: the sounds file's files would decode to more than 600 s"), "{error}");
    }

    #[test]
    fn a_sounds_file_reads_and_names_its_files() {
        let map = SoundMap::read(TEXT, "s.ron", |_| Ok(wav())).unwrap();
        assert_eq!(map.sounds["step"].takes.len(), 2);
        assert_eq!(map.for_event(SoundEvent::Step, None).unwrap().volume, 0.5);
        assert_eq!(map.for_event(SoundEvent::Step, Some("air")).unwrap().volume, 1.0, "a look's own");
        assert!(map.for_event(SoundEvent::Pounce, None).is_none(), "silent where the file says nothing");
        assert_eq!(SoundMap::files_named(TEXT).unwrap(), ["sounds/c.wav", "sounds/a.wav", "sounds/b.wav"]);
        let (_, pitch) = map.sounds["step"].choose(u64::MAX);
        assert!((0.9..=1.1).contains(&pitch));
    }

    #[test]
    fn each_mistake_is_named_at_its_place() {
        let missing = |path: &str| if path == "sounds/b.wav" { Err("no such file".to_string()) } else { Ok(wav()) };
        let error = SoundMap::read(TEXT, "s.ron", missing).unwrap_err();
        assert_eq!(error, "s.ron:3:42: sound \"step\": sounds/b.wav: no such file");
        let error =
            SoundMap::read(&TEXT.replace("flight: \"air\"", "flight: \"fan\""), "s.ron", |_| Ok(wav())).unwrap_err();
        assert!(error.starts_with("s.ron:6:") && error.contains("no sound \"fan\""), "{error}");
        let error =
            SoundMap::read(&TEXT.replace("step: \"step\"", "stomp: \"step\""), "s.ron", |_| Ok(wav())).unwrap_err();
        assert!(error.starts_with("s.ron:6:") && error.contains("stomp"), "{error}");
        let error = SoundMap::read(&TEXT.replace("volume: 0.5", "volume: 9"), "s.ron", |_| Ok(wav())).unwrap_err();
        assert!(error.starts_with("s.ron:3:") && error.contains("the volume is 9"), "{error}");
        let error = SoundMap::read(&TEXT.replace("sounds/c.wav", "../c.wav"), "s.ron", |_| Ok(wav())).unwrap_err();
        assert!(error.contains("not a .wav file under assets/"), "{error}");
        let error = SoundMap::read(TEXT, "s.ron", |_| Ok(b"RIFF".to_vec())).unwrap_err();
        assert!(error.contains("not a WAV file"), "{error}");
    }
}
