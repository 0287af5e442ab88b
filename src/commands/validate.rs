//! `jetan validate FILE`: checks a variant file.

use std::path::Path;

use super::say;

/// Prints a one-line summary of a valid file; otherwise the errors, one per line.
pub fn run(file: &Path) -> Result<(), String> {
    let variant = super::load_variant(file)?;
    let geometry = variant.geometry();
    say!(
        "{}: {} is valid: {} x {} board, {} piece kinds, {} pieces, {} rule options",
        file.display(),
        variant.name(),
        geometry.files,
        geometry.ranks,
        variant.kinds().len(),
        variant.setup().len(),
        variant.options().len()
    );
    Ok(())
}
