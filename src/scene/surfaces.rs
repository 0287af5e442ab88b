//! The game's surfaces: the tileable PBR texture sets of `assets/materials/` (made by
//! `tools/texgen`, `docs/materials.md`) put on materials: albedo, normal map, and the
//! occlusion-roughness-metal map, repeated over the surface, their mipmaps made when they load
//! (a mod's file of the same path replaces the game's), and the looks' parts made of them.

use std::collections::{HashMap, HashSet};

use bevy::asset::{AssetEvent, AssetLoadFailedEvent};
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

/// The surfaces' maps, loading or loaded, by material name (the game's own surfaces, and the
/// materials looks name, loaded as they are first asked for), and the looks' materials painted
/// with them.
#[derive(Resource, Clone, Debug, Default)]
pub struct Surfaces {
    maps: HashMap<String, Maps>,
    /// Each loaded albedo's mean colour, in linear light.
    means: HashMap<AssetId<Image>, LinearRgba>,
    /// The maps that failed to load (a mod's broken file).
    failed: HashSet<AssetId<Image>>,
    /// The materials made by [`Surfaces::paint`].
    painted: Vec<Painted>,
}

/// A look's part's material made of a texture set.
#[derive(Clone, Debug)]
struct Painted {
    /// The material the part wears.
    material: Handle<StandardMaterial>,
    /// Its paint's flat material, which it is while its maps can't be had.
    flat: StandardMaterial,
    /// The maps it is made of.
    maps: Maps,
}

impl Surfaces {
    /// `base` with `surface`'s maps, repeated `tiles` times over a unit of the mesh's UVs (where
    /// the maps' colour, roughness and metal are what the material shows: `base`'s colour
    /// tints the albedo). Without the maps (a test without images), `base` as it is.
    pub fn dress(&self, surface: Surface, base: StandardMaterial, tiles: Vec2) -> StandardMaterial {
        match self.maps.get(surface.folder()) {
            Some(maps) => maps.dress(base, tiles),
            None => base,
        }
    }

    /// A look's part's material: `flat` (its paint) made of the material `name` (the mods
    /// folder's `materials/NAME/` or the game's), its albedo tinted so that its mean is `flat`'s
    /// colour (whatever the albedo, the part's colour is its paint's: the tint is set once the
    /// albedo has loaded); `flat` itself while a map can't be loaded.
    pub fn paint(
        &mut self,
        name: &str,
        flat: StandardMaterial,
        server: &AssetServer,
        places: &Places,
        materials: &mut Assets<StandardMaterial>,
    ) -> Handle<StandardMaterial> {
        let maps = self.maps.entry(name.to_string()).or_insert_with(|| Maps::load(name, server, places)).clone();
        self.paint_with(maps, flat, materials)
    }

    /// A look's part's material: `flat` made of `maps` ([`Surfaces::paint`]).
    fn paint_with(
        &mut self,
        maps: Maps,
        flat: StandardMaterial,
        materials: &mut Assets<StandardMaterial>,
    ) -> Handle<StandardMaterial> {
        let material = materials.add(self.made_of(&maps, &flat));
        self.painted.push(Painted { material: material.clone(), flat, maps });
        material
    }

    /// `flat` made of `maps`, as far as they are known: tinted once the albedo's mean is, flat
    /// while a map failed to load.
    fn made_of(&self, maps: &Maps, flat: &StandardMaterial) -> StandardMaterial {
        if maps.ids().iter().any(|id| self.failed.contains(id)) {
            return flat.clone();
        }
        let mut material = maps.dress(flat.clone(), Vec2::ONE);
        if let Some(mean) = self.means.get(&maps.albedo.id()) {
            material.base_color = tint(flat.base_color.to_linear(), *mean).into();
        }
        material
    }

    /// Makes anew the looks' materials made of the map `id`, which has loaded or failed to.
    fn remake(&self, id: AssetId<Image>, materials: &mut Assets<StandardMaterial>) {
        for painted in self.painted.iter().filter(|painted| painted.maps.ids().contains(&id)) {
            if let Some(mut material) = materials.get_mut(&painted.material) {
                *material = self.made_of(&painted.maps, &painted.flat);
            }
        }
    }
}

/// The colour that tints an albedo of mean `mean` to a mean of `colour` (in linear light; a
/// channel the albedo nearly lacks is not pushed past a sixteenth's worth).
fn tint(colour: LinearRgba, mean: LinearRgba) -> LinearRgba {
    let channel = |want: f32, has: f32| want / has.max(1.0 / 16.0);
    LinearRgba::new(
        channel(colour.red, mean.red),
        channel(colour.green, mean.green),
        channel(colour.blue, mean.blue),
        colour.alpha,
    )
}

impl Maps {
    /// Its three maps' ids.
    fn ids(&self) -> [AssetId<Image>; 3] {
        [self.albedo.id(), self.normal.id(), self.orm.id()]
    }

    /// Starts loading the maps of the material `name` (the mods folder's or the game's): the
    /// albedo as sRGB colour, the others as linear data, all repeating.
    fn load(name: &str, server: &AssetServer, places: &Places) -> Maps {
        let load = |map: &str, srgb: bool| -> Handle<Image> {
            let path = places.resolve(&format!("materials/{name}/{map}.png"));
            let settings = move |settings: &mut ImageLoaderSettings| {
                settings.is_srgb = srgb;
                let mut sampler = ImageSamplerDescriptor::linear();
                sampler.set_address_mode(ImageAddressMode::Repeat).set_anisotropic_filter(4);
                settings.sampler = ImageSampler::Descriptor(sampler);
            };
            server.load_builder().with_settings(settings).load(path)
        };
        Maps { albedo: load("albedo", true), normal: load("normal", false), orm: load("orm", false) }
    }

    /// `base` with these maps, repeated `tiles` times over a unit of the mesh's UVs.
    fn dress(&self, base: StandardMaterial, tiles: Vec2) -> StandardMaterial {
        StandardMaterial {
            base_color_texture: Some(self.albedo.clone()),
            normal_map_texture: Some(self.normal.clone()),
            metallic_roughness_texture: Some(self.orm.clone()),
            occlusion_texture: Some(self.orm.clone()),
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
        .add_systems(Update, (make_mipmaps, fall_back_to_paint).in_set(crate::AppSystems::View));
}

/// Starts loading the game's own surfaces.
fn load_surfaces(server: Option<Res<AssetServer>>, places: Res<Places>, mut surfaces: ResMut<Surfaces>) {
    let Some(server) = server else { return };
    for surface in Surface::ALL {
        surfaces.maps.insert(surface.folder().to_string(), Maps::load(surface.folder(), &server, &places));
    }
}

/// Gives each map as it loads its chain of mipmaps, so that a surface seen from afar is its
/// average rather than a shimmer; and tints the looks' materials made of an albedo that has
/// loaded (anew when a mod's file changes) to their paints' colours.
fn make_mipmaps(
    mut events: MessageReader<AssetEvent<Image>>,
    mut surfaces: ResMut<Surfaces>,
    mut images: ResMut<Assets<Image>>,
    mut materials: ResMut<Assets<StandardMaterial>>,
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
        let Some(mut image) = images.get_mut(id) else { continue };
        with_mipmaps(&mut image, texels);
        let mean = (texels == Texels::Colour).then(|| mean_colour(&image)).flatten();
        surfaces.failed.remove(&id);
        if let Some(mean) = mean {
            surfaces.means.insert(id, mean);
        }
        surfaces.remake(id, &mut materials);
    }
}

/// A map that fails to load (a mod's broken file) leaves the looks' parts made of it their
/// paint's flat colour (the error is logged by the asset server, naming the file).
fn fall_back_to_paint(
    mut failures: MessageReader<AssetLoadFailedEvent<Image>>,
    mut surfaces: ResMut<Surfaces>,
    mut materials: ResMut<Assets<StandardMaterial>>,
) {
    for failure in failures.read() {
        surfaces.failed.insert(failure.id);
        surfaces.remake(failure.id, &mut materials);
    }
}

/// The mean colour of an sRGB RGBA8 image's first level, in linear light.
fn mean_colour(image: &Image) -> Option<LinearRgba> {
    let size = image.texture_descriptor.size;
    let texels = (size.width * size.height) as usize;
    let level0 = image.data.as_ref()?.get(..texels * 4)?;
    if image.texture_descriptor.format != TextureFormat::Rgba8UnormSrgb || texels == 0 {
        return None;
    }
    let mut sum = [0.0f32; 3];
    for texel in level0.chunks_exact(4) {
        for (total, &byte) in sum.iter_mut().zip(texel) {
            *total += srgb_to_linear(byte);
        }
    }
    let [red, green, blue] = sum.map(|total| total / texels as f32);
    Some(LinearRgba::rgb(red, green, blue))
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
    fn a_tinted_albedo_averages_to_its_paints_colour() {
        // A pale albedo, half of it darker: its mean, and the tint that makes it copper.
        let (size, bright, dark) = (4u32, [230u8, 220, 200, 255], [150u8, 140, 120, 255]);
        let data: Vec<u8> = (0..size * size).flat_map(|i| if i % 2 == 0 { bright } else { dark }).collect();
        let mut image = Image::new_fill(
            bevy::render::render_resource::Extent3d { width: size, height: size, depth_or_array_layers: 1 },
            bevy::render::render_resource::TextureDimension::D2,
            &[0, 0, 0, 255],
            TextureFormat::Rgba8UnormSrgb,
            bevy::asset::RenderAssetUsages::default(),
        );
        image.data = Some(data);
        let mean = mean_colour(&image).unwrap();
        let expected = (srgb_to_linear(230) + srgb_to_linear(150)) / 2.0;
        assert!((mean.red - expected).abs() < 1e-5, "{mean:?}");
        let copper = LinearRgba::from(Color::srgb_u8(176, 82, 54));
        let tinted_by = tint(copper, mean);
        for (tinted, want) in [(tinted_by.red * mean.red, copper.red), (tinted_by.green * mean.green, copper.green)] {
            assert!((tinted - want).abs() < 1e-5, "the tinted mean is the paint: {tinted} {want}");
        }
        // A black albedo isn't pushed without bound.
        assert!(tint(copper, LinearRgba::BLACK).red <= copper.red * 16.0 + 1e-4);
        // Data, not colour, has no mean colour.
        image.texture_descriptor.format = TextureFormat::Rgba8Unorm;
        assert!(mean_colour(&image).is_none());
    }

    #[test]
    fn a_looks_material_is_tinted_when_its_albedo_loads_and_flat_when_a_map_fails() {
        let mut images = Assets::<Image>::default();
        let mut materials = Assets::<StandardMaterial>::default();
        let mut map = || images.add(Image::default());
        let maps = Maps { albedo: map(), normal: map(), orm: map() };
        let mut surfaces = Surfaces::default();
        let copper = Color::srgb_u8(176, 82, 54);
        let flat = StandardMaterial { base_color: copper, perceptual_roughness: 0.5, ..default() };
        let handle = surfaces.paint_with(maps.clone(), flat, &mut materials);
        let worn = |materials: &Assets<StandardMaterial>| materials.get(&handle).unwrap().clone();
        assert_eq!(worn(&materials).base_color_texture, Some(maps.albedo.clone()), "textured at once");
        assert_eq!(worn(&materials).base_color, copper, "untinted until the albedo's mean is known");

        let mean = LinearRgba::rgb(0.5, 0.4, 0.25);
        surfaces.means.insert(maps.albedo.id(), mean);
        surfaces.remake(maps.albedo.id(), &mut materials);
        assert_eq!(worn(&materials).base_color.to_linear(), tint(copper.to_linear(), mean));

        surfaces.failed.insert(maps.normal.id());
        surfaces.remake(maps.normal.id(), &mut materials);
        let fallen = worn(&materials);
        assert!(fallen.base_color_texture.is_none() && fallen.normal_map_texture.is_none(), "flat");
        assert_eq!((fallen.base_color, fallen.perceptual_roughness), (copper, 0.5), "its paint's own");
        // A later good load (the mod's file mended) makes it anew.
        surfaces.failed.remove(&maps.normal.id());
        surfaces.remake(maps.normal.id(), &mut materials);
        assert!(worn(&materials).normal_map_texture.is_some());
    }

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
