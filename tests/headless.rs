//! The game without a window or GPU: clicks become moves, moves animate into the pieces'
//! squares, illegal clicks change nothing, and a broken variant file under hot reload keeps
//! the last good version.

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use bevy::asset::AssetPlugin;
use bevy::prelude::*;
use bevy::time::TimeUpdateStrategy;
use jetan::ai_player::{Seat, Thinking};
use jetan::board::{PieceToken, Selection};
use jetan::game::{Game, GameAction, Notice, SquareClicked};
use jetan::records::{GameRecord, ResumeChoice, ResumeOffer, SaveDir, save, write_atomically};
use jetan::settings::{Players, Settings};
use jetan::variant_asset::{VariantCatalog, VariantDir};
use jetan::{GameLogicPlugin, Launch};
use jetan_ai::Level;
use jetan_rules::Square;

/// A game app on a given asset folder, saving to `saves`, each frame 50 ms of game time.
fn app_saving_to(assets: &Path, variant: &str, saves: &Path) -> App {
    let mut app = App::new();
    app.add_plugins((
        MinimalPlugins,
        AssetPlugin { file_path: assets.display().to_string(), watch_for_changes_override: Some(true), ..default() },
    ));
    app.insert_resource(TimeUpdateStrategy::ManualDuration(Duration::from_millis(50)));
    app.insert_resource(Launch { variant: Some(variant.into()), ..default() });
    app.insert_resource(VariantDir(assets.join("variants")));
    app.insert_resource(SaveDir(saves.to_path_buf()));
    app.add_plugins(GameLogicPlugin);
    app.world_mut().resource_mut::<Settings>().players = Players { south: Seat::Human, north: Seat::Human };
    app
}

/// A fresh folder for a test's saves.
fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("jetan-{name}-{}", std::process::id()));
    std::fs::remove_dir_all(&dir).ok();
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Updates the app until `done` holds (waiting in real time for asset loading), or panics.
fn update_until(app: &mut App, what: &str, done: impl Fn(&mut World) -> bool) {
    let started = Instant::now();
    while !done(app.world_mut()) {
        assert!(started.elapsed() < Duration::from_secs(20), "timed out waiting for {what}");
        app.update();
        std::thread::sleep(Duration::from_millis(5));
    }
}

fn repo_assets() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("assets")
}

fn square(app: &App, name: &str) -> Square {
    app.world().resource::<Game>().position.variant().geometry().parse(name).unwrap()
}

fn token_on(world: &mut World, square: Square) -> Option<Entity> {
    let mut tokens = world.query::<(Entity, &PieceToken)>();
    tokens.iter(world).find(|(_, t)| t.square == square).map(|(e, _)| e)
}

fn click(app: &mut App, name: &str) {
    let square = square(app, name);
    app.world_mut().write_message(SquareClicked(square));
    app.update();
}

fn new_game(variant: &str, seats: [Seat; 2]) -> GameAction {
    GameAction::NewGame { variant: variant.into(), choices: Vec::new(), seats }
}

fn started(assets: &Path, variant: &str) -> App {
    started_saving_to(assets, variant, &temp_dir("saves"))
}

fn started_saving_to(assets: &Path, variant: &str, saves: &Path) -> App {
    let mut app = app_saving_to(assets, variant, saves);
    update_until(&mut app, "the game to start", |world| {
        world.contains_resource::<Game>() && world.query::<&PieceToken>().iter(world).count() > 0
    });
    app
}

#[test]
fn clicking_a_piece_then_a_legal_square_plays_and_animates_the_move() {
    let mut app = started(&repo_assets(), "variants/jetan.ron");
    let (b2, b3) = (square(&app, "b2"), square(&app, "b3"));
    let panthan = token_on(app.world_mut(), b2).expect("a Panthan on b2");

    click(&mut app, "b2");
    assert_eq!(app.world().resource::<Selection>().from, Some(b2));
    assert_eq!(app.world().resource::<Selection>().moves.len(), 3);

    click(&mut app, "b3");
    let game = app.world().resource::<Game>();
    assert_eq!(game.history.len(), 1);
    assert!(game.position.piece_at(b3).is_some() && game.position.piece_at(b2).is_none());
    // The token walks there; its square changes when it arrives.
    assert_eq!(app.world().get::<PieceToken>(panthan).unwrap().square, b2);
    for _ in 0..40 {
        app.update();
    }
    assert_eq!(app.world().get::<PieceToken>(panthan).unwrap().square, b3);
    let at = app.world().get::<Transform>(panthan).unwrap().translation;
    let expected = app.world().resource::<jetan::board::BoardLayout>().world(b3);
    assert!(at.distance(expected) < 1e-3, "{at} vs {expected}");
}

#[test]
fn an_illegal_target_changes_nothing_and_says_why() {
    let mut app = started(&repo_assets(), "variants/jetan.ron");
    let before = app.world().resource::<Game>().position.to_text();
    click(&mut app, "b2");
    click(&mut app, "b5");
    assert_eq!(app.world().resource::<Game>().position.to_text(), before);
    let notice = app.world().resource::<Notice>().0.clone().unwrap_or_default();
    assert!(notice.contains("can't reach"), "{notice}");
    // Clicking the enemy's piece on one's own turn says whose turn it is.
    click(&mut app, "e9");
    let notice = app.world().resource::<Notice>().0.clone().unwrap_or_default();
    assert!(notice.contains("Black's turn"), "{notice}");
    // Nor may the Princess escape to a threatened square (rank 8, where the Panthans reach).
    click(&mut app, "f1");
    click(&mut app, "f8");
    assert_eq!(app.world().resource::<Game>().position.to_text(), before);
}

#[test]
fn undo_and_redo_set_the_board_back_and_forth() {
    let mut app = started(&repo_assets(), "variants/jetan.ron");
    click(&mut app, "b2");
    click(&mut app, "b3");
    for _ in 0..40 {
        app.update();
    }
    app.world_mut().write_message(GameAction::Undo);
    app.update();
    app.update();
    let b2 = square(&app, "b2");
    assert!(token_on(app.world_mut(), b2).is_some());
    assert_eq!(app.world().resource::<Game>().redo.len(), 1);
    app.world_mut().write_message(GameAction::Redo);
    app.update();
    app.update();
    let b3 = square(&app, "b3");
    assert!(token_on(app.world_mut(), b3).is_some());
    assert_eq!(app.world().resource::<Game>().history.len(), 1);
}

#[test]
fn a_broken_edit_under_hot_reload_keeps_the_last_good_variant() {
    let dir = std::env::temp_dir().join(format!("jetan-hot-reload-{}", std::process::id()));
    std::fs::create_dir_all(dir.join("variants")).unwrap();
    let file = dir.join("variants/jetan.ron");
    let good = std::fs::read_to_string(repo_assets().join("variants/jetan.ron")).unwrap();
    std::fs::write(&file, &good).unwrap();
    let mut app = started(&dir, "variants/jetan.ron");
    let path = "variants/jetan.ron";

    std::fs::write(&file, good.replacen("\"W P D F C R", "\"W P D F Q R", 1)).unwrap();
    update_until(&mut app, "the broken edit to load", |world| world.resource::<VariantCatalog>().error(path).is_some());
    let catalog = app.world().resource::<VariantCatalog>();
    let error = catalog.error(path).unwrap();
    assert!(error.contains("variants/jetan.ron:") && error.contains("no piece has the letter `Q`"), "{error}");
    assert_eq!(catalog.variant(path).map(|v| v.name().to_string()), Some("Jetan".into()));
    app.world_mut().write_message(new_game(path, [Seat::Human, Seat::Human]));
    app.update();
    assert_eq!(app.world().resource::<Game>().position.legal_moves().len(), 78);

    std::fs::write(&file, good.replacen("name: \"Jetan\"", "name: \"Jetan, edited\"", 1)).unwrap();
    update_until(&mut app, "the fixed edit to load", |world| {
        world.resource::<VariantCatalog>().variant(path).is_some_and(|v| v.name() == "Jetan, edited")
    });
    assert!(app.world().resource::<VariantCatalog>().error(path).is_none());
    app.world_mut().write_message(new_game(path, [Seat::Human, Seat::Human]));
    app.update();
    assert_eq!(app.world().resource::<Game>().position.variant().name(), "Jetan, edited");
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn the_ai_answers_on_a_background_task_and_undo_returns_to_the_person() {
    let mut app = started(&repo_assets(), "variants/jetan.ron");
    let random = Seat::Ai(Level::Random);
    app.world_mut().write_message(new_game("variants/jetan.ron", [Seat::Human, random]));
    app.update();
    click(&mut app, "b2");
    click(&mut app, "b3");
    update_until(&mut app, "the AI's reply", |world| world.resource::<Game>().history.len() == 2);
    // While the reply animates, clicks wait; afterwards it is the person's turn again.
    app.world_mut().write_message(GameAction::Undo);
    app.update();
    let game = app.world().resource::<Game>();
    assert_eq!(game.history.len(), 0, "undo goes back past the AI's move to the person's turn");
}

#[test]
fn a_new_game_cancels_the_ai_thought() {
    let mut app = started(&repo_assets(), "variants/jetan.ron");
    let strongest = Seat::Ai(Level::Search(5));
    app.world_mut().write_message(new_game("variants/jetan.ron", [strongest, Seat::Human]));
    update_until(&mut app, "the AI to think", |world| world.resource::<Thinking>().side().is_some());
    app.world_mut().write_message(new_game("variants/jetan.ron", [Seat::Human, Seat::Human]));
    let started = Instant::now();
    update_until(&mut app, "the thought to be dropped", |world| world.resource::<Thinking>().side().is_none());
    assert!(started.elapsed() < Duration::from_secs(2));
    for _ in 0..20 {
        app.update();
    }
    assert!(app.world().resource::<Game>().history.is_empty(), "the cancelled thought played no move");
}

#[test]
fn every_move_is_saved_and_the_game_is_offered_again_at_start() {
    let saves = temp_dir("resume");
    let mut app = started_saving_to(&repo_assets(), "variants/jetan.ron", &saves);
    assert!(app.world().resource::<ResumeOffer>().0.is_none());
    for square in ["b2", "b3", "i9", "i8"] {
        click(&mut app, square);
        for _ in 0..20 {
            app.update();
        }
    }
    let saved: Vec<_> = std::fs::read_dir(&saves).unwrap().flatten().collect();
    assert_eq!(saved.len(), 1, "one file for the game");
    let record = GameRecord::from_text(&std::fs::read_to_string(saved[0].path()).unwrap()).unwrap();
    assert_eq!(record.moves, ["A b2-b3", "a i9-i8"]);
    drop(app);

    // The next start offers it, and resuming replays it into the game and the board.
    let mut app = started_saving_to(&repo_assets(), "variants/jetan.ron", &saves);
    assert!(app.world().resource::<ResumeOffer>().0.is_some());
    app.world_mut().write_message(ResumeChoice::Resume);
    app.update();
    app.update();
    let game = app.world().resource::<Game>();
    assert_eq!(game.history.len(), 2);
    let b3 = square(&app, "b3");
    assert!(token_on(app.world_mut(), b3).is_some());
    std::fs::remove_dir_all(&saves).ok();
}

#[test]
fn a_save_interrupted_mid_write_leaves_the_previous_game_loadable() {
    let saves = temp_dir("interrupted");
    let path = saves.join("game.ron");
    let mut app = started(&repo_assets(), "variants/jetan.ron");
    click(&mut app, "b2");
    click(&mut app, "b3");
    let before = GameRecord::of(app.world().resource::<Game>());
    save(&path, &before).unwrap();
    // The next save dies halfway through writing.
    let mut after = before.clone();
    after.moves.push("a i9-i8".into());
    let after = after.to_text();
    let interrupted = write_atomically(&path, |file| {
        use std::io::Write;
        file.write_all(&after.as_bytes()[..after.len() / 2])?;
        Err(std::io::Error::other("killed"))
    });
    assert!(interrupted.is_err());
    let kept = GameRecord::from_text(&std::fs::read_to_string(&path).unwrap()).unwrap();
    assert_eq!(kept, before);
    std::fs::remove_dir_all(&saves).ok();
}
