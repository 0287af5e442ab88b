//! Living figures: a token whose look has joints wears them as pivots in its model, and the
//! pivots are turned by its motion each frame: `walk` (or `gallop`, for a beast that has it)
//! while it walks (the cycle paced by the ground it covers, a square a cycle, so its feet don't
//! slide), `strike` as it lands on a piece
//! it takes, `parry` then `fall` when it is taken, `idle` otherwise (each figure at its own
//! moment of it, not in step with the others). Motions follow the animation speed.

use std::sync::Arc;

use bevy::prelude::*;

use crate::animation::{Leaving, Walking};
use crate::looks::Skeleton;
use crate::settings::Settings;

/// A token's living figure: its skeleton and the pivots of its joints (in the skeleton's order).
#[derive(Component, Debug)]
pub struct Figure {
    pub skeleton: Arc<Skeleton>,
    pub pivots: Vec<Entity>,
    /// Where in its idle motion the figure started (so that figures don't breathe in step).
    phase: f32,
}

/// The share of a walk, at its end, over which a piece that takes strikes.
const STRIKE_SHARE: f32 = 0.35;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Update, move_figures.in_set(crate::AppSystems::View));
}

/// Makes the pivots of `skeleton`'s joints in `model` (each on the joint it hangs from) and
/// returns them, for the parts put on them.
pub(super) fn rig(commands: &mut Commands, model: Entity, skeleton: &Skeleton) -> Vec<Entity> {
    let pivots: Vec<Entity> = skeleton.joints.iter().map(|_| commands.spawn(Visibility::default()).id()).collect();
    for (joint, &pivot) in skeleton.joints.iter().zip(&pivots) {
        let (parent, from) = match joint.on {
            Some(on) => (pivots[on], skeleton.joints[on].pivot),
            None => (model, Vec3::ZERO),
        };
        commands.entity(pivot).insert((Transform::from_translation(joint.pivot - from), ChildOf(parent)));
    }
    pivots
}

/// Gives a token wearing a figure its figure.
pub(super) fn figure(token: Entity, skeleton: Arc<Skeleton>, pivots: Vec<Entity>) -> Figure {
    // A phase from the token's entity: any spread will do, the same each frame.
    let phase = (token.index_u32() as f32 * 0.618_034).fract();
    Figure { skeleton, pivots, phase }
}

/// Turns every figure's joints by its motion now.
fn move_figures(
    time: Res<Time>,
    settings: Res<Settings>,
    figures: Query<(Entity, &Figure, Option<&Walking>, Option<&Leaving>)>,
    taken: Query<&Leaving>,
    mut pivots: Query<&mut Transform>,
) {
    let speed = settings.animation_speed.max(0.05);
    let now = time.elapsed_secs() * speed;
    for (_, figure, walking, leaving) in &figures {
        let skeleton = &figure.skeleton;
        let (motion, at) = match (walking, leaving) {
            (_, Some(fall)) if fall.elapsed < fall.delay => ("parry", fall.elapsed * speed),
            (_, Some(fall)) => ("fall", (fall.elapsed - fall.delay) * speed),
            (Some(walk), None) => {
                let progress = walk.elapsed / walk.duration.max(1e-3);
                let takes = taken
                    .iter()
                    .any(|fall| fall.at.xz().distance(walk.path.last().map_or(Vec3::ZERO, |p| *p).xz()) < 0.1);
                if takes && progress > 1.0 - STRIKE_SHARE && skeleton.moves("strike") {
                    let seconds = skeleton.seconds("strike").unwrap_or(1.0);
                    ("strike", (progress - (1.0 - STRIKE_SHARE)) / STRIKE_SHARE * seconds)
                } else {
                    // A cycle a square: the time into the cycle is the ground covered. Beasts
                    // that gallop gallop.
                    let pace = if skeleton.moves("gallop") { "gallop" } else { "walk" };
                    let covered = walked(&walk.path, progress);
                    (pace, covered * skeleton.seconds(pace).unwrap_or(1.0))
                }
            }
            (None, None) => ("idle", now + figure.phase * skeleton.seconds("idle").unwrap_or(1.0)),
        };
        for (pivot, turn) in figure.pivots.iter().zip(skeleton.pose(motion, at)) {
            if let Ok(mut transform) = pivots.get_mut(*pivot) {
                transform.rotation = turn;
            }
        }
    }
}

/// The ground covered `progress` (0 to 1) of the way along a path, in squares.
fn walked(path: &[Vec3], progress: f32) -> f32 {
    let length: f32 = path.windows(2).map(|leg| leg[0].xz().distance(leg[1].xz())).sum();
    length * progress
}
