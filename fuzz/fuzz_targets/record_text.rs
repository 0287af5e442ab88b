//! Game records: `cargo +nightly fuzz run --features game record_text`. The checks are the
//! property tests' (`tests/common/borders.rs`).

#![no_main]

#[path = "../../crates/jetan_rules/tests/common/mod.rs"]
mod common;
#[path = "../../tests/common/borders.rs"]
#[allow(dead_code, reason = "each target uses one of the checks")]
mod game_borders;

use std::sync::{Arc, LazyLock};

use jetan_rules::Variant;
use libfuzzer_sys::fuzz_target;

/// The shipped variants, by the asset paths records name them by.
static VARIANTS: LazyLock<Vec<(&str, Arc<Variant>)>> = LazyLock::new(|| {
    let paths = ["variants/jetan.ron", "variants/jetan_sarang.ron", "variants/jetan_jeddara.ron"];
    paths.into_iter().zip(common::border_variants().iter().cloned()).collect()
});

fuzz_target!(|text: &str| game_borders::check_record_text(text, &VARIANTS));
