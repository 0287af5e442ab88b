//! Skins and hides: harness leather, a red Martian's skin (both pale, for the game to tint), the
//! thoat's slate-grey scaly hide and the banth's tawny short fur.

use crate::field::{Rgb, hex, mix, ramp, shade};
use crate::noise::{Cells, Fbm, hash01, smoothstep};
use crate::surface::{Relief, Surface, Texel};

/// A skin's grain: pores, a network of fine grooves between pebbled cells, and creases.
struct Grain {
    color: Rgb,
    /// Worley cells across the tile: pores, and the pebbled grain.
    pores: u32,
    cells: u32,
    /// How deep the pores, the grooves and the creases (0 to 1).
    pore_depth: f32,
    groove_depth: f32,
    crease_depth: f32,
    /// The roughness of the raised and of the sunk parts.
    roughness: (f32, f32),
    seed: u32,
}

impl Grain {
    fn make(&self, size: usize, relief: Relief) -> Surface {
        let seed = self.seed;
        let (pores, cells) = (Cells::new(self.pores, 1.0, seed), Cells::new(self.cells, 0.9, seed + 1));
        let (creases, warp, blotches) = (Fbm::new(3, 4, seed + 2), Fbm::new(4, 3, seed + 3), Fbm::new(3, 5, seed + 4));
        Surface::new(size, relief, |u, v| {
            let pore = pores.at(u, v);
            let pit = (1.0 - smoothstep(0.05, 0.25, pore.f1)) * smoothstep(0.3, 0.6, hash01(pore.id as i32, 0, seed));
            // The grain's cells, bent so no two are alike: each a low dome, grooves between.
            let (gu, gv) = warp.warp(u, v, 0.015);
            let cell = cells.at(gu, gv);
            let groove = 1.0 - smoothstep(0.0, 0.1, cell.edge);
            let dome = 1.0 - cell.f1 * cell.f1;
            let (wu, wv) = warp.warp(u, v, 0.08);
            let crease = smoothstep(0.8, 1.0, creases.ridged(wu, wv));
            let sunk = (self.pore_depth * pit + self.groove_depth * groove + self.crease_depth * crease).min(1.0);
            let stain = self.pore_depth * pit + 0.6 * self.groove_depth * groove + self.crease_depth * crease;
            let blotch = blotches.blotch(u, v);
            Texel {
                color: shade(self.color, 1.0 + 0.1 * blotch - 0.25 * stain.min(1.0)),
                height: 0.65 - 0.55 * sunk + 0.1 * self.groove_depth * dome + 0.08 * blotch,
                roughness: self.roughness.0 + (self.roughness.1 - self.roughness.0) * sunk,
                metallic: 0.0,
            }
        })
    }
}

/// Harness leather: pale tan (tinted by the game), pebbled grain, pores and creases.
pub fn leather(size: usize) -> Surface {
    Grain {
        color: hex(0xC8B29A),
        pores: 60,
        cells: 34,
        pore_depth: 0.4,
        groove_depth: 0.4,
        crease_depth: 0.7,
        roughness: (0.5, 0.75),
        seed: 121,
    }
    .make(size, Relief { depth: 4.0, radius: 3, occlusion: 1.2 })
}

/// Skin: near neutral and light (the game tints it a red Martian's copper or a green one's
/// olive), subtle pores and the faint lines between them.
pub fn skin(size: usize) -> Surface {
    Grain {
        color: hex(0xDCCEC4),
        pores: 80,
        cells: 22,
        pore_depth: 0.3,
        groove_depth: 0.12,
        crease_depth: 0.2,
        roughness: (0.48, 0.6),
        seed: 131,
    }
    .make(size, Relief { depth: 2.0, radius: 2, occlusion: 0.8 })
}

/// The thoat's slate-grey hide: rounded scales, larger and smaller, their grooves deep and
/// dark, wrinkles running through.
pub fn thoat_hide(size: usize) -> Surface {
    let (scales, small, wrinkles, warp) = (
        Cells { nx: 16, ny: 20, jitter: 0.8, seed: 141 },
        Cells::new(40, 0.9, 142),
        Fbm::new(3, 4, 143),
        Fbm::new(2, 3, 144),
    );
    let mottle = Fbm::new(4, 4, 146);
    const SLATE: &[(f32, Rgb)] = &[(0.0, hex(0x2E3336)), (0.5, hex(0x4E565B)), (1.0, hex(0x737C82))];
    Surface::new(size, Relief { depth: 7.0, radius: 4, occlusion: 1.6 }, |u, v| {
        let (su, sv) = warp.warp(u, v, 0.02);
        let scale = scales.at(su, sv);
        let plate = smoothstep(0.0, 0.1, scale.edge) * (1.0 - 0.5 * scale.f1 * scale.f1);
        let pebble = smoothstep(0.0, 0.12, small.at(u, v).edge);
        let (wu, wv) = warp.warp(u, v, 0.1);
        let wrinkle = smoothstep(0.6, 1.0, wrinkles.ridged(wu, wv));
        let height = 0.5 * plate + 0.15 * pebble - 0.35 * wrinkle + 0.35;
        let tone = hash01(scale.id as i32, 0, 145);
        Texel {
            color: ramp(SLATE, 0.35 + 0.35 * height + 0.15 * tone + 0.15 * mottle.at(u, v)),
            height,
            roughness: 0.62 + 0.12 * (1.0 - plate),
            metallic: 0.0,
        }
    })
}

/// The banth's tawny hide, its short hair lying down the tile (along `v`) in gently bending
/// streaks, darker at the roots.
pub fn banth_hide(size: usize) -> Surface {
    let (hair, flow, shading) = (Fbm::new(1, 3, 151).cells(128, 16), Fbm::new(3, 3, 152), Fbm::new(3, 5, 153));
    const TAWNY: &[(f32, Rgb)] = &[(0.0, hex(0x6E4626)), (0.45, hex(0xA8763E)), (1.0, hex(0xD4AA6C))];
    Surface::new(size, Relief { depth: 3.0, radius: 2, occlusion: 1.5 }, |u, v| {
        let (wu, wv) = flow.warp(u, v, 0.03);
        let strand = 0.5 + 0.5 * hair.at(wu, wv);
        let fine = 0.5 + 0.5 * hair.seed(154).cells(256, 32).at(wu, wv);
        let coat = shading.blotch(u, v);
        let height = 0.7 * strand + 0.3 * fine;
        Texel {
            color: mix(ramp(TAWNY, 0.15 + 0.75 * height + 0.2 * coat), hex(0xE0C090), 0.1 * smoothstep(0.8, 1.0, fine)),
            height,
            roughness: 0.8 - 0.08 * height,
            metallic: 0.0,
        }
    })
}
