//! Properties over random Jetan Sarang games, with the Charge and Rapid Deployment on and off,
//! and over random games of Jetan Jeddara (banths, airships, strikes, squads with escorts):
//! every generated move is legal, distinct in effect and consistent with the partial generators;
//! play then undo restores the position and its hash, and so does passing the turn (a search's
//! null move); a Charge may be declared just when its declaration is listed; the position text
//! and the notation round-trip.

mod common;

use std::collections::HashSet;

use jetan_rules::{MoveFilter, MoveKind, Phase, Position, SquareSet};

const OPTION_SETS: [&[&str]; 3] = [&[], &["charge=on", "rapid_deployment=on"], &["squad_ranks=equal", "charge=on"]];

/// Calls `check` on every position of random games (6 of 160 plies per Sarang option set, 3 of
/// 120 for Jetan Jeddara, whose positions have thousands of moves) with the move played there.
fn games(check: impl Fn(&Position, jetan_rules::Move, u64)) {
    let sarang = OPTION_SETS.iter().map(|choices| (common::sarang(choices), 6, 160));
    for (variant, games, plies) in sarang.chain([(common::jeddara(&[]), 3, 120)]) {
        let start = Position::start(variant);
        for seed in 0..games {
            for (position, mv) in common::random_game(&start, seed, plies) {
                check(&position, mv, seed);
            }
        }
    }
}

/// About 150 of a position's legal moves, spread over the list (all of them if fewer).
fn sample(position: &Position) -> Vec<jetan_rules::Move> {
    let moves = position.legal_moves();
    let every = (moves.len() / 150).max(1);
    moves.into_iter().step_by(every).collect()
}

#[test]
fn play_then_undo_restores_the_position_and_its_hash() {
    games(|before, _, seed| {
        assert_eq!(before.hash(), before.compute_hash(), "incremental hash, seed {seed}");
        for mv in sample(before) {
            let mut after = before.clone();
            let undo = after.play(mv);
            assert_eq!(after.hash(), after.compute_hash(), "hash after {}, seed {seed}", before.move_text(mv));
            after.undo(undo);
            assert_eq!(&after, before, "undo of {}, seed {seed}", before.move_text(mv));
            assert_eq!(after.hash(), before.hash());
        }
    });
}

#[test]
fn passing_the_turn_hands_it_over_on_the_same_board_and_undo_restores_it() {
    games(|before, _, seed| {
        if before.phase() != Phase::Turn || before.decided().is_some() {
            return;
        }
        let mut after = before.clone();
        let undo = after.pass();
        assert_eq!((after.to_move(), after.phase()), (before.to_move().opponent(), Phase::Turn), "seed {seed}");
        assert_eq!(after.hash(), after.compute_hash(), "hash after a pass, seed {seed}");
        for square in before.variant().geometry().squares() {
            assert_eq!(after.piece_at(square), before.piece_at(square), "{}, seed {seed}", before.to_text());
        }
        after.undo(undo);
        assert_eq!(&after, before, "undo of a pass, seed {seed}");
        assert_eq!(after.hash(), before.hash());
    });
}

#[test]
fn generated_moves_are_legal_distinct_and_found_by_the_partial_generators() {
    games(|position, _, seed| {
        let moves = position.legal_moves();
        let side = position.to_move();
        let mut effects = HashSet::new();
        for mv in &moves {
            let mut after = position.clone();
            after.play(*mv);
            assert!(
                effects.insert((after.to_text(), mv.kind)),
                "two moves with the effect of {}",
                position.move_text(*mv)
            );
        }
        for mv in sample(position) {
            let text = position.move_text(mv);
            assert!(position.is_legal(mv), "{text} seed {seed}");
            for step in mv.steps.iter() {
                let piece = position.piece_at(step.from).expect("a step starts on a piece");
                if matches!(mv.kind, MoveKind::BanthStep | MoveKind::Direct) {
                    assert!(position.ownerless().contains(step.from), "{text}");
                } else {
                    assert_eq!(piece.side, side, "{text}");
                }
            }
            if mv.kind == MoveKind::Escape {
                assert!(!position.escape_used(side));
            }
            let paths = position.paths(mv);
            assert_eq!(paths.len(), mv.steps.len());
            for (path, step) in paths.iter().zip(mv.steps.iter()) {
                assert_eq!(path[0], step.from, "{text}");
            }
        }
        let mut captures = Vec::new();
        position.generate_captures(&mut captures);
        let taking: Vec<_> = moves.iter().copied().filter(|&mv| position.victims(mv).next().is_some()).collect();
        assert_eq!(captures, taking, "captures, seed {seed}: {}", position.to_text());
        // Asked about a few squares: each piece's, and what could take it with either side to
        // move.
        let touches = |mv: &jetan_rules::Move, square| {
            mv.steps.iter().any(|step| step.to == square) || mv.removals.contains(&square)
        };
        for (square, piece) in position.pieces().step_by(7) {
            let mut found = Vec::new();
            position.generate_some(MoveFilter::touching(SquareSet::only(square)), &mut found);
            let expected: Vec<_> = moves.iter().copied().filter(|mv| touches(mv, square)).collect();
            assert_eq!(found, expected, "taking {square:?}, seed {seed}: {}", position.to_text());
            let victims = |mv: &jetan_rules::Move| position.victim_squares(*mv).any(|s| s == square);
            if position.phase() == Phase::Turn && piece.side != side {
                assert_eq!(position.could_take(side, SquareSet::only(square)), moves.iter().any(victims));
            }
        }
        // With at most one follower: legal moves, among them every move of one or two pieces.
        let mut bounded = Vec::new();
        position.generate_some(MoveFilter::ALL.with_followers(1), &mut bounded);
        let bounded: HashSet<_> = bounded.into_iter().collect();
        let all: HashSet<_> = moves.iter().copied().collect();
        assert!(bounded.is_subset(&all), "bounded, seed {seed}");
        for mv in moves.iter().filter(|mv| mv.kind == MoveKind::Normal && mv.steps.len() <= 2) {
            assert!(bounded.contains(mv), "{} not in the bounded moves", position.move_text(*mv));
        }
    });
}

#[test]
fn a_charge_may_be_declared_exactly_when_the_legal_moves_hold_its_declaration() {
    let declared = std::sync::atomic::AtomicUsize::new(0);
    games(|position, _, seed| {
        let listed = position.legal_moves().contains(&jetan_rules::Move::declaration(MoveKind::Charge));
        assert_eq!(position.can_declare_charge(), listed, "seed {seed}: {}", position.to_text());
        declared.fetch_add(usize::from(listed), std::sync::atomic::Ordering::Relaxed);
    });
    assert!(declared.into_inner() > 0, "no position of the random games could declare a Charge");
}

#[test]
fn position_text_and_notation_round_trip() {
    games(|position, mv, seed| {
        let reread = Position::from_text(position.variant().clone(), &position.to_text()).unwrap();
        assert_eq!(&reread, position, "seed {seed}: {}", position.to_text());
        assert_eq!(reread.hash(), position.hash());
        let text = position.move_text(mv);
        assert_eq!(position.parse_move(&text), Ok(mv), "seed {seed}: {text}");
        assert_eq!(position.parse_turn(&text), Ok(vec![mv]), "seed {seed}: {text}");
    });
}
