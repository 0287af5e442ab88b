//! Helpers shared by the headless game tests: an app on an asset folder, frames, clicks.

#![allow(dead_code, reason = "each test file uses its own subset of the helpers")]

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use bevy::asset::AssetPlugin;
use bevy::prelude::*;
use bevy::time::TimeUpdateStrategy;
use jetan::animation::BeingShown;
use jetan::board::PieceToken;
use jetan::game::{Game, SquareClicked};
use jetan::places::Places;
use jetan::records::{ResumeChoice, ResumeOffer, SaveDir};
use jetan::screen::Screen;
use jetan::seat::Seats;
use jetan::settings::Settings;
use jetan::variant_asset::VariantCatalog;
use jetan::{GameLogicPlugin, Launch};
use jetan_rules::Square;

pub mod borders;
pub mod modding;

/// A game app on a given asset folder, saving to `saves`, each frame 50 ms of game time.
pub fn app_saving_to(assets: &Path, variant: &str, saves: &Path) -> App {
    app_launching(assets, Launch::playing(variant), saves)
}

/// The app on the title screen (its launch names no game), saving to `saves`, with the
/// latest unfinished game there taken up as the title's Continue does it.
pub fn continued_from_title(assets: &Path, saves: &Path) -> App {
    let mut app = app_launching(assets, Launch::default(), saves);
    update_until(&mut app, "the title screen", |world| *world.resource::<State<Screen>>().get() == Screen::Title);
    let offer = app.world().resource::<ResumeOffer>().0.clone();
    let (_, record) = offer.expect("the title offers to continue the saved game");
    // Continue is offered once the saved game's variant has loaded.
    update_until(&mut app, "the variant", |world| world.resource::<VariantCatalog>().good(&record.variant).is_some());
    app.world_mut().write_message(ResumeChoice::Resume);
    update_until(&mut app, "the saved game to be played", |world| {
        *world.resource::<State<Screen>>().get() == Screen::Playing
            && world.query::<&PieceToken>().iter(world).count() > 0
    });
    app
}

/// A game app launched with `launch`, saving to `saves`, each frame 50 ms of game time.
pub fn app_launching(assets: &Path, launch: Launch, saves: &Path) -> App {
    app_on(Places { assets: assets.to_path_buf(), mods: None }, launch, saves)
}

/// A game app on `places`' files launched with `launch`, saving to `saves`, each frame 50 ms
/// of game time.
pub fn app_on(places: Places, launch: Launch, saves: &Path) -> App {
    let mut app = App::new();
    let assets = places.assets.clone();
    places.install(&mut app);
    app.add_plugins((
        MinimalPlugins,
        AssetPlugin { file_path: assets.display().to_string(), watch_for_changes_override: Some(true), ..default() },
    ));
    app.insert_resource(TimeUpdateStrategy::ManualDuration(Duration::from_millis(50)));
    launch.install(&mut app);
    app.insert_resource(SaveDir(saves.to_path_buf()));
    app.add_plugins(GameLogicPlugin);
    app.world_mut().resource_mut::<Settings>().players = Seats::HUMANS;
    app
}

/// A fresh folder for a test's files.
pub fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("jetan-{name}-{}", std::process::id()));
    std::fs::remove_dir_all(&dir).ok();
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Updates the app until `done` holds (waiting in real time for asset loading), or panics.
pub fn update_until(app: &mut App, what: &str, done: impl Fn(&mut World) -> bool) {
    let started = Instant::now();
    while !done(app.world_mut()) {
        assert!(started.elapsed() < Duration::from_secs(20), "timed out waiting for {what}");
        app.update();
        std::thread::sleep(Duration::from_millis(5));
    }
}

/// The repository's asset folder.
pub fn repo_assets() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("assets")
}

/// A game started on a variant, saving to a fresh folder.
pub fn started(assets: &Path, variant: &str) -> App {
    started_saving_to(assets, variant, &temp_dir("saves"))
}

/// A game started on a variant, saving to `saves`.
pub fn started_saving_to(assets: &Path, variant: &str, saves: &Path) -> App {
    let mut app = app_saving_to(assets, variant, saves);
    update_until(&mut app, "the game to start", |world| {
        world.contains_resource::<Game>() && world.query::<&PieceToken>().iter(world).count() > 0
    });
    app
}

/// The square a name stands for on the game's board.
pub fn square(app: &App, name: &str) -> Square {
    app.world().resource::<Game>().position().variant().geometry().parse(name).unwrap()
}

/// The token standing on a square, if any.
pub fn token_on(world: &mut World, square: Square) -> Option<Entity> {
    let mut tokens = world.query::<(Entity, &PieceToken)>();
    tokens.iter(world).find(|(_, t)| t.square == square).map(|(e, _)| e)
}

/// Clicks a square and runs a frame.
pub fn click(app: &mut App, name: &str) {
    let square = square(app, name);
    app.world_mut().write_message(SquareClicked(square));
    app.update();
}

/// Runs frames until no piece is moving, leaving or appearing.
pub fn settle(app: &mut App) {
    for _ in 0..400 {
        let world = app.world_mut();
        let busy = world.query_filtered::<(), BeingShown>().iter(world).count();
        if busy == 0 {
            return;
        }
        app.update();
    }
    panic!("the animations never ended");
}
