//! The sounds file as a checked file ([`crate::checked_file`]), reloaded live with the sound
//! files it names (a sound file edited reloads it too): the catalog keeps its last good version
//! and the errors of a broken edit, and the game plays on with the last good sounds (silent
//! before there is one).

use bevy::prelude::*;

use super::map::{MAX_SOUNDS_BYTES, MAX_WAV_BYTES, SoundMap};
use crate::checked_file::{Catalog, CheckedFile, NamedFiles};
use crate::places::Places;

/// The sounds file the game plays, under `assets/`.
pub const SOUNDS_FILE: &str = "sounds/barsoom.sounds.ron";

/// The sounds file's last good version and its current errors.
pub type SoundCatalog = Catalog<SoundMap>;

impl CheckedFile for SoundMap {
    const WHAT: &'static str = "sounds file";
    const EXTENSIONS: &'static [&'static str] = &["sounds.ron"];
    const MAX_BYTES: u64 = MAX_SOUNDS_BYTES;
    const MAX_NAMED_BYTES: u64 = MAX_WAV_BYTES;
    const TYPE_PATH: &'static str = "jetan::checked_file::Checked<jetan::sound::map::SoundMap>";

    /// The sound files of its takes, where their paths are ones the map accepts (others are
    /// errors there, at their place).
    fn files_named(text: &str, _path: &str) -> Vec<String> {
        let files = SoundMap::files_named(text).unwrap_or_default();
        files.into_iter().filter(|path| jetan_rules::is_plain_path(path, ".wav")).collect()
    }

    fn check(text: &str, origin: &str, _path: &str, _places: &Places, named: &NamedFiles) -> Result<SoundMap, String> {
        let read = |path: &str| named.get(path).cloned().unwrap_or_else(|| Err("not read".into()));
        SoundMap::read(text, origin, read)
    }
}

pub(super) fn plugin(app: &mut App) {
    app.add_plugins(crate::checked_file::plugin::<SoundMap>).add_systems(
        Startup,
        |server: Res<AssetServer>, mut catalog: ResMut<SoundCatalog>| {
            catalog.request(SOUNDS_FILE, &server);
        },
    );
}
