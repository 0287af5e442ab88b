//! No move is generated twice: a group that several of its pieces could lead, a squad reaching
//! a female through two escorts, a plough whose victims its followers land on, each is one move
//! (RULES.md §1.1), however the generator skips telling apart moves that can't repeat.

mod common;

use std::collections::HashSet;

use jetan_rules::Position;

const GAMES: u64 = 12;
const MAX_PLIES: usize = 160;

#[test]
fn legal_moves_are_distinct_in_random_games_of_the_group_variants() {
    let variants = [
        common::sarang(&["charge=on"]),
        common::sarang(&["charge=on", "squad_ranks=equal", "rapid_deployment=on"]),
        common::jeddara(&[]),
        common::jeddara(&["rapid_deployment=on"]),
    ];
    for variant in variants {
        let start = Position::start(variant);
        for seed in 0..GAMES {
            for (position, _) in common::random_game(&start, seed, MAX_PLIES) {
                let moves = position.legal_moves();
                let distinct: HashSet<_> = moves.iter().collect();
                assert_eq!(distinct.len(), moves.len(), "a move twice in {}", position.to_text());
            }
        }
    }
}
