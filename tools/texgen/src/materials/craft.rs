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
        let bend = Fbm::new(1, 4, seed).cells(2, 6).at(u, v);
        let rings = (4.0 * v + 0.25 * bend + hash01(seed as i32, 0, 102)) * 7.0;
        let ring = rings - rings.floor();
        let late = smoothstep(0.55, 0.95, ring) * (1.0 - smoothstep(0.95, 1.0, ring));
        let fibre = Fbm::new(2, 3, seed + 1).cells(4, 96).at(u, v);
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
        let t = 0.55 + 0.35 * (tone - 0.5) - 0.45 * late + 0.12 * fibre;
        let color = mix(shade(ramp(SKEEL, t), 1.0 - 0.5 * seam), hex(0x3A2014), 0.8 * peg);
        Texel {
            color,
            height: 0.35 + 0.5 * bevel + 0.05 * fibre - 0.04 * late - 0.1 * peg,
            roughness: 0.55 + 0.1 * late + 0.05 * fibre + 0.3 * seam,
            metallic: 0.0,
        }
    })
}

/// Threads each way across the tile.
const THREADS: f32 = 32.0;

/// A woven thread's rise across its width (`t` 0 to 1): round, 0 at its sides.
fn round(t: f32) -> f32 {
    let x = 2.0 * t - 1.0;
    (1.0 - x * x).max(0.0).sqrt()
}

/// A plain-woven cloth of linen or silk, for banners, capes and awnings: threads over one and
/// under one, each a little thicker or paler than the next, their fibres showing; pale and near
/// neutral so the game can tint it to a side's colours.
pub fn cloth(size: usize) -> Surface {
    let fibres = [Fbm::new(1, 3, 111).cells(THREADS as u32 * 4, THREADS as u32 / 2), Fbm::new(1, 3, 112).cells(16, 128)];
    let slubs = Fbm::new(2, 3, 113);
    Surface::new(size, Relief { depth: 3.0, radius: 2, occlusion: 1.2 }, |u, v| {
        let (x, y) = (u * THREADS, v * THREADS);
        let (i, j) = (x.floor() as i32, y.floor() as i32);
        let (fx, fy) = (x - x.floor(), y - y.floor());
        // The warp (running down, along v) lies over the weft where i + j is even.
        let warp_over = (i + j) % 2 == 0;
        let (thread, across, along, fibre) = if warp_over {
            (hash(i, 0, 114), fx, fy, fibres[0].at(u, v))
        } else {
            (hash(j, 1, 114), fy, fx, fibres[1].at(u, v))
        };
        let thick = 0.85 + 0.15 * hash01(thread as i32, 2, 115);
        let rise = round(0.5 + (across - 0.5) / thick) * (0.55 + 0.45 * sin_turns(along * 0.5));
        let pale = 0.9 + 0.08 * hash01(thread as i32, 3, 116) + 0.03 * slubs.at(u, v);
        let color = shade(hex(0xE6DFD3), pale * (0.8 + 0.2 * rise) + 0.04 * fibre);
        Texel { color, height: rise + 0.08 * fibre, roughness: 0.86 + 0.08 * (1.0 - rise), metallic: 0.0 }
    })
}
