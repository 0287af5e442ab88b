//! Rule options chosen apart by each side, in the game: New game starts a game where each
//! side moves by its own reading, the piece browser draws both readings, the record keeps them
//! and replays under them, and `jetan export` lists each side's options.

mod common;

use std::process::Command;

use bevy::prelude::*;
use common::{repo_assets, started, temp_dir};
use jetan::facts::KindCard;
use jetan::game::{Game, GameAction};
use jetan::records::{GameRecord, save};
use jetan::seat::Seats;
use jetan::time_control::TimeControl;
use jetan_rules::{Side, Variant};

/// A two-player game of classic Jetan where Black's Warrior steps one or two squares and
/// Orange's exactly two.
fn game_with_black_warriors_free() -> App {
    let mut app = started(&repo_assets(), "variants/jetan.ron");
    app.world_mut().write_message(GameAction::NewGame {
        variant: "variants/jetan.ron".into(),
        choices: vec![("black:warrior".into(), "up_to".into())],
        seats: Seats::HUMANS,
        time: TimeControl::Untimed,
    });
    app.update();
    app.update();
    app
}

#[test]
fn new_game_plays_each_sides_reading_and_the_browser_draws_both() {
    let mut app = game_with_black_warriors_free();
    let variant = app.world().resource::<Game>().position().variant().clone();
    assert!(variant.sides_differ());
    assert_eq!(variant.chosen().iter().filter(|(option, _)| option.ends_with(":warrior")).count(), 2);
    let world = app.world_mut();
    let cards: Vec<KindCard> = world.query::<&KindCard>().iter(world).cloned().collect();
    let warrior = cards.iter().find(|card| card.facts.id == "warrior").unwrap();
    let [south, north] = &warrior.diagrams[..] else { panic!("two diagrams for the Warrior") };
    assert_eq!((south.side, north.side), (Some(Side::South), Some(Side::North)));
    // One step more for Black's free Warrior: the four squares next to it.
    assert_eq!(south.moves.len(), north.moves.len() + 4);
    assert!(warrior.read_apart);
    let chief = cards.iter().find(|card| card.facts.id == "chief").unwrap();
    assert!(!chief.read_apart && chief.diagrams.len() == 1, "the Chief moves alike for both");
}

#[test]
fn a_record_keeps_each_sides_options_and_exports_them() {
    let mut app = game_with_black_warriors_free();
    let record = {
        let mut game = app.world_mut().resource_mut::<Game>();
        // Black's Warrior steps one square, which only Black's reading allows.
        for text in ["T a2-b4", "t j9-i7", "W a1-a2"] {
            for mv in game.position().parse_turn(text).unwrap_or_else(|e| panic!("{text}: {e}")) {
                game.play(mv);
            }
        }
        GameRecord::of(&game)
    };
    assert!(record.options.contains(&("south:warrior".into(), "up_to".into())), "{:?}", record.options);
    assert!(record.options.contains(&("north:warrior".into(), "exact".into())), "{:?}", record.options);
    let base = Variant::load_file(&repo_assets().join("variants/jetan.ron")).unwrap();
    assert!(record.same_rules(&base));
    let replayed = record.replay(&base).unwrap();
    assert_eq!(replayed.position().variant().chosen(), app.world().resource::<Game>().position().variant().chosen());
    // The same moves don't replay under the rules as written.
    let mut written = record.clone();
    written.options.clear();
    let Err(error) = written.replay(&base) else { panic!("a one-step Warrior under the rules as written") };
    assert!(error.to_string().contains("move 3"), "{error}");

    let dir = temp_dir("per-side-export");
    let file = dir.join("game.ron");
    save(&file, &record).unwrap();
    let output = Command::new(env!("CARGO_BIN_EXE_jetan")).arg("export").arg(&file).output().unwrap();
    let list = String::from_utf8(output.stdout).unwrap();
    assert!(output.status.success(), "{}", String::from_utf8_lossy(&output.stderr));
    assert!(list.contains("// Black (south) rule options: warrior=up_to\n"), "{list}");
    assert!(list.contains("// Orange (north) rule options: as written\n"), "{list}");
    assert!(list.contains("2. W a1-a2"), "{list}");
    std::fs::remove_dir_all(dir).unwrap();
}
