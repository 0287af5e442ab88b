//! Player settings: animation speed, view, who plays, the AI's threads, the time of day and
//! the scene's quality. Read from the player's config folder, else from the game's documented
//! defaults (`config/settings.ron`, never written); saved to the player's config folder.

use std::path::{Path, PathBuf};

use bevy::prelude::*;
use serde::{Deserialize, Serialize};

use crate::ron_text::{self, RonError};
use crate::seat::{Seat, Seats};

/// The animation speeds a player may choose: a quarter of normal to four times as fast.
pub const ANIMATION_SPEEDS: std::ops::RangeInclusive<f32> = 0.25..=4.0;

/// The documented defaults, relative to the game's folder ([`crate::game_root`]): read when the
/// player has saved no settings, never written.
pub const DEFAULTS_FILE: &str = "config/settings.ron";

/// Where the player's settings are saved: the platform's config folder
/// (`~/.config/jetan/settings.ron` on Linux).
pub fn player_settings_path() -> PathBuf {
    dirs::config_dir().unwrap_or_else(std::env::temp_dir).join("jetan").join("settings.ron")
}

/// The settings a game starts with: the player's, else the game's documented defaults (where
/// the game's folder has them).
pub fn settings_to_load() -> PathBuf {
    let player = player_settings_path();
    if player.exists() { player } else { crate::game_root().join(DEFAULTS_FILE) }
}

/// What a player may change between games.
#[derive(Resource, Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Settings {
    /// How fast moves are animated: 1 is normal, 2 twice as fast.
    pub animation_speed: f32,
    /// The view at start.
    pub view: View,
    /// The variant a new game uses, relative to `assets/`.
    pub variant: String,
    /// The side the board faces when both or neither side is played by a person.
    pub human_side: HumanSide,
    /// Who plays each side in a new game.
    pub players: Seats,
    /// How many threads the AI searches with (1 to [`jetan_ai::MAX_THREADS`]).
    pub ai_threads: usize,
    /// The time of day over the Jetan field.
    pub time_of_day: TimeOfDay,
    /// How much the scene asks of the graphics card.
    pub quality: Quality,
    /// How loud the game is.
    pub sound: Loudness,
    /// How the pieces are drawn.
    pub pieces: Pieces,
}

/// How loud the game is: each volume 0 (silent) to 1 (full).
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Loudness {
    /// Everything.
    pub master: f32,
    /// What happens on the board (steps, fights, flights, horns, the crowd's roar).
    pub effects: f32,
    /// The wind and the crowd's murmur.
    pub ambience: f32,
    /// Silent, whatever the volumes (`M` in the game).
    pub muted: bool,
}

impl Default for Loudness {
    fn default() -> Self {
        Loudness { master: 0.8, effects: 1.0, ambience: 0.6, muted: false }
    }
}

/// The time of day the scene shows.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum TimeOfDay {
    /// The sun high in the butterscotch sky.
    #[default]
    Day,
    /// The sun setting, ringed with blue.
    Dusk,
    /// The moons and stars; moonlight.
    Night,
    /// From day to dusk, night and dawn, and round again (four minutes a day).
    Passing,
}

impl Named for TimeOfDay {
    const ALL: &'static [TimeOfDay] = &[TimeOfDay::Day, TimeOfDay::Dusk, TimeOfDay::Night, TimeOfDay::Passing];
    const WHAT: &'static str = "a time of day";

    fn name(self) -> &'static str {
        match self {
            TimeOfDay::Day => "Day",
            TimeOfDay::Dusk => "Dusk",
            TimeOfDay::Night => "Night",
            TimeOfDay::Passing => "Passing",
        }
    }
}

/// How much the scene asks of the graphics card.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum Quality {
    /// What a software renderer draws in good time: shadows and multisampling, nothing after.
    Low,
    /// Finer shadows and a glow about bright things (bloom).
    #[default]
    Medium,
    /// Medium with ambient occlusion.
    High,
}

impl Named for Quality {
    const ALL: &'static [Quality] = &[Quality::Low, Quality::Medium, Quality::High];
    const WHAT: &'static str = "a quality";

    fn name(self) -> &'static str {
        match self {
            Quality::Low => "Low",
            Quality::Medium => "Medium",
            Quality::High => "High",
        }
    }
}

/// How the pieces are drawn.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum Pieces {
    /// Statuettes on pedestals: a fine chess set.
    #[default]
    Statuettes,
    /// Manator's living Jetan: warriors and beasts that walk, fight and fall (a kind without a
    /// living look keeps its statuette).
    Living,
}

impl Named for Pieces {
    const ALL: &'static [Pieces] = &[Pieces::Statuettes, Pieces::Living];
    const WHAT: &'static str = "a way to draw the pieces";

    fn name(self) -> &'static str {
        match self {
            Pieces::Statuettes => "Statuettes",
            Pieces::Living => "Living",
        }
    }
}

/// A setting chosen from a few named values: the Settings window lists them by name, the
/// command line takes the name in any case (`--time-of-day`, `--quality`, `--view`).
pub trait Named: Copy + PartialEq + 'static {
    /// Every value, in the order the Settings window lists them.
    const ALL: &'static [Self];
    /// What a value is, for errors ("a time of day").
    const WHAT: &'static str;

    /// What the Settings window calls it.
    fn name(self) -> &'static str;

    /// The value named `text`, in any case; else an error listing the names.
    fn parse(text: &str) -> Result<Self, String> {
        Self::ALL.iter().copied().find(|value| value.name().eq_ignore_ascii_case(text)).ok_or_else(|| {
            let names: Vec<String> = Self::ALL.iter().map(|value| value.name().to_ascii_lowercase()).collect();
            let (last, rest) = names.split_last().expect("a setting has values");
            format!("`{text}` is not {}: {} or {last}", Self::WHAT, rest.join(", "))
        })
    }
}

/// The camera's view.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum View {
    /// A perspective view that the mouse orbits and zooms.
    #[default]
    Orbit,
    /// The 3D scene seen straight down.
    TopDown,
    /// A flat 2D diagram of the board, each piece an icon.
    Diagram,
}

impl View {
    /// The view after this one (`V` and the View button go round them).
    pub fn next(self) -> View {
        match self {
            View::Orbit => View::TopDown,
            View::TopDown => View::Diagram,
            View::Diagram => View::Orbit,
        }
    }
}

impl Named for View {
    const ALL: &'static [View] = &[View::Orbit, View::TopDown, View::Diagram];
    const WHAT: &'static str = "a view";

    fn name(self) -> &'static str {
        match self {
            View::Orbit => "3D",
            View::TopDown => "Top",
            View::Diagram => "2D",
        }
    }
}

/// The side the board faces.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum HumanSide {
    /// The first player's seat (rank 1).
    #[default]
    South,
    /// The other seat.
    North,
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            animation_speed: 1.0,
            view: View::Orbit,
            variant: "variants/jetan.ron".into(),
            human_side: HumanSide::South,
            players: Seats { south: Seat::Human, north: Seat::Ai(jetan_ai::Level::Search(3)) },
            ai_threads: jetan_ai::default_threads(),
            time_of_day: TimeOfDay::Day,
            quality: Quality::Medium,
            sound: Loudness::default(),
            pieces: Pieces::Statuettes,
        }
    }
}

impl Settings {
    /// Reads the settings file; a missing file gives the defaults, a broken one an error
    /// naming the file, line and column.
    pub fn load(path: &Path) -> Result<Settings, String> {
        if !path.exists() {
            return Ok(Settings::default());
        }
        let text = jetan_rules::read_text_file(path, jetan_rules::MAX_TEXT_BYTES)
            .map_err(|error| format!("{}: {error}", path.display()))?;
        Settings::from_text(&text).map_err(|error| format!("{}:{error}", path.display()))
    }

    /// Reads settings from RON text: each value in its range, the variant a file under assets/.
    ///
    /// # Errors
    /// Where the text is not settings, or a value out of range.
    pub fn from_text(text: &str) -> Result<Settings, RonError> {
        let settings: Settings = ron_text::read(text)?;
        let index = jetan_rules::TextIndex::new(text);
        if !ANIMATION_SPEEDS.contains(&settings.animation_speed) {
            let message = format!(
                "the animation speed is {}, not between {} and {}",
                settings.animation_speed,
                ANIMATION_SPEEDS.start(),
                ANIMATION_SPEEDS.end()
            );
            return Err(RonError::at_key(&index, "animation_speed", message));
        }
        if !(1..=jetan_ai::MAX_THREADS).contains(&settings.ai_threads) {
            let message = format!("the AI's threads are {}, not 1 to {}", settings.ai_threads, jetan_ai::MAX_THREADS);
            return Err(RonError::at_key(&index, "ai_threads", message));
        }
        ron_text::check_variant(text, "variant", &settings.variant)?;
        let sound = settings.sound;
        for (key, volume) in [("master", sound.master), ("effects", sound.effects), ("ambience", sound.ambience)] {
            if !(0.0..=1.0).contains(&volume) {
                return Err(RonError::at_key(&index, key, format!("the {key} volume is {volume}, not 0 to 1")));
            }
        }
        Ok(settings)
    }

    /// The settings as RON text.
    pub fn to_text(&self) -> String {
        ron::ser::to_string_pretty(self, ron::ser::PrettyConfig::default()).expect("settings always serialize") + "\n"
    }

    /// Writes the settings file, atomically. A file there that doesn't read as settings (the
    /// player's edit gone wrong, comments and all) is kept beside it first, under the name
    /// returned.
    pub fn save(&self, path: &Path) -> Result<Option<PathBuf>, String> {
        let shown = |error: std::io::Error| format!("{}: {error}", path.display());
        let kept = match Settings::load(path) {
            Ok(_) => None,
            Err(_) => Some(crate::atomic_file::keep_aside(path).map_err(shown)?),
        };
        crate::atomic_file::write(path, self.to_text().as_bytes()).map_err(shown)?;
        Ok(kept)
    }

    /// Saves the settings as the player's defaults ([`player_settings_path`]); says what the
    /// Settings window shows: where they went, or what went wrong.
    pub fn save_as_players_defaults(&self) -> String {
        let path = player_settings_path();
        match self.save(&path) {
            Ok(None) => format!("Settings saved to {}.", path.display()),
            Ok(Some(kept)) => format!(
                "Settings saved to {}; the old file, which didn't read, is kept as {}.",
                path.display(),
                kept.display()
            ),
            Err(error) => error,
        }
    }
}

/// A problem with the settings file, shown in the game.
#[derive(Resource, Default, Debug)]
pub struct SettingsError(pub Option<String>);

pub(super) fn plugin(app: &mut App) {
    let (settings, error) = match Settings::load(&settings_to_load()) {
        Ok(settings) => (settings, None),
        Err(error) => {
            let kept = "playing with the default settings; the file is left as it is until you save settings";
            (Settings::default(), Some(format!("{error} ({kept})")))
        }
    };
    app.insert_resource(settings).insert_resource(SettingsError(error));
}
