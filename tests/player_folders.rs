//! Saving the settings as a player does, with `HOME` and the XDG folders pointed at a fresh
//! folder and the working directory an empty one: the player's config folder gets
//! `jetan/settings.ron` and nothing else is written anywhere (the game's documented defaults,
//! `config/settings.ron`, least of all). Its own test binary: it sets the process's environment.

use std::path::{Path, PathBuf};

use jetan::settings::{Settings, TimeOfDay};

/// Every file under `dir`, relative to it.
fn files_under(dir: &Path) -> Vec<PathBuf> {
    let mut files = Vec::new();
    for entry in std::fs::read_dir(dir).unwrap().flatten() {
        let path = entry.path();
        if path.is_dir() {
            files.extend(files_under(&path).into_iter().map(|file| Path::new(&entry.file_name()).join(file)));
        } else {
            files.push(PathBuf::from(entry.file_name()));
        }
    }
    files
}

#[test]
fn saving_the_settings_writes_the_players_config_folder_and_nothing_else() {
    let root = std::env::temp_dir().join(format!("jetan-player-folders-{}", std::process::id()));
    std::fs::remove_dir_all(&root).ok();
    let (home, cwd) = (root.join("home"), root.join("somewhere"));
    std::fs::create_dir_all(&home).unwrap();
    std::fs::create_dir_all(&cwd).unwrap();
    // SAFETY: the only test of this binary: no other thread reads the environment.
    unsafe {
        std::env::set_var("HOME", &home);
        std::env::set_var("XDG_CONFIG_HOME", home.join(".config"));
        std::env::set_var("XDG_DATA_HOME", home.join(".local/share"));
        std::env::set_var("XDG_CACHE_HOME", home.join(".cache"));
    }
    std::env::set_current_dir(&cwd).unwrap();
    let defaults = Path::new(env!("CARGO_MANIFEST_DIR")).join("config/settings.ron");
    let documented = std::fs::read(&defaults).unwrap();

    let settings = Settings { time_of_day: TimeOfDay::Night, ..Settings::default() };
    let said = settings.save_as_players_defaults();

    let saved = home.join(".config/jetan/settings.ron");
    assert_eq!(said, format!("Settings saved to {}.", saved.display()));
    assert_eq!(files_under(&root), [PathBuf::from("home/.config/jetan/settings.ron")], "nothing else written");
    assert_eq!(Settings::load(&saved).unwrap(), settings);
    assert_eq!(std::fs::read(&defaults).unwrap(), documented, "the game's defaults are never written");
    std::fs::remove_dir_all(&root).unwrap();
}
