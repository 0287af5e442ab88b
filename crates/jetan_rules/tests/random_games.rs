//! Properties over random classic games: generated moves are legal and consistent, playing
//! then undoing restores the position and its hash, and the text formats round-trip.

mod common;

use jetan_rules::{MoveKind, Position};

const GAMES: u64 = 150;
const MAX_PLIES: usize = 250;

#[test]
fn play_then_undo_restores_the_position_and_its_hash() {
    let start = Position::start(common::jetan(&[]));
    for seed in 0..GAMES {
        for (before, _) in common::random_game(&start, seed, MAX_PLIES) {
            assert_eq!(before.hash(), before.compute_hash(), "incremental hash, seed {seed}");
            for mv in before.legal_moves() {
                let mut after = before.clone();
                let undo = after.play(mv);
                assert_eq!(after.hash(), after.compute_hash(), "hash after {mv:?}, seed {seed}");
                after.undo(undo);
                assert_eq!(after, before, "undo of {mv:?}, seed {seed}");
                assert_eq!(after.hash(), before.hash());
            }
        }
    }
}

#[test]
fn generated_moves_are_legal() {
    let start = Position::start(common::jetan(&[]));
    for seed in 0..GAMES {
        for (position, _) in common::random_game(&start, seed, MAX_PLIES) {
            let variant = position.variant().clone();
            let side = position.to_move();
            for mv in position.legal_moves() {
                let piece = position.piece_at(mv.lead().unwrap().from).expect("a move starts on a piece");
                let kind = variant.kind(piece.kind);
                assert_eq!(piece.side, side);
                let target = position.piece_at(mv.lead().unwrap().to);
                assert!(target.is_none_or(|t| t.side != side && kind.armed), "{}", position.move_text(mv));
                assert!(position.is_legal(mv));
                if mv.kind == MoveKind::Escape {
                    assert!(!position.escape_used(side));
                }
                let walk = position.walk(mv);
                assert_eq!((walk[0], *walk.last().unwrap()), (mv.lead().unwrap().from, mv.lead().unwrap().to));
                if kind.shuns_threats {
                    // After her move, no enemy move may land on her.
                    let mut after = position.clone();
                    after.play(mv);
                    assert!(
                        !after.legal_moves().iter().any(|m| m.lead().unwrap().to == mv.lead().unwrap().to),
                        "{} lands on a threatened square in {}",
                        position.move_text(mv),
                        position.to_text()
                    );
                }
            }
        }
    }
}

#[test]
fn position_text_and_notation_round_trip() {
    let start = Position::start(common::jetan(&[]));
    for seed in 0..GAMES {
        let game = common::random_game(&start, seed, MAX_PLIES);
        let mut last = start.clone();
        for (position, mv) in &game {
            let reread = Position::from_text(position.variant().clone(), &position.to_text()).unwrap();
            assert_eq!(&reread, position);
            assert_eq!(reread.hash(), position.hash());
            assert_eq!(position.parse_move(&position.move_text(*mv)), Ok(*mv));
            last = position.clone();
            last.play(*mv);
        }
        let reread = Position::from_text(last.variant().clone(), &last.to_text()).unwrap();
        assert_eq!(reread, last, "final position of seed {seed}: {}", last.to_text());
    }
}

#[test]
fn random_games_end_in_every_way() {
    use std::collections::HashSet;
    let start = Position::start(common::jetan(&[]));
    let mut reasons = HashSet::new();
    for seed in 0..400 {
        let game = common::random_game(&start, seed, 2000);
        let (position, mv) = game.last().unwrap();
        let mut end = position.clone();
        end.play(*mv);
        if let Some(outcome) = end.outcome() {
            reasons.insert(outcome.reason);
        }
    }
    // Random play reaches the Princess, takes Chiefs both ways, and runs down to small armies.
    assert!(reasons.len() >= 3, "{reasons:?}");
}
