//! Settings files: `cargo +nightly fuzz run --features game settings_text`. The checks are the
//! property tests' (`tests/common/borders.rs`).

#![no_main]

#[path = "../../tests/common/borders.rs"]
#[allow(dead_code, reason = "each target uses one of the checks")]
mod game_borders;

use libfuzzer_sys::fuzz_target;

fuzz_target!(|text: &str| game_borders::check_settings_text(text));
