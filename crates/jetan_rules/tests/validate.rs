//! Variant files: every shipped file loads, and each kind of mistake is reported with the
//! file, line and column where it stands. No input, however broken, panics.

mod common;

use jetan_rules::{LoadErrors, Variant};

fn jetan_text() -> String {
    std::fs::read_to_string(common::variant_path("jetan.ron")).unwrap()
}

/// Loads jetan.ron with `from` replaced by `to` (the first occurrence after `after`).
fn load_edited(after: &str, from: &str, to: &str) -> (String, LoadErrors) {
    let text = jetan_text();
    let start = text.find(after).expect("anchor in jetan.ron");
    let at = start + text[start..].find(from).expect("text to replace in jetan.ron");
    let edited = format!("{}{to}{}", &text[..at], &text[at + from.len()..]);
    let errors = Variant::load(&edited, "jetan.ron").expect_err("the edit breaks the file");
    (edited, errors)
}

/// The 1-based line and column of the first occurrence of `needle` after `after`.
fn place_of(text: &str, after: &str, needle: &str) -> (usize, usize) {
    let start = text.find(after).unwrap();
    let at = start + text[start..].find(needle).unwrap();
    let line = text[..at].matches('\n').count() + 1;
    let col = text[..at].rsplit('\n').next().unwrap().chars().count() + 1;
    (line, col)
}

/// jetan.ron with the items of its `pieces` list replaced by `items`.
fn with_pieces(items: &str) -> String {
    let text = jetan_text();
    let start = text.find("    pieces: [\n").expect("the pieces list") + "    pieces: [".len();
    let end = start + text[start..].find("\n    ],\n").expect("the end of the pieces list") + "\n    ]".len();
    format!("{}{items}]{}", &text[..start], &text[end..])
}

fn assert_reported(errors: &LoadErrors, place: (usize, usize), words: &str) {
    let expected = format!("jetan.ron:{}:{}: ", place.0, place.1);
    assert!(
        errors.0.iter().any(|e| e.to_string().starts_with(&expected) && e.message.contains(words)),
        "expected `{expected}…{words}…`, got:\n{errors}"
    );
}

#[test]
fn every_shipped_variant_loads() {
    let dir = common::variant_path("");
    let mut count = 0;
    for entry in std::fs::read_dir(&dir).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_some_and(|e| e == "ron") {
            Variant::load_file(&path).unwrap_or_else(|e| panic!("{e}"));
            count += 1;
        }
    }
    assert!(count >= 1);
}

#[test]
fn a_syntax_error_names_its_line() {
    let (text, errors) = load_edited("id: \"dwar\"", "name: \"Dwar\",", "name: \"Dwar\" letter");
    let (line, _) = place_of(&text, "id: \"dwar\"", "letter");
    assert_eq!(errors.0.len(), 1);
    assert_eq!(errors.0[0].location.line, line, "{errors}");
}

#[test]
fn an_unknown_key_is_named() {
    let (text, errors) = load_edited("id: \"dwar\"", "gender: Male,", "gender: Male, colour: \"red\",");
    let (line, _) = place_of(&text, "id: \"dwar\"", "colour");
    assert_eq!(errors.0[0].location.line, line, "{errors}");
    assert!(errors.0[0].message.contains("colour"), "{errors}");
}

#[test]
fn an_unknown_piece_in_the_setup_points_at_its_letter() {
    let (text, errors) = load_edited("setup:", "\"W P D F C R", "\"W P D F Q R");
    assert_reported(&errors, place_of(&text, "setup:", "Q R"), "no piece has the letter `Q`");
}

#[test]
fn a_square_off_the_board_is_named() {
    let (text, errors) = load_edited("north: Rotated", "north: Rotated,", "north: Rotated, place: {\"k11\": \"W\"},");
    assert_reported(&errors, place_of(&text, "place:", "k11"), "not a square of the 10 x 10 board");
}

#[test]
fn a_duplicate_letter_is_found_where_it_is_repeated() {
    let (text, errors) = load_edited("id: \"dwar\"", "letter: \"D\"", "letter: \"W\"");
    assert_reported(&errors, place_of(&text, "id: \"warrior\"", "W\""), "letter `W` is already the letter");
}

#[test]
fn an_ending_must_name_a_piece_of_the_variant() {
    let (text, errors) = load_edited("endings:", "victim: \"princess\"", "victim: \"queen\"");
    assert_reported(&errors, place_of(&text, "endings:", "queen"), "unknown piece kind `queen`");
}

#[test]
fn an_option_must_name_a_piece_of_the_variant() {
    let (text, errors) = load_edited("options:", "Walk(piece: \"warrior\"", "Walk(piece: \"warior\"");
    assert_reported(&errors, place_of(&text, "options:", "warior"), "unknown piece kind `warior`");
}

#[test]
fn a_short_setup_row_is_reported() {
    let (text, errors) = load_edited("setup:", "\"T A A A A A A A A T\"", "\"T A A A A A A A T\"");
    assert_reported(&errors, place_of(&text, "setup:", "T A A"), "a row needs 10 squares");
}

#[test]
fn all_errors_are_reported_at_once() {
    let text = jetan_text().replacen("victim: \"princess\"", "victim: \"queen\"", 1).replacen(
        "\"W P D F C R",
        "\"W P D F Q R",
        1,
    );
    let errors = Variant::load(&text, "jetan.ron").unwrap_err();
    assert_eq!(errors.0.len(), 2, "{errors}");
    assert!(errors.0[0].location < errors.0[1].location);
}

#[test]
fn broken_input_never_panics() {
    let text = jetan_text();
    let mut rng = common::Rng(0x5eed);
    for _ in 0..3000 {
        let mut bytes = text.as_bytes().to_vec();
        for _ in 0..1 + rng.below(4) {
            let at = rng.below(bytes.len());
            match rng.below(4) {
                0 => {
                    bytes.remove(at);
                }
                1 => bytes.insert(at, b"(),:\"[]{}9xZ- "[rng.below(14)]),
                2 => bytes.truncate(at),
                _ => bytes[at] = b"0123456789\"(),"[rng.below(14)],
            }
            if bytes.is_empty() {
                break;
            }
        }
        let mutated = String::from_utf8_lossy(&bytes);
        if let Err(errors) = Variant::load(&mutated, "fuzz.ron") {
            assert!(!errors.0.is_empty());
        }
    }
}

#[test]
fn a_board_too_large_points_at_the_board() {
    let (text, errors) = load_edited("board:", "files: 10", "files: 40");
    assert_reported(&errors, place_of(&text, "", "board:"), "1 to 16 files and ranks");
}

/// Issue 49: an empty `pieces` list panicked (a rule option's change applied to kind 0).
#[test]
fn an_empty_piece_list_is_refused_at_the_list() {
    let text = with_pieces("");
    let errors = Variant::load(&text, "jetan.ron").expect_err("a variant without pieces");
    assert_reported(&errors, place_of(&text, "", "pieces:"), "a variant needs at least one piece kind");
}

/// Issue 49: more than 60 piece kinds panicked when the setup named one past the 60th (up to
/// the 256th: past it, the kind's number wrapped round into range).
#[test]
fn more_than_60_piece_kinds_are_refused_at_the_first_one_too_many() {
    let original = jetan_text();
    let start = original.find("    pieces: [\n").unwrap() + "    pieces: [\n".len();
    let extra: String = (0..60u8)
        .map(|i| {
            let letter = format!("Q{}{}", (b'A' + i / 26) as char, (b'A' + i % 26) as char);
            format!(
                "        (id: \"extra{i}\", name: \"Extra\", letter: \"{letter}\", gender: Male, value: 1, moves: [Area(1)]),\n"
            )
        })
        .collect();
    let text = format!("{}{extra}{}", &original[..start], &original[start..]);
    let errors = Variant::load(&text, "jetan.ron").expect_err("68 piece kinds");
    assert_reported(&errors, place_of(&text, "id: \"chief", "chief"), "piece `chief` is kind 61 of 68");
}

/// Issue 49: a look path that Bevy's asset paths read as a source or a label (`://x`, `x#y`)
/// passed, and the game's asset server panicked parsing it.
#[test]
fn a_look_path_must_be_a_plain_path() {
    for bad in ["://barsoom.look.ron", "looks/a#b.look.ron", "c:looks/x.look.ron"] {
        let (text, errors) =
            load_edited("    pieces: [", "    pieces: [", &format!("    looks: [\"{bad}\"],\n    pieces: ["));
        assert_reported(&errors, place_of(&text, "looks:", bad), "is not a look file");
    }
}

/// jetan.ron with a board of 0 files and these replacements, its errors, and the place of the
/// `board:` key that is the real one (the last `needle` in the text).
fn load_board_error(edits: &[(&str, &str)], needle: &str) -> (LoadErrors, (usize, usize)) {
    let mut text = jetan_text().replacen("board: (files: 10,", "board: (files: 0,", 1);
    for (from, to) in edits {
        assert!(text.contains(from), "`{from}` in jetan.ron");
        text = text.replacen(from, to, 1);
    }
    let at = text.rfind(needle).unwrap();
    let place = (text[..at].matches('\n').count() + 1, text[..at].rsplit('\n').next().unwrap().chars().count() + 1);
    (Variant::load(&text, "jetan.ron").expect_err("a board of 0 files"), place)
}

#[test]
fn a_key_after_a_string_holding_two_slashes_is_found() {
    let edits = [("    name: \"Jetan\",\n", ""), ("    board:", "    name: \"Jetan // Mars\", board:")];
    let (errors, place) = load_board_error(&edits, "board:");
    assert_reported(&errors, place, "the board must have");
}

#[test]
fn a_key_inside_a_block_comment_is_not_the_key() {
    let edits = [("    board:", "    /* was\n    board: (files: 8, ranks: 8),\n    */\n    board:")];
    let (errors, place) = load_board_error(&edits, "board:");
    assert_reported(&errors, place, "the board must have");
}

#[test]
fn a_key_inside_a_string_is_not_the_key() {
    let edits = [("Martian chess.", "Martian chess on a board: ten by ten.")];
    let (errors, place) = load_board_error(&edits, "board:");
    assert_reported(&errors, place, "the board must have");
}

/// Issue 64: a variant naming its look file 10,000 times had the game build it 10,000 times
/// (35 s and 5.2 GB in `jetan validate`): each look file is listed once.
#[test]
fn a_look_file_named_again_and_again_is_listed_once() {
    let mentions = vec!["\"looks/barsoom.look.ron\""; 10_000].join(", ");
    let text = jetan_text().replacen(
        "    pieces: [",
        &format!("    looks: [{mentions}, \"looks/x.look.ron\"],\n    pieces: ["),
        1,
    );
    let variant = Variant::load(&text, "jetan.ron").unwrap();
    assert_eq!(variant.looks(), ["looks/barsoom.look.ron", "looks/x.look.ron"]);
}
