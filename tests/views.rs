//! The views in the headless interface (every plugin but the renderer): `V` goes round 3D,
//! top-down and the 2D diagram mid-game, keeping the selection; the diagram has a tile for every
//! square, an icon for every piece and a mark for each highlight, and only its camera draws
//! while it shows.

mod common;

use bevy::prelude::*;
use common::*;
use jetan::Launch;
use jetan::board::{Cell, PieceToken};
use jetan::camera::{BoardCamera, DiagramCamera, ToggleView};
use jetan::game::{Game, SquareClicked};
use jetan::headless::interface_app;
use jetan::input::Selection;
use jetan::settings::View;
use jetan::token_looks::TokenLook;

fn cameras_active(app: &mut App) -> (bool, bool) {
    let world = app.world_mut();
    let scene = world.query_filtered::<&Camera, With<BoardCamera>>().single(world).unwrap().is_active;
    let diagram = world.query_filtered::<&Camera, With<DiagramCamera>>().single(world).unwrap().is_active;
    (scene, diagram)
}

fn view(app: &mut App) -> View {
    let world = app.world_mut();
    world.query::<&BoardCamera>().single(world).unwrap().view
}

/// The diagram's drawn entities: 2D meshes on its layer.
fn diagram_meshes(app: &mut App) -> usize {
    let world = app.world_mut();
    world.query::<&Mesh2d>().iter(world).count()
}

#[test]
fn the_views_go_round_mid_game_and_keep_the_selection() {
    let launch = {
        let mut launch = Launch::playing("variants/jetan.ron");
        launch.game.moves = Some("A e2-e3, a f9-f8".into());
        launch
    };
    let mut app = interface_app(&repo_assets(), launch);
    update_until(&mut app, "the game and every piece's look", |world| {
        let tokens = world.query::<&PieceToken>().iter(world).count();
        world.contains_resource::<Game>() && tokens > 0 && world.query::<&TokenLook>().iter(world).count() == tokens
    });
    for _ in 0..3 {
        app.update();
    }
    assert_eq!(view(&mut app), View::Orbit);
    assert_eq!(cameras_active(&mut app), (true, false));
    let cells = app.world_mut().query::<&Cell>().iter(app.world()).count();
    let pieces = app.world_mut().query::<&PieceToken>().iter(app.world()).count();
    // The frame's three slabs, a tile a square, an icon and a shadow a piece, the last move's marks.
    assert!(diagram_meshes(&mut app) >= 3 + cells + 2 * pieces, "{} 2D meshes", diagram_meshes(&mut app));

    let d1 = square(&app, "d1");
    app.world_mut().write_message(SquareClicked(d1));
    for _ in 0..3 {
        app.update();
    }
    let (from, moves) = {
        let selection = app.world().resource::<Selection>();
        (selection.from, selection.moves.clone())
    };
    assert_eq!(from, Some(d1), "the Flier on d1 is selected");
    let marked = diagram_meshes(&mut app);

    for expected in [View::TopDown, View::Diagram, View::Orbit, View::TopDown, View::Diagram] {
        app.world_mut().write_message(ToggleView);
        for _ in 0..3 {
            app.update();
        }
        assert_eq!(view(&mut app), expected);
        assert_eq!(cameras_active(&mut app), (expected != View::Diagram, expected == View::Diagram), "{expected:?}");
        let now = app.world().resource::<Selection>();
        assert_eq!((now.from, &now.moves), (from, &moves), "{expected:?} kept the selection");
        assert_eq!(diagram_meshes(&mut app), marked, "{expected:?}: the diagram's marks follow the selection");
    }

    // In the diagram, play the Flier's move: its icon follows its token to the new square.
    let to = moves[0].steps[0].to;
    app.world_mut().write_message(SquareClicked(to));
    app.update();
    settle(&mut app);
    assert_eq!(app.world().resource::<Game>().history.len(), 3);
    let token = token_on(app.world_mut(), to).expect("the Flier stands on its new square");
    let at = app.world().get::<GlobalTransform>(token).unwrap().translation();
    app.update();
    let world = app.world_mut();
    let icons: Vec<Vec2> = world
        .query_filtered::<&GlobalTransform, With<jetan::input::StandsFor>>()
        .iter(world)
        .map(|transform| transform.translation().truncate())
        .collect();
    let on_diagram = jetan::camera::on_diagram(at);
    assert!(icons.iter().any(|icon| icon.distance(on_diagram) < 1e-4), "no icon at {on_diagram}");
}
