//! Classic Jetan's rules, each on a small hand-built position (RULES.md §1–2).

mod common;

use common::{jetan, play, position, targets};
use jetan_rules::{MoveKind, Outcome, Position, Reason, Side};

#[test]
fn princess_refuses_a_threatened_square() {
    let variant = jetan(&[]);
    // The North Thoat on g7 reaches f5 (one step down, one diagonal).
    let position = position(&variant, &[("e5", "R"), ("g7", "t")], Side::South);
    let moves = targets(&position, "e5");
    assert!(!moves.contains(&"f5".to_string()));
    assert!(moves.contains(&"d5".to_string()));
    let err = position.parse_move("R e5-f5").unwrap_err().to_string();
    assert!(err.contains("may not move onto a threatened square"), "{err}");
}

#[test]
fn princess_never_captures() {
    let variant = jetan(&[]);
    let position = position(&variant, &[("e5", "R"), ("e6", "a")], Side::South);
    assert!(!targets(&position, "e5").contains(&"e6".to_string()));
    let err = position.parse_move("e5-e6").unwrap_err().to_string();
    assert!(err.contains("never captures"), "{err}");
}

#[test]
fn threats_are_judged_after_her_move_unless_chosen_otherwise() {
    // The North Warrior on e7 reaches e5 only through e6, where the Princess stands.
    let pieces = [("e6", "R"), ("e7", "w")];
    let after = position(&jetan(&[]), &pieces, Side::South);
    assert!(!targets(&after, "e6").contains(&"e5".to_string()));
    let before = position(&jetan(&["threats=before"]), &pieces, Side::South);
    assert!(targets(&before, "e6").contains(&"e5".to_string()));
}

#[test]
fn princess_may_pass_threatened_squares_unless_chosen_otherwise() {
    // The North Warrior on c2 threatens a2 and b1, the Padwar on d2 threatens b2: every first
    // step of the Princess on a1, though not every square she can end on.
    let pieces = [("a1", "R"), ("c2", "w"), ("d2", "p")];
    let may = position(&jetan(&[]), &pieces, Side::South);
    let may_not = position(&jetan(&["princess_passing=may_not"]), &pieces, Side::South);
    let danger = may.threats(Side::North, &may.occupied());
    let normal = |position: &Position| -> Vec<_> {
        position.legal_moves().into_iter().filter(|m| m.kind == MoveKind::Normal).collect()
    };
    let (passing, careful) = (normal(&may), normal(&may_not));
    assert!(!passing.is_empty() && careful.is_empty(), "{} vs {}", passing.len(), careful.len());
    assert!(passing.iter().all(|&m| danger.contains(may.walk(m)[1])));
    assert!(!danger.contains(passing[0].lead().unwrap().to));
}

#[test]
fn escape_reaches_safe_squares_her_normal_moves_cannot_and_is_used_once() {
    let variant = jetan(&[]);
    let mut position = position(&variant, &[("e1", "R"), ("a10", "c"), ("j10", "r")], Side::South);
    let moves: Vec<_> = position.legal_moves().into_iter().filter(|m| m.lead().unwrap().from.index() == 4).collect();
    let geometry = variant.geometry();
    let escapes: Vec<_> = moves.iter().filter(|m| m.kind == MoveKind::Escape).collect();
    assert!(!escapes.is_empty());
    for escape in &escapes {
        assert!(geometry.distance(escape.lead().unwrap().from, escape.lead().unwrap().to) > 3);
        assert!(!moves.iter().any(|m| m.kind == MoveKind::Normal && m.lead() == escape.lead()));
    }
    play(&mut position, &["R e1-e9", "c a10-a7"]);
    assert!(position.escape_used(Side::South));
    assert!(position.to_text().contains(" S "));
    assert!(position.legal_moves().iter().all(|m| m.kind == MoveKind::Normal));
}

#[test]
fn escape_only_when_attacked_if_chosen() {
    let quiet = [("e5", "R"), ("a10", "c")];
    let attacked = [("e5", "R"), ("e7", "w"), ("a10", "c")];
    let has_escape = |choices: &[&str], pieces: &[(&str, &str)]| {
        position(&jetan(choices), pieces, Side::South).legal_moves().iter().any(|m| m.kind == MoveKind::Escape)
    };
    assert!(has_escape(&[], &quiet));
    assert!(!has_escape(&["escape_when=attacked"], &quiet));
    assert!(has_escape(&["escape_when=attacked"], &attacked));
}

#[test]
fn landing_on_the_princess_wins() {
    let mut position = position(&jetan(&[]), &[("e4", "A"), ("e5", "r")], Side::South);
    play(&mut position, &["A e4-e5"]);
    let outcome = position.outcome().unwrap();
    assert_eq!(outcome.winner, Some(Side::South));
    assert_eq!(outcome.reason, Reason::Ending(0));
    assert!(position.legal_moves().is_empty());
}

#[test]
fn chief_taking_chief_wins_and_a_lesser_piece_draws() {
    let pieces = [("e2", "C"), ("b2", "D"), ("e5", "c"), ("j9", "r")];
    let mut by_chief = position(&jetan(&[]), &pieces, Side::South);
    play(&mut by_chief, &["C e2-e5"]);
    assert_eq!(by_chief.outcome().map(|o| o.winner), Some(Some(Side::South)));

    let pieces = [("e2", "D"), ("e5", "c"), ("j9", "r")];
    let mut by_dwar = position(&jetan(&[]), &pieces, Side::South);
    play(&mut by_dwar, &["D e2-e5"]);
    let outcome = by_dwar.outcome().unwrap();
    assert_eq!((outcome.winner, outcome.reason), (None, Reason::Ending(2)));
    assert!(outcome.describe(by_dwar.variant()).starts_with("Draw"));

    let mut play_on = position(&jetan(&["chief_taken=play_on"]), &pieces, Side::South);
    play(&mut play_on, &["D e2-e5"]);
    assert_eq!(play_on.outcome(), None);
}

/// Both sides at three pieces after South's capture; then the Chiefs shuffle.
fn small_armies_game(choices: &[&str], north_third: &str) -> Position {
    let pieces = [("a1", "C"), ("j1", "R"), ("e4", "W"), ("a10", "c"), ("j10", "r"), ("h9", north_third), ("e6", "a")];
    let mut position = position(&jetan(choices), &pieces, Side::South);
    play(&mut position, &["W e4-e6"]);
    let shuffle = ["c a10-a7", "C a1-a4", "c a7-a10", "C a4-a1"];
    for (ply, mv) in shuffle.iter().cycle().take(9).enumerate() {
        play(&mut position, &[mv]);
        assert_eq!(position.outcome(), None, "after ply {}", ply + 1);
    }
    play(&mut position, &[shuffle[9 % 4]]);
    position
}

#[test]
fn three_pieces_each_draw_after_ten_plies() {
    let position = small_armies_game(&[], "w");
    assert_eq!(position.small_armies_count(), Some(10));
    let outcome = position.outcome().unwrap();
    assert_eq!((outcome.winner, outcome.reason), (None, Reason::SmallArmies));
    // Equal value (Warrior against Warrior) draws too; Warrior against Dwar does not.
    assert!(small_armies_game(&["small_armies=equal_value"], "w").outcome().is_some());
    assert_eq!(small_armies_game(&["small_armies=equal_value"], "d").outcome(), None);
    assert_eq!(small_armies_game(&["small_armies=off"], "w").outcome(), None);
}

#[test]
fn a_non_jumper_is_blocked_mid_walk() {
    let variant = jetan(&[]);
    // The Warrior's only walk to e6 passes e5.
    let blocked = position(&variant, &[("e4", "W"), ("e5", "A")], Side::South);
    assert!(!targets(&blocked, "e4").contains(&"e6".to_string()));
    assert!(targets(&blocked, "e4").contains(&"d5".to_string()));
    // An enemy in the way blocks as well, and can't be taken by a walk that doesn't end on it.
    let enemy = position(&variant, &[("e4", "W"), ("e5", "a")], Side::South);
    assert!(!targets(&enemy, "e4").contains(&"e6".to_string()));
    assert!(!targets(&enemy, "e4").contains(&"e5".to_string()));
    // The Thoat jumps.
    let thoat = position(&variant, &[("e4", "T"), ("e5", "A"), ("f5", "A"), ("f4", "A")], Side::South);
    assert!(targets(&thoat, "e4").contains(&"f6".to_string()));
}

#[test]
fn walks_never_revisit_a_square() {
    let variant = jetan(&[]);
    // From a1 with b1 taken, the Dwar's only 3-step walks to a2 would revisit a square.
    let position = position(&variant, &[("a1", "D"), ("b1", "A")], Side::South);
    let moves = targets(&position, "a1");
    assert!(!moves.contains(&"a2".to_string()), "{moves:?}");
    assert!(moves.contains(&"a4".to_string()) && moves.contains(&"b3".to_string()));
    // A walk may end next to its origin: e4 → e5 → f5 → f4.
    let open = position_with(&variant, "e4");
    assert!(targets(&open, "e4").contains(&"f4".to_string()));
}

fn position_with(variant: &std::sync::Arc<jetan_rules::Variant>, dwar: &str) -> Position {
    position(variant, &[(dwar, "D")], Side::South)
}

#[test]
fn thoat_makes_knight_leaps_and_orthogonal_steps() {
    let position = position(&jetan(&[]), &[("e4", "T")], Side::South);
    let expected = ["c3", "c5", "d2", "d4", "d6", "e3", "e5", "f2", "f4", "f6", "g3", "g5"];
    assert_eq!(targets(&position, "e4"), expected);
}

#[test]
fn panthans_never_retreat() {
    let south = position(&jetan(&[]), &[("e4", "A")], Side::South);
    assert_eq!(targets(&south, "e4"), ["d4", "d5", "e5", "f4", "f5"]);
    let north = position(&jetan(&[]), &[("e4", "a")], Side::North);
    assert_eq!(targets(&north, "e4"), ["d3", "d4", "e3", "f3", "f4"]);
    let back = position(&jetan(&["panthan=back_diagonals"]), &[("e4", "A")], Side::South);
    assert_eq!(targets(&back, "e4"), ["d3", "d4", "d5", "e5", "f3", "f4", "f5"]);
}

#[test]
fn a_side_without_moves_draws_or_loses() {
    let stuck: Vec<(String, &str)> = (b'a'..=b'j').map(|f| (format!("{}10", f as char), "A")).collect();
    let mut pieces: Vec<(&str, &str)> = stuck.iter().map(|(s, l)| (s.as_str(), *l)).collect();
    pieces.push(("a1", "c"));
    let draw = position(&jetan(&[]), &pieces, Side::South);
    let outcome = draw.outcome().unwrap();
    assert_eq!((outcome.winner, outcome.reason), (None, Reason::NoMoves));
    let loses = position(&jetan(&["no_moves=loses"]), &pieces, Side::South);
    assert_eq!(loses.outcome().unwrap().winner, Some(Side::North));
}

#[test]
fn the_move_limit_draws() {
    let variant = jetan(&["move_limit=300"]);
    let text = "cr8/10/10/10/10/10/10/10/10/CR8 s - - 299";
    let mut position = Position::from_text(variant, text).unwrap();
    play(&mut position, &["C a1-a4"]);
    assert_eq!(position.outcome().map(|o| o.reason), Some(Reason::PlyLimit));
    let mut unlimited = Position::from_text(jetan(&[]), text).unwrap();
    play(&mut unlimited, &["C a1-a4"]);
    assert_eq!(unlimited.outcome(), None);
}

#[test]
fn the_first_player_is_an_option() {
    assert_eq!(Position::start(jetan(&[])).to_move(), Side::South);
    assert_eq!(Position::start(jetan(&["first=orange"])).to_move(), Side::North);
}

#[test]
fn the_start_position_text() {
    let start = Position::start(jetan(&[]));
    assert_eq!(start.to_text(), "wpdfrcfdpw/taaaaaaaat/10/10/10/10/10/10/TAAAAAAAAT/WPDFCRFDPW s - - 0");
}

#[test]
fn running_out_of_time_loses_unless_the_other_side_cannot_win() {
    let variant = jetan(&[]);
    let start = Position::start(variant.clone());
    let lost = Outcome::out_of_time(&start, Side::South);
    assert_eq!(lost, Outcome { winner: Some(Side::North), reason: Reason::OutOfTime(Side::South) });
    assert_eq!(lost.describe(&variant), "Orange wins: Black ran out of time");
    // Orange has only its Princess, who never captures, and no piece wins by crossing.
    let bare = position(&variant, &[("e1", "R"), ("e2", "C"), ("e10", "r")], Side::South);
    assert!(bare.could_win(Side::South) && !bare.could_win(Side::North));
    let drawn = Outcome::out_of_time(&bare, Side::South);
    assert_eq!(drawn.winner, None);
    assert_eq!(drawn.describe(&variant), "Draw: Black ran out of time, and Orange has no piece that could win");
    // The position text keeps such an end.
    let text = "cr8/10/10/10/10/10/10/10/10/CR8 s - - 12 N#timeS";
    assert_eq!(Position::from_text(variant, text).unwrap().to_text(), text);
}
