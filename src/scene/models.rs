//! Each token's model, built from its look ([`TokenLook`]): the look's parts as meshes in its
//! side's colours (the feathers, propellers and crowns of Burroughs' pieces), as round as the
//! quality preset makes them, and its glTF scene if it has one. Built anew whenever the look
//! changes (a look file edited) or the quality does, and the propellers turn while the piece
//! moves.

use std::collections::HashMap;
use std::f32::consts::PI;
use std::sync::Arc;

use bevy::prelude::*;
use jetan_rules::Side;

use super::part_groups::{self, PartGroup};
use super::quality::Preset;
use super::surfaces::Surfaces;
use crate::animation::Walking;
use crate::board::PieceToken;
use crate::game::Game;
use crate::looks::{GltfModel, Paint, Part, Roundness};
use crate::palette::Palette;
use crate::places::Places;
use crate::settings::Settings;
use crate::token_looks::TokenLook;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<ModelAssets>().add_systems(
        Update,
        ((redress_for_quality, dress_tokens).chain().in_set(crate::WhilePlaying), spin_propellers)
            .in_set(crate::AppSystems::View),
    );
}

/// A propeller's hub: it turns about `axis` while its piece moves.
#[derive(Component, Debug)]
struct Propeller {
    axis: Dir3,
    token: Entity,
}

/// The model a token wears (a child of it), replaced when its look changes.
#[derive(Component, Debug)]
struct Dressed(Entity);

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

/// Shared meshes and the materials of each side.
#[derive(Resource, Default)]
struct ModelAssets {
    /// By look (its parts, kept so that their address names them) and the quality preset's
    /// roundness: the look's groups of parts, each with its mesh.
    meshes: HashMap<(usize, Roundness), (Arc<Vec<Part>>, Vec<(PartGroup, Handle<Mesh>)>)>,
    /// By side, the side's name (which picks its colours), paint and material.
    materials: HashMap<(Side, String, Paint, Option<Arc<str>>), Handle<StandardMaterial>>,
}

/// A new quality preset makes the pieces' round shapes anew: every token is dressed again (the
/// meshes of the old roundness are let go).
fn redress_for_quality(
    settings: Res<Settings>,
    mut assets: ResMut<ModelAssets>,
    mut tokens: Query<&mut TokenLook>,
    mut shown: Local<Option<Roundness>>,
) {
    let round = Preset::of(settings.quality).round;
    if shown.replace(round).is_some_and(|before| before != round) {
        assets.meshes.clear();
        for mut look in &mut tokens {
            look.set_changed();
        }
    }
}

/// Gives every token whose look is new or changed the model of its look.
fn dress_tokens(
    mut commands: Commands,
    tokens: Query<(Entity, &PieceToken, &TokenLook, Option<&Dressed>), Changed<TokenLook>>,
    game: Res<Game>,
    settings: Res<Settings>,
    server: Res<AssetServer>,
    mut assets: ResMut<ModelAssets>,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<StandardMaterial>>,
    mut surfaces: ResMut<Surfaces>,
    places: Res<Places>,
) {
    let variant = game.position().variant();
    let round = Preset::of(settings.quality).round;
    let ModelAssets { meshes: looks_meshes, materials: painted_materials } = &mut *assets;
    if !tokens.is_empty() {
        // The meshes of looks no token wears any more (a look file edited) are let go.
        looks_meshes.retain(|_, (parts, _)| Arc::strong_count(parts) > 1);
    }
    for (entity, token, TokenLook(drawn), dressed) in &tokens {
        if let Some(Dressed(old)) = dressed {
            commands.entity(*old).despawn();
        }
        let side = token.piece.owner;
        let facing = if side == Side::South { Quat::IDENTITY } else { Quat::from_rotation_y(PI) };
        let model = commands
            .spawn((
                Transform::from_rotation(facing).with_scale(Vec3::splat(MODEL_SCALE)),
                Visibility::default(),
                ChildOf(entity),
            ))
            .id();
        commands.entity(entity).insert(Dressed(model));
        // A living figure's parts hang from its joints' pivots, which its motions turn.
        let pivots = super::figures::rig(&mut commands, model, &drawn.skeleton);
        if pivots.is_empty() {
            commands.entity(entity).remove::<super::figures::Figure>();
        } else {
            commands.entity(entity).insert(super::figures::figure(entity, drawn.skeleton.clone(), pivots.clone()));
        }
        let mut hubs: Vec<(Vec3, Entity)> = Vec::new();
        let grouped = &looks_meshes
            .entry((Arc::as_ptr(&drawn.parts) as usize, round))
            .or_insert_with(|| {
                let made = part_groups::groups(&drawn.parts).into_iter().map(|group| {
                    let origin = match (group.spin, group.joint) {
                        (Some((hub, _)), _) => hub,
                        (None, Some(joint)) => drawn.skeleton.joints[joint].pivot,
                        (None, None) => Vec3::ZERO,
                    };
                    let mesh = meshes.add(group.mesh(&drawn.parts, origin, round));
                    (group, mesh)
                });
                (drawn.parts.clone(), made.collect())
            })
            .1;
        for (group, mesh) in grouped {
            // A group on a joint hangs from its pivot; a spinning one from its hub, which turns
            // (on the joint's pivot, or the model).
            let frame = match group.joint {
                Some(joint) => (pivots[joint], drawn.skeleton.joints[joint].pivot),
                None => (model, Vec3::ZERO),
            };
            let parent = match group.spin {
                Some(spin) => hub_of(&mut commands, &mut hubs, spin, frame, entity),
                None => frame.0,
            };
            let side = painted(token.piece, group.paint);
            let name = variant.side_name(side).to_string();
            let material = painted_materials
                .entry((side, name.clone(), group.paint, group.material.clone()))
                .or_insert_with(|| {
                    let flat = material(side, &name, group.paint);
                    match &group.material {
                        Some(made_of) => surfaces.paint(made_of, flat, &server, &places, &mut materials),
                        None => materials.add(flat),
                    }
                })
                .clone();
            commands.spawn((Mesh3d(mesh.clone()), MeshMaterial3d(material), Transform::default(), ChildOf(parent)));
        }
        commands.entity(entity).remove::<super::gltf_figures::GltfFigure>();
        if let Some(GltfModel { path, size, turn }) = &drawn.model {
            // A living look's model moves by its own animations.
            if drawn.living {
                commands.entity(entity).insert(super::gltf_figures::gltf_figure(entity, server.load(path.clone())));
            }
            let scene = server.load(GltfAssetLabel::Scene(0).from_asset(path.clone()));
            let place =
                Transform::from_rotation(Quat::from_rotation_y(turn.to_radians())).with_scale(Vec3::splat(*size));
            commands.spawn((WorldAssetRoot(scene), place, ChildOf(model)));
        }
    }
}

/// The pivot a propeller's blades hang from, at `hub` on `frame` (an entity, and where it is
/// in the model), turning about `axis` while `token` moves: the one already made for that hub,
/// or a new one.
fn hub_of(
    commands: &mut Commands,
    hubs: &mut Vec<(Vec3, Entity)>,
    (hub, axis): (Vec3, Vec3),
    (parent, origin): (Entity, Vec3),
    token: Entity,
) -> Entity {
    if let Some(&(_, pivot)) = hubs.iter().find(|(at, _)| at.distance(hub) < 1e-4) {
        return pivot;
    }
    let axis = Dir3::new(axis).unwrap_or(Dir3::Y);
    let pivot = commands
        .spawn((
            Propeller { axis, token },
            Transform::from_translation(hub - origin),
            Visibility::default(),
            ChildOf(parent),
        ))
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
    let base_color = Palette::paint(side, name, paint);
    match paint {
        Paint::Body => StandardMaterial { base_color, perceptual_roughness: 0.35, reflectance: 0.6, ..default() },
        Paint::Trim => StandardMaterial {
            base_color,
            metallic: if side == Side::South { 0.9 } else { 0.1 },
            perceptual_roughness: 0.3,
            ..default()
        },
        Paint::Gem => StandardMaterial { base_color, emissive: LinearRgba::rgb(2.0, 0.2, 0.3), ..default() },
        Paint::Iron => StandardMaterial { base_color, metallic: 0.8, perceptual_roughness: 0.45, ..default() },
        Paint::Metal(..) => StandardMaterial { base_color, metallic: 0.9, perceptual_roughness: 0.3, ..default() },
        Paint::Ivory => StandardMaterial { base_color, perceptual_roughness: 0.4, ..default() },
        Paint::Green | Paint::Colour(..) => StandardMaterial { base_color, perceptual_roughness: 0.5, ..default() },
        Paint::Tawny => StandardMaterial { base_color, perceptual_roughness: 0.7, ..default() },
        Paint::Mane => StandardMaterial { base_color, perceptual_roughness: 0.85, ..default() },
        Paint::Stone => StandardMaterial { base_color, perceptual_roughness: 0.8, ..default() },
    }
}
