//! Moves that feel alive, without a window: an airship lifts off and flies at height with its
//! passengers drawn in aboard, a Zitidar's train plods along the Zitidar's path, each car
//! turned along its way, and a side declaring a Charge rallies.

mod common;

use bevy::prelude::*;
use common::{repo_assets, settle, started};
use jetan::animation::{Gait, Walking};
use jetan::board::PieceToken;
use jetan::game::{Game, GameAction};
use jetan_rules::{Move, MoveKind};

fn play(app: &mut App, mv: Move) {
    app.world_mut().write_message(GameAction::Play(mv));
    app.update();
}

fn parse(app: &App, text: &str) -> Move {
    app.world().resource::<Game>().position().parse_move(text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

/// The walking pieces: entity, gait, where it is.
fn walkers(app: &mut App) -> Vec<(Entity, Gait, Transform)> {
    let world = app.world_mut();
    world.query::<(Entity, &Walking, &Transform)>().iter(world).map(|(e, w, t)| (e, w.gait, *t)).collect()
}

#[test]
fn a_train_plods_after_its_zitidar_and_an_airship_flies_its_passengers() {
    let mut app = started(&repo_assets(), "variants/jetan_jeddara.ron");
    play_all(&mut app, &["M b3-b4", "m o10-o9"]);
    let train = parse(&app, "ZC a2-e5; H a3-d5; M b4-c4; P c3-b3; M d3-a2; train");
    play(&mut app, train);
    let plodding = walkers(&mut app);
    assert_eq!(plodding.len(), 5, "the Zitidar and its four cars");
    assert!(plodding.iter().all(|(_, gait, _)| matches!(gait, Gait::Plod { .. })), "{plodding:?}");
    let mut turned = false;
    for _ in 0..8 {
        app.update();
        turned |= walkers(&mut app).iter().any(|(_, _, t)| (t.rotation * Vec3::NEG_Z).dot(Vec3::NEG_Z) < 0.9);
        assert!(walkers(&mut app).iter().all(|(_, _, t)| t.translation.y < 0.2), "plodding, not hopping");
    }
    assert!(turned, "the train turns along its way");
    settle(&mut app);
    if let Ok(pass) = app.world().resource::<Game>().position().parse_move("pass") {
        play(&mut app, pass);
        settle(&mut app);
    }

    let game = app.world().resource::<Game>();
    let carries =
        |square| game.position().piece_at(square).is_some_and(|p| game.position().variant().kind(p.kind).carries > 0);
    let flight = game
        .position()
        .legal_moves()
        .into_iter()
        .find(|m| m.kind == MoveKind::Normal && m.steps.len() == 4 && m.steps.iter().any(|s| carries(s.from)))
        .expect("an airship with three passengers");
    let ship_from = flight.steps.iter().find(|s| carries(s.from)).unwrap().from;
    play(&mut app, flight);
    let ship = {
        let world = app.world_mut();
        world.query::<(Entity, &PieceToken)>().iter(world).find(|(_, t)| t.square == ship_from).unwrap().0
    };
    let gaits = walkers(&mut app);
    assert_eq!(gaits.len(), 4);
    assert!(gaits.iter().any(|&(e, gait, _)| e == ship && gait == Gait::Fly), "{gaits:?}");
    assert_eq!(gaits.iter().filter(|(_, gait, _)| matches!(gait, Gait::Ride { .. })).count(), 3, "{gaits:?}");
    // Halfway: the ship at height, its passengers drawn in about it and above its keel.
    let duration = app.world().get::<Walking>(ship).unwrap().duration;
    while app.world().get::<Walking>(ship).is_some_and(|w| w.elapsed < duration / 2.0) {
        app.update();
    }
    let aloft = walkers(&mut app);
    let ship_at = aloft.iter().find(|(e, _, _)| *e == ship).unwrap().2.translation;
    assert!(ship_at.y > 2.0, "the ship flies at height: {ship_at}");
    for (_, _, rider) in aloft.iter().filter(|(e, _, _)| *e != ship) {
        assert!(
            rider.translation.y > ship_at.y && rider.translation.xz().distance(ship_at.xz()) < 0.6,
            "aboard: {rider:?}"
        );
    }
    settle(&mut app);
    let world = app.world_mut();
    let standing: Vec<Transform> = world.query::<(&PieceToken, &Transform)>().iter(world).map(|(_, t)| *t).collect();
    assert!(standing.iter().all(|t| t.translation.y.abs() < 1e-4 && t.scale == Vec3::ONE), "all down and upright");
}

/// Plays moves in turn, each shown to its end.
fn play_all(app: &mut App, texts: &[&str]) {
    for text in texts {
        let mv = parse(app, text);
        play(app, mv);
        settle(app);
    }
}

#[test]
fn a_side_that_declares_a_charge_rallies() {
    let mut app = started(&repo_assets(), "variants/jetan_jeddara.ron");
    play_all(&mut app, &["M b3-b4", "m o10-o9", "BC m1-g4; D m2-g5; L n2-h5"]);
    // Blue declares a Charge: its pieces, and only its, spring up where they stand.
    let game = app.world().resource::<Game>();
    let side = game.position().to_move();
    let blue = game.position().pieces().filter(|(_, piece)| piece.side == side).count();
    let charge = parse(&app, "charge");
    play(&mut app, charge);
    let rallying = walkers(&mut app);
    assert_eq!(rallying.len(), blue, "every piece of the side that charges");
    let world = app.world_mut();
    for (entity, _, _) in &rallying {
        let (walking, token) = world.query::<(&Walking, &PieceToken)>().get(world, *entity).unwrap();
        assert_eq!((token.piece.side, walking.to), (side, token.square), "it stays on its square");
    }
    app.update();
    assert!(walkers(&mut app).iter().all(|(_, _, t)| t.translation.y > 0.0), "up they spring");
    settle(&mut app);
}
