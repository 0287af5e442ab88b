//! Clicks that go through Bevy's picking, as a player's do: a headless game with its cameras,
//! the mesh picking backend and pointer input written as the window would (moves and presses at
//! window positions), so the marks on the board, the tiles and the pieces decide what is hit.

mod common;

use bevy::camera::NormalizedRenderTarget;
use bevy::picking::hover::HoverMap;
use bevy::picking::pointer::{Location, PointerAction, PointerButton, PointerId, PointerInput};
use bevy::prelude::*;
use bevy::window::{PrimaryWindow, WindowRef};
use common::{repo_assets, square, update_until};
use jetan::Launch;
use jetan::board::{BoardLayout, PieceToken};
use jetan::camera::BoardView;
use jetan::game::Game;
use jetan::headless::interface_app;
use jetan::input::Selection;
use jetan::token_looks::TokenLook;
use jetan_rules::Square;

/// The game on a launch, with Bevy's picking as the real game has it.
fn picking_app(launch: Launch) -> App {
    let mut app = interface_app(&repo_assets(), launch);
    app.add_plugins((bevy::picking::DefaultPickingPlugins, MeshPickingPlugin));
    // Bounds and visibility, which the mesh backend reads (the 2D meshes' bounds come with the
    // 2D renderer's plugin in the game).
    app.add_plugins(bevy::camera::CameraPlugin);
    app.init_asset::<TextureAtlasLayout>();
    app.add_systems(
        PostUpdate,
        bevy::sprite::calculate_bounds_2d.in_set(bevy::camera::visibility::VisibilitySystems::CalculateBounds),
    );
    // What the renderer would do: keep the cameras' viewports and projections up to date.
    app.init_resource::<bevy::render::texture::ManualTextureViews>();
    app.add_systems(PostUpdate, bevy::render::camera::camera_system.before(TransformSystems::Propagate));
    app.insert_resource(MeshPickingSettings {
        ray_cast_visibility: bevy::picking::mesh_picking::ray_cast::RayCastVisibility::Any,
        ..default()
    });
    update_until(&mut app, "the game and every piece's look", |world| {
        let tokens = world.query::<&PieceToken>().iter(world).count();
        world.contains_resource::<Game>() && tokens > 0 && world.query::<&TokenLook>().iter(world).count() == tokens
    });
    for _ in 0..5 {
        app.update();
    }
    app
}

/// Where a square's centre shows in the window.
fn on_screen(app: &mut App, name: &str) -> Vec2 {
    off_centre(app, name, Vec3::ZERO)
}

/// Where a point `height` above a square's centre shows in the window (a piece's body).
fn above(app: &mut App, name: &str, height: f32) -> Vec2 {
    off_centre(app, name, Vec3::Y * height)
}

/// Where the point `offset` from a square's centre shows in the window.
fn off_centre(app: &mut App, name: &str, offset: Vec3) -> Vec2 {
    let at = app.world().resource::<BoardLayout>().world(square(app, name)) + offset;
    let mut view = bevy::ecs::system::SystemState::<BoardView>::new(app.world_mut());
    let view = view.get(app.world()).unwrap();
    // In the window (Bevy places it within the board's viewport, below the menu bar).
    let point = view.to_window(at).expect("the square is in view");
    assert!(view.window_rect().expect("a viewport").min.y > 0.0, "a viewport below the menu bar");
    point
}

/// The mouse pointer's location at `at` in the window.
fn location(app: &mut App, at: Vec2) -> Location {
    let window = app.world_mut().query_filtered::<Entity, With<PrimaryWindow>>().single(app.world()).unwrap();
    let target = NormalizedRenderTarget::Window(WindowRef::Entity(window).normalize(None).unwrap());
    Location { target, position: at }
}

/// The pointer moves to `at`, rests a few frames, then presses and releases the left button.
fn click_at(app: &mut App, at: Vec2) {
    let location = location(app, at);
    let send = |app: &mut App, action: PointerAction| {
        app.world_mut().write_message(PointerInput::new(PointerId::Mouse, location.clone(), action));
        app.update();
    };
    send(app, PointerAction::Move { delta: Vec2::ZERO });
    for _ in 0..3 {
        app.update();
    }
    send(app, PointerAction::Press(PointerButton::Primary));
    send(app, PointerAction::Release(PointerButton::Primary));
    for _ in 0..3 {
        app.update();
    }
}

fn history(app: &App) -> Vec<String> {
    app.world().resource::<Game>().history.iter().map(|played| played.text.clone()).collect()
}

/// The piece the pointer hovers at `at`, if it hovers one.
fn hovered_piece(app: &mut App, at: Vec2) -> Option<Square> {
    let send = PointerInput::new(PointerId::Mouse, location(app, at), PointerAction::Move { delta: Vec2::ZERO });
    app.world_mut().write_message(send);
    app.update();
    app.update();
    let world = app.world_mut();
    let hovered: Vec<Entity> = world.resource::<HoverMap>().values().flat_map(|hits| hits.keys().copied()).collect();
    let mut tokens = world.query::<(&PieceToken, &Children)>();
    let mut parents = world.query::<&ChildOf>();
    hovered.into_iter().find_map(|mut entity| {
        loop {
            if let Ok((token, _)) = tokens.get(world, entity) {
                break Some(token.square);
            }
            entity = parents.get(world, entity).ok()?.parent();
        }
    })
}

#[test]
fn clicking_the_dot_of_a_legal_destination_plays_the_move() {
    let mut app = picking_app(Launch::playing("variants/jetan.ron"));
    // The Flier stands in the front rank: nothing hides it.
    let flier = above(&mut app, "f1", 0.5);
    click_at(&mut app, flier);
    let selection = app.world().resource::<Selection>();
    assert_eq!(selection.from, Some(square(&app, "f1")), "the Flier is picked");
    let (mv, to) = selection.targets().next().expect("the Flier has a move");
    let text = app.world().resource::<Game>().position().move_text(mv);
    let name = app.world().resource::<Game>().position().variant().geometry().name(to);
    // The dot is drawn at the middle of the destination: the click lands on it.
    let dot = on_screen(&mut app, &name.to_string());
    click_at(&mut app, dot);
    assert_eq!(history(&app), [text]);
}

#[test]
fn a_legal_destination_under_the_pointer_wins_over_a_piece_standing_in_front() {
    // Seen from South's side, the piece on e1 hides the Panthan on e2 but for its head, and the
    // Panthan's head hides the near part of e3 (the square's southern third).
    let mut app = picking_app(Launch::playing("variants/jetan.ron"));
    let head = above(&mut app, "e2", 0.8);
    click_at(&mut app, head);
    assert_eq!(app.world().resource::<Selection>().from, Some(square(&app, "e2")), "the Panthan is picked");
    let e3 = off_centre(&mut app, "e3", Vec3::Z * 0.3);
    assert_eq!(hovered_piece(&mut app, e3), Some(square(&app, "e2")), "the Panthan stands in front of e3");
    click_at(&mut app, e3);
    assert_eq!(history(&app), ["A e2-e3"], "the destination under the pointer wins");
}

#[test]
fn in_the_diagram_too() {
    let launch = Launch::playing("variants/jetan.ron");
    let mut app = picking_app(launch);
    app.world_mut().write_message(jetan::camera::ToggleView);
    app.world_mut().write_message(jetan::camera::ToggleView);
    for _ in 0..5 {
        app.update();
    }
    assert!(bevy::ecs::system::SystemState::<BoardView>::new(app.world_mut()).get(app.world()).unwrap().diagram());
    let e2 = on_screen(&mut app, "e2");
    click_at(&mut app, e2);
    assert_eq!(app.world().resource::<Selection>().from, Some(square(&app, "e2")), "the Panthan is picked");
    let e3 = on_screen(&mut app, "e3");
    click_at(&mut app, e3);
    assert_eq!(history(&app), ["A e2-e3"]);
}

#[test]
fn a_pointer_that_leaves_the_window_hovers_nothing() {
    let mut app = picking_app(Launch::playing("variants/jetan.ron"));
    let flier = above(&mut app, "f1", 0.5);
    assert_eq!(hovered_piece(&mut app, flier), Some(square(&app, "f1")));
    assert_eq!(app.world().resource::<Selection>().hover, Some(square(&app, "f1")), "the Flier's plate shows");
    // Out of the window the picking keeps the pointer where it was last seen.
    let window = app.world_mut().query_filtered::<Entity, With<PrimaryWindow>>().single(app.world()).unwrap();
    app.world_mut().write_message(bevy::window::CursorLeft { window });
    app.update();
    assert_eq!(app.world().resource::<Selection>().hover, None, "no plate stays up");
}
