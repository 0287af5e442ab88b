//! The Jetan field of Manator: a paved field about the board inside tiered stone stands full of
//! the city's people, the jeddak's box on the east side, gates, and banners and pennants in the
//! two sides' colours. Sized to the board (the default camera stands inside the stands), drawn
//! as four meshes with vertex colours (the stone in sandstone, the field in packed sand, the
//! awning and the waving banners in cloth: the game's surfaces, tinted), and rebuilt with the
//! board.

use bevy::light::NotShadowCaster;
use bevy::prelude::*;
use jetan_rules::Side;

use super::merged::{MergedMesh, noise, shade};
use super::stands::{DEPTH, GROUND, PODIUM, RISE, ROYAL, Stand, TIERS, WALL, stands_about};
use super::surfaces::{Surface, Surfaces};
use crate::board::{BoardLayout, BoardRoot};
use crate::camera::framing_distance;
use crate::game::Game;
use crate::palette::Palette;
use crate::screen::Screen;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Update, build_arena.in_set(crate::WhilePlaying).in_set(crate::AppSystems::View))
        .add_systems(OnEnter(Screen::Title), build_title_arena);
}

/// The arena the title's camera flies about: the stands of a classic Jetan field, in the
/// classic sides' colours, the field empty.
fn build_title_arena(mut commands: Commands, mut made: Makers) {
    let layout = BoardLayout { geometry: jetan_rules::Geometry { files: 10, ranks: 10 } };
    let stands = commands.spawn(DespawnOnExit(Screen::Title)).id();
    spawn_stands(&mut commands, stands, &layout, ["Orange", "Black"], None, &mut made);
}

/// What the arena is made with: its meshes, its materials and the surfaces they wear.
#[derive(bevy::ecs::system::SystemParam)]
struct Makers<'w> {
    meshes: ResMut<'w, Assets<Mesh>>,
    materials: ResMut<'w, Assets<StandardMaterial>>,
    flag_materials: ResMut<'w, Assets<super::flags::FlagMaterial>>,
    surfaces: Res<'w, Surfaces>,
}

/// Half the field's extent inside the podium walls: far enough out that the camera, framing
/// the board from any side, stands on the field.
pub fn field_half_extent(layout: &BoardLayout) -> Vec2 {
    Vec2::splat(framing_distance(layout) + 1.0)
}

fn build_arena(
    mut commands: Commands,
    roots: Query<Entity, Added<BoardRoot>>,
    layout: Option<Res<BoardLayout>>,
    game: Res<Game>,
    mut made: Makers,
) {
    let (Ok(root), Some(layout)) = (roots.single(), layout) else { return };
    let variant = game.position().variant();
    let sides = Side::BOTH.map(|side| variant.side_name(side));
    let stands = commands.spawn(ChildOf(root)).id();
    spawn_stands(&mut commands, stands, &layout, sides, Some(layout.half_extent()), &mut made);
}

/// Makes `stands` the stands about a board of `layout`, in the colours of the sides named
/// `sides`, with their crowd, the field paved up to the `board`'s plinth (all of it on the
/// title, where there is none). They cast no shadow: the board stays in the light at any
/// hour, and software renderers draw the shadow maps of the pieces alone.
fn spawn_stands(
    commands: &mut Commands,
    stands: Entity,
    layout: &BoardLayout,
    sides: [&str; 2],
    board: Option<Vec2>,
    made: &mut Makers,
) {
    let colours =
        Side::BOTH.map(|side| (Palette::body(side, sides[side.index()]), Palette::trim(side, sides[side.index()])));
    let field = field_half_extent(layout);
    let about = stands_about(field, colours);
    let rough = StandardMaterial { perceptual_roughness: 0.92, ..default() };
    // Tiles of each surface a metre: the sandstone's courses, the sand's grain, the weave.
    let parts = arena(field, board, &about);
    for (mesh, surface, tiles) in
        [(parts.stone, Surface::Sandstone, 0.4), (parts.field, Surface::Sand, 0.5), (parts.cloth, Surface::Cloth, 2.0)]
    {
        let material = made.materials.add(made.surfaces.dress(surface, rough.clone(), Vec2::splat(tiles)));
        let mesh = made.meshes.add(mesh);
        commands.spawn((
            Mesh3d(mesh),
            MeshMaterial3d(material),
            NotShadowCaster,
            Transform::default(),
            ChildOf(stands),
        ));
    }
    let waving = super::flags::flag_material(made.surfaces.dress(Surface::Cloth, rough.clone(), Vec2::splat(2.0)));
    commands.spawn((
        Mesh3d(made.meshes.add(parts.flags)),
        MeshMaterial3d(made.flag_materials.add(waving)),
        NotShadowCaster,
        Transform::default(),
        ChildOf(stands),
    ));
    commands.entity(stands).insert((Transform::default(), Visibility::default()));
    let plain = made.materials.add(rough);
    super::crowd::spawn(commands, &about, stands, &mut made.meshes, plain);
}

/// The arena's meshes, by the surface each wears.
struct ArenaParts {
    /// The podium walls, tiers, parapets and gates.
    stone: Mesh,
    /// The field's paving.
    field: Mesh,
    /// The jeddak's awning.
    cloth: Mesh,
    /// The banners and pennants, which wave.
    flags: Mesh,
}

/// The field and the stands about it, without their people.
fn arena(field: Vec2, board: Option<Vec2>, stands: &[Stand; 4]) -> ArenaParts {
    let (mut stone, mut ground, mut cloth) = (MergedMesh::default(), MergedMesh::default(), MergedMesh::default());
    let mut flags = MergedMesh::swaying();
    paving(&mut ground, field, board);
    for (index, stand) in stands.iter().enumerate() {
        tiers(&mut stone, stand);
        banners(&mut flags, stand);
        if index < 2 {
            gates(&mut stone, stand);
        }
    }
    royal_box(&mut cloth, &stands[ROYAL]);
    ArenaParts {
        stone: stone.build_for_maps(),
        field: ground.build_for_maps(),
        cloth: cloth.build_for_maps(),
        flags: flags.build_for_maps(),
    }
}

/// The field between the board (if there is one) and the stands, paved in big worn flags.
fn paving(mesh: &mut MergedMesh, field: Vec2, board: Option<Vec2>) {
    const FLAG: f32 = 2.0;
    // A tint of the sand's own colour.
    let stone = Color::srgb(0.78, 0.74, 0.70);
    let (nx, nz) = ((field.x / FLAG).ceil() as i32, (field.y / FLAG).ceil() as i32);
    for i in -nx..nx {
        for j in -nz..nz {
            let centre = Vec2::new((i as f32 + 0.5) * FLAG, (j as f32 + 0.5) * FLAG);
            // Under the plinth nothing shows.
            let under = |board: Vec2| {
                centre.x.abs() + FLAG / 2.0 < board.x + 1.0 && centre.y.abs() + FLAG / 2.0 < board.y + 1.0
            };
            if board.is_some_and(under) {
                continue;
            }
            let seed = ((i + 100) * 1000 + j + 100) as u32;
            let tone = 0.82 + 0.3 * noise(seed);
            mesh.cuboid(
                Vec3::new(FLAG - 0.05, 0.06, FLAG - 0.05),
                Vec3::new(centre.x, GROUND - 0.01, centre.y),
                shade(stone, tone),
            );
        }
    }
}

/// The podium wall and the tiers, each a step higher and further out.
fn tiers(mesh: &mut MergedMesh, stand: &Stand) {
    // A tint of the sandstone's own colour.
    let stone = Color::srgb(0.95, 0.92, 0.88);
    let outer = PODIUM + TIERS as f32 * DEPTH;
    let block = |mesh: &mut MergedMesh, from: f32, top: f32, colour: Color| {
        // Each block runs to the stand's outer edge, as far along as the tier it carries.
        let half = stand.along + from;
        let depth = outer - from;
        let size = stand.turn * Vec3::new(half * 2.0, top - GROUND, depth);
        mesh.cuboid(size.abs(), stand.place(0.0, from + depth / 2.0, (top + GROUND) / 2.0), colour);
    };
    block(mesh, 0.0, GROUND + WALL, shade(stone, 0.8));
    for tier in 0..TIERS {
        let top = GROUND + WALL + (tier + 1) as f32 * RISE;
        block(mesh, PODIUM + tier as f32 * DEPTH, top, shade(stone, if tier % 2 == 0 { 1.0 } else { 0.9 }));
    }
    // A parapet along the top.
    let top = GROUND + WALL + TIERS as f32 * RISE;
    let size = stand.turn * Vec3::new((stand.along + outer) * 2.0, 0.7, 0.25);
    mesh.cuboid(size.abs(), stand.place(0.0, outer - 0.12, top + 0.35), shade(stone, 0.75));
}

/// Long banners down the podium wall, facing the field, and pennants on poles along the
/// parapet, in the colours of the side the stand cheers (both in turn on the east and west):
/// the pennants fly free of their poles, the banners stir at their hems ([`super::flags`]).
fn banners(flags: &mut MergedMesh, stand: &Stand) {
    let spacing = 3.2;
    let count = (stand.along * 2.0 / spacing) as i32;
    let top = GROUND + WALL + TIERS as f32 * RISE;
    let outer = PODIUM + TIERS as f32 * DEPTH;
    let facing = |at: Vec3| Transform::from_translation(at).with_rotation(stand.turn);
    for i in 0..count {
        let along = -stand.along + (i as f32 + 0.5) * stand.along * 2.0 / count as f32;
        let (body, trim) = stand.banners[i as usize % stand.banners.len()];
        let phase = noise(i as u32 * 7 + (stand.along * 10.0) as u32) * std::f32::consts::TAU;
        // A banner hangs from the wall's top, its hem a fifth as free as a pennant's fly end.
        let (hang, hem) = (GROUND + WALL - 0.05, 0.2);
        let stir = |height: f32| hem * ((hang - height) / 1.05).clamp(0.0, 1.0);
        let centre = hang - 0.525;
        let cloth = stand.place(along, -0.08, centre);
        flags.add_swaying(
            super::flags::sheet(Vec2::new(0.8, 1.05)),
            facing(cloth),
            body,
            |p| stir(centre + p.y),
            phase,
        );
        // Its trim bands, sheets just before it that move with it.
        for height in [GROUND + WALL - 0.95, GROUND + WALL - 0.1] {
            let band = facing(stand.place(along, -0.085, height));
            flags.add_swaying(super::flags::sheet(Vec2::new(0.82, 0.1)), band, trim, |p| stir(height + p.y), phase);
        }
        // A pennant above the parapet, flying from its pole.
        let pole_foot = stand.place(along, outer - 0.12, top + 0.7);
        flags.add(Cylinder::new(0.04, 1.8), Transform::from_translation(pole_foot + Vec3::Y * 0.9), trim);
        let width = 0.7;
        let sideways = stand.turn * Vec3::X * (width / 2.0 + 0.02);
        let pennant = facing(pole_foot + Vec3::Y * 1.55 + sideways);
        flags.add_swaying(super::flags::sheet(Vec2::new(width, 0.4)), pennant, body, |p| p.x / width + 0.5, phase);
    }
}

/// Two dark gateways in the podium wall, where the living pieces enter the field.
fn gates(mesh: &mut MergedMesh, stand: &Stand) {
    for along in [-0.5, 0.5] {
        let x = along * stand.along;
        let opening = stand.turn * Vec3::new(1.6, 1.05, 0.05);
        mesh.cuboid(opening.abs(), stand.place(x, -0.01, GROUND + 0.525), Color::srgb(0.06, 0.04, 0.03));
        let lintel = stand.turn * Vec3::new(2.0, 0.18, 0.12);
        mesh.cuboid(lintel.abs(), stand.place(x, -0.03, GROUND + 1.14), Color::srgb(1.0, 0.9, 0.6));
    }
}

/// The jeddak's box: a canopy in scarlet and gold over the lower tiers of the east stand.
fn royal_box(mesh: &mut MergedMesh, stand: &Stand) {
    let gold = Color::srgb(0.85, 0.62, 0.22);
    let scarlet = Color::srgb(0.62, 0.06, 0.05);
    let floor = GROUND + WALL + RISE;
    let (front, back) = (PODIUM + 0.1, PODIUM + 3.0 * DEPTH);
    for along in [-1.8, 1.8] {
        for out in [front, back] {
            mesh.add(Cylinder::new(0.09, 2.2), Transform::from_translation(stand.place(along, out, floor + 1.1)), gold);
        }
    }
    let roof = stand.turn * Vec3::new(4.2, 0.25, back - front + 0.5);
    mesh.cuboid(roof.abs(), stand.place(0.0, (front + back) / 2.0, floor + 2.3), scarlet);
    let fringe = stand.turn * Vec3::new(4.3, 0.12, back - front + 0.6);
    mesh.cuboid(fringe.abs(), stand.place(0.0, (front + back) / 2.0, floor + 2.12), gold);
    // The jeddak and his court.
    for (i, along) in [-1.0f32, 0.0, 1.0].into_iter().enumerate() {
        let foot = stand.place(along, front + 0.9, floor + 2.0 * RISE);
        let scale = if i == 1 { 1.2 } else { 1.0 };
        mesh.add(
            Cuboid::new(0.24, 0.42, 0.16),
            Transform::from_translation(foot + Vec3::Y * 0.21 * scale)
                .with_rotation(stand.turn)
                .with_scale(Vec3::splat(scale)),
            if i == 1 { gold } else { scarlet },
        );
        mesh.add(
            Sphere::new(0.09).mesh().ico(1).expect("an icosahedron"),
            Transform::from_translation(foot + Vec3::Y * 0.52 * scale),
            Color::srgb(0.6, 0.27, 0.17),
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_field_leaves_the_camera_inside_the_stands_for_every_board() {
        for (files, ranks) in [(10, 10), (12, 12), (16, 12)] {
            let layout = BoardLayout { geometry: jetan_rules::Geometry { files, ranks } };
            let field = field_half_extent(&layout);
            assert!(field.min_element() > framing_distance(&layout));
            let board = layout.half_extent();
            assert!(field.x >= board.x + 4.0 && field.y >= board.y + 4.0, "room about the board");
        }
    }

    #[test]
    fn the_field_and_stands_are_four_meshes_ready_for_normal_maps() {
        let colours = [(Color::BLACK, Color::WHITE), (Color::srgb(1.0, 0.6, 0.1), Color::WHITE)];
        let (small, large) = (Vec2::splat(14.5), Vec2::splat(21.1));
        let count = |parts: ArenaParts| {
            let all = [&parts.stone, &parts.field, &parts.cloth, &parts.flags];
            for part in all {
                assert!(part.attribute(Mesh::ATTRIBUTE_TANGENT).is_some(), "tangents for the normal maps");
            }
            all.iter().map(|part| part.count_vertices()).sum::<usize>()
        };
        let small = count(arena(small, Some(Vec2::splat(5.0)), &stands_about(small, colours)));
        let large = count(arena(large, None, &stands_about(large, colours)));
        assert!(small > 2_000 && large > small && large < 100_000, "{small} and {large} vertices");
    }

    #[test]
    fn only_the_flags_sway_the_pennants_free_at_their_fly_ends_the_banners_at_their_hems() {
        let colours = [(Color::BLACK, Color::WHITE), (Color::srgb(1.0, 0.6, 0.1), Color::WHITE)];
        let field = Vec2::splat(14.5);
        let parts = arena(field, None, &stands_about(field, colours));
        assert!(parts.stone.attribute(Mesh::ATTRIBUTE_UV_1).is_none(), "the stone holds no sway");
        let sway = match parts.flags.attribute(Mesh::ATTRIBUTE_UV_1) {
            Some(bevy::mesh::VertexAttributeValues::Float32x2(sway)) => sway.clone(),
            other => panic!("the flags' sway: {other:?}"),
        };
        let positions = parts.flags.attribute(Mesh::ATTRIBUTE_POSITION).and_then(|p| p.as_float3()).unwrap();
        assert_eq!(sway.len(), positions.len());
        // How free the flags' points are between two heights: the least and the most.
        let free = |from: f32, to: f32| {
            let within = sway.iter().zip(positions).filter(|(_, p)| (from..to).contains(&p[1])).map(|(s, _)| s[0]);
            within.fold((f32::MAX, f32::MIN), |(least, most), s| (least.min(s), most.max(s)))
        };
        // The pennants, above the parapet: from held (at the pole) to wholly free.
        let (least, most) = free(GROUND + WALL + TIERS as f32 * RISE + 1.0, f32::MAX);
        assert!((most - 1.0).abs() < 1e-4 && least.abs() < 1e-4, "{least}..{most}");
        // The banners on the podium wall: held at the top, their hems a fifth as free.
        let (_, hem) = free(GROUND, GROUND + WALL);
        assert!((0.15..=0.2 + 1e-4).contains(&hem), "{hem}");
        // The flags swing out of step.
        let phases: std::collections::BTreeSet<u32> = sway.iter().map(|s| (s[1] * 100.0) as u32).collect();
        assert!(phases.len() > 4, "{phases:?}");
    }
}
