//! Reading a file from outside: only a regular file (never a FIFO, a device or a directory,
//! which could block or never end), and only up to a size, checked before anything is read.
//!
//! The file is opened once, without blocking (`O_NONBLOCK`, so opening a FIFO returns at once,
//! and `O_NOCTTY`), and what was opened is checked (`fstat`), so it can't be swapped between a
//! check and the read. A stream (standard input) is read up to its bound and no further.

use std::fs::File;
use std::io::Read;
use std::path::Path;

/// The largest variant file read (the shipped ones are under 20 KB).
pub const MAX_VARIANT_BYTES: u64 = 1 << 20;

/// The largest record, move list or settings file read (a long game's record is under 100 KB).
pub const MAX_TEXT_BYTES: u64 = 16 << 20;

/// The sentence for what isn't a regular file.
const NOT_A_FILE: &str = "not a regular file (a folder, a device or a pipe can't be read as one)";

/// The bytes of the regular file at `path`, if it holds at most `max` of them.
///
/// The file is opened without blocking and checked once open: a FIFO, a device or a folder is
/// refused without a byte read, a file larger than `max` too, and one that grows past `max`
/// while read is refused after `max + 1` bytes.
///
/// # Errors
/// A sentence for players: the file can't be opened, isn't a regular file, or is larger than
/// `max`.
pub fn read_file(path: &Path, max: u64) -> Result<Vec<u8>, String> {
    let file = open_without_blocking(path).map_err(|error| format!("cannot read the file: {error}"))?;
    let metadata = file.metadata().map_err(|error| format!("cannot read the file: {error}"))?;
    if !metadata.is_file() {
        return Err(NOT_A_FILE.into());
    }
    if metadata.len() > max {
        return Err(format!("the file is {} bytes, larger than the {max} bytes read", metadata.len()));
    }
    read_at_most(file, max).map_err(|error| match error {
        Bound::Io(error) => format!("cannot read the file: {error}"),
        Bound::Over => format!("the file grew past the {max} bytes read"),
    })
}

/// The text of the regular file at `path`, if it holds at most `max` bytes of UTF-8.
///
/// # Errors
/// As [`read_file`], or the file isn't text.
pub fn read_text_file(path: &Path, max: u64) -> Result<String, String> {
    String::from_utf8(read_file(path, max)?).map_err(|_| "the file is not UTF-8 text".into())
}

/// The bytes of a stream (standard input, a pipe, a socket), if it ends within `max` of them:
/// at most `max + 1` bytes are read. `what` names the stream in the errors ("standard input").
///
/// # Errors
/// A sentence for players: the stream can't be read, or holds more than `max` bytes.
pub fn read_bounded(reader: impl Read, max: u64, what: &str) -> Result<Vec<u8>, String> {
    read_at_most(reader, max).map_err(|error| match error {
        Bound::Io(error) => format!("cannot read {what}: {error}"),
        Bound::Over => format!("{what} holds more than the {max} bytes read"),
    })
}

/// The text of a stream, if it ends within `max` bytes of UTF-8 (as [`read_bounded`]).
///
/// # Errors
/// As [`read_bounded`], or what was read isn't text.
pub fn read_bounded_text(reader: impl Read, max: u64, what: &str) -> Result<String, String> {
    String::from_utf8(read_bounded(reader, max, what)?).map_err(|_| format!("{what} is not UTF-8 text"))
}

/// Whether a file may be written at `path`, and whether one is there to be replaced: `Ok(true)`
/// for a regular file (a link to one included), `Ok(false)` for nothing there. Only the path's
/// metadata is looked at: nothing is opened or read, so it never blocks.
///
/// # Errors
/// A sentence for players: a folder, a FIFO, a device or a link to nothing is there, or the
/// place can't be looked at.
pub fn check_overwritable(path: &Path) -> Result<bool, String> {
    match std::fs::metadata(path) {
        Ok(metadata) if metadata.is_file() => Ok(true),
        Ok(metadata) if metadata.is_dir() => Err("a folder is there, not a file".into()),
        Ok(_) => Err("a device or a pipe is there, not a file".into()),
        Err(error) if error.kind() == std::io::ErrorKind::NotFound => match std::fs::symlink_metadata(path) {
            Ok(_) => Err("a link to nothing is there, not a file".into()),
            Err(_) => Ok(false),
        },
        Err(error) => Err(format!("cannot check the file: {error}")),
    }
}

/// Why a bounded read failed.
enum Bound {
    Io(std::io::Error),
    /// More than the bound was there.
    Over,
}

/// Reads at most `max + 1` bytes; more than `max` is [`Bound::Over`].
fn read_at_most(reader: impl Read, max: u64) -> Result<Vec<u8>, Bound> {
    let mut bytes = Vec::new();
    reader.take(max.saturating_add(1)).read_to_end(&mut bytes).map_err(Bound::Io)?;
    if bytes.len() as u64 > max {
        return Err(Bound::Over);
    }
    Ok(bytes)
}

/// Opens `path` for reading without blocking on a FIFO and without taking a terminal. Where the
/// flags that keep a FIFO from blocking aren't known here (off Linux, or on another
/// architecture), the path is checked to be a regular file first; what was opened is checked
/// again either way.
fn open_without_blocking(path: &Path) -> std::io::Result<File> {
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        // Linux's `O_NONBLOCK` and `O_NOCTTY` have these values on these architectures.
        const O_NONBLOCK: i32 = 0o4000;
        const O_NOCTTY: i32 = 0o400;
        let flags_known = cfg!(all(
            target_os = "linux",
            any(
                target_arch = "x86_64",
                target_arch = "x86",
                target_arch = "aarch64",
                target_arch = "arm",
                target_arch = "riscv64"
            )
        ));
        if flags_known {
            return std::fs::OpenOptions::new().read(true).custom_flags(O_NONBLOCK | O_NOCTTY).open(path);
        }
    }
    if !std::fs::metadata(path)?.is_file() {
        return Err(std::io::Error::other(NOT_A_FILE));
    }
    File::open(path)
}
