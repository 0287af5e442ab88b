//! Variant files as checked files ([`crate::checked_file`]), reloaded live: the catalog of every
//! file in `assets/variants/` and the mods folder's `variants/` (each folder is loaded once and
//! Bevy's watcher reloads it when a file comes or goes), and the launch's variant.

use bevy::prelude::*;
use jetan_rules::{MAX_VARIANT_BYTES, Variant};

use crate::asset_path::{is_asset_file, is_mod};
use crate::checked_file::{Catalog, CheckedFile, NamedFiles};
use crate::places::Places;

/// Every variant file, with its last good version and its current errors.
pub type VariantCatalog = Catalog<Variant>;

impl CheckedFile for Variant {
    const WHAT: &'static str = "variant file";
    const EXTENSIONS: &'static [&'static str] = &["ron"];
    const MAX_BYTES: u64 = MAX_VARIANT_BYTES;
    const TYPE_PATH: &'static str = "jetan::checked_file::Checked<jetan_rules::Variant>";

    fn check(text: &str, origin: &str, _path: &str, _places: &Places, _named: &NamedFiles) -> Result<Variant, String> {
        Variant::load(text, origin).map_err(|errors| errors.to_string())
    }
}

/// The asset path of a variant named on the command line: a variant's name (`jetan_sarang`:
/// `variants/jetan_sarang.ron`, or a mod's, [`Places::variant_named`]), its file under
/// `assets/` (`assets/variants/x.ron`) or a file in the mods folder.
///
/// # Errors
/// The file is not a `.ron` file under `assets/` or the mods folder.
pub fn asset_path(file: &str) -> Result<String, String> {
    let places = Places::player();
    let bare_name = !file.is_empty() && !file.contains(['/', '\\', '.']);
    if bare_name {
        return Ok(places.variant_named(file));
    }
    let in_mods = places.asset_path_of(std::path::Path::new(file)).filter(|path| is_mod(path));
    let path = in_mods.unwrap_or_else(|| file.strip_prefix("assets/").unwrap_or(file).to_string());
    if is_asset_file(&path) {
        Ok(path)
    } else {
        Err(format!("`{file}` is not a .ron file under assets/ or the mods folder (for example jetan_sarang)"))
    }
}

pub(super) fn plugin(app: &mut App) {
    app.add_plugins(crate::checked_file::plugin::<Variant>).add_systems(Startup, load_variant_folders);
}

/// Starts loading the variant folders (the mods folder's when it has one), and the variants
/// the launch and the settings name (which may lie elsewhere under `assets/`, or be files that
/// a folder's loading leaves out).
fn load_variant_folders(
    server: Res<AssetServer>,
    launch: Res<crate::launch::FirstGame>,
    settings: Res<crate::settings::Settings>,
    places: Res<Places>,
    mut catalog: ResMut<VariantCatalog>,
) {
    catalog.request_folders("variants", &server, &places);
    for path in launch.variant.iter().chain([&settings.variant]).filter(|path| places.exists(path)) {
        catalog.request(path, &server);
    }
}
