//! The board as entities: a cell per square and a token per piece, spawned from the engine's
//! position and set from it again whenever the game is reset (new game, undo, redo).

use bevy::prelude::*;
use jetan_rules::{Geometry, Piece, Square};

use crate::AppSystems;
use crate::game::{BoardReset, Game};
use crate::screen::Screen;

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

    /// The square whose top face holds the point `world` of the board's plane, if any.
    pub fn square_at(&self, world: Vec3) -> Option<Square> {
        let g = self.geometry;
        let file = (world.x + (g.files as f32 - 1.0) / 2.0).round();
        let rank = ((g.ranks as f32 - 1.0) / 2.0 - world.z).round();
        g.square(file as i32, rank as i32)
    }

    /// Half the board's extent along x and z.
    pub fn half_extent(&self) -> Vec2 {
        Vec2::new(self.geometry.files as f32, self.geometry.ranks as f32) / 2.0
    }
}

/// A token for `piece` on `square`, on the board `root`: the one way a piece is put on the board.
pub fn token(layout: &BoardLayout, root: Entity, piece: Piece, square: Square) -> impl Bundle {
    (
        PieceToken { piece, square },
        Transform::from_translation(layout.world(square)),
        Visibility::default(),
        ChildOf(root),
    )
}

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Update, reset_board.in_set(AppSystems::Board))
        // The layout is the game's board: it goes with the game.
        .add_systems(OnExit(Screen::Playing), |mut commands: Commands| commands.remove_resource::<BoardLayout>());
}

/// Sets the board from the position: cells for a new board shape, a token for every piece.
fn reset_board(
    mut commands: Commands,
    mut resets: MessageReader<BoardReset>,
    game: Res<Game>,
    layout: Option<Res<BoardLayout>>,
    roots: Query<Entity, With<BoardRoot>>,
    tokens: Query<Entity, With<PieceToken>>,
) {
    if resets.read().count() == 0 {
        return;
    }
    let geometry = game.position().variant().geometry();
    let new_layout = BoardLayout { geometry };
    let root = match roots.single() {
        Ok(root) if layout.is_some_and(|l| *l == new_layout) => root,
        _ => {
            for root in &roots {
                commands.entity(root).despawn();
            }
            commands.insert_resource(new_layout);
            let root = commands
                .spawn((BoardRoot, Transform::default(), Visibility::default(), DespawnOnExit(Screen::Playing)))
                .id();
            for square in geometry.squares() {
                commands.spawn((Cell(square), Transform::from_translation(new_layout.world(square)), ChildOf(root)));
            }
            root
        }
    };
    for token in &tokens {
        commands.entity(token).despawn();
    }
    for (square, piece) in game.position().pieces() {
        commands.spawn(token(&new_layout, root, piece, square));
    }
}
