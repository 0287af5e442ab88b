//! A living figure's skeleton, as a look's `joints` and `motions` make it: each joint's pivot and
//! the joint it hangs from, checked (every joint holds parts, hangs from a joint there is, in
//! no loop), and each motion compiled to turns of joints by index. [`Skeleton::pose`] gives
//! every joint's turn at a moment of a motion; the scene turns the joints' pivots by it.

use std::collections::BTreeMap;

use bevy::prelude::*;

use super::vocabulary::{Axis, Joint, Motion, MotionName};

/// The longest motion, in seconds.
const MAX_MOTION_SECONDS: f32 = 60.0;
/// The longest stride a pace may take, in squares.
const MAX_STRIDE: f32 = 10.0;
/// The ground over which a pace grows from the figure at rest as it sets off, and dies away
/// as it arrives, in squares.
const SETTING_OFF: f32 = 0.3;

/// A figure's joints and motions (none for a statuette).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Skeleton {
    /// The joints in name order: each one's name, pivot (in the model's frame, at rest) and the
    /// joint it hangs from.
    pub joints: Vec<SkeletonJoint>,
    motions: BTreeMap<MotionName, Compiled>,
}

/// One joint of a skeleton.
#[derive(Clone, Debug, PartialEq)]
pub struct SkeletonJoint {
    /// Its name in the look's `joints`.
    pub name: String,
    /// Its pivot, in the model's frame at rest.
    pub pivot: Vec3,
    /// The joint it hangs from (its index), if any.
    pub on: Option<usize>,
}

/// A motion by joint index.
#[derive(Clone, Debug, PartialEq)]
enum Compiled {
    Cycle { seconds: f32, stride: f32, swings: Vec<CompiledSwing> },
    Keys { seconds: f32, keys: Vec<CompiledKey> },
}

/// A joint swinging about `axis` from `from` to `to` radians and back, `phase` of the way
/// through the cycle at its start.
#[derive(Clone, Copy, Debug, PartialEq)]
struct CompiledSwing {
    joint: usize,
    axis: Axis,
    from: f32,
    to: f32,
    phase: f32,
}

/// The joints' turns at a moment `at` of a keyed motion (0 its start, 1 its end).
#[derive(Clone, Debug, PartialEq)]
struct CompiledKey {
    at: f32,
    turns: Vec<(usize, Quat)>,
}

impl Skeleton {
    /// The skeleton of a look's `joints` (their pivots as the build found them, in name order)
    /// and `motions`, checked.
    ///
    /// # Errors
    /// A joint that holds no part, hangs from no joint there is or from itself in a loop; a
    /// motion the game doesn't play, or that turns a joint there isn't, or out of range.
    pub fn new(
        joints: &BTreeMap<String, Joint>,
        pivots: &[Option<Vec3>],
        motions: &BTreeMap<MotionName, Motion>,
        turn: impl Fn(super::vocabulary::Turn) -> Result<Quat, String>,
    ) -> Result<Skeleton, String> {
        let names: Vec<&String> = joints.keys().collect();
        let index = |name: &str, what: &str| {
            names.iter().position(|n| *n == name).ok_or_else(|| {
                let known: Vec<&str> = names.iter().map(|n| n.as_str()).collect();
                format!("{what}: no joint \"{name}\" (the look's joints: {})", known.join(", "))
            })
        };
        let mut skeleton = Skeleton::default();
        for ((name, joint), pivot) in joints.iter().zip(pivots) {
            let pivot = pivot.ok_or_else(|| {
                format!("joint \"{name}\" holds no part: put parts on it with Joint(name: \"{name}\", parts: [...])")
            })?;
            let on = joint.on.as_deref().map(|on| index(on, &format!("joint \"{name}\" is on"))).transpose()?;
            skeleton.joints.push(SkeletonJoint { name: name.clone(), pivot, on });
        }
        for (i, joint) in skeleton.joints.iter().enumerate() {
            let mut up = joint.on;
            for _ in 0..=skeleton.joints.len() {
                let Some(parent) = up else { break };
                if parent == i {
                    return Err(format!("joint \"{}\" hangs from itself (its `on` joints loop)", joint.name));
                }
                up = skeleton.joints[parent].on;
            }
        }
        for (&name, motion) in motions {
            let what = |detail: &str| format!("motion \"{}\": {detail}", name.name());
            let seconds = |seconds: f32| {
                let fine = seconds.is_finite() && seconds > 0.0 && seconds <= MAX_MOTION_SECONDS;
                if fine {
                    Ok(seconds)
                } else {
                    Err(what(&format!("`seconds` is {seconds}, not more than 0 and at most {MAX_MOTION_SECONDS}")))
                }
            };
            let compiled = match motion {
                Motion::Cycle { seconds: length, stride, swings } => {
                    if !(stride.is_finite() && (0.05..=MAX_STRIDE).contains(stride)) {
                        return Err(what(&format!("`stride` is {stride}, not from 0.05 to {MAX_STRIDE} squares")));
                    }
                    let mut compiled = Vec::new();
                    for (joint, swing) in swings {
                        let at = index(joint, &what("swings"))?;
                        let angles = [swing.from, swing.to].iter().all(|a| a.is_finite() && a.abs() <= 360.0);
                        if !angles || !(0.0..=1.0).contains(&swing.phase) {
                            return Err(what(&format!(
                                "the swing of \"{joint}\" needs angles of at most 360 and a phase of 0 to 1"
                            )));
                        }
                        let (from, to) = (swing.from.to_radians(), swing.to.to_radians());
                        compiled.push(CompiledSwing { joint: at, axis: swing.axis, from, to, phase: swing.phase });
                    }
                    Compiled::Cycle { seconds: seconds(*length)?, stride: *stride, swings: compiled }
                }
                Motion::Keys { seconds: length, keys } => {
                    let mut compiled = Vec::new();
                    let mut last = -1.0;
                    for (k, key) in keys.iter().enumerate() {
                        if !(0.0..=1.0).contains(&key.at) || key.at <= last {
                            let problem =
                                format!("key {}: `at` is {}, not from 0 to 1 after the key before", k + 1, key.at);
                            return Err(what(&problem));
                        }
                        last = key.at;
                        let mut turns = Vec::new();
                        for (joint, turn_to) in &key.turns {
                            let at = index(joint, &what(&format!("key {}", k + 1)))?;
                            turns.push((
                                at,
                                turn(*turn_to).map_err(|e| what(&format!("key {}: \"{joint}\": {e}", k + 1)))?,
                            ));
                        }
                        compiled.push(CompiledKey { at: key.at, turns });
                    }
                    if compiled.is_empty() {
                        return Err(what("it has no keys"));
                    }
                    Compiled::Keys { seconds: seconds(*length)?, keys: compiled }
                }
            };
            skeleton.motions.insert(name, compiled);
        }
        Ok(skeleton)
    }

    /// Whether the figure has the motion.
    pub fn moves(&self, motion: MotionName) -> bool {
        self.motions.contains_key(&motion)
    }

    /// A motion's length in seconds (a cycle's once round), if the figure has it.
    pub fn seconds(&self, motion: MotionName) -> Option<f32> {
        self.motions.get(&motion).map(|compiled| match compiled {
            Compiled::Cycle { seconds, .. } | Compiled::Keys { seconds, .. } => *seconds,
        })
    }

    /// The first of the paces ([`MotionName::PACES`]) the figure has.
    pub fn pace(&self) -> Option<MotionName> {
        MotionName::PACES.into_iter().find(|&pace| self.moves(pace))
    }

    /// Every joint's turn `covered` squares into a walk of `length` squares at `pace`: once round
    /// its cycle a stride, growing from rest as it sets off and dying away as it arrives.
    pub fn pace_pose(&self, pace: MotionName, covered: f32, length: f32) -> Vec<Quat> {
        let Some(Compiled::Cycle { seconds, stride, .. }) = self.motions.get(&pace) else {
            return self.pose(pace, 0.0);
        };
        let from_rest = (covered.min(length - covered) / SETTING_OFF).clamp(0.0, 1.0);
        let grown = from_rest * from_rest * (3.0 - 2.0 * from_rest);
        let pose = self.pose(pace, covered / stride * seconds);
        pose.into_iter().map(|turn| Quat::IDENTITY.slerp(turn, grown)).collect()
    }

    /// Every joint's turn `time` seconds into a motion (a cycle goes round and round, keys hold
    /// their last turns); at rest for a motion the figure hasn't.
    pub fn pose(&self, motion: MotionName, time: f32) -> Vec<Quat> {
        let mut turns = vec![Quat::IDENTITY; self.joints.len()];
        match self.motions.get(&motion) {
            Some(Compiled::Cycle { seconds, swings, .. }) => {
                let round = (time / seconds).rem_euclid(1.0);
                for swing in swings {
                    let share = 0.5 - 0.5 * (std::f32::consts::TAU * (round + swing.phase)).cos();
                    turns[swing.joint] = about(swing.axis, swing.from + (swing.to - swing.from) * share);
                }
            }
            Some(Compiled::Keys { seconds, keys }) => {
                let t = (time / seconds).clamp(0.0, 1.0);
                let turn_at = |key: &CompiledKey, joint: usize| {
                    key.turns.iter().find(|(j, _)| *j == joint).map_or(Quat::IDENTITY, |(_, turn)| *turn)
                };
                let next = keys.iter().position(|key| key.at >= t).unwrap_or(keys.len() - 1);
                let before = next.saturating_sub(1);
                let (a, b) = (&keys[before], &keys[next]);
                let blend = if b.at > a.at { ((t - a.at) / (b.at - a.at)).clamp(0.0, 1.0) } else { 1.0 };
                for (joint, turn) in turns.iter_mut().enumerate() {
                    *turn = turn_at(a, joint).slerp(turn_at(b, joint), blend);
                }
            }
            None => {}
        }
        turns
    }
}

/// A turn of `angle` radians about an axis.
fn about(axis: Axis, angle: f32) -> Quat {
    match axis {
        Axis::X => Quat::from_rotation_x(angle),
        Axis::Y => Quat::from_rotation_y(angle),
        Axis::Z => Quat::from_rotation_z(angle),
    }
}
