//! Writing a player's file (settings, a saved game, a move list) so that a crash or a kill
//! mid-write leaves the old file whole: a new file beside it, synced, then renamed over it.

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
