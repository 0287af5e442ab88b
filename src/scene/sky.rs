//! The sky of Barsoom at the time of day the settings choose: a dome coloured by the sun's height
//! (butterscotch by day, blue about the setting sun, near black at night), the sun, the two moons
//! (Thuria near and fast, rising in the west; Cluros far and slow) and the stars; the sunlight or
//! moonlight, the field's lamps by night, the haze and the ambient light follow it.

use bevy::asset::RenderAssetUsages;
use bevy::light::{CascadeShadowConfigBuilder, NotShadowCaster, NotShadowReceiver};
use bevy::mesh::{Indices, PrimitiveTopology};
use bevy::pbr::AtmosphereSettings;
use bevy::prelude::*;

use crate::camera::BoardCamera;
use crate::sky_clock::{SkyLook, SkyNow, read_the_sky};

/// The dome's radius: beyond the mesas, inside the camera's far plane.
const DOME: f32 = 150.0;
/// How far away the sun, moons and stars are drawn (inside the dome).
const FAR: f32 = 140.0;
/// How many stars.
const STARS: usize = 420;

/// The dome, whose vertex colours are the sky's.
#[derive(Component)]
#[require(InTheSky)]
struct Dome;

/// What is drawn in the sky: it neither casts shadows on the field nor takes them.
#[derive(Component, Default)]
#[require(NotShadowCaster, NotShadowReceiver)]
struct InTheSky;

/// The sun's disk.
#[derive(Component)]
#[require(InTheSky)]
struct SunDisk;

/// One of the moons: 0 Thuria, 1 Cluros.
#[derive(Component)]
#[require(InTheSky)]
struct Moon(usize);

/// The stars, shown by night.
#[derive(Component)]
#[require(InTheSky)]
struct Stars;

/// A light that follows the sky: the sun's (or the moons' by night), or the field's lamps.
#[derive(Component, Clone, Copy)]
enum SkyLight {
    /// The sun, or the higher moon by night: it casts the shadows.
    Sun,
    /// The radium lamps on the stands, lit by night; shadowless.
    Lamps,
}

impl SkyLight {
    /// Towards this light, its colour and lux, in `look`.
    fn of(self, look: &SkyLook) -> (Vec3, Color, f32) {
        match self {
            SkyLight::Sun => look.light,
            SkyLight::Lamps => look.lamps,
        }
    }
}

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Startup, spawn_sky).add_systems(
        Update,
        (follow_the_sky, veil_the_air_by_night).after(read_the_sky).in_set(crate::AppSystems::View),
    );
}

fn spawn_sky(
    mut commands: Commands,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<StandardMaterial>>,
) {
    let unlit = |colour: Color, alpha_mode: AlphaMode| StandardMaterial {
        base_color: colour,
        unlit: true,
        cull_mode: None,
        fog_enabled: false,
        alpha_mode,
        ..default()
    };
    let dome = Sphere::new(DOME).mesh().uv(48, 24);
    commands.spawn((
        Dome,
        Mesh3d(meshes.add(dome)),
        MeshMaterial3d(materials.add(unlit(Color::WHITE, AlphaMode::Opaque))),
    ));
    commands.spawn((
        SunDisk,
        Mesh3d(meshes.add(Sphere::new(3.0).mesh().ico(3).expect("a small ico sphere"))),
        MeshMaterial3d(materials.add(unlit(Color::srgb(1.0, 0.96, 0.86), AlphaMode::Opaque))),
    ));
    // Thuria looks larger than Cluros: it is much nearer.
    for (index, (radius, colour)) in
        [(3.4, Color::srgb(0.86, 0.80, 0.72)), (1.5, Color::srgb(0.95, 0.93, 0.88))].into_iter().enumerate()
    {
        commands.spawn((
            Moon(index),
            Mesh3d(meshes.add(Sphere::new(radius).mesh().ico(3).expect("a small ico sphere"))),
            MeshMaterial3d(materials.add(unlit(colour, AlphaMode::Blend))),
        ));
    }
    commands.spawn((
        Stars,
        Mesh3d(meshes.add(star_field())),
        MeshMaterial3d(materials.add(unlit(Color::WHITE, AlphaMode::Blend))),
    ));
    commands.spawn((
        SkyLight::Sun,
        DirectionalLight { shadow_maps_enabled: true, ..default() },
        Transform::default(),
        CascadeShadowConfigBuilder { first_cascade_far_bound: 12.0, maximum_distance: 45.0, ..default() }.build(),
    ));
    commands.spawn((
        SkyLight::Lamps,
        DirectionalLight { shadow_maps_enabled: false, ..default() },
        Transform::default(),
    ));
}

/// Small quads facing the board, scattered over the sky by a fixed pattern.
fn star_field() -> Mesh {
    let (mut positions, mut indices) = (Vec::with_capacity(STARS * 4), Vec::with_capacity(STARS * 6));
    for star in 0..STARS {
        // A golden-angle spiral over the upper half of the sky, nudged so it doesn't look ruled.
        let i = star as f32;
        let height = (i + 0.5) / STARS as f32 * 0.97 + 0.02;
        let angle = i * 2.399_963 + (star * 7919 % 13) as f32 * 0.05;
        let flat = (1.0 - height * height).sqrt();
        let towards = Vec3::new(flat * angle.cos(), height, flat * angle.sin());
        let size = 0.12 + (star * 31 % 7) as f32 * 0.04;
        let side = towards.cross(Vec3::Y).normalize_or(Vec3::X) * size;
        let up = side.cross(towards).normalize() * size;
        let centre = towards * FAR;
        let first = positions.len() as u32;
        positions.extend(
            [centre - side - up, centre + side - up, centre + side + up, centre - side + up]
                .map(|corner| corner.to_array()),
        );
        indices.extend([first, first + 1, first + 2, first, first + 2, first + 3]);
    }
    Mesh::new(PrimitiveTopology::TriangleList, RenderAssetUsages::default())
        .with_inserted_attribute(Mesh::ATTRIBUTE_POSITION, positions)
        .with_inserted_indices(Indices::U32(indices))
}

/// Moves the sun and moons, colours the dome, and sets the light, haze and ambient light, for
/// the sky of this frame.
#[allow(clippy::too_many_arguments, reason = "each part of the sky is its own query")]
fn follow_the_sky(
    sky: Res<SkyNow>,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<StandardMaterial>>,
    dome: Query<&Mesh3d, With<Dome>>,
    mut bodies: Query<
        (&mut Transform, Option<&Moon>, Option<&MeshMaterial3d<StandardMaterial>>),
        Or<(With<SunDisk>, With<Moon>)>,
    >,
    stars: Query<&MeshMaterial3d<StandardMaterial>, With<Stars>>,
    mut lights: Query<(&SkyLight, &mut DirectionalLight, &mut Transform), (Without<SunDisk>, Without<Moon>)>,
    mut cameras: Query<(&mut DistanceFog, &mut AmbientLight)>,
    mut shown: Local<Option<SkyLook>>,
) {
    let look = sky.0;
    let before = shown.replace(look);
    // Only what changed is written: a changed asset or light is prepared again for the GPU.
    for (mut transform, moon, _) in &mut bodies {
        transform.translation = moon.map_or(look.sun, |Moon(index)| look.moons[*index]) * FAR;
    }
    // The sky's colours all follow the sun.
    if differs(before, &look, |look| look.sun) {
        for Mesh3d(handle) in &dome {
            if let Some(mut mesh) = meshes.get_mut(handle) {
                let colours: Option<Vec<[f32; 4]>> = mesh
                    .attribute(Mesh::ATTRIBUTE_POSITION)
                    .and_then(|positions| positions.as_float3())
                    .map(|positions| {
                        positions
                            .iter()
                            .map(|&p| look.colour(Vec3::from_array(p).normalize()).to_linear().to_f32_array())
                            .collect()
                    });
                if let Some(colours) = colours {
                    mesh.insert_attribute(Mesh::ATTRIBUTE_COLOR, colours);
                }
            }
        }
    }
    if differs(before, &look, |look| look.night) {
        // The moons faint by day, bright by night; the stars only by night.
        let moons = bodies.iter().filter_map(|(_, moon, material)| moon.and(material));
        for (MeshMaterial3d(handle), alpha) in
            moons.map(|m| (m, 0.35 + 0.65 * look.night)).chain(stars.iter().map(|s| (s, look.night)))
        {
            if let Some(mut material) = materials.get_mut(handle) {
                material.base_color.set_alpha(alpha);
            }
        }
    }
    for (&which, mut light, mut transform) in &mut lights {
        if differs(before, &look, |look| which.of(look)) {
            let (towards, colour, lux) = which.of(&look);
            light.color = colour;
            light.illuminance = lux;
            *transform = Transform::from_translation(towards * 20.0).looking_at(Vec3::ZERO, Vec3::Y);
        }
    }
    if differs(before, &look, |look| look.light) {
        for (mut fog, mut ambient) in &mut cameras {
            fog.color = look.horizon;
            fog.directional_light_color = look.halo.with_alpha(0.4 * (1.0 - look.night));
            ambient.color = look.ambient.0;
            // The sky's image-based light ([`super::sky_light`]) gives the rest.
            ambient.brightness = look.ambient.1 * super::sky_light::AMBIENT_KEPT;
        }
    }
}

/// While the board camera draws the sky through Barsoom's air ([`super::atmosphere`], at Medium
/// and High), the painted dome shows only as the night falls: it is see-through by day (the
/// air's sky shows), and covers the air by night (which the field's lamps, a low light to the
/// air, would light as a dusk). Without the air (Low) it is the sky.
fn veil_the_air_by_night(
    sky: Res<SkyNow>,
    cameras: Query<Has<AtmosphereSettings>, With<BoardCamera>>,
    dome: Query<&MeshMaterial3d<StandardMaterial>, With<Dome>>,
    mut materials: ResMut<Assets<StandardMaterial>>,
    mut shown: Local<Option<f32>>,
) {
    let through_the_air = cameras.iter().any(|air| air);
    let cover = if through_the_air { sky.0.night } else { 1.0 };
    if shown.replace(cover) == Some(cover) {
        return;
    }
    for MeshMaterial3d(handle) in &dome {
        if let Some(mut material) = materials.get_mut(handle) {
            material.base_color.set_alpha(cover);
            material.alpha_mode = if cover < 1.0 { AlphaMode::Blend } else { AlphaMode::Opaque };
        }
    }
}

/// Whether `part` of the sky differs from what was shown before (or nothing was yet).
fn differs<T: PartialEq>(before: Option<SkyLook>, look: &SkyLook, part: impl Fn(&SkyLook) -> T) -> bool {
    before.is_none_or(|before| part(&before) != part(look))
}
