//! The board as entities: a cell per square and a token per piece, spawned from the engine's
//! position, set from it again whenever the game is reset (new game, undo, redo), and brought
//! back in line with it whenever no animation is running.

mod pointer;
mod selection;

use bevy::prelude::*;
use jetan_rules::{Geometry, Piece, Square, SquareSet};

use crate::AppSystems;
use crate::animation::{Appearing, BeingShown, Leaving, Walking};
use crate::game::{BoardReset, Game};

pub use pointer::{StandsFor, answer_pointer};
pub use selection::Selection;

/// The parent of every cell and token of the board.
#[derive(Component, Debug)]
pub struct BoardRoot;

/// A square of the board.
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub struct Cell(pub Square);

/// A piece on the board: what it is and the square it stands on (which changes when an
/// animated move arrives).
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub struct PieceToken {
    /// The piece.
    pub piece: Piece,
    /// Its square.
    pub square: Square,
}

/// Where squares are in the world: one unit per square, the board centred on the origin,
/// rank 1 towards +z (South's edge) and file a towards -x.
#[derive(Resource, Clone, Copy, Debug, PartialEq, Eq)]
pub struct BoardLayout {
    /// The board's shape.
    pub geometry: Geometry,
}

impl BoardLayout {
    /// The centre of a square's top face.
    pub fn world(&self, square: Square) -> Vec3 {
        let g = self.geometry;
        let x = g.file(square) as f32 - (g.files as f32 - 1.0) / 2.0;
        let z = (g.ranks as f32 - 1.0) / 2.0 - g.rank(square) as f32;
        Vec3::new(x, 0.0, z)
    }

    /// Half the board's extent along x and z.
    pub fn half_extent(&self) -> Vec2 {
        Vec2::new(self.geometry.files as f32, self.geometry.ranks as f32) / 2.0
    }
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Selection>()
        .add_systems(
            Update,
            (
                reset_board.before(crate::animation::AnimationSystems),
                reconcile_tokens.after(crate::animation::AnimationSystems),
            )
                .in_set(AppSystems::Animate),
        )
        .add_plugins(selection::plugin);
}

/// Sets the board from the position: cells for a new board shape, a token for every piece.
fn reset_board(
    mut commands: Commands,
    mut resets: MessageReader<BoardReset>,
    game: Option<Res<Game>>,
    layout: Option<Res<BoardLayout>>,
    roots: Query<Entity, With<BoardRoot>>,
    tokens: Query<Entity, With<PieceToken>>,
    mut selection: ResMut<Selection>,
) {
    if resets.read().count() == 0 {
        return;
    }
    let Some(game) = game else { return };
    *selection = Selection::default();
    let geometry = game.position.variant().geometry();
    let new_layout = BoardLayout { geometry };
    let root = match roots.single() {
        Ok(root) if layout.is_some_and(|l| *l == new_layout) => root,
        _ => {
            for root in &roots {
                commands.entity(root).despawn();
            }
            commands.insert_resource(new_layout);
            let root = commands.spawn((BoardRoot, Transform::default(), Visibility::default())).id();
            for square in geometry.squares() {
                commands.spawn((Cell(square), Transform::from_translation(new_layout.world(square)), ChildOf(root)));
            }
            root
        }
    };
    for token in &tokens {
        commands.entity(token).despawn();
    }
    for (square, piece) in game.position.pieces() {
        commands.spawn((
            PieceToken { piece, square },
            Transform::from_translation(new_layout.world(square)),
            Visibility::default(),
            ChildOf(root),
        ));
    }
}

/// Once every animation is over, makes the tokens match the position: a token whose square
/// holds another piece (or none) goes, a piece without a token gets one. Animations leave the
/// board right; this catches what they don't show (an allegiance turning) and any drift. It
/// looks only after the game changed or an animation ended, not on every idle frame.
fn reconcile_tokens(
    mut commands: Commands,
    game: Option<Res<Game>>,
    layout: Option<Res<BoardLayout>>,
    roots: Query<Entity, With<BoardRoot>>,
    tokens: Query<(Entity, &PieceToken)>,
    animating: Query<(), BeingShown>,
    mut ended: (RemovedComponents<Walking>, RemovedComponents<Leaving>, RemovedComponents<Appearing>),
    mut due: Local<bool>,
) {
    let (Some(game), Some(layout), Ok(root)) = (game, layout, roots.single()) else { return };
    let animation_ended = ended.0.read().count() + ended.1.read().count() + ended.2.read().count() > 0;
    *due |= game.is_changed() || animation_ended;
    if !*due || !animating.is_empty() {
        return;
    }
    *due = false;
    let position = &game.position;
    let mut shown = SquareSet::EMPTY;
    for (entity, token) in &tokens {
        if position.piece_at(token.square) == Some(token.piece) && shown.insert(token.square) {
            continue;
        }
        commands.entity(entity).despawn();
    }
    for (square, piece) in position.pieces().filter(|&(square, _)| !shown.contains(square)) {
        commands.spawn((
            PieceToken { piece, square },
            Transform::from_translation(layout.world(square)),
            Visibility::default(),
            ChildOf(root),
        ));
    }
}
