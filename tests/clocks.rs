//! Clocks in the game without a window: they run for the side to move only, wait while a move
//! is shown, end the game when a side's time runs out, give no time for moves played again,
//! and are saved and resumed with the game.
//! (Frames advance the clock 50 ms each.)

mod common;

use std::time::Duration;

use bevy::prelude::*;
use common::{click, continued_from_title, repo_assets, settle, started_saving_to, temp_dir};
use jetan::animation::Walking;
use jetan::game::{Game, GameAction};
use jetan::records::GameRecord;
use jetan::seat::Seats;
use jetan::time_control::TimeControl;
use jetan_rules::{Outcome, Reason, Side};

/// A game of classic Jetan between two people under `time`, saving to `saves`.
fn timed_game(saves: &std::path::Path, time: TimeControl) -> App {
    let mut app = started_saving_to(&repo_assets(), "variants/jetan.ron", saves);
    let seats = Seats::HUMANS;
    app.world_mut().write_message(GameAction::NewGame {
        variant: "variants/jetan.ron".into(),
        choices: Vec::new(),
        seats,
        time,
    });
    app.update();
    app
}

/// Black plays b2-b3 and the move is shown to its end.
fn first_move(app: &mut App) {
    click(app, "b2");
    click(app, "b3");
    settle(app);
}

fn left(app: &App, side: Side) -> Duration {
    app.world().resource::<Game>().clocks.left(side)
}

#[test]
fn the_clock_runs_for_the_side_to_move_and_a_flag_fall_ends_the_game() {
    let saves = temp_dir("clock-flag");
    let mut app = timed_game(&saves, TimeControl::Game { minutes: 1 });
    for _ in 0..10 {
        app.update();
    }
    assert!(left(&app, Side::South) < Duration::from_secs(60), "Black, to move, spends time");
    assert_eq!(left(&app, Side::North), Duration::from_secs(60), "Orange's clock waits");

    click(&mut app, "b2");
    click(&mut app, "b3");
    let black = left(&app, Side::South);
    let walking = |app: &mut App| app.world_mut().query::<&Walking>().iter(app.world()).count() > 0;
    assert!(walking(&mut app), "the move is shown");
    while walking(&mut app) {
        assert_eq!(left(&app, Side::North), Duration::from_secs(60), "no clock runs while the move is shown");
        app.update();
    }
    app.update();
    assert!(left(&app, Side::North) < Duration::from_secs(60), "then Orange's clock runs");
    assert_eq!(left(&app, Side::South), black);

    app.world_mut().resource_mut::<Game>().clocks.left_ms[Side::North.index()] = 120;
    for _ in 0..4 {
        app.update();
    }
    let game = app.world().resource::<Game>();
    assert_eq!(game.outcome(), Some(Outcome { winner: Some(Side::South), reason: Reason::OutOfTime(Side::North) }));
    let legal = game.legal_moves()[0];
    app.world_mut().write_message(GameAction::Play(legal));
    app.update();
    assert_eq!(app.world().resource::<Game>().history.len(), 1, "no move after the flag fell");
    std::fs::remove_dir_all(&saves).ok();
}

#[test]
fn a_saved_game_resumes_with_its_clocks() {
    let saves = temp_dir("clock-resume");
    let mut app = timed_game(&saves, TimeControl::Fischer { minutes: 3, increment: 2 });
    first_move(&mut app);
    let saved: Vec<_> = std::fs::read_dir(&saves).unwrap().flatten().collect();
    let record = GameRecord::from_text(&std::fs::read_to_string(saved[0].path()).unwrap()).unwrap();
    assert_eq!(record.clocks.control, TimeControl::Fischer { minutes: 3, increment: 2 });
    let black = record.clocks.left(Side::South);
    assert!(black > Duration::from_secs(180) && black <= Duration::from_secs(182), "the increment: {black:?}");
    drop(app);

    let app = continued_from_title(&repo_assets(), &saves);
    let game = app.world().resource::<Game>();
    assert_eq!(game.history.len(), 1);
    assert_eq!(game.clocks.control, record.clocks.control);
    assert_eq!(game.clocks.left(Side::South), black);
    assert!(game.clocks.left(Side::North) <= record.clocks.left(Side::North));
    std::fs::remove_dir_all(&saves).ok();
}

#[test]
fn stepping_back_and_forth_gives_no_time() {
    let saves = temp_dir("clock-redo");
    let mut app = timed_game(&saves, TimeControl::Fischer { minutes: 3, increment: 2 });
    first_move(&mut app);
    let black = left(&app, Side::South);
    for action in [GameAction::Undo, GameAction::Redo, GameAction::Undo, GameAction::Redo] {
        app.world_mut().write_message(action);
        app.update();
    }
    assert!(left(&app, Side::South) <= black, "no increment for a move played again");
    std::fs::remove_dir_all(&saves).ok();
}
