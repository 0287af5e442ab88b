//! The sounds file as a Bevy asset, reloaded live with the sound files it names (a sound file
//! edited reloads it too): the catalog keeps its last good version and the errors of a broken
//! edit, and the game plays on with the last good sounds (silent before there is one).

use std::collections::HashMap;
use std::sync::Arc;

use bevy::asset::io::Reader;
use bevy::asset::{AssetLoader, LoadContext};
use bevy::prelude::*;

use super::map::{MAX_SOUNDS_BYTES, MAX_WAV_BYTES, SoundMap};
use crate::places::Places;
use crate::variant_asset::LastGood;

/// The sounds file the game plays, under `assets/`.
pub const SOUNDS_FILE: &str = "sounds/barsoom.sounds.ron";

/// A sounds file as loaded: its sounds, or every problem in it.
#[derive(Asset, TypePath, Debug)]
pub struct SoundsSource(pub Result<Arc<SoundMap>, String>);

/// Reads `.sounds.ron` files and the sound files they name (a mod's in place of the game's).
#[derive(TypePath)]
struct SoundsLoader {
    places: Places,
}

impl AssetLoader for SoundsLoader {
    type Asset = SoundsSource;
    type Settings = ();
    type Error = std::io::Error;

    async fn load(
        &self,
        reader: &mut dyn Reader,
        _settings: &(),
        load_context: &mut LoadContext<'_>,
    ) -> Result<SoundsSource, std::io::Error> {
        let (origin, text) =
            crate::variant_asset::read_text(reader, load_context, &self.places, MAX_SOUNDS_BYTES).await?;
        let text = match text {
            Ok(text) => text,
            Err(error) => return Ok(SoundsSource(Err(error))),
        };
        let mut files = HashMap::new();
        for path in SoundMap::files_named(&text).unwrap_or_default() {
            // Only paths the map accepts are read (others are errors there, at their place).
            if jetan_rules::is_plain_path(&path, ".wav") && !files.contains_key(&path) {
                let found = self.places.resolve(&path);
                let bytes = load_context.read_asset_bytes(found.clone()).await;
                let bytes = bytes.map_err(|e| format!("can't be read ({e})")).and_then(|bytes| {
                    let small = bytes.len() as u64 <= MAX_WAV_BYTES;
                    if small { Ok(bytes) } else { Err(format!("larger than {MAX_WAV_BYTES} bytes")) }
                });
                files.insert(path, bytes);
            }
        }
        let read = |path: &str| files.get(path).cloned().unwrap_or_else(|| Err("not read".into()));
        Ok(SoundsSource(SoundMap::read(&text, &origin, read).map(Arc::new)))
    }

    fn extensions(&self) -> &[&str] {
        &["sounds.ron"]
    }
}

/// The sounds file's last good version and its current errors.
#[derive(Resource, Default, Debug)]
pub struct SoundCatalog {
    handle: Handle<SoundsSource>,
    pub loaded: LastGood<SoundMap>,
    /// Counts the versions taken in: the ambience starts anew when it moves.
    pub generation: u64,
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Places>();
    let places = app.world().resource::<Places>().clone();
    app.init_asset::<SoundsSource>()
        .register_asset_loader(SoundsLoader { places })
        .init_resource::<SoundCatalog>()
        .add_systems(Startup, |server: Res<AssetServer>, mut catalog: ResMut<SoundCatalog>| {
            catalog.handle = server.load(SOUNDS_FILE);
        })
        .add_systems(Update, take_in.in_set(crate::AppSystems::RecordInput));
}

/// Takes in the sounds file when it (re)loads.
fn take_in(
    mut events: MessageReader<AssetEvent<SoundsSource>>,
    sources: Res<Assets<SoundsSource>>,
    mut catalog: ResMut<SoundCatalog>,
) {
    for event in events.read() {
        let (AssetEvent::Added { id } | AssetEvent::Modified { id }) = *event else { continue };
        if id != catalog.handle.id() {
            continue;
        }
        if let Some(SoundsSource(source)) = sources.get(id) {
            catalog.loaded.take_in(source);
            catalog.generation += 1;
        }
    }
}
