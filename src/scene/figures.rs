//! Living figures: a token whose look has joints wears them as pivots in its model, and the
//! pivots are turned by what the figure is doing each frame ([`doing`]): its pace (`run`,
//! `gallop` or `walk`) while it walks a move, the cycle paced by the ground it covers so its
//! feet keep up with it; `flap` in the air; `strike` when it has run up to a piece it takes
//! (stopping short of it, and stepping onto its square once it has fallen); `parry` then
//! `fall` when it is taken; `cheer` when its side has won; `idle` otherwise (each figure at
//! its own moment of it, not in step with the others). A figure eases from one motion into the
//! next. Motions follow the animation speed.

use std::sync::Arc;

use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use jetan_rules::Side;

use crate::animation::{Gait, Leaving, Striding, Walking};
use crate::board::PieceToken;
use crate::game::Game;
use crate::looks::{MotionName, Skeleton};
use crate::settings::Settings;

/// A token's living figure: its skeleton and the pivots of its joints (in the skeleton's order).
#[derive(Component, Debug)]
pub struct Figure {
    /// Its joints and motions.
    pub skeleton: Arc<Skeleton>,
    /// The pivot entity of each joint, in the skeleton's order.
    pub pivots: Vec<Entity>,
    /// Where in its idle motion the figure started (so that figures don't breathe in step).
    phase: f32,
    /// The motion it was last seen in, and how it eases into it.
    easing: Easing,
}

/// A figure easing into a motion: which, since when (on the animations' clock), and from which
/// turns of its joints.
#[derive(Debug)]
struct Easing {
    into: MotionName,
    since: f32,
    from: Vec<Quat>,
}

/// What a figure does in a frame: a motion some seconds into it, or a pace some squares into a
/// walk.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Doing {
    /// A motion, and the seconds into it.
    Motion(MotionName, f32),
    /// A pace, `covered` squares into a walk `length` squares long.
    Pace {
        /// Which pace.
        pace: MotionName,
        /// Squares covered.
        covered: f32,
        /// The walk's length in squares.
        length: f32,
    },
}

impl Doing {
    /// The motion.
    pub fn motion(self) -> MotionName {
        match self {
            Doing::Motion(motion, _) | Doing::Pace { pace: motion, .. } => motion,
        }
    }
}

/// The motions a figure has: its skeleton's, or its glTF model's animations.
pub trait Motions {
    /// Whether it has the motion.
    fn moves(&self, motion: MotionName) -> bool;
    /// The motion's length in seconds, if it has it.
    fn seconds(&self, motion: MotionName) -> Option<f32>;
}

impl Motions for Skeleton {
    fn moves(&self, motion: MotionName) -> bool {
        Skeleton::moves(self, motion)
    }

    fn seconds(&self, motion: MotionName) -> Option<f32> {
        Skeleton::seconds(self, motion)
    }
}

/// The share of a walk, at its end, over which a piece that takes strikes (unless it strides).
const STRIKE_SHARE: f32 = 0.35;
/// Seconds a figure takes to ease from one motion into the next (at normal speed).
const EASE_SECONDS: f32 = 0.15;

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

impl Figure {
    /// The motion the figure is in (or easing into).
    pub fn motion(&self) -> MotionName {
        self.easing.into
    }
}

/// Gives a token wearing a figure its figure.
pub(super) fn figure(token: Entity, skeleton: Arc<Skeleton>, pivots: Vec<Entity>) -> Figure {
    let rest = vec![Quat::IDENTITY; pivots.len()];
    let easing = Easing { into: MotionName::Idle, since: f32::NEG_INFINITY, from: rest };
    Figure { skeleton, pivots, phase: idle_phase(token), easing }
}

/// Where in its idle motion the figure of `token` is: any spread will do, the same each frame.
pub fn idle_phase(token: Entity) -> f32 {
    (token.index_u32() as f32 * 0.618_034).fract()
}

/// What the figures see of the game: the animations' clock, the pieces being taken and the
/// winner.
#[derive(SystemParam)]
pub struct Stage<'w, 's> {
    time: Res<'w, Time>,
    settings: Res<'w, Settings>,
    game: Option<Res<'w, Game>>,
    taken: Query<'w, 's, &'static Leaving>,
}

impl Stage<'_, '_> {
    /// The animations' clock: seconds at normal speed.
    pub fn now(&self) -> f32 {
        self.time.elapsed_secs() * self.speed()
    }

    fn speed(&self) -> f32 {
        self.settings.animation_speed.max(0.05)
    }

    /// What a figure of `side` with `motions` (at `phase` of its idle motion) does now, walking
    /// or being taken or neither: walking, falling, cheering (its side has won) or standing.
    pub fn doing(
        &self,
        motions: &impl Motions,
        phase: f32,
        side: Side,
        walking: Option<&Walking>,
        leaving: Option<&Leaving>,
    ) -> Doing {
        let (now, speed) = (self.now(), self.speed());
        let standing = |motion: MotionName| Doing::Motion(motion, now + phase * motions.seconds(motion).unwrap_or(1.0));
        match (walking, leaving) {
            (_, Some(fall)) if fall.elapsed < fall.delay => Doing::Motion(MotionName::Parry, fall.elapsed * speed),
            (_, Some(fall)) => Doing::Motion(MotionName::Fall, (fall.elapsed - fall.delay) * speed),
            (Some(walk), None) => {
                let progress = walk.elapsed / walk.duration.max(1e-3);
                let pace = MotionName::PACES.into_iter().find(|&pace| motions.moves(pace));
                let moving = |covered: f32, length: f32| match pace {
                    Some(pace) => Doing::Pace { pace, covered, length },
                    None => standing(MotionName::Idle),
                };
                let strike = |into: f32| match motions.seconds(MotionName::Strike) {
                    Some(seconds) => Doing::Motion(MotionName::Strike, into * seconds),
                    None => standing(MotionName::Idle),
                };
                match (walk.gait, walk.gait.striding(&walk.path, progress)) {
                    (Gait::Fly, _) if motions.moves(MotionName::Flap) => standing(MotionName::Flap),
                    (Gait::Fly | Gait::Ride { .. }, _) => standing(MotionName::Idle),
                    // A figure that strides runs up, strikes and steps in.
                    (_, Some(Striding::Moving { covered, length, .. })) => moving(covered, length),
                    (_, Some(Striding::Striking(into))) => strike(into),
                    // One carried otherwise strikes over the end of its walk.
                    _ if self.takes(walk) && progress > 1.0 - STRIKE_SHARE => {
                        strike((progress - (1.0 - STRIKE_SHARE)) / STRIKE_SHARE)
                    }
                    _ => {
                        let length = path_length(&walk.path);
                        moving(length * progress.min(1.0), length)
                    }
                }
            }
            (None, None) if self.winner() == Some(side) && motions.moves(MotionName::Cheer) => {
                standing(MotionName::Cheer)
            }
            (None, None) => standing(MotionName::Idle),
        }
    }

    /// Whether a walk ends on a piece that falls (the walker takes it).
    fn takes(&self, walk: &Walking) -> bool {
        let end = walk.path.last().map_or(Vec3::ZERO, |p| *p);
        self.taken.iter().any(|fall| fall.at.xz().distance(end.xz()) < 0.1)
    }

    /// The game's winner, by the board or declared (a resignation, a clock run out): the game's
    /// kept outcome, not the position's, which lists every legal move to see whether any is left
    /// (per figure and frame, far too dear: `docs/architecture.md`, "A frame").
    fn winner(&self) -> Option<Side> {
        self.game.as_ref()?.outcome()?.winner
    }
}

/// Turns every figure's joints by what it does now.
fn move_figures(
    stage: Stage,
    mut figures: Query<(&mut Figure, &PieceToken, Option<&Walking>, Option<&Leaving>)>,
    mut pivots: Query<&mut Transform>,
) {
    let now = stage.now();
    for (mut figure, token, walking, leaving) in &mut figures {
        let skeleton = figure.skeleton.clone();
        let doing = stage.doing(skeleton.as_ref(), figure.phase, token.piece.side, walking, leaving);
        let target = match doing {
            Doing::Motion(motion, at) => skeleton.pose(motion, at),
            Doing::Pace { pace, covered, length } => skeleton.pace_pose(pace, covered, length),
        };
        if figure.easing.into != doing.motion() {
            let shown = figure.pivots.iter().map(|&pivot| pivots.get(pivot).map_or(Quat::IDENTITY, |t| t.rotation));
            figure.easing = Easing { into: doing.motion(), since: now, from: shown.collect() };
        }
        let eased = ((now - figure.easing.since) / EASE_SECONDS).clamp(0.0, 1.0);
        for ((pivot, turn), from) in figure.pivots.iter().zip(target).zip(&figure.easing.from) {
            if let Ok(mut transform) = pivots.get_mut(*pivot) {
                transform.rotation = from.slerp(turn, eased * eased * (3.0 - 2.0 * eased));
            }
        }
    }
}

/// The length of a path over the ground, in squares.
fn path_length(path: &[Vec3]) -> f32 {
    path.windows(2).map(|leg| leg[0].xz().distance(leg[1].xz())).sum()
}
