//! The CPU time of the game's frame update, with every plugin but the renderer and the window
//! system (logic, board, rules on the entities, the 3D scene's entities, highlights, animation,
//! the 2D diagram's, the cameras and the egui panels, laid out in a window that is never
//! shown): idle, idle with a piece selected (and, for comparison, with the selection marked
//! changed every frame, as the side panel did until it wrote the selection only on a change),
//! while Jetan Jeddara's biggest moves animate (a Zitidar hauling four cars and an airship with
//! three passengers, started in the same frame), and idle again once they are shown. Prints the
//! median and worst frame, and the time to list the legal moves of the start position, and the
//! ratio of the idle frame to that listing (under 1 is the aim). All of it with the statuettes,
//! then with Living Jetan's figures (every piece turning its joints each frame):
//! `cargo run --release --example frame_time`

use std::time::{Duration, Instant};

use bevy::prelude::*;
use jetan::Launch;
use jetan::animation::Walking;
use jetan::board::PieceToken;
use jetan::game::{Game, MovePlayed, SquareClicked};
use jetan::headless::interface_app;
use jetan::input::Selection;
use jetan::settings::{Pieces, Settings};
use jetan::token_looks::TokenLook;
use jetan_rules::{MoveKind, Position};

const FRAMES: usize = 40;

fn main() {
    for pieces in [Pieces::Statuettes, Pieces::Living] {
        println!("-- Pieces: {pieces:?}");
        measure(pieces);
    }
}

/// Measures the frames of Jetan Jeddara with its pieces drawn as `pieces`.
fn measure(pieces: Pieces) {
    let assets = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("assets");
    let moves = "M b3-b4, m o10-o9".to_string();
    let mut launch = Launch::playing("variants/jetan_jeddara.ron");
    launch.game.moves = Some(moves);
    let mut app = interface_app(&assets, launch);
    app.world_mut().resource_mut::<Settings>().pieces = pieces;
    // As `App::run` does: the plugins' last steps (the game's schedules made single-threaded).
    app.finish();
    app.cleanup();
    // Idle: the game started and every piece wearing its look, nothing left to settle.
    let started = Instant::now();
    while !settled(&mut app) {
        assert!(started.elapsed() < Duration::from_secs(30), "the game never started");
        app.update();
        std::thread::sleep(Duration::from_millis(2));
    }
    frame_times(&mut app, 10);
    let idle = frame_times(&mut app, 40);
    assert!(egui_passes(&mut app) >= 20, "the egui panels run every frame");
    let b4 = app.world().resource::<Game>().position().variant().geometry().parse("b4").expect("a square");
    app.world_mut().write_message(SquareClicked(b4));
    app.update();
    assert!(!app.world().resource::<Selection>().moves.is_empty(), "the Panthan on b4 is selected");
    let selected = frame_times(&mut app, 40);
    let touched: Vec<Duration> = (0..40)
        .map(|_| {
            app.world_mut().resource_mut::<Selection>().set_changed();
            let t = Instant::now();
            app.update();
            t.elapsed()
        })
        .collect();
    app.world_mut().write_message(SquareClicked(b4));
    app.update();

    let start = Position::start(app.world().resource::<Game>().position().variant().clone());
    let listing: Vec<Duration> = (0..20)
        .map(|_| {
            let t = Instant::now();
            std::hint::black_box(start.legal_moves());
            t.elapsed()
        })
        .collect();

    let mut played = Vec::new();
    {
        let mut game = app.world_mut().resource_mut::<Game>();
        let train = game.position().parse_move("ZC a2-e5; H a3-d5; M b4-c4; P c3-b3; M d3-a2; train").unwrap();
        played.push(game.play(train));
        if let Ok(pass) = game.position().parse_move("pass") {
            played.push(game.play(pass));
        }
        let airship = game
            .position()
            .legal_moves()
            .into_iter()
            .find(|m| {
                let carries = |s: &jetan_rules::Step| {
                    let piece = game.position().piece_at(s.from).expect("steps start on pieces");
                    game.position().variant().kind(piece.kind).carries > 0
                };
                m.kind == MoveKind::Normal && m.steps.len() == 4 && m.steps.iter().any(carries)
            })
            .expect("a North airship with three passengers");
        println!("moves: {} | {}", played[0].mv.steps.len(), game.position().move_text(airship));
        played.push(game.play(airship));
    }
    for message in played {
        app.world_mut().write_message::<MovePlayed>(message);
    }
    let mut busy = Vec::new();
    for _ in 0..FRAMES {
        let walking = app.world_mut().query::<&Walking>().iter(app.world()).count();
        let t = Instant::now();
        app.update();
        if walking > 0 {
            busy.push(t.elapsed());
        }
    }
    // The moves shown, the board is idle again: every figure posed in its idle motion.
    let started = Instant::now();
    while app.world_mut().query::<&Walking>().iter(app.world()).count() > 0 {
        assert!(started.elapsed() < Duration::from_secs(60), "the moves never ended");
        app.update();
    }
    frame_times(&mut app, 10);
    let idle_after = frame_times(&mut app, 40);
    let idle_median = report("idle frame", idle);
    report("idle frame, a piece selected", selected);
    report("frame with the selection marked changed (the side panel's old habit)", touched);
    report("frame while the train and the airship animate", busy);
    report("idle frame after the moves", idle_after);
    let listing_median = report("legal moves of the start position (3280)", listing);
    // An idle frame should cost less than listing the legal moves once.
    println!("idle frame / legal moves: {:.2}", idle_median.as_secs_f64() / listing_median.as_secs_f64());
}

/// Whether the game has started and every token wears its look.
fn settled(app: &mut App) -> bool {
    let world = app.world_mut();
    let tokens = world.query::<&PieceToken>().iter(world).count();
    world.contains_resource::<Game>() && tokens > 0 && world.query::<&TokenLook>().iter(world).count() == tokens
}

/// How many passes the egui context has run.
fn egui_passes(app: &mut App) -> u64 {
    let world = app.world_mut();
    let mut contexts = world.query::<&mut bevy_egui::EguiContext>();
    contexts.iter_mut(world).map(|mut context| context.get_mut().cumulative_pass_nr()).max().unwrap_or(0)
}

fn frame_times(app: &mut App, frames: usize) -> Vec<Duration> {
    (0..frames)
        .map(|_| {
            let t = Instant::now();
            app.update();
            t.elapsed()
        })
        .collect()
}

/// Prints the median and worst of `times`; returns the median.
fn report(what: &str, mut times: Vec<Duration>) -> Duration {
    times.sort();
    let median = times.get(times.len() / 2).copied().unwrap_or_default();
    let worst = times.last().copied().unwrap_or_default();
    println!("{what}: median {median:.2?}, worst {worst:.2?} over {} samples", times.len());
    median
}
