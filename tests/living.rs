//! Living Jetan in the headless game: with Pieces: Living the men of classic Jetan and their
//! Thoats are figures on joints (the Flier, which has no living look yet, stays a statuette), a
//! walking figure's legs swing while it walks and stand still when it has arrived, and the
//! pieces are drawn anew when the setting changes.

mod common;

use bevy::prelude::*;
use common::*;
use jetan::Launch;
use jetan::board::PieceToken;
use jetan::game::{Game, GameAction};
use jetan::look_asset::TokenLook;
use jetan::scene::figures::Figure;
use jetan::settings::{Pieces, Settings};

/// The turns of the figure's joints on `square`, by joint name.
fn turns(app: &mut App, name: &str) -> Vec<(String, Quat)> {
    let square = square(app, name);
    let world = app.world_mut();
    let mut figures = world.query::<(&PieceToken, &Figure)>();
    let (_, figure) = figures.iter(world).find(|(token, _)| token.square == square).expect("a figure there");
    let (joints, pivots) = (figure.skeleton.joints.clone(), figure.pivots.clone());
    joints
        .iter()
        .zip(pivots)
        .map(|(joint, pivot)| (joint.name.clone(), world.get::<Transform>(pivot).unwrap().rotation))
        .collect()
}

fn hip_swing(turns: &[(String, Quat)]) -> f32 {
    turns.iter().filter(|(name, _)| name.ends_with("_hip")).map(|(_, turn)| turn.angle_between(Quat::IDENTITY)).sum()
}

#[test]
fn living_figures_walk_their_moves() {
    let launch = Launch { variant: Some("variants/jetan.ron".into()), ..default() };
    let mut app = jetan::headless::interface_app(&repo_assets(), launch);
    app.world_mut().resource_mut::<Settings>().pieces = Pieces::Living;
    update_until(&mut app, "the living figures", |world| {
        world.contains_resource::<Game>() && world.query::<&Figure>().iter(world).count() >= 30
    });
    // Every man and woman of classic Jetan is a figure, and the Thoats; the Fliers are statuettes.
    let world = app.world_mut();
    let count = world.query::<&Figure>().iter(world).count();
    assert_eq!(count, 40 - 4, "all but the Fliers");
    let flier = square(&app, "d1");
    let world = app.world_mut();
    let mut tokens = world.query::<(&PieceToken, Option<&Figure>, &TokenLook)>();
    let (_, figure, look) = tokens.iter(world).find(|(token, _, _)| token.square == flier).unwrap();
    assert!(figure.is_none() && look.0.skeleton.joints.is_empty(), "the Flier keeps its statuette");

    // Standing, the legs are (nearly) still; walking, they swing; arrived, still again.
    let standing = hip_swing(&turns(&mut app, "e2"));
    let step = app.world().resource::<Game>().position.parse_move("A e2-e3").unwrap();
    app.world_mut().write_message(GameAction::Play(step));
    app.update();
    let mut widest: f32 = 0.0;
    for _ in 0..6 {
        app.update();
        widest = widest.max(hip_swing(&turns(&mut app, "e2")));
    }
    assert!(standing < 0.05 && widest > 0.3, "the legs swing as he walks: {standing} then {widest}");
    settle(&mut app);
    app.update();
    assert!(hip_swing(&turns(&mut app, "e3")) < 0.05, "arrived, he stands");

    // Statuettes again: the figures go.
    app.world_mut().resource_mut::<Settings>().pieces = Pieces::Statuettes;
    update_until(&mut app, "the statuettes", |world| world.query::<&Figure>().iter(world).count() == 0);
}
