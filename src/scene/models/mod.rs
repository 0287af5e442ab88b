//! A model for each piece kind, built from Bevy's mesh primitives (no art files), in its
//! side's colours: the feathers, propellers and crowns of Burroughs' pieces.
//!
//! `kit` holds the shapes the models share (figures, gowns, weapons, crowns, propellers, legs);
//! `men`, `women`, `beasts` and `ships` build the kinds from them, by the kind's id.

mod beasts;
mod kit;
mod men;
mod ships;
mod women;

use std::collections::HashMap;
use std::f32::consts::PI;

use bevy::prelude::*;
use jetan_rules::Side;

use super::Palette;
use crate::animation::{Flies, Walking};
use crate::board::PieceToken;
use crate::game::Game;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<ModelAssets>()
        .add_systems(Update, (dress_tokens, spin_propellers).in_set(crate::AppSystems::Animate));
}

/// A propeller's hub: it turns about `axis` while its piece moves.
#[derive(Component, Debug)]
struct Propeller {
    axis: Dir3,
    token: Entity,
}

/// Radians a turning propeller turns in a second.
const PROPELLER_SPEED: f32 = 18.0;

fn spin_propellers(
    time: Res<Time>,
    moving: Query<(), With<Walking>>,
    mut propellers: Query<(&Propeller, &mut Transform)>,
) {
    for (propeller, mut transform) in &mut propellers {
        if moving.contains(propeller.token) {
            transform.rotate_local_axis(propeller.axis, PROPELLER_SPEED * time.delta_secs());
        }
    }
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
    /// Top radius, bottom radius, height.
    Frustum(f32, f32, f32),
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
            Shape::Frustum(top, bottom, h) => {
                ConicalFrustum { radius_top: top, radius_bottom: bottom, height: h }.into()
            }
            Shape::Torus(ring, tube) => Torus { minor_radius: tube, major_radius: ring }.into(),
            Shape::Capsule(r, length) => Capsule3d::new(r, length).into(),
        }
    }

    fn key(self) -> String {
        format!("{self:?}")
    }
}

/// Which material a part wears: one of its side's, or one of the few colours that belong to
/// no side (a Thark's green skin, ivory tusks, a slave's iron, the Wild Banth's hide).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
enum Paint {
    Body,
    Trim,
    Gem,
    Green,
    Ivory,
    Iron,
    Tawny,
    Mane,
    Stone,
}

/// One primitive of a model, placed relative to the piece's foot (facing the enemy along -z,
/// its right hand towards +x).
#[derive(Clone, Copy, Debug)]
struct Part {
    shape: Shape,
    paint: Paint,
    at: Vec3,
    turn: Quat,
    scale: Vec3,
    /// A propeller's blade turns about its hub (the point, then the axis) while the piece moves.
    spin: Option<(Vec3, Vec3)>,
}

fn part(shape: Shape, paint: Paint, at: Vec3) -> Part {
    Part { shape, paint, at, turn: Quat::IDENTITY, scale: Vec3::ONE, spin: None }
}

impl Part {
    fn turned(self, turn: Quat) -> Part {
        Part { turn, ..self }
    }

    fn scaled(self, scale: Vec3) -> Part {
        Part { scale, ..self }
    }

    fn spinning(self, hub: Vec3, axis: Vec3) -> Part {
        Part { spin: Some((hub, axis)), ..self }
    }
}

/// A model under construction: the kit's and the kinds' builders add parts to it.
#[derive(Default)]
struct Model {
    parts: Vec<Part>,
}

impl Model {
    fn push(&mut self, part: Part) {
        self.parts.push(part);
    }

    fn add(&mut self, shape: Shape, paint: Paint, at: Vec3) {
        self.push(part(shape, paint, at));
    }

    /// Builds a group of parts in its own frame, then places the group by `place` (whose
    /// scale must be uniform): a rider on his beast, a pet beside its mistress.
    fn within(&mut self, place: Transform, build: impl FnOnce(&mut Model)) {
        let start = self.parts.len();
        build(self);
        for part in &mut self.parts[start..] {
            part.at = place.transform_point(part.at);
            part.turn = place.rotation * part.turn;
            part.scale *= place.scale;
            part.spin = part.spin.map(|(hub, axis)| (place.transform_point(hub), place.rotation * axis));
        }
    }
}

/// The builder of each kind's model, by the kind's id in the variant files.
fn builder(kind: &str) -> Option<fn(&mut Model)> {
    let build: fn(&mut Model) = match kind {
        // Classic Jetan.
        "chief" => men::chief,
        "princess" => women::princess,
        "flier" => ships::flier,
        "dwar" => men::dwar,
        "padwar" => men::padwar,
        "warrior" => men::warrior,
        "thoat" => beasts::thoat,
        "panthan" => men::panthan,
        // Jetan Sarang's men.
        "jeddak" => men::jeddak,
        "jed" => men::jed,
        "tars_tarkas" => men::tars_tarkas,
        "jedwar" => men::jedwar,
        "odwar" => men::odwar,
        "teedwar" => men::teedwar,
        "gorthan" => men::gorthan,
        "calot_dwar" => men::calot_dwar,
        "than" => men::than,
        "male_slave" => men::male_slave,
        // Jetan Sarang's women.
        "jeddara" => women::jeddara,
        "thuvia" => women::thuvia,
        "janai" => women::janai,
        "tara" => women::tara,
        "tavia" => women::tavia,
        "sola" => women::sola,
        "phao" => women::phao,
        "tha" => women::tha,
        "pantha" => women::pantha,
        "sharu" => women::sharu,
        "sanoma_tora" => women::sanoma_tora,
        "uthia" => women::uthia,
        // Jetan Jeddara's.
        "haja" => women::haja,
        "llana" => women::llana,
        "kara_vasa" => women::kara_vasa,
        "olvia" => women::olvia,
        "battleship" => ships::battleship,
        "cruiser" => ships::cruiser,
        "scoutship" => ships::scoutship,
        "zitidar" => beasts::zitidar,
        "wild_banth" => beasts::wild_banth,
        _ => return None,
    };
    Some(build)
}

/// The parts of a kind's model. Kinds without a model of their own get a banded column.
fn parts(kind: &str, rank: usize) -> Vec<Part> {
    let mut model = Model::default();
    match builder(kind) {
        Some(build) => build(&mut model),
        None => {
            model.pedestal();
            model.column(rank);
        }
    }
    model.parts
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
        let mut hubs: Vec<(Vec3, Entity)> = Vec::new();
        for part in parts(&kind.id, token.piece.kind.index()) {
            // A spinning part hangs from its hub, which turns.
            let (parent, at) = match part.spin {
                None => (model, part.at),
                Some((hub, axis)) => (hub_of(&mut commands, &mut hubs, (hub, axis), model, entity), part.at - hub),
            };
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
                Transform::from_translation(at).with_rotation(part.turn).with_scale(part.scale),
                ChildOf(parent),
            ));
        }
        if !hubs.is_empty() {
            commands.entity(entity).insert(Flies);
        }
    }
}

/// The pivot a propeller's blades hang from, at `hub` on `model`, turning about `axis` while
/// `token` moves: the one already made for that hub, or a new one.
fn hub_of(
    commands: &mut Commands,
    hubs: &mut Vec<(Vec3, Entity)>,
    (hub, axis): (Vec3, Vec3),
    model: Entity,
    token: Entity,
) -> Entity {
    if let Some(&(_, pivot)) = hubs.iter().find(|(at, _)| at.distance(hub) < 1e-4) {
        return pivot;
    }
    let axis = Dir3::new(axis).unwrap_or(Dir3::Y);
    let pivot = commands
        .spawn((Propeller { axis, token }, Transform::from_translation(hub), Visibility::default(), ChildOf(model)))
        .id();
    hubs.push((hub, pivot));
    pivot
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
    let plain = |color: Color, roughness: f32| StandardMaterial {
        base_color: color,
        perceptual_roughness: roughness,
        ..default()
    };
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
        Paint::Green => plain(Palette::THARK, 0.5),
        Paint::Ivory => plain(Palette::IVORY, 0.4),
        Paint::Iron => StandardMaterial { metallic: 0.8, ..plain(Palette::IRON, 0.45) },
        Paint::Tawny => plain(Palette::BANTH, 0.7),
        Paint::Mane => plain(Palette::MANE, 0.85),
        Paint::Stone => plain(Palette::STONE, 0.8),
    }
}

#[cfg(test)]
mod tests {
    use std::path::Path;

    use super::*;

    /// Every kind the variants name, those of Jetan Jeddara included before its file exists.
    const KINDS: &[&str] = &[
        "chief",
        "princess",
        "flier",
        "dwar",
        "padwar",
        "warrior",
        "thoat",
        "panthan",
        "jeddak",
        "jeddara",
        "jed",
        "thuvia",
        "janai",
        "tara",
        "tavia",
        "tars_tarkas",
        "sola",
        "jedwar",
        "odwar",
        "teedwar",
        "gorthan",
        "phao",
        "calot_dwar",
        "than",
        "tha",
        "pantha",
        "sharu",
        "sanoma_tora",
        "uthia",
        "male_slave",
        "battleship",
        "cruiser",
        "scoutship",
        "zitidar",
        "wild_banth",
        "haja",
        "llana",
        "kara_vasa",
        "olvia",
    ];

    /// Points on a part's surface (its outline, enough to bound it), in the model's frame.
    fn outline(part: &Part) -> Vec<Vec3> {
        let ring = |r: f32, y: f32| -> Vec<Vec3> {
            (0..16)
                .map(|i| i as f32 * std::f32::consts::TAU / 16.0)
                .map(|a| Vec3::new(r * a.cos(), y, r * a.sin()))
                .collect()
        };
        let local: Vec<Vec3> = match part.shape {
            Shape::Cylinder(r, h) => [ring(r, h / 2.0), ring(r, -h / 2.0)].concat(),
            Shape::Cone(r, h) => [ring(r, -h / 2.0), vec![Vec3::Y * h / 2.0]].concat(),
            Shape::Frustum(top, bottom, h) => [ring(top, h / 2.0), ring(bottom, -h / 2.0)].concat(),
            Shape::Sphere(r) => [ring(r, 0.0), vec![Vec3::Y * r, -Vec3::Y * r]].concat(),
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
        };
        local.into_iter().map(|p| part.at + part.turn * (p * part.scale)).collect()
    }

    #[test]
    fn every_kind_of_every_variant_file_has_its_own_model() {
        let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("assets/variants");
        for entry in std::fs::read_dir(dir).expect("the variants folder") {
            let path = entry.expect("a file").path();
            let variant = jetan_rules::Variant::load_file(&path).unwrap_or_else(|e| panic!("{e}"));
            for kind in variant.kinds() {
                assert!(builder(&kind.id).is_some(), "{}: no model for {}", path.display(), kind.id);
                assert!(KINDS.contains(&kind.id.as_str()), "{} is missing from KINDS", kind.id);
            }
        }
    }

    #[test]
    fn airships_and_fliers_have_propellers_that_turn_and_men_none() {
        for kind in ["flier", "battleship", "cruiser", "scoutship"] {
            assert!(parts(kind, 0).iter().any(|part| part.spin.is_some()), "{kind} has no turning propeller");
        }
        for kind in ["chief", "warrior", "thoat", "zitidar", "princess"] {
            assert!(parts(kind, 0).iter().all(|part| part.spin.is_none()), "{kind} has a propeller");
        }
    }

    #[test]
    fn every_model_stands_in_its_square() {
        let mut wrong = Vec::new();
        for kind in KINDS {
            let points: Vec<Vec3> = parts(kind, 0).iter().flat_map(outline).collect();
            let reach = points.iter().map(|p| p.xz().length()).fold(0.0, f32::max);
            let height = points.iter().map(|p| p.y).fold(0.0, f32::max);
            let low = points.iter().map(|p| p.y).fold(f32::MAX, f32::min);
            if reach > 0.45 || !(0.5..=1.15).contains(&height) || low < -0.001 {
                wrong.push(format!("{kind}: reach {reach:.3}, height {height:.3}, lowest {low:.3}"));
            }
        }
        assert!(
            wrong.is_empty(),
            "models outside their square (reach <= 0.45, height 0.5..=1.15):\n{}",
            wrong.join("\n")
        );
    }

    #[test]
    fn models_differ() {
        let signature = |kind: &str| format!("{:?}", parts(kind, 0));
        for (i, a) in KINDS.iter().enumerate() {
            for b in &KINDS[i + 1..] {
                assert_ne!(signature(a), signature(b), "{a} and {b} look the same");
            }
        }
    }
}
