//! The camera: orbits and zooms with the mouse (right button drag, wheel), turns to face the
//! human's side, and switches to a top-down view (`V` or the View button).

use bevy::camera::ScalingMode;
use bevy::input::mouse::{AccumulatedMouseMotion, AccumulatedMouseScroll};
use bevy::prelude::*;
use bevy_egui::input::EguiWantsInput;

use jetan_rules::Side;

use crate::ai_player::Seat;
use crate::board::BoardLayout;
use crate::game::{BoardReset, Game};
use crate::settings::{HumanSide, Settings, View};

/// Where the camera looks from, around the board's centre.
#[derive(Component, Debug)]
pub struct BoardCamera {
    /// Turn about the vertical axis; 0 looks from South's edge.
    pub yaw: f32,
    /// Angle above the board, in radians.
    pub pitch: f32,
    /// Distance from the centre, in squares.
    pub distance: f32,
    /// The current view.
    pub view: View,
}

/// Switch between the orbiting and the top-down view.
#[derive(Message, Clone, Copy, Debug, Default)]
pub struct ToggleView;

pub(super) fn plugin(app: &mut App) {
    app.add_message::<ToggleView>().add_systems(Startup, spawn_camera).add_systems(
        Update,
        (toggle_view, orbit, face_human, place_camera).chain().in_set(crate::AppSystems::RecordInput),
    );
}

/// The lowest and highest the orbiting camera looks down on the board, in radians: from just
/// above the board's edge (the sky and moons in view) to straight down.
const PITCHES: (f32, f32) = (0.1, 1.5);

fn spawn_camera(mut commands: Commands, settings: Res<Settings>, launch: Res<crate::Launch>) {
    let pitch = launch.pitch.map_or(0.66, |degrees| degrees.to_radians().clamp(PITCHES.0, PITCHES.1));
    commands.spawn((
        Camera3d::default(),
        BoardCamera { yaw: 0.0, pitch, distance: 13.5, view: settings.view },
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

fn toggle_view(
    keys: Res<ButtonInput<KeyCode>>,
    egui: Option<Res<EguiWantsInput>>,
    mut toggles: MessageReader<ToggleView>,
    mut cameras: Query<&mut BoardCamera>,
) {
    let typed = keys.just_pressed(KeyCode::KeyV) && !egui.is_some_and(|e| e.wants_keyboard_input());
    if toggles.read().count() % 2 == 1 || typed {
        for mut camera in &mut cameras {
            camera.view = match camera.view {
                View::Orbit => View::TopDown,
                View::TopDown => View::Orbit,
            };
        }
    }
}

fn orbit(
    buttons: Res<ButtonInput<MouseButton>>,
    motion: Res<AccumulatedMouseMotion>,
    scroll: Res<AccumulatedMouseScroll>,
    egui: Option<Res<EguiWantsInput>>,
    mut cameras: Query<&mut BoardCamera>,
) {
    if egui.is_some_and(|e| e.is_pointer_over_area()) {
        return;
    }
    for mut camera in &mut cameras {
        if buttons.pressed(MouseButton::Right) || buttons.pressed(MouseButton::Middle) {
            camera.yaw -= motion.delta.x * 0.005;
            camera.pitch = (camera.pitch + motion.delta.y * 0.004).clamp(PITCHES.0, PITCHES.1);
        }
        camera.distance = (camera.distance * (1.0 - scroll.delta.y * 0.08)).clamp(6.0, 40.0);
    }
}

/// Turns the board to face the side a person plays (the settings' side when both or neither
/// are), and frames the board, when a game is set up or the settings change.
fn face_human(
    settings: Res<Settings>,
    launch: Res<crate::Launch>,
    game: Option<Res<Game>>,
    mut resets: MessageReader<BoardReset>,
    layout: Option<Res<BoardLayout>>,
    mut cameras: Query<&mut BoardCamera>,
) {
    if resets.read().count() == 0 && !settings.is_changed() {
        return;
    }
    let human = |side: Side| game.as_ref().is_some_and(|g| g.seats[side.index()] == Seat::Human);
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
            camera.distance = framing_distance(layout) * launch.zoom.unwrap_or(1.0);
        }
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
    mut cameras: Query<(&BoardCamera, &mut Transform, &mut Projection, &mut DistanceFog), Changed<BoardCamera>>,
) {
    let board = layout.map_or(10.0, |l| l.half_extent().max_element() * 2.0);
    for (camera, mut transform, mut projection, mut fog) in &mut cameras {
        let facing = Quat::from_rotation_y(camera.yaw);
        match camera.view {
            View::Orbit => {
                let offset = Vec3::new(0.0, camera.pitch.sin(), camera.pitch.cos()) * camera.distance;
                // Looking along the board from low down, the view lifts to the sky above it.
                let lift = (0.5 - camera.pitch).max(0.0) * 4.0;
                *transform = Transform::from_translation(facing * offset)
                    .looking_at(facing * Vec3::new(0.0, -0.6 + lift, -0.5), Vec3::Y);
                if !matches!(*projection, Projection::Perspective(_)) {
                    *projection = Projection::Perspective(PerspectiveProjection::default());
                }
                fog.falloff = ORBIT_HAZE;
            }
            View::TopDown => {
                let up = facing * Vec3::NEG_Z;
                *transform = Transform::from_xyz(0.0, 30.0, 0.0).looking_at(Vec3::ZERO, up);
                *projection = Projection::Orthographic(OrthographicProjection {
                    scaling_mode: ScalingMode::FixedVertical { viewport_height: board + 2.5 },
                    ..OrthographicProjection::default_3d()
                });
                fog.falloff = TOP_DOWN_HAZE;
            }
        }
    }
}
