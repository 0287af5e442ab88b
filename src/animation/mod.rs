//! Moves animated along their real walks: every piece of a move travels at once, each in its
//! [`Gait`] (men hop square by square, airships fly with their passengers aboard, a Zitidar's
//! train plods after it, a banth pounces; a group keeps its formation), a captured piece topples
//! away from its taker as the taker arrives and sinks into the field, a piece a promotion brings
//! back rises from its square, and a side declaring a Charge rallies. Once every animation is
//! over, the tokens are brought back in line with the position.

mod gait;

use bevy::prelude::*;
use jetan_rules::{MoveKind, Side, SquareSet};

pub use gait::{BLOW, FLIGHT_HEIGHT, Gait, Pose, STRIKE_SECONDS, Striding};

use crate::AppSystems;
use crate::board::{BoardLayout, BoardRoot, PieceToken, token};
use crate::game::{Game, MovePlayed};
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
    /// How it travels.
    pub gait: Gait,
}

/// A piece that flies when it moves because its look has propellers (airships, which carry
/// passengers, fly whatever their look): it travels by [`Gait::Fly`].
#[derive(Component, Debug, Default)]
pub struct Flies;

/// A living figure that walks its moves on foot: it travels by [`Gait::Stride`], level, at a
/// figure's pace (its legs keep pace with the ground).
#[derive(Component, Debug, Default)]
pub struct Strides;

/// A piece brought back by a promotion, rising from its square in a shaft of light once the
/// walks are over.
#[derive(Component, Debug)]
pub struct Appearing {
    /// Where it stands when it has risen.
    pub at: Vec3,
    /// Seconds to wait before rising.
    pub delay: f32,
    /// Seconds since the move.
    pub elapsed: f32,
    /// Seconds the rising takes.
    pub duration: f32,
}

impl Appearing {
    /// How far it has risen, 0 to 1 (0 while it waits).
    pub fn progress(&self) -> f32 {
        ((self.elapsed - self.delay) / self.duration).clamp(0.0, 1.0)
    }
}

/// Seconds a piece brought back takes to appear at normal speed.
pub const APPEAR_SECONDS: f32 = 0.9;

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

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        (start_animations, walk, leave, appear, reconcile_tokens).chain().in_set(AppSystems::Animate),
    );
}

fn start_animations(
    mut commands: Commands,
    mut played: MessageReader<MovePlayed>,
    tokens: Query<(Entity, &PieceToken, Has<Flies>, Has<Strides>), (Without<Walking>, Without<Leaving>)>,
    roots: Query<Entity, With<BoardRoot>>,
    layout: Option<Res<BoardLayout>>,
    game: Res<Game>,
    settings: Res<Settings>,
) {
    let (Some(layout), Ok(root)) = (layout, roots.single()) else { return };
    let variant = game.position().variant();
    let speed = settings.animation_speed.max(0.05);
    for played in played.read() {
        let at = |square| tokens.iter().find(|(_, t, _, _)| t.square == square);
        if played.mv.kind == MoveKind::Charge {
            rally(&mut commands, tokens.iter().map(|(e, t, _, _)| (e, t)), &layout, speed, game.position().to_move());
        }
        let leader = played.leader.and_then(|square| Some((square, at(square)?.1.piece)));
        let carrier = leader.filter(|(_, piece)| variant.kind(piece.kind).carries > 0).map(|(square, _)| square);
        // Each walk's gait and seconds, in the order of the paths.
        let mut walks: Vec<Option<(Gait, f32)>> = Vec::with_capacity(played.paths.len());
        for path in &played.paths {
            let (Some((mover, token, flies, strides)), Some(&to)) =
                (path.first().and_then(|&from| at(from)), path.last())
            else {
                walks.push(None);
                continue;
            };
            let points: Vec<Vec3> = path.iter().map(|&s| layout.world(s)).collect();
            let kind = variant.kind(token.piece.kind);
            let plod = Gait::Plod { facing: facing(token.piece.owner) };
            let gait = match (played.mv.kind, carrier) {
                (MoveKind::Direct | MoveKind::BanthStep, _) => Gait::Pounce,
                (MoveKind::Train, _) => plod,
                _ if kind.hauls.is_some() => plod,
                // The ship's passengers ride aboard.
                (MoveKind::Normal, Some(ship)) if ship != token.square => {
                    Gait::Ride { offset: points[0] - layout.world(ship) }
                }
                _ if flies || kind.carries > 0 => Gait::Fly,
                _ if strides => Gait::stride(&points, STEP_SECONDS, played.removed.contains(&to)),
                _ => Gait::Hop,
            };
            let duration = gait.seconds(&points, STEP_SECONDS) / speed;
            walks.push(Some((gait, duration)));
            commands.entity(mover).insert(Walking { path: points, to, elapsed: 0.0, duration, gait });
        }
        let longest = walks.iter().flatten().map(|&(_, duration)| duration).fold(0.0, f32::max);
        for &square in &played.removed {
            let Some((victim, ..)) = at(square) else { continue };
            let here = layout.world(square);
            // The taker: the walk that ends nearest, falling away from its last step.
            let taker = played.paths.iter().zip(&walks).filter(|(path, _)| path.len() >= 2).min_by_key(|(path, _)| {
                let end = layout.world(*path.last().expect("walks have two squares or more"));
                (end.distance(here) * 100.0) as u32
            });
            let (away, arrives) = taker.map_or((Vec3::X, 0.0), |(path, walk)| {
                let before = layout.world(path[path.len() - 2]);
                let arrives = walk.map_or(0.0, |(gait, duration)| duration * gait.arriving(path.len()));
                ((here - before).with_y(0.0).normalize_or(Vec3::X), arrives)
            });
            let leaving = Leaving { at: here, away, delay: arrives, elapsed: 0.0, duration: LEAVE_SECONDS / speed };
            commands.entity(victim).insert(leaving);
        }
        for &(square, piece) in &played.brought {
            let at = layout.world(square);
            commands.spawn(token(&layout, root, piece, square)).insert((
                Appearing { at, delay: longest, elapsed: 0.0, duration: APPEAR_SECONDS / speed },
                Transform::from_translation(at).with_scale(Vec3::ZERO),
            ));
        }
    }
}

/// The turn a side's models stand at: South's face north, North's south.
fn facing(side: Side) -> f32 {
    match side {
        Side::South => 0.0,
        Side::North => std::f32::consts::PI,
    }
}

/// A Charge declared: every piece of the side that declared it springs up on its square.
fn rally<'a>(
    commands: &mut Commands,
    tokens: impl Iterator<Item = (Entity, &'a PieceToken)>,
    layout: &BoardLayout,
    speed: f32,
    side: Side,
) {
    for (entity, token) in tokens.filter(|(_, token)| token.piece.side == side) {
        let path = vec![layout.world(token.square); 2];
        let duration = Gait::Hop.seconds(&path, STEP_SECONDS) / speed;
        commands.entity(entity).insert(Walking { path, to: token.square, elapsed: 0.0, duration, gait: Gait::Hop });
    }
}

/// A piece brought back waits unseen, then rises out of its square, growing.
fn appear(mut commands: Commands, time: Res<Time>, mut appearing: Query<(Entity, &mut Appearing, &mut Transform)>) {
    for (entity, mut appearing, mut transform) in &mut appearing {
        appearing.elapsed += time.delta_secs();
        let t = appearing.progress();
        let risen = t * t * (3.0 - 2.0 * t);
        transform.scale = if t > 0.0 { Vec3::splat(0.4 + 0.6 * risen) } else { Vec3::ZERO };
        transform.translation = appearing.at - Vec3::Y * 0.9 * (1.0 - risen);
        if t >= 1.0 {
            commands.entity(entity).remove::<Appearing>();
        }
    }
}

fn walk(
    mut commands: Commands,
    time: Res<Time>,
    mut walkers: Query<(Entity, &mut Walking, &mut Transform, &mut PieceToken)>,
) {
    for (entity, mut walking, mut transform, mut token) in &mut walkers {
        walking.elapsed += time.delta_secs();
        let t = walking.elapsed / walking.duration;
        let pose = walking.gait.pose(&walking.path, t);
        *transform = Transform { translation: pose.at, rotation: pose.turn, scale: pose.scale };
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

/// Once every animation is over, makes the tokens match the position: a token whose square
/// holds another piece (or none) goes, a piece without a token gets one. Animations leave the
/// board right; this catches what they don't show (an allegiance turning) and any drift. It
/// looks only after the game changed or an animation ended, not on every idle frame.
fn reconcile_tokens(
    mut commands: Commands,
    game: Res<Game>,
    layout: Option<Res<BoardLayout>>,
    roots: Query<Entity, With<BoardRoot>>,
    tokens: Query<(Entity, &PieceToken)>,
    animating: Query<(), BeingShown>,
    mut ended: (RemovedComponents<Walking>, RemovedComponents<Leaving>, RemovedComponents<Appearing>),
    mut due: Local<bool>,
) {
    let (Some(layout), Ok(root)) = (layout, roots.single()) else { return };
    let animation_ended = ended.0.read().count() + ended.1.read().count() + ended.2.read().count() > 0;
    *due |= game.is_changed() || animation_ended;
    if !*due || !animating.is_empty() {
        return;
    }
    *due = false;
    let position = game.position();
    let mut shown = SquareSet::EMPTY;
    for (entity, token) in &tokens {
        if position.piece_at(token.square) == Some(token.piece) && shown.insert(token.square) {
            continue;
        }
        commands.entity(entity).despawn();
    }
    for (square, piece) in position.pieces().filter(|&(square, _)| !shown.contains(square)) {
        commands.spawn(token(&layout, root, piece, square));
    }
}
