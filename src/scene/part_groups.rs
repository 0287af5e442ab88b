//! A look's parts gathered into a few meshes: those that move together (on the same joint of a
//! living figure, or the same propeller's hub) and wear the same paint and material are one
//! mesh, so that a figure is a handful of entities rather than a hundred for the CPU to move.

use std::sync::Arc;

use bevy::asset::RenderAssetUsages;
use bevy::mesh::{Indices, PrimitiveTopology};
use bevy::prelude::*;

use crate::looks::{Paint, Part, Roundness};

/// Parts that move together and look alike: drawn as one mesh.
#[derive(Clone, Debug, PartialEq)]
pub struct PartGroup {
    /// The joint they turn about, if any.
    pub joint: Option<usize>,
    /// The hub and axis they spin about while the piece moves, if any.
    pub spin: Option<(Vec3, Vec3)>,
    /// Their paint.
    pub paint: Paint,
    /// Their material.
    pub material: Option<Arc<str>>,
    /// Their indices among the look's parts.
    pub parts: Vec<usize>,
}

impl PartGroup {
    /// Whether `part` moves and looks as this group's parts do.
    fn holds(&self, part: &Part) -> bool {
        let same_hub = match (self.spin, part.spin) {
            (Some((a, _)), Some((b, _))) => a.distance(b) < 1e-4,
            (None, None) => true,
            _ => false,
        };
        self.joint == part.joint && same_hub && self.paint == part.paint && self.material == part.material
    }

    /// The group's parts as one mesh, placed relative to `origin` (the point of the model its
    /// frame, a joint's pivot or a hub, is at), with tangents if it is textured.
    pub fn mesh(&self, parts: &[Part], origin: Vec3, round: Roundness) -> Mesh {
        let mut merged = Mesh::new(PrimitiveTopology::TriangleList, RenderAssetUsages::default())
            .with_inserted_attribute(Mesh::ATTRIBUTE_POSITION, Vec::<[f32; 3]>::new())
            .with_inserted_attribute(Mesh::ATTRIBUTE_NORMAL, Vec::<[f32; 3]>::new())
            .with_inserted_attribute(Mesh::ATTRIBUTE_UV_0, Vec::<[f32; 2]>::new())
            .with_inserted_indices(Indices::U32(Vec::new()));
        for part in self.parts.iter().map(|&i| &parts[i]) {
            let place = Transform::from_translation(part.at - origin).with_rotation(part.turn).with_scale(part.scale);
            merged.merge(&part.shape.mesh(round).transformed_by(place)).expect("a shape's mesh has these attributes");
        }
        if self.material.is_some() && merged.count_vertices() > 0 && merged.generate_tangents().is_err() {
            warn!("a textured part's tangents could not be made");
        }
        merged
    }
}

/// `parts` gathered into groups, in the order each group's first part comes.
pub fn groups(parts: &[Part]) -> Vec<PartGroup> {
    let mut groups: Vec<PartGroup> = Vec::new();
    for (i, part) in parts.iter().enumerate() {
        match groups.iter_mut().find(|group| group.holds(part)) {
            Some(group) => group.parts.push(i),
            None => groups.push(PartGroup {
                joint: part.joint,
                spin: part.spin,
                paint: part.paint,
                material: part.material.clone(),
                parts: vec![i],
            }),
        }
    }
    groups
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::looks::{Shape, part};

    #[test]
    fn parts_that_move_and_look_alike_are_one_mesh_where_they_were() {
        let parts = vec![
            part(Shape::Sphere(0.1), Paint::Body, Vec3::new(0.0, 0.5, 0.0)),
            part(Shape::Cuboid(0.1, 0.1, 0.1), Paint::Trim, Vec3::ZERO),
            part(Shape::Cuboid(0.2, 0.2, 0.2), Paint::Body, Vec3::new(1.0, 0.0, 0.0)).scaled(Vec3::new(2.0, 1.0, 1.0)),
            Part { joint: Some(0), ..part(Shape::Sphere(0.1), Paint::Body, Vec3::ZERO) },
            Part { material: Some("skin".into()), ..part(Shape::Sphere(0.1), Paint::Body, Vec3::ZERO) },
            part(Shape::Cuboid(0.1, 0.1, 0.1), Paint::Trim, Vec3::Y).spinning(Vec3::Y, Vec3::Z),
            part(Shape::Cuboid(0.1, 0.1, 0.1), Paint::Trim, Vec3::Y).spinning(Vec3::Y, Vec3::X),
        ];
        let found = groups(&parts);
        let members: Vec<&[usize]> = found.iter().map(|group| group.parts.as_slice()).collect();
        assert_eq!(members, [&[0, 2][..], &[1], &[3], &[4], &[5, 6]]);

        let round = Roundness(16);
        let mesh = found[0].mesh(&parts, Vec3::ZERO, round);
        let alone = |i: usize| parts[i].shape.mesh(round).count_vertices();
        assert_eq!(mesh.count_vertices(), alone(0) + alone(2));
        let positions = mesh.attribute(Mesh::ATTRIBUTE_POSITION).and_then(|p| p.as_float3()).unwrap();
        let cuboid = &positions[alone(0)..];
        let xs = cuboid.iter().map(|p| p[0]);
        let (least, most) = xs.fold((f32::MAX, f32::MIN), |(lo, hi), x| (lo.min(x), hi.max(x)));
        assert!((least - 0.8).abs() < 1e-5 && (most - 1.2).abs() < 1e-5, "placed and scaled: {least}..{most}");
        // Placed relative to its frame's origin; a textured group has tangents.
        let spun = found[4].mesh(&parts, Vec3::Y, round);
        let spun_at = spun.attribute(Mesh::ATTRIBUTE_POSITION).and_then(|p| p.as_float3()).unwrap();
        assert!(spun_at.iter().all(|p| p[1].abs() <= 0.05 + 1e-5));
        assert!(found[3].mesh(&parts, Vec3::ZERO, round).attribute(Mesh::ATTRIBUTE_TANGENT).is_some());
        assert!(mesh.attribute(Mesh::ATTRIBUTE_TANGENT).is_none());
    }
}
