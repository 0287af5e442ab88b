//! A player: a level's way of choosing moves, with its own searcher and random numbers, kept
//! for a whole game.

use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

use jetan_rules::Position;

use crate::rng::Rng;
use crate::{Level, Searcher, Thought, greedy_move, greedy_plus_one_move, random_move};

/// One side's player for a game.
#[derive(Debug)]
pub struct Player {
    level: Level,
    seed: u64,
    rng: Rng,
    searcher: Option<Searcher>,
    /// The positions a search may visit, if limited by nodes rather than time.
    nodes: Option<u64>,
    /// The hashes of the positions this player has seen and made, in order.
    history: Vec<u64>,
}

impl Player {
    /// A player of `level`; `seed` decides its random choices (baselines) or its evaluation's
    /// nudges (search), so that the same seed replays the same moves (with node limits, or
    /// a search that ends on depth rather than time).
    pub fn new(level: Level, seed: u64) -> Player {
        let searcher = matches!(level, Level::Search(_)).then(|| Searcher::new().with_root_spread(level.root_spread()));
        Player { level, seed, rng: Rng::new(seed), searcher, nodes: None, history: Vec::new() }
    }

    /// The same player searching with `threads` threads (see [`Searcher::with_threads`]);
    /// the baselines ignore it.
    pub fn with_threads(mut self, threads: usize) -> Player {
        self.searcher = self.searcher.map(|searcher| searcher.with_threads(threads));
        self
    }

    /// The same player searching at most `nodes` positions a move, if given, whatever the time
    /// (see [`crate::Limits::with_nodes`]): with one thread, its moves are then the same on any
    /// machine.
    pub fn with_nodes(mut self, nodes: Option<u64>) -> Player {
        self.nodes = nodes;
        self
    }

    /// The player's level.
    pub fn level(&self) -> Level {
        self.level
    }

    /// Chooses a move for the side to move, within the level's limits, the time replaced by
    /// `movetime` if given (and by the player's node limit, if it has one). `best` is `None`
    /// only when there is no legal move. A player follows one game: the positions it is shown
    /// and the ones its moves make are remembered, so that the search can steer away from going
    /// round in circles.
    pub fn choose(&mut self, position: &Position, movetime: Option<Duration>, cancel: &AtomicBool) -> Thought {
        let started = Instant::now();
        let thought = match (&mut self.searcher, self.level) {
            (Some(searcher), level) => {
                let limits = level.limits_for(position.variant()).with_movetime(movetime).with_nodes(self.nodes);
                searcher.think_in_game(position, &self.history, &limits, cancel, self.seed)
            }
            (None, level) => {
                let best = match level {
                    Level::Greedy => greedy_move(position, &mut self.rng),
                    Level::GreedyPlusOne => greedy_plus_one_move(position, &mut self.rng),
                    _ => random_move(position, &mut self.rng),
                };
                let pv: Vec<_> = best.into_iter().collect();
                Thought { best, score: 0, depth: 0, nodes: 0, elapsed: started.elapsed(), turn: pv.clone(), pv }
            }
        };
        self.history.push(position.hash());
        if let Some(mv) = thought.best {
            let mut after = position.clone();
            after.play(mv);
            self.history.push(after.hash());
        }
        thought
    }
}
