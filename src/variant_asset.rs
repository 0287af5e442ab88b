//! Variant files as Bevy assets, reloaded live: the catalog of every file in
//! `assets/variants/` (the folder is loaded once and Bevy's watcher reloads it when a file
//! comes or goes), each with its last good version and the error of a broken edit.

use bevy::asset::io::Reader;
use bevy::asset::{AssetLoader, LoadContext, LoadedFolder};
use bevy::prelude::*;
use bevy::tasks::futures_lite::AsyncReadExt;
use jetan_rules::{MAX_VARIANT_BYTES, Variant};
use std::path::PathBuf;
use std::sync::Arc;

/// A variant file as loaded: the variant, or every problem in it (`FILE:LINE:COL: message`).
#[derive(Asset, TypePath, Debug)]
pub struct VariantSource(pub Result<Arc<Variant>, String>);

/// Reads `.ron` files under `variants/` with the rules engine. It never fails: a broken file
/// becomes a [`VariantSource`] holding its errors, so the catalog can keep the last good one.
#[derive(Default, TypePath)]
struct VariantLoader;

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
        let (origin, text) = read_text(reader, load_context, MAX_VARIANT_BYTES).await?;
        let variant = text.and_then(|text| Variant::load(&text, &origin).map_err(|errors| errors.to_string()));
        Ok(VariantSource(variant.map(Arc::new)))
    }

    fn extensions(&self) -> &[&str] {
        &["ron"]
    }
}

/// An asset file's origin for errors (`assets/PATH`) and its text (lossily UTF-8), or the error
/// of a file larger than `max` bytes.
pub(crate) async fn read_text(
    reader: &mut dyn Reader,
    load_context: &LoadContext<'_>,
    max: u64,
) -> std::io::Result<(String, Result<String, String>)> {
    let mut bytes = Vec::new();
    AsyncReadExt::take(reader, max + 1).read_to_end(&mut bytes).await?;
    let origin = format!("assets/{}", load_context.path());
    if bytes.len() as u64 > max {
        return Ok((origin.clone(), Err(format!("{origin}:1:1: larger than {max} bytes"))));
    }
    Ok((origin, Ok(String::from_utf8_lossy(&bytes).into_owned())))
}

/// The folder on disk that holds the variant files (`assets/variants`).
#[derive(Resource, Clone, Debug)]
pub struct VariantDir(pub PathBuf);

impl Default for VariantDir {
    fn default() -> Self {
        VariantDir(crate::game_root().join("assets").join("variants"))
    }
}

/// Every variant file, with its last good version and its current error.
#[derive(Resource, Default, Debug)]
pub struct VariantCatalog {
    entries: Vec<CatalogEntry>,
    /// The folder `variants/`, loaded once and reloaded by Bevy when its files change.
    folder: Option<Handle<LoadedFolder>>,
}

/// One variant file.
#[derive(Debug)]
pub struct CatalogEntry {
    /// Its asset path, such as `variants/jetan.ron`.
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
    /// The files, in name order.
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
        let Some(path) = handle.path().map(|path| path.path().to_string_lossy().replace('\\', "/")) else { return };
        if self.entry(&path).is_some() {
            return;
        }
        let mut entry = CatalogEntry { path, handle, loaded: LastGood::default() };
        if let Some(VariantSource(source)) = sources.get(&entry.handle) {
            entry.loaded.take_in(source);
        }
        self.entries.push(entry);
        self.entries.sort_by(|a, b| a.path.cmp(&b.path));
    }
}

/// The asset path of a variant named on the command line: a shipped variant's name
/// (`jetan_sarang`: `variants/jetan_sarang.ron`) or its file (`assets/variants/x.ron`).
///
/// # Errors
/// The file is not a `.ron` file under `assets/`.
pub fn asset_path(file: &str) -> Result<String, String> {
    let bare_name = !file.is_empty() && !file.contains(['/', '\\', '.']);
    if bare_name {
        return Ok(format!("variants/{file}.ron"));
    }
    let path = file.strip_prefix("assets/").unwrap_or(file);
    if crate::ron_text::is_asset_file(path) {
        Ok(path.to_string())
    } else {
        Err(format!("`{file}` is not a .ron file under assets/ (for example assets/variants/jetan_sarang.ron)"))
    }
}

pub(super) fn plugin(app: &mut App) {
    app.init_asset::<VariantSource>()
        .register_asset_loader(VariantLoader)
        .init_resource::<VariantDir>()
        .init_resource::<VariantCatalog>()
        .add_systems(Startup, load_variant_folder)
        .add_systems(Update, (take_in_folder, update_catalog).chain().in_set(crate::AppSystems::RecordInput));
}

/// Starts loading the variant folder, and the launch variant (which may lie elsewhere under
/// `assets/`).
fn load_variant_folder(
    asset_server: Res<AssetServer>,
    launch: Res<crate::Launch>,
    sources: Res<Assets<VariantSource>>,
    mut catalog: ResMut<VariantCatalog>,
) {
    catalog.folder = Some(asset_server.load_folder("variants"));
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
        if catalog.folder.as_ref().is_none_or(|folder| folder.id() != id) {
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
