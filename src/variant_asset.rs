//! Variant files as Bevy assets, reloaded live: the catalog of every file in
//! `assets/variants/`, each with its last good version and the error of a broken edit.

use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

use bevy::asset::io::Reader;
use bevy::asset::{AssetLoader, LoadContext};
use bevy::prelude::*;
use bevy::time::common_conditions::on_timer;
use jetan_rules::Variant;

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
        let mut bytes = Vec::new();
        reader.read_to_end(&mut bytes).await?;
        let origin = format!("assets/{}", load_context.path());
        let variant = Variant::load(&String::from_utf8_lossy(&bytes), &origin);
        Ok(VariantSource(variant.map(Arc::new).map_err(|errors| errors.to_string())))
    }

    fn extensions(&self) -> &[&str] {
        &["ron"]
    }
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
}

/// One variant file.
#[derive(Debug)]
pub struct CatalogEntry {
    /// Its asset path, such as `variants/jetan.ron`.
    pub path: String,
    handle: Handle<VariantSource>,
    /// The last version that loaded without errors.
    pub good: Option<Arc<Variant>>,
    /// The errors of the file as it is now, if it is broken.
    pub error: Option<String>,
}

impl VariantCatalog {
    /// The files, in name order.
    pub fn entries(&self) -> &[CatalogEntry] {
        &self.entries
    }

    /// The last good version of a file.
    pub fn variant(&self, path: &str) -> Option<Arc<Variant>> {
        self.entry(path).and_then(|e| e.good.clone())
    }

    /// The errors of a file as it is now.
    pub fn error(&self, path: &str) -> Option<&str> {
        self.entry(path).and_then(|e| e.error.as_deref())
    }

    fn entry(&self, path: &str) -> Option<&CatalogEntry> {
        self.entries.iter().find(|e| e.path == path)
    }
}

/// The asset path of a variant file named on the command line (`assets/variants/x.ron`).
///
/// # Errors
/// The file is not a `.ron` file under `assets/`.
pub fn asset_path(file: &str) -> Result<String, String> {
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
        .add_systems(Startup, scan_variant_dir)
        .add_systems(Update, scan_variant_dir.run_if(on_timer(Duration::from_secs(2))))
        .add_systems(Update, update_catalog.in_set(crate::AppSystems::RecordInput));
}

/// Starts loading every variant file not yet in the catalog (and the launch variant).
fn scan_variant_dir(
    dir: Res<VariantDir>,
    launch: Res<crate::Launch>,
    asset_server: Res<AssetServer>,
    mut catalog: ResMut<VariantCatalog>,
) {
    let mut paths: Vec<String> = std::fs::read_dir(&dir.0)
        .into_iter()
        .flatten()
        .flatten()
        .filter(|entry| entry.path().extension().is_some_and(|e| e == "ron"))
        .map(|entry| format!("variants/{}", entry.file_name().to_string_lossy()))
        .collect();
    paths.extend(launch.variant.clone());
    for path in paths {
        if catalog.entry(&path).is_none() {
            let handle = asset_server.load(path.clone());
            catalog.entries.push(CatalogEntry { path, handle, good: None, error: None });
        }
    }
    catalog.entries.sort_by(|a, b| a.path.cmp(&b.path));
}

/// Takes in every (re)loaded variant file: a good one replaces the last good version, a
/// broken one keeps it and records the errors.
fn update_catalog(
    mut events: MessageReader<AssetEvent<VariantSource>>,
    sources: Res<Assets<VariantSource>>,
    mut catalog: ResMut<VariantCatalog>,
) {
    for event in events.read() {
        let (AssetEvent::Added { id } | AssetEvent::Modified { id }) = *event else { continue };
        let Some(source) = sources.get(id) else { continue };
        let Some(entry) = catalog.entries.iter_mut().find(|e| e.handle.id() == id) else { continue };
        match &source.0 {
            Ok(variant) => {
                entry.good = Some(variant.clone());
                entry.error = None;
            }
            Err(error) => {
                warn!("{error}");
                entry.error = Some(error.clone());
            }
        }
    }
}
