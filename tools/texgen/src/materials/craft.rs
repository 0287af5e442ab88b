//! Made things: an airship's skeel-wood hull planking and a woven cloth.

use super::layout::Courses;
use crate::field::{Rgb, hex, mix, ramp, shade};
use crate::noise::{Fbm, hash, hash01, sin_turns, smoothstep};
use crate::surface::{Relief, Surface, Texel};

/// Skeel wood, from its dark late-wood lines to its pale early wood: a warm red-brown.
const SKEEL: &[(f32, Rgb)] = &[(0.0, hex(0x5A2E18)), (0.45, hex(0x7E4426)), (1.0, hex(0x9E6038))];

/// An airship's hull planking of skeel wood: four rows of planks along `u`, their butt joints
/// staggered and pegged, each plank's grain its own.
pub fn wood(size: usize) -> Surface {
    let courses = Courses { rows: 4, min: 1, max: 2, spread: 0.4, seed: 101 };
    Surface::new(size, Relief { depth: 5.0, radius: 3, occlusion: 2.0 }, |u, v| {
        let plank = courses.at(u, v);
        let seed = plank.id;
        // The grain: rings cut lengthwise, stretched along the plank and bent about by noise.
        let bend = Fbm::new(1, 2, seed).cells(2, 5).at(u, v);
        let count = (5 + seed % 5) as f32;
        let spacing = Fbm::new(1, 3, seed + 3).cells(1, 12).at(u, v);
        let rings = (4.0 * v + 0.3 * bend + 0.3 * spacing + hash01(seed as i32, 0, 102)) * count;
        let ring = rings - rings.floor();
        let late = smoothstep(0.35, 0.9, ring) * (1.0 - smoothstep(0.9, 1.0, ring));
        let fibre = Fbm::new(2, 3, seed + 1).cells(4, 128).at(u, v);
        let figure = Fbm::new(1, 3, seed + 2).cells(3, 8).at(u, v);
        let tone = hash01(seed as i32, 1, 103);
        let seam = 1.0 - smoothstep(0.0, 0.006, plank.to_end.min(plank.to_side));
        let bevel = smoothstep(0.0, 0.012, plank.to_end.min(plank.to_side));
        // Two pegs a plank's end, a little in from the butt joint.
        let along = plank.to_end - 0.025;
        let peg = [0.3f32, 0.7]
            .iter()
            .map(|&at| {
                let (dx, dy) = (along, (plank.across - at) / 4.0);
                1.0 - smoothstep(0.005, 0.009, (dx * dx + dy * dy).sqrt())
            })
            .fold(0.0, f32::max);
        let t = 0.55 + 0.35 * (tone - 0.5) - 0.22 * late + 0.25 * fibre + 0.15 * figure;
        let color = mix(shade(ramp(SKEEL, t), 1.0 - 0.5 * seam), hex(0x4A2A18), 0.6 * peg);
        Texel {
            color,
            height: 0.35 + 0.5 * bevel + 0.05 * fibre - 0.04 * late - 0.1 * peg,
            roughness: 0.55 + 0.1 * late + 0.05 * fibre + 0.3 * seam,
            metallic: 0.0,
        }
    })
}

/// Threads each way across the tile (even, so that over-one-under-one wraps).
const THREADS: f32 = 48.0;

/// One thread of a plain weave at a point: how high its surface stands there (or `None` beside
/// it), `across` 0 to 1 over its width and `along` in threads along its length, `phase` 0 for a
/// warp thread and 1 for a weft one. It rises over every other crossing thread and dips under
/// the rest, and is a little thicker or thinner than the next (`thickness`).
fn thread(across: f32, along: f32, phase: f32, thickness: f32) -> Option<f32> {
    let x = (2.0 * across - 1.0) / thickness;
    (x.abs() < 1.0).then(|| 0.5 + 0.3 * sin_turns(along * 0.5 + phase * 0.5) + 0.25 * (1.0 - x * x).sqrt())
}

/// A plain-woven cloth of linen or silk, for banners, capes and awnings: threads over one and
/// under one, each a little thicker or paler than the next, their twist showing; pale and near
/// neutral so the game can tint it to a side's colours.
pub fn cloth(size: usize) -> Surface {
    let slubs = [Fbm::new(1, 3, 111).cells(2, 24), Fbm::new(1, 3, 112).cells(24, 2)];
    Surface::new(size, Relief { depth: 3.0, radius: 2, occlusion: 1.5 }, |u, v| {
        let (x, y) = (u * THREADS, v * THREADS);
        let (i, j) = (x.floor() as i32, y.floor() as i32);
        let (fx, fy) = (x - x.floor(), y - y.floor());
        // The warp runs down (along v) and lies over the weft where i + j is even.
        let warp = thread(fx, y - i as f32, 0.0, 0.7 + 0.2 * hash01(i, 0, 113));
        let weft = thread(fy, x - j as f32, 1.0, 0.7 + 0.2 * hash01(j, 1, 114));
        let (height, id, across, along, slub) = match (warp, weft) {
            (Some(a), Some(b)) if b > a => (b, hash(j, 1, 115), fy, x, slubs[1].at(u, v)),
            (Some(a), _) => (a, hash(i, 0, 115), fx, y, slubs[0].at(u, v)),
            (None, Some(b)) => (b, hash(j, 1, 115), fy, x, slubs[1].at(u, v)),
            (None, None) => (0.0, 0, 0.5, 0.0, 0.0),
        };
        // The thread's twist: fine slanting ridges of its spun fibres.
        let twist = sin_turns(1.5 * across + 2.0 * along) * 0.5 + 0.5;
        let pale = 0.92 + 0.06 * hash01(id as i32, 3, 116) + 0.05 * slub;
        let color = shade(hex(0xE6DFD3), pale * (0.62 + 0.38 * height.min(1.0)) + 0.03 * twist);
        Texel {
            color,
            height: height + 0.05 * twist * height,
            roughness: 0.84 + 0.1 * (1.0 - height.min(1.0)),
            metallic: 0.0,
        }
    })
}
