//! The board's look: squares of polished carnelian and basalt, each inlaid with bevelled edges,
//! in a carved frame with a gold inlay line on a stepped sandstone plinth (the game's
//! surfaces); clicks and hovers on squares and pieces become game input.

use bevy::asset::RenderAssetUsages;
use bevy::mesh::{Indices, PrimitiveTopology, VertexAttributeValues};
use bevy::prelude::*;

use super::surfaces::{Surface, Surfaces};
use crate::board::{BoardLayout, BoardRoot, Cell, PieceToken};
use crate::input::answer_pointer;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Update, (dress_board, dress_cells).in_set(crate::AppSystems::View));
}

/// The carved plinth and rim under a new board.
fn dress_board(
    mut commands: Commands,
    roots: Query<Entity, Added<BoardRoot>>,
    layout: Option<Res<BoardLayout>>,
    surfaces: Res<Surfaces>,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<StandardMaterial>>,
) {
    let (Ok(root), Some(layout)) = (roots.single(), layout) else { return };
    let size = layout.half_extent() * 2.0;
    let white = StandardMaterial::default();
    let mut slab = |width: f32, height: f32, depth: f32, at: Vec3, surface: Surface| {
        // The surface's texture runs along the slab's longer side at a metre a tile (a cuboid's
        // UVs span each face once).
        let long = width.max(depth);
        let tiles = match surface {
            Surface::Frame => Vec2::new(long / 1.1, 1.0),
            _ => Vec2::new(long, long) / 2.4,
        };
        let material = materials.add(surfaces.dress(surface, white.clone(), tiles));
        let mut mesh = Mesh::from(Cuboid::new(width, height, depth));
        if width < depth {
            // Turned a quarter, so that the frame's key runs along the slab.
            rotate_uvs(&mut mesh);
        }
        let mesh = mesh.with_generated_tangents().expect("a cuboid has what tangents need");
        commands.spawn((
            Mesh3d(meshes.add(mesh)),
            MeshMaterial3d(material),
            Transform::from_translation(at),
            ChildOf(root),
        ));
    };
    // Two stepped plinths, then the rim around the squares with a gold inlay line inside it.
    slab(size.x + 2.2, 0.3, size.y + 2.2, Vec3::new(0.0, -0.47, 0.0), Surface::Sandstone);
    slab(size.x + 1.5, 0.3, size.y + 1.5, Vec3::new(0.0, -0.22, 0.0), Surface::Sandstone);
    let rim = 0.55;
    for (sign, along_x) in [(1.0, true), (-1.0, true), (1.0, false), (-1.0, false)] {
        let (width, depth, at) = if along_x {
            (size.x + 2.0 * rim, rim, Vec3::new(0.0, 0.0, sign * (size.y + rim) / 2.0))
        } else {
            (rim, size.y, Vec3::new(sign * (size.x + rim) / 2.0, 0.0, 0.0))
        };
        slab(width, 0.16, depth, at, Surface::Frame);
        let (w, d) = if along_x { (size.x + 0.16, 0.06) } else { (0.06, size.y + 0.16) };
        let inner = if along_x {
            Vec3::new(0.0, 0.085, sign * (size.y + 0.1) / 2.0)
        } else {
            Vec3::new(sign * (size.x + 0.1) / 2.0, 0.085, 0.0)
        };
        slab(w, 0.02, d, inner, Surface::Gold);
    }
}

/// Turns a mesh's UVs a quarter (u becomes v).
fn rotate_uvs(mesh: &mut Mesh) {
    if let Some(VertexAttributeValues::Float32x2(uvs)) = mesh.attribute_mut(Mesh::ATTRIBUTE_UV_0) {
        for uv in uvs.iter_mut() {
            *uv = [uv[1], uv[0]];
        }
    }
}

/// The side of a square's tile, its thickness and the width of its bevelled edge.
const TILE: f32 = 0.97;
const TILE_DEPTH: f32 = 0.12;
const BEVEL: f32 = 0.05;

/// A square's inlaid tile: a flat top at the board's surface (y = 0), a bevel all round, and
/// its sides; its UVs are the board's plane, `offset` along, so that no two squares show the
/// same patch of stone.
fn inlaid_tile(offset: Vec2) -> Mesh {
    let (outer, inner, edge) = (TILE / 2.0, TILE / 2.0 - BEVEL, -BEVEL * 0.8);
    let mut faces = Faces::default();
    let ring = |half: f32, y: f32| {
        [(-1.0, -1.0), (1.0, -1.0), (1.0, 1.0), (-1.0, 1.0)].map(|(x, z)| Vec3::new(x * half, y, z * half))
    };
    let (top, bevel, bottom) = (ring(inner, 0.0), ring(outer, edge), ring(outer, -TILE_DEPTH));
    faces.quad(top, Vec3::Y, offset);
    for i in 0..4 {
        let j = (i + 1) % 4;
        let out = (top[i] + top[j]).with_y(0.0).normalize();
        faces.quad([top[i], top[j], bevel[j], bevel[i]], out + Vec3::Y, offset);
        faces.quad([bevel[i], bevel[j], bottom[j], bottom[i]], out, offset);
    }
    faces.mesh().with_generated_tangents().expect("a tile has what tangents need")
}

/// Flat-shaded quads gathered into a mesh.
#[derive(Default)]
struct Faces {
    positions: Vec<[f32; 3]>,
    normals: Vec<[f32; 3]>,
    uvs: Vec<[f32; 2]>,
    indices: Vec<u32>,
}

impl Faces {
    /// A quad of four corners in order round it, facing `outward` (its normal is the face's
    /// own, turned that way); its UVs are the board's plane (x, z), or (along, down) on a side.
    fn quad(&mut self, mut corners: [Vec3; 4], outward: Vec3, offset: Vec2) {
        let mut normal = (corners[1] - corners[0]).cross(corners[2] - corners[0]).normalize_or_zero();
        if normal.dot(outward) < 0.0 {
            corners.reverse();
            normal = -normal;
        }
        let base = self.positions.len() as u32;
        for corner in corners {
            self.positions.push(corner.to_array());
            self.normals.push(normal.to_array());
            let uv = if normal.y.abs() > 0.3 {
                Vec2::new(corner.x, corner.z)
            } else {
                Vec2::new(corner.x + corner.z, -corner.y)
            };
            self.uvs.push((uv + offset).to_array());
        }
        self.indices.extend([base, base + 1, base + 2, base, base + 2, base + 3]);
    }

    fn mesh(self) -> Mesh {
        Mesh::new(PrimitiveTopology::TriangleList, RenderAssetUsages::default())
            .with_inserted_attribute(Mesh::ATTRIBUTE_POSITION, self.positions)
            .with_inserted_attribute(Mesh::ATTRIBUTE_NORMAL, self.normals)
            .with_inserted_attribute(Mesh::ATTRIBUTE_UV_0, self.uvs)
            .with_inserted_indices(Indices::U32(self.indices))
    }
}

/// A tile for every new cell, clickable and hoverable; clickable pieces too.
fn dress_cells(
    mut commands: Commands,
    cells: Query<(Entity, &Cell), Added<Cell>>,
    tokens: Query<Entity, Added<PieceToken>>,
    layout: Option<Res<BoardLayout>>,
    surfaces: Res<Surfaces>,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<StandardMaterial>>,
    mut stones: Local<Option<[Handle<StandardMaterial>; 2]>>,
) {
    let Some(layout) = layout else { return };
    let [orange, black] = stones
        .get_or_insert_with(|| {
            // The stones in their own colours, a texture over two squares.
            let mut polished =
                |surface| materials.add(surfaces.dress(surface, StandardMaterial::default(), Vec2::splat(0.5)));
            [polished(Surface::BoardOrange), polished(Surface::BoardBlack)]
        })
        .clone();
    for (entity, cell) in &cells {
        let g = layout.geometry;
        let (file, rank) = (g.file(cell.0), g.rank(cell.0));
        let dark = (file + rank) % 2 == 0;
        let material = if dark { black.clone() } else { orange.clone() };
        // Each square shows its own patch of stone.
        let offset = Vec2::new(file as f32 * 0.37 + rank as f32 * 0.11, rank as f32 * 0.61 + file as f32 * 0.23);
        commands.spawn((Mesh3d(meshes.add(inlaid_tile(offset))), MeshMaterial3d(material), ChildOf(entity)));
        answer_pointer(commands.entity(entity).insert(Visibility::default()));
    }
    for token in &tokens {
        answer_pointer(&mut commands.entity(token));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_tile_is_closed_with_its_top_at_the_surface_and_its_faces_turned_out() {
        let tile = inlaid_tile(Vec2::ZERO);
        let positions = tile.attribute(Mesh::ATTRIBUTE_POSITION).and_then(|p| p.as_float3()).unwrap();
        let normals = tile.attribute(Mesh::ATTRIBUTE_NORMAL).and_then(|n| n.as_float3()).unwrap();
        let top = positions.iter().map(|p| p[1]).fold(f32::MIN, f32::max);
        assert_eq!(top, 0.0, "pieces stand at y = 0");
        for (p, n) in positions.iter().zip(normals) {
            let (p, n) = (Vec3::from(*p), Vec3::from(*n));
            assert!(p.with_y(0.0).dot(n.with_y(0.0)) >= -1e-5, "a face turned in at {p}");
            assert!(n.y >= -1e-5, "no face looks down (the bottom is never seen)");
        }
        assert!(tile.attribute(Mesh::ATTRIBUTE_TANGENT).is_some());
        assert_eq!(tile.indices().unwrap().len(), 6 * 9, "the top, four bevels, four sides");
    }
}
