//! A model as primitives: the parts a look is built into, each a shape in a paint placed
//! relative to the piece's foot, and the meshes of the shapes.

use std::sync::Arc;

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
    /// The material it is made of (`materials/NAME/`, its average colour the paint's), if the
    /// look names one; else the paint's flat colour.
    pub material: Option<Arc<str>>,
}

/// A part of `shape` painted `paint` at `at`, neither turned nor scaled.
pub fn part(shape: Shape, paint: Paint, at: Vec3) -> Part {
    Part { shape, paint, at, turn: Quat::IDENTITY, scale: Vec3::ONE, spin: None, joint: None, material: None }
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

/// How finely round shapes are made: the segments round the largest (a statuette's body), and
/// fewer round smaller ones (a gem's few are enough at its size on the screen). The quality
/// preset chooses it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Roundness(pub u32);

/// From this radius (squares) up a shape gets all the segments; below, fewer.
const FULL_ROUND_RADIUS: f32 = 0.2;
/// The fewest segments round anything.
const FEWEST_SEGMENTS: u32 = 8;
/// Where a lathe's profile turns by less than this (radians), its bands' normals are shared:
/// the surface is smooth there; a sharper turn stays a crisp edge.
const SMOOTH_TURN: f32 = 0.7;

impl Roundness {
    /// Segments round a circle of `radius` (squares): all of them from a body's radius up,
    /// fewer below (as the radius' square root), in fours, never fewer than eight.
    pub fn segments(self, radius: f32) -> u32 {
        let share = (radius.max(0.0) / FULL_ROUND_RADIUS).sqrt().min(1.0);
        let most = self.0.max(FEWEST_SEGMENTS);
        (((most as f32 * share) / 4.0).round() as u32 * 4).clamp(FEWEST_SEGMENTS, most)
    }
}

impl Shape {
    /// The shape's mesh, centred on the origin, its round parts made as finely as `round` says.
    pub fn mesh(&self, round: Roundness) -> Mesh {
        let segments = |radius: f32| round.segments(radius);
        match *self {
            Shape::Cylinder(r, h) => Cylinder::new(r, h).mesh().resolution(segments(r)).into(),
            Shape::Sphere(r) => Sphere::new(r).mesh().uv(segments(r), (segments(r) / 2).max(6)),
            Shape::Cuboid(x, y, z) => Cuboid::new(x, y, z).into(),
            Shape::Cone(r, h) => Cone { radius: r, height: h }.mesh().resolution(segments(r)).into(),
            Shape::Frustum(top, bottom, h) => ConicalFrustum { radius_top: top, radius_bottom: bottom, height: h }
                .mesh()
                .resolution(segments(top.max(bottom)))
                .into(),
            Shape::Torus(ring, tube) => Torus { minor_radius: tube, major_radius: ring }
                .mesh()
                .major_resolution(segments(ring) as usize)
                .minor_resolution(segments(tube) as usize)
                .into(),
            Shape::Capsule(r, length) => {
                Capsule3d::new(r, length).mesh().longitudes(segments(r)).latitudes((segments(r) / 2).max(4)).into()
            }
            Shape::Lathe(ref profile) => {
                let widest = profile.iter().map(|&(r, _)| r).fold(0.0, f32::max);
                lathe(profile, segments(widest) as usize)
            }
        }
    }

    /// A key naming the shape's mesh (the meshes are shared between pieces).
    pub fn key(&self) -> String {
        format!("{self:?}")
    }
}

/// A mesh turned from `profile` (`(radius, height)` points, bottom up) about the y axis in
/// `segments`: a band of quads for each step of the profile, smooth across a gentle turn of
/// the profile (the bands share their normal there) and crisp at a sharp one.
fn lathe(profile: &[(f32, f32)], segments: usize) -> Mesh {
    // Each step's outward normal in the (radius, height) plane.
    let steps: Vec<Vec2> = profile
        .windows(2)
        .map(|pair| {
            let (dr, dy) = (pair[1].0 - pair[0].0, pair[1].1 - pair[0].1);
            Vec2::new(dy, -dr).normalize_or(Vec2::X)
        })
        .collect();
    // The normal a step has at its point `end` (0 its bottom, 1 its top): shared with the
    // next step's over a gentle turn.
    let normal_at = |step: usize, end: usize| -> Vec2 {
        let own = steps[step];
        let beside = if end == 0 { step.checked_sub(1) } else { Some(step + 1).filter(|&s| s < steps.len()) };
        match beside.map(|s| steps[s]) {
            Some(other) if own.angle_to(other).abs() < SMOOTH_TURN => (own + other).normalize_or(own),
            _ => own,
        }
    };
    let mut positions: Vec<[f32; 3]> = Vec::new();
    let mut normals: Vec<[f32; 3]> = Vec::new();
    let mut uvs: Vec<[f32; 2]> = Vec::new();
    let mut indices: Vec<u32> = Vec::new();
    for (band, pair) in profile.windows(2).enumerate() {
        let start = positions.len() as u32;
        for segment in 0..=segments {
            let angle = segment as f32 * std::f32::consts::TAU / segments as f32;
            let (sin, cos) = angle.sin_cos();
            for (end, (r, y)) in [pair[0], pair[1]].into_iter().enumerate() {
                let normal = normal_at(band, end);
                positions.push([r * cos, y, r * sin]);
                normals.push([normal.x * cos, normal.y, normal.x * sin]);
                uvs.push([segment as f32 / segments as f32, band as f32]);
            }
        }
        for segment in 0..segments as u32 {
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_body_gets_every_segment_and_a_gem_a_few() {
        let medium = Roundness(48);
        assert_eq!(medium.segments(0.25), 48);
        assert_eq!(medium.segments(FULL_ROUND_RADIUS), 48);
        assert_eq!(medium.segments(0.012), 12);
        assert_eq!(medium.segments(0.001), FEWEST_SEGMENTS);
        let radii = [0.005, 0.02, 0.05, 0.1, 0.15, 0.3];
        assert!(radii.windows(2).all(|pair| medium.segments(pair[0]) <= medium.segments(pair[1])));
        assert!(
            radii
                .iter()
                .all(|&r| medium.segments(r).is_multiple_of(4) && Roundness(24).segments(r) <= medium.segments(r))
        );
    }

    /// The normals (as radius and height) at the profile's point `point`, from the band below
    /// and the band above it.
    fn normals_at(mesh: &Mesh, segments: usize, point: usize) -> (Vec2, Vec2) {
        let normals = mesh.attribute(Mesh::ATTRIBUTE_NORMAL).and_then(|n| n.as_float3()).unwrap();
        // Segment 0 lies along +x: its normal's x is the radial part.
        let per_band = (segments + 1) * 2;
        let below = normals[(point - 1) * per_band + 1];
        let above = normals[point * per_band];
        (Vec2::new(below[0], below[1]), Vec2::new(above[0], above[1]))
    }

    #[test]
    fn a_lathe_is_smooth_over_gentle_turns_and_crisp_at_sharp_ones() {
        // A dome: a quarter circle in eight steps (each turn 11°), on a foot with a flat top
        // (a 90° turn at its rim).
        let mut profile = vec![(0.3, 0.0), (0.3, 0.05)];
        profile.extend((0..=8).map(|i| {
            let angle = i as f32 / 8.0 * std::f32::consts::FRAC_PI_2;
            (0.2 * angle.cos(), 0.1 + 0.2 * angle.sin())
        }));
        profile.insert(2, (0.2, 0.05));
        let mesh = lathe(&profile, 16);
        let positions = mesh.attribute(Mesh::ATTRIBUTE_POSITION).unwrap().len();
        assert_eq!(positions, (profile.len() - 1) * 17 * 2);
        // The foot's side meets its flat top at a right angle: two normals there.
        let (side, top) = normals_at(&mesh, 16, 1);
        assert!(side.angle_to(top).abs() > 1.4, "{side} {top}");
        // Up the dome, each point's normal is one, pointing away from the dome's centre.
        for (point, &(r, y)) in profile.iter().enumerate().take(profile.len() - 1).skip(4) {
            let (below, above) = normals_at(&mesh, 16, point);
            assert!(below.distance(above) < 1e-5, "point {point}: {below} {above}");
            let outward = Vec2::new(r, y - 0.1).normalize();
            assert!(below.dot(outward) > 0.99, "point {point}: {below} against {outward}");
        }
    }

    #[test]
    fn finer_roundness_makes_finer_meshes() {
        let triangles = |shape: &Shape, round| shape.mesh(Roundness(round)).indices().unwrap().len() / 3;
        for shape in [
            Shape::Sphere(0.25),
            Shape::Cylinder(0.25, 0.1),
            Shape::Torus(0.25, 0.05),
            Shape::Capsule(0.2, 0.3),
            Shape::Lathe(vec![(0.25, 0.0), (0.2, 0.3), (0.1, 0.5)]),
        ] {
            assert!(triangles(&shape, 48) > triangles(&shape, 24), "{shape:?}");
        }
    }
}
