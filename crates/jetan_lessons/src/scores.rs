//! Scoring moves by search: a reproducible, node-limited [`Probe`] of the move a puzzle wants and
//! of every other move, to tell whether it is the only one that does the job.

use std::sync::atomic::AtomicBool;

use jetan_ai::{Limits, Searcher, WIN, WIN_BOUND};
use jetan_rules::{Move, MoveKind, Position, Side};
use serde::{Deserialize, Serialize};

use crate::puzzle::Aim;

/// The least depth a search needs to plan a Charge rather than play a quick run of captures
/// (jetan_ai's Charge planning depth).
pub(crate) const CHARGE_DEPTH: u32 = 3;

/// How hard puzzles are searched: the depth and node limit of each search, and what counts as
/// decisive. Every search starts from an empty table with seed 0, so the same probe of the same
/// position always answers the same.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Probe {
    /// The depth a move is judged to, in plies, the move itself included.
    pub depth: u32,
    /// The most positions each search visits.
    pub nodes: u64,
    /// The least score (in the variant's value units, 100 a Panthan in classic Jetan) of a
    /// move that gains decisive material.
    pub threshold: i32,
    /// How far below the solution every other move must score.
    pub margin: i32,
}

impl Default for Probe {
    fn default() -> Self {
        Probe { depth: 4, nodes: 20_000, threshold: 250, margin: 200 }
    }
}

/// A searcher whose table is small, cleared before every question.
pub(crate) struct Judge {
    searcher: Searcher,
    probe: Probe,
}

impl Judge {
    pub(crate) fn new(probe: Probe) -> Judge {
        Judge { searcher: Searcher::with_table_megabytes(2), probe }
    }

    /// The limits of a search `depth` plies deep.
    fn limits(&self, depth: u32) -> Limits {
        Limits { movetime: None, max_depth: depth.max(1), max_nodes: Some(self.probe.nodes) }
    }

    /// The best turn (its plies) and its score for the side to move, searched `depth` plies.
    pub(crate) fn best(&mut self, position: &Position, depth: u32) -> (Vec<Move>, i32) {
        self.searcher.clear();
        let limits = self.limits(depth);
        let thought = self.searcher.think(position, &limits, &AtomicBool::new(false), 0);
        (thought.turn, thought.score)
    }

    /// The score for `side` of `position` (after a move of `side`'s), searched `depth` plies.
    pub(crate) fn score_for(&mut self, position: &Position, side: Side, depth: u32) -> i32 {
        if let Some(outcome) = position.decided() {
            return match outcome.winner {
                Some(winner) if winner == side => WIN,
                Some(_) => -WIN,
                None => 0,
            };
        }
        let (_, score) = self.best(position, depth);
        if position.to_move() == side { score } else { -score }
    }

    /// The score of `mv` for the side to move: the position after it searched a ply less (after
    /// declaring a Charge, at least [`CHARGE_DEPTH`] plies, so that the Charge is planned).
    pub(crate) fn score_of(&mut self, position: &Position, mv: Move) -> i32 {
        let side = position.to_move();
        let mut after = position.clone();
        after.play(mv);
        let depth = self.probe.depth.saturating_sub(1);
        let depth = if mv.kind == MoveKind::Charge { depth.max(CHARGE_DEPTH) } else { depth };
        self.score_for(&after, side, depth)
    }

    /// A glance at `mv`, to order moves by, never to judge them: the worth of what it takes at
    /// once. (A search, even of a few hundred nodes, costs as much as the searches it would
    /// save: a big variant's search plans Charges whatever its node limit.)
    fn glance(position: &Position, mv: Move) -> i32 {
        position.victims(mv).map(|victim| position.variant().kind(victim.kind).value).sum()
    }

    /// Whether `mv` alone meets `aim` in `position`: it scores as the aim asks, and every other
    /// legal move scores below it by the margin (for a win: no other move wins); variants of it
    /// ([`same_move`]) don't count as others. Its score if so.
    pub(crate) fn unique(&mut self, position: &Position, mv: Move, aim: Aim) -> Result<i32, String> {
        let score = self.score_of(position, mv);
        let bar = match aim {
            Aim::Win if score > WIN_BOUND => WIN_BOUND + 1,
            Aim::Win => return Err(format!("`{}` doesn't win by the search", position.move_text(mv))),
            Aim::Material if score >= self.probe.threshold => score - self.probe.margin + 1,
            Aim::Material => {
                let text = position.move_text(mv);
                return Err(format!("`{text}` scores {score}, below the threshold {}", self.probe.threshold));
            }
        };
        let others: Vec<Move> =
            position.legal_moves().into_iter().filter(|&other| !same_move(position, mv, other)).collect();
        // The likeliest rivals first, by a glance at each (the biggest captures): one rival
        // settles it, so a position with one is dropped after a few searches. The order changes
        // how soon the answer comes, never the answer: every other move is searched until a
        // rival is.
        let mut glanced: Vec<(i32, Move)> =
            others.into_iter().map(|other| (Judge::glance(position, other), other)).collect();
        glanced.sort_by_key(|&(glance, _)| std::cmp::Reverse(glance));
        for (_, other) in glanced {
            let rival = self.score_of(position, other);
            if rival >= bar {
                let (a, b) = (position.move_text(mv), position.move_text(other));
                return Err(format!("`{b}` ({rival}) does about as well as `{a}` ({score})"));
            }
        }
        Ok(score)
    }

    /// The probe.
    pub(crate) fn probe(&self) -> Probe {
        self.probe
    }
}

/// Whether `other` is a variant of `mv` in `position` for a puzzle: the same move, or one that
/// takes `mv`'s leading piece to the same square (a group move with other followers, another
/// piece brought back by a promotion). A puzzle accepts any variant of its solution's move.
pub fn same_move(position: &Position, mv: Move, other: Move) -> bool {
    if other == mv {
        return true;
    }
    match position.leader(mv) {
        Some(lead) if mv.kind == other.kind => other.steps.contains(&lead),
        _ => false,
    }
}
