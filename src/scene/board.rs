//! The board's look: orange and black squares on a carved stone plinth with an inlaid rim;
//! clicks and hovers on squares and pieces become game input.

use bevy::prelude::*;

use crate::board::{BoardLayout, BoardRoot, Cell, PieceToken};
use crate::input::answer_pointer;
use crate::palette::Palette;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Update, (dress_board, dress_cells).in_set(crate::AppSystems::View));
}

/// The carved plinth and rim under a new board.
fn dress_board(
    mut commands: Commands,
    roots: Query<Entity, Added<BoardRoot>>,
    layout: Option<Res<BoardLayout>>,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<StandardMaterial>>,
) {
    let (Ok(root), Some(layout)) = (roots.single(), layout) else { return };
    let size = layout.half_extent() * 2.0;
    let stone = materials.add(StandardMaterial { base_color: Palette::RIM, perceptual_roughness: 0.85, ..default() });
    let inlay = materials.add(StandardMaterial {
        base_color: Palette::INLAY,
        metallic: 0.8,
        perceptual_roughness: 0.35,
        ..default()
    });
    let mut slab = |width: f32, height: f32, depth: f32, at: Vec3, material: &Handle<StandardMaterial>| {
        commands.spawn((
            Mesh3d(meshes.add(Cuboid::new(width, height, depth))),
            MeshMaterial3d(material.clone()),
            Transform::from_translation(at),
            ChildOf(root),
        ));
    };
    // Two stepped plinths, then the rim around the squares with a gold inlay line inside it.
    slab(size.x + 2.2, 0.3, size.y + 2.2, Vec3::new(0.0, -0.47, 0.0), &stone);
    slab(size.x + 1.5, 0.3, size.y + 1.5, Vec3::new(0.0, -0.22, 0.0), &stone);
    let rim = 0.55;
    for (sign, along_x) in [(1.0, true), (-1.0, true), (1.0, false), (-1.0, false)] {
        let (width, depth, at) = if along_x {
            (size.x + 2.0 * rim, rim, Vec3::new(0.0, 0.0, sign * (size.y + rim) / 2.0))
        } else {
            (rim, size.y, Vec3::new(sign * (size.x + rim) / 2.0, 0.0, 0.0))
        };
        slab(width, 0.16, depth, at, &stone);
        let (w, d) = if along_x { (size.x + 0.16, 0.06) } else { (0.06, size.y + 0.16) };
        let inner = if along_x {
            Vec3::new(0.0, 0.085, sign * (size.y + 0.1) / 2.0)
        } else {
            Vec3::new(sign * (size.x + 0.1) / 2.0, 0.085, 0.0)
        };
        slab(w, 0.02, d, inner, &inlay);
    }
}

/// A tile for every new cell, clickable and hoverable; clickable pieces too.
fn dress_cells(
    mut commands: Commands,
    cells: Query<(Entity, &Cell), Added<Cell>>,
    tokens: Query<Entity, Added<PieceToken>>,
    layout: Option<Res<BoardLayout>>,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<StandardMaterial>>,
    mut tiles: Local<Option<(Handle<Mesh>, Handle<StandardMaterial>, Handle<StandardMaterial>)>>,
) {
    let Some(layout) = layout else { return };
    let (tile, orange, black) = tiles
        .get_or_insert_with(|| {
            let mut square =
                |color| materials.add(StandardMaterial { base_color: color, perceptual_roughness: 0.6, ..default() });
            (meshes.add(Cuboid::new(0.97, 0.12, 0.97)), square(Palette::ORANGE_SQUARE), square(Palette::BLACK_SQUARE))
        })
        .clone();
    for (entity, cell) in &cells {
        let g = layout.geometry;
        let dark = (g.file(cell.0) + g.rank(cell.0)) % 2 == 0;
        let material = if dark { black.clone() } else { orange.clone() };
        // The tile's top face is the board's surface (y = 0), where pieces stand.
        commands.spawn((
            Mesh3d(tile.clone()),
            MeshMaterial3d(material),
            Transform::from_xyz(0.0, -0.06, 0.0),
            ChildOf(entity),
        ));
        answer_pointer(commands.entity(entity).insert(Visibility::default()));
    }
    for token in &tokens {
        answer_pointer(&mut commands.entity(token));
    }
}
