//! Game Courier move lists from outside (`jetan import`, lists pasted into the game): reading
//! mutations of real games' lists — lines dropped, doubled, exchanged or joined, numbers and
//! characters changed — and random texts never panics; an accepted list lists again as the same
//! moves and replays to its first illegal move or plays on; a refused one names where.
//!
//! Each property runs `PROPTEST_CASES` cases (400 by default);
//! `PROPTEST_CASES=20000 cargo test --release -p jetan_rules --test move_lists` is the long run.

mod common;

use std::sync::{Arc, LazyLock};

use common::borders::check_move_list;
use jetan_rules::{Position, Variant, courier};
use proptest::prelude::*;

/// Lists of random games of every variant (a Charge's plies one turn), with their variants.
static LISTS: LazyLock<Vec<(Arc<Variant>, String)>> = LazyLock::new(|| {
    let mut lists = Vec::new();
    for (index, variant) in common::border_variants().iter().enumerate() {
        for seed in 0..4 {
            let start = Position::start(variant.clone());
            let mut turns: Vec<String> = Vec::new();
            let mut last_side = None;
            for (position, mv) in common::random_game(&start, seed * 5 + index as u64, 60) {
                let text = position.move_text(mv);
                match turns.last_mut() {
                    Some(turn) if last_side == Some(position.to_move()) => *turn += &format!("; {text}"),
                    _ => turns.push(text),
                }
                last_side = Some(position.to_move());
            }
            lists.push((variant.clone(), courier::format(&turns)));
        }
    }
    lists
});

/// Characters a mutation types.
const TYPED: &[u8] = b"0123456789. ;\n\t-*@abcdeABCD#=";

/// `text` with one mutation, chosen by `pick`.
fn mutate(text: &str, pick: u64) -> String {
    let choose = |n: usize, shift: u32| (pick >> shift) as usize % n.max(1);
    let mut lines: Vec<&str> = text.lines().collect();
    let (a, b) = (choose(lines.len(), 8), choose(lines.len(), 32));
    match pick % 6 {
        0 if !lines.is_empty() => drop(lines.remove(a)),
        1 if !lines.is_empty() => lines.insert(a, lines[b]),
        2 if !lines.is_empty() => lines.swap(a, b),
        3 => return text.replacen('\n', " ", 1 + choose(8, 40)),
        _ => {
            let mut bytes = text.as_bytes().to_vec();
            let at = choose(bytes.len() + 1, 8);
            let c = TYPED[choose(TYPED.len(), 40)];
            match (pick >> 4) % 3 {
                0 if at < bytes.len() => bytes[at] = c,
                1 if at < bytes.len() => drop(bytes.remove(at)),
                _ => bytes.insert(at, c),
            }
            return String::from_utf8_lossy(&bytes).into_owned();
        }
    }
    lines.join("\n")
}

#[test]
fn real_lists_replay_whole() {
    for (variant, list) in LISTS.iter() {
        let moves = courier::parse(list).unwrap();
        assert!(courier::replay(variant.clone(), &moves).is_ok(), "{list}");
        check_move_list(variant, list, 1);
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: common::cases(400), ..ProptestConfig::default() })]

    #[test]
    fn mutated_lists_never_panic(
        index in any::<prop::sample::Index>(),
        picks in prop::collection::vec(any::<u64>(), 1..4),
    ) {
        let (variant, list) = &LISTS[index.index(LISTS.len())];
        let mut text = list.clone();
        for &pick in &picks {
            text = mutate(&text, pick);
        }
        check_move_list(variant, &text, picks[0]);
    }

    #[test]
    fn random_lists_never_panic(
        index in any::<prop::sample::Index>(),
        text in "([0-9]{1,3}\\.{1,3} ?|[A-Za-z]{0,2} ?[a-p][0-9]{1,2}-[a-p][0-9]{1,2}|[;\n ]|\\.\\.\\.){0,12}",
    ) {
        let (variant, _) = &LISTS[index.index(LISTS.len())];
        check_move_list(variant, &text, 7);
    }
}
