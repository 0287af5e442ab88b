//! The game without a window or GPU: clicks become moves, moves animate into the pieces'
//! squares, illegal clicks change nothing, a broken variant file under hot reload keeps the
//! last good version, and saved games and move lists open, or fail without harm.

mod common;

use std::path::{Path, PathBuf};

use bevy::prelude::*;
use common::{
    click, continued_from_title, repo_assets, square, started, started_saving_to, temp_dir, token_on, update_until,
};
use jetan::ai_player::Thinking;
use jetan::animation::Walking;
use jetan::board::PieceToken;
use jetan::game::{Game, GameAction, Notice};
use jetan::input::Selection;
use jetan::records::{GameRecord, RecordAction, RecordFeedback, ResumeOffer, save};
use jetan::seat::{Seat, Seats};
use jetan::time_control::TimeControl;
use jetan::variant_asset::VariantCatalog;
use jetan_ai::Level;

fn new_game(variant: &str, seats: Seats) -> GameAction {
    GameAction::NewGame { variant: variant.into(), choices: Vec::new(), seats, time: TimeControl::Untimed }
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
    assert!(game.position().piece_at(b3).is_some() && game.position().piece_at(b2).is_none());
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
fn idle_frames_after_a_selection_leave_the_board_as_it_is() {
    let mut app = started(&repo_assets(), "variants/jetan.ron");
    app.init_asset::<Mesh>().init_asset::<StandardMaterial>();
    app.add_systems(Update, jetan::scene::highlights::refresh_highlights.in_set(jetan::AppSystems::View));
    click(&mut app, "d2");
    app.update();
    // The same entities, in any order: a token's components may change (its look arrives and
    // gives a Flier `Flies`), which changes the order queries visit them in.
    let entities = |app: &mut App| {
        let world = app.world_mut();
        let mut highlights: Vec<Entity> =
            world.query_filtered::<Entity, With<jetan::scene::highlights::Highlight>>().iter(world).collect();
        let mut tokens: Vec<Entity> = world.query_filtered::<Entity, With<PieceToken>>().iter(world).collect();
        highlights.sort();
        tokens.sort();
        (highlights, tokens)
    };
    let before = entities(&mut app);
    assert!(before.0.len() > 1, "the selected piece and its destinations are marked");
    for _ in 0..30 {
        app.update();
    }
    assert_eq!(entities(&mut app), before, "no mark or token was replaced");
}

#[test]
fn the_rules_reach_the_entities_and_follow_each_move() {
    use jetan::facts::{CellState, LegalMoves, PieceData};
    let mut app = started(&repo_assets(), "variants/jetan.ron");
    app.update();
    let moves_on = |app: &mut App, name: &str| {
        let at = square(app, name);
        let token = token_on(app.world_mut(), at).expect("a token");
        app.world().get::<LegalMoves>(token).expect("legal moves on every token").0.len()
    };
    let b2 = square(&app, "b2");
    let b2 = token_on(app.world_mut(), b2).unwrap();
    let data = app.world().get::<PieceData>(b2).expect("piece data on every token").clone();
    assert_eq!(
        (data.kind.name.as_str(), data.kind.letter.as_str(), data.owner),
        ("Panthan", "A", Some(jetan_rules::Side::South))
    );
    assert_eq!(moves_on(&mut app, "b2"), 3);
    assert_eq!(moves_on(&mut app, "b9"), 0, "the side not to move has none");
    let game = app.world().resource::<Game>();
    let all: usize = game.legal_moves().len();
    let world = app.world_mut();
    let spread: usize = world.query::<&LegalMoves>().iter(world).map(|m| m.0.len()).sum();
    assert_eq!(spread, all, "every legal move of a lone piece is on its token");
    let cells: Vec<CellState> = world.query::<&CellState>().iter(world).copied().collect();
    assert_eq!(cells.len(), 100);
    assert!(cells.iter().any(|c| c.threatened_by == [true, false]) && !cells.iter().any(|c| c.danger));
    // The Princess may escape to the empty squares within ten that no enemy threatens.
    let escapes = cells.iter().filter(|c| c.escape).count();
    let escape_moves = game_escapes(world);
    assert!(escapes > 0 && escapes == escape_moves, "{escapes} escape squares, {escape_moves} escapes");

    click(&mut app, "b2");
    click(&mut app, "b3");
    for _ in 0..40 {
        app.update();
    }
    assert_eq!(moves_on(&mut app, "b9"), 3, "North's pieces move now");
    assert_eq!(moves_on(&mut app, "c2"), 0);
}

fn game_escapes(world: &World) -> usize {
    world.resource::<Game>().legal_moves().iter().filter(|m| m.kind == jetan_rules::MoveKind::Escape).count()
}

#[test]
fn each_piece_kind_is_an_entity_of_the_variant_played() {
    use jetan::facts::KindCard;
    let cards = |app: &mut App| {
        let world = app.world_mut();
        let mut cards: Vec<KindCard> = world.query::<&KindCard>().iter(world).cloned().collect();
        cards.sort_by_key(|card| card.kind);
        cards
    };
    let mut app = started(&repo_assets(), "variants/jetan.ron");
    app.update();
    let classic = cards(&mut app);
    let names: Vec<&str> = classic.iter().map(|card| card.facts.name.as_str()).collect();
    assert_eq!(names, ["Chief", "Princess", "Flier", "Dwar", "Padwar", "Warrior", "Thoat", "Panthan"]);
    // The Princess's diagram: her moves, and her escape beyond them (ten squares, not onto them).
    let princess = &classic[1].diagrams[0];
    assert!(!princess.moves.is_empty() && !princess.escapes.is_empty());
    assert!(!princess.moves.intersects(&princess.escapes) && !princess.moves.contains(princess.middle));

    let path = "variants/jetan_sarang.ron";
    update_until(&mut app, "Sarang in the catalog", |world| world.resource::<VariantCatalog>().good(path).is_some());
    app.world_mut().write_message(new_game(path, Seats::HUMANS));
    app.update();
    let sarang = cards(&mut app);
    assert_eq!(sarang.len(), 26, "the classic kinds are gone, Sarang's are there");
    assert_eq!(sarang[0].facts.id, "jeddak");
    assert!(sarang[0].facts.abilities.contains(&"Leader"));
}

#[test]
fn an_illegal_target_changes_nothing_and_says_why() {
    let mut app = started(&repo_assets(), "variants/jetan.ron");
    let before = app.world().resource::<Game>().position().to_text();
    click(&mut app, "b2");
    click(&mut app, "b5");
    assert_eq!(app.world().resource::<Game>().position().to_text(), before);
    let notice = app.world().resource::<Notice>().0.clone().unwrap_or_default();
    assert!(notice.contains("can't reach"), "{notice}");
    // Clicking the enemy's piece on one's own turn says whose turn it is.
    click(&mut app, "e9");
    let notice = app.world().resource::<Notice>().0.clone().unwrap_or_default();
    assert!(notice.contains("Black's turn"), "{notice}");
    // Nor may the Princess escape to a threatened square (rank 8, where the Panthans reach).
    click(&mut app, "f1");
    click(&mut app, "f8");
    assert_eq!(app.world().resource::<Game>().position().to_text(), before);
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
    assert_eq!(catalog.good(path).map(|v| v.name().to_string()), Some("Jetan".into()));
    app.world_mut().write_message(new_game(path, Seats::HUMANS));
    app.update();
    assert_eq!(app.world().resource::<Game>().position().legal_moves().len(), 78);

    std::fs::write(&file, good.replacen("name: \"Jetan\"", "name: \"Jetan, edited\"", 1)).unwrap();
    update_until(&mut app, "the fixed edit to load", |world| {
        world.resource::<VariantCatalog>().good(path).is_some_and(|v| v.name() == "Jetan, edited")
    });
    assert!(app.world().resource::<VariantCatalog>().error(path).is_none());
    app.world_mut().write_message(new_game(path, Seats::HUMANS));
    app.update();
    assert_eq!(app.world().resource::<Game>().position().variant().name(), "Jetan, edited");

    // A file added to the folder joins the catalog (Bevy's watcher reloads the folder).
    std::fs::write(dir.join("variants/mine.ron"), good.replacen("name: \"Jetan\"", "name: \"Mine\"", 1)).unwrap();
    update_until(&mut app, "the new file to join the catalog", |world| {
        world.resource::<VariantCatalog>().good("variants/mine.ron").is_some_and(|v| v.name() == "Mine")
    });
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn the_ai_answers_on_a_background_task_and_undo_returns_to_the_person() {
    let mut app = started(&repo_assets(), "variants/jetan.ron");
    let random = Seat::Ai(Level::Random);
    app.world_mut().write_message(new_game("variants/jetan.ron", Seats { south: Seat::Human, north: random }));
    app.update();
    let b2 = square(&app, "b2");
    let panthan = token_on(app.world_mut(), b2).expect("a Panthan on b2");
    click(&mut app, "b2");
    click(&mut app, "b3");
    // The reply, found at once, is played only once the person's move has been shown.
    update_until(&mut app, "the AI's reply", |world| {
        let replied = world.resource::<Game>().history.len() == 2;
        assert!(!replied || world.get::<Walking>(panthan).is_none(), "the reply came while b2-b3 was shown");
        replied
    });
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
    app.world_mut().write_message(new_game("variants/jetan.ron", Seats { south: strongest, north: Seat::Human }));
    update_until(&mut app, "the AI to think", |world| world.resource::<Thinking>().side().is_some());
    app.world_mut().write_message(new_game("variants/jetan.ron", Seats::HUMANS));
    // Dropped in the frame the new game starts, whatever the search was doing.
    app.update();
    assert_eq!(app.world().resource::<Thinking>().side(), None, "the thought was dropped");
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

    // The next start's title offers it, and continuing replays it into the game and the board.
    let mut app = continued_from_title(&repo_assets(), &saves);
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
    let interrupted = jetan::atomic_file::write_with(&path, |file| {
        use std::io::Write;
        file.write_all(&after.as_bytes()[..after.len() / 2])?;
        Err(std::io::Error::other("killed"))
    });
    assert!(interrupted.is_err());
    let kept = GameRecord::from_text(&std::fs::read_to_string(&path).unwrap()).unwrap();
    assert_eq!(kept, before);
    std::fs::remove_dir_all(&saves).ok();
}

/// The files in a folder, sorted.
fn files_in(dir: &Path) -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir).unwrap().flatten().map(|e| e.path()).collect();
    files.sort();
    files
}

fn play_moves(app: &mut App, squares: &[&str]) {
    for square in squares {
        click(app, square);
        for _ in 0..20 {
            app.update();
        }
    }
}

fn record_action(app: &mut App, action: RecordAction) -> Option<Result<String, String>> {
    let moves = matches!(action, RecordAction::LoadMoves(_));
    app.world_mut().write_message(action);
    app.update();
    app.update();
    let feedback = app.world().resource::<RecordFeedback>();
    if moves { feedback.moves.clone() } else { feedback.file.clone() }
}

#[test]
fn opening_a_bad_file_says_what_and_where_keeps_the_game_and_leaves_the_file() {
    let saves = temp_dir("open-bad");
    let elsewhere = temp_dir("open-bad-files");
    let mut app = started_saving_to(&repo_assets(), "variants/jetan.ron", &saves);
    play_moves(&mut app, &["b2", "b3"]);
    let before = app.world().resource::<Game>().position().to_text();
    let own_save = files_in(&saves);
    assert_eq!(own_save.len(), 1);
    let own_text = std::fs::read(&own_save[0]).unwrap();

    let mut record = GameRecord::of(app.world().resource::<Game>());
    record.moves = vec!["A b2-b3".into(), "a i9-i8".into(), "A c2-c3".into()];
    let good = record.to_text();
    let mut bad_move = record.clone();
    bad_move.moves[1] = "a i9-i5".into();
    let variant_file = std::fs::read_to_string(repo_assets().join("variants/jetan.ron")).unwrap();
    let cases: [(&str, Vec<u8>, &str); 5] = [
        ("truncated.ron", good.as_bytes()[..good.len() / 2].to_vec(), "the file ends in the middle of a record"),
        ("corrupted.ron", good.replacen("moves: [", "moves: [[", 1).into_bytes(), "corrupted.ron:"),
        ("foreign.ron", variant_file.into_bytes(), "foreign.ron:"),
        ("binary.ron", vec![0x28, 0xff, 0xfe, 0x00], "binary.ron:1:2: not text"),
        ("bad-move.ron", bad_move.to_text().into_bytes(), "bad-move.ron: move 2 (`a i9-i5`): "),
    ];
    for (name, bytes, expected) in cases {
        let file = elsewhere.join(name);
        std::fs::write(&file, &bytes).unwrap();
        let modified = std::fs::metadata(&file).unwrap().modified().unwrap();
        let feedback = record_action(&mut app, RecordAction::Open(file.clone()));
        let Some(Err(error)) = feedback else { panic!("{name}: {feedback:?}") };
        assert!(error.contains(expected), "{name}: {error}");
        if name != "bad-move.ron" && name != "binary.ron" {
            // Malformed text is placed by line and column.
            let place = error.split(':').nth(1).unwrap_or_default();
            assert!(place.parse::<usize>().is_ok(), "{name}: no line in {error}");
        }
        // The game goes on as it was, and nothing was written anywhere.
        for _ in 0..5 {
            app.update();
        }
        assert_eq!(app.world().resource::<Game>().position().to_text(), before, "{name}");
        assert_eq!(app.world().resource::<Game>().history.len(), 1, "{name}");
        assert_eq!(std::fs::read(&file).unwrap(), bytes, "{name} was written over");
        assert_eq!(std::fs::metadata(&file).unwrap().modified().unwrap(), modified, "{name}");
        assert_eq!(files_in(&saves), own_save, "{name}");
        assert_eq!(std::fs::read(&own_save[0]).unwrap(), own_text, "{name}");
    }
    // Saving over a file that is not a game record is refused, and the file kept.
    let foreign = elsewhere.join("foreign.ron");
    let foreign_text = std::fs::read(&foreign).unwrap();
    let feedback = record_action(&mut app, RecordAction::SaveAs(foreign.clone()));
    assert!(matches!(&feedback, Some(Err(e)) if e.contains("not written over")), "{feedback:?}");
    assert_eq!(std::fs::read(&foreign).unwrap(), foreign_text);
    std::fs::remove_dir_all(&saves).ok();
    std::fs::remove_dir_all(&elsewhere).ok();
}

#[test]
fn a_game_opened_from_a_file_saves_its_next_moves_to_a_new_file() {
    let saves = temp_dir("open-good");
    let elsewhere = temp_dir("open-good-files");
    let mut app = started_saving_to(&repo_assets(), "variants/jetan.ron", &saves);
    let mut record = GameRecord::of(app.world().resource::<Game>());
    record.moves = vec!["A b2-b3".into(), "a i9-i8".into()];
    let file = elsewhere.join("shared.ron");
    std::fs::write(&file, record.to_text()).unwrap();
    let feedback = record_action(&mut app, RecordAction::Open(file.clone()));
    assert!(matches!(&feedback, Some(Ok(m)) if m.contains("2 moves")), "{feedback:?}");
    assert_eq!(app.world().resource::<Game>().history.len(), 2);
    let c2 = square(&app, "c2");
    assert!(token_on(app.world_mut(), c2).is_some());
    play_moves(&mut app, &["c2", "c3"]);
    assert_eq!(app.world().resource::<Game>().history.len(), 3);
    assert_eq!(std::fs::read_to_string(&file).unwrap(), record.to_text(), "the opened file is left as it was");
    let saved = files_in(&saves);
    assert_eq!(saved.len(), 1, "{saved:?}");
    assert_eq!(GameRecord::from_text(&std::fs::read_to_string(&saved[0]).unwrap()).unwrap().moves.len(), 3);

    // Saving there explicitly makes it the game's file: the next moves go there.
    let feedback = record_action(&mut app, RecordAction::SaveAs(file.clone()));
    assert!(matches!(feedback, Some(Ok(_))), "{feedback:?}");
    play_moves(&mut app, &["h9", "h8"]);
    let kept = GameRecord::from_text(&std::fs::read_to_string(&file).unwrap()).unwrap();
    assert_eq!(kept.moves, ["A b2-b3", "a i9-i8", "A c2-c3", "a h9-h8"]);
    std::fs::remove_dir_all(&saves).ok();
    std::fs::remove_dir_all(&elsewhere).ok();
}

#[test]
fn a_pasted_move_list_starts_a_new_game_or_says_what_is_wrong() {
    let mut app = started(&repo_assets(), "variants/jetan.ron");
    play_moves(&mut app, &["b2", "b3"]);
    let feedback = record_action(&mut app, RecordAction::LoadMoves("1. A c2-c3\n1... a i9-i8\n2. A c3-c4\n".into()));
    assert!(matches!(&feedback, Some(Ok(m)) if m.contains("3 moves")), "{feedback:?}");
    let game = app.world().resource::<Game>();
    let texts: Vec<&str> = game.history.iter().map(|p| p.text.as_str()).collect();
    assert_eq!(texts, ["A c2-c3", "a i9-i8", "A c3-c4"]);
    let before = game.position().to_text();

    let feedback = record_action(&mut app, RecordAction::LoadMoves("1. A c2-c3 3. a i9-i8".into()));
    assert!(
        matches!(&feedback, Some(Err(e)) if e.starts_with("line 1, column 12: move 2 is numbered `3.`")),
        "{feedback:?}"
    );
    let feedback = record_action(&mut app, RecordAction::LoadMoves("A c2-c3\nA c3-c4".into()));
    assert!(matches!(&feedback, Some(Err(e)) if e.starts_with("move 2 (`A c3-c4`): ")), "{feedback:?}");
    assert_eq!(app.world().resource::<Game>().position().to_text(), before, "the game goes on");
}

#[test]
fn a_variant_that_doesnt_exist_falls_back_to_classic_jetan_and_says_why() {
    let mut app =
        common::app_saving_to(&common::repo_assets(), "variants/no_such_game.ron", &common::temp_dir("nosuch"));
    common::update_until(&mut app, "a game to start", |world| world.contains_resource::<Game>());
    assert_eq!(app.world().resource::<Game>().variant_path, "variants/jetan.ron");
    let notice = app.world().resource::<jetan::game::Notice>().0.clone().unwrap_or_default();
    assert!(notice.contains("There is no variant file assets/variants/no_such_game.ron"), "{notice}");
}

#[test]
fn a_captured_piece_topples_away_from_its_taker_and_sinks() {
    let mut app = started(&repo_assets(), "variants/jetan.ron");
    play_moves(&mut app, &["e2", "e3", "e9", "e8", "e3", "e4", "e8", "e7", "e4", "e5", "e7", "e6"]);
    let e6 = square(&app, "e6");
    let victim = token_on(app.world_mut(), e6).expect("Orange's Panthan on e6");
    let standing = *app.world().get::<Transform>(victim).unwrap();
    click(&mut app, "e5");
    click(&mut app, "e6");
    let mut fell = None;
    let mut sank = false;
    for _ in 0..200 {
        app.update();
        let Some(transform) = app.world().get::<Transform>(victim) else { break };
        // The taker comes from e5, south of it: the piece falls north (towards -z).
        let top = transform.rotation * Vec3::Y;
        if top.y < 0.5 {
            fell.get_or_insert(top);
        }
        sank |= transform.translation.y < standing.translation.y - 0.3;
    }
    let top = fell.expect("the piece toppled");
    assert!(top.z < -0.5 && top.x.abs() < 0.2, "it fell away from its taker: {top}");
    assert!(sank, "it sank into the field");
    assert!(app.world().get_entity(victim).is_err(), "and it is gone");
}

#[test]
fn the_title_describes_the_settings_variant_and_a_game_left_for_it_is_continued() {
    use jetan::facts::KindCard;
    use jetan::screen::{LeaveGame, Screen};
    let saves = temp_dir("title");
    let mut app = started_saving_to(&repo_assets(), "variants/jetan.ron", &saves);
    click(&mut app, "b2");
    click(&mut app, "b3");
    common::settle(&mut app);
    app.world_mut().write_message(LeaveGame);
    update_until(&mut app, "the title", |world| *world.resource::<State<Screen>>().get() == Screen::Title);
    app.update();
    let world = app.world_mut();
    assert!(!world.contains_resource::<Game>(), "the game is put away");
    assert_eq!(world.query::<&PieceToken>().iter(world).count(), 0, "and its board");
    // The rules guide and the piece browser describe the settings' variant on the title.
    assert_eq!(world.query::<&KindCard>().iter(world).count(), 8, "classic Jetan's kinds");
    let offer = world.resource::<ResumeOffer>().0.as_ref().map(|(_, record)| record.moves.clone());
    assert_eq!(offer, Some(vec!["A b2-b3".to_string()]), "Continue offers the game left");
    app.world_mut().write_message(jetan::records::ResumeChoice::Resume);
    update_until(&mut app, "the game again", |world| {
        world.contains_resource::<Game>() && world.query::<&PieceToken>().iter(world).count() > 0
    });
    assert_eq!(app.world().resource::<Game>().history.len(), 1);
    std::fs::remove_dir_all(&saves).ok();
}

#[test]
fn a_broken_file_in_place_of_a_shipped_game_is_reported_and_the_games_own_copy_plays() {
    let assets = temp_dir("broken-shipped");
    std::fs::create_dir_all(assets.join("variants")).unwrap();
    std::fs::write(assets.join("variants/jetan.ron"), "Variant(name: \"x\")").unwrap();
    let mut app = common::app_saving_to(&assets, "variants/jetan.ron", &temp_dir("broken-shipped-saves"));
    update_until(&mut app, "a game to start", |world| world.contains_resource::<Game>());
    let game = app.world().resource::<Game>();
    assert_eq!(game.position().variant().name(), "Jetan", "the game's own classic Jetan");
    let notice = app.world().resource::<Notice>().0.clone().unwrap_or_default();
    assert!(notice.contains("assets/variants/jetan.ron:1:"), "the file's error, at its place: {notice}");
    assert!(notice.contains("playing the game's own variants/jetan.ron"), "{notice}");
    std::fs::remove_dir_all(&assets).ok();
}
