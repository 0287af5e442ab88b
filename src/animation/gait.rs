//! How a piece travels its walk, by what it is: men and women hop square by square, an airship
//! lifts off, flies its course at height and sets down with its passengers aboard, a Zitidar
//! and its cars plod with a rolling gait and turn along their way, a Wild Banth crouches and
//! pounces. Each gait gives the piece's pose at any moment of its move.

use std::f32::consts::{PI, TAU};

use bevy::prelude::*;

/// How high an airship flies, in squares.
pub const FLIGHT_HEIGHT: f32 = 3.0;
/// The share of a flight spent lifting off (and as much setting down).
const LIFT: f32 = 0.25;
/// How much longer than a hop a figure's stride over a square takes.
const STRIDING: f32 = 1.4;
/// Seconds a living figure strikes the piece it takes, after it arrives (at normal speed).
pub const STRIKE_SECONDS: f32 = 0.6;
/// The share of a strike at which the blow lands (and the piece taken falls).
pub const BLOW: f32 = 0.55;
/// Seconds a living figure takes to step onto the square of the piece it struck down.
const STEP_IN_SECONDS: f32 = 0.35;
/// How far short of the piece it takes a living figure stops to strike, in squares.
const STAND_OFF: f32 = 0.45;

/// What a striding figure does at a moment of its walk.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Striding {
    /// On foot: `covered` squares into a stretch of `length` that starts `from` squares along
    /// the path (the run-up, or the step in).
    Moving {
        /// Where along the path the stretch starts, in squares.
        from: f32,
        /// How far into the stretch the figure is, in squares.
        covered: f32,
        /// The stretch's length, in squares.
        length: f32,
    },
    /// Striking the piece it takes, this share into the strike.
    Striking(f32),
}

/// How a piece travels.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Gait {
    /// Square by square, a hop over each (a leap arcs from end to end).
    Hop,
    /// On foot along the ground, level and steady: a living figure, whose legs keep pace. One
    /// that takes a piece runs up to it, stops short to strike it, and steps onto its square
    /// once it has fallen.
    Stride {
        /// The share of the walk spent running (all of it, for a figure that takes nothing).
        run: f32,
        /// The share after which it has struck, and steps in.
        struck: f32,
    },
    /// Up, along its course at height, and down.
    Fly,
    /// Aboard a flying airship that starts `offset` away: it boards as the ship lifts, rides
    /// on its deck and steps off at the same offset as it lands.
    Ride {
        /// From the ship to this piece, at the start.
        offset: Vec3,
    },
    /// Plodding along the ground, rolling from side to side, turned along the way; `facing`
    /// is the turn the piece's model stands at (0 facing north, π facing south).
    Plod {
        /// The model's turn at rest.
        facing: f32,
    },
    /// A crouch, then a long low spring onto the prey.
    Pounce,
}

/// Where a moving piece is and how it stands: its token's transform.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Pose {
    /// Its foot.
    pub at: Vec3,
    /// Its lean and turn.
    pub turn: Quat,
    /// Its size (a rider shrinks aboard, a banth squashes as it crouches).
    pub scale: Vec3,
}

impl Pose {
    fn standing(at: Vec3) -> Pose {
        Pose { at, turn: Quat::IDENTITY, scale: Vec3::ONE }
    }
}

impl Gait {
    /// A living figure's stride along `path`, a step `step` seconds at normal speed: when it
    /// `takes` the piece at the end, it runs up to it, strikes for [`STRIKE_SECONDS`] and
    /// steps in for [`STEP_IN_SECONDS`].
    pub fn stride(path: &[Vec3], step: f32, takes: bool) -> Gait {
        let run = legs(path) * step * STRIDING;
        if !takes {
            return Gait::Stride { run: 1.0, struck: 1.0 };
        }
        let total = run + STRIKE_SECONDS + STEP_IN_SECONDS;
        Gait::Stride { run: run / total, struck: (run + STRIKE_SECONDS) / total }
    }

    /// What a striding figure does `t` of the way through its walk along `path`: runs up,
    /// strikes, or steps in (none for another gait).
    pub fn striding(self, path: &[Vec3], t: f32) -> Option<Striding> {
        let Gait::Stride { run, struck } = self else { return None };
        let length = length(path);
        let stand_off = if run < 1.0 { STAND_OFF.min(length) } else { 0.0 };
        let run_up = length - stand_off;
        Some(if t < run || run >= 1.0 {
            Striding::Moving { from: 0.0, covered: run_up * (t / run).clamp(0.0, 1.0), length: run_up }
        } else if t < struck {
            Striding::Striking((t - run) / (struck - run))
        } else {
            let covered = stand_off * ((t - struck) / (1.0 - struck)).clamp(0.0, 1.0);
            Striding::Moving { from: run_up, covered, length: stand_off }
        })
    }

    /// How long a walk along `path` takes at normal speed, given a step's seconds.
    pub fn seconds(self, path: &[Vec3], step: f32) -> f32 {
        let legs = legs(path);
        match self {
            Gait::Hop => legs * step,
            Gait::Stride { run, .. } => legs * step * STRIDING / run,
            Gait::Plod { .. } => legs * step * 1.8,
            Gait::Pounce => legs * step * 1.2,
            Gait::Fly | Gait::Ride { .. } => 1.1 + length(path) * 0.14,
        }
    }

    /// The share of its walk after which a piece of `squares` squares' walk is about to land
    /// on its last square (when the piece it takes starts to fall).
    pub fn arriving(self, squares: usize) -> f32 {
        let legs = squares.saturating_sub(1).max(2) as f32;
        match self {
            Gait::Hop | Gait::Plod { .. } => (legs - 1.0) / legs,
            // At the blow of the taker's strike.
            Gait::Stride { run, struck } => run + (struck - run) * BLOW,
            Gait::Pounce => 0.75,
            Gait::Fly | Gait::Ride { .. } => 0.85,
        }
    }

    /// The pose `t` (0 to 1) of the way through a walk along `path`: at the start and the end
    /// the piece stands upright on its square.
    pub fn pose(self, path: &[Vec3], t: f32) -> Pose {
        let t = t.clamp(0.0, 1.0);
        if path.len() < 2 || t >= 1.0 {
            return Pose::standing(path.last().copied().unwrap_or_default());
        }
        match self {
            Gait::Hop => Pose::standing(hop(path, t)),
            Gait::Stride { .. } => {
                let along = match self.striding(path, t) {
                    Some(Striding::Moving { from, covered, .. }) => from + covered,
                    _ => length(path) - STAND_OFF.min(length(path)),
                };
                Pose::standing(glide(path, along / length(path).max(1e-6)).0)
            }
            Gait::Fly => flight(path, t).0,
            Gait::Ride { offset } => {
                let (mut pose, aboard) = flight(path, t);
                // Drawn in to the ship's deck, smaller, while aboard.
                pose.at += -offset * 0.7 * aboard + Vec3::Y * 0.3 * aboard;
                pose.scale = Vec3::splat(1.0 - 0.35 * aboard);
                pose
            }
            Gait::Plod { facing } => plod(path, t, facing),
            Gait::Pounce => pounce(path, t),
        }
    }
}

/// A path's legs, as its walk is timed: two at least (a leap takes as long as two steps).
fn legs(path: &[Vec3]) -> f32 {
    path.len().saturating_sub(1).max(2) as f32
}

/// The length of a path.
fn length(path: &[Vec3]) -> f32 {
    path.windows(2).map(|leg| leg[0].distance(leg[1])).sum()
}

/// The point `share` (0 to 1) of the way along a path by distance, level.
fn glide(path: &[Vec3], share: f32) -> (Vec3, Vec3) {
    let total = length(path);
    let mut left = share.clamp(0.0, 1.0) * total;
    for leg in path.windows(2) {
        let span = leg[0].distance(leg[1]);
        if left <= span && span > 0.0 {
            return (leg[0].lerp(leg[1], left / span), (leg[1] - leg[0]) / span);
        }
        left -= span;
    }
    let last = path.len() - 1;
    (path[last], (path[last] - path[last.saturating_sub(1)]).normalize_or_zero())
}

fn smoothstep(x: f32) -> f32 {
    let x = x.clamp(0.0, 1.0);
    x * x * (3.0 - 2.0 * x)
}

/// The point `t` of the way along a path, hopping over each step.
pub fn hop(path: &[Vec3], t: f32) -> Vec3 {
    let legs = path.len().saturating_sub(1);
    if legs == 0 {
        return path.first().copied().unwrap_or_default();
    }
    let scaled = t.clamp(0.0, 1.0) * legs as f32;
    let leg = (scaled as usize).min(legs - 1);
    let local = scaled - leg as f32;
    let (a, b) = (path[leg], path[leg + 1]);
    let height = 0.25 + 0.15 * a.distance(b);
    a.lerp(b, local) + Vec3::Y * height * (local * PI).sin()
}

/// An airship's flight: straight up, along the course at height (nose a little down), and
/// down; with how far it is through boarding (0 on the ground, 1 in the air).
fn flight(path: &[Vec3], t: f32) -> (Pose, f32) {
    let lifting = smoothstep(t / LIFT);
    let landing = smoothstep((1.0 - t) / LIFT);
    let height = lifting.min(landing);
    let cruise = smoothstep((t - LIFT) / (1.0 - 2.0 * LIFT));
    let (at, heading) = glide(path, cruise);
    // A slow bob at height, and a lean into the course while under way.
    let bob = 0.06 * (t * TAU * 2.0).sin() * height;
    let under_way = (cruise * (1.0 - cruise) * 4.0).min(1.0);
    let axis = Vec3::Y.cross(heading).normalize_or(Vec3::X);
    let turn = Quat::from_axis_angle(axis, 0.12 * under_way);
    let pose = Pose { at: at + Vec3::Y * (FLIGHT_HEIGHT * height + bob), turn, scale: Vec3::ONE };
    (pose, height)
}

/// A heavy beast's walk: steady along the path, two strides a square, rolling side to side and
/// bobbing, turned to face its way (and back to its rest at the end).
fn plod(path: &[Vec3], t: f32, facing: f32) -> Pose {
    let legs = (path.len() - 1) as f32;
    let (at, heading) = glide(path, t);
    let stride = t * legs * TAU;
    let roll = 0.1 * stride.sin();
    let bob = 0.05 * stride.sin().abs();
    let towards = (-heading.x).atan2(-heading.z) - facing;
    // Turn into the way in the first tenth, and back to rest in the last.
    let turned = smoothstep(t.min(1.0 - t) / 0.1);
    let turn = Quat::from_rotation_y(towards * turned);
    let rolled = Quat::from_axis_angle(heading.normalize_or(Vec3::Z), roll);
    Pose { at: at + Vec3::Y * bob, turn: rolled * turn, scale: Vec3::ONE }
}

/// A banth's spring: a crouch (squashed low) for the first fifth, then a long low leap that
/// stretches it, from end to end of its path.
fn pounce(path: &[Vec3], t: f32) -> Pose {
    const CROUCH: f32 = 0.2;
    let start = path[0];
    if t < CROUCH {
        let squash = (t / CROUCH * PI).sin() * 0.25;
        return Pose {
            at: start,
            turn: Quat::IDENTITY,
            scale: Vec3::new(1.0 + squash * 0.5, 1.0 - squash, 1.0 + squash * 0.5),
        };
    }
    let u = (t - CROUCH) / (1.0 - CROUCH);
    let end = path[path.len() - 1];
    let arc = (u * PI).sin();
    let at = start.lerp(end, smoothstep(u)) + Vec3::Y * (0.3 + 0.2 * start.distance(end)) * arc;
    Pose { at, turn: Quat::IDENTITY, scale: Vec3::new(1.0 - 0.1 * arc, 1.0 + 0.15 * arc, 1.0 - 0.1 * arc) }
}

#[cfg(test)]
mod tests {
    use super::*;

    const PATH: [Vec3; 3] = [Vec3::new(0.0, 0.0, 0.0), Vec3::new(1.0, 0.0, 0.0), Vec3::new(2.0, 0.0, -1.0)];

    fn every_gait() -> [Gait; 5] {
        [Gait::Hop, Gait::Fly, Gait::Ride { offset: Vec3::X }, Gait::Plod { facing: PI }, Gait::Pounce]
    }

    #[test]
    fn every_gait_starts_and_ends_standing_on_its_squares() {
        for gait in every_gait() {
            let (start, end) = (gait.pose(&PATH, 0.0), gait.pose(&PATH, 1.0));
            assert!(start.at.distance(PATH[0]) < 1e-4, "{gait:?} starts at {:?}", start.at);
            assert_eq!(end, Pose::standing(PATH[2]), "{gait:?}");
            assert!(
                start.turn.angle_between(Quat::IDENTITY) < 1e-3 && start.scale.distance(Vec3::ONE) < 1e-3,
                "{gait:?}"
            );
        }
    }

    #[test]
    fn an_airship_lifts_flies_at_height_and_sets_down() {
        let path = [Vec3::ZERO, Vec3::new(0.0, 0.0, -6.0)];
        let heights: Vec<f32> = (0..=20).map(|i| Gait::Fly.pose(&path, i as f32 / 20.0).at.y).collect();
        assert!(heights[5..=15].iter().all(|&h| h > FLIGHT_HEIGHT * 0.9), "{heights:?}");
        // It rises before it goes anywhere, and comes down over its square.
        let early = Gait::Fly.pose(&path, 0.15);
        assert!(early.at.y > 1.0 && early.at.z > -0.3, "{early:?}");
        let late = Gait::Fly.pose(&path, 0.88);
        assert!(late.at.y < FLIGHT_HEIGHT && late.at.z < -5.8, "{late:?}");
    }

    #[test]
    fn passengers_ride_aboard_and_step_off_where_they_belong() {
        let ship = [Vec3::ZERO, Vec3::new(0.0, 0.0, -6.0)];
        let offset = Vec3::new(1.0, 0.0, 0.0);
        let own: Vec<Vec3> = ship.iter().map(|&p| p + offset).collect();
        let rider = Gait::Ride { offset };
        let aloft = (rider.pose(&own, 0.5), Gait::Fly.pose(&ship, 0.5));
        assert!(aloft.0.at.xz().distance(aloft.1.at.xz()) < 0.5, "drawn in over the deck: {aloft:?}");
        assert!(aloft.0.at.y > aloft.1.at.y && aloft.0.scale.x < 0.8);
        assert_eq!(rider.pose(&own, 1.0).at, own[1]);
    }

    #[test]
    fn a_zitidar_turns_along_its_way_and_back() {
        let path = [Vec3::ZERO, Vec3::new(1.0, 0.0, 0.0), Vec3::new(2.0, 0.0, 0.0)];
        // A piece whose model faces north (turn 0) walking east turns right, a quarter turn.
        let pose = Gait::Plod { facing: 0.0 }.pose(&path, 0.5);
        let forward = pose.turn * Vec3::NEG_Z;
        assert!(forward.x > 0.9, "{forward:?}");
        assert!(pose.at.y >= 0.0 && pose.at.y < 0.1);
        let rolls: Vec<f32> =
            (1..20).map(|i| (Gait::Plod { facing: 0.0 }.pose(&path, i as f32 / 20.0).turn * Vec3::Y).z).collect();
        assert!(rolls.iter().any(|&r| r > 0.05) && rolls.iter().any(|&r| r < -0.05), "rolls both ways: {rolls:?}");
    }

    #[test]
    fn a_banth_crouches_then_springs() {
        let path = [Vec3::ZERO, Vec3::new(2.0, 0.0, 0.0)];
        let crouch = Gait::Pounce.pose(&path, 0.1);
        assert!(crouch.at == Vec3::ZERO && crouch.scale.y < 0.8);
        let spring = Gait::Pounce.pose(&path, 0.6);
        assert!(spring.at.y > 0.5 && spring.scale.y > 1.0);
    }
}
