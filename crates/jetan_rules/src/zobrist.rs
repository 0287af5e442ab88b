//! Zobrist keys: one random 64-bit number per (piece, square) and per other part of the state.

use crate::{Piece, Side, Square};

/// The keys for one variant, drawn from a fixed seed so hashes are the same on every run.
#[derive(Clone, Debug)]
pub(crate) struct Zobrist {
    squares: usize,
    pieces: Vec<u64>,
    /// Xored in when North is to move.
    pub north_to_move: u64,
    /// Xored in per side whose escape is used.
    pub escape_used: [u64; 2],
    /// Xored in for the small-armies count (index = plies counted, +1; 0 = not counting).
    counters: Vec<u64>,
    /// Per square: xored in for a piece whose home it is.
    homes: Vec<u64>,
    /// Xored in while a Charge is being played.
    pub charge: u64,
    /// Per file: xored in once a Charge has used it.
    pub charge_files: Vec<u64>,
    /// Per square: xored in while it holds a piece that has moved in the Charge.
    pub charge_moved: Vec<u64>,
    /// Per square: xored in for a train's hauler there.
    train_engines: Vec<u64>,
    /// Per (car index, square): xored in for a train's car there.
    train_cars: Vec<u64>,
}

impl Zobrist {
    pub fn new(kinds: usize, squares: usize, counter_values: usize) -> Self {
        let mut state = 0x4a45_5441_4e5f_4a45_u64; // "JETAN_JE"
        let mut next = move || {
            // splitmix64
            state = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
            let mut z = state;
            z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
            z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
            z ^ (z >> 31)
        };
        let pieces = (0..kinds * 4 * squares).map(|_| next()).collect();
        let north_to_move = next();
        let escape_used = [next(), next()];
        let counters = (0..counter_values + 1).map(|_| next()).collect();
        let homes = (0..squares).map(|_| next()).collect();
        let charge = next();
        let charge_files = (0..crate::MAX_SIDE as usize).map(|_| next()).collect();
        let charge_moved = (0..squares).map(|_| next()).collect();
        let train_engines = (0..squares).map(|_| next()).collect();
        let train_cars = (0..squares * crate::trains::MAX_CARS).map(|_| next()).collect();
        Zobrist {
            squares,
            pieces,
            north_to_move,
            escape_used,
            counters,
            homes,
            charge,
            charge_files,
            charge_moved,
            train_engines,
            train_cars,
        }
    }

    /// The key of a train's hauler on `square`.
    pub fn train_engine(&self, square: Square) -> u64 {
        self.train_engines[square.index()]
    }

    /// The key of a train's car number `index` (from 0) on `square`.
    pub fn train_car(&self, index: usize, square: Square) -> u64 {
        self.train_cars[index * self.squares + square.index()]
    }

    /// The key of `piece` standing on `square` (with its owner and home).
    pub fn piece(&self, piece: Piece, square: Square) -> u64 {
        let index = (piece.kind.index() * 2 + piece.side.index()) * 2 + piece.owner.index();
        let key = self.pieces[index * self.squares + square.index()];
        match piece.home {
            Some(home) => key ^ self.homes[home.index()],
            None => key,
        }
    }

    /// The key of the small-armies count.
    pub fn counter(&self, count: Option<u8>) -> u64 {
        count.map_or(0, |c| self.counters[(c as usize + 1).min(self.counters.len() - 1)])
    }

    /// The key of the side to move.
    pub fn side(&self, side: Side) -> u64 {
        match side {
            Side::South => 0,
            Side::North => self.north_to_move,
        }
    }
}
