//! The rating ladder: a round robin between levels, each searching within its own node budget
//! (so that a seed replays every game on any machine), colours alternated in each pairing, and
//! the Elo table fitted from the results (see [`crate::rating`]).

use std::fmt::Write;
use std::sync::Arc;

use jetan_rules::Variant;

use crate::Level;
use crate::rating::{Fit, Results};
use crate::rng::mix;
use crate::selfplay::{GameResult, MatchConfig, SelfPlayGame, play_game};

/// What a ladder plays.
#[derive(Clone, Debug)]
pub struct LadderConfig {
    /// The variant, with its rule options chosen.
    pub variant: Arc<Variant>,
    /// The players, weakest first as expected (the table keeps this order).
    pub players: Vec<Level>,
    /// Games per pairing (colours alternate: the first of the pair takes the first side in
    /// odd games).
    pub games: u32,
    /// The seed every game's is derived from.
    pub seed: u64,
    /// A game that reaches this many plies is a draw.
    pub max_plies: u32,
    /// Only the pairings that include this player, if given (to add games to a ladder).
    pub only_with: Option<Level>,
}

/// A game's result as a line that [`parse_result`] reads back (so that runs can be joined):
/// `result A B SCORE`, the score being the first player's (1, 0.5 or 0).
pub fn result_line(a: Level, b: Level, game: &SelfPlayGame) -> String {
    let score = match game.result {
        GameResult::AWins => "1",
        GameResult::Draw => "0.5",
        GameResult::BWins => "0",
    };
    format!("result {a} {b} {score}")
}

/// Reads a line written by [`result_line`]; `None` for any other line.
pub fn parse_result(line: &str) -> Option<(Level, Level, f64)> {
    let mut words = line.strip_prefix("result ")?.split_whitespace();
    let a = words.next()?.parse().ok()?;
    let b = words.next()?.parse().ok()?;
    let score = words.next()?.parse().ok().filter(|s| [0.0, 0.5, 1.0].contains(s))?;
    words.next().is_none().then_some((a, b, score))
}

/// The results of `players` in the `result` lines of `text` (a run's printed output, or several
/// joined); lines of other players, and other lines, are left out.
pub fn results_from_lines(players: &[Level], text: &str) -> Results {
    let mut results = Results::new(players.len());
    let index = |level| players.iter().position(|&p| p == level);
    for (a, b, score) in text.lines().filter_map(parse_result) {
        if let (Some(a), Some(b)) = (index(a), index(b)) {
            results.add(a, b, score);
        }
    }
    results
}

/// Plays every pairing of the ladder, weakest players first, calling `report` after each game
/// with the pair's levels; returns the results, indexed as `config.players`.
pub fn play_ladder(config: &LadderConfig, mut report: impl FnMut(Level, Level, &SelfPlayGame)) -> Results {
    let players = &config.players;
    let mut results = Results::new(players.len());
    for b in 1..players.len() {
        for a in 0..b {
            if config.only_with.is_some_and(|level| ![players[a], players[b]].contains(&level)) {
                continue;
            }
            let match_config = pairing(config, players[a], players[b]);
            for number in 1..=config.games {
                let game = play_game(&match_config, number);
                results.add(a, b, score_of(game.result));
                report(players[a], players[b], &game);
            }
        }
    }
    results
}

/// The match between `a` and `b`: each at its level's own node budget for the variant and no
/// time limit, one thread, the pair's seed from the ladder's and the levels'.
pub fn pairing(config: &LadderConfig, a: Level, b: Level) -> MatchConfig {
    let nodes = [a, b].map(|level| level.limits_for(&config.variant).max_nodes);
    let pair_seed = mix(config.seed ^ mix(level_code(a) << 8 | level_code(b)));
    MatchConfig {
        games: config.games,
        seed: pair_seed,
        nodes,
        max_plies: config.max_plies,
        ..MatchConfig::new(config.variant.clone(), a, b)
    }
}

/// The first player's score in a game of a match.
fn score_of(result: GameResult) -> f64 {
    match result {
        GameResult::AWins => 1.0,
        GameResult::Draw => 0.5,
        GameResult::BWins => 0.0,
    }
}

/// A number for each level, for the pairings' seeds.
fn level_code(level: Level) -> u64 {
    match level {
        Level::Random => 1,
        Level::Greedy => 2,
        Level::GreedyPlusOne => 100,
        Level::Search(n) => 2 + u64::from(n),
    }
}

/// The Elo table of `players` from `results`, `anchor` held at `anchor_elo`: per player its
/// games, score, rating ± twice its standard error (about 95%) and the gap to the player
/// above it in the list ± twice that gap's error; then the score of each pairing.
pub fn table(players: &[Level], results: &Results, anchor: usize, anchor_elo: f64) -> String {
    let fit: Fit = results.fit(anchor, anchor_elo);
    let mut text = String::new();
    let _ = writeln!(
        text,
        "| player | games | score | Elo | ± (2 s.e.) | gap to the one above | ± (2 s.e.) |\n|---|---|---|---|---|---|---|"
    );
    for (i, level) in players.iter().enumerate() {
        let (points, games) =
            (0..players.len()).map(|j| results.score(i, j)).fold((0.0, 0.0), |(p, g), (pj, gj)| (p + pj, g + gj));
        let percent = if games > 0.0 { 100.0 * points / games } else { 0.0 };
        let rating = fit.ratings[i];
        let gap = match i {
            0 => "|".to_string(),
            _ => format!("{:+.0} | {:.0}", rating.elo - fit.ratings[i - 1].elo, 2.0 * fit.gap_error(i, i - 1)),
        };
        let _ = writeln!(
            text,
            "| {} | {games} | {percent:.1}% | {:.0} | {:.0} | {gap} |",
            name(*level),
            rating.elo,
            2.0 * rating.error
        );
    }
    let _ = writeln!(text, "\nScores (row's points against column, of the games they played):\n");
    let header: Vec<String> = players.iter().map(|&l| name(l)).collect();
    let _ = writeln!(text, "| | {} |\n|---|{}", header.join(" | "), "---|".repeat(players.len()));
    for (i, level) in players.iter().enumerate() {
        let cells: Vec<String> = (0..players.len())
            .map(|j| match results.score(i, j) {
                _ if i == j => "–".to_string(),
                (_, 0.0) => "".to_string(),
                (points, games) => format!("{points}/{games}"),
            })
            .collect();
        let _ = writeln!(text, "| {} | {} |", name(*level), cells.join(" | "));
    }
    let _ = writeln!(text, "\n{} games; anchor: {} = {anchor_elo}", results.total_games(), name(players[anchor]));
    text
}

/// A level's name in the table: `random`, `greedy`, `level 3`.
fn name(level: Level) -> String {
    match level {
        Level::Search(n) => format!("level {n}"),
        baseline => baseline.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::jetan;

    #[test]
    fn result_lines_are_read_back() {
        assert_eq!(parse_result("result greedy 3 0.5"), Some((Level::Greedy, Level::Search(3), 0.5)));
        assert_eq!(parse_result("result 1 random 1"), Some((Level::Search(1), Level::Random, 1.0)));
        assert_eq!(parse_result("result 1 random 2"), None);
        assert_eq!(parse_result("game 1: a=1 …"), None);
    }

    /// A tiny ladder of the baselines is replayed exactly by its seed, and its table names
    /// every player.
    #[test]
    fn a_ladder_replays_by_its_seed() {
        let config = LadderConfig {
            variant: jetan(&[]),
            players: vec![Level::Random, Level::Greedy],
            games: 2,
            seed: 5,
            max_plies: 60,
            only_with: None,
        };
        let mut lines = [Vec::new(), Vec::new()];
        for lines in &mut lines {
            play_ladder(&config, |a, b, game| {
                lines.push(format!("{} {}", result_line(a, b, game), game.moves.join(" ")))
            });
        }
        assert_eq!(lines[0], lines[1]);
        assert_eq!(lines[0].len(), 2);
        let results = play_ladder(&config, |_, _, _| {});
        let text = table(&config.players, &results, 0, 0.0);
        assert!(text.contains("| random |") && text.contains("| greedy |"), "{text}");
    }
}
