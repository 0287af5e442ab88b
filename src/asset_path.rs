//! How the game writes the path of one of its files: `variants/jetan.ron` for the game's own,
//! `mods://variants/mine.ron` for the player's mods folder. Values only: where those folders
//! are on disk is `places.rs`'s to say.

/// The asset source of the mods folder: `mods://PATH`.
pub const MODS_SOURCE: &str = "mods";
/// What starts an asset path of the mods folder.
pub const MODS_PREFIX: &str = "mods://";

/// Whether an asset path names a file of the mods folder (`mods://…`).
pub fn is_mod(path: &str) -> bool {
    path.starts_with(MODS_PREFIX)
}

/// Whether `path` names a `.ron` file inside a folder without leaving it
/// ([`jetan_rules::is_plain_path`]), after a `mods://` for the mods folder. Variants named by
/// records, settings and flags must be, so that they stay inside `assets/` or the mods folder.
pub fn is_asset_file(path: &str) -> bool {
    jetan_rules::is_plain_path(path.strip_prefix(MODS_PREFIX).unwrap_or(path), ".ron")
}

/// A Bevy asset path as the game writes it: `variants/jetan.ron`, `mods://variants/mine.ron`.
pub fn asset_path_text(path: &bevy::asset::AssetPath) -> String {
    path.to_string().replace('\\', "/")
}
