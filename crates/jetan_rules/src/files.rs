//! Reading a file from outside: only a regular file (never a FIFO, a device or a directory,
//! which could block or never end), and only up to a size, checked before anything is read.

use std::io::Read;
use std::path::Path;

/// The largest variant file read (the shipped ones are under 20 KB).
pub const MAX_VARIANT_BYTES: u64 = 1 << 20;

/// The largest record, move list or settings file read (a long game's record is under 100 KB).
pub const MAX_TEXT_BYTES: u64 = 16 << 20;

/// The bytes of the regular file at `path`, if it holds at most `max` of them.
///
/// # Errors
/// A sentence for players: the file can't be opened, isn't a regular file, or is larger than
/// `max`.
pub fn read_file(path: &Path, max: u64) -> Result<Vec<u8>, String> {
    let metadata = std::fs::metadata(path).map_err(|error| format!("cannot read the file: {error}"))?;
    if !metadata.is_file() {
        return Err("not a regular file (a folder, a device or a pipe can't be read as one)".into());
    }
    if metadata.len() > max {
        return Err(format!("the file is {} bytes, larger than the {max} bytes read", metadata.len()));
    }
    let file = std::fs::File::open(path).map_err(|error| format!("cannot read the file: {error}"))?;
    let mut bytes = Vec::new();
    file.take(max + 1).read_to_end(&mut bytes).map_err(|error| format!("cannot read the file: {error}"))?;
    if bytes.len() as u64 > max {
        return Err(format!("the file grew past the {max} bytes read"));
    }
    Ok(bytes)
}

/// The text of the regular file at `path`, if it holds at most `max` bytes of UTF-8.
///
/// # Errors
/// As [`read_file`], or the file isn't text.
pub fn read_text_file(path: &Path, max: u64) -> Result<String, String> {
    String::from_utf8(read_file(path, max)?).map_err(|_| "the file is not UTF-8 text".into())
}
