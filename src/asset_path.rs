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

/// The path, under `assets/`, of `relative` as the file at asset path `file` names it
/// (`lessons/jetan.lessons.ron` and `../variants/jetan.ron`: `variants/jetan.ron`), if it stays
/// inside and names a `.ron` file. A mod's file names paths the same way: like a variant's
/// look files, the mods folder's file of that path is read when there is one, else the
/// game's own ([`crate::places::Places::resolve`]).
pub fn resolve_relative(file: &str, relative: &str) -> Option<String> {
    let own = file.strip_prefix(MODS_PREFIX).unwrap_or(file);
    let resolved = bevy::asset::AssetPath::parse(own).resolve_embed_str(relative).ok()?;
    let text = asset_path_text(&resolved);
    (!relative.contains(':') && jetan_rules::is_plain_path(&text, ".ron")).then_some(text)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_relative_path_resolves_beside_its_file_and_stays_in_its_folder() {
        assert_eq!(
            resolve_relative("lessons/jetan.lessons.ron", "../variants/jetan.ron").as_deref(),
            Some("variants/jetan.ron")
        );
        assert_eq!(
            resolve_relative("mods://lessons/mine.lessons.ron", "../variants/mine.ron").as_deref(),
            Some("variants/mine.ron")
        );
        assert_eq!(resolve_relative("lessons/a.lessons.ron", "../../../etc/passwd.ron"), None);
        assert_eq!(resolve_relative("lessons/a.lessons.ron", "mods://variants/x.ron"), None);
        assert_eq!(resolve_relative("lessons/a.lessons.ron", "../variants/jetan.txt"), None);
    }
}
