//! The game's materials: each one's name, size and the function that makes it.

mod craft;
mod ground;
mod hide;
mod layout;
mod metal;
mod polished;
mod stone;

use crate::surface::Surface;

/// A material: made into `assets/materials/NAME/`.
pub struct Material {
    pub name: &'static str,
    /// Texels each way.
    pub size: usize,
    pub make: fn(usize) -> Surface,
}

const fn material(name: &'static str, size: usize, make: fn(usize) -> Surface) -> Material {
    Material { name, size, make }
}

/// Every material the game has.
pub const ALL: &[Material] = &[
    material("sandstone", 512, stone::sandstone),
    material("frame", 256, stone::frame),
    material("sand", 256, ground::sand),
    material("moss", 256, ground::moss),
    material("board_orange", 256, polished::board_orange),
    material("board_black", 256, polished::board_black),
    material("jewel", 256, polished::jewel),
    material("brass", 256, metal::brass),
    material("gold", 256, metal::gold),
    material("wood", 256, craft::wood),
    material("cloth", 256, craft::cloth),
    material("leather", 256, hide::leather),
    material("skin", 256, hide::skin),
    material("thoat_hide", 256, hide::thoat_hide),
    material("banth_hide", 256, hide::banth_hide),
];
