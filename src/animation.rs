//! Moves animated along their real walks: the piece hops square by square (a leap arcs from
//! end to end), and a captured piece is lifted off the board and set aside.

use bevy::prelude::*;

use crate::AppSystems;
use crate::board::{BoardLayout, PieceToken};
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
        (start_animations, walk, leave).chain().in_set(AnimationSystems).in_set(AppSystems::Animate),
    );
}

fn start_animations(
    mut commands: Commands,
    mut played: MessageReader<MovePlayed>,
    tokens: Query<(Entity, &PieceToken), (Without<Walking>, Without<Leaving>)>,
    layout: Option<Res<BoardLayout>>,
    settings: Res<Settings>,
) {
    let Some(layout) = layout else { return };
    let speed = settings.animation_speed.max(0.05);
    for played in played.read() {
        let at = |square| tokens.iter().find(|(_, t)| t.square == square).map(|(e, _)| e);
        if let Some((square, _)) = played.captured
            && let Some(victim) = at(square)
        {
            let from = layout.world(square);
            let side = if from.x < 0.0 { -1.0 } else { 1.0 };
            let to = Vec3::new(side * (layout.half_extent().x + 1.5), 0.0, from.z);
            commands.entity(victim).insert(Leaving { from, to, elapsed: 0.0, duration: LEAVE_SECONDS / speed });
        }
        if let Some(mover) = at(played.mv.from) {
            let path: Vec<Vec3> = played.walk.iter().map(|&s| layout.world(s)).collect();
            let steps = (path.len() - 1).max(2) as f32;
            commands.entity(mover).insert(Walking {
                path,
                to: played.mv.to,
                elapsed: 0.0,
                duration: steps * STEP_SECONDS / speed,
            });
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
