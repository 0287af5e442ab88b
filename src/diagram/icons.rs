//! A piece's icon for the 2D diagram, drawn from its look: each part of the model seen from the
//! front, flattened to its outline's convex hull and filled with its paint's colour (farther
//! parts first), over a darker edge round every part, all scaled to fit a square.

use bevy::asset::RenderAssetUsages;
use bevy::mesh::{Indices, PrimitiveTopology};
use bevy::prelude::*;

use crate::looks::{Paint, Part};

/// Icons are drawn this many squares to a model unit (the tallest models fit a square).
const ICON_SCALE: f32 = 0.79;
/// Icons are drawn wider than the models by this, to read as bold as a printed diagram's.
const WIDEN: f32 = 1.15;
/// Where a model's foot stands in its square, below the middle.
const FOOT: f32 = -0.47;
/// The width of the edge round each part, in squares.
const EDGE: f32 = 0.028;

/// The front view of `parts` as a mesh with vertex colours: `paint` gives each paint's colour,
/// `edge` the colour of the outline. The mesh spans about one square, centred on the origin.
pub fn icon(parts: &[Part], paint: impl Fn(Paint) -> Color, edge: Color) -> Mesh {
    let mut shapes: Vec<(f32, Vec<Vec2>, Color)> = parts
        .iter()
        .filter_map(|part| {
            // Seen from the front (the piece faces -z): its right hand on the viewer's left.
            let flat: Vec<Vec2> = part.outline().iter().map(|p| Vec2::new(-p.x, p.y)).collect();
            let hull = convex_hull(&flat);
            (hull.len() >= 3).then(|| (part.at.z, hull, paint(part.paint)))
        })
        .collect();
    // The farthest parts first, so that nearer ones cover them.
    shapes.sort_by(|a, b| b.0.total_cmp(&a.0));
    let mut mesh = FlatMesh::default();
    for (_, hull, _) in &shapes {
        mesh.polygon(&grown(hull, EDGE), edge);
    }
    for (_, hull, colour) in &shapes {
        mesh.polygon(hull, *colour);
    }
    mesh.into_mesh()
}

/// Triangles with colours, in the order drawn: each a little nearer than the one before.
#[derive(Default)]
struct FlatMesh {
    positions: Vec<[f32; 3]>,
    colours: Vec<[f32; 4]>,
    indices: Vec<u32>,
    layer: f32,
}

impl FlatMesh {
    /// A convex polygon as a fan, scaled into the square.
    fn polygon(&mut self, points: &[Vec2], colour: Color) {
        let start = self.positions.len() as u32;
        let colour = colour.to_linear().to_f32_array();
        for point in points {
            let at = *point * Vec2::new(ICON_SCALE * WIDEN, ICON_SCALE) + Vec2::new(0.0, FOOT);
            self.positions.push([at.x, at.y, self.layer]);
            self.colours.push(colour);
        }
        for i in 1..points.len() as u32 - 1 {
            self.indices.extend([start, start + i, start + i + 1]);
        }
        self.layer += 1e-4;
    }

    fn into_mesh(self) -> Mesh {
        let normals = vec![[0.0, 0.0, 1.0]; self.positions.len()];
        Mesh::new(PrimitiveTopology::TriangleList, RenderAssetUsages::default())
            .with_inserted_attribute(Mesh::ATTRIBUTE_POSITION, self.positions)
            .with_inserted_attribute(Mesh::ATTRIBUTE_NORMAL, normals)
            .with_inserted_attribute(Mesh::ATTRIBUTE_COLOR, self.colours)
            .with_inserted_indices(Indices::U32(self.indices))
    }
}

/// The convex hull of `points`, counter-clockwise (Andrew's monotone chain).
fn convex_hull(points: &[Vec2]) -> Vec<Vec2> {
    let mut sorted: Vec<Vec2> = points.iter().copied().filter(|p| p.is_finite()).collect();
    sorted.sort_by(|a, b| a.x.total_cmp(&b.x).then(a.y.total_cmp(&b.y)));
    sorted.dedup_by(|a, b| a.distance(*b) < 1e-6);
    if sorted.len() < 3 {
        return sorted;
    }
    let turn = |o: Vec2, a: Vec2, b: Vec2| (a - o).perp_dot(b - o);
    let mut hull: Vec<Vec2> = Vec::with_capacity(sorted.len() * 2);
    for pass in [sorted.clone(), sorted.into_iter().rev().collect()] {
        let floor = hull.len();
        for point in pass {
            while hull.len() >= floor + 2 && turn(hull[hull.len() - 2], hull[hull.len() - 1], point) <= 0.0 {
                hull.pop();
            }
            hull.push(point);
        }
        hull.pop();
    }
    hull
}

/// A convex polygon grown by `by` all round: each corner pushed out along the bisector of its
/// sides' normals.
fn grown(hull: &[Vec2], by: f32) -> Vec<Vec2> {
    let n = hull.len();
    (0..n)
        .map(|i| {
            let (before, at, after) = (hull[(i + n - 1) % n], hull[i], hull[(i + 1) % n]);
            // Outward normals of a counter-clockwise polygon's sides.
            let normal = |a: Vec2, b: Vec2| (b - a).perp().normalize_or_zero() * -1.0;
            let bisector = (normal(before, at) + normal(at, after)).normalize_or_zero();
            let cos = bisector.dot(normal(at, after)).max(0.3);
            at + bisector * (by / cos)
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::looks::{Shape, generic};

    #[test]
    fn a_hull_holds_every_point_and_runs_counter_clockwise() {
        let points: Vec<Vec2> =
            (0..50).map(|i| Vec2::new(((i * 37) % 11) as f32 - 5.0, ((i * 17) % 13) as f32 - 6.0)).collect();
        let hull = convex_hull(&points);
        for (i, &a) in hull.iter().enumerate() {
            let b = hull[(i + 1) % hull.len()];
            for &p in &points {
                assert!((b - a).perp_dot(p - a) >= -1e-4, "{p} outside the side {a}-{b}");
            }
        }
    }

    #[test]
    fn a_grown_hull_lies_outside_the_hull() {
        let square = [Vec2::ZERO, Vec2::X, Vec2::ONE, Vec2::Y];
        let grown = grown(&square, 0.1);
        assert!(grown[0].distance(Vec2::splat(-0.1)) < 1e-5, "{:?}", grown);
        assert!(grown[2].distance(Vec2::splat(1.1)) < 1e-5, "{:?}", grown);
    }

    /// The corners of the box that holds a mesh's vertices.
    fn bounds(mesh: &Mesh) -> (Vec2, Vec2) {
        let Some(bevy::mesh::VertexAttributeValues::Float32x3(positions)) = mesh.attribute(Mesh::ATTRIBUTE_POSITION)
        else {
            panic!("positions");
        };
        let points = positions.iter().map(|p| Vec2::new(p[0], p[1]));
        (points.clone().fold(Vec2::MAX, Vec2::min), points.fold(Vec2::MIN, Vec2::max))
    }

    #[test]
    fn every_shipped_look_makes_an_icon_that_fits_its_square() {
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("assets/looks/barsoom.look.ron");
        let looks = crate::looks::Looks::read_file(&path, "barsoom", &crate::places::Places::default()).unwrap();
        for id in looks.ids().collect::<Vec<_>>() {
            let drawn = crate::looks::Drawn::of(id, "X", 0, &[&looks], false);
            let (low, high) = bounds(&icon(&drawn.parts, |_| Color::WHITE, Color::BLACK));
            assert!(low.cmpge(Vec2::splat(-0.5)).all() && high.cmple(Vec2::splat(0.5)).all(), "{id}: {low} to {high}");
            assert!(high.y - low.y > 0.4, "{id} is drawn large enough: {low} to {high}");
        }
    }

    #[test]
    fn an_icon_fits_its_square_and_shows_each_paint() {
        let parts = generic(2, "Q");
        let mesh = icon(&parts, |paint| if paint == Paint::Trim { Color::WHITE } else { Color::BLACK }, Color::BLACK);
        let Some(bevy::mesh::VertexAttributeValues::Float32x3(positions)) = mesh.attribute(Mesh::ATTRIBUTE_POSITION)
        else {
            panic!("positions");
        };
        for p in positions {
            assert!(p[0].abs() <= 0.5 && p[1].abs() <= 0.5, "{p:?} outside the square");
        }
        let Some(bevy::mesh::VertexAttributeValues::Float32x4(colours)) = mesh.attribute(Mesh::ATTRIBUTE_COLOR) else {
            panic!("colours");
        };
        assert!(colours.iter().any(|c| c[0] > 0.9), "the trim shows");
        let sphere = crate::looks::part(Shape::Sphere(0.2), Paint::Gem, Vec3::Y * 0.5);
        let mesh = icon(&[sphere], |_| Color::WHITE, Color::BLACK);
        assert_eq!(mesh.indices().map(|i| i.len() % 3), Some(0));
    }
}
