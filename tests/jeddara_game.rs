//! Jetan Jeddara in the game, by clicks: an airship loaded with passengers and flown, then the
//! banth step its landing beside a Wild Banth calls for, and a Zitidar's train.

mod common;

use common::{click, repo_assets, settle, square, started};
use jetan::facts::TurnActions;
use jetan::game::Game;
use jetan_rules::{MoveKind, Phase, Side};

fn label_on(app: &bevy::prelude::App, name: &str) -> Option<String> {
    let game = app.world().resource::<Game>();
    game.position().piece_at(square(app, name)).map(|p| game.position().variant().label(p))
}

#[test]
fn an_airship_flies_its_passengers_and_a_banth_steps_after() {
    let mut app = started(&repo_assets(), "variants/jetan_jeddara.ron");
    for name in ["m1", "l2", "m2", "n2", "m5"] {
        click(&mut app, name);
    }
    settle(&mut app);
    let game = app.world().resource::<Game>();
    assert_eq!(game.history.last().unwrap().text, "BC m1-m5; X l2-l6; D m2-m6; L n2-n6");
    assert_eq!(label_on(&app, "m5").as_deref(), Some("BC"));
    assert_eq!(label_on(&app, "m6").as_deref(), Some("D"));
    // The passengers landed beside the banth on m7: Red may step it.
    let game = app.world().resource::<Game>();
    assert_eq!((game.position().to_move(), game.position().phase()), (Side::South, Phase::BanthStep));
    // The rules systems offer leaving the banths be as the one turn action.
    let actions: Vec<MoveKind> = app.world().resource::<TurnActions>().0.iter().map(|m| m.kind).collect();
    assert_eq!(actions, [MoveKind::Pass]);
    click(&mut app, "m7");
    click(&mut app, "l8");
    settle(&mut app);
    let game = app.world().resource::<Game>();
    assert_eq!(game.history.last().unwrap().mv.kind, MoveKind::BanthStep);
    assert_eq!(label_on(&app, "l8").as_deref(), Some("bb"));
    assert_eq!(game.position().to_move(), Side::North);
    let actions: Vec<MoveKind> = app.world().resource::<TurnActions>().0.iter().map(|m| m.kind).collect();
    assert!(!actions.contains(&MoveKind::Pass), "{actions:?}");
}

#[test]
fn a_zitidar_hauls_the_cars_clicked_onto_its_train() {
    let mut app = started(&repo_assets(), "variants/jetan_jeddara.ron");
    for name in ["b3", "b4"] {
        click(&mut app, name);
    }
    settle(&mut app);
    for name in ["o10", "o9"] {
        click(&mut app, name);
    }
    settle(&mut app);
    // The Zitidar, then its cars: the Thoat behind it and the Panthan on b4.
    for name in ["a2", "a3", "b4"] {
        click(&mut app, name);
    }
    click(&mut app, "c4");
    let choices = app.world().resource::<jetan::input::Selection>().choices.clone();
    let game = app.world().resource::<Game>();
    let mv = match choices.as_slice() {
        [] => game.history.last().unwrap().mv,
        several => several[0],
    };
    assert_eq!(mv.kind, MoveKind::Train);
    if !choices.is_empty() {
        app.world_mut().write_message(jetan::game::GameAction::Play(mv));
        app.update();
    }
    settle(&mut app);
    let game = app.world().resource::<Game>();
    let engine = square(&app, "c4");
    assert_eq!(game.position().train_of(engine).map(|t| t.cars.len()), Some(2));
}
