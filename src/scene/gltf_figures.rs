//! A glTF model's own animations as a living figure's motions: a look of a file's `living`
//! section with a `model` plays the model's animations named as the game's motions (`idle`,
//! `walk`, `flap`, `strike`, `parry`, `fall`, …), chosen and timed as a jointed figure's are
//! ([`Stage::doing`]): the bird of the Malagor example walks and flaps by its own animations.

use std::collections::BTreeMap;

use bevy::gltf::Gltf;
use bevy::prelude::*;

use super::figures::{Doing, Motions, Stage, idle_phase};
use crate::animation::{Leaving, Walking};
use crate::board::PieceToken;
use crate::looks::MotionName;

/// A token whose living look is a glTF model: the model's file and, once its scene is in the
/// world, the animation player that moves it and the motions it has.
#[derive(Component, Debug)]
pub struct GltfFigure {
    gltf: Handle<Gltf>,
    phase: f32,
    player: Option<(Entity, ClipMotions)>,
    /// The animation it plays, once it has its player.
    playing: Option<MotionName>,
}

impl GltfFigure {
    /// The motion its model plays (none until its scene is in the world with an animation of
    /// that name).
    pub fn playing(&self) -> Option<MotionName> {
        self.playing
    }
}

/// A glTF model's animations by the game's motion names: each one's node in its player's
/// graph, and its length in seconds.
#[derive(Clone, Debug, Default)]
struct ClipMotions(BTreeMap<MotionName, (AnimationNodeIndex, f32)>);

impl Motions for ClipMotions {
    fn moves(&self, motion: MotionName) -> bool {
        self.0.contains_key(&motion)
    }

    fn seconds(&self, motion: MotionName) -> Option<f32> {
        self.0.get(&motion).map(|&(_, seconds)| seconds)
    }
}

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Update, (adopt_players, play_motions).chain().in_set(crate::AppSystems::View));
}

/// The glTF figure of `token`, whose model is `gltf`.
pub(super) fn gltf_figure(token: Entity, gltf: Handle<Gltf>) -> GltfFigure {
    GltfFigure { gltf, phase: idle_phase(token), player: None, playing: None }
}

/// Gives each glTF figure the animation player its scene brought, with a graph of the model's
/// animations that the game's motions name.
fn adopt_players(
    mut commands: Commands,
    players: Query<Entity, Added<AnimationPlayer>>,
    parents: Query<&ChildOf>,
    mut figures: Query<&mut GltfFigure>,
    gltfs: Res<Assets<Gltf>>,
    clips: Res<Assets<AnimationClip>>,
    mut graphs: ResMut<Assets<AnimationGraph>>,
) {
    for player in &players {
        let Some(token) = parents.iter_ancestors(player).find(|&entity| figures.contains(entity)) else { continue };
        let Ok(mut figure) = figures.get_mut(token) else { continue };
        let Some(gltf) = gltfs.get(&figure.gltf) else { continue };
        let named: Vec<(MotionName, Handle<AnimationClip>)> = MotionName::ALL
            .into_iter()
            .filter_map(|motion| Some((motion, gltf.named_animations.get(motion.name())?.clone())))
            .collect();
        let (graph, nodes) = AnimationGraph::from_clips(named.iter().map(|(_, clip)| clip.clone()));
        let motions = named
            .iter()
            .zip(nodes)
            .map(|((motion, clip), node)| (*motion, (node, clips.get(clip).map_or(1.0, AnimationClip::duration))))
            .collect();
        commands.entity(player).insert(AnimationGraphHandle(graphs.add(graph)));
        figure.player = Some((player, ClipMotions(motions)));
    }
}

/// Poses each glTF figure's model at the moment of its motion now: its player holds the
/// motion's animation still there (a pace once round its cycle a square).
fn play_motions(
    stage: Stage,
    mut figures: Query<(&mut GltfFigure, &PieceToken, Option<&Walking>, Option<&Leaving>)>,
    mut players: Query<&mut AnimationPlayer>,
) {
    for (mut figure, token, walking, leaving) in &mut figures {
        let figure = &mut *figure;
        let Some((player, motions)) = &figure.player else { continue };
        let Ok(mut player) = players.get_mut(*player) else { continue };
        let (motion, at) = match stage.doing(motions, figure.phase, token.piece.side, walking, leaving) {
            Doing::Motion(motion, at) => (motion, at),
            Doing::Pace { pace, covered, .. } => (pace, covered * motions.seconds(pace).unwrap_or(1.0)),
        };
        let Some(&(node, seconds)) = motions.0.get(&motion) else {
            player.stop_all();
            figure.playing = None;
            continue;
        };
        figure.playing = Some(motion);
        let at = if motion.repeats() { at.rem_euclid(seconds) } else { at.clamp(0.0, seconds) };
        if !player.is_playing_animation(node) {
            player.stop_all();
        }
        player.play(node).set_speed(0.0).seek_to(at);
    }
}
