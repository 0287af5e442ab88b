//! Jetan Sarang's mechanics (RULES.md §3, §5), each on a small hand-built position: escort,
//! squads, promotion, capture limits, charm, allegiance, side-kill, the Jeddara's escape, the
//! Charge, Rapid Deployment, the three wins, and the notation of compound moves.

mod common;

use std::sync::Arc;

use jetan_rules::{MoveKind, Phase, Position, Reason, Side, Variant};

/// A Jeddara and a man on each side, far from the action, so that no win comes by accident.
const KIT: [(&str, &str); 4] = [("a1", "B"), ("l12", "b"), ("b1", "Z"), ("k12", "z")];

fn sarang() -> Arc<Variant> {
    common::sarang(&[])
}

fn with_kit<'a>(pieces: &[(&'a str, &'a str)]) -> Vec<(&'a str, &'a str)> {
    pieces.iter().copied().chain(KIT).collect()
}

fn legal(position: &Position, text: &str) -> bool {
    position.parse_move(text).is_ok()
}

/// The legal moves in which the piece on `square` moves, in notation, sorted.
fn moving(position: &Position, square: &str) -> Vec<String> {
    let square = position.variant().geometry().parse(square).unwrap();
    let mut texts: Vec<String> = position
        .legal_moves()
        .into_iter()
        .filter(|m| m.steps.iter().any(|s| s.from == square))
        .map(|m| position.move_text(m))
        .collect();
    texts.sort();
    texts
}

#[test]
fn an_escort_takes_an_orthogonally_adjacent_female_along() {
    let v = sarang();
    let p = common::position(&v, &with_kit(&[("e4", "H"), ("e5", "C"), ("f7", "m")]), Side::South);
    // The Thoat leaps to f6; Tara keeps her place above him and takes the Panthan on f7.
    assert!(legal(&p, "C e5-f7; H e4-f6"));
    assert!(legal(&p, "H e4-f6"), "he may go alone");
    let diagonal = common::position(&v, &with_kit(&[("e4", "H"), ("f5", "C")]), Side::South);
    assert!(moving(&diagonal, "e4").iter().all(|m| !m.contains("f5-")), "only orthogonal neighbours");
    // An unarmed female can't land on an enemy, and nobody lands on a friend.
    let unarmed = common::position(&v, &with_kit(&[("e4", "H"), ("e5", "T"), ("f7", "m")]), Side::South);
    assert!(!legal(&unarmed, "H e4-f6; T e5-f7"));
    let blocked = common::position(&v, &with_kit(&[("e4", "H"), ("e5", "C"), ("f7", "M")]), Side::South);
    assert!(!legal(&blocked, "C e5-f7; H e4-f6"));
}

#[test]
fn a_squad_moves_lower_pieces_of_one_two_by_two_block_with_its_leader() {
    let v = sarang();
    let pieces = with_kit(&[("e4", "D"), ("e5", "M"), ("f5", "P"), ("f4", "W"), ("d4", "A"), ("d3", "Z")]);
    let p = common::position(&v, &pieces, Side::South);
    // Alone the Dwar can't pass the Panthan on e5; lifted with him, the Panthan no longer blocks.
    assert!(!legal(&p, "D e4-e7"));
    assert!(legal(&p, "D e4-e7; M e5-e8"));
    assert!(legal(&p, "D e4-e7; W f4-f7; M e5-e8; P f5-f8"), "three members");
    assert!(moving(&p, "d4").iter().all(|m| !m.contains("D e4")), "the Gorthan outranks the Dwar (and leads no one)");
    assert!(!legal(&p, "D e4-e7; M e5-e8; Z d3-d6"), "members from two blocks");
    // A member lands where it may: not on a friend.
    let crowded = common::position(&v, &with_kit(&[("e4", "D"), ("e5", "M"), ("e8", "W")]), Side::South);
    assert!(!legal(&crowded, "D e4-e7; M e5-e8"));
}

#[test]
fn an_escort_and_a_squad_with_the_same_effect_are_one_move() {
    let v = sarang();
    let p = common::position(&v, &with_kit(&[("e4", "H"), ("e5", "P")]), Side::South);
    let both = moving(&p, "e4").into_iter().filter(|m| m.contains("H e4-f6") && m.contains("P e5-f7")).count();
    assert_eq!(both, 1);
    // Tara and Tavia escort each other: one move either way.
    let pair = common::position(&v, &with_kit(&[("e4", "C"), ("f4", "I")]), Side::South);
    let together = moving(&pair, "e4").into_iter().filter(|m| m.contains("C e4-e6") && m.contains("I f4-f6")).count();
    assert_eq!(together, 1);
}

#[test]
fn a_female_on_the_far_rank_may_bring_back_a_captured_piece_and_go_home() {
    let v = sarang();
    let base = common::position(&v, &with_kit(&[("c11", "X")]), Side::South);
    let p = Position::from_text(v.clone(), &format!("{} homes:c11=c3", base.to_text())).unwrap();
    let mv = p.parse_move("X c11-c12; X c12-c3; W*c12").unwrap();
    assert_eq!(mv.promotions.len(), 1);
    assert!(legal(&p, "X c11-c12"), "promoting is a choice");
    assert!(!legal(&p, "X c11-c12; X c12-c3; K*c12"), "a Jeddak is above a Tha's class");
    let mut after = p.clone();
    after.play(mv);
    let geometry = v.geometry();
    assert_eq!(after.piece_at(geometry.parse("c12").unwrap()).map(|x| v.label(x)), Some("W".into()));
    assert_eq!(after.piece_at(geometry.parse("c3").unwrap()).map(|x| v.label(x)), Some("X".into()));
    assert_eq!(after.captured(Side::South, v.kind_by_id("than").unwrap()), 1, "one of the two Thans came back");
    // Home taken: the nearest empty square behind it, then along the home rank, left first.
    let taken = |extra: &[(&'static str, &'static str)]| {
        let mut pieces = with_kit(&[("c11", "X")]);
        pieces.extend_from_slice(extra);
        let base = common::position(&v, &pieces, Side::South);
        Position::from_text(v.clone(), &format!("{} homes:c11=c3", base.to_text())).unwrap()
    };
    assert!(legal(&taken(&[("c3", "M")]), "X c11-c12; X c12-c2; W*c12"));
    assert!(legal(&taken(&[("c3", "M"), ("c2", "M"), ("c1", "M")]), "X c11-c12; X c12-b3; W*c12"));
    // No captured piece of her class: no promotion. A Pantha brings back only a Panthan.
    let panthans = [("a5", "M"), ("b5", "M"), ("c5", "M"), ("d5", "M"), ("e11", "P")];
    let full = common::position(&v, &with_kit(&panthans), Side::South);
    assert_eq!(moving(&full, "e11").iter().filter(|m| m.contains('*')).count(), 0);
}

#[test]
fn capture_limits_decide_who_may_land_on_whom() {
    let v = sarang();
    let at = |attacker: &'static str, victim: &'static str| {
        let p = common::position(&v, &with_kit(&[("e4", attacker), ("e5", victim)]), Side::South);
        common::targets(&p, "e4").contains(&"e5".to_string())
    };
    assert!(at("M", "z"), "a man takes a male slave");
    assert!(!at("C", "z"), "a woman doesn't");
    assert!(at("C", "y") && !at("M", "y"), "only a woman takes the Uthia");
    assert!(at("A", "m") && !at("A", "c") && !at("A", "t"), "the Gorthan never takes women or the unarmed");
    assert!(at("C", "u") && !at("M", "u"), "no man takes Sanoma Tora");
    assert!(!at("T", "m"), "the unarmed never capture");
}

#[test]
fn charm_holds_enemy_men_next_to_a_charming_woman() {
    let v = sarang();
    let pieces = with_kit(&[("e6", "r"), ("e5", "D"), ("d5", "K"), ("f5", "C")]);
    let p = common::position(&v, &pieces, Side::South);
    assert!(moving(&p, "e5").is_empty(), "the Dwar is charmed");
    assert!(!moving(&p, "d5").is_empty(), "the Jeddak is immune");
    assert!(!moving(&p, "f5").is_empty(), "women are never charmed");
}

#[test]
fn sanoma_tora_serves_the_side_with_more_pieces() {
    let v = sarang();
    let pieces = with_kit(&[("f6", "U"), ("a8", "m"), ("b8", "m"), ("c8", "m")]);
    let p = common::position(&v, &pieces, Side::North);
    let square = v.geometry().parse("f6").unwrap();
    let sanoma = p.piece_at(square).unwrap();
    assert_eq!((sanoma.owner, sanoma.side), (Side::South, Side::North));
    assert!(!moving(&p, "f6").is_empty(), "North moves her this turn");
    assert!(moving(&p, "f6").iter().all(|m| m.starts_with("U ")), "her label keeps her owner's case");
    let even = common::position(&v, &with_kit(&[("f6", "U"), ("a8", "m")]), Side::North);
    assert_eq!(even.piece_at(square).unwrap().side, Side::South, "a tie keeps her with her owner");
}

#[test]
fn sola_lands_only_on_empty_squares_and_kills_beside_her() {
    let v = sarang();
    let p = common::position(&v, &with_kit(&[("e4", "S"), ("d7", "m"), ("f7", "w")]), Side::South);
    assert!(legal(&p, "S e4-e7; @*d7; @*f7"));
    assert!(!legal(&p, "S e4-e7"), "the side-kill is part of the move");
    let slave = common::position(&v, &with_kit(&[("e4", "S"), ("d7", "m"), ("f7", "z")]), Side::South);
    assert!(legal(&slave, "S e4-e7; @*d7"), "a male slave falls only to a man");
    let occupied = common::position(&v, &with_kit(&[("e4", "S"), ("e7", "m")]), Side::South);
    assert!(!moving(&occupied, "e4").iter().any(|m| m.contains("e4-e7")));
}

#[test]
fn the_jeddara_escapes_once_while_a_slave_of_hers_lives() {
    let v = sarang();
    let pieces = [("f2", "B"), ("l12", "b"), ("a1", "Y"), ("k12", "z"), ("b1", "M")];
    let p = common::position(&v, &pieces, Side::South);
    let mv = p.parse_move("B f2-f6").unwrap();
    assert_eq!(mv.kind, MoveKind::Escape);
    assert!(!legal(&p, "B f2-f7"), "only in her own half");
    let mut after = p.clone();
    after.play(mv);
    assert!(after.escape_used(Side::South));
    let no_slave = common::position(&v, &[("f2", "B"), ("l12", "b"), ("k12", "z"), ("b1", "M")], Side::South);
    assert!(!legal(&no_slave, "B f2-f6"));
}

#[test]
fn a_charge_moves_one_piece_per_file_until_it_ends() {
    let v = common::sarang(&["charge=on"]);
    let mut pieces: Vec<(&str, &str)> =
        ["a8", "b8", "c8", "d8", "e8", "f8", "g8", "h8"].iter().map(|&s| (s, "m")).collect();
    pieces.extend([("a5", "W"), ("b5", "W"), ("c5", "W"), ("d5", "W"), ("e5", "W"), ("f5", "W"), ("a4", "M")]);
    pieces.extend([("l1", "B"), ("l12", "b"), ("k1", "Z"), ("k12", "z")]);
    let without = common::position(&sarang(), &pieces, Side::South);
    assert!(!legal(&without, "charge"), "off by default");
    let mut p = common::position(&v, &pieces, Side::South);
    common::play(&mut p, &["charge"]);
    assert_eq!(p.to_move(), Side::South);
    assert!(!legal(&p, "end"), "at least one sub-move");
    assert!(p.legal_moves().iter().all(|m| m.steps.len() <= 1), "no squads in a Charge");
    common::play(&mut p, &["W a5-a7"]);
    assert!(matches!(p.phase(), Phase::Charge { submoves: 1, .. }));
    assert!(moving(&p, "a7").is_empty() && moving(&p, "a4").is_empty(), "file a is used");
    assert!(legal(&p, "end"));
    let turn = p.parse_turn("W b5-b7; W c5-c7; end").unwrap();
    assert_eq!(turn.len(), 3);
    for mv in turn {
        p.play(mv);
    }
    assert_eq!((p.to_move(), p.phase()), (Side::North, Phase::Turn));
}

#[test]
fn the_last_possible_sub_move_ends_a_charge() {
    let v = common::sarang(&["charge=on"]);
    let mut pieces: Vec<(&str, &str)> = ["a8", "b8", "c8", "d8", "e8", "f8"].iter().map(|&s| (s, "m")).collect();
    pieces.extend([("a5", "W"), ("b5", "W"), ("c5", "W"), ("d5", "W"), ("e5", "W"), ("f5", "W")]);
    pieces.extend([("l12", "b"), ("k12", "z"), ("l2", "Y")]);
    let mut p = common::position(&v, &pieces, Side::South);
    common::play(&mut p, &["charge", "W a5-a7", "W b5-b7", "W c5-c7", "W d5-d7", "W e5-e7", "Y l2-k3"]);
    assert_eq!(p.to_move(), Side::South, "the Uthia's file was left");
    common::play(&mut p, &["W f5-f7"]);
    assert_eq!(p.to_move(), Side::North);
}

#[test]
fn rapid_deployment_advances_a_full_rank() {
    let v = common::sarang(&["rapid_deployment=on"]);
    let rank: Vec<(String, &str)> = (0..12).map(|f| (format!("{}2", (b'a' + f) as char), "M")).collect();
    let mut pieces: Vec<(&str, &str)> = rank.iter().map(|(s, l)| (s.as_str(), *l)).collect();
    pieces.extend([("c3", "m"), ("l12", "b"), ("k12", "z"), ("a1", "B")]);
    let p = common::position(&v, &pieces, Side::South);
    let deploys: Vec<_> = p.legal_moves().into_iter().filter(|m| m.kind == MoveKind::Deploy).collect();
    assert_eq!(deploys.len(), 1);
    assert_eq!(deploys[0].steps.len(), 11, "the Panthan facing the enemy stays");
    let off = common::position(&sarang(), &pieces, Side::South);
    assert!(off.legal_moves().iter().all(|m| m.kind != MoveKind::Deploy));
}

#[test]
fn the_three_wins() {
    let v = sarang();
    let ended = |pieces: &[(&str, &str)], mv: &str| {
        let mut p = common::position(&v, pieces, Side::South);
        common::play(&mut p, &[mv]);
        p.decided().map(|o| (o.winner, o.reason))
    };
    let royal = [("e4", "W"), ("e6", "c"), ("l12", "m"), ("a1", "B")];
    assert_eq!(ended(&royal, "W e4-e6"), Some((Some(Side::South), Reason::Ending(0))));
    let crossing = [("e11", "T"), ("a1", "M"), ("l12", "b"), ("k12", "m")];
    assert_eq!(ended(&crossing, "T e11-e12"), Some((Some(Side::South), Reason::Ending(1))));
    let men = [("e4", "W"), ("e6", "m"), ("l12", "b"), ("a1", "B")];
    assert_eq!(ended(&men, "W e4-e6"), Some((Some(Side::South), Reason::Ending(2))));
    let going_on = [("e4", "W"), ("e6", "m"), ("k12", "m"), ("l12", "b"), ("a1", "B")];
    assert_eq!(ended(&going_on, "W e4-e6"), None);
}

#[test]
fn compound_moves_read_in_any_order_and_without_labels() {
    let v = sarang();
    let p = common::position(&v, &with_kit(&[("e4", "H"), ("e5", "C"), ("f7", "m")]), Side::South);
    let mv = p.parse_move("C e5-f7; H e4-f6").unwrap();
    assert_eq!(p.parse_move("e4-f6; e5-f7"), Ok(mv));
    assert_eq!(p.move_text(mv), "H e4-f6; C e5-f7");
    assert!(p.parse_move("H e4-f6; C e5-f8").is_err());
}

#[test]
fn the_squad_ranks_option_lets_equals_follow() {
    let pieces = with_kit(&[("e4", "W"), ("e5", "W")]);
    let strict = common::position(&sarang(), &pieces, Side::South);
    assert!(!legal(&strict, "W e4-e6; W e5-e7"));
    let equal = common::position(&common::sarang(&["squad_ranks=equal"]), &pieces, Side::South);
    assert!(legal(&equal, "W e4-e6; W e5-e7"));
}
