//! Move texts, typed in positions of random games of the three variants (the first byte
//! chooses the position): `cargo +nightly fuzz run move_text`.

#![no_main]

#[path = "../../crates/jetan_rules/tests/common/mod.rs"]
mod common;

use std::sync::LazyLock;

use jetan_rules::Position;
use libfuzzer_sys::fuzz_target;

/// Every tenth position of a random game of each variant.
static POSITIONS: LazyLock<Vec<Position>> = LazyLock::new(|| {
    let starts = common::border_variants().iter().map(|variant| Position::start(variant.clone()));
    starts.flat_map(|start| common::random_game(&start, 1, 120).into_iter().step_by(10).map(|(p, _)| p)).collect()
});

fuzz_target!(|input: (u8, &str)| {
    let (index, text) = input;
    common::borders::check_move_text(&POSITIONS[usize::from(index) % POSITIONS.len()], text);
});
