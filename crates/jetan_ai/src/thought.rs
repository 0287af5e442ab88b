//! The result of a search, [`Thought`]: what every layer of the AI (the tree search, the last
//! look against raids, the searcher) fills in or answers with.

use std::time::Duration;

use jetan_rules::Move;

/// The result of a search.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Thought {
    /// The move to play; `None` only when there is no legal move.
    pub best: Option<Move>,
    /// Its score for the side to move (see [`crate::describe_score`]).
    pub score: i32,
    /// The depth of the last completed iteration (0 if none completed).
    pub depth: u32,
    /// Positions visited.
    pub nodes: u64,
    /// How long the search took.
    pub elapsed: Duration,
    /// The expected line of play, starting with `best`.
    pub pv: Vec<Move>,
    /// The plies of the whole turn the side to move plays, starting with `best`: for a
    /// Charge, its declaration (unless the Charge is under way), every sub-move and its end;
    /// else `best` alone (none if there is no legal move). A [`crate::Searcher`] asked again
    /// inside the turn plays on from it.
    pub turn: Vec<Move>,
}
