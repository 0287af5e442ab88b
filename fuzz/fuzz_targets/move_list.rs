//! Game Courier move lists of the three variants (the first byte chooses which):
//! `cargo +nightly fuzz run move_list`.

#![no_main]

#[path = "../../crates/jetan_rules/tests/common/mod.rs"]
mod common;

use libfuzzer_sys::fuzz_target;

fuzz_target!(|input: (u8, &str)| {
    let (variant, text) = input;
    let variant = &common::border_variants()[usize::from(variant) % 3];
    common::borders::check_move_list(variant, text, text.len() as u64);
});
