//! Variant files from outside (modders' edits, hot reloads of a file half saved): mutations of
//! the shipped variants — numbers pushed to their edges, words and strings swapped for others
//! of the file, lines dropped, doubled or exchanged, characters typed, lists (pieces, setup rows,
//! movements, abilities, endings, options) emptied or made long — never panic the loader or the
//! game they start; what is refused names the file, a line and a column inside it.
//!
//! The properties run `PROPTEST_CASES` cases (300 and 150 by default);
//! `PROPTEST_CASES=20000 cargo test --release -p jetan_rules --test variant_texts` is the long run.

mod common;

use std::sync::LazyLock;

use common::borders::check_variant_text;
use common::ron_mutations::{mutate, resize_list, tokens};
use proptest::prelude::*;

/// The shipped variant files' texts.
static TEXTS: LazyLock<Vec<String>> = LazyLock::new(|| {
    ["jetan.ron", "jetan_sarang.ron", "jetan_jeddara.ron"]
        .iter()
        .map(|name| std::fs::read_to_string(common::variant_path(name)).unwrap())
        .collect()
});

#[test]
fn the_shipped_variants_pass_the_checks() {
    for (seed, text) in TEXTS.iter().enumerate() {
        check_variant_text(text, seed as u64);
    }
}

#[test]
fn the_mutations_change_what_they_say() {
    let text = "Path(steps: 3, dirs: Any), name: \"Chief\"";
    assert_eq!(mutate(text, 0), "Path(steps: 0, dirs: Any), name: \"Chief\"");
    assert_eq!(tokens(text, 1).len(), 5);
    assert_eq!(&text[tokens(text, 2)[0].0..tokens(text, 2)[0].1], "\"Chief\"");
    assert_ne!(mutate(text, 6), text);
    let lists = "pieces: [(id: \"a\", moves: [Area(1), Step([Left])]), (id: \"b\")], setup";
    assert_eq!(resize_list(lists, 0), "pieces: [], setup");
    assert_eq!(resize_list(lists, 1 << 32 | 1 << 48), "pieces: [ (id: \"b\")], setup");
    assert_eq!(resize_list(lists, 2 << 32).matches("(id: ").count(), 61);
    assert_eq!(resize_list(lists, 2 | 2 << 32).matches("Area(1)").count(), 60);
}

proptest! {
    #![proptest_config(ProptestConfig { cases: common::cases(300), ..ProptestConfig::default() })]

    #[test]
    fn mutated_variant_files_never_panic_and_play_on_when_accepted(
        file in 0..3usize,
        picks in prop::collection::vec(any::<u64>(), 1..4),
    ) {
        let mut text = TEXTS[file].clone();
        for &pick in &picks {
            text = mutate(&text, pick);
        }
        check_variant_text(&text, picks[0]);
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: common::cases(150), ..ProptestConfig::default() })]

    #[test]
    fn variant_files_with_empty_or_long_lists_never_panic_and_play_on_when_accepted(
        file in 0..3usize,
        resize in any::<u64>(),
        picks in prop::collection::vec(any::<u64>(), 0..2),
    ) {
        let mut text = resize_list(&TEXTS[file], resize);
        for &pick in &picks {
            text = mutate(&text, pick);
        }
        check_variant_text(&text, resize);
    }
}
