//! Polished stone and gems: the board's inlaid squares (veined carnelian and basalt) and a cut
//! jewel's facets.

use crate::field::{Rgb, hex, mix, ramp};
use crate::noise::{Cells, Fbm, hash, hash01, sin_turns, smoothstep};
use crate::surface::{Relief, Surface, Texel};

/// A polished, veined stone.
struct Marble {
    /// The stone's clouded body, dark to light.
    body: &'static [(f32, Rgb)],
    /// Its veins' colour, and how strongly they show (0 to 1).
    vein: Rgb,
    vein_strength: f32,
    /// Its polish: the roughness between the scratches.
    roughness: f32,
    seed: u32,
}

impl Marble {
    fn make(&self, size: usize) -> Surface {
        let seed = self.seed;
        let (cloud, flow, veins, polish) =
            (Fbm::new(2, 6, seed), Fbm::new(2, 5, seed + 1), Fbm::new(2, 3, seed + 2), Fbm::new(4, 4, seed + 3));
        let scratches = [Fbm::new(1, 3, seed + 4).cells(2, 40), Fbm::new(1, 3, seed + 5).cells(40, 3)];
        let flecks = Cells::new(90, 1.0, seed + 6);
        Surface::new(size, Relief { depth: 2.0, radius: 2, occlusion: 3.0 }, |u, v| {
            let (wu, wv) = flow.warp(u, v, 0.1);
            // Clouds, and bands laid across the stone, bent by the clouds.
            let clouds = cloud.at(wu, wv);
            let band = sin_turns(wu + 2.0 * wv + 0.6 * clouds);
            let body = 0.5 + 0.5 * clouds + 0.18 * band;
            // Veins follow the noise's zero lines, which run on unbroken; bent twice, thickening
            // and thinning along their way.
            let (vu, vv) = flow.seed(seed + 8).warp(wu, wv, 0.12);
            let width = 0.02 + 0.03 * smoothstep(-0.3, 0.5, polish.at(vu, vv));
            let vein = (1.0 - smoothstep(0.0, width, veins.at(vu, vv).abs())) * self.vein_strength;
            let thread =
                (1.0 - smoothstep(0.0, 0.012, veins.seed(seed + 7).at(vv, vu).abs())) * self.vein_strength * 0.5;
            let fleck = flecks.at(u, v);
            let glint =
                (1.0 - smoothstep(0.0, 0.3, fleck.f1)) * smoothstep(0.93, 1.0, hash01(fleck.id as i32, 0, seed));
            let color = mix(mix(ramp(self.body, body), self.vein, vein + thread), self.vein, 0.4 * glint);
            let scratch = scratches.iter().map(|s| smoothstep(0.93, 1.0, s.ridged(u, v))).sum::<f32>();
            Texel {
                color,
                height: 0.6 - 0.05 * (vein + thread) + 0.02 * polish.at(u, v) - 0.05 * scratch,
                roughness: self.roughness * (1.0 + 0.5 * polish.at(u, v)) + 0.12 * (vein + thread) + 0.15 * scratch,
                metallic: 0.0,
            }
        })
    }
}

/// The board's orange squares: warm carnelian, clouded deep red to orange, with pale veins.
pub fn board_orange(size: usize) -> Surface {
    const CARNELIAN: &[(f32, Rgb)] =
        &[(0.0, hex(0x8E2A12)), (0.35, hex(0xB4441C)), (0.65, hex(0xD0642A)), (1.0, hex(0xE48A48))];
    Marble { body: CARNELIAN, vein: hex(0xF2CDA6), vein_strength: 0.6, roughness: 0.12, seed: 51 }.make(size)
}

/// The board's black squares: basalt near obsidian, with faint grey veins.
pub fn board_black(size: usize) -> Surface {
    const BASALT: &[(f32, Rgb)] = &[(0.0, hex(0x141416)), (0.5, hex(0x1E1D1F)), (1.0, hex(0x2E2B2A))];
    Marble { body: BASALT, vein: hex(0x6E6862), vein_strength: 0.35, roughness: 0.1, seed: 61 }.make(size)
}

/// A cut jewel: facets (each cell of Worley noise a pyramid of planes, its top cut flat), near
/// neutral so the game can tint it to a ruby or an emerald; mostly for its roughness and normals.
pub fn jewel(size: usize) -> Surface {
    let cells = Cells::new(6, 0.7, 71);
    let height = |u: f32, v: f32| (cells.at(u, v).edge * 3.0).min(0.85) / 0.85;
    let step = 0.25 / size as f32;
    Surface::new(size, Relief { depth: 10.0, radius: 3, occlusion: 0.6 }, |u, v| {
        let cell = cells.at(u, v);
        let h = height(u, v);
        // Each facet is a plane: its slope names it, and it sparkles its own shade.
        let slope = ((height(u + step, v) - h) / step, (height(u, v + step) - h) / step);
        let facet = hash((slope.0 * 0.05).round() as i32, (slope.1 * 0.05).round() as i32, cell.id);
        let sparkle = hash01(facet as i32, 0, 72);
        let brightness = 0.74 + 0.14 * sparkle;
        let edge = 1.0 - smoothstep(0.0, 0.02, cell.edge);
        Texel {
            color: [brightness, brightness, brightness * 1.02],
            height: h,
            roughness: 0.04 + 0.04 * sparkle + 0.2 * edge,
            metallic: 0.0,
        }
    })
}
