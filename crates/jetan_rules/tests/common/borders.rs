//! What every border of the rules checks of its input, shared by the property tests and the
//! fuzz targets (`fuzz/`): reading never panics, what is accepted plays on without panicking,
//! and what is refused says where and why.

use std::sync::Arc;

use jetan_rules::{Position, Variant, courier};

use super::Rng;

/// The most plies of random play after an accepted input: enough to end most games of few
/// pieces, and to play through the phases (Charges, banth steps, trains) of real ones.
pub const PLIES: usize = 60;

/// Random play from `position` to the end (at most `plies`), the hash checked at every ply.
pub fn play_to_the_end(mut position: Position, seed: u64, plies: usize) {
    let mut rng = Rng(seed | 1);
    for _ in 0..plies {
        let moves = position.legal_moves();
        if moves.is_empty() {
            assert!(position.outcome().is_some(), "no moves but no outcome: {}", position.to_text());
            return;
        }
        let mv = moves[rng.below(moves.len())];
        position.play(mv);
        assert_eq!(position.hash(), position.compute_hash());
    }
}

/// Reads `text` as a position; if it is accepted, it reads back as itself and plays to the end.
pub fn check_position_text(variant: &Arc<Variant>, text: &str, seed: u64) {
    let Ok(position) = Position::from_text(variant.clone(), text) else { return };
    let again = Position::from_text(variant.clone(), &position.to_text())
        .unwrap_or_else(|e| panic!("{e}: {} read from {text}", position.to_text()));
    assert_eq!(again, position, "{text}");
    play_to_the_end(position, seed, PLIES);
}

/// Reads `text` as a move and as a turn: an accepted move is legal and reads back from its
/// own text; a refused one has a message.
pub fn check_move_text(position: &Position, text: &str) {
    match position.parse_move(text) {
        Ok(mv) => {
            assert!(position.legal_moves().contains(&mv), "{text}");
            assert_eq!(position.parse_move(&position.move_text(mv)), Ok(mv), "{text}");
        }
        Err(error) => assert!(!error.to_string().is_empty()),
    }
    if let Ok(plies) = position.parse_turn(text) {
        let mut after = position.clone();
        for mv in plies {
            assert!(after.legal_moves().contains(&mv), "{text}");
            after.play(mv);
        }
    }
}

/// The name variant texts are read under, which every error must give.
pub const ORIGIN: &str = "mutant.ron";

/// Reads `text` as a variant file. A refused file's every error names the file and a line
/// and column inside it; an accepted one, with options chosen at random, starts a game whose
/// start position reads back from its text and plays to the end.
pub fn check_variant_text(text: &str, seed: u64) {
    let variant = match Variant::load(text, ORIGIN) {
        Ok(variant) => variant,
        Err(errors) => {
            assert!(!errors.0.is_empty());
            let lines = text.lines().count().max(1);
            for error in &errors.0 {
                assert_eq!(error.origin, ORIGIN);
                let at = error.location;
                assert!((1..=lines + 1).contains(&at.line) && at.col >= 1, "{error} is outside the file");
                assert!(!error.message.is_empty(), "{error}");
            }
            return;
        }
    };
    let mut rng = Rng(seed | 1);
    let choices: Vec<(String, String)> = variant
        .options()
        .iter()
        .map(|option| (option.id.value.clone(), option.choices[rng.below(option.choices.len())].id.value.clone()))
        .collect();
    let variant = Arc::new(variant.with_choices(&choices).unwrap_or_else(|error| {
        assert!(!error.to_string().is_empty());
        variant
    }));
    let start = Position::start(variant.clone());
    let again = Position::from_text(variant, &start.to_text())
        .unwrap_or_else(|e| panic!("the start of an accepted variant is refused: {e}\n{}", start.to_text()));
    assert_eq!(again, start);
    play_to_the_end(start, seed, PLIES);
}

/// Reads `text` as a Game Courier move list of `variant`. A refused list names a line and
/// column inside it; an accepted one lists again as the same moves, and replays to its first
/// illegal move (which it names by number) or to a position that plays on.
pub fn check_move_list(variant: &Arc<Variant>, text: &str, seed: u64) {
    let moves = match courier::parse(text) {
        Ok(moves) => moves,
        Err(error) => {
            let lines = text.lines().count().max(1);
            assert!((1..=lines + 1).contains(&error.line) && error.column >= 1, "{error} is outside the list");
            assert!(!error.message.is_empty());
            return;
        }
    };
    assert_eq!(courier::parse(&courier::format(&moves)).as_ref(), Ok(&moves), "{text}");
    match courier::replay(variant.clone(), &moves) {
        Ok(position) => play_to_the_end(position, seed, PLIES),
        Err(bad) => {
            assert!((1..=moves.len()).contains(&bad.number), "{bad}");
            assert_eq!(moves[bad.number - 1], bad.text);
        }
    }
}
