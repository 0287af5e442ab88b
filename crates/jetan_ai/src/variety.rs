//! How much the games against a level vary: the openings of games played with other seeds, and
//! how many of them differ (a level's choice among near-equal moves follows the game's seed:
//! see [`crate::Level::root_spread`]).

use std::collections::HashSet;
use std::sync::Arc;
use std::sync::atomic::AtomicBool;

use jetan_rules::{Position, Variant};

use crate::rng::mix;
use crate::{Level, Player};

/// The first `plies` plies (in notation) of `games` games of `level` against itself, game `g`'s
/// players seeded from `seed` and `g` (as a game seeds them), each searching at most `nodes`
/// positions a move if given, else within its level's node budget for the variant (no time
/// limit either way, so the openings are the same on any machine).
pub fn openings(
    variant: &Arc<Variant>,
    level: Level,
    games: u32,
    plies: usize,
    nodes: Option<u64>,
    seed: u64,
) -> Vec<Vec<String>> {
    let nodes = nodes.or(level.limits_for(variant).max_nodes);
    let cancel = AtomicBool::new(false);
    (0..games)
        .map(|game| {
            let game_seed = mix(seed ^ mix(u64::from(game)));
            let mut players = [0, 1].map(|side| Player::new(level, mix(game_seed ^ side)).with_nodes(nodes));
            let mut position = Position::start(variant.clone());
            let mut moves = Vec::new();
            while moves.len() < plies && position.decided().is_none() {
                let player = &mut players[moves.len() % 2];
                let Some(mv) = player.choose(&position, None, &cancel).best else { break };
                moves.push(position.move_text(mv));
                position.play(mv);
            }
            moves
        })
        .collect()
}

/// How many different openings there are among `openings`.
pub fn distinct(openings: &[Vec<String>]) -> usize {
    openings.iter().collect::<HashSet<_>>().len()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::jetan;

    /// Twenty games against each level, its searches small: the first six plies differ in
    /// at least 15 of them; and a seed replays its opening.
    #[test]
    fn games_against_a_level_open_differently_but_a_seed_replays_its_own() {
        let variant = jetan(&[]);
        for level in [Level::Search(1), Level::Search(3), Level::Search(5)] {
            let openings = openings(&variant, level, 20, 6, Some(3000), 11);
            assert!(distinct(&openings) >= 15, "level {level}: {} of 20 distinct: {openings:?}", distinct(&openings));
        }
        let twice = [0, 1].map(|_| openings(&variant, Level::Search(5), 3, 6, Some(3000), 4));
        assert_eq!(twice[0], twice[1]);
    }
}
