//! The buffers a tree search works in, kept by its searcher from one search to the next: the
//! move buffers of each ply, the triangular table of principal variations, the current line's
//! hashes and the memo of the positions met.

use jetan_rules::{Move, MoveKind};

use crate::memo::Memo;

/// The deepest ply a search reaches, quiescence included.
pub(crate) const MAX_PLY: usize = 128;

/// The buffers a search works in, kept by its searcher from one search to the next.
#[derive(Debug)]
pub(crate) struct Workspace {
    /// Per ply: the move buffers.
    pub(super) frames: Vec<Frame>,
    /// The triangular table of principal variations: row `ply` holds the line from `ply`.
    pub(super) pv: Vec<Move>,
    /// Per ply: where its principal variation ends.
    pub(super) pv_len: Vec<usize>,
    /// Per ply: the hash of the position of the current line.
    pub(super) path: Vec<u64>,
    /// What the search remembers of the positions it met.
    pub(super) memo: Memo,
}

impl Workspace {
    /// Buffers for searches of up to [`MAX_PLY`] plies.
    pub fn new() -> Workspace {
        Workspace {
            frames: (0..MAX_PLY).map(|_| Frame::default()).collect(),
            pv: vec![Move::declaration(MoveKind::Normal); MAX_PLY * MAX_PLY],
            pv_len: vec![0; MAX_PLY],
            path: vec![0; MAX_PLY],
            memo: Memo::new(),
        }
    }

    /// Lends out the move buffers of `ply` (give them back with [`Workspace::put_frame`]).
    pub fn take_frame(&mut self, ply: usize) -> Frame {
        std::mem::take(&mut self.frames[ply])
    }

    /// Gives back the move buffers of `ply`.
    pub fn put_frame(&mut self, ply: usize, frame: Frame) {
        self.frames[ply] = frame;
    }

    /// Empties the principal variation of `ply` (a node starts without one).
    pub fn clear_pv(&mut self, ply: usize) {
        self.pv_len[ply] = ply;
    }

    /// The hashes of the positions of the current line up to `ply`'s.
    pub fn path(&self, ply: usize) -> &[u64] {
        &self.path[..=ply]
    }

    /// Takes the line of another thread's search (see [`Workspace::path`]).
    pub fn set_path(&mut self, path: &[u64]) {
        self.path[..path.len()].copy_from_slice(path);
    }
}

/// The move buffers of one ply, reused from node to node.
#[derive(Debug, Default)]
pub(crate) struct Frame {
    /// The moves of the node.
    pub moves: Vec<Move>,
    /// Their ordering scores.
    pub scores: Vec<i32>,
    /// The moves searched before the full generation (packed).
    pub(super) early: Vec<u32>,
}
