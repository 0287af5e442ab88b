//! Polished stone and gems: the board's inlaid squares (veined carnelian and basalt) and a cut
//! jewel's facets.

use crate::field::{Rgb, hex, mix, ramp};
use crate::noise::{Cells, Fbm, hash01, smoothstep};
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
            (Fbm::new(2, 6, seed), Fbm::new(2, 5, seed + 1), Fbm::new(3, 6, seed + 2), Fbm::new(4, 4, seed + 3));
        let scratches = [Fbm::new(1, 3, seed + 4).cells(2, 40), Fbm::new(1, 3, seed + 5).cells(40, 3)];
        let flecks = Cells::new(90, 1.0, seed + 6);
        Surface::new(size, Relief { depth: 2.0, radius: 2, occlusion: 3.0 }, |u, v| {
            let (wu, wv) = flow.warp(u, v, 0.12);
            let body = 0.5 + 0.6 * cloud.at(wu, wv);
            let crest = veins.ridged(wu, wv);
            let vein = smoothstep(0.72, 0.95, crest) * self.vein_strength;
            let hair = smoothstep(0.9, 0.99, veins.seed(seed + 7).ridged(wv, wu)) * self.vein_strength * 0.6;
            let fleck = flecks.at(u, v);
            let glint = (1.0 - smoothstep(0.0, 0.3, fleck.f1)) * smoothstep(0.9, 1.0, hash01(fleck.id as i32, 0, seed));
            let color = mix(mix(ramp(self.body, body), self.vein, vein + hair), self.vein, 0.5 * glint);
            let scratch = scratches.iter().map(|s| smoothstep(0.93, 1.0, s.ridged(u, v))).sum::<f32>();
            Texel {
                color,
                height: 0.6 - 0.05 * vein + 0.02 * polish.at(u, v) - 0.05 * scratch,
                roughness: self.roughness * (1.0 + 0.5 * polish.at(u, v)) + 0.12 * vein + 0.15 * scratch,
                metallic: 0.0,
            }
        })
    }
}

/// The board's orange squares: warm carnelian, clouded deep red to orange, with pale veins.
pub fn board_orange(size: usize) -> Surface {
    const CARNELIAN: &[(f32, Rgb)] =
        &[(0.0, hex(0x8E2A12)), (0.35, hex(0xB4441C)), (0.65, hex(0xD0642A)), (1.0, hex(0xE48A48))];
    Marble {
        body: CARNELIAN,
        vein: hex(0xF2CDA6),
        vein_strength: 0.8,
        roughness: 0.12,
        seed: 51,
    }
    .make(size)
}

/// The board's black squares: basalt near obsidian, with faint grey veins.
pub fn board_black(size: usize) -> Surface {
    const BASALT: &[(f32, Rgb)] = &[(0.0, hex(0x141416)), (0.5, hex(0x1E1D1F)), (1.0, hex(0x2E2B2A))];
    Marble {
        body: BASALT,
        vein: hex(0x6E6862),
        vein_strength: 0.45,
        roughness: 0.1,
        seed: 61,
    }
    .make(size)
}

/// A cut jewel: facets (each cell of Worley noise a pyramid of planes, its top cut flat), near
/// neutral so the game can tint it to a ruby or an emerald; mostly for its roughness and normals.
pub fn jewel(size: usize) -> Surface {
    let cells = Cells::new(6, 0.7, 71);
    Surface::new(size, Relief { depth: 10.0, radius: 3, occlusion: 0.6 }, |u, v| {
        let cell = cells.at(u, v);
        let height = (cell.edge * 3.0).min(0.85) / 0.85;
        // Which facet: the side of the cell the point lies towards, in six directions.
        let (ox, oy) = cell.offset;
        let facet = if ox.abs() > 1.7 * oy.abs() {
            (ox > 0.0) as i32
        } else {
            2 + (ox > 0.0) as i32 + 2 * (oy > 0.0) as i32
        };
        let table = (height >= 1.0) as i32;
        let sparkle = hash01(cell.id as i32, facet + 7 * table, 72);
        let brightness = 0.62 + 0.3 * sparkle;
        let edge = 1.0 - smoothstep(0.0, 0.02, cell.edge);
        Texel {
            color: [brightness, brightness, brightness * 1.02],
            height,
            roughness: 0.04 + 0.04 * sparkle + 0.2 * edge,
            metallic: 0.0,
        }
    })
}
