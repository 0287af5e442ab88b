//! `jetan validate FILE`: checks a variant file and the look files it names.

use std::path::Path;

use jetan_rules::Variant;

use super::say;
use jetan::looks::Looks;
use jetan::places::Places;

/// Prints a one-line summary of a valid file (and a line naming the kinds no look file draws);
/// otherwise the errors, one per line.
pub fn run(file: &Path) -> Result<(), String> {
    let variant = super::load_variant(file)?;
    let unlooked = check_looks(file, &variant)?;
    let geometry = variant.geometry();
    say!(
        "{}: {} is valid: {} x {} board, {} piece kinds, {} pieces, {} rule options, looks from {}",
        file.display(),
        variant.name(),
        geometry.files,
        geometry.ranks,
        variant.kinds().len(),
        variant.setup().len(),
        variant.options().len(),
        variant.looks().join(", ")
    );
    if !unlooked.is_empty() {
        say!("{}: no look for {}: drawn as lettered columns", file.display(), unlooked.join(", "));
    }
    Ok(())
}

/// Reads every look file the variant names (a mod's in place of the game's); the ids of its
/// kinds that none of them draws.
///
/// # Errors
/// Every look file's errors, one a line (`FILE:LINE:COL: message`).
fn check_looks(file: &Path, variant: &Variant) -> Result<Vec<String>, String> {
    let places = Places { assets: super::assets_of(file), ..Places::player() };
    let mut files = Vec::new();
    let mut errors = Vec::new();
    for look in variant.looks() {
        let found = places.resolve(look);
        let path = places.file(&found).unwrap_or_default();
        match Looks::read_file(&path, &places.origin(&found), &places) {
            Ok(looks) => files.push(looks),
            Err(error) => errors.push(error),
        }
    }
    if !errors.is_empty() {
        return Err(errors.join("\n"));
    }
    let drawn = |id: &str| files.iter().any(|looks| looks.look(id).is_some());
    Ok(variant.kinds().iter().filter(|kind| !drawn(&kind.id)).map(|kind| kind.id.clone()).collect())
}
