//! The light a promoted piece rises in: a shaft of golden light over its square, with the glow
//! it casts about, brightening as the piece rises and fading as it stands ([`Appearing`]).

use bevy::light::{NotShadowCaster, NotShadowReceiver};
use bevy::prelude::*;

use crate::AppSystems;
use crate::animation::Appearing;

/// The colour of the light.
const GOLD: Color = Color::srgb(1.0, 0.86, 0.52);
/// How tall the shaft stands over the square.
const HEIGHT: f32 = 4.0;

/// A shaft of light over a piece that is rising.
#[derive(Component)]
struct Shaft {
    /// The rising piece.
    piece: Entity,
    material: Handle<StandardMaterial>,
}

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Update, (light_shafts, follow_shafts).chain().in_set(AppSystems::View));
}

fn light_shafts(
    mut commands: Commands,
    rising: Query<(Entity, &Appearing), Added<Appearing>>,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<StandardMaterial>>,
    mut mesh: Local<Option<Handle<Mesh>>>,
) {
    for (piece, appearing) in &rising {
        let mesh = mesh.get_or_insert_with(|| meshes.add(Cylinder::new(0.42, 1.0).mesh().resolution(24))).clone();
        // Each shaft fades on its own, so each has its own material.
        let material = materials.add(StandardMaterial {
            base_color: GOLD.with_alpha(0.0),
            unlit: true,
            alpha_mode: AlphaMode::Add,
            cull_mode: None,
            ..default()
        });
        commands
            .spawn((
                Shaft { piece, material: material.clone() },
                Mesh3d(mesh),
                MeshMaterial3d(material),
                Transform::from_translation(appearing.at).with_scale(Vec3::new(1.0, 0.0, 1.0)),
                NotShadowCaster,
                NotShadowReceiver,
            ))
            .with_child((
                PointLight { color: GOLD, intensity: 0.0, range: 6.0, shadow_maps_enabled: false, ..default() },
                Transform::from_xyz(0.0, 0.3, 0.0),
            ));
    }
}

/// The shaft brightens and climbs as its piece rises, then fades; it goes with the rising.
fn follow_shafts(
    mut commands: Commands,
    rising: Query<&Appearing>,
    mut shafts: Query<(Entity, &Shaft, &mut Transform, &Children)>,
    mut lights: Query<&mut PointLight>,
    mut materials: ResMut<Assets<StandardMaterial>>,
) {
    for (entity, shaft, mut transform, children) in &mut shafts {
        let Ok(appearing) = rising.get(shaft.piece) else {
            commands.entity(entity).despawn();
            continue;
        };
        let t = appearing.progress();
        let strength = (t * std::f32::consts::PI).sin();
        let height = HEIGHT * (0.3 + 0.7 * t);
        transform.translation = appearing.at + Vec3::Y * height / 2.0;
        transform.scale = Vec3::new(1.0 - 0.3 * t, height, 1.0 - 0.3 * t);
        if let Some(mut material) = materials.get_mut(&shaft.material) {
            material.base_color.set_alpha(0.85 * strength);
        }
        for child in children {
            if let Ok(mut light) = lights.get_mut(*child) {
                light.intensity = 60_000.0 * strength;
            }
        }
    }
}
