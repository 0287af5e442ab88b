//! The sky of Barsoom at the time of day the settings choose: a dome coloured by the sun's height
//! (butterscotch by day, blue about the setting sun, near black at night), the sun, the two moons
//! (Thuria near and fast, rising in the west; Cluros far and slow) and the stars; the sunlight or
//! moonlight, the haze and the ambient light follow it.

use std::f32::consts::{PI, TAU};

use bevy::asset::RenderAssetUsages;
use bevy::light::{CascadeShadowConfigBuilder, NotShadowCaster, NotShadowReceiver};
use bevy::mesh::{Indices, PrimitiveTopology};
use bevy::prelude::*;

use crate::settings::{Settings, TimeOfDay};

/// The dome's radius: beyond the mesas, inside the camera's far plane.
const DOME: f32 = 150.0;
/// How far away the sun, moons and stars are drawn (inside the dome).
const FAR: f32 = 140.0;
/// Seconds of a whole day when the time of day passes.
const DAY_SECONDS: f32 = 240.0;
/// Seconds Thuria takes to cross the sky (it crosses several times a night).
const THURIA_CROSSING: f32 = 50.0;
/// Seconds Cluros takes to cross the sky.
const CLUROS_CROSSING: f32 = 600.0;
/// How many stars.
const STARS: usize = 420;
/// Where the sun stands by day: low in the south-west, for long shadows across the board.
const DAY_PHASE: f32 = 2.45;

/// The sky's colours and lights at one moment.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SkyLook {
    /// Towards the sun.
    pub sun: Vec3,
    /// Towards Thuria and Cluros.
    pub moons: [Vec3; 2],
    /// The sky straight up.
    pub zenith: Color,
    /// The sky at the horizon (and the haze).
    pub horizon: Color,
    /// The glow about the sun, strongest at sunset.
    pub halo: Color,
    /// Where the light comes from (the sun, or the higher moon by night), its colour and lux.
    pub light: (Vec3, Color, f32),
    /// The ambient light's colour and brightness.
    pub ambient: (Color, f32),
    /// How much the stars and moons show, 0 by day to 1 by night.
    pub night: f32,
}

impl SkyLook {
    /// The sky at `time` of day, `seconds` into the game (the moons move; so does the sun when
    /// the time passes).
    pub fn at(time: TimeOfDay, seconds: f32) -> SkyLook {
        let phase = match time {
            TimeOfDay::Day => DAY_PHASE,
            TimeOfDay::Dusk => 3.07,
            TimeOfDay::Night => 4.5,
            TimeOfDay::Passing => DAY_PHASE + seconds / DAY_SECONDS * TAU,
        };
        let sun = sun_direction(phase);
        let moons =
            [moon_direction(seconds, THURIA_CROSSING, 0.76, 0.22), moon_direction(seconds, CLUROS_CROSSING, 1.8, 0.3)];
        let height = sun.y.asin();
        let day = smoothstep(-0.04, 0.35, height);
        let night = smoothstep(0.0, -0.22, height);
        let dusk = (1.0 - day) * (1.0 - night);
        let blend = |day_colour: Vec3, dusk_colour: Vec3, night_colour: Vec3| {
            Color::srgb_from_array((day_colour * day + dusk_colour * dusk + night_colour * night).to_array())
        };
        let zenith = blend(Vec3::new(0.72, 0.52, 0.38), Vec3::new(0.30, 0.22, 0.26), Vec3::new(0.02, 0.02, 0.05));
        let horizon = blend(Vec3::new(0.86, 0.64, 0.44), Vec3::new(0.62, 0.36, 0.24), Vec3::new(0.07, 0.06, 0.08));
        // Mars' sunsets are blue about the sun: dust scatters red light away from it.
        let halo = blend(Vec3::new(0.95, 0.85, 0.70), Vec3::new(0.42, 0.58, 0.92), Vec3::ZERO);
        let moon = if moons[0].y >= moons[1].y { moons[0] } else { moons[1] };
        let light = if height > -0.08 {
            let colour = blend(Vec3::new(1.0, 0.83, 0.62), Vec3::new(1.0, 0.58, 0.36), Vec3::ZERO);
            (sun, colour, 9_000.0 * day + 2_600.0 * dusk)
        } else {
            (moon.with_y(moon.y.max(0.12)).normalize(), Color::srgb(0.62, 0.72, 1.0), 1_600.0 * night.max(0.3))
        };
        let ambient_colour =
            blend(Vec3::new(1.0, 0.78, 0.60), Vec3::new(0.85, 0.62, 0.62), Vec3::new(0.45, 0.52, 0.80));
        let ambient = (ambient_colour, 350.0 * day + 170.0 * dusk + 120.0 * night);
        SkyLook { sun, moons, zenith, horizon, halo, light, ambient, night }
    }

    /// The sky's colour looking along `direction`: the zenith blended down to the horizon, the
    /// glow about the sun on top.
    pub fn colour(&self, direction: Vec3) -> Color {
        let up = direction.y.max(0.0).sqrt();
        let base = self.horizon.to_linear().to_vec3().lerp(self.zenith.to_linear().to_vec3(), up);
        let glow = direction.dot(self.sun).max(0.0).powi(6) * (1.0 - up).powi(2);
        let colour = base.lerp(self.halo.to_linear().to_vec3(), glow * 0.8);
        Color::LinearRgba(LinearRgba::from_vec3(colour))
    }
}

/// Towards the sun at `phase` of its day: rising in the east (0), high in the south (π/2),
/// setting in the west (π), below the horizon through the north.
fn sun_direction(phase: f32) -> Vec3 {
    let height = 0.85 * phase.sin();
    Vec3::new(height.cos() * phase.cos(), height.sin(), height.cos() * phase.sin())
}

/// Towards a moon that crosses the sky from west to east in `crossing` seconds, on an arc
/// through the northern sky as high as `arc` (as a slope), starting `offset` of the way round.
fn moon_direction(seconds: f32, crossing: f32, offset: f32, arc: f32) -> Vec3 {
    let angle = (seconds / crossing * PI + offset).rem_euclid(TAU);
    Vec3::new(-angle.cos(), angle.sin() * arc, -angle.sin()).normalize()
}

fn smoothstep(from: f32, to: f32, x: f32) -> f32 {
    let t = ((x - from) / (to - from)).clamp(0.0, 1.0);
    t * t * (3.0 - 2.0 * t)
}

/// The time the sky has run, in seconds (the moons' course, and the day's when it passes).
#[derive(Resource, Default)]
pub struct SkyTime(pub f32);

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

/// The light of the sun, or of the moons by night.
#[derive(Component)]
struct SkyLight;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<SkyTime>()
        .add_systems(Startup, spawn_sky)
        .add_systems(Update, follow_the_sky.in_set(crate::AppSystems::View));
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
        SkyLight,
        DirectionalLight { shadow_maps_enabled: true, ..default() },
        Transform::default(),
        CascadeShadowConfigBuilder { first_cascade_far_bound: 12.0, maximum_distance: 45.0, ..default() }.build(),
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
    Mesh::new(PrimitiveTopology::TriangleList, RenderAssetUsages::RENDER_WORLD)
        .with_inserted_attribute(Mesh::ATTRIBUTE_POSITION, positions)
        .with_inserted_indices(Indices::U32(indices))
}

/// Moves the sun and moons, colours the dome, and sets the light, haze and ambient light, for
/// the time of day the settings choose.
#[allow(clippy::too_many_arguments, reason = "each part of the sky is its own query")]
fn follow_the_sky(
    time: Res<Time>,
    settings: Res<Settings>,
    mut sky_time: ResMut<SkyTime>,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<StandardMaterial>>,
    dome: Query<&Mesh3d, With<Dome>>,
    mut bodies: Query<
        (&mut Transform, Option<&Moon>, Option<&MeshMaterial3d<StandardMaterial>>),
        Or<(With<SunDisk>, With<Moon>)>,
    >,
    stars: Query<&MeshMaterial3d<StandardMaterial>, With<Stars>>,
    mut lights: Query<(&mut DirectionalLight, &mut Transform), (With<SkyLight>, Without<SunDisk>, Without<Moon>)>,
    mut cameras: Query<(&mut DistanceFog, &mut AmbientLight)>,
    mut shown: Local<Option<SkyLook>>,
) {
    sky_time.0 += time.delta_secs();
    let look = SkyLook::at(settings.time_of_day, sky_time.0);
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
    let (towards, colour, lux) = look.light;
    if differs(before, &look, |look| look.light) {
        for (mut light, mut transform) in &mut lights {
            light.color = colour;
            light.illuminance = lux;
            *transform = Transform::from_translation(towards * 20.0).looking_at(Vec3::ZERO, Vec3::Y);
        }
        for (mut fog, mut ambient) in &mut cameras {
            fog.color = look.horizon;
            fog.directional_light_color = look.halo.with_alpha(0.4 * (1.0 - look.night));
            ambient.color = look.ambient.0;
            ambient.brightness = look.ambient.1;
        }
    }
}

/// Whether `part` of the sky differs from what was shown before (or nothing was yet).
fn differs<T: PartialEq>(before: Option<SkyLook>, look: &SkyLook, part: impl Fn(&SkyLook) -> T) -> bool {
    before.is_none_or(|before| part(&before) != part(look))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn brightness(colour: Color) -> f32 {
        let c = colour.to_linear();
        c.red + c.green + c.blue
    }

    #[test]
    fn night_is_darker_than_dusk_and_dusk_than_day() {
        let [day, dusk, night] = [TimeOfDay::Day, TimeOfDay::Dusk, TimeOfDay::Night].map(|t| SkyLook::at(t, 0.0));
        assert!(brightness(day.zenith) > brightness(dusk.zenith) && brightness(dusk.zenith) > brightness(night.zenith));
        assert!(day.light.2 > dusk.light.2 && dusk.light.2 > night.light.2);
        assert!(day.sun.y > 0.4 && dusk.sun.y > 0.0 && dusk.sun.y < 0.1 && night.sun.y < 0.0);
        assert_eq!((day.night, night.night), (0.0, 1.0));
        // By night the light is the moons', from above the horizon.
        assert!(night.light.0.y > 0.0 && night.light.0 != night.sun);
    }

    #[test]
    fn the_setting_sun_is_ringed_with_blue() {
        let dusk = SkyLook::at(TimeOfDay::Dusk, 0.0);
        let near_sun = dusk.colour(dusk.sun.with_y(0.02).normalize()).to_linear();
        let away = dusk.colour(-dusk.sun.with_y(0.02).normalize()).to_linear();
        assert!(near_sun.blue > near_sun.red, "{near_sun:?}");
        assert!(away.red > away.blue, "{away:?}");
    }

    #[test]
    fn thuria_hurries_west_to_east_and_cluros_lingers() {
        let thuria = |s: f32| SkyLook::at(TimeOfDay::Night, s).moons[0];
        let cluros = |s: f32| SkyLook::at(TimeOfDay::Night, s).moons[1];
        let moved = |f: &dyn Fn(f32) -> Vec3| f(0.0).angle_between(f(5.0));
        assert!(moved(&thuria) > 5.0 * moved(&cluros));
        // Thuria rises in the west (-x) and sets in the east.
        let rise = (0..200).map(|s| s as f32).find(|&s| thuria(s).y <= 0.0 && thuria(s + 1.0).y > 0.0).unwrap();
        assert!(thuria(rise + 1.0).x < 0.0 && thuria(rise + THURIA_CROSSING - 1.0).x > 0.0);
    }

    #[test]
    fn a_passing_day_goes_through_night_and_back() {
        let heights: Vec<f32> =
            (0..48).map(|i| SkyLook::at(TimeOfDay::Passing, i as f32 * DAY_SECONDS / 48.0).sun.y).collect();
        assert!(heights.iter().any(|&h| h < -0.3) && heights.iter().any(|&h| h > 0.6));
        assert_eq!(SkyLook::at(TimeOfDay::Passing, 0.0).sun, SkyLook::at(TimeOfDay::Day, 0.0).sun);
    }
}
