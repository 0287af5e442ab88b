//! The arena's sandstone (blocks laid in courses) and the board's carved frame (darker sandstone
//! with a key pattern in relief).

use super::layout::Courses;
use crate::field::{Field, Rgb, hex, mix, ramp, shade};
use crate::noise::{Cells, Fbm, hash01, sin_turns, smoothstep};
use crate::surface::{Relief, Surface, Texel};

/// A sandstone: its colours and how it weathered.
struct Stone {
    /// Its colour from shadowed to sun-bleached grains (0 to 1 along it).
    palette: &'static [(f32, Rgb)],
    /// How strongly its bedding (thin layers laid down by the ancient sea) shows, 0 to 1.
    layering: f32,
    seed: u32,
}

impl Stone {
    /// The stone's face at (`u`, `v`): its colour and a height from about -0.5 to 0.5, of
    /// blotches, bedding, flakes spalled off, pits and sand grains.
    fn face(&self, u: f32, v: f32) -> (Rgb, f32) {
        let seed = self.seed;
        let blotch = Fbm::new(3, 5, seed).blotch(u, v);
        let (wu, wv) = Fbm::new(2, 3, seed + 1).warp(u, v, 0.04);
        let layers = sin_turns(wv * 40.0 + 0.3 * wu) * Fbm::new(4, 2, seed + 5).at(u, v);
        let grain = Cells::new(160, 1.0, seed + 2).at(u, v);
        let sand = hash01(grain.id as i32, 0, seed) - 0.5;
        let pits = Cells::new(20, 1.0, seed + 3).at(u, v);
        let size = 0.1 + 0.2 * hash01(pits.id as i32, 1, seed);
        let pit = (1.0 - smoothstep(0.0, size, pits.f1)) * smoothstep(0.6, 0.9, hash01(pits.id as i32, 0, seed));
        let erosion = Fbm::new(6, 5, seed + 4).at(u, v);
        // Flakes spalled off the face: a sharp-edged step down, fresher (more orange) inside.
        let spall = smoothstep(0.28, 0.33, Fbm::new(4, 5, seed + 6).at(u, v));
        let t = 0.5 + 0.4 * blotch + 0.1 * self.layering * layers + 0.1 * spall;
        let color = shade(ramp(self.palette, t), 1.0 - 0.15 * pit + 0.12 * sand);
        (color, 0.3 * erosion + 0.06 * self.layering * layers + 0.05 * sand - 0.3 * pit - 0.2 * spall)
    }
}

/// The arena's stone: weathered ochre-red blocks in three courses, their joints sunk, their
/// edges worn round and chipped.
pub fn sandstone(size: usize) -> Surface {
    const SANDSTONE: &[(f32, Rgb)] = &[
        (0.0, hex(0x7E3F24)),
        (0.3, hex(0x9E5331)),
        (0.55, hex(0xB46A40)),
        (0.8, hex(0xC6854F)),
        (1.0, hex(0xD4A06C)),
    ];
    let stone = Stone { palette: SANDSTONE, layering: 0.5, seed: 14 };
    let courses = Courses { rows: 3, min: 2, max: 3, spread: 0.35, seed: 11 };
    let (ragged, chips, wear) = (Fbm::new(10, 5, 12), Cells::new(28, 1.0, 16), Fbm::new(8, 3, 17));
    let streaks = Fbm::new(1, 4, 19).cells(12, 2);
    let mortar = hex(0xA07B5C);
    Surface::new(size, Relief { depth: 12.0, radius: 6, occlusion: 2.5 }, |u, v| {
        let block = courses.at(u, v);
        let chip = chips.at(u, v);
        let chipped = 0.02 * smoothstep(0.0, 0.08, chip.edge) * smoothstep(0.7, 0.85, hash01(chip.id as i32, 0, 18));
        let edge = block.to_end.min(block.to_side) + 0.005 * ragged.at(u, v);
        // Chips and wear round the shoulders down; the joint itself stays straight.
        let shoulder = smoothstep(0.003, 0.016 + 0.012 * wear.at(u, v), edge - chipped);
        // Rain has run down the face in darker streaks.
        let streak = smoothstep(0.0, 0.6, streaks.at(u, v));
        let tone = hash01(block.id as i32, 1, 13);
        let (face, relief) = stone.face(u + tone, v + tone);
        let face = shade(face, (0.86 + 0.24 * tone) * (1.0 - 0.1 * streak));
        let sand = Fbm::new(48, 3, 15).at(u, v);
        let joint = 1.0 - smoothstep(0.002, 0.005, edge);
        let color = mix(shade(face, 0.85 + 0.15 * shoulder), shade(mortar, 0.85 + 0.15 * sand), joint);
        Texel {
            color,
            height: 0.1 + 0.04 * sand + 0.8 * shoulder * (0.65 + 0.35 * relief),
            roughness: 0.86 + 0.06 * joint + 0.04 * sand,
            metallic: 0.0,
        }
    })
}

/// The frame's key pattern, one repeat 8 units across, 16 down: `#` stands at the face, `.` is
/// carved away. A border band, a groove, a line, the key between lines, and back.
const KEY: [&[u8; 8]; 16] = [
    b"########",
    b"########",
    b"........",
    b"########",
    b"........",
    b".#####..",
    b".#...#..",
    b".#.###..",
    b".#.#....",
    b"##.#####",
    b"........",
    b"########",
    b"........",
    b"########",
    b"########",
    b"########",
];

/// Darker sandstone, hardly layered.
const FRAME: Stone = Stone {
    palette: &[(0.0, hex(0x4A2416)), (0.4, hex(0x66341F)), (0.7, hex(0x7C4429)), (1.0, hex(0x98593A))],
    layering: 0.15,
    seed: 23,
};

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
        let (face, relief) = FRAME.face(u, v);
        let tool = Fbm::new(32, 2, 24).cells(64, 16).at(u, v);
        let floor = 1.0 - raised;
        // The carved floors hold dust and grime; the edges of the lines are worn pale.
        let worn = smoothstep(0.5, 0.8, raised) * (1.0 - smoothstep(0.92, 1.0, raised));
        let color =
            mix(shade(face, 0.7 + 0.3 * raised + 0.04 * tool * floor + 0.15 * worn), hex(0x3A2218), 0.2 * floor);
        Texel {
            color,
            height: 0.05 + 0.75 * raised + 0.12 * relief + 0.04 * tool * floor,
            roughness: 0.78 + 0.1 * floor - 0.05 * raised,
            metallic: 0.0,
        }
    })
}
