//! The ground of Barsoom: the field's packed ochre sand and the dead sea bottoms' ochre moss.

use crate::field::{Rgb, hex, mix, ramp, shade};
use crate::noise::{Cells, Fbm, hash01, smoothstep};
use crate::surface::{Relief, Surface, Texel};

/// Packed ochre sand.
const SAND: &[(f32, Rgb)] = &[(0.0, hex(0xA8754A)), (0.5, hex(0xBF8C5C)), (1.0, hex(0xD0A274))];

/// The field's packed ochre sand: coarse grain (dark and bright grains among the ochre),
/// scuffed patches where feet and hooves turned it, gentle undulation. No straight marks: a
/// tile repeats every two metres, and a line across it reads as the seam of a plank.
pub fn sand(size: usize) -> Surface {
    let grains = Cells::new(96, 1.0, 31);
    let pebbles = Cells::new(20, 1.0, 35);
    let swell = Fbm::new(3, 5, 32);
    let fine = Fbm::new(48, 3, 33);
    let scuffs = Fbm::new(6, 4, 36);
    Surface::new(size, Relief { depth: 6.0, radius: 3, occlusion: 2.0 }, |u, v| {
        let grain = grains.at(u, v);
        let bump = 1.0 - smoothstep(0.0, 0.75, grain.f1);
        let kind = hash01(grain.id as i32, 0, 34);
        let pebble = pebbles.at(u, v);
        let stone = if hash01(pebble.id as i32, 0, 37) < 0.3 { 1.0 - smoothstep(0.0, 0.22, pebble.f1) } else { 0.0 };
        let scuff = smoothstep(0.05, 0.45, scuffs.at(u, v));
        let t = 0.5 + 0.45 * swell.blotch(u, v) + 0.18 * fine.at(u, v) - 0.25 * scuff;
        let mut color = shade(ramp(SAND, t), 0.86 + 0.26 * bump);
        let speck = smoothstep(0.35, 0.9, bump);
        if kind < 0.14 {
            color = mix(color, hex(0x6A4A30), speck * 0.6);
        } else if kind > 0.9 {
            color = mix(color, hex(0xE8D0AC), speck * 0.55);
        }
        color = mix(color, hex(0x8A6448), stone * 0.7);
        Texel {
            color,
            height: 0.5 + 0.25 * swell.at(u, v) + 0.14 * bump + 0.06 * fine.at(u, v) + 0.2 * stone - 0.08 * scuff,
            roughness: 0.86 + 0.08 * bump - 0.1 * stone,
            metallic: 0.0,
        }
    })
}

/// Ochre moss, from its shadowed depths to its sunlit tips, with a reddish cast in patches.
const MOSS: &[(f32, Rgb)] = &[(0.0, hex(0x4A3A1C)), (0.35, hex(0x7D6430)), (0.7, hex(0xA68A42)), (1.0, hex(0xC9AC60))];

/// The ochre moss of the dead sea bottoms: dense cushions in two sizes, fibrous, the hollows
/// between them dark.
pub fn moss(size: usize) -> Surface {
    let big = Cells::new(9, 1.0, 41);
    let small = Cells::new(23, 1.0, 42);
    let fibres = Fbm::new(40, 3, 43);
    let patches = Fbm::new(3, 4, 44);
    Surface::new(size, Relief { depth: 8.0, radius: 4, occlusion: 1.8 }, |u, v| {
        let dome = |f1: f32| {
            let d = smoothstep(0.0, 0.9, f1);
            1.0 - d * d
        };
        let cushions = 0.65 * dome(big.at(u, v).f1) + 0.35 * dome(small.at(u, v).f1);
        let (wu, wv) = Fbm::new(8, 2, 45).warp(u, v, 0.01);
        let fibre = fibres.ridged(wu, wv);
        let height = 0.75 * cushions + 0.25 * fibre;
        let patch = smoothstep(0.1, 0.5, patches.at(u, v));
        let color = mix(ramp(MOSS, height * 1.1 - 0.05), hex(0x9A5E30), 0.35 * patch * height);
        Texel { color, height, roughness: 0.97 - 0.05 * fibre, metallic: 0.0 }
    })
}
