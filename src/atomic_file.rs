//! Writing a player's file (settings, a saved game, a move list) so that a crash or a kill
//! mid-write leaves the old file whole: a new file beside it, synced, then renamed over it; and
//! keeping a file that doesn't read aside before it is written anew.

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
    let (temporary, mut file) = unique_temporary(path, &name)?;
    let written = fill(&mut file).and_then(|()| file.sync_all()).and_then(|()| std::fs::rename(&temporary, path));
    if written.is_err() {
        let _ = std::fs::remove_file(&temporary);
    }
    written
}

/// Links the file at `path` under the first free name of `NAME.broken`, `NAME.broken-2`, …
/// beside it, so that writing `path` keeps it (a player's edit gone wrong, comments and all).
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
            Err(error) if error.kind() == std::io::ErrorKind::AlreadyExists => continue,
            Err(error) => return Err(error),
        }
    }
    Err(std::io::Error::other(format!("no free name to keep {} under", path.display())))
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
