//! Variant files as Bevy assets, reloaded live: the catalog of every file in `assets/variants/`
//! and the mods folder's `variants/` (each folder is loaded once and Bevy's watcher reloads it
//! when a file comes or goes), each with its last good version and the error of a broken edit.

use bevy::asset::io::Reader;
use bevy::asset::{AssetLoader, LoadContext, LoadedFolder};
use bevy::prelude::*;
use bevy::tasks::futures_lite::AsyncReadExt;
use jetan_rules::{MAX_VARIANT_BYTES, Variant};
use std::sync::Arc;

use crate::places::Places;

/// A variant file as loaded: the variant, or every problem in it (`FILE:LINE:COL: message`).
#[derive(Asset, TypePath, Debug)]
pub struct VariantSource(pub Result<Arc<Variant>, String>);

/// Reads `.ron` files under `variants/` with the rules engine. It never fails: a broken file
/// becomes a [`VariantSource`] holding its errors, so the catalog can keep the last good one.
#[derive(TypePath)]
struct VariantLoader {
    /// Where the files are, to name them in errors.
    places: Places,
}

impl AssetLoader for VariantLoader {
    type Asset = VariantSource;
    type Settings = ();
    type Error = std::io::Error;

    async fn load(
        &self,
        reader: &mut dyn Reader,
        _settings: &(),
        load_context: &mut LoadContext<'_>,
    ) -> Result<VariantSource, std::io::Error> {
        let (origin, text) = read_text(reader, load_context, &self.places, MAX_VARIANT_BYTES).await?;
        let variant = text.and_then(|text| Variant::load(&text, &origin).map_err(|errors| errors.to_string()));
        Ok(VariantSource(variant.map(Arc::new)))
    }

    fn extensions(&self) -> &[&str] {
        &["ron"]
    }
}

/// An asset file's origin for errors ([`Places::origin`]) and its text (lossily UTF-8), or the
/// error of a file larger than `max` bytes.
pub(crate) async fn read_text(
    reader: &mut dyn Reader,
    load_context: &LoadContext<'_>,
    places: &Places,
    max: u64,
) -> std::io::Result<(String, Result<String, String>)> {
    let mut bytes = Vec::new();
    AsyncReadExt::take(reader, max + 1).read_to_end(&mut bytes).await?;
    let origin = places.origin(&asset_path_text(load_context.path()));
    if bytes.len() as u64 > max {
        return Ok((origin.clone(), Err(format!("{origin}:1:1: larger than {max} bytes"))));
    }
    Ok((origin, Ok(String::from_utf8_lossy(&bytes).into_owned())))
}

/// An asset path as the game writes it: `variants/jetan.ron`, `mods://variants/mine.ron`.
pub fn asset_path_text(path: &bevy::asset::AssetPath) -> String {
    path.to_string().replace('\\', "/")
}

/// Every variant file, with its last good version and its current error.
#[derive(Resource, Default, Debug)]
pub struct VariantCatalog {
    entries: Vec<CatalogEntry>,
    /// The folders `variants/` and `mods://variants/`, loaded once and reloaded by Bevy when
    /// their files change.
    folders: Vec<Handle<LoadedFolder>>,
}

/// One variant file.
#[derive(Debug)]
pub struct CatalogEntry {
    /// Its asset path, such as `variants/jetan.ron` (or `mods://variants/mine.ron`).
    pub path: String,
    handle: Handle<VariantSource>,
    /// What it holds.
    pub loaded: LastGood<Variant>,
}

/// What a file reloaded live holds: its last version that loaded without errors, and the
/// errors of the file as it is now, if it is broken.
#[derive(Debug)]
pub struct LastGood<T> {
    pub good: Option<Arc<T>>,
    pub error: Option<String>,
}

impl<T> Default for LastGood<T> {
    fn default() -> Self {
        LastGood { good: None, error: None }
    }
}

impl<T> LastGood<T> {
    /// Takes in a (re)loaded version: a good one replaces the last good version, a broken one
    /// keeps it and records the errors.
    pub fn take_in(&mut self, loaded: &Result<Arc<T>, String>) {
        match loaded {
            Ok(good) => {
                self.good = Some(good.clone());
                self.error = None;
            }
            Err(error) => {
                warn!("{error}");
                self.error = Some(error.clone());
            }
        }
    }
}

impl VariantCatalog {
    /// The files: the game's own, then the mods', each in name order.
    pub fn entries(&self) -> &[CatalogEntry] {
        &self.entries
    }

    /// The last good version of a file.
    pub fn variant(&self, path: &str) -> Option<Arc<Variant>> {
        self.entry(path).and_then(|e| e.loaded.good.clone())
    }

    /// The errors of a file as it is now.
    pub fn error(&self, path: &str) -> Option<&str> {
        self.entry(path).and_then(|e| e.loaded.error.as_deref())
    }

    fn entry(&self, path: &str) -> Option<&CatalogEntry> {
        self.entries.iter().find(|e| e.path == path)
    }

    /// Adds a file not yet in the catalog, with what it holds if it has loaded already.
    fn add(&mut self, handle: Handle<VariantSource>, sources: &Assets<VariantSource>) {
        let Some(path) = handle.path().map(asset_path_text) else { return };
        if self.entry(&path).is_some() {
            return;
        }
        let mut entry = CatalogEntry { path, handle, loaded: LastGood::default() };
        if let Some(VariantSource(source)) = sources.get(&entry.handle) {
            entry.loaded.take_in(source);
        }
        self.entries.push(entry);
        // The game's own first, then the mods, each in name order.
        self.entries.sort_by_key(|e| (crate::places::is_mod(&e.path), e.path.clone()));
    }
}

/// The asset path of a variant named on the command line: a variant's name (`jetan_sarang`:
/// `variants/jetan_sarang.ron`, or a mod's, [`Places::variant_named`]), its file under
/// `assets/` (`assets/variants/x.ron`) or a file in the mods folder.
///
/// # Errors
/// The file is not a `.ron` file under `assets/` or the mods folder.
pub fn asset_path(file: &str) -> Result<String, String> {
    let places = Places::player();
    let bare_name = !file.is_empty() && !file.contains(['/', '\\', '.']);
    if bare_name {
        return Ok(places.variant_named(file));
    }
    let in_mods = places.asset_path_of(std::path::Path::new(file)).filter(|path| crate::places::is_mod(path));
    let path = in_mods.unwrap_or_else(|| file.strip_prefix("assets/").unwrap_or(file).to_string());
    if crate::ron_text::is_asset_file(&path) {
        Ok(path)
    } else {
        Err(format!("`{file}` is not a .ron file under assets/ or the mods folder (for example jetan_sarang)"))
    }
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Places>();
    let places = app.world().resource::<Places>().clone();
    app.init_asset::<VariantSource>()
        .register_asset_loader(VariantLoader { places })
        .init_resource::<VariantCatalog>()
        .add_systems(Startup, load_variant_folder)
        .add_systems(Update, (take_in_folder, update_catalog).chain().in_set(crate::AppSystems::RecordInput));
}

/// Starts loading the variant folders (the mods folder's when it has one), and the launch
/// variant (which may lie elsewhere under `assets/`).
fn load_variant_folder(
    asset_server: Res<AssetServer>,
    launch: Res<crate::Launch>,
    places: Res<Places>,
    sources: Res<Assets<VariantSource>>,
    mut catalog: ResMut<VariantCatalog>,
) {
    catalog.folders.push(asset_server.load_folder("variants"));
    let mods = format!("{}://variants", crate::places::MODS_SOURCE);
    if places.file(&mods).is_some_and(|dir| dir.is_dir()) {
        catalog.folders.push(asset_server.load_folder(mods));
    }
    if let Some(path) = &launch.variant {
        catalog.add(asset_server.load(path.clone()), &sources);
    }
}

/// Adds the folder's files to the catalog when it has loaded, and again whenever Bevy reloads
/// it (a file added, removed or renamed).
fn take_in_folder(
    mut events: MessageReader<AssetEvent<LoadedFolder>>,
    folders: Res<Assets<LoadedFolder>>,
    sources: Res<Assets<VariantSource>>,
    mut catalog: ResMut<VariantCatalog>,
) {
    for event in events.read() {
        let (AssetEvent::Added { id } | AssetEvent::Modified { id }) = *event else { continue };
        if !catalog.folders.iter().any(|folder| folder.id() == id) {
            continue;
        }
        let Some(folder) = folders.get(id) else { continue };
        for handle in &folder.handles {
            if let Ok(handle) = handle.clone().try_typed::<VariantSource>() {
                catalog.add(handle, &sources);
            }
        }
    }
}

/// Takes in every (re)loaded variant file of the catalog.
fn update_catalog(
    mut events: MessageReader<AssetEvent<VariantSource>>,
    sources: Res<Assets<VariantSource>>,
    mut catalog: ResMut<VariantCatalog>,
) {
    for event in events.read() {
        let (AssetEvent::Added { id } | AssetEvent::Modified { id }) = *event else { continue };
        let Some(VariantSource(source)) = sources.get(id) else { continue };
        if let Some(entry) = catalog.entries.iter_mut().find(|e| e.handle.id() == id) {
            entry.loaded.take_in(source);
        }
    }
}
