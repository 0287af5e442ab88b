//! Move texts from outside (typed moves, `--moves`, records' moves): reading random texts and
//! mutations of real ones never panics, what is accepted is legal, and what is refused says
//! why. Each property runs `PROPTEST_CASES` cases (500 by default).

mod common;

use std::sync::LazyLock;

use common::borders::check_move_text;
use jetan_rules::Position;
use proptest::prelude::*;

/// Positions of each variant from random games, with their legal moves' texts.
static POSITIONS: LazyLock<Vec<(Position, Vec<String>)>> = LazyLock::new(|| {
    let mut positions = Vec::new();
    for (index, variant) in common::border_variants().iter().enumerate() {
        let start = Position::start(variant.clone());
        for (position, _) in common::random_game(&start, index as u64 + 11, 80).into_iter().step_by(8) {
            let texts = position.legal_moves().into_iter().map(|mv| position.move_text(mv)).collect();
            positions.push((position, texts));
        }
    }
    positions
});

/// [`ProptestConfig`] with `PROPTEST_CASES` cases, 500 if it isn't set.
fn config() -> ProptestConfig {
    ProptestConfig { cases: common::cases(500), ..ProptestConfig::default() }
}

#[test]
fn typing_a_move_completes_to_the_moves_it_begins() {
    let start = Position::start(common::jetan(&[]));
    assert_eq!(start.completions("A e2", 10), ["A e2-d3", "A e2-e3", "A e2-f3"]);
    assert_eq!(start.completions("e2-e", 10), ["A e2-e3"], "the label may be left out");
    assert_eq!(start.completions("A e2", 2).len(), 2, "at most as many as asked");
    assert!(start.completions("A e5", 10).is_empty());
}

proptest! {
    #![proptest_config(config())]

    #[test]
    fn every_beginning_of_a_move_completes_to_it(index in any::<prop::sample::Index>(),
                                                 pick in any::<prop::sample::Index>(), cut in any::<prop::sample::Index>()) {
        let (position, texts) = &POSITIONS[index.index(POSITIONS.len())];
        prop_assume!(!texts.is_empty());
        let text = &texts[pick.index(texts.len())];
        let prefix: String = text.chars().take(cut.index(text.chars().count() + 1)).collect();
        let completions = position.completions(&prefix, usize::MAX);
        prop_assert!(completions.contains(text), "{prefix:?} does not complete to {text:?}");
        prop_assert!(completions.iter().all(|c| texts.contains(c)));
    }

    #[test]
    fn mutated_real_moves_never_panic(index in any::<prop::sample::Index>(), pick in any::<prop::sample::Index>(),
                                      at in any::<prop::sample::Index>(), c in "[a-p0-9 ;*@A-Za-z-]") {
        let (position, texts) = &POSITIONS[index.index(POSITIONS.len())];
        prop_assume!(!texts.is_empty());
        let text = &texts[pick.index(texts.len())];
        let mut chars: Vec<char> = text.chars().collect();
        let at = at.index(chars.len() + 1);
        match c.chars().next() {
            Some(' ') if at < chars.len() => { chars.remove(at); }
            Some(c) => chars.insert(at, c),
            None => {}
        }
        check_move_text(position, &chars.into_iter().collect::<String>());
        check_move_text(position, text);
    }

    #[test]
    fn random_move_texts_never_panic(index in any::<prop::sample::Index>(),
                                     text in "([A-Za-z]{0,2} ?[a-q][0-9]{1,2}-[a-q][0-9]{1,2}|@\\*[a-p][0-9]{1,2}|[a-z]{1,6}|[;, ]){0,6}") {
        let (position, _) = &POSITIONS[index.index(POSITIONS.len())];
        check_move_text(position, &text);
    }
}
