//! Files and streams from outside, read with a bound: a FIFO, a device or a folder is refused
//! without blocking or reading, a file over the bound without a byte read, a stream after one
//! byte past the bound; and the check before overwriting a path never opens it.

#![cfg(unix)]

use std::io::Cursor;
use std::path::PathBuf;
use std::sync::mpsc;
use std::time::{Duration, Instant};

use jetan_rules::{check_overwritable, read_bounded, read_bounded_text, read_file, read_text_file};

/// A fresh folder for one test, under the target's temporary folder.
fn scratch(test: &str) -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(format!("files-{test}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Runs `work` in a thread and waits at most a few seconds for its answer (a blocked open or
/// an endless read fails the test instead of hanging it).
fn within_seconds<T: Send + 'static>(work: impl FnOnce() -> T + Send + 'static) -> T {
    let (send, receive) = mpsc::channel();
    std::thread::spawn(move || send.send(work()));
    receive.recv_timeout(Duration::from_secs(5)).expect("answered within 5 s, without blocking")
}

fn make_fifo(path: &std::path::Path) {
    let status = std::process::Command::new("mkfifo").arg(path).status().expect("mkfifo runs");
    assert!(status.success(), "mkfifo {}", path.display());
}

#[test]
fn a_fifo_is_refused_without_blocking() {
    let fifo = scratch("fifo").join("pipe");
    make_fifo(&fifo);
    let path = fifo.clone();
    let answer = within_seconds(move || read_file(&path, 1 << 20));
    assert_eq!(answer.unwrap_err(), "not a regular file (a folder, a device or a pipe can't be read as one)");
    let answer = within_seconds(move || check_overwritable(&fifo));
    assert!(answer.unwrap_err().contains("pipe"));
}

#[test]
fn a_device_is_refused() {
    let answer = within_seconds(|| read_file("/dev/zero".as_ref(), 1 << 20));
    assert!(answer.unwrap_err().starts_with("not a regular file"));
    let answer = within_seconds(|| check_overwritable("/dev/null".as_ref()));
    assert!(answer.unwrap_err().contains("device"));
}

#[test]
fn a_link_to_a_device_is_refused() {
    let link = scratch("device-link").join("zero");
    std::os::unix::fs::symlink("/dev/zero", &link).unwrap();
    let path = link.clone();
    assert!(within_seconds(move || read_file(&path, 1 << 20)).unwrap_err().starts_with("not a regular file"));
    assert!(within_seconds(move || check_overwritable(&link)).unwrap_err().contains("device"));
}

#[test]
fn a_folder_is_refused() {
    let dir = scratch("folder");
    assert!(read_file(&dir, 1 << 20).unwrap_err().starts_with("not a regular file"));
    assert!(check_overwritable(&dir).unwrap_err().contains("folder"));
}

#[test]
fn an_oversize_file_is_refused_without_reading_it() {
    let path = scratch("sparse").join("huge.ron");
    let file = std::fs::File::create(&path).unwrap();
    file.set_len(3 << 30).unwrap();
    let started = Instant::now();
    let answer = within_seconds(move || read_file(&path, 1 << 20));
    assert_eq!(
        answer.unwrap_err(),
        format!("the file is {} bytes, larger than the {} bytes read", 3u64 << 30, 1 << 20)
    );
    assert!(started.elapsed() < Duration::from_secs(5));
}

#[test]
fn a_file_of_exactly_the_bound_is_read_and_one_more_byte_is_not() {
    let dir = scratch("exact");
    let path = dir.join("exact.txt");
    std::fs::write(&path, "é".repeat(50)).unwrap();
    assert_eq!(read_file(&path, 100).unwrap().len(), 100);
    assert_eq!(read_text_file(&path, 100).unwrap(), "é".repeat(50));
    assert!(read_file(&path, 99).unwrap_err().contains("larger than the 99 bytes read"));
    std::fs::write(&path, [0xff, 0xfe]).unwrap();
    assert_eq!(read_text_file(&path, 100).unwrap_err(), "the file is not UTF-8 text");
    assert!(read_file(&dir.join("missing"), 100).unwrap_err().starts_with("cannot read the file: "));
}

#[test]
fn a_stream_is_read_up_to_its_bound_and_no_further() {
    assert_eq!(read_bounded(Cursor::new(vec![7; 100]), 100, "standard input").unwrap(), vec![7; 100]);
    assert_eq!(read_bounded_text(Cursor::new("é"), 2, "standard input").unwrap(), "é");
    assert_eq!(
        read_bounded(std::io::repeat(0), 100, "standard input").unwrap_err(),
        "standard input holds more than the 100 bytes read"
    );
    assert_eq!(
        read_bounded_text(Cursor::new([0xff]), 2, "standard input").unwrap_err(),
        "standard input is not UTF-8 text"
    );
}

#[test]
fn overwriting_is_allowed_over_a_file_or_nothing() {
    let dir = scratch("overwrite");
    let path = dir.join("game.txt");
    assert_eq!(check_overwritable(&path), Ok(false));
    std::fs::write(&path, "x").unwrap();
    assert_eq!(check_overwritable(&path), Ok(true));
    let link = dir.join("link.txt");
    std::os::unix::fs::symlink(&path, &link).unwrap();
    assert_eq!(check_overwritable(&link), Ok(true));
    let dangling = dir.join("dangling.txt");
    std::os::unix::fs::symlink(dir.join("nothing"), &dangling).unwrap();
    assert!(check_overwritable(&dangling).unwrap_err().contains("link to nothing"));
}
