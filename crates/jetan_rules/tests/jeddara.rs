//! Jetan Jeddara's mechanics (RULES.md §4, §5), each on a small position: airships with
//! passengers, squads with escorts in them, the banth step, Thuvia directing banths, the Sorak
//! strike, the Jeddara's escape while attacked, a banth taking its mover's own Jeddara, Olvia's
//! title, Zitidar trains and the plough.

mod common;

use jetan_rules::{MoveKind, Phase, Position, Side};

fn legal(position: &Position, text: &str) -> bool {
    position.parse_move(text).is_ok()
}

/// Jeddaras far from the action, so that no win comes by accident.
const KIT: [(&str, &str); 2] = [("a1", "B"), ("p12", "b")];

fn position(pieces: &[(&str, &str)], side: Side) -> Position {
    let pieces: Vec<_> = pieces.iter().copied().chain(KIT).collect();
    common::position(&common::jeddara(&[]), &pieces, side)
}

#[test]
fn an_airship_carries_up_to_its_capacity() {
    // Passengers of higher rank than the ship, so that no squad moves the same pieces.
    let p = position(&[("h5", "CC"), ("g5", "J"), ("i6", "C"), ("h4", "K"), ("g4", "T"), ("i10", "m")], Side::South);
    assert!(legal(&p, "CC h5-h9; J g5-g9"));
    assert!(legal(&p, "CC h5-h9; J g5-g9; C i6-i10; K h4-h8"), "three passengers");
    assert!(!legal(&p, "CC h5-h9; J g5-g9; C i6-i10; K h4-h8; T g4-g8"), "not four");
    assert!(legal(&p, "CC h5-h9; C i6-i10"), "a passenger may land on an enemy it takes");
    let scout = position(&[("h5", "SD"), ("g5", "J"), ("i5", "C")], Side::South);
    assert!(legal(&scout, "SD h5-h9; J g5-g9"));
    assert!(!legal(&scout, "SD h5-h9; J g5-g9; C i5-i9"), "a Scoutship carries one");
}

#[test]
fn an_escort_in_a_squad_brings_its_female() {
    let p = position(&[("e4", "H"), ("e5", "M"), ("f4", "C")], Side::South);
    assert!(legal(&p, "H e4-f6; C f4-g6"), "a plain escort");
    assert!(legal(&p, "H e4-f6; M e5-f7"), "a plain squad");
    assert!(legal(&p, "H e4-f6; M e5-f7; C f4-g6"), "Tara outranks the Thoat, but comes as his escorted female");
}

#[test]
fn a_banth_with_a_piece_beside_it_steps_after_the_move() {
    let mut p = position(&[("d6", "bb"), ("c5", "M"), ("d7", "m"), ("h2", "M")], Side::South);
    common::play(&mut p, &["M h2-h3"]);
    assert_eq!((p.to_move(), p.phase()), (Side::South, Phase::BanthStep));
    assert!(legal(&p, "pass"));
    assert!(p.legal_moves().iter().all(|m| matches!(m.kind, MoveKind::BanthStep | MoveKind::Pass)));
    common::play(&mut p, &["bb d6-d7"]);
    assert_eq!((p.to_move(), p.phase()), (Side::North, Phase::Turn));
    assert_eq!(
        p.piece_at(p.variant().geometry().parse("d7").unwrap()).map(|x| p.variant().label(x)),
        Some("bb".into())
    );
    // A banth taking its mover's own Jeddara loses the game for that side.
    let mut own =
        common::position(&common::jeddara(&[]), &[("d6", "bb"), ("c5", "B"), ("h2", "M"), ("p12", "b")], Side::South);
    common::play(&mut own, &["M h2-h3", "bb d6-c5"]);
    assert_eq!(own.decided().map(|o| o.winner), Some(Some(Side::North)));
}

#[test]
fn thuvia_directs_banths_onto_pieces() {
    let p = position(&[("f5", "T"), ("g7", "bb"), ("g9", "m"), ("k9", "m")], Side::South);
    let mv = p.parse_move("bb g7-g9").unwrap();
    assert_eq!(mv.kind, MoveKind::Direct);
    assert!(!legal(&p, "bb g7-g8"), "a directed banth ends on a piece");
    assert!(!legal(&p, "bb g7-k9"), "three steps at most");
    let far = position(&[("f3", "T"), ("g7", "bb"), ("g9", "m")], Side::South);
    assert!(!legal(&far, "bb g7-g9"), "only banths within two squares of her");
}

#[test]
fn kara_vasa_strikes_one_or_two_pieces_within_two_squares() {
    let p = position(&[("e5", "SC"), ("f6", "m"), ("g7", "m"), ("h8", "m")], Side::South);
    assert_eq!(p.parse_move("@*f6").unwrap().kind, MoveKind::Strike);
    assert!(legal(&p, "@*f6; @*g7"));
    assert!(!legal(&p, "@*h8"), "out of reach");
    assert!(!legal(&p, "@*f6; @*g7; @*h8"));
    let mut royal = common::position(&common::jeddara(&[]), &[("e5", "SC"), ("f6", "b"), ("a1", "B")], Side::South);
    common::play(&mut royal, &["@*f6"]);
    assert_eq!(royal.decided().map(|o| o.winner), Some(Some(Side::South)));
}

#[test]
fn the_jeddara_escapes_only_while_attacked() {
    let attacked = common::position(&common::jeddara(&[]), &[("h2", "B"), ("h5", "d"), ("p12", "b")], Side::South);
    assert_eq!(attacked.parse_move("B h2-c5").map(|m| m.kind), Ok(MoveKind::Escape));
    assert!(!legal(&attacked, "B h2-c8"), "in her own half");
    let safe = common::position(&common::jeddara(&[]), &[("h2", "B"), ("h9", "d"), ("p12", "b")], Side::South);
    assert!(!legal(&safe, "B h2-c5"));
}

#[test]
fn olvia_is_the_jedda_once_thuvia_is_gone() {
    let v = common::jeddara(&[]);
    let with = common::position(&v, &[("e5", "OB"), ("f1", "T"), ("a1", "B"), ("p12", "b")], Side::South);
    let olvia = with.piece_at(v.geometry().parse("e5").unwrap()).unwrap();
    assert_eq!(with.name_of(olvia), "Olvia");
    let without = common::position(&v, &[("e5", "OB"), ("a1", "B"), ("p12", "b")], Side::South);
    assert_eq!(without.name_of(olvia), "Jedda");
}

#[test]
fn the_start_position() {
    let p = Position::start(common::jeddara(&[]));
    assert_eq!(p.ownerless().len(), 4);
    assert_eq!(p.pieces().count(), 2 * 48 + 4);
    assert_eq!(p.legal_moves().len(), 3280);
}

#[test]
fn a_zitidar_takes_cars_along_its_walk_and_keeps_them() {
    let mut p = position(&[("e4", "ZC"), ("e3", "M"), ("h10", "m")], Side::South);
    let mv = p.parse_move("ZC e4-e6; M e3-e5; train").unwrap();
    assert_eq!(mv.kind, MoveKind::Train);
    assert!(legal(&p, "ZC e4-e5; M e3-e4; train"), "one step: the car takes the Zitidar's square");
    assert!(legal(&p, "ZC e4-e6"), "or no car at all");
    p.play(mv);
    let geometry = p.variant().geometry();
    let train = *p.train_of(geometry.parse("e6").unwrap()).expect("the train keeps");
    assert_eq!(train.cars.to_vec(), vec![geometry.parse("e5").unwrap()]);
    let reread = Position::from_text(p.variant().clone(), &p.to_text()).unwrap();
    assert_eq!(reread, p, "{}", p.to_text());
    common::play(&mut p, &["m h10-h9"]);
    assert!(legal(&p, "ZC e6-e8; M e5-e7; train"), "the train follows");
    assert!(!legal(&p, "ZC e6-e8"), "a Zitidar doesn't drop its train");
    // A car that moves by itself leaves the train.
    common::play(&mut p, &["M e5-d6"]);
    assert!(p.train_of(geometry.parse("e6").unwrap()).is_none());
}

#[test]
fn two_walks_that_leave_the_train_on_different_squares_are_two_moves() {
    let base = position(&[("e4", "ZC"), ("e3", "M"), ("e2", "W"), ("h10", "m")], Side::South);
    let p = Position::from_text(base.variant().clone(), &format!("{} trains:e4=e3,e2", base.to_text())).unwrap();
    assert!(legal(&p, "ZC e4-f6; M e3-e5; W e2-e4; train"), "by e5");
    assert!(legal(&p, "ZC e4-f6; M e3-f5; W e2-e4; train"), "by f5");
    assert!(!legal(&p, "ZC e4-f6"));
}

#[test]
fn a_charmed_car_cuts_the_train() {
    let base = position(&[("e4", "ZC"), ("e3", "M"), ("e2", "W"), ("d1", "r"), ("h10", "m")], Side::South);
    let p = Position::from_text(base.variant().clone(), &format!("{} trains:e4=e3,e2", base.to_text())).unwrap();
    // The Sharu on d1 charms the Than on e2: the train ends before him.
    assert!(legal(&p, "ZC e4-e6; M e3-e5; train"));
    let mut after = p.clone();
    common::play(&mut after, &["ZC e4-e6; M e3-e5; train"]);
    assert_eq!(after.train_of(p.variant().geometry().parse("e6").unwrap()).unwrap().cars.len(), 1);
}

#[test]
fn a_zitidar_ploughs_through_enemies_in_a_straight_line() {
    let p = position(&[("e4", "ZC"), ("e5", "m"), ("e6", "w"), ("h10", "m")], Side::South);
    assert!(legal(&p, "ZC e4-e7; @*e5; @*e6"));
    assert!(legal(&p, "ZC e4-e5"), "or stops on the first");
    let blocked = position(&[("e4", "ZC"), ("e5", "m"), ("e6", "u"), ("h10", "m")], Side::South);
    assert!(!legal(&blocked, "ZC e4-e7; @*e5; @*e6"), "no male takes Sanoma Tora: she blocks");
    let own = position(&[("e4", "ZC"), ("e5", "m"), ("e6", "W"), ("h10", "m")], Side::South);
    assert!(!legal(&own, "ZC e4-e7; @*e5"));
}

#[test]
fn a_trains_cars_are_read_in_their_order() {
    let p = position(&[("e4", "ZC"), ("d4", "M"), ("d3", "W"), ("h10", "m")], Side::South);
    // Attaching the Panthan then the Than is another train than the Than then the Panthan.
    let first = p.parse_move("ZC e4-e6; M d4-e5; W d3-e4; train");
    let second = p.parse_move("ZC e4-e6; W d3-e5; M d4-e4; train");
    assert!(first.is_ok() && second.is_ok() && first != second);
    assert!(p.parse_move("ZC e4-e6; W d3-e4; M d4-e5; train").is_err(), "the first car is written first");
}
