//! Rule options chosen apart by each side (Mad Elf's per-player readings): a side's choice
//! changes only its own pieces' moves, only options about one side's pieces take a side, and
//! the chosen options read back as written. The perft counts with per-side options are in
//! `tests/perft/jetan.perft` (from `tools/jetan_ref.py --up-to SIDE:LETTER`).

mod common;

use std::collections::BTreeSet;
use std::sync::Arc;

use jetan_rules::{ChoiceError, Move, MoveKind, Position, Side, Variant};

/// The moves of `position` that a per-side choice can be compared on: those of pieces that
/// don't shun threats (a Princess's moves also depend on how the enemy moves), as texts.
fn comparable_moves(position: &Position) -> BTreeSet<String> {
    let variant = position.variant();
    let shuns = |mv: &Move| {
        mv.kind == MoveKind::Escape
            || mv
                .steps
                .iter()
                .any(|step| position.piece_at(step.from).is_some_and(|piece| variant.piece_kind(piece).shuns_threats))
    };
    position.legal_moves().iter().filter(|mv| !shuns(mv)).map(|&mv| position.move_text(mv)).collect()
}

#[test]
fn a_sides_choice_changes_only_its_own_pieces_moves() {
    let default = common::jetan(&[]);
    let start = Position::start(default.clone());
    let mut compared = 0;
    for option in default.options().iter().filter(|option| default.per_side(option)) {
        for choice in &option.choices[1..] {
            let both = common::jetan(&[&format!("{}={}", option.id, choice.id)]);
            for chooser in Side::BOTH {
                let apart = common::jetan(&[&format!("{}:{}={}", chooser.id(), option.id, choice.id)]);
                assert!(apart.sides_differ());
                for seed in 0..6 {
                    for (position, _) in common::random_game(&start, seed, 120).iter().step_by(7) {
                        let text = position.to_text();
                        let mixed = Position::from_text(apart.clone(), &text).unwrap();
                        // The chooser moves as everyone does under the choice; the other side
                        // as under the default.
                        let like = if position.to_move() == chooser { &both } else { &default };
                        let uniform = Position::from_text(like.clone(), &text).unwrap();
                        assert_eq!(
                            comparable_moves(&mixed),
                            comparable_moves(&uniform),
                            "{}:{}={} in {text}",
                            chooser.id(),
                            option.id,
                            choice.id
                        );
                        compared += 1;
                    }
                }
            }
        }
    }
    assert!(compared > 1000, "only {compared} positions compared");
}

#[test]
fn a_per_side_choice_really_changes_the_moves() {
    let apart = common::jetan(&["south:warrior=up_to"]);
    let pieces = [("e5", "W"), ("e7", "w"), ("a1", "C"), ("j10", "c"), ("a10", "R"), ("j1", "r")];
    let one_step =
        |position: &Position, from: &str, to: &str| common::targets(position, from).contains(&to.to_string());
    // South's Warrior steps one or two squares; North's walks exactly two.
    assert!(one_step(&common::position(&apart, &pieces, Side::South), "e5", "e6"));
    assert!(!one_step(&common::position(&apart, &pieces, Side::North), "e7", "e6"));
}

#[test]
fn only_options_about_one_sides_pieces_take_a_side() {
    let variant = common::jetan(&[]);
    let err = variant.with_choices(&[("south:threats", "before")]).unwrap_err();
    assert_eq!(err, ChoiceError::BothSides("south:threats".into()));
    assert!(err.to_string().contains("without a side"), "{err}");
    let err = variant.with_choices(&[("east:warrior", "up_to")]).unwrap_err().to_string();
    assert!(err.contains("no side `east`") && err.contains("south or Black"), "{err}");
    // The variant's names for the sides serve too (classic: Black is South, Orange North).
    let orange = variant.with_choices(&[("Orange:warrior", "up_to")]).unwrap();
    assert_eq!(orange.chosen(), common::jetan(&["north:warrior=up_to"]).chosen());
}

#[test]
fn chosen_options_read_back_as_written() {
    let variant = common::jetan(&["south:chief_mix=civil", "north:chief_mix=straight", "warrior=up_to"]);
    let chosen = variant.chosen();
    for pair in [("south:chief_mix", "civil"), ("north:chief_mix", "straight"), ("warrior", "up_to")] {
        assert!(chosen.contains(&(pair.0.to_string(), pair.1.to_string())), "{chosen:?}");
    }
    assert!(!chosen.iter().any(|(option, _)| option == "chief_mix"));
    let again: Arc<Variant> = Arc::new(common::jetan(&[]).with_choices(&chosen).unwrap());
    assert_eq!(again.chosen(), chosen);
    // Both sides choosing alike is the plain option.
    let alike = common::jetan(&["south:chief_mix=civil", "north:chief_mix=civil"]);
    assert!(!alike.sides_differ());
    assert!(alike.chosen().contains(&("chief_mix".to_string(), "civil".to_string())));
}
