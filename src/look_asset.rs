//! Look files as checked files ([`crate::checked_file`]), reloaded live: the files a variant
//! names are asked for as a game needs them (`token_looks.rs`), each keeping its last good
//! version and the errors of a broken edit.

use jetan_rules::Variant;

use crate::checked_file::{Catalog, CheckedFile, NamedFiles};
use crate::looks::{Looks, MAX_LOOK_BYTES};
use crate::places::Places;

/// Every look file asked for, with its last good version and its current errors.
pub type LookCatalog = Catalog<Looks>;

impl CheckedFile for Looks {
    const WHAT: &'static str = "look file";
    const EXTENSIONS: &'static [&'static str] = &["look.ron"];
    const MAX_BYTES: u64 = MAX_LOOK_BYTES;
    const TYPE_PATH: &'static str = "jetan::checked_file::Checked<jetan::looks::Looks>";

    fn check(text: &str, origin: &str, _path: &str, places: &Places, _named: &NamedFiles) -> Result<Looks, String> {
        Looks::read_in(text, origin, places)
    }
}

/// Asks for the look files `variant` names.
pub fn request_looks_of(
    variant: &Variant,
    catalog: &mut LookCatalog,
    server: &bevy::asset::AssetServer,
    places: &Places,
) {
    for path in variant.looks() {
        catalog.request_named(path, server, places);
    }
}

pub(super) fn plugin(app: &mut bevy::app::App) {
    app.add_plugins(crate::checked_file::plugin::<Looks>);
}
