//! The cameras: the 3D one orbits and zooms with the mouse (right button drag, wheel), turns to
//! face the human's side and looks straight down in the top-down view, or flies free about the
//! field (photo mode: any button orbits, the keys carry it over the field); the 2D diagram's
//! camera takes over in the 2D view (`V` or the View button go round the three). [`BoardView`]
//! maps a point of the board to the window through whichever is showing.

use bevy::camera::ScalingMode;
use bevy::camera::visibility::RenderLayers;
use bevy::ecs::system::SystemParam;
use bevy::input::mouse::{AccumulatedMouseMotion, AccumulatedMouseScroll};
use bevy::prelude::*;
use bevy_egui::input::EguiWantsInput;

use jetan_rules::Side;

use crate::board::BoardLayout;
use crate::game::{BoardReset, Game};
use crate::screen::Screen;
use crate::seat::Seat;
use crate::settings::{HumanSide, Settings, View};

/// Where the camera looks from, around the board's centre.
#[derive(Component, Clone, Debug)]
pub struct BoardCamera {
    /// Turn about the vertical axis; 0 looks from South's edge.
    pub yaw: f32,
    /// Angle above the board, in radians.
    pub pitch: f32,
    /// Distance from the centre, in squares.
    pub distance: f32,
    /// The current view.
    pub view: View,
    /// The point it orbits: the board's centre, unless it flies free.
    pub focus: Vec3,
    /// Whether it flies free (photo mode): wider pitches and distances, carried over the field.
    pub free: bool,
}

impl BoardCamera {
    /// A camera over the board's centre, in `view`.
    pub fn new(view: View, pitch: f32, distance: f32) -> BoardCamera {
        BoardCamera { yaw: 0.0, pitch, distance, view, focus: Vec3::ZERO, free: false }
    }

    /// Back over the board where `before` was (after flying free): its centre, the turn, pitch
    /// and distance it had, within a player's.
    pub fn return_to_the_board(&mut self, before: &BoardCamera) {
        self.free = false;
        self.focus = Vec3::ZERO;
        self.yaw = before.yaw;
        self.pitch = before.pitch.clamp(PITCHES.0, PITCHES.1);
        self.distance = before.distance.clamp(DISTANCES.0, DISTANCES.1);
        self.view = before.view;
    }
}

/// Go on to the next view: orbiting, top-down, the 2D diagram.
#[derive(Message, Clone, Copy, Debug, Default)]
pub struct ToggleView;

pub(super) fn plugin(app: &mut App) {
    app.add_message::<ToggleView>()
        .add_systems(Startup, spawn_camera)
        .add_systems(OnEnter(Screen::Playing), view_the_game)
        .add_systems(
            Update,
            (
                toggle_view,
                orbit.in_set(crate::WhilePlaying),
                face_human.in_set(crate::WhilePlaying),
                fly_over_arena.run_if(in_state(Screen::Title)),
                place_camera,
            )
                .chain()
                .in_set(crate::AppSystems::RecordInput),
        );
}

/// The lowest and highest the orbiting camera looks down on the board, in radians: from just
/// above the board's edge (the sky and moons in view) to straight down.
const PITCHES: (f32, f32) = (0.1, 1.5);
/// The nearest and farthest the orbiting camera stands from what it orbits, in squares.
const DISTANCES: (f32, f32) = (6.0, 40.0);
/// Flying free: from skimming the sand to straight down, from a piece's face to the stands.
const FREE_PITCHES: (f32, f32) = (0.02, 1.55);
const FREE_DISTANCES: (f32, f32) = (1.2, 70.0);
/// How far a free camera's focus may wander from the board's centre, in squares.
const FREE_ROAM: f32 = 40.0;

/// The 2D view's camera: it sees only the diagram's layer, and draws while the view is 2D.
#[derive(Component, Debug)]
pub struct DiagramCamera;

/// The render layer of the 2D diagram's entities, which only the [`DiagramCamera`] sees.
pub const DIAGRAM_LAYER: usize = 1;

/// Where a point of the board (in the 3D world) lies on the diagram's plane: the board seen
/// from above, rank 1 at the bottom.
pub fn on_diagram(world: Vec3) -> Vec2 {
    Vec2::new(world.x, -world.z)
}

/// The cameras that show the board, and where they show a point of it.
#[derive(SystemParam)]
pub struct BoardView<'w, 's> {
    scene: Query<'w, 's, (&'static Camera, &'static GlobalTransform, &'static BoardCamera)>,
    diagram: Query<'w, 's, (&'static Camera, &'static GlobalTransform), With<DiagramCamera>>,
}

impl BoardView<'_, '_> {
    /// Whether the 2D diagram is showing.
    pub fn diagram(&self) -> bool {
        self.scene.single().is_ok_and(|(_, _, camera)| camera.view == View::Diagram)
    }

    fn showing(&self) -> Option<(&Camera, &GlobalTransform)> {
        if self.diagram() {
            self.diagram.single().ok()
        } else {
            self.scene.single().ok().map(|(camera, transform, _)| (camera, transform))
        }
    }

    /// Where the board's point `world` is in the window (logical pixels), if in view.
    pub fn to_window(&self, world: Vec3) -> Option<Vec2> {
        let (camera, transform) = self.showing()?;
        let at = if self.diagram() { on_diagram(world).extend(0.0) } else { world };
        camera.world_to_viewport(transform, at).ok()
    }

    /// The part of the window the board is drawn in.
    pub fn window_rect(&self) -> Option<Rect> {
        self.showing()?.0.logical_viewport_rect()
    }

    /// The direction on the board that points up the screen.
    pub fn screen_up(&self) -> Vec3 {
        let Some((_, transform)) = self.showing() else { return Vec3::NEG_Z };
        if self.diagram() {
            let up = transform.up();
            Vec3::new(up.x, 0.0, -up.y)
        } else {
            transform.up().into()
        }
    }
}

fn spawn_camera(mut commands: Commands, settings: Res<Settings>, stage: Res<crate::launch::StageDirections>) {
    commands.spawn((
        Camera2d,
        DiagramCamera,
        Camera {
            is_active: false,
            clear_color: ClearColorConfig::Custom(crate::palette::Palette::DIAGRAM),
            ..default()
        },
        Projection::Orthographic(OrthographicProjection::default_2d()),
        Msaa::Sample4,
        RenderLayers::layer(DIAGRAM_LAYER),
    ));
    let pitch = starting_pitch(&stage);
    commands.spawn((
        Camera3d::default(),
        BoardCamera::new(settings.view, pitch, 13.5),
        Transform::from_xyz(0.0, 10.0, 10.0).looking_at(Vec3::ZERO, Vec3::Y),
        DistanceFog {
            color: Color::srgb(0.80, 0.56, 0.36),
            directional_light_color: Color::srgba(1.0, 0.80, 0.55, 0.4),
            directional_light_exponent: 20.0,
            falloff: ORBIT_HAZE,
        },
        AmbientLight { color: Color::srgb(1.0, 0.78, 0.6), brightness: 350.0, ..default() },
    ));
}

/// How far the camera looks down at the start of a game: the launch's pitch, else a player's
/// view over the board.
fn starting_pitch(stage: &crate::launch::StageDirections) -> f32 {
    stage.pitch.map_or(0.66, |degrees| degrees.to_radians().clamp(PITCHES.0, PITCHES.1))
}

/// Entering a game, the camera takes the settings' view and the starting pitch (the title's
/// flight had its own); facing the player and framing the board follow the board's reset.
fn view_the_game(
    settings: Res<Settings>,
    stage: Res<crate::launch::StageDirections>,
    mut cameras: Query<&mut BoardCamera>,
) {
    for mut camera in &mut cameras {
        camera.view = settings.view;
        camera.pitch = starting_pitch(&stage);
    }
}

fn toggle_view(
    keys: Res<ButtonInput<KeyCode>>,
    egui: Option<Res<EguiWantsInput>>,
    mut toggles: MessageReader<ToggleView>,
    mut cameras: Query<&mut BoardCamera>,
) {
    let typed = keys.just_pressed(KeyCode::KeyV) && !egui.is_some_and(|e| e.wants_keyboard_input());
    let steps = toggles.read().count() + usize::from(typed);
    for mut camera in &mut cameras {
        for _ in 0..steps {
            camera.view = camera.view.next();
        }
    }
}

/// Orbits with the mouse: a drag of the right (or middle) button turns, the wheel zooms; a free
/// camera turns with any button, and the arrow keys or WASD carry it over the field.
fn orbit(
    time: Res<Time>,
    buttons: Res<ButtonInput<MouseButton>>,
    keys: Res<ButtonInput<KeyCode>>,
    motion: Res<AccumulatedMouseMotion>,
    scroll: Res<AccumulatedMouseScroll>,
    egui: Option<Res<EguiWantsInput>>,
    mut cameras: Query<&mut BoardCamera>,
) {
    let over_panels = egui.as_ref().is_some_and(|e| e.is_pointer_over_area());
    let typing = egui.as_ref().is_some_and(|e| e.wants_keyboard_input());
    for mut camera in &mut cameras {
        let (pitches, distances) = if camera.free { (FREE_PITCHES, FREE_DISTANCES) } else { (PITCHES, DISTANCES) };
        if !over_panels {
            let turning = buttons.pressed(MouseButton::Right)
                || buttons.pressed(MouseButton::Middle)
                || (camera.free && buttons.pressed(MouseButton::Left));
            if turning {
                camera.yaw -= motion.delta.x * 0.005;
                camera.pitch = (camera.pitch + motion.delta.y * 0.004).clamp(pitches.0, pitches.1);
            }
            // Each notch of the wheel comes 8% nearer, however many a slow frame gathers.
            camera.distance = (camera.distance * (-scroll.delta.y * 0.08).exp()).clamp(distances.0, distances.1);
        }
        if camera.free && !typing {
            let pressed = |codes: [KeyCode; 2]| codes.iter().any(|&code| keys.pressed(code));
            let along = |plus: [KeyCode; 2], minus: [KeyCode; 2]| f32::from(pressed(plus)) - f32::from(pressed(minus));
            let ahead = along([KeyCode::KeyW, KeyCode::ArrowUp], [KeyCode::KeyS, KeyCode::ArrowDown]);
            let right = along([KeyCode::KeyD, KeyCode::ArrowRight], [KeyCode::KeyA, KeyCode::ArrowLeft]);
            let facing = Quat::from_rotation_y(camera.yaw);
            let step = facing * Vec3::new(right, 0.0, -ahead) * camera.distance * 0.6 * time.delta_secs();
            camera.focus = (camera.focus + step).clamp(Vec3::splat(-FREE_ROAM), Vec3::splat(FREE_ROAM));
        }
    }
}

/// Turns the board to face the side a person plays (the settings' side when both or neither
/// are), and frames the board, when a game is set up or the settings change.
fn face_human(
    settings: Res<Settings>,
    stage: Res<crate::launch::StageDirections>,
    game: Res<Game>,
    mut resets: MessageReader<BoardReset>,
    layout: Option<Res<BoardLayout>>,
    mut cameras: Query<&mut BoardCamera>,
) {
    // The board's layout is made after the first reset: framing waits for it.
    let laid_out = layout.as_ref().is_some_and(|layout| layout.is_added());
    if resets.read().count() == 0 && !settings.is_changed() && !laid_out {
        return;
    }
    let human = |side: Side| game.seats[side] == Seat::Human;
    let facing = match (human(Side::South), human(Side::North), settings.human_side) {
        (false, true, _) | (true, true, HumanSide::North) | (false, false, HumanSide::North) => Side::North,
        _ => Side::South,
    };
    for mut camera in &mut cameras {
        camera.yaw = match facing {
            Side::South => 0.0,
            Side::North => std::f32::consts::PI,
        };
        if let Some(layout) = &layout {
            camera.distance = framing_distance(layout) * stage.zoom.unwrap_or(1.0);
        }
    }
}

/// On the title screen the camera circles the arena slowly, looking across the field to the
/// stands and the sky, in the 3D view whatever the settings' view.
fn fly_over_arena(time: Res<Time>, mut cameras: Query<&mut BoardCamera>) {
    for mut camera in &mut cameras {
        camera.view = View::Orbit;
        camera.yaw += time.delta_secs() * 0.04;
        camera.pitch = 0.42;
        camera.distance = 21.0;
    }
}

/// How far from the board's centre the camera stands to frame it.
pub fn framing_distance(layout: &BoardLayout) -> f32 {
    layout.half_extent().max_element() * 2.0 * 1.1 + 2.5
}

/// The haze of the orbiting view: near squares clear, the distance fading into the dusty sky.
const ORBIT_HAZE: FogFalloff = FogFalloff::Linear { start: 18.0, end: 150.0 };
/// Seen from straight above, the board is far from the camera: no haze over it.
const TOP_DOWN_HAZE: FogFalloff = FogFalloff::Linear { start: 60.0, end: 200.0 };

fn place_camera(
    layout: Option<Res<BoardLayout>>,
    mut cameras: Query<
        (&BoardCamera, &mut Camera, &mut Transform, &mut Projection, &mut DistanceFog),
        (Changed<BoardCamera>, Without<DiagramCamera>),
    >,
    mut diagram: Query<(&mut Camera, &mut Transform, &mut Projection), With<DiagramCamera>>,
) {
    let board = layout.map_or(Vec2::splat(10.0), |l| l.half_extent() * 2.0);
    for (camera, mut active, mut transform, mut projection, mut fog) in &mut cameras {
        let facing = Quat::from_rotation_y(camera.yaw);
        let flat = camera.view == View::Diagram;
        active.is_active = !flat;
        for (mut diagram, mut transform, mut projection) in &mut diagram {
            diagram.is_active = flat;
            *transform = Transform::from_rotation(Quat::from_rotation_z(camera.yaw));
            *projection = Projection::Orthographic(OrthographicProjection {
                scaling_mode: ScalingMode::AutoMin { min_width: board.x + 1.6, min_height: board.y + 1.6 },
                ..OrthographicProjection::default_2d()
            });
        }
        match camera.view {
            View::Orbit => {
                let offset = Vec3::new(0.0, camera.pitch.sin(), camera.pitch.cos()) * camera.distance;
                // Looking along the board from low down, the view lifts to the sky above it
                // (flying free, the player aims the camera: it looks at what it orbits).
                let aim = if camera.free {
                    Vec3::ZERO
                } else {
                    Vec3::new(0.0, -0.6 + (0.5 - camera.pitch).max(0.0) * 4.0, -0.5)
                };
                *transform = Transform::from_translation(camera.focus + facing * offset)
                    .looking_at(camera.focus + facing * aim, Vec3::Y);
                if !matches!(*projection, Projection::Perspective(_)) {
                    *projection = Projection::Perspective(PerspectiveProjection::default());
                }
                fog.falloff = ORBIT_HAZE;
            }
            View::TopDown | View::Diagram => {
                let up = facing * Vec3::NEG_Z;
                *transform = Transform::from_xyz(0.0, 30.0, 0.0).looking_at(Vec3::ZERO, up);
                *projection = Projection::Orthographic(OrthographicProjection {
                    scaling_mode: ScalingMode::FixedVertical { viewport_height: board.max_element() + 2.5 },
                    ..OrthographicProjection::default_3d()
                });
                fog.falloff = TOP_DOWN_HAZE;
            }
        }
    }
}
