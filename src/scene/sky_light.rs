//! The sky as image-based light: cube maps of what a piece on the field sees around it (the
//! sky of the time of day, the sunlit field below, the arena's stands about the horizon),
//! filtered on the CPU into a diffuse map and a specular map whose mips blur as roughness
//! grows, so that metal, lacquer and polish reflect Barsoom and a dark piece shows its form.
//! Made again when the sun or the moonlight has moved enough to be seen, or the lamps were lit
//! or put out; cheap enough for Low.

use bevy::asset::RenderAssetUsages;
use bevy::image::{Image, ImageSampler};
use bevy::prelude::*;
use bevy::render::render_resource::{
    Extent3d, TextureDimension, TextureFormat, TextureViewDescriptor, TextureViewDimension,
};

use crate::camera::BoardCamera;
use crate::sky_clock::{SkyLook, SkyNow, read_the_sky};

/// The specular map's largest face, in texels (its mips halve down to one texel).
const SPECULAR_SIZE: u32 = 32;
/// The diffuse map's face, in texels: irradiance changes slowly with the normal.
const DIFFUSE_SIZE: u32 = 8;
/// How many directions the filters sum over (a Fibonacci sphere).
const SAMPLES: usize = 768;
/// The packed sand's albedo, as the field's texture averages (linear).
const SAND: Vec3 = Vec3::new(0.42, 0.26, 0.15);
/// The stands' sandstone (linear).
const SANDSTONE: Vec3 = Vec3::new(0.50, 0.33, 0.20);
/// How far (radians) the light may move before the maps are made again.
const REMAKE_ANGLE: f32 = 0.02;
/// How much the lamps' lux may change before the maps are made again.
const REMAKE_LAMPS: f32 = 50.0;
/// The share of the ambient light kept beside the sky's: the sky now lights what the sun
/// doesn't, a little ambient keeps the deepest folds from black.
pub const AMBIENT_KEPT: f32 = 0.25;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Update, light_by_the_sky.after(read_the_sky).in_set(crate::AppSystems::View));
}

/// Makes the sky's light maps for the time of day, and puts them on the 3D camera, when the
/// light has moved enough (or a camera hasn't them yet).
fn light_by_the_sky(
    mut commands: Commands,
    sky: Res<SkyNow>,
    mut images: ResMut<Assets<Image>>,
    cameras: Query<(Entity, Has<EnvironmentMapLight>), With<BoardCamera>>,
    mut made: Local<Option<(Vec3, Vec3, f32)>>,
    mut maps: Local<Option<EnvironmentMapLight>>,
) {
    let look = sky.0;
    let moved = made.is_none_or(|(sun, light, lamps)| {
        sun.angle_between(look.sun) > REMAKE_ANGLE
            || light.angle_between(look.light.0) > REMAKE_ANGLE
            || (lamps - look.lamps.2).abs() > REMAKE_LAMPS
    });
    if moved {
        let surroundings = Surroundings::of(&look);
        let (diffuse, specular) = surroundings.maps();
        if let Some(old) = maps.take() {
            images.remove(&old.diffuse_map);
            images.remove(&old.specular_map);
        }
        *maps = Some(EnvironmentMapLight {
            diffuse_map: images.add(diffuse),
            specular_map: images.add(specular),
            intensity: 1.0,
            ..default()
        });
        *made = Some((look.sun, look.light.0, look.lamps.2));
    }
    let Some(light) = maps.as_ref() else { return };
    for (camera, lit) in &cameras {
        if moved || !lit {
            commands.entity(camera).insert(light.clone());
        }
    }
}

/// What a piece on the field sees in every direction, as radiance in the units the lights use
/// (so that an upward face's irradiance by day is the ambient light's brightness).
#[derive(Clone, Copy, Debug)]
struct Surroundings {
    look: SkyLook,
    /// What multiplies the sky's colour into radiance.
    sky_scale: f32,
    /// The sunlit (or moonlit) field's radiance.
    ground: Vec3,
    /// The stands' radiance, about the horizon.
    stands: Vec3,
}

impl Surroundings {
    fn of(look: &SkyLook) -> Surroundings {
        let (ambient_colour, ambient) = look.ambient;
        let ambient_light = ambient_colour.to_linear().to_vec3() * ambient;
        // A Lambertian surface lit by the sun (or moon) and the lamps, each as `facing` turns
        // the surface to it, and by the ambient light.
        let lit = |albedo: Vec3, facing: &dyn Fn(Vec3) -> f32| {
            let direct = [look.light, look.lamps].iter().fold(Vec3::ZERO, |sum, &(towards, colour, lux)| {
                sum + colour.to_linear().to_vec3() * lux * facing(towards).max(0.0) / std::f32::consts::PI
            });
            albedo * (direct + ambient_light)
        };
        let ground = lit(SAND, &|towards| towards.y);
        // The stands face the field from all sides: on average lit as a wall half turned to the light.
        let stands = lit(SANDSTONE, &|towards| 0.5 * (1.0 - towards.y * towards.y).sqrt());
        // The sky alone gives an upward face the ambient light's brightness.
        let up = fibonacci_sphere(SAMPLES)
            .filter(|d| d.y > 0.0)
            .fold(0.0, |sum, d| sum + luminance(look.colour(d).to_linear().to_vec3()) * d.y)
            * 4.0
            / SAMPLES as f32;
        let sky_scale = if up > 0.0 { ambient / up } else { 0.0 };
        Surroundings { look: *look, sky_scale, ground, stands }
    }

    /// The radiance coming from `direction` (world space, normalised).
    fn radiance(&self, direction: Vec3) -> Vec3 {
        let sky = self.look.colour(direction).to_linear().to_vec3() * self.sky_scale;
        // Below the horizon the field; just above it the stands fade into the sky.
        let field = smoothstep(0.0, -0.08, direction.y);
        let stands = smoothstep(0.28, 0.06, direction.y) * (1.0 - field) * 0.7;
        sky.lerp(self.stands, stands).lerp(self.ground, field)
    }

    /// The diffuse map (each texel the cosine-weighted average of the radiance about its
    /// normal) and the specular map (mip 0 the radiance itself, each further mip a wider lobe,
    /// as Bevy reads roughness from the mip).
    fn maps(&self) -> (Image, Image) {
        let samples: Vec<(Vec3, Vec3)> = fibonacci_sphere(SAMPLES).map(|d| (d, self.radiance(d))).collect();
        let lobe = |normal: Vec3, exponent: f32| {
            let (sum, weights) = samples.iter().fold((Vec3::ZERO, 0.0), |(sum, weights), &(d, radiance)| {
                let weight = normal.dot(d).max(0.0).powf(exponent);
                (sum + radiance * weight, weights + weight)
            });
            if weights > 0.0 { sum / weights } else { Vec3::ZERO }
        };
        let diffuse = cubemap(DIFFUSE_SIZE, 1, |normal, _| lobe(normal, 1.0));
        let levels = SPECULAR_SIZE.ilog2() + 1;
        let specular = cubemap(SPECULAR_SIZE, levels, |direction, level| match level {
            0 => self.radiance(direction),
            _ => {
                // Perceptual roughness grows linearly over the mips; a Phong lobe as wide as
                // GGX's at that roughness (α = roughness²).
                let roughness = level as f32 / (levels - 1) as f32;
                let alpha = (roughness * roughness).max(0.01);
                lobe(direction, (2.0 / (alpha * alpha) - 2.0).clamp(1.0, 4096.0) / 4.0)
            }
        });
        (diffuse, specular)
    }
}

/// A cube map of `size` texels a face and `levels` mips, each texel `texel(world direction,
/// mip)`, as Bevy samples cube maps (left-handed: its z is the world's -z), in half floats.
fn cubemap(size: u32, levels: u32, texel: impl Fn(Vec3, u32) -> Vec3) -> Image {
    let mut data = Vec::new();
    for face in 0..6 {
        for level in 0..levels {
            let side = (size >> level).max(1);
            for row in 0..side {
                for column in 0..side {
                    let u = 2.0 * (column as f32 + 0.5) / side as f32 - 1.0;
                    let v = 2.0 * (row as f32 + 0.5) / side as f32 - 1.0;
                    let cube = face_direction(face, u, v);
                    let world = Vec3::new(cube.x, cube.y, -cube.z).normalize();
                    let colour = texel(world, level).extend(1.0);
                    data.extend(colour.to_array().into_iter().flat_map(|c| half::f16::from_f32(c).to_le_bytes()));
                }
            }
        }
    }
    // Made with mip 0's size (what `Image::new` checks), then given every face's mips, face
    // after face (the layer-major order Bevy uploads by default).
    let mut image = Image::new_fill(
        Extent3d { width: size, height: size, depth_or_array_layers: 6 },
        TextureDimension::D2,
        &[0; 8],
        TextureFormat::Rgba16Float,
        RenderAssetUsages::RENDER_WORLD,
    );
    image.data = Some(data);
    image.texture_descriptor.mip_level_count = levels;
    image.texture_view_descriptor =
        Some(TextureViewDescriptor { dimension: Some(TextureViewDimension::Cube), ..default() });
    image.sampler = ImageSampler::linear();
    image
}

/// The direction through (`u`, `v`) ∈ [-1, 1]² of cube face `face` (+x, -x, +y, -y, +z, -z), as
/// Vulkan and wgpu lay the faces out (u rightwards, v downwards).
fn face_direction(face: u32, u: f32, v: f32) -> Vec3 {
    match face {
        0 => Vec3::new(1.0, -v, -u),
        1 => Vec3::new(-1.0, -v, u),
        2 => Vec3::new(u, 1.0, v),
        3 => Vec3::new(u, -1.0, -v),
        4 => Vec3::new(u, -v, 1.0),
        _ => Vec3::new(-u, -v, -1.0),
    }
}

/// `count` directions spread evenly over the sphere.
fn fibonacci_sphere(count: usize) -> impl Iterator<Item = Vec3> {
    (0..count).map(move |i| {
        let y = 1.0 - 2.0 * (i as f32 + 0.5) / count as f32;
        let flat = (1.0 - y * y).sqrt();
        let angle = i as f32 * 2.399_963;
        Vec3::new(flat * angle.cos(), y, flat * angle.sin())
    })
}

fn luminance(colour: Vec3) -> f32 {
    colour.dot(Vec3::new(0.2126, 0.7152, 0.0722))
}

fn smoothstep(from: f32, to: f32, x: f32) -> f32 {
    let t = ((x - from) / (to - from)).clamp(0.0, 1.0);
    t * t * (3.0 - 2.0 * t)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::settings::TimeOfDay;

    /// The texel at the centre of `face` of a map's mip 0, as linear RGB.
    fn centre(image: &Image, face: usize, levels: u32) -> Vec3 {
        let size = image.texture_descriptor.size.width as usize;
        let face_bytes: usize = (0..levels).map(|l| (size >> l).max(1).pow(2)).sum::<usize>() * 8;
        let at = face * face_bytes + ((size / 2) * size + size / 2) * 8;
        let data = image.data.as_ref().expect("made on the CPU");
        let channel = |c: usize| half::f16::from_le_bytes([data[at + 2 * c], data[at + 2 * c + 1]]).to_f32();
        Vec3::new(channel(0), channel(1), channel(2))
    }

    #[test]
    fn a_cube_face_looks_the_way_bevy_samples_it() {
        // Bevy samples a world direction (x, y, z) at cube direction (x, y, -z).
        let image = cubemap(4, 1, |direction, _| direction.max(Vec3::ZERO));
        assert!(centre(&image, 0, 1).x > 0.9, "+x is +x");
        assert!(centre(&image, 2, 1).y > 0.9, "+y is up");
        assert!(centre(&image, 5, 1).z > 0.9, "the cube's -z is the world's +z");
        assert_eq!(image.texture_descriptor.size.depth_or_array_layers, 6);
    }

    #[test]
    fn by_day_the_sky_lights_an_upward_face_as_the_ambient_light_did_and_the_field_a_downward_one() {
        let look = SkyLook::at(TimeOfDay::Day, 0.0);
        let (diffuse, specular) = Surroundings::of(&look).maps();
        let (up, down) = (centre(&diffuse, 2, 1), centre(&diffuse, 3, 1));
        let ambient = look.ambient.1;
        // Upward: mostly sky, a little of the stands about the horizon.
        assert!((0.6 * ambient..1.4 * ambient).contains(&luminance(up)), "{up} against {ambient}");
        // Downward: the sunlit sand, orange.
        assert!(luminance(down) > luminance(up) && down.x > down.z, "{down}");
        assert_eq!(specular.texture_descriptor.mip_level_count, SPECULAR_SIZE.ilog2() + 1);
    }

    #[test]
    fn night_reflects_far_less_than_day() {
        let sky = |time| luminance(centre(&Surroundings::of(&SkyLook::at(time, 0.0)).maps().1, 2, 6));
        assert!(sky(TimeOfDay::Night) < 0.5 * sky(TimeOfDay::Day));
    }
}
