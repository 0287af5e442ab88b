//! The 2D view: the board as a flat diagram in Bevy 2D, crisp at any window size. Every cell,
//! piece and mark of the board gets a twin on the diagram's layer (a tile, an icon drawn from the
//! piece's look, a flat mark), placed each frame where its original stands seen from above: so
//! the diagram shows the same selection, walks and animations (slides, trains, an airship lifting
//! off over its shadow with its passengers, a capture sinking away) as the 3D scene, and answers
//! the pointer the same way. Only the diagram's camera sees it.

mod icons;

use std::collections::HashMap;
use std::sync::Arc;

use bevy::camera::visibility::RenderLayers;
use bevy::prelude::*;
use jetan_rules::Side;

use crate::board::{BoardLayout, BoardRoot, Cell, PieceToken};
use crate::camera::{BoardCamera, DIAGRAM_LAYER, on_diagram};
use crate::game::Game;
use crate::input::{StandsFor, answer_pointer};
use crate::looks::{Paint, Part};
use crate::palette::Palette;
use crate::scene::highlights::{Highlight, Mark};
use crate::settings::View;
use crate::token_looks::TokenLook;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<IconCache>().add_systems(
        Update,
        (twin_boards, twin_cells, twin_tokens.in_set(crate::WhilePlaying), twin_marks, follow)
            .chain()
            .in_set(crate::AppSystems::View),
    );
}

/// How far up the diagram's plane each kind of twin is drawn (higher covers lower).
mod depth {
    pub const FRAME: f32 = 0.0;
    pub const TILE: f32 = 1.0;
    pub const LAST_MOVE: f32 = 2.0;
    pub const MARK: f32 = 3.0;
    pub const PIECE: f32 = 5.0;
    /// A piece in the air is drawn over those on the ground.
    pub const FLYING: f32 = 8.0;
}

/// A diagram entity drawn for one of the board's, placed where it is each frame.
#[derive(Component, Debug)]
struct Twin {
    of: Entity,
    depth: f32,
}

/// A piece's icon and shadow on the diagram, as children of its twin.
#[derive(Component, Debug)]
struct PieceIcon {
    icon: Entity,
    shadow: Entity,
}

/// The twin of a board entity, kept on the original so that a new look replaces it.
#[derive(Component, Debug)]
struct HasTwin(Entity);

fn layer() -> RenderLayers {
    RenderLayers::layer(DIAGRAM_LAYER)
}

/// The frame round a new board: a rim of stone with a gold inlay line.
fn twin_boards(
    mut commands: Commands,
    roots: Query<Entity, Added<BoardRoot>>,
    layout: Option<Res<BoardLayout>>,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<ColorMaterial>>,
) {
    let (Some(layout), Ok(root)) = (layout, roots.single()) else { return };
    let size = layout.half_extent() * 2.0;
    let twin = commands
        .spawn((Twin { of: root, depth: depth::FRAME }, Transform::default(), Visibility::default(), layer()))
        .id();
    for (grow, colour, z) in [(1.2, Palette::RIM, 0.0), (0.16, Palette::INLAY, 0.01), (0.06, Palette::RIM, 0.02)] {
        commands.spawn((
            Mesh2d(meshes.add(Rectangle::from_size(size + Vec2::splat(grow)))),
            MeshMaterial2d(materials.add(colour)),
            Transform::from_xyz(0.0, 0.0, z),
            layer(),
            ChildOf(twin),
        ));
    }
}

/// A tile for every new cell, answering the pointer as the cell does.
fn twin_cells(
    mut commands: Commands,
    cells: Query<(Entity, &Cell), Added<Cell>>,
    layout: Option<Res<BoardLayout>>,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<ColorMaterial>>,
    mut tiles: Local<Option<(Handle<Mesh>, Handle<ColorMaterial>, Handle<ColorMaterial>)>>,
) {
    let Some(layout) = layout else { return };
    let (tile, orange, black) = tiles
        .get_or_insert_with(|| {
            let tile = meshes.add(Rectangle::new(1.0, 1.0));
            (tile, materials.add(Palette::ORANGE_SQUARE), materials.add(Palette::BLACK_SQUARE))
        })
        .clone();
    for (entity, cell) in &cells {
        let g = layout.geometry;
        let dark = (g.file(cell.0) + g.rank(cell.0)) % 2 == 0;
        let material = if dark { black.clone() } else { orange.clone() };
        answer_pointer(&mut commands.spawn((
            Twin { of: entity, depth: depth::TILE },
            StandsFor(entity),
            Mesh2d(tile.clone()),
            MeshMaterial2d(material),
            Transform::default(),
            layer(),
        )));
    }
}

/// The icons made so far, by the look's parts and the sides whose colours they wear.
#[derive(Resource, Default)]
struct IconCache {
    /// The parts are kept with their icon, so that their address isn't reused while cached.
    icons: HashMap<(usize, Side, Side, String, String), (Arc<Vec<Part>>, Handle<Mesh>)>,
    white: Option<Handle<ColorMaterial>>,
    shadow: Option<(Handle<Mesh>, Handle<ColorMaterial>)>,
}

/// Gives every token whose look is new or changed its icon on the diagram: drawn from its
/// look's parts in its sides' colours (or the look's own image), over a shadow for when it
/// flies, with its letter for a kind without a look.
fn twin_tokens(
    mut commands: Commands,
    tokens: Query<(Entity, &PieceToken, &TokenLook, Option<&HasTwin>), Changed<TokenLook>>,
    game: Res<Game>,
    server: Res<AssetServer>,
    mut cache: ResMut<IconCache>,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<ColorMaterial>>,
) {
    let variant = game.position().variant();
    for (entity, token, TokenLook(drawn), old) in &tokens {
        if let Some(HasTwin(old)) = old {
            commands.entity(*old).despawn();
        }
        let piece = token.piece;
        let (owner, side) = (variant.side_name(piece.owner).to_string(), variant.side_name(piece.side).to_string());
        let (shadow_mesh, shadow_material) = cache
            .shadow
            .get_or_insert_with(|| {
                (meshes.add(Ellipse::new(0.4, 0.16)), materials.add(Color::srgba(0.0, 0.0, 0.0, 0.6)))
            })
            .clone();
        let twin = commands
            .spawn((
                Twin { of: entity, depth: depth::PIECE },
                StandsFor(entity),
                Transform::default(),
                Visibility::default(),
                layer(),
            ))
            .id();
        answer_pointer(&mut commands.entity(twin));
        let shadow = commands
            .spawn((
                Mesh2d(shadow_mesh),
                MeshMaterial2d(shadow_material),
                Transform::default(),
                Visibility::Hidden,
                layer(),
                ChildOf(twin),
            ))
            .id();
        let icon =
            icon(&mut commands, drawn, piece, (&owner, &side), (&server, &mut cache, &mut meshes, &mut materials));
        commands.entity(icon).insert((Transform::from_xyz(0.0, 0.0, 0.1), ChildOf(twin)));
        if let Some(letter) = &drawn.letter {
            commands.spawn((
                Text2d::new(letter.clone()),
                TextFont { font_size: FontSize::Px(40.0), ..default() },
                TextColor(Palette::trim(piece.side, &side)),
                Transform::from_xyz(0.0, 0.24, 0.5).with_scale(Vec3::splat(0.011)),
                layer(),
                ChildOf(icon),
            ));
        }
        commands.entity(twin).insert(PieceIcon { icon, shadow });
        commands.entity(entity).insert(HasTwin(twin));
    }
}

/// The icon of a piece: its look's image tinted with its owner's colour over a halo in its edge
/// colour, or its look's parts drawn flat (made once per look and colours).
fn icon(
    commands: &mut Commands,
    drawn: &crate::looks::Drawn,
    piece: jetan_rules::Piece,
    (owner, side): (&str, &str),
    (server, cache, meshes, materials): (&AssetServer, &mut IconCache, &mut Assets<Mesh>, &mut Assets<ColorMaterial>),
) -> Entity {
    match &drawn.icon {
        Some(path) => {
            // The image tinted with the side's colour, over a larger copy in the edge's.
            let image = server.load(path.clone());
            let sprite = |size: f32, color: Color| Sprite {
                custom_size: Some(Vec2::splat(size)),
                color,
                ..Sprite::from_image(image.clone())
            };
            let icon = commands.spawn((sprite(0.86, Palette::body(piece.owner, owner)), layer())).id();
            let halo = sprite(1.0, edge_colour(piece, owner, side));
            commands.spawn((halo, Transform::from_xyz(0.0, 0.0, -0.05), layer(), ChildOf(icon)));
            icon
        }
        None => {
            let key =
                (Arc::as_ptr(&drawn.parts) as usize, piece.owner, piece.side, owner.to_string(), side.to_string());
            let mesh = match cache.icons.get(&key) {
                Some((_, mesh)) => mesh.clone(),
                None => {
                    let mesh = meshes.add(piece_icon(&drawn.parts, piece, owner, side));
                    cache.icons.insert(key, (drawn.parts.clone(), mesh.clone()));
                    mesh
                }
            };
            let white = cache.white.get_or_insert_with(|| materials.add(Color::WHITE)).clone();
            commands.spawn((Mesh2d(mesh), MeshMaterial2d(white), layer())).id()
        }
    }
}

/// A piece's icon in its colours: the body its owner's, the rest the side it serves; edged in
/// its trim if its body is dark, else in near black.
fn piece_icon(parts: &[Part], piece: jetan_rules::Piece, owner: &str, side: &str) -> Mesh {
    let colour = |paint: Paint| match paint {
        Paint::Body => Palette::paint(piece.owner, owner, paint),
        _ => Palette::paint(piece.side, side, paint),
    };
    icons::icon(parts, colour, edge_colour(piece, owner, side))
}

/// The edge round a piece's icon: its trim if its body is dark, else near black.
fn edge_colour(piece: jetan_rules::Piece, owner: &str, side: &str) -> Color {
    let body = Palette::body(piece.owner, owner).to_linear();
    let dark = body.red + body.green + body.blue < 0.3;
    if dark { Palette::trim(piece.side, side) } else { Color::srgb(0.08, 0.05, 0.04) }
}

/// A flat mark for every new mark on the board.
fn twin_marks(
    mut commands: Commands,
    marks: Query<(Entity, &Mark), Added<Highlight>>,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<ColorMaterial>>,
    mut cache: Local<HashMap<&'static str, (Handle<Mesh>, Handle<ColorMaterial>)>>,
) {
    for (entity, &mark) in &marks {
        let (name, shape, alpha, depth): (&'static str, Mesh, f32, f32) = match mark {
            Mark::Selected => ("selected", Annulus::new(0.38, 0.46).into(), 0.95, depth::MARK),
            Mark::Capture => ("capture", Annulus::new(0.38, 0.46).into(), 0.95, depth::MARK),
            Mark::Danger => ("danger", Annulus::new(0.36, 0.46).into(), 0.95, depth::MARK),
            Mark::Joinable => ("joinable", Annulus::new(0.42, 0.49).into(), 0.95, depth::MARK),
            Mark::Target => ("target", Circle::new(0.15).into(), 0.9, depth::MARK),
            Mark::Escape => ("escape", Rhombus::new(0.34, 0.34).into(), 0.9, depth::MARK),
            Mark::LastMove => ("last", Rectangle::new(0.94, 0.94).into(), 0.35, depth::LAST_MOVE),
        };
        let (mesh, material) = cache
            .entry(name)
            .or_insert_with(|| (meshes.add(shape), materials.add(mark.color().with_alpha(alpha))))
            .clone();
        commands.spawn((
            Twin { of: entity, depth },
            Mesh2d(mesh),
            MeshMaterial2d(material),
            Transform::default(),
            layer(),
            Pickable::IGNORE,
        ));
    }
}

/// Places every twin where its original stands while the diagram shows, seen from above (a piece in the air drawn
/// higher and larger, over its shadow; a piece sinking away shrinking), upright however the
/// diagram is turned; removes the twins of entities that are gone. A twin is written only when
/// it moves, and nothing is done while the 3D view shows and nothing went.
fn follow(
    mut commands: Commands,
    mut twins: Query<(Entity, &Twin, &mut Transform, Option<&PieceIcon>)>,
    originals: Query<&GlobalTransform>,
    mut gone: RemovedComponents<GlobalTransform>,
    mut parts: Query<(&mut Transform, &mut Visibility), Without<Twin>>,
    camera: Query<&BoardCamera>,
) {
    let Ok(camera) = camera.single() else { return };
    let any_gone = gone.read().count() > 0;
    // Placed only while the diagram shows (the frame it starts showing included).
    let showing = camera.view == View::Diagram;
    if !showing && !any_gone {
        return;
    }
    let upright = Quat::from_rotation_z(camera.yaw);
    for (entity, twin, mut transform, icon) in &mut twins {
        let Ok(original) = originals.get(twin.of) else {
            commands.entity(entity).despawn();
            continue;
        };
        if !showing {
            continue;
        }
        let (scale, _, at) = original.to_scale_rotation_translation();
        let height = at.y;
        let depth = if height > 0.05 { depth::FLYING } else { twin.depth };
        // Marks pulse; a board is never scaled.
        let rotation = if icon.is_some() { upright } else { transform.rotation };
        transform.set_if_neq(Transform {
            translation: on_diagram(at).extend(depth),
            rotation,
            scale: Vec3::new(scale.x, scale.x, 1.0),
        });
        let Some(PieceIcon { icon, shadow }) = icon else { continue };
        let flying = height.max(0.0);
        if let Ok((mut icon, _)) = parts.get_mut(*icon) {
            // Up the screen and larger as it rises; smaller as it sinks below the board.
            let size = (1.0 + flying * 0.15) * (1.0 + height.min(0.0) * 1.5).max(0.0);
            let placed =
                Transform { translation: icon.translation.with_y(flying * 0.3), scale: Vec3::splat(size), ..*icon };
            icon.set_if_neq(placed);
        }
        if let Ok((mut shadow, mut visibility)) = parts.get_mut(*shadow) {
            visibility.set_if_neq(if flying > 0.05 { Visibility::Inherited } else { Visibility::Hidden });
            let size = Vec3::splat((1.0 - flying * 0.1).max(0.6));
            let placed = Transform { translation: shadow.translation.with_y(-0.3), scale: size, ..*shadow };
            shadow.set_if_neq(placed);
        }
    }
}
