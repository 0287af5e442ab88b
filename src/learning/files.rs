//! Lessons and puzzles files as checked files ([`crate::checked_file`]), reloaded live: the
//! game's own `assets/lessons/` and `assets/puzzles/`, and the mods folder's, each file read
//! with the variant file it names (relative to it).

use bevy::prelude::*;
use jetan_lessons::{Course, PuzzleSet};
use jetan_rules::{MAX_TEXT_BYTES, MAX_VARIANT_BYTES, Variant};

use crate::asset_path::resolve_relative;
use crate::checked_file::{Catalog, CheckedFile, NamedFiles};
use crate::places::Places;

/// Every lessons file, with its last good version and its current errors.
pub type LessonCatalog = Catalog<Course>;
/// Every puzzles file, with its last good version and its current errors.
pub type PuzzleCatalog = Catalog<PuzzleSet>;

impl CheckedFile for Course {
    const WHAT: &'static str = "lessons file";
    const EXTENSIONS: &'static [&'static str] = &["lessons.ron"];
    const MAX_BYTES: u64 = MAX_TEXT_BYTES;
    const MAX_NAMED_BYTES: u64 = MAX_VARIANT_BYTES;
    const TYPE_PATH: &'static str = "jetan::checked_file::Checked<jetan_lessons::Course>";

    fn files_named(text: &str, path: &str) -> Vec<String> {
        variant_of(text, path).into_iter().collect()
    }

    fn check(text: &str, origin: &str, path: &str, _places: &Places, named: &NamedFiles) -> Result<Course, String> {
        Course::load(text, origin, |name| named_variant(path, name, named)).map_err(|errors| errors.to_string())
    }
}

impl CheckedFile for PuzzleSet {
    const WHAT: &'static str = "puzzles file";
    const EXTENSIONS: &'static [&'static str] = &["puzzles.ron"];
    const MAX_BYTES: u64 = MAX_TEXT_BYTES;
    const MAX_NAMED_BYTES: u64 = MAX_VARIANT_BYTES;
    const TYPE_PATH: &'static str = "jetan::checked_file::Checked<jetan_lessons::PuzzleSet>";

    fn files_named(text: &str, path: &str) -> Vec<String> {
        variant_of(text, path).into_iter().collect()
    }

    fn check(text: &str, origin: &str, path: &str, _places: &Places, named: &NamedFiles) -> Result<PuzzleSet, String> {
        PuzzleSet::load(text, origin, |name| named_variant(path, name, named)).map_err(|errors| errors.to_string())
    }
}

/// The asset path of the variant file a lessons or puzzles file's `variant: "…"` names, if the
/// text reads that far and the path stays in its folder (else the file's check says why).
fn variant_of(text: &str, path: &str) -> Option<String> {
    let value: ron::Value = ron::from_str(text).ok()?;
    let ron::Value::Map(fields) = value else { return None };
    let (_, ron::Value::String(name)) = fields.iter().find(|(key, _)| **key == ron::Value::String("variant".into()))?
    else {
        return None;
    };
    resolve_relative(path, name)
}

/// The variant file `name` (as the file at `path` writes it), read with the file.
fn named_variant(path: &str, name: &str, named: &NamedFiles) -> Result<Variant, String> {
    let resolved = resolve_relative(path, name)
        .ok_or_else(|| format!("`{name}` is not a .ron file beside the lessons and puzzles folders"))?;
    let bytes = named.get(&resolved).cloned().unwrap_or_else(|| Err("not read".into()));
    let text = String::from_utf8(bytes.map_err(|why| format!("{resolved}: {why}"))?)
        .map_err(|_| format!("{resolved} is not UTF-8 text"))?;
    Variant::load(&text, &resolved).map_err(|errors| errors.to_string())
}

pub(super) fn plugin(app: &mut App) {
    app.add_plugins((crate::checked_file::plugin::<Course>, crate::checked_file::plugin::<PuzzleSet>))
        .add_systems(Startup, load_folders);
}

/// Starts loading the lessons and puzzles folders, the game's and the mods folder's.
fn load_folders(
    server: Res<AssetServer>,
    places: Res<Places>,
    mut lessons: ResMut<LessonCatalog>,
    mut puzzles: ResMut<PuzzleCatalog>,
) {
    lessons.request_folders("lessons", &server, &places);
    puzzles.request_folders("puzzles", &server, &places);
}
