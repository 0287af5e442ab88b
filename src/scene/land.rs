//! The land about the arena: the ochre moss of a dead sea bottom (its surface), low rolling hills, and the
//! towers of Manator on the northern horizon (seen over the far stand from a low camera), all
//! softened by the haze.

use std::f32::consts::TAU;

use bevy::light::NotShadowCaster;
use bevy::prelude::*;

use super::merged::MergedMesh;
use super::merged::noise;
use super::surfaces::{Surface, Surfaces};
use crate::palette::Palette;

/// Where the city stands: north (the far side from South's seat) and a little west.
const CITY: Vec3 = Vec3::new(-26.0, -0.6, -105.0);

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Startup, spawn_land);
}

fn spawn_land(
    mut commands: Commands,
    surfaces: Res<Surfaces>,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<StandardMaterial>>,
) {
    // The moss's cushions a metre and a half across, tinted towards the palette's moss.
    let tint = StandardMaterial { base_color: Palette::MOSS.mix(&Color::WHITE, 0.6), ..default() };
    let moss = materials.add(surfaces.dress(Surface::Moss, tint, Vec2::splat(400.0 / 3.0)));
    let ground = Mesh::from(Plane3d::default().mesh().size(400.0, 400.0));
    commands.spawn((
        Mesh3d(meshes.add(ground.with_generated_tangents().expect("a plane has what tangents need"))),
        MeshMaterial3d(moss),
        Transform::from_xyz(0.0, -0.62, 0.0),
    ));
    let land = materials.add(StandardMaterial { perceptual_roughness: 0.95, ..default() });
    let mut far = MergedMesh::default();
    hills(&mut far);
    city(&mut far);
    commands.spawn((Mesh3d(meshes.add(far.build())), MeshMaterial3d(land), NotShadowCaster));
}

/// Long, low swells of moss all round, between the arena and the sky.
fn hills(mesh: &mut MergedMesh) {
    let hill = Sphere::new(1.0).mesh().ico(2).expect("an icosphere");
    for i in 0..26u32 {
        let angle = i as f32 / 26.0 * TAU + noise(i) * 0.3;
        let distance = 62.0 + 50.0 * noise(i + 40);
        let radius = 10.0 + 14.0 * noise(i + 80);
        let height = radius * (0.10 + 0.10 * noise(i + 120));
        let at = Vec3::new(angle.cos() * distance, -0.62, angle.sin() * distance);
        let shape = Transform::from_translation(at).with_rotation(Quat::from_rotation_y(angle)).with_scale(Vec3::new(
            radius * 1.4,
            height,
            radius,
        ));
        let tone = 0.8 + 0.3 * noise(i + 160);
        mesh.add(hill.clone(), shape, Palette::MOSS.mix(&Palette::ROCK, 0.35 * tone));
    }
}

/// Manator: a wall, a crowd of round towers with domes and spires, and two great towers.
fn city(mesh: &mut MergedMesh) {
    let stone = [Color::srgb(0.78, 0.64, 0.50), Color::srgb(0.70, 0.50, 0.40), Color::srgb(0.84, 0.76, 0.62)];
    let dome = Sphere::new(1.0).mesh().ico(2).expect("an icosphere");
    // The wall, a low arc facing the arena.
    for i in 0..24 {
        let angle = -0.9 + i as f32 * 0.075;
        let at = CITY + Vec3::new(angle.sin() * 30.0, 2.0, angle.cos() * 30.0 - 14.0);
        mesh.add(
            Cuboid::new(2.6, 4.0, 1.2),
            Transform::from_translation(at).with_rotation(Quat::from_rotation_y(angle)),
            stone[2],
        );
    }
    for i in 0..40u32 {
        let angle = noise(i + 300) * TAU;
        let spread = 26.0 * noise(i + 340).sqrt();
        let base = CITY + Vec3::new(angle.cos() * spread, 0.0, angle.sin() * spread * 0.6);
        let radius = 1.0 + 2.2 * noise(i + 380);
        let height = 4.0 + 11.0 * noise(i + 420) * (1.0 - spread / 40.0);
        let colour = stone[i as usize % stone.len()];
        mesh.add(Cylinder::new(radius, height), Transform::from_translation(base + Vec3::Y * height / 2.0), colour);
        let top = base + Vec3::Y * height;
        if noise(i + 460) < 0.55 {
            mesh.add(
                dome.clone(),
                Transform::from_translation(top).with_scale(Vec3::splat(radius * 1.05)),
                stone[(i as usize + 1) % 3],
            );
        } else {
            let spire = Cone { radius: radius * 0.8, height: radius * 3.0 };
            mesh.add(spire, Transform::from_translation(top + Vec3::Y * radius * 1.5), Color::srgb(0.55, 0.30, 0.22));
        }
    }
    // Two great towers rise over the rest, one crowned scarlet, one yellow.
    for (offset, height, crown) in [
        (Vec3::new(-6.0, 0.0, 2.0), 28.0, Color::srgb(0.72, 0.10, 0.06)),
        (Vec3::new(9.0, 0.0, -4.0), 22.0, Color::srgb(0.88, 0.70, 0.20)),
    ] {
        let base = CITY + offset;
        mesh.add(
            ConicalFrustum { radius_top: 1.6, radius_bottom: 3.4, height },
            Transform::from_translation(base + Vec3::Y * height / 2.0),
            stone[2],
        );
        mesh.add(Cylinder::new(2.4, 3.0), Transform::from_translation(base + Vec3::Y * (height + 1.5)), crown);
        mesh.add(
            Cone { radius: 1.6, height: 6.0 },
            Transform::from_translation(base + Vec3::Y * (height + 6.0)),
            crown,
        );
    }
}
