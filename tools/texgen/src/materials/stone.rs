//! The arena's sandstone (blocks laid in courses) and the board's carved frame (darker sandstone
//! with a key pattern in relief).

use super::layout::Courses;
use crate::field::{Field, Rgb, hex, mix, ramp, shade};
use crate::noise::{Cells, Fbm, hash01, sin_turns, smoothstep};
use crate::surface::{Relief, Surface, Texel};

/// Weathered sandstone's face at (`u`, `v`): its colour from `palette` (0 to 1 along it) and a
/// height from about -0.5 to 0.5: blotches, fine bedding layers, pits and grain.
fn weathered(u: f32, v: f32, palette: &[(f32, Rgb)], seed: u32) -> (Rgb, f32) {
    let blotch = Fbm::new(3, 5, seed).blotch(u, v);
    let (wu, wv) = Fbm::new(2, 3, seed + 1).warp(u, v, 0.04);
    // Bedding: thin layers laid down by the ancient sea, bent a little.
    let layers = sin_turns(wv * 24.0 + 0.2 * wu) * 0.5 + 0.5;
    let grain = Fbm::new(64, 2, seed + 2).at(u, v);
    let pits = Cells::new(24, 1.0, seed + 3).at(u, v);
    let pit = (1.0 - smoothstep(0.0, 0.22, pits.f1)) * smoothstep(0.75, 0.95, hash01(pits.id as i32, 0, seed));
    let erosion = Fbm::new(6, 4, seed + 4).at(u, v);
    let t = 0.5 + 0.35 * blotch + 0.12 * (layers - 0.5) + 0.05 * grain;
    let color = shade(ramp(palette, t), 1.0 - 0.25 * pit + 0.04 * grain);
    (color, 0.35 * erosion + 0.08 * layers + 0.06 * grain - 0.35 * pit)
}

/// Red-ochre sandstone, from its shadowed to its sun-bleached grains.
const SANDSTONE: &[(f32, Rgb)] =
    &[(0.0, hex(0x8E4A2B)), (0.35, hex(0xA95E37)), (0.6, hex(0xBB7145)), (0.85, hex(0xC98A5A)), (1.0, hex(0xD6A277))];

/// The arena's stone: weathered ochre-red blocks in four courses, their joints sunk, their
/// edges worn round and chipped.
pub fn sandstone(size: usize) -> Surface {
    let courses = Courses { rows: 4, min: 2, max: 3, spread: 0.3, seed: 11 };
    let ragged = Fbm::new(12, 4, 12);
    let mortar = hex(0x9C7656);
    Surface::new(size, Relief { depth: 10.0, radius: 6, occlusion: 2.5 }, |u, v| {
        let block = courses.at(u, v);
        let edge = block.to_end.min(block.to_side) + 0.008 * ragged.at(u, v);
        let shoulder = smoothstep(0.004, 0.022, edge);
        let tone = hash01(block.id as i32, 1, 13);
        let (face, relief) = weathered(u + tone, v, SANDSTONE, 14);
        let face = shade(face, 0.88 + 0.2 * tone);
        let sand = Fbm::new(48, 3, 15).at(u, v);
        let joint = 1.0 - smoothstep(0.002, 0.006, edge);
        let color = mix(shade(face, 0.9 + 0.1 * shoulder), shade(mortar, 0.92 + 0.1 * sand), joint);
        Texel {
            color,
            height: 0.12 + 0.04 * sand + 0.8 * shoulder * (0.75 + 0.25 * relief),
            roughness: 0.86 + 0.06 * joint + 0.04 * sand,
            metallic: 0.0,
        }
    })
}

/// The frame's key pattern, one repeat 8 units across, 16 down: `#` stands at the face, `.` is
/// carved away. A border band, a groove, a line, the key between lines, and back.
const KEY: [&[u8; 8]; 16] = [
    b"########", b"########", b"........", b"########", b"........", b".#####..", b".#...#..", b".#.###..",
    b".#.#....", b"##.#####", b"........", b"########", b"........", b"########", b"########", b"########",
];

/// Darker sandstone.
const FRAME: &[(f32, Rgb)] =
    &[(0.0, hex(0x4E2818)), (0.4, hex(0x6A3720)), (0.7, hex(0x7E4428)), (1.0, hex(0x95573A))];

/// The board's carved frame: darker sandstone with a running key between raised lines, the
/// pattern along `u` (two repeats across the tile), the bands along `v`.
pub fn frame(size: usize) -> Surface {
    let chisel = Fbm::new(16, 3, 21);
    let carved = Field::new(size, |u, v| {
        let (x, y) = (u + 0.003 * chisel.at(u, v), v + 0.003 * chisel.seed(22).at(u, v));
        let (col, row) = ((x * 16.0).rem_euclid(16.0) as usize % 8, (y * 16.0).rem_euclid(16.0) as usize);
        if KEY[row][col] == b'#' { 1.0 } else { 0.0 }
    })
    .blur(2);
    Surface::new(size, Relief { depth: 14.0, radius: 5, occlusion: 2.0 }, |u, v| {
        let raised = carved.sample(u, v);
        let (face, relief) = weathered(u, v, FRAME, 23);
        let tool = Fbm::new(32, 2, 24).cells(64, 16).at(u, v);
        let floor = 1.0 - raised;
        let color = shade(face, 0.82 + 0.18 * raised + 0.03 * tool * floor);
        Texel {
            color,
            height: 0.05 + 0.75 * raised + 0.12 * relief + 0.04 * tool * floor,
            roughness: 0.78 + 0.1 * floor - 0.05 * raised,
            metallic: 0.0,
        }
    })
}
