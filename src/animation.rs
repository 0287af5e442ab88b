//! Moves animated along their real walks: every piece of a move hops square by square at once
//! (a leap arcs from end to end; a group keeps its formation), a captured piece topples away
//! from its taker as the taker arrives and sinks into the field, and a piece a promotion brings
//! back rises from its square.

use bevy::prelude::*;

use crate::AppSystems;
use crate::board::{BoardLayout, BoardRoot, PieceToken};
use crate::game::MovePlayed;
use crate::settings::Settings;

/// Seconds a step of a walk takes at normal speed.
pub const STEP_SECONDS: f32 = 0.22;
/// Seconds a captured piece takes to topple and sink at normal speed.
pub const LEAVE_SECONDS: f32 = 0.8;

/// A piece walking a move: its path in the world and how far along it is. When it arrives
/// its token takes the destination square.
#[derive(Component, Debug)]
pub struct Walking {
    /// Points of the path, origin first.
    pub path: Vec<Vec3>,
    /// The destination square.
    pub to: jetan_rules::Square,
    /// Seconds since the start.
    pub elapsed: f32,
    /// Seconds it takes.
    pub duration: f32,
}

/// A piece brought back by a promotion, growing from nothing once the walks are over.
#[derive(Component, Debug)]
pub struct Appearing {
    /// Seconds to wait before growing.
    pub delay: f32,
    /// Seconds since the move.
    pub elapsed: f32,
}

/// Seconds a piece brought back takes to appear at normal speed.
pub const APPEAR_SECONDS: f32 = 0.5;

/// A captured piece toppling and sinking into the field; despawned when it is gone.
#[derive(Component, Debug)]
pub struct Leaving {
    /// Where it stands.
    pub at: Vec3,
    /// The way it falls (away from its taker), level.
    pub away: Vec3,
    /// Seconds before it starts to fall: until its taker is about to arrive.
    pub delay: f32,
    /// Seconds since the move.
    pub elapsed: f32,
    /// Seconds the fall and sinking take.
    pub duration: f32,
}

impl Leaving {
    /// How far through its fall it is, 0 to 1 (0 while it waits for its taker).
    pub fn progress(&self) -> f32 {
        ((self.elapsed - self.delay) / self.duration).clamp(0.0, 1.0)
    }
}

/// The pieces of a move still being shown: walking, falling or appearing. The clocks and the
/// AI wait for them.
pub type BeingShown = Or<(With<Walking>, With<Leaving>, With<Appearing>)>;

/// The animation systems, run after the game has changed.
#[derive(SystemSet, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct AnimationSystems;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        (start_animations, walk, leave, appear).chain().in_set(AnimationSystems).in_set(AppSystems::Animate),
    );
}

fn start_animations(
    mut commands: Commands,
    mut played: MessageReader<MovePlayed>,
    tokens: Query<(Entity, &PieceToken), (Without<Walking>, Without<Leaving>)>,
    roots: Query<Entity, With<BoardRoot>>,
    layout: Option<Res<BoardLayout>>,
    settings: Res<Settings>,
) {
    let (Some(layout), Ok(root)) = (layout, roots.single()) else { return };
    let speed = settings.animation_speed.max(0.05);
    for played in played.read() {
        let at = |square| tokens.iter().find(|(_, t)| t.square == square).map(|(e, _)| e);
        let mut longest: f32 = 0.0;
        for path in &played.paths {
            let (Some(&from), Some(&to)) = (path.first(), path.last()) else { continue };
            let Some(mover) = at(from) else { continue };
            let points: Vec<Vec3> = path.iter().map(|&s| layout.world(s)).collect();
            let duration = (points.len() - 1).max(2) as f32 * STEP_SECONDS / speed;
            longest = longest.max(duration);
            commands.entity(mover).insert(Walking { path: points, to, elapsed: 0.0, duration });
        }
        for &square in &played.removed {
            let Some(victim) = at(square) else { continue };
            let here = layout.world(square);
            // The taker: the walk that ends nearest, falling away from its last step.
            let taker = played.paths.iter().filter(|path| path.len() >= 2).min_by_key(|path| {
                let end = layout.world(*path.last().expect("walks have two squares or more"));
                (end.distance(here) * 100.0) as u32
            });
            let (away, arrives) = taker.map_or((Vec3::X, 0.0), |path| {
                let before = layout.world(path[path.len() - 2]);
                let steps = (path.len() - 1).max(2) as f32;
                ((here - before).with_y(0.0).normalize_or(Vec3::X), (steps - 1.0) * STEP_SECONDS / speed)
            });
            let leaving = Leaving { at: here, away, delay: arrives, elapsed: 0.0, duration: LEAVE_SECONDS / speed };
            commands.entity(victim).insert(leaving);
        }
        for &(square, piece) in &played.brought {
            commands.spawn((
                PieceToken { piece, square },
                Appearing { delay: longest, elapsed: 0.0 },
                Transform::from_translation(layout.world(square)).with_scale(Vec3::ZERO),
                Visibility::default(),
                ChildOf(root),
            ));
        }
    }
}

fn appear(
    mut commands: Commands,
    time: Res<Time>,
    settings: Res<Settings>,
    mut appearing: Query<(Entity, &mut Appearing, &mut Transform)>,
) {
    let duration = APPEAR_SECONDS / settings.animation_speed.max(0.05);
    for (entity, mut appearing, mut transform) in &mut appearing {
        appearing.elapsed += time.delta_secs();
        let t = ((appearing.elapsed - appearing.delay) / duration).clamp(0.0, 1.0);
        transform.scale = Vec3::splat(t);
        if t >= 1.0 {
            commands.entity(entity).remove::<Appearing>();
        }
    }
}

/// The point `t` (0 to 1) of the way along a path, hopping over each step.
pub fn along(path: &[Vec3], t: f32) -> Vec3 {
    let legs = path.len().saturating_sub(1);
    if legs == 0 {
        return path.first().copied().unwrap_or_default();
    }
    let scaled = t.clamp(0.0, 1.0) * legs as f32;
    let leg = (scaled as usize).min(legs - 1);
    let local = scaled - leg as f32;
    let (a, b) = (path[leg], path[leg + 1]);
    let height = 0.25 + 0.15 * a.distance(b);
    a.lerp(b, local) + Vec3::Y * height * (local * std::f32::consts::PI).sin()
}

fn walk(
    mut commands: Commands,
    time: Res<Time>,
    mut walkers: Query<(Entity, &mut Walking, &mut Transform, &mut PieceToken)>,
) {
    for (entity, mut walking, mut transform, mut token) in &mut walkers {
        walking.elapsed += time.delta_secs();
        let t = walking.elapsed / walking.duration;
        transform.translation = along(&walking.path, t);
        if t >= 1.0 {
            token.square = walking.to;
            commands.entity(entity).remove::<Walking>();
        }
    }
}

/// A captured piece falls over about its base in the first half of its going, then sinks.
fn leave(mut commands: Commands, time: Res<Time>, mut leavers: Query<(Entity, &mut Leaving, &mut Transform)>) {
    for (entity, mut leaving, mut transform) in &mut leavers {
        leaving.elapsed += time.delta_secs();
        let t = leaving.progress();
        let fall = (t * 2.0).min(1.0);
        // Ease in, as a toppling piece gathers speed.
        let angle = fall * fall * std::f32::consts::FRAC_PI_2 * 0.92;
        transform.rotation = Quat::from_axis_angle(Vec3::Y.cross(leaving.away).normalize_or(Vec3::Z), angle);
        let sink = ((t - 0.5) * 2.0).max(0.0);
        transform.translation = leaving.at - Vec3::Y * 0.9 * sink;
        transform.scale = Vec3::splat(1.0 - 0.4 * sink);
        if leaving.elapsed >= leaving.delay + leaving.duration {
            commands.entity(entity).despawn();
        }
    }
}
