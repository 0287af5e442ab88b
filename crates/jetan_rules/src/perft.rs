//! Perft: counting the leaf nodes of the move tree, to check move generation against others.

use crate::{Move, Position};

/// The number of move sequences of `depth` plies from `position` (a finished game has none).
pub fn perft(position: &mut Position, depth: u32) -> u64 {
    let mut buffers = vec![Vec::with_capacity(128); depth as usize];
    count(position, depth, &mut buffers)
}

/// Perft of each legal move: the move and the number of sequences that start with it.
pub fn divide(position: &mut Position, depth: u32) -> Vec<(Move, u64)> {
    let moves = position.legal_moves();
    moves
        .into_iter()
        .map(|mv| {
            let undo = position.play(mv);
            let nodes = if depth <= 1 { 1 } else { perft(position, depth - 1) };
            position.undo(undo);
            (mv, nodes)
        })
        .collect()
}

fn count(position: &mut Position, depth: u32, buffers: &mut [Vec<Move>]) -> u64 {
    if depth == 0 {
        return 1;
    }
    let (moves, deeper) = buffers.split_first_mut().expect("one buffer per ply");
    moves.clear();
    position.generate(moves);
    if depth == 1 {
        return moves.len() as u64;
    }
    let mut nodes = 0;
    for &mv in moves.iter() {
        let undo = position.play(mv);
        nodes += count(position, depth - 1, deeper);
        position.undo(undo);
    }
    nodes
}
