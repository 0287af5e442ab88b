//! A model as primitives: the parts a look is built into, each a shape in a paint placed
//! relative to the piece's foot, and the meshes of the shapes.

use bevy::asset::RenderAssetUsages;
use bevy::mesh::{Indices, PrimitiveTopology};
use bevy::prelude::*;

pub use super::vocabulary::{Paint, Shape};

/// One primitive of a model, placed relative to the piece's foot (facing the enemy along -z,
/// its right hand towards +x).
#[derive(Clone, Debug, PartialEq)]
pub struct Part {
    /// Its shape.
    pub shape: Shape,
    /// What it is painted with.
    pub paint: Paint,
    /// Where its centre is.
    pub at: Vec3,
    /// How it is turned.
    pub turn: Quat,
    /// How it is scaled along its own axes.
    pub scale: Vec3,
    /// A propeller's blade turns about its hub (the point, then the axis) while the piece moves.
    pub spin: Option<(Vec3, Vec3)>,
    /// The joint of the figure it is put on (its index in the look's skeleton): it turns about
    /// it as the figure moves.
    pub joint: Option<usize>,
}

/// A part of `shape` painted `paint` at `at`, neither turned nor scaled.
pub fn part(shape: Shape, paint: Paint, at: Vec3) -> Part {
    Part { shape, paint, at, turn: Quat::IDENTITY, scale: Vec3::ONE, spin: None, joint: None }
}

impl Part {
    /// The part turned by `turn`.
    pub fn turned(self, turn: Quat) -> Part {
        Part { turn, ..self }
    }

    /// The part scaled by `scale` along its own axes.
    pub fn scaled(self, scale: Vec3) -> Part {
        Part { scale, ..self }
    }

    /// The part spinning about `hub` and `axis` while the piece moves (a propeller's blade).
    pub fn spinning(self, hub: Vec3, axis: Vec3) -> Part {
        Part { spin: Some((hub, axis)), ..self }
    }

    /// The part placed by `place` (whose scale must be uniform).
    pub fn placed(self, place: Transform) -> Part {
        Part {
            at: place.transform_point(self.at),
            turn: place.rotation * self.turn,
            scale: self.scale * place.scale,
            spin: self.spin.map(|(hub, axis)| (place.transform_point(hub), place.rotation * axis)),
            ..self
        }
    }

    /// Its mirror image across the piece's middle (the plane x = 0). The shapes are symmetric
    /// left to right in their own frames, so mirroring the turn and the place is enough.
    pub fn mirrored(self) -> Part {
        let flip = |v: Vec3| Vec3::new(-v.x, v.y, v.z);
        let turn = self.turn;
        Part {
            at: flip(self.at),
            turn: Quat::from_xyzw(turn.x, -turn.y, -turn.z, turn.w),
            spin: self.spin.map(|(hub, axis)| (flip(hub), flip(axis))),
            ..self
        }
    }

    /// Points on the part's surface (its outline, enough to bound it), in the model's frame.
    pub fn outline(&self) -> Vec<Vec3> {
        let ring = |r: f32, y: f32| -> Vec<Vec3> {
            (0..16)
                .map(|i| i as f32 * std::f32::consts::TAU / 16.0)
                .map(|a| Vec3::new(r * a.cos(), y, r * a.sin()))
                .collect()
        };
        let local: Vec<Vec3> = match self.shape {
            Shape::Cylinder(r, h) => [ring(r, h / 2.0), ring(r, -h / 2.0)].concat(),
            Shape::Cone(r, h) => [ring(r, -h / 2.0), vec![Vec3::Y * h / 2.0]].concat(),
            Shape::Frustum(top, bottom, h) => [ring(top, h / 2.0), ring(bottom, -h / 2.0)].concat(),
            Shape::Sphere(r) => (0..8)
                .flat_map(|i| {
                    let a = i as f32 * std::f32::consts::PI / 8.0;
                    ring(r * a.sin(), r * a.cos())
                })
                .chain([-Vec3::Y * r])
                .collect(),
            Shape::Torus(ring_r, tube) => [ring(ring_r + tube, 0.0), ring(ring_r, tube), ring(ring_r, -tube)].concat(),
            Shape::Capsule(r, length) => [
                ring(r, length / 2.0),
                ring(r, -length / 2.0),
                vec![Vec3::Y * (length / 2.0 + r), -Vec3::Y * (length / 2.0 + r)],
            ]
            .concat(),
            Shape::Cuboid(x, y, z) => (0..8)
                .map(|i| {
                    let sign = |bit: usize| if i & bit == 0 { -0.5 } else { 0.5 };
                    Vec3::new(x * sign(1), y * sign(2), z * sign(4))
                })
                .collect(),
            Shape::Lathe(ref profile) => profile.iter().flat_map(|&(r, y)| ring(r, y)).collect(),
        };
        local.into_iter().map(|p| self.at + self.turn * (p * self.scale)).collect()
    }
}

/// A model under construction: the kit's items add parts to it.
#[derive(Default, Debug)]
pub struct Model {
    /// The parts so far.
    pub parts: Vec<Part>,
}

impl Model {
    /// Adds a part.
    pub fn push(&mut self, part: Part) {
        self.parts.push(part);
    }

    /// Adds a part of `shape` painted `paint` at `at`.
    pub fn add(&mut self, shape: Shape, paint: Paint, at: Vec3) {
        self.push(part(shape, paint, at));
    }
}

/// Segments round a lathe-turned shape.
const LATHE_SEGMENTS: usize = 32;

impl Shape {
    /// The shape's mesh, centred on the origin.
    pub fn mesh(&self) -> Mesh {
        match *self {
            Shape::Cylinder(r, h) => Cylinder::new(r, h).into(),
            Shape::Sphere(r) => Sphere::new(r).mesh().uv(24, 14),
            Shape::Cuboid(x, y, z) => Cuboid::new(x, y, z).into(),
            Shape::Cone(r, h) => Cone { radius: r, height: h }.into(),
            Shape::Frustum(top, bottom, h) => {
                ConicalFrustum { radius_top: top, radius_bottom: bottom, height: h }.into()
            }
            Shape::Torus(ring, tube) => Torus { minor_radius: tube, major_radius: ring }.into(),
            Shape::Capsule(r, length) => Capsule3d::new(r, length).into(),
            Shape::Lathe(ref profile) => lathe(profile),
        }
    }

    /// A key naming the shape's mesh (the meshes are shared between pieces).
    pub fn key(&self) -> String {
        format!("{self:?}")
    }
}

/// A mesh turned from `profile` (`(radius, height)` points, bottom up) about the y axis: each
/// segment of the profile a band of quads with its own normals, so that edges stay crisp.
fn lathe(profile: &[(f32, f32)]) -> Mesh {
    let mut positions: Vec<[f32; 3]> = Vec::new();
    let mut normals: Vec<[f32; 3]> = Vec::new();
    let mut uvs: Vec<[f32; 2]> = Vec::new();
    let mut indices: Vec<u32> = Vec::new();
    for (band, pair) in profile.windows(2).enumerate() {
        let ((r0, y0), (r1, y1)) = (pair[0], pair[1]);
        // The profile's outward normal in the (radius, height) plane.
        let (dr, dy) = (r1 - r0, y1 - y0);
        let length = (dr * dr + dy * dy).sqrt().max(f32::EPSILON);
        let (nr, ny) = (dy / length, -dr / length);
        let start = positions.len() as u32;
        for segment in 0..=LATHE_SEGMENTS {
            let angle = segment as f32 * std::f32::consts::TAU / LATHE_SEGMENTS as f32;
            let (sin, cos) = angle.sin_cos();
            for (r, y) in [(r0, y0), (r1, y1)] {
                positions.push([r * cos, y, r * sin]);
                normals.push([nr * cos, ny, nr * sin]);
                uvs.push([segment as f32 / LATHE_SEGMENTS as f32, band as f32]);
            }
        }
        for segment in 0..LATHE_SEGMENTS as u32 {
            let a = start + segment * 2;
            indices.extend([a, a + 1, a + 2, a + 2, a + 1, a + 3]);
        }
    }
    Mesh::new(PrimitiveTopology::TriangleList, RenderAssetUsages::default())
        .with_inserted_attribute(Mesh::ATTRIBUTE_POSITION, positions)
        .with_inserted_attribute(Mesh::ATTRIBUTE_NORMAL, normals)
        .with_inserted_attribute(Mesh::ATTRIBUTE_UV_0, uvs)
        .with_inserted_indices(Indices::U32(indices))
}
