//! The game heard, without speakers: in the headless game a capture starts the fight's sound
//! where it happens (a capture on the left heard on the left), a flight its propellers (louder
//! aloft, stopped when the ship lands), mute silences everything, and a broken sounds file
//! keeps the last good one. The mixer is rendered here as the sound device would.

mod common;

use std::sync::Arc;

use bevy::input::ButtonState;
use bevy::input::keyboard::{Key, KeyboardInput};
use bevy::prelude::*;
use common::*;
use jetan::Launch;
use jetan::animation::Walking;
use jetan::board::{BoardLayout, PieceToken};
use jetan::game::{Game, GameAction};
use jetan::heard::Heard;
use jetan::heard::SoundEvent;
use jetan::sound::{Audio, SOUNDS_FILE, SoundCatalog};
use jetan_audio::Clip;
use jetan_rules::{Move, MoveKind, Square};

/// The headless game (with its interface and sound) on `assets`, playing `variant`, its sounds
/// loaded.
fn heard_game(assets: &std::path::Path, variant: &str) -> App {
    let launch = Launch::playing(variant);
    let mut app = jetan::headless::interface_app(assets, launch);
    update_until(&mut app, "the game and its sounds", |world| {
        world.contains_resource::<Game>()
            && world.query::<&PieceToken>().iter(world).count() > 0
            && world.resource::<SoundCatalog>().good(SOUNDS_FILE).is_some()
    });
    app
}

/// Runs a frame and returns what was heard in it.
fn frame(app: &mut App, cursor: &mut bevy::ecs::message::MessageCursor<Heard>) -> Vec<Heard> {
    app.update();
    cursor.read(app.world().resource::<Messages<Heard>>()).cloned().collect()
}

/// The voices playing: each one's clip and gains.
fn voices(app: &App) -> Vec<(Arc<Clip>, [f32; 2])> {
    let mixer = app.world().resource::<Audio>().mixer.lock().unwrap();
    mixer.playing().map(|(clip, gains)| (clip.clone(), gains)).collect()
}

/// The takes of a sound of the game's sounds file.
fn takes(app: &App, sound: &str) -> Vec<Arc<Clip>> {
    app.world().resource::<SoundCatalog>().good(SOUNDS_FILE).unwrap().sounds[sound].takes.clone()
}

/// A move of the side to move that takes a piece, if there is one.
fn capture(game: &Game) -> Option<Move> {
    let position = game.position();
    let takes =
        |mv: &Move| mv.steps.iter().any(|s| position.piece_at(s.to).is_some_and(|p| p.side != position.to_move()));
    position.legal_moves().into_iter().find(|mv| mv.kind == MoveKind::Normal && takes(mv))
}

/// The move that brings a piece nearest an enemy piece (the armies close in).
fn closing_in(game: &Game) -> Move {
    let position = game.position();
    let geometry = position.variant().geometry();
    let enemies: Vec<Square> =
        position.pieces().filter(|(_, p)| p.side != position.to_move()).map(|(s, _)| s).collect();
    let distance = |square: Square| {
        let (file, rank) = (geometry.file(square), geometry.rank(square));
        let apart = |e: &Square| (geometry.file(*e) - file).abs().max((geometry.rank(*e) - rank).abs());
        enemies.iter().map(apart).min().unwrap_or(99)
    };
    let moves = position.legal_moves();
    moves.into_iter().filter(|mv| mv.kind == MoveKind::Normal).min_by_key(|mv| distance(mv.steps[0].to)).unwrap()
}

fn play(app: &mut App, mv: Move) {
    app.world_mut().write_message(GameAction::Play(mv));
}

#[test]
fn a_capture_is_heard_where_it_happens() {
    let mut app = heard_game(&repo_assets(), "variants/jetan.ron");
    let mut cursor = app.world().resource::<Messages<Heard>>().get_cursor();
    let mut found = None;
    for _ in 0..80 {
        let game = app.world().resource::<Game>();
        if let Some(mv) = capture(game) {
            found = Some(mv);
            break;
        }
        let mv = closing_in(game);
        play(&mut app, mv);
        app.update();
        settle(&mut app);
    }
    let capture = found.unwrap_or_else(|| {
        let game = app.world().resource::<Game>();
        panic!("the armies meet within 80 plies: {} after {:?}", game.position().to_text(), game.turns())
    });
    let square = capture.steps[0].to;
    let at = {
        let layout = app.world().resource::<BoardLayout>();
        layout.world(square)
    };
    play(&mut app, capture);
    let mut heard = Vec::new();
    let mut clashing = Vec::new();
    for _ in 0..200 {
        heard.extend(frame(&mut app, &mut cursor));
        let clash = takes(&app, "clash");
        clashing = voices(&app).into_iter().filter(|(clip, _)| clash.iter().any(|c| Arc::ptr_eq(c, clip))).collect();
        if !clashing.is_empty() {
            break;
        }
    }
    let fight = heard.iter().find(|h| h.event == SoundEvent::Capture).expect("the capture is heard");
    let place = fight.at.expect("at its square");
    assert!(place.xz().distance(at.xz()) < 0.01, "at {place}, the square is at {at}");
    assert_eq!(heard.first().map(|h| h.event), Some(SoundEvent::Depart), "the taker sets off first: {heard:?}");
    let [(_, [left, right])] = clashing[..] else { panic!("one clash playing: {clashing:?}") };
    // The camera looks at the board from the south: files left of the middle are on the left.
    let camera = {
        let world = app.world_mut();
        let mut cameras = world.query_filtered::<&GlobalTransform, With<jetan::camera::BoardCamera>>();
        *cameras.single(world).unwrap()
    };
    let right_of_camera = (place - camera.translation()).dot(*camera.right());
    assert!(right_of_camera.abs() > 0.3, "the test wants a capture off the middle: {right_of_camera}");
    assert_eq!(
        left > right,
        right_of_camera < 0.0,
        "heard on its side: {left} {right}, {right_of_camera} to the right"
    );
}

#[test]
fn an_airship_is_heard_flying_and_mute_silences_everything() {
    let mut app = heard_game(&repo_assets(), "variants/jetan_jeddara.ron");
    let mut cursor = app.world().resource::<Messages<Heard>>().get_cursor();
    let game = app.world().resource::<Game>();
    let carries = |s| game.position().piece_at(s).is_some_and(|p| game.position().variant().kind(p.kind).carries > 0);
    let flight = game
        .position()
        .legal_moves()
        .into_iter()
        .find(|m| m.kind == MoveKind::Normal && m.steps.len() == 1 && carries(m.steps[0].from))
        .expect("an airship's flight");
    let ship_from = flight.steps[0].from;
    play(&mut app, flight);
    let heard = frame(&mut app, &mut cursor);
    let flying = heard.iter().find(|h| h.event == SoundEvent::Flight).expect("the flight is heard");
    let ship = flying.follow.expect("the propellers follow the ship");
    assert_eq!(app.world().get::<PieceToken>(ship).unwrap().square, ship_from);
    let propellers = takes(&app, "propellers");
    let loudness = |app: &App| {
        let found = voices(app).into_iter().find(|(clip, _)| Arc::ptr_eq(clip, &propellers[0]));
        found.map(|(_, [left, right])| left + right)
    };
    app.update();
    let at_lift_off = loudness(&app).expect("the propellers turn");
    let duration = app.world().get::<Walking>(ship).unwrap().duration;
    while app.world().get::<Walking>(ship).is_some_and(|w| w.elapsed < duration / 2.0) {
        app.update();
    }
    let aloft = loudness(&app).unwrap();
    assert!(aloft > at_lift_off * 2.0, "louder aloft: {at_lift_off} then {aloft}");

    // Mute (the M key): the mixer renders silence, though the voices play on.
    for state in [ButtonState::Pressed, ButtonState::Released] {
        let (key_code, logical_key, window) = (KeyCode::KeyM, Key::Character("m".into()), Entity::PLACEHOLDER);
        let key = KeyboardInput { key_code, logical_key, state, text: None, repeat: false, window };
        app.world_mut().write_message(key);
        app.update();
    }
    assert!(app.world().resource::<jetan::settings::Settings>().sound.muted);
    let mixer = app.world().resource::<Audio>().mixer.clone();
    let mut block = vec![1.0; 2048];
    mixer.lock().unwrap().render(&mut block);
    assert!(block.iter().all(|&s| s == 0.0), "silent");
    assert!(mixer.lock().unwrap().voices() > 2, "the ambience and the propellers play on, unheard");

    settle(&mut app);
    app.update();
    assert!(loudness(&app).is_none(), "the propellers stop when the ship has landed");
}

#[test]
fn a_broken_sounds_file_keeps_the_last_good_one() {
    let assets = temp_dir("sound-assets");
    for folder in ["variants", "looks", "sounds"] {
        std::fs::create_dir_all(assets.join(folder)).unwrap();
        for entry in std::fs::read_dir(repo_assets().join(folder)).unwrap().flatten() {
            std::fs::copy(entry.path(), assets.join(folder).join(entry.file_name())).unwrap();
        }
    }
    let mut app = heard_game(&assets, "variants/jetan.ron");
    let good = app.world().resource::<SoundCatalog>().good(SOUNDS_FILE).unwrap();
    let file = assets.join(jetan::sound::SOUNDS_FILE);
    let text = std::fs::read_to_string(&file).unwrap();
    std::fs::write(&file, text.replace("sounds/roar.wav", "sounds/no_roar.wav")).unwrap();
    update_until(&mut app, "the broken edit's error", |world| {
        world.resource::<SoundCatalog>().error(SOUNDS_FILE).is_some()
    });
    let catalog = app.world().resource::<SoundCatalog>();
    let error = catalog.error(SOUNDS_FILE).unwrap();
    assert!(error.starts_with("assets/sounds/barsoom.sounds.ron:") && error.contains("sounds/no_roar.wav"), "{error}");
    assert!(Arc::ptr_eq(&catalog.good(SOUNDS_FILE).unwrap(), &good), "the last good sounds play on");
}

/// What `jetan sound` writes for each event the shipped sounds file gives a sound (and the
/// ambience): heard (not silent), not clipped, and of a length that suits it.
#[test]
fn every_events_sound_is_heard_unclipped_and_of_a_sensible_length() {
    let dir = temp_dir("event-sounds");
    let lengths = [
        ("step", 0.05, 0.4),
        ("plod", 0.2, 1.0),
        ("train", 0.2, 1.5),
        ("flight", 1.0, 4.0),
        ("pounce", 0.5, 2.5),
        ("capture", 0.4, 2.0),
        ("promotion", 0.5, 3.0),
        ("charge", 1.0, 4.0),
        ("win", 1.5, 6.0),
        ("tick", 0.01, 0.2),
        ("click", 0.005, 0.1),
        ("wind", 4.0, 12.0),
        ("crowd", 4.0, 12.0),
    ];
    for (event, shortest, longest) in lengths {
        for seed in 0..3 {
            let file = dir.join(format!("{event}_{seed}.wav"));
            let output = std::process::Command::new(env!("CARGO_BIN_EXE_jetan"))
                .args(["sound", event, "--seed", &seed.to_string(), "-o"])
                .arg(&file)
                .output()
                .unwrap();
            assert!(output.status.success(), "{event}: {}", String::from_utf8_lossy(&output.stderr));
            let clip = Clip::from_wav(&std::fs::read(&file).unwrap()).unwrap();
            assert!(clip.rms() > 0.005, "{event} is silent: rms {}", clip.rms());
            assert!(clip.peak() < 0.99, "{event} clips: peak {}", clip.peak());
            assert!((shortest..=longest).contains(&clip.seconds()), "{event}: {} s", clip.seconds());
        }
    }
    // Every event of the file has its sound; `depart` only a kind's own.
    for event in SoundEvent::ALL {
        let said = std::process::Command::new(env!("CARGO_BIN_EXE_jetan"))
            .args(["sound", event.name(), "-o"])
            .arg(dir.join("any.wav"))
            .output()
            .unwrap();
        assert_eq!(said.status.success(), event != SoundEvent::Depart, "{}", event.name());
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

/// A sounds file that can't be read at all (missing here) is named in an error at its place,
/// not only in Bevy's log, and the game plays on silent.
#[test]
fn a_missing_sounds_file_is_named_at_its_place() {
    let assets = temp_dir("no-sounds-assets");
    for folder in ["variants", "looks"] {
        std::fs::create_dir_all(assets.join(folder)).unwrap();
        for entry in std::fs::read_dir(repo_assets().join(folder)).unwrap().flatten() {
            std::fs::copy(entry.path(), assets.join(folder).join(entry.file_name())).unwrap();
        }
    }
    let mut app = jetan::headless::interface_app(&assets, Launch::playing("variants/jetan.ron"));
    update_until(&mut app, "the sounds file's error", |world| {
        world.contains_resource::<Game>() && world.resource::<SoundCatalog>().error(SOUNDS_FILE).is_some()
    });
    let error = app.world().resource::<SoundCatalog>().error(SOUNDS_FILE).unwrap().to_string();
    assert!(error.starts_with("assets/sounds/barsoom.sounds.ron:1:1: the sounds file can't be read"), "{error}");
    assert!(app.world().resource::<SoundCatalog>().good(SOUNDS_FILE).is_none(), "silent");
}
