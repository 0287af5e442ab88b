//! The game's surfaces: the tileable PBR texture sets of `assets/materials/` (made by
//! `tools/texgen`, `docs/materials.md`) put on materials: albedo, normal map, and the
//! occlusion-roughness-metal map, repeated over the surface, their mipmaps made when they load
//! (a mod's file of the same path replaces the game's).

use std::collections::HashMap;

use bevy::asset::AssetEvent;
use bevy::image::{ImageAddressMode, ImageLoaderSettings, ImageSampler, ImageSamplerDescriptor};
use bevy::math::Affine2;
use bevy::prelude::*;
use bevy::render::render_resource::TextureFormat;

use crate::places::Places;

/// A surface of the game's own texture sets.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Surface {
    /// The arena's stone blocks.
    Sandstone,
    /// The board's carved frame.
    Frame,
    /// The field's packed sand.
    Sand,
    /// The moss of the dead sea bottoms.
    Moss,
    /// The board's orange squares, polished carnelian.
    BoardOrange,
    /// The board's black squares, polished basalt.
    BoardBlack,
    /// Worn brass.
    Brass,
    /// Hammered gold.
    Gold,
    /// Pale woven cloth, tinted by the material's colour.
    Cloth,
}

impl Surface {
    /// Every surface loaded.
    const ALL: [Surface; 9] = [
        Surface::Sandstone,
        Surface::Frame,
        Surface::Sand,
        Surface::Moss,
        Surface::BoardOrange,
        Surface::BoardBlack,
        Surface::Brass,
        Surface::Gold,
        Surface::Cloth,
    ];

    /// Its folder under `assets/materials/`.
    fn folder(self) -> &'static str {
        match self {
            Surface::Sandstone => "sandstone",
            Surface::Frame => "frame",
            Surface::Sand => "sand",
            Surface::Moss => "moss",
            Surface::BoardOrange => "board_orange",
            Surface::BoardBlack => "board_black",
            Surface::Brass => "brass",
            Surface::Gold => "gold",
            Surface::Cloth => "cloth",
        }
    }
}

/// The three maps of a surface.
#[derive(Clone, Debug)]
struct Maps {
    albedo: Handle<Image>,
    normal: Handle<Image>,
    orm: Handle<Image>,
}

/// The surfaces' maps, loading or loaded.
#[derive(Resource, Clone, Debug, Default)]
pub struct Surfaces {
    maps: HashMap<Surface, Maps>,
}

impl Surfaces {
    /// `base` with `surface`'s maps, repeated `tiles` times over a unit of the mesh's UVs (where
    /// the maps' colour, roughness and metal are what the material shows: `base`'s colour
    /// tints the albedo). Without the maps (a test without images), `base` as it is.
    pub fn dress(&self, surface: Surface, base: StandardMaterial, tiles: Vec2) -> StandardMaterial {
        let Some(maps) = self.maps.get(&surface) else { return base };
        StandardMaterial {
            base_color_texture: Some(maps.albedo.clone()),
            normal_map_texture: Some(maps.normal.clone()),
            metallic_roughness_texture: Some(maps.orm.clone()),
            occlusion_texture: Some(maps.orm.clone()),
            perceptual_roughness: 1.0,
            metallic: 1.0,
            uv_transform: Affine2::from_scale(tiles),
            ..base
        }
    }
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Surfaces>()
        .add_systems(PreStartup, load_surfaces)
        .add_systems(Update, make_mipmaps.in_set(crate::AppSystems::View));
}

/// Starts loading every surface's maps: the albedo as sRGB colour, the others as linear data,
/// all repeating.
fn load_surfaces(server: Option<Res<AssetServer>>, places: Res<Places>, mut surfaces: ResMut<Surfaces>) {
    let Some(server) = server else { return };
    let load = |surface: Surface, map: &str, srgb: bool| -> Handle<Image> {
        let path = places.resolve(&format!("materials/{}/{map}.png", surface.folder()));
        let settings = move |settings: &mut ImageLoaderSettings| {
            settings.is_srgb = srgb;
            let mut sampler = ImageSamplerDescriptor::linear();
            sampler.set_address_mode(ImageAddressMode::Repeat).set_anisotropic_filter(4);
            settings.sampler = ImageSampler::Descriptor(sampler);
        };
        server.load_builder().with_settings(settings).load(path)
    };
    for surface in Surface::ALL {
        let maps = Maps {
            albedo: load(surface, "albedo", true),
            normal: load(surface, "normal", false),
            orm: load(surface, "orm", false),
        };
        surfaces.maps.insert(surface, maps);
    }
}

/// Gives each map as it loads its chain of mipmaps, so that a surface seen from afar is its
/// average rather than a shimmer.
fn make_mipmaps(
    mut events: MessageReader<AssetEvent<Image>>,
    surfaces: Res<Surfaces>,
    mut images: ResMut<Assets<Image>>,
) {
    for event in events.read() {
        let AssetEvent::LoadedWithDependencies { id } = *event else { continue };
        let Some(texels) = surfaces.maps.values().find_map(|maps| {
            [(&maps.albedo, Texels::Colour), (&maps.normal, Texels::Normal), (&maps.orm, Texels::Data)]
                .into_iter()
                .find(|(handle, _)| handle.id() == id)
                .map(|(_, texels)| texels)
        }) else {
            continue;
        };
        if let Some(mut image) = images.get_mut(id) {
            with_mipmaps(&mut image, texels);
        }
    }
}

/// What a map's texels hold, which says how four of them average into one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Texels {
    /// sRGB colour: averaged in linear light.
    Colour,
    /// A tangent-space normal: averaged, then made unit length again.
    Normal,
    /// Data (occlusion, roughness, metal): averaged as it is.
    Data,
}

/// Adds the mip levels to an RGBA8 image of one level (others are left as they are).
fn with_mipmaps(image: &mut Image, texels: Texels) {
    let format = image.texture_descriptor.format;
    let rgba8 = matches!(format, TextureFormat::Rgba8Unorm | TextureFormat::Rgba8UnormSrgb);
    let size = image.texture_descriptor.size;
    if !rgba8 || image.texture_descriptor.mip_level_count != 1 || size.depth_or_array_layers != 1 {
        return;
    }
    let Some(data) = image.data.as_ref() else { return };
    let (chain, levels) = mip_chain(data, size.width, size.height, texels);
    image.data = Some(chain);
    image.texture_descriptor.mip_level_count = levels;
}

/// The whole mip chain of an RGBA8 image `width` by `height` (level 0 first), each level half
/// the one above (at least one texel), each texel the average of the 2 x 2 above it; and the
/// number of levels.
fn mip_chain(level0: &[u8], width: u32, height: u32, texels: Texels) -> (Vec<u8>, u32) {
    let mut chain = level0.to_vec();
    let (mut w, mut h, mut start) = (width as usize, height as usize, 0);
    let mut levels = 1;
    while w > 1 || h > 1 {
        let (nw, nh) = ((w / 2).max(1), (h / 2).max(1));
        let mut next = Vec::with_capacity(nw * nh * 4);
        for y in 0..nh {
            for x in 0..nw {
                let texel = |dx: usize, dy: usize| {
                    let (sx, sy) = ((2 * x + dx).min(w - 1), (2 * y + dy).min(h - 1));
                    let at = start + (sy * w + sx) * 4;
                    [chain[at], chain[at + 1], chain[at + 2], chain[at + 3]]
                };
                next.extend(average([texel(0, 0), texel(1, 0), texel(0, 1), texel(1, 1)], texels));
            }
        }
        start = chain.len();
        chain.extend(next);
        (w, h) = (nw, nh);
        levels += 1;
    }
    (chain, levels)
}

/// The average of four RGBA8 texels holding `texels`.
fn average(four: [[u8; 4]; 4], texels: Texels) -> [u8; 4] {
    let mean = |decode: fn(u8) -> f32, channel: usize| four.iter().map(|t| decode(t[channel])).sum::<f32>() / 4.0;
    let byte = |v: f32| (v + 0.5) as u8;
    let alpha = byte(mean(f32::from, 3));
    match texels {
        Texels::Data => {
            let [r, g, b] = [0, 1, 2].map(|c| byte(mean(f32::from, c)));
            [r, g, b, alpha]
        }
        Texels::Colour => {
            let [r, g, b] = [0, 1, 2].map(|c| linear_to_srgb(mean(srgb_to_linear, c)));
            [r, g, b, alpha]
        }
        Texels::Normal => {
            let n = Vec3::from_array([0, 1, 2].map(|c| mean(|v| f32::from(v) / 127.5 - 1.0, c))).normalize_or(Vec3::Z);
            let [r, g, b] = n.to_array().map(|v| ((v + 1.0) * 127.5).round().clamp(0.0, 255.0) as u8);
            [r, g, b, alpha]
        }
    }
}

fn srgb_to_linear(v: u8) -> f32 {
    let v = f32::from(v) / 255.0;
    if v <= 0.04045 { v / 12.92 } else { ((v + 0.055) / 1.055).powf(2.4) }
}

fn linear_to_srgb(v: f32) -> u8 {
    let s = if v <= 0.003_130_8 { v * 12.92 } else { 1.055 * v.powf(1.0 / 2.4) - 0.055 };
    (s * 255.0).round().clamp(0.0, 255.0) as u8
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_mip_chain_halves_to_one_texel_and_averages_each_kind_as_it_should() {
        // 4 x 2: left half black, right half white; alpha full.
        let mut level0 = Vec::new();
        for _y in 0..2 {
            for x in 0..4 {
                let v = if x < 2 { 0 } else { 255 };
                level0.extend([v, v, v, 255]);
            }
        }
        let (chain, levels) = mip_chain(&level0, 4, 2, Texels::Data);
        assert_eq!(levels, 3, "4x2, 2x1, 1x1");
        assert_eq!(chain.len(), (8 + 2 + 1) * 4);
        assert_eq!(&chain[32..40], &[0, 0, 0, 255, 255, 255, 255, 255]);
        assert_eq!(&chain[40..44], &[128, 128, 128, 255], "data averages as it is");

        let (colour, _) = mip_chain(&level0, 4, 2, Texels::Colour);
        assert_eq!(colour[40], 188, "half black, half white is 188 in sRGB, averaged in linear light");

        // Two normals leaning apart average to straight up, unit length.
        let lean = |x: f32| {
            let n = Vec3::new(x, 0.0, 1.0).normalize();
            [n.x, n.y, n.z].map(|v| ((v + 1.0) * 127.5).round() as u8)
        };
        let [a, b] = [lean(0.6), lean(-0.6)];
        let normals = [a[0], a[1], a[2], 255, b[0], b[1], b[2], 255];
        let (chain, levels) = mip_chain(&normals, 2, 1, Texels::Normal);
        assert_eq!(levels, 2);
        assert_eq!(&chain[8..11], &[128, 128, 255], "straight up, unit length");
    }
}
