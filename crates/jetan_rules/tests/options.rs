//! Every rule option of jetan.ron really changes the moves or the outcome: each non-default
//! choice is compared with the default over random games, or on a position made for it.

mod common;

use std::collections::BTreeSet;
use std::sync::Arc;

use jetan_rules::{Position, Variant};

/// Whether the variant with `choices` gives different legal moves or outcomes from the
/// default, in some position of random games played in the default.
fn differs(default: &Arc<Variant>, choices: &[&str]) -> bool {
    let changed = common::jetan(choices);
    let start = Position::start(default.clone());
    (0..60).any(|seed| {
        let game = common::random_game(&start, seed, 320);
        game.iter().any(|(position, mv)| {
            let other = Position::from_text(changed.clone(), &position.to_text()).unwrap();
            let moves =
                |p: &Position| -> BTreeSet<String> { p.legal_moves().iter().map(|&m| p.move_text(m)).collect() };
            if moves(position) != moves(&other) {
                return true;
            }
            let (mut a, mut b) = (position.clone(), other);
            a.play(*mv);
            b.play(*mv);
            a.decided() != b.decided()
        })
    })
}

#[test]
fn every_choice_changes_something() {
    let default = common::jetan(&[]);
    // Shown by hand-built positions in classic.rs instead: these need positions random play
    // rarely reaches (a stalemate, small armies, a Princess hemmed in by threats, ply 300), or
    // that only the start position shows (who moves first).
    let elsewhere = [
        "small_armies=equal_value",
        "small_armies=off",
        "no_moves=loses",
        "princess_passing=may_not",
        "move_limit=300",
        "first=orange",
    ];
    // Some choices change the moves only together with another, which the pair names: a
    // jumping walk of exactly (or up to) three or ten free steps reaches every square within
    // three or ten, as a leap does, and a leap has no turns.
    let paired = [
        ("princess=up_to", "princess_mix=straight"),
        ("escape=exactly_ten", "escape_mix=straight"),
        ("escape=up_to_ten", "escape_mix=civil"),
        ("escape_mix=civil", "escape=up_to_ten"),
        ("escape_mix=straight", "escape=exactly_ten"),
        // A jumping Thoat lands on the same squares whichever step comes first.
        ("thoat=orth_first", "thoat_jump=blocked"),
    ];
    let mut checked = 0;
    for option in default.options() {
        for choice in &option.choices[1..] {
            let name = format!("{}={}", option.id, choice.id);
            if elsewhere.contains(&name.as_str()) {
                continue;
            }
            let mut choices = vec![name.as_str()];
            if let Some((_, partner)) = paired.iter().find(|(choice, _)| *choice == name) {
                // The pair must differ from the partner alone, too.
                assert!(
                    differs(&common::jetan(&[partner]), &[partner, &name]),
                    "{name} changes nothing beside {partner}"
                );
                choices.push(partner);
            }
            assert!(differs(&default, &choices), "choosing {choices:?} changed nothing");
            checked += 1;
        }
    }
    assert!(checked >= 20, "only {checked} choices checked");
}

#[test]
fn princess_up_to_three_matters_with_straight_walks() {
    let pieces = [("e5", "R")];
    let straight = common::position(&common::jetan(&["princess_mix=straight"]), &pieces, jetan_rules::Side::South);
    let both = common::position(
        &common::jetan(&["princess_mix=straight", "princess=up_to"]),
        &pieces,
        jetan_rules::Side::South,
    );
    let normal = |p: &Position| p.legal_moves().iter().filter(|m| m.kind == jetan_rules::MoveKind::Normal).count();
    assert_eq!(normal(&straight), 8);
    assert_eq!(normal(&both), 24);
}

#[test]
fn unknown_options_and_choices_are_refused() {
    let variant = common::jetan(&[]);
    let err = variant.with_choices(&[("nope", "x")]).unwrap_err().to_string();
    assert!(err.contains("no rule option `nope`") && err.contains("warrior"), "{err}");
    let err = variant.with_choices(&[("warrior", "x")]).unwrap_err().to_string();
    assert!(err.contains("no choice `x`") && err.contains("up_to"), "{err}");
    assert!(variant.with_choice_args(&["warrior".into()]).is_err());
}
