//! Game analysis in the game without a window: asked for, every move played is judged on a
//! background task; a better move offered is legal where the judged move was played; the
//! judgements are dropped from a line the game has left, and the game can go back to it; in
//! analysis mode the player moves both sides and no clock runs.

mod common;

use common::{click, repo_assets, settle, started, update_until};
use jetan::analysis::{AnalyseGame, Analysis};
use jetan::game::{Game, GameAction};

#[test]
fn every_move_is_judged_and_judgements_follow_the_line() {
    let mut app = started(&repo_assets(), "variants/jetan.ron");
    for square in ["b2", "b3", "i9", "i8", "e2", "e3", "f9", "f8"] {
        click(&mut app, square);
        settle(&mut app);
    }
    assert_eq!(app.world().resource::<Game>().history.len(), 4);
    app.world_mut().write_message(AnalyseGame);
    app.update();
    assert!(app.world().resource::<Analysis>().running(), "the judging runs on a background task");
    update_until(&mut app, "the analysis", |world| !world.resource::<Analysis>().running());
    let game = app.world().resource::<Game>();
    let analysis = app.world().resource::<Analysis>();
    assert_eq!(analysis.progress(), (4, 4));
    let mut position = jetan_rules::Position::start(game.position().variant().clone());
    for (ply, played) in game.history.iter().enumerate() {
        let judgement = analysis.judgement(game, ply).expect("each ply is judged");
        if let Some(better) = &judgement.better {
            assert!(position.parse_move(better).is_ok(), "{better} is legal at ply {ply}");
        }
        position.play(played.mv);
    }

    // Taking back the last move and playing another leaves the first three judged only.
    app.world_mut().write_message(GameAction::Undo);
    app.update();
    let game = app.world().resource::<Game>();
    let other = *game.legal_moves().iter().find(|&&mv| Some(mv) != game.redo.last().copied()).unwrap();
    app.world_mut().write_message(GameAction::Play(other));
    app.update();
    let game = app.world().resource::<Game>();
    let analysis = app.world().resource::<Analysis>();
    assert!(analysis.judgement(game, 2).is_some());
    assert!(analysis.judgement(game, 3).is_none(), "a judgement is for the move it judged");

    // And back to the analysed line.
    let line = analysis.left_line(game).expect("the game left the analysed line").to_vec();
    app.world_mut().write_message(GameAction::ReturnToLine(line.clone()));
    app.update();
    let game = app.world().resource::<Game>();
    assert_eq!(game.history.iter().map(|played| played.mv).collect::<Vec<_>>(), line);
    assert!(app.world().resource::<Analysis>().left_line(game).is_none());
    assert!(app.world().resource::<Analysis>().judgement(game, 3).is_some(), "its judgements hold again");
}

#[test]
fn analysis_mode_takes_no_clocks_and_lets_the_player_move_both_sides() {
    use jetan::seat::{Seat, Seats};
    use jetan::time_control::TimeControl;
    use jetan_rules::Side;
    let mut app = started(&repo_assets(), "variants/jetan.ron");
    app.world_mut().write_message(GameAction::NewGame {
        variant: "variants/jetan.ron".into(),
        choices: Vec::new(),
        seats: Seats { south: Seat::Human, north: Seat::Ai(jetan_ai::Level::Search(1)) },
        time: TimeControl::Game { minutes: 5 },
    });
    app.update();
    app.world_mut().write_message(GameAction::AnalysisMode(true));
    app.update();
    click(&mut app, "b2");
    click(&mut app, "b3");
    settle(&mut app);
    let left = |app: &bevy::app::App| app.world().resource::<Game>().clocks.left(Side::North);
    let before = left(&app);
    for _ in 0..40 {
        app.update();
    }
    let game = app.world().resource::<Game>();
    assert!(game.analysing);
    assert_eq!(game.history.len(), 1, "the AI side waits in analysis mode");
    assert_eq!(left(&app), before, "no clock runs in analysis mode");
    // The player moves Orange's piece, and the moves played are judged.
    click(&mut app, "i9");
    click(&mut app, "i8");
    settle(&mut app);
    assert_eq!(app.world().resource::<Game>().history.len(), 2);

    // Back in play from here: Black's clock runs on Black's turn, and the AI plays Orange.
    app.world_mut().write_message(GameAction::AnalysisMode(false));
    let black = app.world().resource::<Game>().clocks.left(Side::South);
    for _ in 0..20 {
        app.update();
    }
    assert!(app.world().resource::<Game>().clocks.left(Side::South) < black, "the clocks run again");
    click(&mut app, "e2");
    click(&mut app, "e3");
    update_until(&mut app, "the AI's move", |world| world.resource::<Game>().history.len() == 4);

    // Entering analysis mode judges the moves played.
    app.world_mut().write_message(GameAction::AnalysisMode(true));
    app.update();
    assert_eq!(app.world().resource::<Analysis>().progress().1, 4);
}
