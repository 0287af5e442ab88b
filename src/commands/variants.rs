//! `jetan variants`: the variants the game offers, its own and the mods folder's.

use jetan::places::Places;

use super::say;

/// Prints each variant's asset path and name (and a mod's file), or the errors that leave it
/// out of the game; last, where the mods folder is.
pub fn run() -> Result<(), String> {
    let places = Places::player();
    for path in places.variants() {
        let file = places.file(&path).unwrap_or_default();
        match super::load_variant(&file) {
            Ok(variant) if jetan::asset_path::is_mod(&path) => say!("{path}: {} ({})", variant.name(), file.display()),
            Ok(variant) => say!("{path}: {}", variant.name()),
            Err(errors) => say!("{path}: left out, it doesn't load:\n{errors}"),
        }
    }
    for file in places.mods.iter().flat_map(|mods| jetan::places::files_named_otherwise(&mods.join("variants"))) {
        say!("{}: left out, its name isn't UTF-8 text (rename it)", file.display());
    }
    match &places.mods {
        Some(mods) => say!("mods folder: {} (variants/ and looks/)", mods.display()),
        None => say!("no mods folder: this system has no data folder"),
    }
    Ok(())
}
