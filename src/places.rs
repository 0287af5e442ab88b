//! Where the game's files come from: its own (the game's folder's `assets/`, else the copies
//! shipped inside the binary) and the player's mods folder (`~/.local/share/jetan/mods/` on
//! Linux, with `variants/`, `looks/` and `materials/`), which asset paths name as `mods://variants/x.ron`.
//! A path named inside a file (a variant's look files, a look's model or icon) is the mods
//! folder's file of that path when there is one, else the game's own.

use std::path::{Path, PathBuf};

use bevy::asset::io::memory::MemoryAssetReader;
use bevy::asset::io::{AssetSourceBuilder, AssetSourceId, ErasedAssetReader};
use bevy::prelude::*;

use crate::asset_path::{MODS_PREFIX, MODS_SOURCE, is_mod};
use crate::asset_source::bounded_source;

/// The folders the game reads its files from.
#[derive(Resource, Clone, Debug)]
pub struct Places {
    /// The game's own files on disk (the game's folder's `assets/`; what is missing there is
    /// read from the shipped copies).
    pub assets: PathBuf,
    /// The player's mods folder, if the game reads one (its asset source is registered).
    pub mods: Option<PathBuf>,
}

impl Default for Places {
    /// The game's own files, no mods.
    fn default() -> Self {
        Places { assets: crate::game_root().join("assets"), mods: None }
    }
}

impl Places {
    /// The game's own files and the player's mods folder (the platform's data folder's
    /// `jetan/mods`).
    pub fn player() -> Places {
        Places { mods: dirs::data_dir().map(|data| data.join("jetan").join("mods")), ..Places::default() }
    }

    /// Makes these the app's places, before `AssetPlugin`: registers the game's own files as
    /// the default asset source (the folder `assets/`, each file checked before it is read and
    /// reloaded live, else the copies shipped in the binary), makes the mods folder's
    /// `variants/`, `looks/` and `materials/` (so that the player finds where mods go, and files put there
    /// later are seen) and registers it as the asset source `mods://`, read the same way.
    pub fn install(self, app: &mut App) {
        if self.assets.is_dir() {
            app.register_asset_source(AssetSourceId::Default, bounded_source(&self.assets));
        } else {
            let folder = crate::shipped::folder();
            let reader = move || -> Box<dyn ErasedAssetReader> { Box::new(MemoryAssetReader { root: folder.clone() }) };
            app.register_asset_source(AssetSourceId::Default, AssetSourceBuilder::new(reader));
        }
        if let Some(mods) = &self.mods {
            for folder in ["variants", "looks", "materials"] {
                if let Err(error) = std::fs::create_dir_all(mods.join(folder)) {
                    warn!("{}: can't make the mods folder: {error}", mods.join(folder).display());
                }
            }
            app.register_asset_source(AssetSourceId::from(MODS_SOURCE), bounded_source(mods));
        }
        app.insert_resource(self);
    }

    /// The file on disk an asset path names: `mods://variants/x.ron` in the mods folder,
    /// `variants/x.ron` in `assets/` (which may be missing: see [`Places::exists`]). None for a
    /// mods path without a mods folder.
    pub fn file(&self, path: &str) -> Option<PathBuf> {
        match path.strip_prefix(MODS_PREFIX) {
            Some(rest) => self.mods.as_ref().map(|mods| mods.join(rest)),
            None => Some(self.assets.join(path)),
        }
    }

    /// Whether the asset path names a file that can be read: on disk, or shipped.
    pub fn exists(&self, path: &str) -> bool {
        self.file(path).is_some_and(|file| file.is_file()) || (!is_mod(path) && crate::shipped::file(path).is_some())
    }

    /// How errors name the file at an asset path: `assets/variants/x.ron` for the game's own,
    /// the whole path of a mod's (so that the player finds it).
    pub fn origin(&self, path: &str) -> String {
        match self.file(path).filter(|_| is_mod(path)) {
            Some(file) => file.display().to_string(),
            None => format!("assets/{}", path.strip_prefix(MODS_PREFIX).unwrap_or(path)),
        }
    }

    /// A path named inside a file (a variant's look file, a look's model or icon): the mods
    /// folder's file of that path when there is one, else the game's own.
    pub fn resolve(&self, path: &str) -> String {
        let modded = format!("{MODS_PREFIX}{path}");
        if !is_mod(path) && self.file(&modded).is_some_and(|file| file.is_file()) { modded } else { path.to_string() }
    }

    /// The asset path of a variant named by its file's name (`jetan_sarang`): the game's own
    /// when it has one, else the mods folder's when that has one, else the game's (which then
    /// doesn't exist).
    pub fn variant_named(&self, name: &str) -> String {
        let own = format!("variants/{name}.ron");
        let modded = format!("{MODS_PREFIX}{own}");
        if !self.exists(&own) && self.exists(&modded) { modded } else { own }
    }

    /// Every variant the game offers, as asset paths: its own (the files of `assets/variants/`,
    /// else the shipped ones), then the mods folder's, each in name order.
    pub fn variants(&self) -> Vec<String> {
        let own: Vec<String> = if self.assets.is_dir() {
            ron_files_in(&self.assets.join("variants"), "variants/")
        } else {
            // The shipped files are in name order.
            let shipped = crate::shipped::SHIPPED.iter().map(|(name, _)| name.to_string());
            shipped.filter(|name| name.starts_with("variants/") && name.ends_with(".ron")).collect()
        };
        let mods =
            self.mods.as_ref().map(|mods| ron_files_in(&mods.join("variants"), &format!("{MODS_PREFIX}variants/")));
        own.into_iter().chain(mods.unwrap_or_default()).collect()
    }

    /// The names of every material there is (the folders under `materials/` with an
    /// `albedo.png`): the game's own (shipped, as [`crate::shipped::read_bytes`] reads them
    /// when `assets/` lacks them, and on disk) and the mods folder's, sorted, each once.
    pub fn materials(&self) -> Vec<String> {
        let folders_in = |dir: &Path| -> Vec<String> {
            let entries = std::fs::read_dir(dir).into_iter().flatten().flatten();
            let named = entries.filter(|entry| entry.path().join("albedo.png").is_file());
            named.filter_map(|entry| entry.file_name().to_str().map(String::from)).collect()
        };
        let shipped = crate::shipped::SHIPPED
            .iter()
            .filter_map(|(name, _)| name.strip_prefix("materials/")?.strip_suffix("/albedo.png").map(String::from));
        let mut names: Vec<String> = shipped.collect();
        names.extend(folders_in(&self.assets.join("materials")));
        names.extend(self.mods.as_ref().map(|mods| folders_in(&mods.join("materials"))).unwrap_or_default());
        names.sort();
        names.dedup();
        names
    }

    /// The asset path of a variant file on disk: in the mods folder (`mods://…`), in
    /// `assets/`, or named like a shipped one (`…/assets/variants/jetan.ron`).
    pub fn asset_path_of(&self, file: &Path) -> Option<String> {
        let relative = |folder: &Path| -> Option<String> {
            let (file, folder) = (file.canonicalize().ok()?, folder.canonicalize().ok()?);
            let parts: Vec<_> =
                file.strip_prefix(folder).ok()?.components().map(|c| c.as_os_str().to_owned()).collect();
            Some(parts.iter().map(|part| part.to_string_lossy()).collect::<Vec<_>>().join("/"))
        };
        let modded = self.mods.as_deref().and_then(relative).map(|path| format!("{MODS_PREFIX}{path}"));
        modded.or_else(|| relative(&self.assets)).or_else(|| crate::shipped::name_in_assets(file))
    }
}

/// The `.ron` files in a folder whose names are text, as `prefix` and their names, in name
/// order (an asset path is text: [`files_named_otherwise`] finds the others).
fn ron_files_in(dir: &Path, prefix: &str) -> Vec<String> {
    let mut paths: Vec<String> =
        ron_files(dir).filter_map(|name| Some(format!("{prefix}{}", name.to_str()?))).collect();
    paths.sort();
    paths
}

/// The `.ron` files in a folder whose names aren't UTF-8 text, which no asset path can name.
pub fn files_named_otherwise(dir: &Path) -> Vec<PathBuf> {
    ron_files(dir).filter(|name| name.to_str().is_none()).map(|name| dir.join(name)).collect()
}

/// The names of the `.ron` files in a folder.
fn ron_files(dir: &Path) -> impl Iterator<Item = std::ffi::OsString> {
    let entries = std::fs::read_dir(dir).into_iter().flatten().flatten();
    let ron =
        |entry: &std::fs::DirEntry| entry.path().is_file() && entry.path().extension().is_some_and(|e| e == "ron");
    entries.filter(ron).map(|entry| entry.file_name())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn places(name: &str) -> Places {
        let root = std::env::temp_dir().join(format!("jetan-places-{name}-{}", std::process::id()));
        std::fs::remove_dir_all(&root).ok();
        for folder in ["assets/variants", "mods/variants", "mods/looks"] {
            std::fs::create_dir_all(root.join(folder)).unwrap();
        }
        Places { assets: root.join("assets"), mods: Some(root.join("mods")) }
    }

    #[test]
    fn a_mods_file_wins_over_the_games_own_for_paths_named_in_files() {
        let places = places("resolve");
        assert_eq!(places.resolve("looks/barsoom.look.ron"), "looks/barsoom.look.ron");
        std::fs::write(places.mods.as_ref().unwrap().join("looks/barsoom.look.ron"), "").unwrap();
        assert_eq!(places.resolve("looks/barsoom.look.ron"), "mods://looks/barsoom.look.ron");
        assert_eq!(Places { mods: None, ..places }.resolve("looks/barsoom.look.ron"), "looks/barsoom.look.ron");
    }

    #[test]
    fn a_variant_by_name_is_the_games_own_else_the_mods() {
        let places = places("named");
        std::fs::write(places.mods.as_ref().unwrap().join("variants/jetan.ron"), "").unwrap();
        std::fs::write(places.mods.as_ref().unwrap().join("variants/mine.ron"), "").unwrap();
        assert_eq!(places.variant_named("jetan"), "variants/jetan.ron", "the shipped one first");
        assert_eq!(places.variant_named("mine"), "mods://variants/mine.ron");
        assert_eq!(places.variant_named("none"), "variants/none.ron");
        std::fs::write(places.assets.join("variants/own.ron"), "").unwrap();
        let listed = ["variants/own.ron", "mods://variants/jetan.ron", "mods://variants/mine.ron"];
        assert_eq!(places.variants(), listed);
        let file = places.mods.as_ref().unwrap().join("variants/mine.ron");
        assert_eq!(places.asset_path_of(&file).as_deref(), Some("mods://variants/mine.ron"));
        assert_eq!(places.origin("mods://variants/mine.ron"), file.display().to_string());
        assert_eq!(places.origin("variants/jetan.ron"), "assets/variants/jetan.ron");
    }
}
