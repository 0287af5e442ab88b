//! Builds the game's own files into the binary: writes `$OUT_DIR/shipped.rs`, the path under
//! `assets/` and the bytes of every file there (variants, looks, models, icons), so that the one
//! file plays from any folder (`src/shipped.rs`).

use std::fmt::Write;
use std::path::{Path, PathBuf};

fn main() {
    println!("cargo:rerun-if-changed=assets");
    let assets = Path::new(&std::env::var("CARGO_MANIFEST_DIR").expect("cargo sets it")).join("assets");
    let mut files = Vec::new();
    collect(&assets, &mut files);
    files.sort();
    let mut out = String::from(
        "/// Every file of `assets/`: its path there and its bytes.\npub const SHIPPED: &[(&str, &[u8])] = &[\n",
    );
    for file in &files {
        let name = file.strip_prefix(&assets).expect("under assets/").to_string_lossy().replace('\\', "/");
        writeln!(out, "    ({name:?}, include_bytes!({:?})),", file.display().to_string()).expect("a string");
    }
    out.push_str("];\n");
    let target = Path::new(&std::env::var("OUT_DIR").expect("cargo sets it")).join("shipped.rs");
    std::fs::write(target, out).expect("OUT_DIR is writable");
}

/// The files under `dir`, recursively.
fn collect(dir: &Path, files: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).expect("assets/ reads").flatten() {
        let path = entry.path();
        if path.is_dir() {
            collect(&path, files);
        } else {
            files.push(path);
        }
    }
}
