//! Move ordering, which makes alpha-beta cut early: the table's move, then winning moves,
//! captures by most valuable victim and least valuable attacker (values from the variant),
//! killer moves, declaring or ending a Charge, and quiet moves by their history of causing
//! cut-offs.

use jetan_rules::{Move, MoveKind, Piece, Position, Side, Verdict};

use crate::facts::Facts;
use crate::tt::pack;

/// The transposition table's move.
const TABLE_MOVE: i32 = 1 << 30;
/// A move that wins at once.
const WINNING: i32 = 1 << 29;
/// A capture that doesn't end the game (plus its victim-attacker score).
const CAPTURE: i32 = 1 << 28;
/// A quiet move that caused a cut-off at the same ply (the newer of the two scores 1 more).
const KILLER: i32 = 1 << 27;
/// Ending a Charge: after the killers, before the other quiet moves.
const END_CHARGE: i32 = KILLER - 1;
/// Declaring a Charge (searched as one move with its planned sub-moves): with the end of one.
const DECLARE_CHARGE: i32 = END_CHARGE;
/// History scores are kept below this.
const HISTORY_MAX: i32 = 1 << 20;
/// A capture that ends the game in a loss for the mover.
const LOSING: i32 = -(1 << 29);
/// Escapes come after the other quiet moves: a rescue, not a plan.
const ESCAPE: i32 = -(1 << 21);
/// The deepest ply that keeps killer moves.
const MAX_PLY: usize = 128;

/// Killer moves and history, which live through a search and (history, halved) from one
/// search to the next.
#[derive(Debug)]
pub(crate) struct Ordering {
    squares: usize,
    killers: Vec<[u32; 2]>,
    history: Vec<i32>,
}

impl Ordering {
    /// Empty tables for a board of `squares` squares.
    pub fn new(squares: usize) -> Ordering {
        Ordering { squares, killers: vec![[0; 2]; MAX_PLY], history: vec![0; 2 * squares * squares] }
    }

    /// Forgets the killers and halves the history, before a new search.
    pub fn new_search(&mut self) {
        self.killers.fill([0; 2]);
        self.history.iter_mut().for_each(|h| *h /= 2);
    }

    fn history_index(&self, side: Side, mv: Move) -> usize {
        let (from, to) = mv.lead().map_or((0, 0), |lead| (lead.from.index(), lead.to.index()));
        (side.index() * self.squares + from) * self.squares + to
    }

    /// Scores `moves` into `scores` (the same order), higher to be tried first.
    pub fn score(
        &self,
        position: &Position,
        facts: &Facts,
        moves: &[Move],
        scores: &mut Vec<i32>,
        table_move: u32,
        ply: usize,
    ) {
        scores.clear();
        let killers = self.killers.get(ply).copied().unwrap_or_default();
        let side = position.to_move();
        scores.extend(moves.iter().map(|&mv| {
            let packed = pack(mv);
            if packed == table_move {
                return TABLE_MOVE;
            }
            let mover = mv.lead().and_then(|lead| position.piece_at(lead.from));
            match (mover, main_victim(position, facts, mv)) {
                (Some(mover), Some(victim)) => match facts.verdict(victim, mover) {
                    Some(Verdict::Win) => WINNING,
                    Some(Verdict::Draw) => 0,
                    Some(Verdict::Loss) => LOSING,
                    None => CAPTURE + facts.value(victim) * 32 - facts.value(mover),
                },
                (Some(_), None) if reaches_goal(position, facts, mv) => WINNING,
                // A strike: no piece lands.
                (None, Some(victim)) if facts.key_royal(victim) => WINNING,
                (None, Some(victim)) => CAPTURE + facts.value(victim) * 32,
                _ if packed == killers[0] => KILLER + 1,
                _ if packed == killers[1] => KILLER,
                _ if mv.kind == MoveKind::EndCharge => END_CHARGE,
                _ if mv.kind == MoveKind::Charge => DECLARE_CHARGE,
                _ if mv.kind == MoveKind::Escape => ESCAPE + self.history[self.history_index(side, mv)],
                // Among quiet moves with the same history, the fewer pieces moved the sooner.
                _ => self.history[self.history_index(side, mv)] - mv.steps.len() as i32,
            }
        }));
    }

    /// The killer moves of `ply` (packed; 0 for none).
    pub fn killers(&self, ply: usize) -> [u32; 2] {
        self.killers.get(ply).copied().unwrap_or_default()
    }

    /// Remembers a quiet move that caused a cut-off at `ply` with `depth` plies left.
    pub fn reward(&mut self, side: Side, mv: Move, ply: usize, depth: i32) {
        let packed = pack(mv);
        if let Some(killers) = self.killers.get_mut(ply)
            && killers[0] != packed
        {
            killers[1] = killers[0];
            killers[0] = packed;
        }
        let index = self.history_index(side, mv);
        self.history[index] += depth * depth;
        if self.history[index] >= HISTORY_MAX {
            self.history.iter_mut().for_each(|h| *h /= 2);
        }
    }
}

/// Moves the best-scored of `moves[i..]` to `i` (a selection sort done lazily, since a cut-off
/// often comes after a few moves).
pub(crate) fn pick(moves: &mut [Move], scores: &mut [i32], i: usize) {
    let best = (i..moves.len()).max_by_key(|&j| (scores[j], std::cmp::Reverse(j))).unwrap_or(i);
    moves.swap(i, best);
    scores.swap(i, best);
}

/// Whether a move brings one of its pieces where it wins by arriving.
fn reaches_goal(position: &Position, facts: &Facts, mv: Move) -> bool {
    mv.steps.iter().any(|step| position.piece_at(step.from).is_some_and(|piece| facts.wins_by_reaching(piece, step.to)))
}

/// Whether a legal move removes an enemy piece.
pub(crate) fn is_capture(position: &Position, mv: Move) -> bool {
    position.victims(mv).next().is_some()
}

/// The most valuable enemy piece a legal move removes.
pub(crate) fn main_victim(position: &Position, facts: &Facts, mv: Move) -> Option<Piece> {
    position.victims(mv).max_by_key(|&victim| facts.value(victim))
}
