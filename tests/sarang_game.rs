//! Jetan Sarang in the game, by clicks: squads, escorts and promotions composed with the mouse,
//! and a game won each of the three ways. Each game starts from a small setup written as a
//! variant file (the Sarang file with its setup replaced), as a modder would.

mod common;

use std::path::PathBuf;

use bevy::prelude::*;
use common::{click, settle, square, started};
use jetan::game::{Game, GameAction};
use jetan::input::Selection;
use jetan_rules::{Reason, Side};

/// An asset folder holding `variants/test.ron`: Sarang with these pieces (`"e4": "W"`, upper
/// case South), South to move, and no rules guide.
fn sarang_with(pieces: &[(&str, &str)]) -> PathBuf {
    let sarang = std::fs::read_to_string(common::repo_assets().join("variants/jetan_sarang.ron")).unwrap();
    let start = sarang.find("    setup: (").unwrap();
    let end = start + sarang[start..].find("    ),\n").unwrap() + "    ),\n".len();
    let place: Vec<String> = pieces.iter().map(|(s, l)| format!("\"{s}\": \"{l}\"")).collect();
    let setup = format!("    setup: (north: Rows([]), place: {{{}}}),\n", place.join(", "));
    let dir = common::temp_dir(&format!("sarang-{}", pieces.len() * 100 + pieces[0].0.len()));
    std::fs::create_dir_all(dir.join("variants")).unwrap();
    let text = format!("{}{setup}{}", &sarang[..start], &sarang[end..]);
    // The rules guide's examples stand on the full setup: a small setup has no room for them.
    let guide = text.find("    guide: [").unwrap();
    let guide_end = guide + text[guide..].find("\n    ],\n").unwrap() + "\n    ],\n".len();
    std::fs::write(dir.join("variants/test.ron"), format!("{}{}", &text[..guide], &text[guide_end..])).unwrap();
    dir
}

fn game(app: &App) -> &Game {
    app.world().resource::<Game>()
}

fn piece_label(app: &App, name: &str) -> Option<String> {
    let game = game(app);
    game.position().piece_at(square(app, name)).map(|p| game.position().variant().label(p))
}

/// Clicks the squares in order, then lets the move play out.
fn clicks(app: &mut App, names: &[&str]) {
    for name in names {
        click(app, name);
    }
    settle(app);
}

fn ended(app: &App) -> (Option<Side>, Reason) {
    let outcome = game(app).outcome().expect("the game is over");
    (outcome.winner, outcome.reason)
}

#[test]
fn a_squad_by_clicks_then_every_royal_woman_taken() {
    let assets =
        sarang_with(&[("e2", "D"), ("e3", "M"), ("a1", "B"), ("b1", "Z"), ("f7", "c"), ("l12", "m"), ("k12", "z")]);
    let mut app = started(&assets, "variants/test.ron");
    // Select the Dwar: the Panthan above him may join (he blocks the Dwar's way north alone).
    click(&mut app, "e2");
    assert!(app.world().resource::<Selection>().joinable().contains(&square(&app, "e3")));
    click(&mut app, "e3");
    assert_eq!(app.world().resource::<Selection>().members, vec![square(&app, "e3")]);
    clicks(&mut app, &["e5"]);
    assert_eq!(piece_label(&app, "e5").as_deref(), Some("D"));
    assert_eq!(piece_label(&app, "e6").as_deref(), Some("M"));
    assert_eq!(game(&app).history.last().unwrap().text, "D e2-e5; M e3-e6");
    clicks(&mut app, &["l12", "l11"]);
    // The Dwar takes Tara, Blue's last royal woman.
    clicks(&mut app, &["e5", "f7"]);
    assert_eq!(ended(&app), (Some(Side::South), Reason::Ending(0)));
}

#[test]
fn an_escort_by_clicks_then_a_royal_woman_crosses() {
    let assets =
        sarang_with(&[("c4", "H"), ("c5", "C"), ("e10", "T"), ("a1", "B"), ("b1", "Z"), ("l12", "b"), ("k12", "z")]);
    let mut app = started(&assets, "variants/test.ron");
    click(&mut app, "c4");
    click(&mut app, "c5");
    clicks(&mut app, &["d6"]);
    assert_eq!(piece_label(&app, "d6").as_deref(), Some("H"));
    assert_eq!(piece_label(&app, "d7").as_deref(), Some("C"), "Tara kept her place beside the Thoat");
    clicks(&mut app, &["k12", "j12"]);
    clicks(&mut app, &["e10", "e12"]);
    assert_eq!(ended(&app), (Some(Side::South), Reason::Ending(1)));
}

#[test]
fn a_promotion_chosen_from_the_list_then_every_man_taken() {
    let assets = sarang_with(&[("c11", "X"), ("e4", "W"), ("f5", "W"), ("a1", "B"), ("e6", "m"), ("l12", "b")]);
    let mut app = started(&assets, "variants/test.ron");
    // Blue's Panthan takes a Than: now Red has a captured Than to bring back.
    clicks(&mut app, &["a1", "a3"]);
    clicks(&mut app, &["e6", "f5"]);
    click(&mut app, "c11");
    click(&mut app, "c12");
    let choices = app.world().resource::<Selection>().choices.clone();
    assert!(choices.len() > 1, "promote or not, and which piece: {choices:?}");
    let than = game(&app).position().variant().kind_by_id("than").unwrap();
    let pick = *choices.iter().find(|m| m.promotions.iter().any(|p| p.kind == than)).expect("a Than to bring back");
    // What the list's button does.
    app.world_mut().write_message(GameAction::Play(pick));
    app.update();
    settle(&mut app);
    assert_eq!(piece_label(&app, "c12").as_deref(), Some("W"), "the Than is back");
    assert_eq!(piece_label(&app, "c11").as_deref(), Some("X"), "the Tha went home (where she was set up)");
    clicks(&mut app, &["l12", "l10"]);
    clicks(&mut app, &["e4", "f5"]);
    assert_eq!(ended(&app), (Some(Side::South), Reason::Ending(2)));
}
