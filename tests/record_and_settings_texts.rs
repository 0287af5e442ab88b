//! Game records and settings from outside (records opened or exchanged, `config/settings.ron`
//! edited by hand): mutations of real ones never panic the reader or the replay; what is accepted
//! is in range and writes back as itself; what is refused names its line and column.
//!
//! Each property runs `PROPTEST_CASES` cases (300 by default); `PROPTEST_CASES=20000 cargo test
//! --release --test record_and_settings_texts` is the long run.

mod common;
#[path = "../crates/jetan_rules/tests/common/mod.rs"]
mod rules;

use std::sync::{Arc, LazyLock};

use common::borders::{check_record_text, check_settings_text};
use jetan::game::Game;
use jetan::records::GameRecord;
use jetan::seat::{Seat, Seats};
use jetan::settings::{HumanSide, Settings, View};
use jetan::time_control::{Clocks, TimeControl};
use jetan_ai::Level;
use jetan_rules::{Position, Variant};
use proptest::prelude::*;
use rules::ron_mutations::mutate;

/// The shipped variants, by asset path.
static VARIANTS: LazyLock<Vec<(&str, Arc<Variant>)>> = LazyLock::new(|| {
    vec![
        ("variants/jetan.ron", rules::jetan(&[])),
        ("variants/jetan_sarang.ron", rules::sarang(&[])),
        ("variants/jetan_jeddara.ron", rules::jeddara(&[])),
    ]
});

/// Records of random games of every variant, some played to their end.
static RECORDS: LazyLock<Vec<String>> = LazyLock::new(|| {
    let mut records = Vec::new();
    for (index, (path, variant)) in VARIANTS.iter().enumerate() {
        for (seed, plies) in [(1, 30), (2, 150)] {
            let seats = Seats { south: Seat::Human, north: Seat::Ai(Level::Search(seed as u8)) };
            let mut game = Game::new(variant.clone(), path.to_string(), seats);
            game.clocks = Clocks::new(TimeControl::Fischer { minutes: seed as u32, increment: 3 });
            for (_, mv) in rules::random_game(&Position::start(variant.clone()), seed + index as u64, plies) {
                game.play(mv);
            }
            records.push(GameRecord::of(&game).to_text());
        }
    }
    records
});

/// Settings files: the defaults and some choices.
static SETTINGS: LazyLock<Vec<String>> = LazyLock::new(|| {
    let chosen = Settings {
        animation_speed: 2.5,
        view: View::TopDown,
        variant: "variants/jetan_jeddara.ron".into(),
        human_side: HumanSide::North,
        players: Seats { south: Seat::Ai(Level::GreedyPlusOne), north: Seat::Human },
        ai_threads: 3,
        time_of_day: jetan::settings::TimeOfDay::Night,
        quality: jetan::settings::Quality::High,
        sound: jetan::settings::Loudness { master: 0.3, effects: 0.0, ambience: 1.0, muted: true },
        pieces: jetan::settings::Pieces::Living,
    };
    [Settings::default(), chosen].iter().map(Settings::to_text).collect()
});

#[test]
fn real_records_and_settings_read_back() {
    for text in RECORDS.iter() {
        let record = GameRecord::from_text(text).unwrap();
        let (_, base) = VARIANTS.iter().find(|(path, _)| *path == record.variant).unwrap();
        assert!(record.replay(base).is_ok_and(|game| record.result_note(&game).is_none()));
        check_record_text(text, &VARIANTS);
    }
    for text in SETTINGS.iter() {
        check_settings_text(text);
    }
}

#[test]
fn settings_out_of_range_are_refused_at_their_key() {
    let text = Settings::default().to_text();
    for (from, to, says) in [
        ("animation_speed: 1.0", "animation_speed: 0.0", "the animation speed is 0, not between 0.25 and 4"),
        ("animation_speed: 1.0", "animation_speed: NaN", "the animation speed is NaN"),
        ("ai_threads: ", "ai_threads: 0, // ", "the AI's threads are 0, not 1 to 64"),
        ("master: 0.8", "master: 1.5", "the master volume is 1.5, not 0 to 1"),
        ("ambience: 0.6", "ambience: -1", "the ambience volume is -1, not 0 to 1"),
        ("\"variants/jetan.ron\"", "\"/etc/passwd.ron\"", "must be a .ron file under the game's assets/"),
        ("\"variants/jetan.ron\"", "\"../../x.ron\"", "must be a .ron file under the game's assets/"),
        // Not an asset path Bevy reads (its parser panics on a missing source).
        ("\"variants/jetan.ron\"", "\"://x.ron\"", "must be a .ron file under the game's assets/"),
        ("\"variants/jetan.ron\"", "\"mods://../x.ron\"", "must be a .ron file under the game's assets/"),
    ] {
        assert!(text.contains(from), "{from}");
        let error = Settings::from_text(&text.replacen(from, to, 1)).unwrap_err();
        let key = from.split(':').next().filter(|key| !key.starts_with('"')).unwrap_or("variant");
        let line = text.lines().position(|line| line.contains(&format!("{key}:"))).unwrap() + 1;
        assert_eq!(error.line, line, "{error}");
        assert!(error.message.contains(says), "{error}");
    }
    // A time of day or a quality the game doesn't know is named where it stands.
    for (key, from, to) in [("time_of_day", "Day", "Noon"), ("quality", "Medium", "Ultra")] {
        let unknown = text.replacen(&format!("{key}: {from}"), &format!("{key}: {to}"), 1);
        let error = Settings::from_text(&unknown).unwrap_err();
        let line = text.lines().position(|line| line.contains(&format!("{key}:"))).unwrap() + 1;
        assert_eq!(error.line, line, "{error}");
        assert!(error.message.contains(to), "{error}");
    }
    // Settings written before there was a time of day or a quality read as day, medium.
    let older =
        text.lines().filter(|line| !line.contains("time_of_day") && !line.contains("quality")).collect::<Vec<_>>();
    let older = Settings::from_text(&older.join("\n")).unwrap();
    assert_eq!((older.time_of_day, older.quality), (jetan::settings::TimeOfDay::Day, jetan::settings::Quality::Medium));
    // On the command line a name is taken in any case, and an unknown one is told the names.
    use jetan::settings::{Named, Quality, View};
    assert_eq!(Quality::parse("HIGH"), Ok(Quality::High));
    assert_eq!(Quality::parse("ultra"), Err("`ultra` is not a quality: low, medium or high".to_string()));
    assert_eq!(View::parse("3D"), Ok(View::Orbit));
    let commented = "(\n  // ai_threads: 3 is an example\n  ai_threads: 100,\n)";
    let error = Settings::from_text(commented).unwrap_err();
    assert_eq!((error.line, error.column), (3, 3), "the key, not its mention in a comment: {error}");
}

#[test]
fn records_with_clocks_out_of_range_are_refused_at_their_key() {
    let text = &RECORDS[0];
    let start = text.find("left_ms: (").unwrap() + "left_ms: (".len();
    let end = start + text[start..].find(')').unwrap();
    for (broken, says) in [
        (text.replacen("minutes: 1,", "minutes: 0,", 1), "0 minutes per side: use 1 to 600"),
        (text.replacen("increment: 3,", "increment: 100000,", 1), "an increment of 100000 seconds"),
        (format!("{}99999999999999, 0{}", &text[..start], &text[end..]), "a clock with 99999999999999 ms left"),
    ] {
        let error = GameRecord::from_text(&broken).unwrap_err();
        let line = text.lines().position(|line| line.contains("clocks:")).unwrap() + 1;
        assert_eq!(error.line, line, "{error}");
        assert!(error.message.contains(says), "{error}");
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: rules::cases(300), ..ProptestConfig::default() })]

    #[test]
    fn mutated_records_never_panic(index in any::<prop::sample::Index>(), picks in prop::collection::vec(any::<u64>(), 1..4)) {
        let mut text = RECORDS[index.index(RECORDS.len())].clone();
        for &pick in &picks {
            text = mutate(&text, pick);
        }
        check_record_text(&text, &VARIANTS);
    }

    #[test]
    fn mutated_settings_never_panic(index in any::<prop::sample::Index>(), picks in prop::collection::vec(any::<u64>(), 1..4)) {
        let mut text = SETTINGS[index.index(SETTINGS.len())].clone();
        for &pick in &picks {
            text = mutate(&text, pick);
        }
        check_settings_text(&text);
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: rules::cases(40), ..ProptestConfig::default() })]

    /// Issue 64: a settings file whose wrong value's key also stands, many times over, in long
    /// comment lines and strings before it: the error names the real key's line, found in one
    /// pass (a 15 MB file of that shape took the game 8 minutes).
    #[test]
    fn a_wrong_value_is_placed_past_long_comments_repeating_its_key(
        repeats in 1usize..20_000,
        lines in 1usize..4,
        in_string in any::<bool>(),
    ) {
        let decoy = if in_string { "\"animation_speed: \"" } else { "animation_speed: " };
        let comment = format!("// {}\n", decoy.repeat(repeats));
        let settings: Vec<&str> = SETTINGS[0]
            .lines()
            .map(|line| if line.trim_start().starts_with("animation_speed:") { "animation_speed: 99.0," } else { line })
            .collect();
        let text = comment.repeat(lines) + &settings.join("\n");
        let error = Settings::from_text(&text).unwrap_err();
        let line = lines + settings.iter().position(|l| l.starts_with("animation_speed: 99.0")).unwrap() + 1;
        prop_assert_eq!(error.line, line, "{}", error);
    }
}
