//! The 3D scene that says Mars: the sky of Barsoom with its sun and two moons ([`sky`]), red
//! sand and distant mesas, and the board, pieces and highlights drawn on top of the game's
//! entities.

mod board;
mod dust;
pub mod highlights;
mod models;
mod palette;
mod sky;

use bevy::prelude::*;

pub use palette::Palette;

pub(super) fn plugin(app: &mut App) {
    app.insert_resource(ClearColor(Palette::SKY)).add_systems(Startup, spawn_environment).add_plugins((
        board::plugin,
        models::plugin,
        highlights::plugin,
        sky::plugin,
        dust::plugin,
    ));
}

fn spawn_environment(
    mut commands: Commands,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<StandardMaterial>>,
) {
    let sand = materials.add(StandardMaterial { base_color: Palette::SAND, perceptual_roughness: 0.95, ..default() });
    commands.spawn((
        Mesh3d(meshes.add(Plane3d::default().mesh().size(400.0, 400.0))),
        MeshMaterial3d(sand),
        Transform::from_xyz(0.0, -0.62, 0.0),
    ));
    let rock = materials.add(StandardMaterial { base_color: Palette::ROCK, perceptual_roughness: 1.0, ..default() });
    // Mesas on the horizon: flat-topped cylinders, placed by a fixed pattern.
    for i in 0..14 {
        let angle = i as f32 * 2.399 + 0.4;
        let distance = 26.0 + (i * 7 % 5) as f32 * 4.0;
        let radius = 2.5 + (i * 5 % 4) as f32 * 1.2;
        let height = 3.0 + (i * 3 % 5) as f32 * 1.5;
        commands.spawn((
            Mesh3d(meshes.add(Cylinder::new(radius, height))),
            MeshMaterial3d(rock.clone()),
            Transform::from_xyz(angle.cos() * distance, height / 2.0 - 0.6, angle.sin() * distance),
        ));
    }
    // Boulders near the board.
    for i in 0..24 {
        let angle = i as f32 * 1.7;
        let distance = 11.0 + (i * 11 % 9) as f32 * 1.6;
        let size = 0.2 + (i * 7 % 5) as f32 * 0.12;
        commands.spawn((
            Mesh3d(meshes.add(Sphere::new(size).mesh().ico(1).expect("a low-detail sphere"))),
            MeshMaterial3d(rock.clone()),
            Transform::from_xyz(angle.cos() * distance, -0.6 + size * 0.4, angle.sin() * distance)
                .with_scale(Vec3::new(1.3, 0.7, 1.0)),
        ));
    }
}
