//! Variant files: `cargo +nightly fuzz run variant_text`. The checks are the property tests'
//! (`crates/jetan_rules/tests/common/borders.rs`).

#![no_main]

#[path = "../../crates/jetan_rules/tests/common/mod.rs"]
mod common;

use libfuzzer_sys::fuzz_target;

fuzz_target!(|text: &str| common::borders::check_variant_text(text, text.len() as u64));
