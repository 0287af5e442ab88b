//! One pipeline for every data file the game reloads live (variants, looks, sounds): a file kind
//! says how its text is checked ([`CheckedFile`]); one loader reads it, bounded, into a
//! [`Checked`] asset that holds the value or every problem in it (`FILE:LINE:COL: message`), so
//! that loading never fails on a player's mistake; a [`Catalog`] per kind keeps each file's last
//! good version and its current errors, taken in by one system, including files that can't be
//! read at all (missing, not a regular file, too large), named at their place.

use std::collections::HashMap;
use std::marker::PhantomData;
use std::sync::Arc;

use bevy::asset::io::Reader;
use bevy::asset::{AssetLoader, LoadContext, LoadState, LoadedFolder, UntypedAssetId, VisitAssetDependencies};
use bevy::prelude::*;
use bevy::reflect::TypePath;
use bevy::tasks::futures_lite::AsyncReadExt;

use crate::asset_path::{MODS_SOURCE, asset_path_text, is_mod};
use crate::places::Places;

/// A kind of data file the game reads, checks and reloads live.
pub trait CheckedFile: Sized + Send + Sync + 'static {
    /// What the file is called in messages: `variant file`.
    const WHAT: &'static str;
    /// The endings of its files' names, without the dot (`look.ron`).
    const EXTENSIONS: &'static [&'static str];
    /// The largest file read, in bytes.
    const MAX_BYTES: u64;
    /// The Rust path of its asset type, for Bevy's reflection (`jetan::Checked<Variant>`).
    const TYPE_PATH: &'static str;

    /// Other files its text names that must be read with it (a sounds file's WAVs, a lessons
    /// file's variant), as asset paths; `path` is its own. Only these are read, and each once.
    fn files_named(_text: &str, _path: &str) -> Vec<String> {
        Vec::new()
    }

    /// The largest size of a file [`CheckedFile::files_named`] names.
    const MAX_NAMED_BYTES: u64 = 0;

    /// Reads and checks the text of the file at asset path `path`, called `origin` in errors,
    /// with the bytes of the files it names (or why each can't be read).
    ///
    /// # Errors
    /// Every problem in the text, each with its place.
    fn check(text: &str, origin: &str, path: &str, places: &Places, named: &NamedFiles) -> Result<Self, String>;
}

/// The files a checked file names, as read with it: their bytes, or why each can't be read.
pub type NamedFiles = HashMap<String, Result<Vec<u8>, String>>;

/// A checked file as loaded: its value, or every problem in it (`FILE:LINE:COL: message`).
#[derive(Debug)]
pub struct Checked<T>(pub Result<Arc<T>, String>);

impl<T: CheckedFile> Asset for Checked<T> {}

impl<T: CheckedFile> VisitAssetDependencies for Checked<T> {
    fn visit_dependencies(&self, _visit: &mut impl FnMut(UntypedAssetId)) {}
}

impl<T: CheckedFile> TypePath for Checked<T> {
    fn type_path() -> &'static str {
        T::TYPE_PATH
    }

    fn short_type_path() -> &'static str {
        T::TYPE_PATH.rsplit("::").next().unwrap_or(T::TYPE_PATH)
    }
}

/// The one loader of checked files. It fails only where the file can't be read (the catalog
/// then names the file and why); a file that reads but is wrong becomes a [`Checked`] error.
struct CheckedLoader<T> {
    /// Where the files are: to name them in errors, and find a mod's file in place of the game's.
    places: Places,
    kind: PhantomData<fn() -> T>,
}

impl<T: CheckedFile> TypePath for CheckedLoader<T> {
    fn type_path() -> &'static str {
        "jetan::checked_file::CheckedLoader"
    }

    fn short_type_path() -> &'static str {
        "CheckedLoader"
    }
}

impl<T: CheckedFile> AssetLoader for CheckedLoader<T> {
    type Asset = Checked<T>;
    type Settings = ();
    type Error = std::io::Error;

    async fn load(
        &self,
        reader: &mut dyn Reader,
        _settings: &(),
        load_context: &mut LoadContext<'_>,
    ) -> Result<Checked<T>, std::io::Error> {
        let path = asset_path_text(load_context.path());
        let origin = self.places.origin(&path);
        let mut bytes = Vec::new();
        AsyncReadExt::take(reader, T::MAX_BYTES + 1).read_to_end(&mut bytes).await?;
        if bytes.len() as u64 > T::MAX_BYTES {
            return Ok(Checked(Err(format!("{origin}:1:1: larger than the {} bytes read", T::MAX_BYTES))));
        }
        let text = String::from_utf8_lossy(&bytes);
        let mut named = NamedFiles::new();
        for name in T::files_named(&text, &path) {
            let std::collections::hash_map::Entry::Vacant(slot) = named.entry(name) else { continue };
            let found = self.places.resolve(slot.key());
            let bytes = load_context.read_asset_bytes(found).await.map_err(|e| format!("can't be read ({e})"));
            let small = |bytes: Vec<u8>| {
                let max = T::MAX_NAMED_BYTES;
                if bytes.len() as u64 <= max { Ok(bytes) } else { Err(format!("larger than {max} bytes")) }
            };
            slot.insert(bytes.and_then(small));
        }
        Ok(Checked(T::check(&text, &origin, &path, &self.places, &named).map(Arc::new)))
    }

    fn extensions(&self) -> &[&str] {
        T::EXTENSIONS
    }
}

/// What a file reloaded live holds: its last version that loaded without errors, and the
/// errors of the file as it is now, if it is broken.
#[derive(Debug)]
pub struct LastGood<T> {
    /// The last version without errors.
    pub good: Option<Arc<T>>,
    /// The errors of the file as it is now.
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

/// One file of a catalog.
#[derive(Debug)]
pub struct CatalogEntry<T: CheckedFile> {
    /// Its path as named (`variants/jetan.ron`, `mods://variants/mine.ron`, or the look file
    /// a variant names).
    pub path: String,
    /// Where it is read from: the path, or the mods folder's file of that path.
    found: String,
    handle: Handle<Checked<T>>,
    /// What it holds.
    pub loaded: LastGood<T>,
    /// Whether it has loaded, well or not, or can't be.
    settled: bool,
}

/// Every file of a kind asked for, with its last good version and its current errors: the
/// game's own first, then the mods', each in name order.
#[derive(Resource, Debug)]
pub struct Catalog<T: CheckedFile> {
    entries: Vec<CatalogEntry<T>>,
    /// Folders whose files are all in the catalog (Bevy reloads a folder when files come or go).
    folders: Vec<Handle<LoadedFolder>>,
    /// Counts the changes to any file: what is made from the files is made anew when it moves.
    generation: u64,
}

impl<T: CheckedFile> Default for Catalog<T> {
    fn default() -> Self {
        Catalog { entries: Vec::new(), folders: Vec::new(), generation: 0 }
    }
}

impl<T: CheckedFile> Catalog<T> {
    /// The files, the game's own first, then the mods', each in name order.
    pub fn entries(&self) -> &[CatalogEntry<T>] {
        &self.entries
    }

    fn entry(&self, path: &str) -> Option<&CatalogEntry<T>> {
        self.entries.iter().find(|e| e.path == path)
    }

    /// The last good version of a file.
    pub fn good(&self, path: &str) -> Option<Arc<T>> {
        self.entry(path).and_then(|e| e.loaded.good.clone())
    }

    /// The errors of a file as it is now.
    pub fn error(&self, path: &str) -> Option<&str> {
        self.entry(path).and_then(|e| e.loaded.error.as_deref())
    }

    /// Whether a file has loaded, well or not, or can't be.
    pub fn settled(&self, path: &str) -> bool {
        self.entry(path).is_some_and(|e| e.settled)
    }

    /// Counts the changes to any file of the catalog.
    pub fn generation(&self) -> u64 {
        self.generation
    }

    /// The last good versions of `paths` (those that have one), once all of them have settled.
    pub fn files(&self, paths: &[String]) -> Option<Vec<Arc<T>>> {
        let entries: Option<Vec<&CatalogEntry<T>>> = paths.iter().map(|path| self.entry(path)).collect();
        let entries = entries?;
        entries.iter().all(|e| e.settled).then(|| entries.iter().filter_map(|e| e.loaded.good.clone()).collect())
    }

    /// The errors of `paths` as they are now, one a line.
    pub fn errors(&self, paths: &[String]) -> Option<String> {
        let errors: Vec<&str> = paths.iter().filter_map(|p| self.error(p)).collect();
        (!errors.is_empty()).then(|| errors.join("\n"))
    }

    /// Starts loading the file at `path` as it is named, unless it is asked for already.
    pub fn request(&mut self, path: &str, server: &AssetServer) {
        self.request_found(path, path.to_string(), server);
    }

    /// Starts loading a file named inside another (a variant's look file): the mods folder's
    /// file of that path when there is one, else the game's own.
    pub fn request_named(&mut self, path: &str, server: &AssetServer, places: &Places) {
        self.request_found(path, places.resolve(path), server);
    }

    fn request_found(&mut self, path: &str, found: String, server: &AssetServer) {
        if self.entry(path).is_none() {
            let handle = server.load(found.clone());
            self.add(CatalogEntry {
                path: path.to_string(),
                found,
                handle,
                loaded: LastGood::default(),
                settled: false,
            });
        }
    }

    /// Takes every file of a folder into the catalog, now and whenever files come or go.
    pub fn request_folder(&mut self, folder: &str, server: &AssetServer) {
        self.folders.push(server.load_folder(folder.to_string()));
    }

    /// Takes every file of the game's folder `name` (`variants`) and of the mods folder's of that
    /// name, when there is one, into the catalog.
    pub fn request_folders(&mut self, name: &str, server: &AssetServer, places: &Places) {
        self.request_folder(name, server);
        let mods = format!("{MODS_SOURCE}://{name}");
        if places.file(&mods).is_some_and(|dir| dir.is_dir()) {
            self.request_folder(&mods, server);
        }
    }

    fn add(&mut self, entry: CatalogEntry<T>) {
        self.entries.push(entry);
        self.entries.sort_by_key(|e| (is_mod(&e.path), e.path.clone()));
    }

    /// Adds the checked files of a folder that has (re)loaded.
    fn take_in_folder(&mut self, folder: &LoadedFolder) {
        for handle in &folder.handles {
            let Ok(handle) = handle.clone().try_typed::<Checked<T>>() else { continue };
            let Some(path) = handle.path().map(asset_path_text) else { continue };
            if self.entry(&path).is_none() {
                let entry =
                    CatalogEntry { found: path.clone(), path, handle, loaded: LastGood::default(), settled: false };
                self.add(entry);
            }
        }
    }

    /// Settles the files not yet settled that have loaded (a folder's file may load before
    /// the catalog hears of it) or can't be read (named with why). Whether any was.
    fn settle(&mut self, loaded: &Assets<Checked<T>>, server: &AssetServer, places: &Places) -> bool {
        let mut changed = false;
        for entry in self.entries.iter_mut().filter(|e| !e.settled) {
            if let Some(Checked(source)) = loaded.get(&entry.handle) {
                entry.loaded.take_in(source);
            } else if let LoadState::Failed(error) = server.load_state(&entry.handle) {
                let message = format!("{}:1:1: the {} can't be read: {error}", places.origin(&entry.found), T::WHAT);
                warn!("{message}");
                entry.loaded.error = Some(message);
            } else {
                continue;
            }
            entry.settled = true;
            changed = true;
        }
        changed
    }
}

/// Adds the checked files of kind `T`: their asset, the one loader, the catalog, and the
/// system that takes in what loads.
pub fn plugin<T: CheckedFile>(app: &mut App) {
    app.init_resource::<Places>();
    let places = app.world().resource::<Places>().clone();
    app.init_asset::<Checked<T>>()
        .register_asset_loader(CheckedLoader::<T> { places, kind: PhantomData })
        .init_resource::<Catalog<T>>()
        .add_systems(Update, take_in::<T>.in_set(crate::AppSystems::RecordInput));
}

/// Takes in the catalog's folders and files as they (re)load, and settles those that can't be
/// loaded.
fn take_in<T: CheckedFile>(
    mut folder_events: MessageReader<AssetEvent<LoadedFolder>>,
    mut events: MessageReader<AssetEvent<Checked<T>>>,
    folders: Res<Assets<LoadedFolder>>,
    loaded: Res<Assets<Checked<T>>>,
    server: Res<AssetServer>,
    places: Res<Places>,
    mut catalog: ResMut<Catalog<T>>,
) {
    for event in folder_events.read() {
        let (AssetEvent::Added { id } | AssetEvent::Modified { id }) = *event else { continue };
        if catalog.folders.iter().any(|folder| folder.id() == id)
            && let Some(folder) = folders.get(id)
        {
            catalog.take_in_folder(folder);
        }
    }
    let mut changed = false;
    for event in events.read() {
        let (AssetEvent::Added { id } | AssetEvent::Modified { id }) = *event else { continue };
        let Some(Checked(source)) = loaded.get(id) else { continue };
        if let Some(entry) = catalog.entries.iter_mut().find(|e| e.handle.id() == id) {
            entry.loaded.take_in(source);
            entry.settled = true;
            changed = true;
        }
    }
    changed |= catalog.settle(&loaded, &server, &places);
    if changed {
        catalog.generation += 1;
    }
}
