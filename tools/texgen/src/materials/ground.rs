//! The ground of Barsoom: the field's packed ochre sand and the dead sea bottoms' ochre moss.

use crate::field::{Rgb, hex, mix, ramp, shade};
use crate::noise::{Cells, Fbm, hash01, sin_turns, smoothstep};
use crate::surface::{Relief, Surface, Texel};

/// Packed ochre sand.
const SAND: &[(f32, Rgb)] = &[(0.0, hex(0xA8754A)), (0.5, hex(0xBF8C5C)), (1.0, hex(0xD0A274))];

/// How deep (0 to 1) a faint track lies at (`u`, `v`): two ruts of a wheel or sledge, wandering
/// across the tile and wrapping.
fn tracks(u: f32, v: f32) -> f32 {
    [(0.3, 0.0), (0.38, 0.15), (0.74, 0.55)]
        .iter()
        .map(|&(at, phase)| {
            let centre = at + 0.04 * sin_turns(u + phase) + 0.015 * sin_turns(3.0 * u + 2.0 * phase);
            let d = (v - centre + 0.5).rem_euclid(1.0) - 0.5;
            let rut = 1.0 - smoothstep(0.0, 0.03, d.abs());
            rut * rut
        })
        .sum()
}

/// The field's packed ochre sand: fine grain, a few dark and bright grains, gentle undulation
/// and faint tracks.
pub fn sand(size: usize) -> Surface {
    let grains = Cells::new(72, 1.0, 31);
    let swell = Fbm::new(3, 5, 32);
    let fine = Fbm::new(48, 3, 33);
    Surface::new(size, Relief { depth: 4.0, radius: 3, occlusion: 1.5 }, |u, v| {
        let grain = grains.at(u, v);
        let bump = 1.0 - smoothstep(0.0, 0.75, grain.f1);
        let kind = hash01(grain.id as i32, 0, 34);
        let rut = tracks(u, v);
        let t = 0.5 + 0.4 * swell.blotch(u, v) + 0.12 * fine.at(u, v);
        let mut color = shade(ramp(SAND, t), 0.95 + 0.1 * bump - 0.05 * rut);
        let speck = smoothstep(0.4, 0.9, bump);
        if kind < 0.05 {
            color = mix(color, hex(0x7A5638), speck * 0.5);
        } else if kind > 0.96 {
            color = mix(color, hex(0xE2C8A4), speck * 0.5);
        }
        Texel {
            color,
            height: 0.5 + 0.25 * swell.at(u, v) + 0.12 * bump + 0.05 * fine.at(u, v) - 0.15 * rut,
            roughness: 0.9 + 0.06 * bump - 0.08 * rut,
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
