//! Matches between two players, `a` and `b`: games with alternating colours, each played to a
//! result or a ply limit (a draw), with the slowest and the largest search of each side measured.

use std::fmt;
use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

use jetan_rules::{Outcome, Position, Side, Variant};

use crate::rng::mix;
use crate::{Level, Player};

/// The ply limit of a game unless the configuration says otherwise.
pub const DEFAULT_MAX_PLIES: u32 = 300;

/// What a match plays.
#[derive(Clone, Debug)]
pub struct MatchConfig {
    /// The variant, with its rule options chosen.
    pub variant: Arc<Variant>,
    /// The first player; it takes the first side in odd-numbered games (1, 3, …).
    pub a: Level,
    /// The second player.
    pub b: Level,
    /// How many games.
    pub games: u32,
    /// The seed every game's players' seeds are derived from.
    pub seed: u64,
    /// Time per move of player `a`, then player `b`, replacing their levels' times.
    pub movetime: [Option<Duration>; 2],
    /// Positions a search of player `a`, then player `b`, may visit, replacing any time: with
    /// one thread each, the same seed then replays the same games on any machine.
    pub nodes: [Option<u64>; 2],
    /// A game that reaches this many plies is a draw.
    pub max_plies: u32,
    /// How many threads player `a`'s, then player `b`'s searches use.
    pub threads: [usize; 2],
}

impl MatchConfig {
    /// A match of 2 games between `a` and `b`, seed 0, the levels' own times and no node
    /// limits, the default ply limit and one thread each.
    pub fn new(variant: Arc<Variant>, a: Level, b: Level) -> MatchConfig {
        MatchConfig {
            variant,
            a,
            b,
            games: 2,
            seed: 0,
            movetime: [None; 2],
            nodes: [None; 2],
            max_plies: DEFAULT_MAX_PLIES,
            threads: [1, 1],
        }
    }
}

/// The result of a game for the match.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GameResult {
    /// Player `a` won.
    AWins,
    /// A draw (by the rules, or by the ply limit).
    Draw,
    /// Player `b` won.
    BWins,
}

/// One game of a match.
#[derive(Clone, Debug)]
pub struct SelfPlayGame {
    /// The game's number, from 1.
    pub number: u32,
    /// The side player `a` played.
    pub a_side: Side,
    /// The result for the match.
    pub result: GameResult,
    /// How the rules ended the game; `None` if the ply limit did.
    pub outcome: Option<Outcome>,
    /// Its moves, in notation.
    pub moves: Vec<String>,
    /// The longest time player `a`, then player `b`, took for a move.
    pub slowest: [Duration; 2],
    /// The most positions a search of player `a`, then player `b`, visited for a move (0 for
    /// the baselines, which don't search).
    pub most_nodes: [u64; 2],
    /// The game's one-line summary.
    pub summary: String,
}

/// The score of a match so far, from player `a`'s point of view.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct MatchScore {
    /// Games `a` won.
    pub wins: u32,
    /// Games drawn.
    pub draws: u32,
    /// Games `a` lost.
    pub losses: u32,
    /// The longest time player `a`, then player `b`, took for a move.
    pub slowest: [Duration; 2],
    /// The most positions a search of player `a`, then player `b`, visited for a move.
    pub most_nodes: [u64; 2],
}

impl MatchScore {
    /// `a`'s points: a win counts 1, a draw one half.
    pub fn points(&self) -> f64 {
        self.wins as f64 + self.draws as f64 / 2.0
    }

    fn add(&mut self, game: &SelfPlayGame) {
        match game.result {
            GameResult::AWins => self.wins += 1,
            GameResult::Draw => self.draws += 1,
            GameResult::BWins => self.losses += 1,
        }
        for (slowest, game) in self.slowest.iter_mut().zip(game.slowest) {
            *slowest = (*slowest).max(game);
        }
        for (most, game) in self.most_nodes.iter_mut().zip(game.most_nodes) {
            *most = (*most).max(game);
        }
    }
}

impl MatchScore {
    /// A line on the slowest moves: `slowest move: a 190.2 ms, b 3.1 ms`.
    pub fn slowest_text(&self) -> String {
        let [a, b] = self.slowest.map(|d| d.as_secs_f64() * 1000.0);
        format!("slowest move: a {a:.1} ms, b {b:.1} ms")
    }
}

impl fmt::Display for MatchScore {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "a: {} wins, {} draws, {} losses", self.wins, self.draws, self.losses)
    }
}

/// Plays the match, calling `report` after each game; returns the score.
pub fn play_match(config: &MatchConfig, mut report: impl FnMut(&SelfPlayGame)) -> MatchScore {
    let mut score = MatchScore::default();
    for number in 1..=config.games {
        let game = play_game(config, number);
        score.add(&game);
        report(&game);
    }
    score
}

/// Plays game `number` (from 1) of the match: `a` takes the first side in odd-numbered games.
pub fn play_game(config: &MatchConfig, number: u32) -> SelfPlayGame {
    let first = config.variant.rules().first;
    let a_side = if number % 2 == 1 { first } else { first.opponent() };
    play_from(config, number, Position::start(config.variant.clone()), a_side)
}

/// Plays game `number` (from 1) of the match from `start`, `a` taking `a_side`, to a result or
/// until the game counts the match's ply limit (the plies of `start` included, so that a
/// position from a game ends where the game would have).
pub fn play_from(config: &MatchConfig, number: u32, start: Position, a_side: Side) -> SelfPlayGame {
    let variant = &config.variant;
    let game_seed = mix(config.seed ^ mix(number as u64));
    let player = |mover: usize, level: Level| {
        Player::new(level, mix(game_seed ^ (mover as u64 + 1)))
            .with_threads(config.threads[mover])
            .with_nodes(config.nodes[mover])
    };
    let mut players = [player(0, config.a), player(1, config.b)];
    let cancel = AtomicBool::new(false);
    let mut position = start;
    let mut moves = Vec::new();
    let mut slowest = [Duration::ZERO; 2];
    let mut most_nodes = [0; 2];
    let outcome = loop {
        if let Some(outcome) = position.decided() {
            break Some(outcome);
        }
        if position.ply() >= config.max_plies {
            break None;
        }
        let mover = usize::from(position.to_move() != a_side);
        let player = &mut players[mover];
        let started = Instant::now();
        let thought = player.choose(&position, config.movetime[mover], &cancel);
        let took = started.elapsed();
        slowest[mover] = slowest[mover].max(took);
        most_nodes[mover] = most_nodes[mover].max(thought.nodes);
        let Some(mv) = thought.best else { break position.outcome() };
        debug_assert!(position.is_legal(mv), "{} chose an illegal move", player.level());
        moves.push(position.move_text(mv));
        position.play(mv);
    };
    let result = match outcome.and_then(|o| o.winner) {
        Some(side) if side == a_side => GameResult::AWins,
        Some(_) => GameResult::BWins,
        None => GameResult::Draw,
    };
    let ending = match outcome {
        Some(outcome) => outcome.describe(variant),
        None => format!("Draw: the ply limit of {} was reached", config.max_plies),
    };
    let summary = format!(
        "game {number}: a={} ({}) vs b={} ({}): {ending} after {} plies",
        config.a,
        variant.side_name(a_side),
        config.b,
        variant.side_name(a_side.opponent()),
        moves.len()
    );
    SelfPlayGame { number, a_side, result, outcome, moves, slowest, most_nodes, summary }
}
