//! Moves animated along their real walks: every piece of a move hops square by square at once
//! (a leap arcs from end to end; a group keeps its formation), a removed piece is lifted off
//! the board and set aside, and a piece a promotion brings back rises from its square.

use bevy::prelude::*;

use crate::AppSystems;
use crate::board::{BoardLayout, BoardRoot, PieceToken};
use crate::game::MovePlayed;
use crate::settings::Settings;

/// Seconds a step of a walk takes at normal speed.
pub const STEP_SECONDS: f32 = 0.22;
/// Seconds a captured piece takes to leave the board at normal speed.
pub const LEAVE_SECONDS: f32 = 0.6;

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

/// A captured piece on its way off the board; despawned when it gets there.
#[derive(Component, Debug)]
pub struct Leaving {
    from: Vec3,
    to: Vec3,
    elapsed: f32,
    duration: f32,
}

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
        for &square in &played.removed {
            if let Some(victim) = at(square) {
                let from = layout.world(square);
                let side = if from.x < 0.0 { -1.0 } else { 1.0 };
                let to = Vec3::new(side * (layout.half_extent().x + 1.5), 0.0, from.z);
                commands.entity(victim).insert(Leaving { from, to, elapsed: 0.0, duration: LEAVE_SECONDS / speed });
            }
        }
        let mut longest: f32 = 0.0;
        for path in &played.paths {
            let (Some(&from), Some(&to)) = (path.first(), path.last()) else { continue };
            let Some(mover) = at(from) else { continue };
            let points: Vec<Vec3> = path.iter().map(|&s| layout.world(s)).collect();
            let duration = (points.len() - 1).max(2) as f32 * STEP_SECONDS / speed;
            longest = longest.max(duration);
            commands.entity(mover).insert(Walking { path: points, to, elapsed: 0.0, duration });
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

fn leave(mut commands: Commands, time: Res<Time>, mut leavers: Query<(Entity, &mut Leaving, &mut Transform)>) {
    for (entity, mut leaving, mut transform) in &mut leavers {
        leaving.elapsed += time.delta_secs();
        let t = (leaving.elapsed / leaving.duration).clamp(0.0, 1.0);
        let lift = Vec3::Y * 1.5 * (t * std::f32::consts::PI).sin();
        transform.translation = leaving.from.lerp(leaving.to, t) + lift;
        transform.scale = Vec3::splat(1.0 - 0.6 * t);
        if t >= 1.0 {
            commands.entity(entity).despawn();
        }
    }
}
