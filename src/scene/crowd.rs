//! The people of Manator in the stands, who rise and cheer: copper-red men and women in harness
//! of many colours on every tier, here and there a green man towering over them. They are
//! drawn as groups (a third of a stand's length, two tiers deep), each one mesh, that spring
//! up and down out of step with each other, arms raised, while the crowd is roused
//! ([`Cheering`]).

use bevy::light::NotShadowCaster;
use bevy::prelude::*;

use super::merged::{MergedMesh, noise, shade};
use super::stands::{DEPTH, GROUND, PODIUM, RISE, ROYAL, SEAT, Stand, TIERS, WALL};
use crate::crowd_mood::Cheering;
use crate::palette::Palette;

/// Groups along a stand, and tiers a group is deep.
const GROUPS_ALONG: usize = 3;
const TIERS_A_GROUP: usize = 2;
/// How high a cheering spectator springs, in world units, and how often a second.
const SPRING: f32 = 0.14;
const SPRINGS_A_SECOND: f32 = 2.2;

/// A group of spectators: its place at rest, and where in its springing it is.
#[derive(Component, Debug)]
struct Spectators {
    phase: f32,
}

/// The group's raised arms, shown while it cheers.
#[derive(Component, Debug)]
struct RaisedArms;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Update, cheer.in_set(crate::AppSystems::View));
}

/// Spawns the crowd of `stands` (the jeddak's box kept clear) as children of `parent`.
pub(super) fn spawn(
    commands: &mut Commands,
    stands: &[Stand],
    parent: Entity,
    meshes: &mut Assets<Mesh>,
    material: Handle<StandardMaterial>,
) {
    for (index, stand) in stands.iter().enumerate() {
        for group in 0..GROUPS_ALONG * TIERS / TIERS_A_GROUP {
            let (people, arms) = group_meshes(stand, index as u32, index == ROYAL, group);
            let phase = noise(index as u32 * 97 + group as u32);
            commands
                .spawn((
                    Spectators { phase },
                    Mesh3d(meshes.add(people)),
                    MeshMaterial3d(material.clone()),
                    NotShadowCaster,
                    Transform::default(),
                    ChildOf(parent),
                ))
                .with_child((
                    RaisedArms,
                    Mesh3d(meshes.add(arms)),
                    MeshMaterial3d(material.clone()),
                    NotShadowCaster,
                    Visibility::Hidden,
                ));
        }
    }
}

/// The meshes of one group of a stand's spectators: the people, and their raised arms.
fn group_meshes(stand: &Stand, stand_index: u32, royal: bool, group: usize) -> (Mesh, Mesh) {
    let harness = [
        Color::srgb(0.45, 0.22, 0.10),
        Color::srgb(0.62, 0.48, 0.22),
        Color::srgb(0.30, 0.18, 0.12),
        Color::srgb(0.70, 0.18, 0.12),
        Color::srgb(0.18, 0.22, 0.35),
        Color::srgb(0.85, 0.78, 0.60),
    ];
    let (mut people, mut arms) = (MergedMesh::default(), MergedMesh::default());
    let body = Cuboid::new(0.2, 0.38, 0.14);
    let head = Sphere::new(0.085).mesh().ico(0).expect("an icosahedron");
    let arm = Cuboid::new(0.05, 0.26, 0.05);
    let (third, band) = (group % GROUPS_ALONG, group / GROUPS_ALONG);
    for tier in band * TIERS_A_GROUP..(band + 1) * TIERS_A_GROUP {
        let out = PODIUM + (tier as f32 + 0.45) * DEPTH;
        let floor = GROUND + WALL + (tier + 1) as f32 * RISE;
        let reach = stand.along + PODIUM + tier as f32 * DEPTH;
        let count = (reach * 2.0 / SEAT) as i32;
        let share = count as f32 / GROUPS_ALONG as f32;
        let seats = (third as f32 * share) as i32..((third + 1) as f32 * share) as i32;
        for seat in seats {
            let seed = stand_index * 100_000 + tier as u32 * 1000 + seat as u32;
            let along = -reach + (seat as f32 + 0.5 + 0.3 * (noise(seed) - 0.5)) * SEAT;
            if noise(seed + 7) < 0.22 || (royal && tier < 4 && along.abs() < 2.2) {
                continue;
            }
            let thark = noise(seed + 13) < 0.03;
            let (scale, skin) = if thark {
                (1.6, Palette::THARK)
            } else {
                (0.9 + 0.2 * noise(seed + 3), shade(Color::srgb(0.62, 0.28, 0.18), 0.8 + 0.4 * noise(seed + 5)))
            };
            let clothes = harness[(noise(seed + 11) * harness.len() as f32) as usize % harness.len()];
            let foot = stand.place(along, out, floor);
            let turn = stand.turn;
            let sized = |at: Vec3| Transform::from_translation(foot + at * scale).with_scale(Vec3::splat(scale));
            people.add(body, sized(Vec3::Y * 0.19).with_rotation(turn), clothes);
            people.add(head.clone(), sized(Vec3::Y * 0.47), skin);
            // Arms flung up and out in a V.
            for side in [-1.0, 1.0] {
                let lean = Quat::from_rotation_z(-side * 0.45);
                let place = sized(turn * Vec3::new(side * 0.16, 0.46, 0.0)).with_rotation(turn * lean);
                arms.add(arm, place, skin);
            }
        }
    }
    (people.build(), arms.build())
}

/// Springs each group of spectators up and down, arms raised, while the crowd is roused.
fn cheer(
    cheering: Res<Cheering>,
    time: Res<Time>,
    mut groups: Query<(&Spectators, &mut Transform, &Children)>,
    mut arms: Query<&mut Visibility, With<RaisedArms>>,
) {
    let roused = cheering.level.min(1.0);
    for (group, mut transform, children) in &mut groups {
        let beat = (time.elapsed_secs() * SPRINGS_A_SECOND + group.phase) * std::f32::consts::PI;
        transform.translation.y = roused * SPRING * beat.sin().abs();
        for child in children {
            if let Ok(mut visibility) = arms.get_mut(*child) {
                visibility.set_if_neq(if roused > 0.3 { Visibility::Inherited } else { Visibility::Hidden });
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scene::stands::stands_about;

    #[test]
    fn the_crowd_fills_the_stands_in_groups_each_with_raised_arms() {
        let colours = [(Color::BLACK, Color::WHITE); 2];
        let stands = stands_about(Vec2::splat(14.5), colours);
        let groups: Vec<(Mesh, Mesh)> =
            (0..GROUPS_ALONG * TIERS / TIERS_A_GROUP).map(|group| group_meshes(&stands[0], 0, false, group)).collect();
        let people: usize = groups.iter().map(|(people, _)| people.count_vertices()).sum();
        assert!(people > 5_000, "{people} vertices of people in a stand");
        for (people, arms) in &groups {
            assert!(people.count_vertices() > 0 && arms.count_vertices() > 0, "every group has people, and arms");
        }
        // The jeddak's box is kept clear: the royal stand has fewer people.
        let royal: usize =
            (0..GROUPS_ALONG).map(|group| group_meshes(&stands[0], 0, true, group).0.count_vertices()).sum();
        let plain: usize = groups[..GROUPS_ALONG].iter().map(|(people, _)| people.count_vertices()).sum();
        assert!(royal < plain, "{royal} < {plain}");
    }
}
