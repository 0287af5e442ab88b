//! Playing strengths: the baselines and search levels 1 to 5, and the limits of one search.

use std::fmt;
use std::str::FromStr;
use std::time::Duration;

use jetan_rules::Variant;

/// Who chooses the moves: a baseline or the search at some level.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Level {
    /// A uniformly random legal move.
    Random,
    /// A winning move if there is one, else the capture of the most valuable piece, else a
    /// random move (see [`crate::greedy_move`]).
    Greedy,
    /// The greedy baseline one ply deeper ("greedy+1"): the most material taken less what the
    /// reply can take back (see [`crate::greedy_plus_one_move`]).
    GreedyPlusOne,
    /// The alpha-beta search, 1 (weakest) to 5 (strongest): see [`Level::limits`].
    Search(u8),
}

/// The strongest search level.
pub const MAX_LEVEL: u8 = 5;

/// The limits of one search. Whichever is reached first ends it; the search also stops when
/// its cancel flag is raised.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    /// How long the search may take; `None` for no time limit.
    pub movetime: Option<Duration>,
    /// The deepest iteration, in plies (captures are searched further).
    pub max_depth: u32,
    /// How many positions it may visit; `None` for no limit. A node limit, unlike a time
    /// limit, makes the search reproducible.
    pub max_nodes: Option<u64>,
}

impl Limits {
    /// Search to `depth` plies with no time or node limit.
    pub fn depth(depth: u32) -> Limits {
        Limits { movetime: None, max_depth: depth, max_nodes: None }
    }

    /// Search as deep as possible for `movetime`.
    pub fn time(movetime: Duration) -> Limits {
        Limits { movetime: Some(movetime), max_depth: MAX_DEPTH, max_nodes: None }
    }

    /// Search as deep as possible within `nodes` positions (reproducible).
    pub fn nodes(nodes: u64) -> Limits {
        Limits { movetime: None, max_depth: MAX_DEPTH, max_nodes: Some(nodes) }
    }

    /// The same limits with the time replaced, if `movetime` is given.
    pub fn with_movetime(self, movetime: Option<Duration>) -> Limits {
        Limits { movetime: movetime.or(self.movetime), ..self }
    }

    /// The same limits with a node limit in place of the time, if `nodes` is given (so that
    /// the search is reproducible).
    pub fn with_nodes(self, nodes: Option<u64>) -> Limits {
        match nodes {
            Some(nodes) => Limits { movetime: None, max_nodes: Some(nodes), ..self },
            None => self,
        }
    }
}

/// The deepest iteration any search makes.
pub const MAX_DEPTH: u32 = 64;

impl Level {
    /// Every level, weakest first: `random`, `greedy`, `greedy+1`, `1` … `5`.
    pub fn all() -> Vec<Level> {
        [Level::Random, Level::Greedy, Level::GreedyPlusOne]
            .into_iter()
            .chain((1..=MAX_LEVEL).map(Level::Search))
            .collect()
    }

    /// The budget of a search level in classic Jetan: its deepest iteration, the positions it
    /// may visit (which make it as strong on any machine, and reproducible) and a time it stops
    /// at whatever the nodes (so that a slow machine doesn't keep the player waiting):
    ///
    /// | level | depth | nodes | time |
    /// |---|---|---|---|
    /// | 1 | 1 | 20 000 | 100 ms |
    /// | 2 | 2 | 40 000 | 200 ms |
    /// | 3 | 3 | 120 000 | 600 ms |
    /// | 4 | 6 | 400 000 | 2 s |
    /// | 5 | 64 | 1 200 000 | 6 s |
    ///
    /// The nodes are what a level searches in about half its time on a 2020s desktop core;
    /// bigger boards get fewer ([`Level::limits_for`]). The baselines don't search; their
    /// limits are those of level 1 (only the time matters).
    pub fn limits(self) -> Limits {
        let (depth, nodes, millis) = match self {
            Level::Random | Level::Greedy | Level::GreedyPlusOne | Level::Search(..=1) => (1, 20_000, 100),
            Level::Search(2) => (2, 40_000, 200),
            Level::Search(3) => (3, 120_000, 600),
            Level::Search(4) => (6, 400_000, 2000),
            Level::Search(_) => (MAX_DEPTH, 1_200_000, 6000),
        };
        Limits { movetime: Some(Duration::from_millis(millis)), max_depth: depth, max_nodes: Some(nodes) }
    }

    /// How far below the best a root move may score and still be chosen, by the seed of the
    /// game, in hundredths of a Panthan (see [`crate::Searcher::with_root_spread`]): so that
    /// games against a level differ, and the weakest levels play weaker. 0 for the baselines.
    pub fn root_spread(self) -> i32 {
        match self {
            Level::Random | Level::Greedy | Level::GreedyPlusOne => 0,
            Level::Search(..=1) => 300,
            Level::Search(2) => 60,
            Level::Search(3) => 40,
            Level::Search(4) => 25,
            Level::Search(_) => 15,
        }
    }

    /// The level's [`limits`](Level::limits) on `variant`'s board: a position of a bigger board
    /// costs more (more moves, longer lines), so the nodes are scaled down, and the time up by as
    /// much as those nodes take at the benchmark's speeds, which fall as (100 / squares)⁴
    /// (positions a second: classic 400 000, Sarang's 144 squares 70 000, Jeddara's 192 squares
    /// 35 000), so that the nodes, not the time, end the searches as in the ladder that measured
    /// them. Levels 1 to 3, which their depth defines, get (100 / squares)² of their nodes: at a
    /// higher power they would seldom finish their depth (the benchmark's Sarang positions take
    /// 1 900 to 32 000 nodes to search 2 plies, 4 400 to 62 000 for 3; Jeddara's 450 to 2 800 and
    /// 9 300 to 170 000). Levels 4 and 5, which their nodes define, get (100 / squares)³: at the
    /// fourth power (the same time as in classic Jetan) Jeddara's level 4 would search fewer nodes
    /// than its level 3; at the third it searches 1.7 times as many, Sarang's 2.3 times.
    pub fn limits_for(self, variant: &Variant) -> Limits {
        let limits = self.limits();
        let squares = variant.geometry().len().max(1) as u64;
        let power = match self {
            Level::Search(level) if level >= 4 => 3,
            _ => 2,
        };
        let scaled = |nodes: u64| (nodes * 100u64.pow(power) / squares.pow(power)).max(1);
        let slower = (squares as f64 / 100.0).powi(4 - power as i32);
        Limits {
            max_nodes: limits.max_nodes.map(scaled),
            movetime: limits.movetime.map(|time| time.mul_f64(slower)),
            ..limits
        }
    }
}

/// A level name that is not `random`, `greedy` or `1` to `5`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LevelError(pub String);

impl fmt::Display for LevelError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "`{}` is not a level: use random, greedy, greedy+1 or 1 to {MAX_LEVEL}", self.0)
    }
}

impl std::error::Error for LevelError {}

impl FromStr for Level {
    type Err = LevelError;

    fn from_str(text: &str) -> Result<Level, LevelError> {
        match text.trim().to_ascii_lowercase().as_str() {
            "random" => Ok(Level::Random),
            "greedy" => Ok(Level::Greedy),
            "greedy+1" => Ok(Level::GreedyPlusOne),
            number => match number.parse::<u8>() {
                Ok(level @ 1..=MAX_LEVEL) => Ok(Level::Search(level)),
                _ => Err(LevelError(text.to_string())),
            },
        }
    }
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Level::Random => write!(f, "random"),
            Level::Greedy => write!(f, "greedy"),
            Level::GreedyPlusOne => write!(f, "greedy+1"),
            Level::Search(level) => write!(f, "{level}"),
        }
    }
}
