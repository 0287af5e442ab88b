//! Marks on the board: the selected piece and the pieces chosen to go with it, the pieces that
//! may join it, its legal destinations (captures and escapes marked apart), the walks to the
//! hovered destination and of the hinted move, the last move, and a Princess in danger.

use bevy::camera::visibility::RenderLayers;
use bevy::prelude::*;
use jetan_rules::{Move, MoveKind, Position, Square};

use crate::board::{BoardLayout, Cell};
use crate::camera::{BoardView, DIAGRAM_LAYER, on_diagram};
use crate::facts::CellState;
use crate::game::Game;
use crate::hint::Hint;
use crate::input::Selection;
use crate::learning::Exercise;
use crate::palette::Palette;
use crate::screen::Screen;

pub(super) fn plugin(app: &mut App) {
    app.insert_gizmo_config(
        DiagramGizmos,
        GizmoConfig {
            render_layers: RenderLayers::layer(DIAGRAM_LAYER),
            line: GizmoLineConfig { width: 3.0, ..default() },
            ..default()
        },
    )
    .add_systems(
        Update,
        ((refresh_highlights, draw_walks).in_set(crate::WhilePlaying), pulse).in_set(crate::AppSystems::View),
    );
}

/// A mark on the board, replaced whenever the selection or the game changes.
#[derive(Component)]
pub struct Highlight;

/// A mark that throbs to catch the eye.
#[derive(Component)]
struct Pulse;

/// What a mark on the board says (each highlight entity has one).
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mark {
    /// The square of the piece selected.
    Selected,
    /// A destination of the selected piece.
    Target,
    /// A destination that takes a piece.
    Capture,
    /// A destination of the Princess's escape.
    Escape,
    /// The squares of the last move.
    LastMove,
    /// A royal piece under attack.
    Danger,
    /// A piece that may move with the selected one (an escort, a squad's member, a passenger).
    Joinable,
}

impl Mark {
    /// Its colour.
    pub fn color(self) -> Color {
        match self {
            Mark::Selected | Mark::LastMove => Palette::SELECTED,
            Mark::Target => Palette::TARGET,
            Mark::Capture => Palette::CAPTURE,
            Mark::Escape => Palette::ESCAPE,
            Mark::Danger => Palette::DANGER,
            Mark::Joinable => Palette::JOINABLE,
        }
    }

    /// Every mark, in the order of their values.
    const ALL: [Mark; 7] =
        [Mark::Selected, Mark::Target, Mark::Capture, Mark::Escape, Mark::LastMove, Mark::Danger, Mark::Joinable];

    /// Its material: its colour, glowing, see-through (the last move's faintly).
    fn material(self) -> StandardMaterial {
        let color = self.color();
        StandardMaterial {
            base_color: color.with_alpha(if matches!(self, Mark::LastMove) { 0.35 } else { 0.9 }),
            emissive: LinearRgba::from(color) * 1.5,
            unlit: true,
            alpha_mode: AlphaMode::Blend,
            ..default()
        }
    }

    fn mesh(self) -> Mesh {
        match self {
            Mark::Selected | Mark::Capture | Mark::Danger => Torus { minor_radius: 0.04, major_radius: 0.42 }.into(),
            Mark::Joinable => Torus { minor_radius: 0.05, major_radius: 0.47 }.into(),
            Mark::Target => Cylinder::new(0.16, 0.02).into(),
            Mark::Escape => Cuboid::new(0.26, 0.02, 0.26).into(),
            Mark::LastMove => Cuboid::new(0.94, 0.01, 0.94).into(),
        }
    }
}

/// Replaces the marks when the selection, the game or the board's layout has changed, and
/// only then.
pub fn refresh_highlights(
    mut commands: Commands,
    selection: Res<Selection>,
    game: Res<Game>,
    layout: Option<Res<BoardLayout>>,
    old: Query<Entity, With<Highlight>>,
    cells: Query<(&Cell, &CellState)>,
    changed_cells: Query<(), Changed<CellState>>,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<StandardMaterial>>,
    mut cache: Local<Vec<(Handle<Mesh>, Handle<StandardMaterial>)>>,
) {
    let Some(layout) = layout else { return };
    if !selection.is_changed() && !game.is_changed() && !layout.is_changed() && changed_cells.is_empty() {
        return;
    }
    for entity in &old {
        commands.entity(entity).despawn();
    }
    if cache.is_empty() {
        *cache = Mark::ALL.into_iter().map(|mark| (meshes.add(mark.mesh()), materials.add(mark.material()))).collect();
    }
    let mut mark = |mark: Mark, square: Square, height: f32| {
        let (mesh, material) = cache[mark as usize].clone();
        let at = layout.world(square) + Vec3::Y * height;
        // The pointer goes through a mark to the square or piece under it.
        let mut entity = commands.spawn((
            Highlight,
            mark,
            Mesh3d(mesh),
            MeshMaterial3d(material),
            Transform::from_translation(at),
            Pickable::IGNORE,
            DespawnOnExit(Screen::Playing),
        ));
        if matches!(mark, Mark::Danger) {
            entity.insert(Pulse);
        }
        if matches!(mark, Mark::Escape) {
            entity.insert(
                Transform::from_translation(at).with_rotation(Quat::from_rotation_y(std::f32::consts::FRAC_PI_4)),
            );
        }
    };
    if let Some(last) = game.history.last() {
        for step in last.mv.steps.iter() {
            mark(Mark::LastMove, step.from, 0.01);
            mark(Mark::LastMove, step.to, 0.01);
        }
    }
    for &square in selection.from.iter().chain(&selection.members) {
        mark(Mark::Selected, square, 0.03);
    }
    for square in selection.joinable() {
        mark(Mark::Joinable, square, 0.03);
    }
    let position = game.position();
    for (mv, to) in selection.targets() {
        let kind = match mv.kind {
            MoveKind::Escape => Mark::Escape,
            _ if position.victims(mv).next().is_some() => Mark::Capture,
            _ => Mark::Target,
        };
        mark(kind, to, 0.03);
    }
    for (&Cell(square), state) in &cells {
        if state.danger {
            mark(Mark::Danger, square, 0.05);
        }
    }
}

/// The walks drawn as lines over the squares: of the move to the hovered destination, and of
/// the hinted move while the position it is for is on the board.
fn draw_walks(
    selection: Res<Selection>,
    hint: Res<Hint>,
    exercise: Option<Res<Exercise>>,
    game: Res<Game>,
    layout: Option<Res<BoardLayout>>,
    view: BoardView,
    mut gizmos: Gizmos,
    mut flat: Gizmos<DiagramGizmos>,
) {
    let Some(layout) = layout else { return };
    let hovered = selection.hover.and_then(|square| selection.moves_to(square).first().copied());
    // A hint asked for, or a lesson's or puzzle's answer shown.
    let hinted = hint.for_game(&game).map(|advice| advice.mv).or(exercise.and_then(|exercise| exercise.shown));
    for (mv, color) in [(hovered, Palette::SELECTED), (hinted, Palette::HINT)] {
        if let Some(mv) = mv {
            draw_walk(&view, &mut gizmos, &mut flat, &layout, game.position(), mv, color);
        }
    }
}

/// The gizmos of the 2D diagram: lines on its plane, seen only by its camera.
#[derive(Default, Reflect, GizmoConfigGroup)]
pub struct DiagramGizmos;

/// A move's walks as lines over the squares, an arrowhead at each end, and its victims marked:
/// over the 3D board, or on the 2D diagram when it is showing.
fn draw_walk(
    view: &BoardView,
    gizmos: &mut Gizmos,
    flat: &mut Gizmos<DiagramGizmos>,
    layout: &BoardLayout,
    position: &Position,
    mv: Move,
    color: Color,
) {
    if view.diagram() {
        // Above everything else on the diagram.
        let at = |square: Square, _| on_diagram(layout.world(square)).extend(50.0);
        walk_lines(flat, position, mv, color, at, true);
    } else {
        let at = |square: Square, height| layout.world(square) + Vec3::Y * height;
        walk_lines(gizmos, position, mv, color, at, false);
    }
}

/// The lines of a move's walks through `at` (a point a height over a square), its stops and
/// victims marked with dots: flat circles and arrowheads on the diagram, spheres and arrowheads
/// in the round over the 3D board.
fn walk_lines<C: GizmoConfigGroup>(
    gizmos: &mut Gizmos<C>,
    position: &Position,
    mv: Move,
    color: Color,
    at: impl Fn(Square, f32) -> Vec3,
    flat: bool,
) {
    let dot = |gizmos: &mut Gizmos<C>, point: Vec3, radius: f32, color: Color| {
        if flat {
            gizmos.circle(Isometry3d::from_translation(point), radius, color);
        } else {
            gizmos.sphere(Isometry3d::from_translation(point), radius, color);
        }
    };
    for path in position.paths(mv) {
        let points: Vec<Vec3> = path.iter().map(|&s| at(s, 0.12)).collect();
        gizmos.linestrip(points.iter().copied(), color);
        for &point in &points {
            dot(gizmos, point, 0.07, color);
        }
        match points[..] {
            [.., before, last] if flat => {
                gizmos.arrow_2d(before.truncate(), last.truncate(), color).with_tip_length(0.35);
            }
            [.., before, last] => {
                gizmos.arrow(before, last, color).with_tip_length(0.35);
            }
            _ => {}
        }
    }
    for &square in mv.removals.iter() {
        dot(gizmos, at(square, 0.3), 0.2, Palette::CAPTURE);
    }
}

fn pulse(time: Res<Time>, mut marks: Query<&mut Transform, With<Pulse>>) {
    let scale = 1.0 + 0.15 * (time.elapsed_secs() * 5.0).sin();
    for mut transform in &mut marks {
        transform.scale = Vec3::new(scale, 1.0, scale);
    }
}
