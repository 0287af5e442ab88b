//! A material's texels (colour, height, roughness, metalness) and the three files made of them:
//! `albedo.png`, `normal.png` and `orm.png` (occlusion, roughness, metallic).

use crate::encode::png;
use crate::field::{Field, Rgb, texels};
use crate::normal::{cavity, normal_map, unit_byte};

/// What a material is at one point of its tile.
#[derive(Clone, Copy, Debug)]
pub struct Texel {
    /// The base colour, sRGB-encoded.
    pub color: Rgb,
    /// 0 (deepest) to 1 (highest).
    pub height: f32,
    pub roughness: f32,
    pub metallic: f32,
}

/// How the height reads as relief.
#[derive(Clone, Copy, Debug)]
pub struct Relief {
    /// How many texels high a height of 1 stands: the normal map's strength.
    pub depth: f32,
    /// The hollows' ambient occlusion: how far around a texel to look, in texels…
    pub radius: usize,
    /// …and how much darker per unit of height the texel lies below its surroundings.
    pub occlusion: f32,
}

/// A material made: `size` × `size` texels.
pub struct Surface {
    pub size: usize,
    pub texels: Vec<Texel>,
    pub relief: Relief,
}

impl Surface {
    /// `texel(u, v)` at each texel's centre, `u` across and `v` down the tile, 0 to 1.
    pub fn new(size: usize, relief: Relief, texel: impl Fn(f32, f32) -> Texel) -> Surface {
        Surface { size, texels: texels(size, texel), relief }
    }

    fn field(&self, f: impl Fn(&Texel) -> f32) -> Field {
        Field { size: self.size, data: self.texels.iter().map(f).collect() }
    }

    /// The material's files: name and PNG bytes.
    pub fn files(&self) -> [(&'static str, Vec<u8>); 3] {
        let height = self.field(|t| t.height);
        let occlusion = cavity(&height, self.relief.radius, self.relief.occlusion);
        let albedo: Vec<u8> = self.texels.iter().flat_map(|t| t.color.map(unit_byte)).collect();
        let orm: Vec<u8> = self
            .texels
            .iter()
            .zip(&occlusion.data)
            .flat_map(|(t, &ao)| [unit_byte(ao), unit_byte(t.roughness), unit_byte(t.metallic)])
            .collect();
        [
            ("albedo.png", png(self.size, &albedo, true)),
            ("normal.png", png(self.size, &normal_map(&height, self.relief.depth), false)),
            ("orm.png", png(self.size, &orm, false)),
        ]
    }
}
