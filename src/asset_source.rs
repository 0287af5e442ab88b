//! The asset sources the game reads from disk (the game's folder's `assets/`, the player's mods
//! folder), each file checked before it is opened: only a regular file (never a pipe, a device
//! or a folder, which could block the reader or never end) of at most [`MAX_ASSET_BYTES`]. The
//! loaders then hold each kind of file to its own, smaller, limit.

use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Duration;

use bevy::asset::io::file::FileAssetReader;
use bevy::asset::io::{AssetReader, AssetReaderError, AssetSource, AssetSourceBuilder, PathStream, Reader};

/// The largest file any asset source reads (the largest kind, a sound file, is this size).
pub const MAX_ASSET_BYTES: u64 = 16 << 20;

/// A source reading the files under `folder`, each checked before it is read, and reloaded live
/// when the asset plugin watches for changes.
pub fn bounded_source(folder: &Path) -> AssetSourceBuilder {
    let path = folder.display().to_string();
    let reader_path = folder.to_path_buf();
    AssetSourceBuilder::new(move || Box::new(BoundedFileReader::new(&reader_path)))
        .with_watcher(AssetSource::get_default_watcher(path, Duration::from_millis(300)))
        .with_watch_warning(AssetSource::get_default_watch_warning())
}

/// Bevy's file reader, with every file checked before it is opened.
struct BoundedFileReader {
    inner: FileAssetReader,
    root: PathBuf,
}

impl BoundedFileReader {
    fn new(root: &Path) -> BoundedFileReader {
        let inner = FileAssetReader::new(root);
        let root = inner.root_path().clone();
        BoundedFileReader { inner, root }
    }

    /// Refuses a file that isn't regular or is larger than [`MAX_ASSET_BYTES`]; a missing one is
    /// left to the inner reader to say so.
    fn check(&self, path: &Path) -> Result<(), AssetReaderError> {
        match std::fs::metadata(self.root.join(path)) {
            Ok(metadata) => {
                check_metadata(&metadata).map_err(|why| AssetReaderError::Io(Arc::new(std::io::Error::other(why))))
            }
            Err(_) => Ok(()),
        }
    }
}

/// Whether a file of this metadata may be read: a regular file of at most [`MAX_ASSET_BYTES`].
///
/// # Errors
/// Why not, for players.
fn check_metadata(metadata: &std::fs::Metadata) -> Result<(), String> {
    if !metadata.is_file() {
        return Err("not a regular file (a folder, a device or a pipe can't be read as one)".into());
    }
    if metadata.len() > MAX_ASSET_BYTES {
        return Err(format!("the file is {} bytes, larger than the {MAX_ASSET_BYTES} bytes read", metadata.len()));
    }
    Ok(())
}

impl AssetReader for BoundedFileReader {
    async fn read<'a>(&'a self, path: &'a Path) -> Result<impl Reader + 'a, AssetReaderError> {
        self.check(path)?;
        self.inner.read(path).await
    }

    async fn read_meta<'a>(&'a self, path: &'a Path) -> Result<impl Reader + 'a, AssetReaderError> {
        let mut meta = path.as_os_str().to_owned();
        meta.push(".meta");
        self.check(Path::new(&meta))?;
        self.inner.read_meta(path).await
    }

    async fn read_directory<'a>(&'a self, path: &'a Path) -> Result<Box<PathStream>, AssetReaderError> {
        self.inner.read_directory(path).await
    }

    async fn is_directory<'a>(&'a self, path: &'a Path) -> Result<bool, AssetReaderError> {
        self.inner.is_directory(path).await
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_a_regular_file_within_the_limit_is_read() {
        let dir = std::env::temp_dir().join(format!("jetan-bounded-source-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let large = dir.join("large.wav");
        std::fs::File::create(&large).unwrap().set_len(3 << 30).unwrap();
        let small = dir.join("small.wav");
        std::fs::write(&small, b"RIFF").unwrap();
        let reader = BoundedFileReader::new(&dir);
        let refused = |path: &str| reader.check(Path::new(path)).map_err(|e| e.to_string());
        assert!(refused("large.wav").unwrap_err().contains("larger than"), "a sparse 3 GB file is refused unread");
        assert!(refused("small.wav").is_ok());
        assert!(refused("missing.wav").is_ok(), "a missing file is the inner reader's to report");
        let fifo = dir.join("pipe.wav");
        let made = std::process::Command::new("mkfifo").arg(&fifo).status().is_ok_and(|s| s.success());
        if made {
            assert!(refused("pipe.wav").unwrap_err().contains("not a regular file"), "a pipe is refused unopened");
        }
        std::fs::remove_dir_all(&dir).ok();
    }
}
