//! A puff of dust where a captured piece falls: a ring of small grains of the field's sand that
//! billow out and settle as the piece goes down ([`Leaving`]).

use bevy::light::NotShadowCaster;
use bevy::prelude::*;

use crate::AppSystems;
use crate::animation::Leaving;
use crate::palette::Palette;

/// Grains in a puff.
const GRAINS: usize = 10;

/// One grain of a puff: it waits with its piece, then drifts out and up, grows and shrinks away.
#[derive(Component)]
struct Grain {
    /// Where the puff starts and how it drifts (per second of its life).
    from: Vec3,
    drift: Vec3,
    /// The piece it rises from: it waits until the piece falls.
    piece: Entity,
    /// Seconds since it started to rise, once it has.
    age: Option<f32>,
    /// Seconds it lasts.
    life: f32,
}

/// The grains' shared mesh and material.
#[derive(Resource)]
struct DustLook {
    mesh: Handle<Mesh>,
    material: Handle<StandardMaterial>,
}

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Startup, make_dust_look)
        .add_systems(Update, (raise_dust, drift_dust).chain().in_set(AppSystems::View));
}

fn make_dust_look(
    mut commands: Commands,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<StandardMaterial>>,
) {
    // Pale, dry dust: lighter than the sand and the orange pieces it rises among.
    let sand = Palette::SAND.mix(&Color::srgb(0.85, 0.80, 0.72), 0.75);
    commands.insert_resource(DustLook {
        mesh: meshes.add(Sphere::new(0.5).mesh().ico(1).expect("a coarse ico sphere")),
        material: materials.add(StandardMaterial { base_color: sand, perceptual_roughness: 1.0, ..default() }),
    });
}

/// A ring of grains about each piece that starts to leave.
fn raise_dust(mut commands: Commands, look: Option<Res<DustLook>>, fallen: Query<(Entity, &Leaving), Added<Leaving>>) {
    let Some(look) = look else { return };
    for (piece, leaving) in &fallen {
        for grain in 0..GRAINS {
            let angle = grain as f32 / GRAINS as f32 * std::f32::consts::TAU + 0.3 * (grain % 3) as f32;
            // More of the dust goes the way the piece falls.
            let out = Vec3::new(angle.cos(), 0.0, angle.sin());
            let drift = (out + leaving.away * 0.8) * 0.5 + Vec3::Y * (0.25 + 0.1 * (grain % 4) as f32);
            commands.spawn((
                Grain { from: leaving.at + out * 0.2, drift, piece, age: None, life: leaving.duration * 1.3 },
                Mesh3d(look.mesh.clone()),
                MeshMaterial3d(look.material.clone()),
                Transform::from_translation(leaving.at).with_scale(Vec3::ZERO),
                NotShadowCaster,
            ));
        }
    }
}

/// Grains rise once their piece falls, billow out and shrink away.
fn drift_dust(
    mut commands: Commands,
    time: Res<Time>,
    leaving: Query<&Leaving>,
    mut grains: Query<(Entity, &mut Grain, &mut Transform)>,
) {
    for (entity, mut grain, mut transform) in &mut grains {
        let falling = leaving.get(grain.piece).map_or(true, |leaving| leaving.progress() > 0.0);
        if grain.age.is_none() && !falling {
            continue;
        }
        let age = grain.age.map_or(0.0, |age| age + time.delta_secs());
        grain.age = Some(age);
        let t = (age / grain.life).min(1.0);
        // Out fast, then slowing; up, then settling.
        transform.translation = grain.from + grain.drift * grain.life * (1.0 - (1.0 - t).powi(2));
        transform.scale = Vec3::splat(0.34 * (t * std::f32::consts::PI).sin().max(0.0) + 0.02);
        if t >= 1.0 {
            commands.entity(entity).despawn();
        }
    }
}
