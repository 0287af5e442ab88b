//! Living Jetan in the headless game: with Pieces: Living every piece of classic Jetan is a
//! figure on joints, a walking figure's legs swing while it walks and stand still when it has
//! arrived, a capture is a fight (the taker strikes, then the taken falls, and the crowd rises
//! and cheers), the pieces are drawn anew when the setting changes, and the Malagor moves by
//! its glTF model's own animations.

mod common;

use bevy::prelude::*;
use common::*;
use jetan::Launch;
use jetan::board::PieceToken;
use jetan::crowd_mood::Cheering;
use jetan::game::{Game, GameAction};
use jetan::looks::MotionName;
use jetan::scene::figures::Figure;
use jetan::scene::gltf_figures::GltfFigure;
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

fn play(app: &mut App, text: &str) {
    let mv = app.world().resource::<Game>().position().parse_move(text).unwrap_or_else(|e| panic!("{text}: {e}"));
    app.world_mut().write_message(GameAction::Play(mv));
    app.update();
}

fn hip_swing(turns: &[(String, Quat)]) -> f32 {
    turns.iter().filter(|(name, _)| name.ends_with("_hip")).map(|(_, turn)| turn.angle_between(Quat::IDENTITY)).sum()
}

#[test]
fn living_figures_walk_their_moves() {
    let launch = Launch::playing("variants/jetan.ron");
    let mut app = jetan::headless::interface_app(&repo_assets(), launch);
    app.world_mut().resource_mut::<Settings>().pieces = Pieces::Living;
    update_until(&mut app, "the living figures", |world| {
        world.contains_resource::<Game>() && world.query::<&Figure>().iter(world).count() >= 30
    });
    // Every piece of classic Jetan is a figure: the men and women, the Thoats, the Fliers' pilots.
    let world = app.world_mut();
    let count = world.query::<&Figure>().iter(world).count();
    assert_eq!(count, 40, "every piece");

    // Standing, the legs are (nearly) still; walking, they swing; arrived, still again.
    let standing = hip_swing(&turns(&mut app, "e2"));
    play(&mut app, "A e2-e3");
    let mut widest: f32 = 0.0;
    for _ in 0..6 {
        app.update();
        widest = widest.max(hip_swing(&turns(&mut app, "e2")));
    }
    assert!(standing < 0.05 && widest > 0.3, "the legs swing as he walks: {standing} then {widest}");
    settle(&mut app);
    app.update();
    assert!(hip_swing(&turns(&mut app, "e3")) < 0.05, "arrived, he stands");

    // A capture is a fight on the square: the taker strikes, then the taken parries and falls.
    for mv in ["a e9-e8", "A e3-e4", "a e8-e7", "A e4-e5", "a e7-e6"] {
        play(&mut app, mv);
        settle(&mut app);
    }
    let [taker, taken] = ["e5", "e6"].map(|name| {
        let square = square(&app, name);
        token_on(app.world_mut(), square).expect("a piece there")
    });
    play(&mut app, "A e5-e6");
    let mut seen: Vec<(&str, &str)> = Vec::new();
    let mut roused: f32 = 0.0;
    for _ in 0..200 {
        app.update();
        roused = roused.max(app.world().resource::<Cheering>().level);
        let world = app.world();
        let motion = |token| world.get::<Figure>(token).map_or("gone", |figure| figure.motion().name());
        let now = (motion(taker), motion(taken));
        if seen.last() != Some(&now) {
            seen.push(now);
        }
    }
    let first = |wanted: &dyn Fn(&(&str, &str)) -> bool| seen.iter().position(wanted);
    let struck = first(&|(taker, _)| *taker == "strike").unwrap_or_else(|| panic!("the taker never struck: {seen:?}"));
    let fell = first(&|(_, taken)| *taken == "fall").unwrap_or_else(|| panic!("the taken never fell: {seen:?}"));
    let parried = first(&|(_, taken)| *taken == "parry").unwrap_or_else(|| panic!("no parry: {seen:?}"));
    assert!(parried < fell && struck < fell, "strike, then fall: {seen:?}");
    assert_eq!(seen.last(), Some(&("idle", "gone")), "{seen:?}");
    assert!(roused > 0.5, "the crowd rises and cheers: {roused}");

    // Statuettes again: the figures go.
    app.world_mut().resource_mut::<Settings>().pieces = Pieces::Statuettes;
    update_until(&mut app, "the statuettes", |world| world.query::<&Figure>().iter(world).count() == 0);
}

#[test]
fn the_living_malagor_moves_by_its_models_own_animations() {
    let launch = Launch::playing("variants/jetan_malagor.ron");
    let mut app = jetan::headless::interface_app(&repo_assets(), launch);
    // As `App::run` does before the first frame: the glTF loader is registered then.
    app.finish();
    app.cleanup();
    app.world_mut().resource_mut::<Settings>().pieces = Pieces::Living;
    update_until(&mut app, "the game", |world| world.contains_resource::<Game>());
    let a2 = square(&app, "a2");
    let bird = move |world: &mut World| {
        let mut birds = world.query::<(&PieceToken, &GltfFigure)>();
        birds
            .iter(world)
            .find(|(token, _)| token.square == a2)
            .and_then(|(_, bird)| bird.playing())
            .map(MotionName::name)
    };
    update_until(&mut app, "the Malagor's animations", |world| bird(world).is_some());
    assert_eq!(bird(app.world_mut()), Some("idle"), "standing, it idles");
    play(&mut app, "M a2-a4");
    let mut seen = Vec::new();
    for _ in 0..30 {
        app.update();
        let world = app.world_mut();
        let mut birds = world.query::<&GltfFigure>();
        seen.extend(
            birds.iter(world).filter_map(GltfFigure::playing).map(MotionName::name).filter(|motion| *motion != "idle"),
        );
    }
    assert!(seen.contains(&"flap"), "in the air, it flaps: {seen:?}");
}
