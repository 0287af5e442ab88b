//! The game's own files (variants, looks, models, icons), built into the binary by `build.rs`,
//! so that the one file plays from any folder. Where the game's folder has `assets/` (the
//! repository, an unpacked release) its files are read instead, and reloaded live.

use std::path::{Path, PathBuf};

use bevy::asset::io::memory::Dir;

include!(concat!(env!("OUT_DIR"), "/shipped.rs"));

/// The shipped file at `path` under `assets/` (`variants/jetan.ron`), if there is one.
pub fn file(path: &str) -> Option<&'static [u8]> {
    SHIPPED.iter().find(|(name, _)| *name == path).map(|&(_, bytes)| bytes)
}

/// The shipped variant at `path` under `assets/` (`variants/jetan.ron`), if there is one.
pub fn variant(path: &str) -> Option<std::sync::Arc<jetan_rules::Variant>> {
    let text = std::str::from_utf8(file(path)?).ok()?;
    jetan_rules::Variant::load(text, &format!("the game's own {path}")).ok().map(std::sync::Arc::new)
}

/// The shipped files as an in-memory folder, for the asset server when there is no `assets/`.
pub fn folder() -> Dir {
    let dir = Dir::new(PathBuf::new());
    for &(name, bytes) in SHIPPED {
        dir.insert_asset(Path::new(name), bytes);
    }
    dir
}

/// The bytes of a file the game reads (a variant, look or sound file named on the command
/// line or by a record or a sounds file): from disk when it is there, else the shipped copy of
/// the same name under an `assets/` folder (`…/assets/variants/jetan.ron` is
/// `variants/jetan.ron`) when there is one.
///
/// # Errors
/// The file can't be read (or is larger than `max` bytes) and nothing of its name is shipped.
pub fn read_bytes(path: &Path, max: u64) -> Result<Vec<u8>, String> {
    if !path.exists()
        && let Some(bytes) = name_in_assets(path).and_then(|name| file(&name))
    {
        return Ok(bytes.to_vec());
    }
    jetan_rules::read_file(path, max)
}

/// The text of a file the game reads, as [`read_bytes`] finds it.
///
/// # Errors
/// As [`read_bytes`], or the file is not UTF-8 text.
pub fn read_text(path: &Path, max: u64) -> Result<String, String> {
    String::from_utf8(read_bytes(path, max)?).map_err(|_| "the file is not UTF-8 text".into())
}

/// What follows the last `assets` folder of `path` (`variants/jetan.ron`), if it has one and
/// that names a shipped file.
pub fn name_in_assets(path: &Path) -> Option<String> {
    let components: Vec<_> = path.components().collect();
    let assets = components.iter().rposition(|part| part.as_os_str() == "assets")?;
    let name: PathBuf = components[assets + 1..].iter().collect();
    Some(name.to_string_lossy().replace('\\', "/")).filter(|name| file(name).is_some())
}
