//! Courses of blocks, as in a wall or a deck of planks: rows of blocks of varied length, the
//! joints of each row staggered from the next, wrapping across and down the tile.

use crate::noise::{hash, hash01};

/// `rows` courses down the tile (the first straddling its top and bottom edges), each of `min` to `max` blocks across.
pub struct Courses {
    pub rows: u32,
    pub min: u32,
    pub max: u32,
    /// How much the blocks of a row differ in length: 0 all alike.
    pub spread: f32,
    pub seed: u32,
}

/// Where a point lies in its block.
pub struct Block {
    /// The block's identity, a hash.
    pub id: u32,
    /// The distance to the nearest end joint (across), in tile units.
    pub to_end: f32,
    /// The distance to the nearest side joint (between rows), in tile units.
    pub to_side: f32,
    /// How far across the row the point lies, 0 (top) to 1.
    pub across: f32,
}

impl Courses {
    pub fn at(&self, u: f32, v: f32) -> Block {
        // The tile's edges cut through the middle of a course, away from the joints.
        let y = v * self.rows as f32 + 0.5;
        let row = (y.floor() as i32).rem_euclid(self.rows as i32);
        let across = y - y.floor();
        let count = self.min + hash(row, 0, self.seed) % (self.max - self.min + 1);
        let lengths: Vec<f32> =
            (0..count as i32).map(|i| 1.0 + self.spread * (2.0 * hash01(row, i + 1, self.seed) - 1.0)).collect();
        let total: f32 = lengths.iter().sum();
        // Where this row's first joint lies, and the point's distance past it.
        let mut t = (u - hash01(row, -1, self.seed)).rem_euclid(1.0) * total;
        let mut index = 0;
        while index + 1 < lengths.len() && t >= lengths[index] {
            t -= lengths[index];
            index += 1;
        }
        let to_end = t.min(lengths[index] - t).max(0.0) / total;
        let to_side = across.min(1.0 - across) / self.rows as f32;
        Block { id: hash(row, index as i32, self.seed ^ 0x51ED_270B), to_end, to_side, across }
    }
}
