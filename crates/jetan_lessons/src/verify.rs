//! Verifying a puzzle by search: its solution is legal, and at each of the solver's turns its
//! first ply is the only move that meets the puzzle's aim.

use jetan_ai::WIN_BOUND;

use crate::puzzle::{Aim, Puzzle};
use crate::scores::{Judge, Probe};

/// Verifies `puzzle` with the probe that confirmed it ([`Puzzle::probe`]).
///
/// # Errors
/// What is wrong: an illegal turn, a solver's move that isn't unique, a line that doesn't
/// achieve its aim.
pub fn verify(puzzle: &Puzzle) -> Result<(), String> {
    verify_with(puzzle, puzzle.probe)
}

/// Verifies `puzzle` with `probe`: the solution's turns are legal in order, alternate between
/// the solver and the opponent starting and ending with the solver; at each solver turn, the
/// turn's first ply (for a Charge, its declaration) is the only legal move that meets the aim
/// by the search; and a winning line ends in the solver's win (or, cut short, in a position the
/// search scores as a forced win).
///
/// # Errors
/// What is wrong, naming the turn.
pub fn verify_with(puzzle: &Puzzle, probe: Probe) -> Result<(), String> {
    if puzzle.solution.len().is_multiple_of(2) {
        return Err("the solution must end with the solver's turn".into());
    }
    let mut judge = Judge::new(probe);
    let mut position = puzzle.start.clone();
    for (i, text) in puzzle.solution.iter().enumerate() {
        let number = i + 1;
        let solvers = i % 2 == 0;
        if solvers != (position.to_move() == puzzle.side) {
            return Err(format!("turn {number} `{text}` is played by the wrong side"));
        }
        let plies = position.parse_turn(text).map_err(|e| format!("turn {number} `{text}`: {e}"))?;
        if solvers {
            let first = *plies.first().ok_or_else(|| format!("turn {number} is empty"))?;
            judge.unique(&position, first, puzzle.aim).map_err(|e| format!("turn {number}: {e}"))?;
        }
        for mv in plies {
            position.play(mv);
        }
        if position.decided().is_some() && number < puzzle.solution.len() {
            return Err(format!("the game is over after turn {number}, before the line ends"));
        }
        if position.decided().is_none() && position.to_move() == puzzle.side && solvers {
            return Err(format!("turn {number} `{text}` doesn't finish the solver's turn"));
        }
    }
    if puzzle.aim == Aim::Win {
        let won = match position.decided() {
            Some(outcome) => outcome.winner == Some(puzzle.side),
            None => judge.score_for(&position, puzzle.side, judge.probe().depth) > WIN_BOUND,
        };
        if !won {
            return Err("the line doesn't win".into());
        }
    }
    Ok(())
}
