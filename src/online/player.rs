//! The player's name and key for meeting other players on a public server, kept in the player's
//! data folder (`player.ron` beside the saves folder, readable by the player alone: the key is
//! what holds the name). A new name is a new key.

use std::path::{Path, PathBuf};

use bevy::prelude::*;
use jetan_online::identity::Identity;

use crate::records::SaveDir;

/// The player's identity online, if they have chosen a name.
#[derive(Resource, Clone, Debug, Default)]
pub struct Player(pub Option<Identity>);

impl Player {
    /// The file it is kept in: `player.ron` beside the saves folder.
    fn file(saves: &SaveDir) -> PathBuf {
        saves.beside("player.ron")
    }

    /// The identity kept beside `saves` (none if there is none or it doesn't read, with a
    /// warning: it is kept aside before a new one is written).
    pub fn read(saves: &SaveDir) -> Player {
        match Self::load(&Self::file(saves)) {
            Ok(identity) => Player(identity),
            Err(error) => {
                warn!("{error}: no name is offered for playing online");
                Player(None)
            }
        }
    }

    fn load(file: &Path) -> Result<Option<Identity>, String> {
        if std::fs::symlink_metadata(file).is_err_and(|error| error.kind() == std::io::ErrorKind::NotFound) {
            return Ok(None);
        }
        let text = jetan_rules::read_text_file(file, 4096).map_err(|error| format!("{}: {error}", file.display()))?;
        let identity: Identity = ron::from_str(&text).map_err(|error| format!("{}:{error}", file.display()))?;
        jetan_online::identity::check_name(&identity.name)
            .map_err(|why| format!("{}: {}", file.display(), why.message))?;
        Ok(Some(identity))
    }

    /// The identity named `name`: the one kept if it has that name, else a new one (a new
    /// key), kept beside `saves`.
    ///
    /// # Errors
    /// The name can't be one, or the file can't be written.
    pub fn named(&mut self, name: &str, saves: &SaveDir) -> Result<Identity, String> {
        if let Some(identity) = self.0.as_ref().filter(|identity| identity.name == name) {
            return Ok(identity.clone());
        }
        let identity = Identity::new(name).map_err(|refusal| refusal.message)?;
        let file = Self::file(saves);
        if std::fs::symlink_metadata(&file).is_ok() && Self::load(&file).is_err() {
            crate::atomic_file::keep_aside(&file).map_err(|error| format!("{}: {error}", file.display()))?;
        }
        let text =
            ron::ser::to_string_pretty(&identity, ron::ser::PrettyConfig::default()).map_err(|e| e.to_string())?;
        crate::atomic_file::write_private(&file, text.as_bytes())
            .map_err(|error| format!("{}: {error}", file.display()))?;
        self.0 = Some(identity.clone());
        Ok(identity)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_name_is_kept_with_its_key_for_the_player_alone_and_a_new_name_has_a_new_key() {
        let data = std::env::temp_dir().join(format!("jetan-player-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&data);
        let saves = SaveDir(data.join("saves"));
        let mut player = Player::read(&saves);
        assert!(player.0.is_none());
        assert!(player.named("x", &saves).unwrap_err().contains("2"), "too short a name is refused");
        let tara = player.named("Tara of Helium", &saves).unwrap();
        assert_eq!(Player::read(&saves).0, Some(tara.clone()), "kept");
        assert_eq!(player.named("Tara of Helium", &saves).unwrap(), tara, "the same name keeps its key");
        let gahan = player.named("Gahan", &saves).unwrap();
        assert_ne!(gahan.key, tara.key);
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            let mode = std::fs::metadata(data.join("player.ron")).unwrap().permissions().mode();
            assert_eq!(mode & 0o777, 0o600, "the key is the player's alone");
        }
    }
}
