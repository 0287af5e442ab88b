//! One mesh from many shapes, each painted with its own vertex colour: the stands, the crowd,
//! the hills and the city are drawn as a few meshes rather than thousands of entities. Its
//! UVs are the world's, projected on the plane each face most looks along (one unit a metre),
//! so that a texture runs on across every shape at the same scale. A swaying one (flags) also
//! holds how free each point is to move.

use bevy::asset::RenderAssetUsages;
use bevy::prelude::*;

/// Shapes gathered into one mesh.
pub struct MergedMesh {
    mesh: Mesh,
}

impl Default for MergedMesh {
    fn default() -> Self {
        let empty = Mesh::new(bevy::mesh::PrimitiveTopology::TriangleList, RenderAssetUsages::default())
            .with_inserted_attribute(Mesh::ATTRIBUTE_POSITION, Vec::<[f32; 3]>::new())
            .with_inserted_attribute(Mesh::ATTRIBUTE_NORMAL, Vec::<[f32; 3]>::new())
            .with_inserted_attribute(Mesh::ATTRIBUTE_UV_0, Vec::<[f32; 2]>::new())
            .with_inserted_attribute(Mesh::ATTRIBUTE_COLOR, Vec::<[f32; 4]>::new())
            .with_inserted_indices(bevy::mesh::Indices::U32(Vec::new()));
        MergedMesh { mesh: empty }
    }
}

impl MergedMesh {
    /// A merged mesh whose shapes sway ([`super::flags`]): each point's second UV holds how
    /// free it is and its shape's phase.
    pub fn swaying() -> MergedMesh {
        let mut merged = MergedMesh::default();
        merged.mesh.insert_attribute(Mesh::ATTRIBUTE_UV_1, Vec::<[f32; 2]>::new());
        merged
    }

    /// Adds `shape` placed by `place`, all of it `colour` (held still, in a swaying mesh).
    pub fn add(&mut self, shape: impl Into<Mesh>, place: Transform, colour: Color) {
        self.add_swaying(shape, place, colour, |_| 0.0, 0.0);
    }

    /// Adds `shape` placed by `place`, all of it `colour`, each point as free as `free` says
    /// of where it is in the shape (before `place`), swinging at `phase` (radians). Only a
    /// [`MergedMesh::swaying`] keeps the sway.
    pub fn add_swaying(
        &mut self,
        shape: impl Into<Mesh>,
        place: Transform,
        colour: Color,
        free: impl Fn(Vec3) -> f32,
        phase: f32,
    ) {
        let shape: Mesh = shape.into();
        // Read off the shape before it is placed, and only where it is kept.
        let sway: Option<Vec<[f32; 2]>> = self.mesh.contains_attribute(Mesh::ATTRIBUTE_UV_1).then(|| {
            let positions = shape.attribute(Mesh::ATTRIBUTE_POSITION).and_then(|p| p.as_float3()).unwrap_or_default();
            positions.iter().map(|&p| [free(Vec3::from(p)), phase]).collect()
        });
        let mut mesh = shape.transformed_by(place);
        let count = mesh.count_vertices();
        mesh.insert_attribute(Mesh::ATTRIBUTE_COLOR, vec![colour.to_linear().to_f32_array(); count]);
        let positions = mesh.attribute(Mesh::ATTRIBUTE_POSITION).and_then(|p| p.as_float3()).unwrap_or_default();
        let normals = mesh.attribute(Mesh::ATTRIBUTE_NORMAL).and_then(|n| n.as_float3()).unwrap_or_default();
        let uvs: Vec<[f32; 2]> =
            positions.iter().zip(normals).map(|(&p, &n)| world_uv(Vec3::from(p), Vec3::from(n))).collect();
        mesh.insert_attribute(Mesh::ATTRIBUTE_UV_0, uvs);
        if let Some(sway) = sway {
            mesh.insert_attribute(Mesh::ATTRIBUTE_UV_1, sway);
        }
        self.mesh.merge(&mesh).expect("shapes made by Bevy's primitives share their attributes");
    }

    /// Adds a box of `size` centred at `at`.
    pub fn cuboid(&mut self, size: Vec3, at: Vec3, colour: Color) {
        self.add(Cuboid::from_size(size), Transform::from_translation(at), colour);
    }

    /// The mesh.
    pub fn build(self) -> Mesh {
        self.mesh
    }

    /// The mesh, with the tangents a normal map needs.
    pub fn build_for_maps(self) -> Mesh {
        let mut mesh = self.mesh;
        if mesh.count_vertices() > 0 && mesh.generate_tangents().is_err() {
            warn!("a merged mesh's tangents could not be made");
        }
        mesh
    }
}

/// The UV of a point at `position` (in metres) on a face whose normal is `normal`: its place on
/// the plane across the axis the normal most runs along (`v` down a wall).
fn world_uv(position: Vec3, normal: Vec3) -> [f32; 2] {
    let n = normal.abs();
    if n.y >= n.x && n.y >= n.z {
        [position.x, position.z]
    } else if n.x >= n.z {
        [position.z, -position.y]
    } else {
        [position.x, -position.y]
    }
}

/// A number in 0..1 from `seed`, the same every time.
pub fn noise(seed: u32) -> f32 {
    let mut x = seed.wrapping_mul(0x9E37_79B9) ^ 0x85EB_CA6B;
    x ^= x >> 15;
    x = x.wrapping_mul(0x2C1B_3C6D);
    x ^= x >> 12;
    (x & 0xFFFF) as f32 / 65536.0
}

/// `colour` darkened (or lightened) by the factor `by`, in linear light.
pub fn shade(colour: Color, by: f32) -> Color {
    let linear = colour.to_linear();
    Color::LinearRgba(LinearRgba::rgb(linear.red * by, linear.green * by, linear.blue * by))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shapes_keep_their_colour_and_place() {
        let mut merged = MergedMesh::default();
        merged.cuboid(Vec3::ONE, Vec3::new(10.0, 0.0, 0.0), Color::srgb(1.0, 0.0, 0.0));
        merged.add(Sphere::new(1.0).mesh().ico(0).expect("an icosahedron"), Transform::default(), Color::WHITE);
        let mesh = merged.build();
        let positions = mesh.attribute(Mesh::ATTRIBUTE_POSITION).and_then(|p| p.as_float3()).expect("positions");
        let Some(bevy::mesh::VertexAttributeValues::Float32x4(colours)) = mesh.attribute(Mesh::ATTRIBUTE_COLOR) else {
            panic!("colours")
        };
        assert_eq!(positions.len(), colours.len());
        let red: Vec<_> = positions.iter().zip(colours).filter(|(_, c)| c[1] == 0.0).collect();
        assert_eq!(red.len(), 24, "a cuboid's vertices");
        assert!(red.iter().all(|(p, _)| (9.5..=10.5).contains(&p[0])));
        let count = mesh.indices().expect("indices").len();
        assert_eq!(count, 36 + 60, "a cuboid's and an icosahedron's triangles");
    }
}
