//! A model for each piece kind, built from Bevy's mesh primitives (no art files), in its
//! side's colours: the feathers, propellers and crowns of Burroughs' pieces.

use std::collections::HashMap;
use std::f32::consts::{FRAC_PI_2, PI, TAU};

use bevy::prelude::*;
use jetan_rules::Side;

use super::Palette;
use crate::board::PieceToken;
use crate::game::Game;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<ModelAssets>().add_systems(Update, dress_tokens.in_set(crate::AppSystems::Animate));
}

/// Models are drawn in board units (a square is 1 x 1), then scaled by this.
const MODEL_SCALE: f32 = 1.25;

/// A primitive shape, in board units (a square is 1 x 1).
#[derive(Clone, Copy, Debug)]
enum Shape {
    /// Radius, height.
    Cylinder(f32, f32),
    /// Radius.
    Sphere(f32),
    /// Width, height, depth.
    Cuboid(f32, f32, f32),
    /// Base radius, height.
    Cone(f32, f32),
    /// Ring radius, tube radius.
    Torus(f32, f32),
    /// Radius, length of the middle.
    Capsule(f32, f32),
}

impl Shape {
    fn mesh(self) -> Mesh {
        match self {
            Shape::Cylinder(r, h) => Cylinder::new(r, h).into(),
            Shape::Sphere(r) => Sphere::new(r).mesh().uv(24, 14),
            Shape::Cuboid(x, y, z) => Cuboid::new(x, y, z).into(),
            Shape::Cone(r, h) => Cone { radius: r, height: h }.into(),
            Shape::Torus(ring, tube) => Torus { minor_radius: tube, major_radius: ring }.into(),
            Shape::Capsule(r, length) => Capsule3d::new(r, length).into(),
        }
    }

    fn key(self) -> String {
        format!("{self:?}")
    }
}

/// Which of its side's materials a part wears.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
enum Paint {
    Body,
    Trim,
    Gem,
}

/// One primitive of a model, placed relative to the piece's foot (facing the enemy along -z).
#[derive(Clone, Copy, Debug)]
struct Part {
    shape: Shape,
    paint: Paint,
    at: Vec3,
    turn: Quat,
}

fn part(shape: Shape, paint: Paint, at: Vec3) -> Part {
    Part { shape, paint, at, turn: Quat::IDENTITY }
}

impl Part {
    fn turned(self, turn: Quat) -> Part {
        Part { turn, ..self }
    }
}

/// Shared meshes and the materials of each side.
#[derive(Resource, Default)]
struct ModelAssets {
    meshes: HashMap<String, Handle<Mesh>>,
    /// By side, the side's name (which picks its colours) and paint.
    materials: HashMap<(Side, String, Paint), Handle<StandardMaterial>>,
}

/// Gives every new token its kind's model.
fn dress_tokens(
    mut commands: Commands,
    tokens: Query<(Entity, &PieceToken), Added<PieceToken>>,
    game: Option<Res<Game>>,
    mut assets: ResMut<ModelAssets>,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<StandardMaterial>>,
) {
    let Some(game) = game else { return };
    let variant = game.position.variant();
    for (entity, token) in &tokens {
        let kind = variant.kind(token.piece.kind);
        let side = token.piece.owner;
        let facing = if side == Side::South { Quat::IDENTITY } else { Quat::from_rotation_y(PI) };
        let model = commands
            .spawn((
                Transform::from_rotation(facing).with_scale(Vec3::splat(MODEL_SCALE)),
                Visibility::default(),
                ChildOf(entity),
            ))
            .id();
        for part in parts(&kind.id, token.piece.kind.index()) {
            let mesh = assets.meshes.entry(part.shape.key()).or_insert_with(|| meshes.add(part.shape.mesh())).clone();
            let side = painted(token.piece, part.paint);
            let name = variant.side_name(side).to_string();
            let material = assets
                .materials
                .entry((side, name.clone(), part.paint))
                .or_insert_with(|| materials.add(material(side, &name, part.paint)))
                .clone();
            commands.spawn((
                Mesh3d(mesh),
                MeshMaterial3d(material),
                Transform::from_translation(part.at).with_rotation(part.turn),
                ChildOf(model),
            ));
        }
    }
}

/// The side whose colour a part wears: the owner's body, the trim of the side the piece serves
/// (they differ only for a piece whose allegiance has turned).
fn painted(piece: jetan_rules::Piece, paint: Paint) -> Side {
    match paint {
        Paint::Body => piece.owner,
        _ => piece.side,
    }
}

fn material(side: Side, name: &str, paint: Paint) -> StandardMaterial {
    match paint {
        Paint::Body => StandardMaterial {
            base_color: Palette::body(side, name),
            perceptual_roughness: 0.35,
            reflectance: 0.6,
            ..default()
        },
        Paint::Trim => StandardMaterial {
            base_color: Palette::trim(side, name),
            metallic: if side == Side::South { 0.9 } else { 0.1 },
            perceptual_roughness: 0.3,
            ..default()
        },
        Paint::Gem => StandardMaterial {
            base_color: Color::srgb(0.9, 0.1, 0.2),
            emissive: LinearRgba::rgb(2.0, 0.2, 0.3),
            ..default()
        },
    }
}

/// The parts of a kind's model. Kinds without a model of their own get a banded column.
fn parts(kind: &str, rank: usize) -> Vec<Part> {
    use Paint::*;
    use Shape::*;
    let y = |h: f32| Vec3::Y * h;
    let mut parts = vec![part(Cylinder(0.31, 0.08), Trim, y(0.04)), part(Cylinder(0.27, 0.05), Body, y(0.105))];
    // A standing figure: body of radius r and height h, head on top; returns the head's top.
    let figure = |parts: &mut Vec<Part>, r: f32, h: f32, base: f32| -> f32 {
        parts.push(part(Cylinder(r, h), Body, y(base + h / 2.0)));
        parts.push(part(Torus(r * 0.95, 0.025), Trim, y(base + h * 0.8)));
        parts.push(part(Sphere(r * 0.62), Body, y(base + h + r * 0.5)));
        base + h + r * 1.1
    };
    // Upright feathers (thin blades) on a head, fanned by `spread` radians.
    let feathers = |parts: &mut Vec<Part>, top: f32, count: usize, spread: f32, crossed: bool| {
        for i in 0..count {
            let lean = if count == 1 { 0.0 } else { spread * (i as f32 / (count - 1) as f32 - 0.5) };
            let lean = if crossed { if i % 2 == 0 { 0.45 } else { -0.45 } } else { lean };
            let offset = if crossed { 0.0 } else { (i as f32 - (count as f32 - 1.0) / 2.0) * 0.06 };
            let blade = part(Cuboid(0.035, 0.26, 0.08), Trim, Vec3::new(offset, top + 0.1, 0.0));
            parts.push(blade.turned(Quat::from_rotation_z(lean)));
        }
    };
    match kind {
        "panthan" => {
            let top = figure(&mut parts, 0.13, 0.32, 0.13);
            feathers(&mut parts, top, 1, 0.0, false);
        }
        "warrior" => {
            let top = figure(&mut parts, 0.16, 0.40, 0.13);
            feathers(&mut parts, top, 2, 0.0, true);
        }
        "padwar" => {
            let top = figure(&mut parts, 0.16, 0.40, 0.13);
            feathers(&mut parts, top, 2, 0.0, false);
        }
        "dwar" => {
            let top = figure(&mut parts, 0.17, 0.46, 0.13);
            feathers(&mut parts, top, 3, 0.9, false);
        }
        "thoat" => {
            // The eight-legged beast with its rider.
            let back = 0.42;
            parts.push(
                part(Capsule(0.13, 0.36), Body, Vec3::new(0.0, back, 0.02)).turned(Quat::from_rotation_x(FRAC_PI_2)),
            );
            parts.push(part(Sphere(0.10), Body, Vec3::new(0.0, back + 0.08, -0.30)));
            parts.push(
                part(Cone(0.05, 0.12), Trim, Vec3::new(0.0, back + 0.1, -0.42))
                    .turned(Quat::from_rotation_x(-FRAC_PI_2)),
            );
            for i in 0..4 {
                let z = -0.18 + i as f32 * 0.12;
                for x in [-0.1, 0.1] {
                    parts.push(part(Cylinder(0.025, 0.3), Body, Vec3::new(x, 0.25, z)));
                }
            }
            let top = figure(&mut parts, 0.09, 0.2, back + 0.1);
            feathers(&mut parts, top, 2, 0.5, false);
        }
        "flier" => {
            let top = figure(&mut parts, 0.14, 0.42, 0.13);
            parts.push(part(Cylinder(0.02, 0.12), Trim, y(top + 0.06)));
            for i in 0..3 {
                let blade = part(Cuboid(0.34, 0.02, 0.07), Trim, y(top + 0.12));
                parts.push(blade.turned(Quat::from_rotation_y(i as f32 * TAU / 3.0)));
            }
            parts.push(part(Sphere(0.04), Gem, y(top + 0.14)));
        }
        "chief" => {
            let top = figure(&mut parts, 0.2, 0.6, 0.13);
            parts.push(part(Torus(0.15, 0.035), Trim, y(top)));
            for i in 0..10 {
                let angle = i as f32 * TAU / 10.0;
                parts.push(part(Sphere(0.03), Gem, Vec3::new(angle.cos() * 0.15, top + 0.05, angle.sin() * 0.15)));
            }
            parts.push(part(Cone(0.08, 0.14), Trim, y(top + 0.09)));
        }
        "princess" => {
            parts.push(part(Cone(0.25, 0.55), Body, y(0.41)));
            parts.push(part(Cylinder(0.09, 0.2), Body, y(0.6)));
            parts.push(part(Sphere(0.11), Body, y(0.78)));
            parts.push(part(Torus(0.1, 0.025), Trim, y(0.88)));
            parts.push(part(Sphere(0.055), Gem, y(0.95)));
        }
        _ => {
            let top = figure(&mut parts, 0.17, 0.35 + 0.03 * (rank % 6) as f32, 0.13);
            for band in 0..=(rank % 4) {
                parts.push(part(Torus(0.17, 0.02), Trim, y(0.2 + band as f32 * 0.08)));
            }
            parts.push(part(Sphere(0.05), Gem, y(top + 0.02)));
        }
    }
    parts
}
