//! Jetan Jeddara positions that once gave wrong answers, each checked against RULES.md: what a
//! Charge uses up (§5.12), Wild Banths and promotion pools (§5.3, §5.9), Sola's side-kill of
//! banths (§5.7), when the Jeddara counts as attacked (§4), and the messages players see.

mod common;

use jetan_rules::{MoveFilter, MoveKind, Phase, Position, Side, SquareSet};

fn at(text: &str, moves: &str) -> Position {
    let mut position = Position::from_text(common::jeddara(&[]), text).unwrap_or_else(|e| panic!("{e}: {text}"));
    position.play_turns(moves).unwrap_or_else(|e| panic!("{e}"));
    position
}

/// The legal moves in notation.
fn texts(position: &Position) -> Vec<String> {
    position.legal_moves().into_iter().map(|mv| position.move_text(mv)).collect()
}

/// Whether some legal move moves the piece on `square` (its label and square start a part).
fn moves_from(position: &Position, part: &str) -> bool {
    texts(position).iter().any(|t| t.split("; ").any(|p| p.starts_with(&format!("{part}-"))))
}

#[test]
fn thuvia_directing_a_banth_in_a_charge_uses_up_her_file() {
    let p = at("15b/16/16/5w10/16/mmm4mmm6/5[bb]10/MMM4MMM6/4T11/5M10/4W11/15B s - - 0", "charge, bb f6-f9");
    let Phase::Charge { files, moved, submoves } = p.phase() else { panic!("still in the Charge") };
    let geometry = p.variant().geometry();
    assert_eq!((files, submoves), (1 << 4, 1), "file e (Thuvia's) is used, not f (the banth's)");
    assert!(moved.contains(geometry.parse("e4").unwrap()), "Thuvia has made her sub-move");
    assert!(!moves_from(&p, "T e4") && !moves_from(&p, "W e2"));
    assert!(moves_from(&p, "M f3"), "file f is free");
}

#[test]
fn a_group_in_a_charge_uses_up_its_leaders_file() {
    let airship =
        at("15b/16/16/16/16/mmm2mmm8/16/MMM2MMM8/4[CC]11/3M12/4W11/3W11B s - - 0", "charge, CC e4-e5; M d3-d4");
    assert!(moves_from(&airship, "W d1"), "a passenger's file stays free");
    assert!(!moves_from(&airship, "W e2"), "the Cruiser's file is used");
    let escort = at("15b/16/16/16/16/mmm2mmm8/16/MMM2MMM8/3PH11/16/4W11/3W11B s - - 0", "charge, H e4-e5; P d4-d5");
    assert!(moves_from(&escort, "W d1"), "the escorted female's file stays free");
    assert!(!moves_from(&escort, "W e2"), "the escort's file is used");
}

#[test]
fn a_group_in_a_charge_is_written_leader_first_and_two_leaders_are_two_moves() {
    // Jetan Sarang's Tara and Tavia side by side escort each other: the same pieces move, but
    // another file is used up.
    let variant = common::sarang(&["charge=on"]);
    let text = "11b/12/12/12/12/mmm3mww3/12/MMM3MWW3/4CI6/12/12/B11 s - - 0";
    let mut p = Position::from_text(variant, text).unwrap_or_else(|e| panic!("{e}"));
    p.play(p.parse_move("charge").unwrap());
    let e_leads = p.parse_move("C e4-e6; I f4-f6").unwrap();
    let f_leads = p.parse_move("I f4-f6; C e4-e6").unwrap();
    assert_ne!(e_leads, f_leads);
    for (mv, file) in [(e_leads, 4), (f_leads, 5)] {
        let mut after = p.clone();
        after.play(mv);
        let Phase::Charge { files, .. } = after.phase() else { panic!("still in the Charge") };
        assert_eq!(files, 1 << file, "{}", p.move_text(mv));
    }
    assert_eq!(p.move_text(f_leads), "I f4-f6; C e4-e6", "the leader is written first");
    assert_eq!(p.leader(f_leads).map(|s| s.from), p.variant().geometry().parse("f4"));
}

#[test]
fn a_wild_banth_is_never_brought_back_by_promotion() {
    let p = at("b15/16/16/16/16/16/16/16/16/16/4[hc]11/15B n - - 0 homes:e2=e11", "");
    let moves = texts(&p);
    assert!(moves.iter().any(|m| m.starts_with("hc e2-e1")), "she reaches the back rank");
    assert!(!moves.iter().any(|m| m.contains("bb*")), "{moves:?}");
    assert_eq!(p.captured(Side::North, p.variant().kind_by_id("wild_banth").unwrap()), 0);
}

#[test]
fn norths_sola_side_kills_wild_banths_too() {
    let p = at("15b/16/16/4s11/16/16/3[bb]1W10/16/16/16/16/15B n - - 0", "");
    assert!(texts(&p).contains(&"s e9-e6; @*d6; @*f6".to_string()), "{:?}", texts(&p));
}

#[test]
fn the_jeddara_is_attacked_only_by_a_move_that_may_land_on_her() {
    let count_jeddara_moves = |text: &str| {
        let p = at(text, "");
        texts(&p).iter().filter(|t| t.starts_with("B ")).count()
    };
    // A Sola lands only on empty squares; a Dwar next to an enemy Sharu is held by charm.
    assert_eq!(count_jeddara_moves("15b/16/16/16/16/16/16/16/7s8/16/16/7B8 s - - 0"), 14);
    assert_eq!(count_jeddara_moves("15b/16/16/16/16/16/16/6R9/7d8/16/16/7B8 s - - 0"), 14);
    // The same Dwar free to move attacks her: her escape comes on top of her 14 moves.
    assert!(count_jeddara_moves("15b/16/16/16/16/16/16/16/7d8/16/16/7B8 s - - 0") > 14);
}

#[test]
fn a_piece_that_moved_in_the_charge_is_refused_with_the_reason() {
    let p = at("15b/16/16/16/16/mmm2mmm8/16/MMM2MMM8/4[CC]11/3M12/4W11/3W11B s - - 0", "charge, CC e4-e5; M d3-d4");
    let moved = p.parse_move("M d4-d5").unwrap_err().to_string();
    assert!(moved.contains("has already moved in this Charge"), "{moved}");
    let file = p.parse_move("W e2-e4").unwrap_err().to_string();
    assert!(file.contains("file e has already moved in this Charge"), "{file}");
}

#[test]
fn a_banth_taking_its_movers_own_jeddara_is_told_as_such() {
    let mut p = at("15b/16/16/16/16/16/16/16/16/3[bb]12/2B13/7M8 s - - 0", "M h1-h2");
    assert_eq!(p.phase(), Phase::BanthStep);
    p.play(p.parse_move("bb d3-c2").unwrap());
    let outcome = p.decided().expect("the game is over");
    assert_eq!(outcome.winner, Some(Side::North));
    assert_eq!(outcome.describe(p.variant()), "Blue wins: Red took its own Jeddara");
    let reread = Position::from_text(p.variant().clone(), &p.to_text()).unwrap();
    assert_eq!(reread.decided(), Some(outcome));
}

#[test]
fn a_piece_brought_back_takes_the_home_of_the_female_it_replaces() {
    // South's Sharu (home f1) brings back a captured Tha on c12: the Tha's home is hers.
    let mut p = at("15b/16/2R13/16/16/16/16/16/16/16/16/B15 s - - 0 homes:c10=f1", "");
    p.play(p.parse_move("R c10-c12; R c12-f1; X*c12").unwrap());
    assert!(p.to_text().contains("homes:c12=f1"), "{}", p.to_text());
}

#[test]
fn cars_a_charmed_car_cuts_off_stay_where_they_are() {
    // North's train e5 = e6 (a Dwar held by South's Sharu on d6), f6: the Zitidar moves
    // without them, and the Padwar on f6, cut off behind the charmed car though next to the
    // Zitidar, can't be attached again in the same move.
    let p = at("b15/16/16/16/16/16/3Rdl10/4[zc]11/5m10/16/16/15B n - - 0 trains:e5=e6,f6", "");
    let f6 = p.variant().geometry().parse("f6").unwrap();
    let trains: Vec<_> = p.legal_moves().into_iter().filter(|m| m.kind == MoveKind::Train).collect();
    assert!(!trains.is_empty(), "the Zitidar may still attach a free piece (f4)");
    assert!(trains.iter().all(|m| m.steps.iter().all(|s| s.from != f6)), "f6 stays");
}

#[test]
fn a_squad_led_past_its_escorted_female_is_found_when_asked_about_its_landing() {
    // The Jeddak's ride east is blocked by the Pantha unless the Thoat beside him escorts her
    // along: only that squad reaches the North Panthan on m2 (with any of its three pieces).
    let p = at("15b/16/16/16/16/16/16/16/16/16/4KHP5m3/B15 s - - 0", "");
    let squad = p.parse_move("K e2-k2; H f2-l2; P g2-m2").expect("the squad's move is legal");
    let m2 = p.variant().geometry().parse("m2").unwrap();
    let taking: Vec<_> = p.legal_moves().into_iter().filter(|mv| mv.steps.iter().any(|s| s.to == m2)).collect();
    assert_eq!(taking.len(), 3);
    assert!(taking.contains(&squad));
    let m2 = SquareSet::only(m2);
    let mut aimed = Vec::new();
    p.generate_some(MoveFilter::touching(m2), &mut aimed);
    assert_eq!(aimed, taking);
    assert!(p.could_take(Side::South, m2));
    assert!(p.is_legal(squad));
}
