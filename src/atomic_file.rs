//! Writing a player's file (settings, a saved game, a move list) so that a crash or a kill
//! mid-write leaves the old file whole: a new file beside it (with the old file's permissions),
//! synced, then renamed over it, and the temporary files a killed write left cleaned at the next;
//! and keeping a file that doesn't read aside before it is written anew.

use std::io::Write;
use std::path::{Path, PathBuf};

/// Writes `bytes` to `path` so that it holds either its old content or all of them: they fill a
/// temporary file of a name no other file has, beside it (created new, so nothing is truncated),
/// which is synced and then renamed over `path`; on any failure the temporary file is removed.
///
/// # Errors
/// Any failure to write; `path` is then untouched.
pub fn write(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    write_with(path, |file| file.write_all(bytes))
}

/// [`write`], the file readable and writable by its owner alone (it holds a secret).
///
/// # Errors
/// Any failure to write; `path` is then untouched.
pub fn write_private(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    write_with(path, |file| {
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            file.set_permissions(std::fs::Permissions::from_mode(0o600))?;
        }
        file.write_all(bytes)
    })
}

/// [`write`], with `fill` writing the temporary file (a test's stand-in for a write that fails
/// halfway).
///
/// # Errors
/// Any failure to write, `fill`'s included; `path` is then untouched.
pub fn write_with(path: &Path, fill: impl FnOnce(&mut std::fs::File) -> std::io::Result<()>) -> std::io::Result<()> {
    if let Some(dir) = path.parent().filter(|dir| !dir.as_os_str().is_empty()) {
        std::fs::create_dir_all(dir)?;
    }
    let name = path.file_name().map_or("file".into(), |n| n.to_string_lossy().into_owned());
    remove_stale_temporaries(path, &name);
    let (temporary, mut file) = unique_temporary(path, &name)?;
    // A file written anew keeps who may read it (a record kept private stays private).
    let kept_permissions = std::fs::metadata(path).ok().filter(|m| m.is_file()).map(|m| m.permissions());
    let written = kept_permissions
        .map_or(Ok(()), |permissions| file.set_permissions(permissions))
        .and_then(|()| fill(&mut file))
        .and_then(|()| file.sync_all())
        .and_then(|()| std::fs::rename(&temporary, path));
    if written.is_err() {
        let _ = std::fs::remove_file(&temporary);
    }
    written
}

/// Whether `path` may be written over: nothing is there, or a regular file that `is_ours` reads
/// as one of the game's own files of that kind (a record, a move list, a sound). A folder, a
/// pipe or a device is refused before anything is opened, and `is_ours` reads what it reads
/// bounded, so that nothing at the path can hang or swell the game.
///
/// # Errors
/// Why what is there must not be written over, for the player.
pub fn check_may_overwrite(path: &Path, is_ours: impl FnOnce(&Path) -> Result<(), String>) -> Result<(), String> {
    let shown = path.display();
    if path.is_dir() {
        return Err(format!("{shown} is a folder: add a file name"));
    }
    let there = jetan_rules::check_overwritable(path).map_err(|why| format!("{shown}: {why}"));
    match there.and_then(|there| if there { is_ours(path) } else { Ok(()) }) {
        Ok(()) => Ok(()),
        Err(why) => Err(format!("{why}; it is not written over: choose another name")),
    }
}

/// Links the file at `path` under the first free name of `NAME.broken`, `NAME.broken-2`, …
/// beside it, so that writing `path` keeps it (a player's edit gone wrong, comments and all).
/// A file kept aside already (a write that failed after keeping it) is not kept again.
///
/// # Errors
/// Any failure to link, or no free name among the first thousand.
pub fn keep_aside(path: &Path) -> std::io::Result<PathBuf> {
    let name = path.file_name().map_or("file".into(), |n| n.to_string_lossy().into_owned());
    for attempt in 1..1000 {
        let suffix = if attempt == 1 { String::new() } else { format!("-{attempt}") };
        let aside = path.with_file_name(format!("{name}.broken{suffix}"));
        match std::fs::hard_link(path, &aside) {
            Ok(()) => return Ok(aside),
            Err(error) if error.kind() == std::io::ErrorKind::AlreadyExists && same_file(path, &aside) => {
                return Ok(aside);
            }
            Err(error) if error.kind() == std::io::ErrorKind::AlreadyExists => continue,
            Err(error) => return Err(error),
        }
    }
    Err(std::io::Error::other(format!("no free name to keep {} under", path.display())))
}

/// Whether two paths name the same file (one is a hard link of the other).
fn same_file(a: &Path, b: &Path) -> bool {
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt;
        match (std::fs::metadata(a), std::fs::metadata(b)) {
            (Ok(a), Ok(b)) => (a.dev(), a.ino()) == (b.dev(), b.ino()),
            _ => false,
        }
    }
    #[cfg(not(unix))]
    {
        let _ = (a, b);
        false
    }
}

/// Removes the temporary files of writes of `path` that were killed before their rename: those
/// named `.NAME.PID-N.tmp` whose process is no longer running (on systems that say which run).
fn remove_stale_temporaries(path: &Path, name: &str) {
    let folder = path.parent().filter(|dir| !dir.as_os_str().is_empty()).unwrap_or(Path::new("."));
    let Ok(entries) = std::fs::read_dir(folder) else { return };
    let prefix = format!(".{name}.");
    for entry in entries.flatten() {
        let file_name = entry.file_name();
        let Some(rest) = file_name.to_str().and_then(|n| n.strip_prefix(&prefix)?.strip_suffix(".tmp")) else {
            continue;
        };
        let pid = rest.split_once('-').and_then(|(pid, n)| n.parse::<u32>().ok().and(pid.parse::<u32>().ok()));
        if pid.is_some_and(|pid| pid != std::process::id() && !is_running(pid)) {
            let _ = std::fs::remove_file(entry.path());
        }
    }
}

/// Whether a process of this id runs (where the system says: Linux's `/proc`); else taken as
/// running, so that nothing is removed on a guess.
fn is_running(pid: u32) -> bool {
    let proc = Path::new("/proc");
    !proc.join("self").exists() || proc.join(pid.to_string()).exists()
}

/// A new file beside `path`, named after it, that no other file had: `.NAME.PID-N.tmp`.
fn unique_temporary(path: &Path, name: &str) -> std::io::Result<(PathBuf, std::fs::File)> {
    let mut attempt = 0u32;
    loop {
        let temporary = path.with_file_name(format!(".{name}.{}-{attempt}.tmp", std::process::id()));
        match std::fs::OpenOptions::new().write(true).create_new(true).open(&temporary) {
            Ok(file) => return Ok((temporary, file)),
            Err(error) if error.kind() == std::io::ErrorKind::AlreadyExists && attempt < 1000 => attempt += 1,
            Err(error) => return Err(error),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn folder(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("jetan-atomic-{name}-{}", std::process::id()));
        std::fs::remove_dir_all(&dir).ok();
        std::fs::create_dir_all(&dir).unwrap();
        dir
    }

    #[cfg(unix)]
    #[test]
    fn a_file_written_anew_keeps_its_permissions() {
        use std::os::unix::fs::PermissionsExt;
        let file = folder("mode").join("record.ron");
        std::fs::write(&file, "old").unwrap();
        std::fs::set_permissions(&file, std::fs::Permissions::from_mode(0o600)).unwrap();
        write(&file, b"new").unwrap();
        assert_eq!(std::fs::read_to_string(&file).unwrap(), "new");
        assert_eq!(std::fs::metadata(&file).unwrap().permissions().mode() & 0o777, 0o600);
    }

    #[test]
    fn a_killed_writes_temporary_file_is_cleaned_at_the_next_write() {
        let dir = folder("stale");
        let file = dir.join("settings.ron");
        // A process that can't be running (Linux's pids stop far below this), and this one's.
        let stale = dir.join(".settings.ron.4294967295-0.tmp");
        let ours = dir.join(format!(".settings.ron.{}-7.tmp", std::process::id()));
        let other = dir.join(".other.ron.4294967295-0.tmp");
        for temporary in [&stale, &ours, &other] {
            std::fs::write(temporary, "half").unwrap();
        }
        write(&file, b"whole").unwrap();
        assert!(!stale.exists() || !Path::new("/proc/self").exists(), "a dead writer's file is removed");
        assert!(ours.exists() && other.exists(), "a live writer's file, and another file's, are left");
    }

    #[test]
    fn a_broken_file_is_kept_aside_once_however_often_the_write_fails() {
        let file = folder("aside").join("settings.ron");
        std::fs::write(&file, "broken").unwrap();
        let first = keep_aside(&file).unwrap();
        let again = keep_aside(&file).unwrap();
        assert_eq!(first, again, "the same file is not kept twice");
        assert_eq!(std::fs::read_dir(file.parent().unwrap()).unwrap().count(), 2);
        // A file written anew (renamed over the old) is another file: kept under the next name.
        write(&file, b"another").unwrap();
        assert_eq!(keep_aside(&file).unwrap().file_name().unwrap(), "settings.ron.broken-2");
    }
}
