//! The Jetan AI: an alpha-beta search over [`jetan_rules`] whose evaluation reads everything it
//! knows of the game from the variant file (piece values, which captures win, the royal pieces
//! and their escapes), with time, depth and node limits, cancellation and a seed, on one thread
//! or several sharing a transposition table; the random and greedy baselines; self-play matches
//! and a benchmark. It knows nothing of Bevy.
//!
//! A Charge is one decision: the search plays a declaration with the whole sequence of sub-moves
//! its side plans (a beam search at the root and for the enemy's replies, a run of captures
//! deeper), looks for a win within one Charge at every node (so it sees the enemy's coming), and
//! a [`Searcher`] plays on the turn it planned ([`Thought::turn`]). [`ask`] answers one question
//! as a command line asks it (`jetan think`); [`suite`] plays the Charge suite.
//!
//! ```
//! use std::sync::Arc;
//! use std::sync::atomic::AtomicBool;
//! use jetan_ai::{Limits, Searcher};
//! use jetan_rules::{Position, Variant};
//!
//! let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../assets/variants/jetan.ron");
//! let variant = Arc::new(Variant::load_file(std::path::Path::new(path)).unwrap());
//! let position = Position::start(variant);
//! let thought = Searcher::new().think(&position, &Limits::depth(2), &AtomicBool::new(false), 7);
//! assert!(position.is_legal(thought.best.unwrap()));
//! assert_eq!(thought.depth, 2);
//! ```

#![deny(missing_docs)]

mod alphabeta;
pub mod ask;
mod baseline;
pub mod bench;
mod charge_plan;
mod charge_threat;
mod charge_win;
mod deepen;
mod eval;
mod facts;
pub mod finishing;
mod generation;
pub mod ladder;
mod level;
mod memo;
mod ordering;
mod player;
mod quiescence;
mod raid_guard;
pub mod rating;
mod rng;
mod score;
mod search;
pub mod selfplay;
pub mod strength;
pub mod suite;
#[cfg(test)]
mod testing;
mod thought;
mod tt;
pub mod variety;

pub use baseline::{greedy_move, greedy_plus_one_move, random_move};
pub use charge_win::{ChargeWins, MOST_CLEARED};
pub use level::{Level, LevelError, Limits, MAX_DEPTH, MAX_LEVEL};
pub use player::Player;
pub use rng::Rng;
pub use score::{WIN, WIN_BOUND, describe as describe_score, plies_to_end};
pub use search::{DEFAULT_TABLE_MEGABYTES, MAX_THREADS, Searcher, default_threads, think};
pub use thought::Thought;
