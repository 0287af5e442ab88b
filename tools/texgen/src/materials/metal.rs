//! Metals: worn brass with a verdigris patina in its hollows, and hammered gold.

use crate::field::{hex, mix, shade};
use crate::noise::{Cells, Fbm, hash01, smoothstep};
use crate::surface::{Relief, Surface, Texel};

/// Worn brass: brushed streaks, shallow dents and scratches, polished on its high spots, a
/// green-blue patina (not metal) settled in the hollows.
pub fn brass(size: usize) -> Surface {
    let (brushed, dents, lumps) = (Fbm::new(1, 4, 81).cells(1, 96), Cells::new(5, 1.0, 82), Fbm::new(4, 5, 83));
    let (tarnish, verdigris) = (Fbm::new(2, 5, 84), Fbm::new(6, 5, 87));
    let scratches = [Fbm::new(1, 3, 85).cells(3, 36), Fbm::new(1, 3, 86).cells(30, 4)];
    Surface::new(size, Relief { depth: 9.0, radius: 6, occlusion: 2.0 }, |u, v| {
        let dent = dents.at(u, v).f1;
        let scratch = scratches.iter().map(|s| smoothstep(0.94, 1.0, s.ridged(u, v))).sum::<f32>();
        let height = 0.5 + 0.35 * smoothstep(0.0, 0.8, dent) + 0.15 * lumps.at(u, v) - 0.06 * scratch;
        let streak = brushed.at(u, v);
        // Brown tarnish in broad clouds; verdigris only in the hollows, in specks and crusts.
        let dull = smoothstep(-0.2, 0.5, tarnish.at(u, v));
        let patina = smoothstep(0.55, 0.85, 0.6 * (1.0 - height) + 0.5 * verdigris.at(u, v) + 0.25);
        let polished = smoothstep(0.6, 0.9, height);
        let metal = mix(hex(0xDDBC70), hex(0xA88445), 0.35 * dull * (1.0 - polished));
        let metal = shade(metal, 0.94 + 0.1 * streak + 0.08 * polished);
        Texel {
            color: mix(metal, hex(0x5E8F7A), 0.85 * patina),
            height: height + 0.05 * patina,
            roughness: 0.3 + 0.08 * streak + 0.15 * dull - 0.1 * polished + 0.1 * scratch + 0.45 * patina,
            metallic: 1.0 - patina,
        }
    })
}

/// Hammered gold: a skin of overlapping hammer dents, their rims catching the light, each dent a
/// shade apart.
pub fn gold(size: usize) -> Surface {
    let (blows, finer, polish) = (Cells::new(11, 0.9, 91), Cells::new(23, 1.0, 92), Fbm::new(4, 4, 93));
    let rubbed = Fbm::new(1, 3, 95).cells(24, 48);
    Surface::new(size, Relief { depth: 7.0, radius: 4, occlusion: 1.0 }, |u, v| {
        let (blow, fine) = (blows.at(u, v), finer.at(u, v));
        let height = 0.75 * blow.f1 * blow.f1 * 1.6 + 0.25 * fine.f1 * fine.f1 * 1.6;
        let tone = hash01(blow.id as i32, 0, 94);
        let rim = smoothstep(0.1, 0.02, blow.edge);
        // Fine rubbing marks, and a little tarnish along the dents' rims.
        let rub = rubbed.at(u, v);
        Texel {
            color: shade(mix(hex(0xEEC161), hex(0xB88A3A), 0.1 * rim), 0.97 + 0.03 * tone + 0.08 * rub),
            height: height.min(1.0),
            roughness: 0.14 + 0.05 * tone + 0.04 * polish.at(u, v) + 0.08 * rim + 0.06 * blow.f1 + 0.04 * rub,
            metallic: 1.0,
        }
    })
}
