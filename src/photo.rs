//! Photo mode (`P` over a game): the panels and the board's marks hidden, the camera flying free
//! about the field, what is under the pointer in focus (depth of field), the sun held at the
//! hour a slider sets, and a picture saved to the player's pictures folder (`Enter`), never
//! over another file. `P` or `Esc` leaves it as it was.

use std::f32::consts::TAU;
use std::io::Write;
use std::path::{Path, PathBuf};

use bevy::input::InputSystems;
use bevy::picking::PickingSettings;
use bevy::picking::mesh_picking::ray_cast::{MeshRayCast, MeshRayCastSettings, RayCastVisibility};
use bevy::post_process::dof::{DepthOfField, DepthOfFieldMode};
use bevy::prelude::*;
use bevy::render::view::screenshot::{Screenshot, ScreenshotCaptured};
use bevy::window::PrimaryWindow;
use bevy_egui::input::EguiWantsInput;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use crate::camera::BoardCamera;
use crate::input::Selection;
use crate::scene::highlights::Highlight;
use crate::screen::Screen;
use crate::settings::{Settings, View};
use crate::sky_clock::{HeldSun, SkyTime, sun_phase};

/// Photo mode, while it is on.
#[derive(Resource, Default)]
pub struct PhotoMode {
    /// What photo mode changed, to put back on leaving it; `None` while it is off.
    left: Option<Left>,
    /// The hour the sun is held at, 0 to 24 (6 sunrise, 12 noon, 18 sunset).
    pub hour: f32,
    /// The lens' aperture, in f-stops: less blurs more of what is out of focus.
    pub aperture: f32,
    /// Frames to wait, the photo bar hidden, before the picture is taken; `Some(0)` while it is
    /// being taken.
    shooting: Option<u8>,
    /// What became of the last picture: where it was saved, or why it couldn't be.
    said: Option<String>,
}

/// What photo mode changed that leaving it puts back.
struct Left {
    /// The camera as it was: its view (photo mode shows the 3D scene), turn, pitch and distance.
    camera: BoardCamera,
}

impl PhotoMode {
    /// Whether photo mode is on.
    pub fn on(&self) -> bool {
        self.left.is_some()
    }
}

/// Whether photo mode is on (a run condition: the panels aren't drawn then).
pub fn photo_mode_on(photo: Option<Res<PhotoMode>>) -> bool {
    photo.is_some_and(|photo| photo.on())
}

/// The sun's phase (0 sunrise, π/2 noon) at `hour` of a day of 24 hours (6 sunrise, 12 noon).
pub fn phase_of_hour(hour: f32) -> f32 {
    ((hour - 6.0) / 24.0 * TAU).rem_euclid(TAU)
}

/// The hour of the day (0 to 24) when the sun is at `phase`.
pub fn hour_of_phase(phase: f32) -> f32 {
    (phase / TAU * 24.0 + 6.0).rem_euclid(24.0)
}

/// Frames the photo bar stays hidden before the picture is taken (the panels' last frame gone).
const FRAMES_HIDDEN: u8 = 2;
/// The depth of field's lens, as a photographer's: a wide aperture for a shallow focus.
const APERTURE: f32 = 2.8;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<PhotoMode>()
        // Before the game's systems see the keys: `Esc` leaving photo mode doesn't open the menu.
        .add_systems(PreUpdate, press_keys.after(InputSystems).run_if(in_state(Screen::Playing)))
        .add_systems(
            Update,
            (hide_marks, focus_on_the_pointer, take_picture)
                .run_if(photo_mode_on)
                .in_set(crate::AppSystems::View)
                .in_set(crate::WhilePlaying),
        )
        .add_systems(EguiPrimaryContextPass, photo_bar.run_if(photo_mode_on).in_set(crate::WhilePlaying))
        .add_systems(OnExit(Screen::Playing), leave);
}

/// `P` enters photo mode and leaves it, `Esc` leaves it, `Enter` takes a picture (not while a
/// text box has the keyboard).
fn press_keys(
    mut keys: ResMut<ButtonInput<KeyCode>>,
    egui: Option<Res<EguiWantsInput>>,
    photo: Res<PhotoMode>,
    mut commands: Commands,
) {
    if egui.is_some_and(|e| e.wants_keyboard_input()) {
        return;
    }
    let toggled = keys.clear_just_pressed(KeyCode::KeyP);
    let left = photo.on() && keys.clear_just_pressed(KeyCode::Escape);
    if toggled || left {
        if photo.on() {
            commands.run_system_cached(leave);
        } else {
            commands.run_system_cached(enter);
        }
    } else if photo.on() && keys.clear_just_pressed(KeyCode::Enter) {
        commands.run_system_cached(ask_for_picture);
    }
}

/// Enters photo mode: the camera flies free in the 3D view with the lens on it, the sun held
/// where it stands, nothing selected and the pointer picking nothing.
fn enter(
    mut commands: Commands,
    mut photo: ResMut<PhotoMode>,
    settings: Res<Settings>,
    sky_time: Res<SkyTime>,
    mut held: ResMut<HeldSun>,
    mut selection: ResMut<Selection>,
    picking: Option<ResMut<PickingSettings>>,
    mut cameras: Query<(Entity, &mut BoardCamera, &mut Camera)>,
) {
    if photo.on() {
        return;
    }
    let phase = held.0.unwrap_or_else(|| sun_phase(settings.time_of_day, sky_time.0));
    held.0 = Some(phase);
    let Ok((entity, mut camera, mut shown)) = cameras.single_mut() else { return };
    photo.left = Some(Left { camera: camera.clone() });
    photo.hour = hour_of_phase(phase);
    photo.aperture = APERTURE;
    photo.said = None;
    camera.view = View::Orbit;
    camera.free = true;
    // The panels fitted the view beside them: the picture is the whole window.
    shown.viewport = None;
    commands.entity(entity).insert(DepthOfField {
        mode: DepthOfFieldMode::Gaussian,
        focal_distance: camera.distance,
        aperture_f_stops: APERTURE,
        max_depth: 120.0,
        ..default()
    });
    *selection = Selection::default();
    if let Some(mut picking) = picking {
        picking.is_enabled = false;
    }
}

/// Leaves photo mode: the camera back over the board in its view, the sun back to the
/// settings' time of day, the pointer picking again.
fn leave(
    mut commands: Commands,
    mut photo: ResMut<PhotoMode>,
    mut held: ResMut<HeldSun>,
    picking: Option<ResMut<PickingSettings>>,
    mut cameras: Query<(Entity, &mut BoardCamera)>,
    mut marks: Query<&mut Visibility, With<Highlight>>,
) {
    let Some(left) = photo.left.take() else { return };
    photo.shooting = None;
    held.0 = None;
    for (entity, mut camera) in &mut cameras {
        camera.return_to_the_board(&left.camera);
        commands.entity(entity).remove::<DepthOfField>();
    }
    if let Some(mut picking) = picking {
        picking.is_enabled = true;
    }
    for mut visibility in &mut marks {
        *visibility = Visibility::Inherited;
    }
}

/// The board's marks (the last move, a Princess in danger) stay out of the picture.
fn hide_marks(mut marks: Query<&mut Visibility, With<Highlight>>) {
    for mut visibility in &mut marks {
        visibility.set_if_neq(Visibility::Hidden);
    }
}

/// Brings into focus what is under the pointer (a piece, a square, the stands), gliding there;
/// sets the lens' aperture.
fn focus_on_the_pointer(
    photo: Res<PhotoMode>,
    windows: Query<&Window, With<PrimaryWindow>>,
    mut cameras: Query<(&Camera, &GlobalTransform, &mut DepthOfField), With<BoardCamera>>,
    mut ray_cast: MeshRayCast,
    time: Res<Time>,
) {
    let pointer = windows.single().ok().and_then(Window::cursor_position);
    for (camera, transform, mut lens) in &mut cameras {
        let seen = pointer.and_then(|at| camera.viewport_to_world(transform, at).ok()).and_then(|ray| {
            let settings = MeshRayCastSettings::default().with_visibility(RayCastVisibility::VisibleInView);
            ray_cast.cast_ray(ray, &settings).first().map(|(_, hit)| hit.distance)
        });
        if let Some(distance) = seen.filter(|d| d.is_finite()) {
            let glide = 1.0 - (-8.0 * time.delta_secs()).exp();
            let focal = lens.focal_distance + (distance - lens.focal_distance) * glide;
            if (focal - lens.focal_distance).abs() > 1e-3 {
                lens.focal_distance = focal;
            }
        }
        if lens.aperture_f_stops != photo.aperture {
            lens.aperture_f_stops = photo.aperture;
        }
    }
}

/// Asks for a picture: the photo bar hides, and after it has gone the picture is taken.
fn ask_for_picture(mut photo: ResMut<PhotoMode>) {
    if photo.on() && photo.shooting.is_none() {
        photo.shooting = Some(FRAMES_HIDDEN);
    }
}

/// Takes the picture once the photo bar has been hidden for a few frames, and saves it.
fn take_picture(mut commands: Commands, mut photo: ResMut<PhotoMode>) {
    let Some(frames) = photo.shooting.filter(|&frames| frames > 0) else { return };
    photo.shooting = Some(frames - 1);
    if frames > 1 {
        return;
    }
    commands.spawn(Screenshot::primary_window()).observe(
        |captured: On<ScreenshotCaptured>, mut photo: ResMut<PhotoMode>| {
            let folder = pictures_folder();
            photo.said = Some(match save_picture(&captured.image, &folder) {
                Ok(path) => format!("Saved {}", path.display()),
                Err(error) => format!("The picture wasn't saved in {}: {error}", folder.display()),
            });
            photo.shooting = None;
        },
    );
}

/// Where pictures go: the player's pictures folder's `Jetan` (the desktop's pictures folder,
/// else `~/Pictures`, as the desktop names it by default).
fn pictures_folder() -> PathBuf {
    let pictures = dirs::picture_dir().or_else(|| dirs::home_dir().map(|home| home.join("Pictures")));
    pictures.unwrap_or_else(std::env::temp_dir).join("Jetan")
}

/// Saves `image` as a PNG in `folder` (made if missing) under the first free name
/// `jetan-0001.png`, `jetan-0002.png`…, never over a file that is there; returns its path.
///
/// # Errors
/// The folder can't be made, the image can't be encoded, or the file can't be written.
pub fn save_picture(image: &Image, folder: &Path) -> std::io::Result<PathBuf> {
    let picture = image.clone().try_into_dynamic().map_err(std::io::Error::other)?.to_rgb8();
    let mut png = std::io::Cursor::new(Vec::new());
    picture.write_to(&mut png, image::ImageFormat::Png).map_err(std::io::Error::other)?;
    std::fs::create_dir_all(folder)?;
    for number in 1..=9999 {
        let path = folder.join(format!("jetan-{number:04}.png"));
        // Made new, or not at all: a file of that name (even one made meanwhile) is kept.
        match std::fs::OpenOptions::new().write(true).create_new(true).open(&path) {
            Ok(mut file) => {
                if let Err(error) = file.write_all(png.get_ref()).and_then(|()| file.sync_all()) {
                    let _ = std::fs::remove_file(&path);
                    return Err(error);
                }
                return Ok(path);
            }
            Err(error) if error.kind() == std::io::ErrorKind::AlreadyExists => continue,
            Err(error) => return Err(error),
        }
    }
    Err(std::io::Error::other("every name from jetan-0001.png to jetan-9999.png is taken"))
}

/// The photo bar at the foot of the window: the hour, the lens, the picture, the way out; and
/// what the keys and mouse do. Hidden while a picture is taken.
fn photo_bar(
    mut contexts: EguiContexts,
    mut photo: ResMut<PhotoMode>,
    mut held: ResMut<HeldSun>,
    mut commands: Commands,
) -> Result {
    if photo.shooting.is_some() {
        return Ok(());
    }
    let ctx = contexts.ctx_mut()?;
    let photo = &mut *photo;
    egui::Window::new("Photo mode")
        .anchor(egui::Align2::CENTER_BOTTOM, [0.0, -12.0])
        .resizable(false)
        .collapsible(false)
        .show(ctx, |ui| {
            ui.horizontal(|ui| {
                let hour = egui::Slider::new(&mut photo.hour, 0.0..=24.0).text("Hour").custom_formatter(|hour, _| {
                    let minutes = (hour * 60.0).round() as u32 % (24 * 60);
                    format!("{:02}:{:02}", minutes / 60, minutes % 60)
                });
                if ui.add(hour).changed() {
                    held.0 = Some(phase_of_hour(photo.hour));
                }
                ui.add(egui::Slider::new(&mut photo.aperture, 1.0..=22.0).logarithmic(true).text("f-stop"));
                if ui.button("Take picture (Enter)").clicked() {
                    commands.run_system_cached(ask_for_picture);
                }
                if ui.button("Leave (P)").clicked() {
                    commands.run_system_cached(leave);
                }
            });
            ui.weak("Drag to turn, wheel to come near, WASD or the arrows to move; the pointer chooses the focus.");
            if let Some(said) = &photo.said {
                ui.label(said);
            }
        });
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_hours_are_the_suns_phases() {
        assert!((phase_of_hour(6.0)).abs() < 1e-5, "sunrise");
        assert!((phase_of_hour(12.0) - TAU / 4.0).abs() < 1e-5, "noon");
        assert!((phase_of_hour(18.0) - TAU / 2.0).abs() < 1e-5, "sunset");
        for hour in [0.0, 3.5, 6.0, 11.0, 17.25, 23.9] {
            assert!((hour_of_phase(phase_of_hour(hour)) - hour).abs() < 1e-3, "{hour}");
        }
        // The settings' day is in the afternoon, its dusk about sunset.
        let day = hour_of_phase(sun_phase(crate::settings::TimeOfDay::Day, 0.0));
        let dusk = hour_of_phase(sun_phase(crate::settings::TimeOfDay::Dusk, 0.0));
        assert!((12.0..18.0).contains(&day) && (17.0..19.0).contains(&dusk), "{day} {dusk}");
    }

    fn picture() -> Image {
        Image::new_fill(
            bevy::render::render_resource::Extent3d { width: 4, height: 2, depth_or_array_layers: 1 },
            bevy::render::render_resource::TextureDimension::D2,
            &[200, 120, 40, 255],
            bevy::render::render_resource::TextureFormat::Rgba8UnormSrgb,
            bevy::asset::RenderAssetUsages::MAIN_WORLD,
        )
    }

    #[test]
    fn a_picture_never_goes_over_a_file_that_is_there() {
        let folder = std::env::temp_dir().join(format!("jetan-photo-test-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&folder);
        std::fs::create_dir_all(&folder).unwrap();
        std::fs::write(folder.join("jetan-0001.png"), b"the player's own").unwrap();
        let first = save_picture(&picture(), &folder).unwrap();
        let second = save_picture(&picture(), &folder).unwrap();
        assert_eq!(first, folder.join("jetan-0002.png"));
        assert_eq!(second, folder.join("jetan-0003.png"));
        assert_eq!(std::fs::read(folder.join("jetan-0001.png")).unwrap(), b"the player's own");
        let png = std::fs::read(&second).unwrap();
        assert_eq!(&png[1..4], b"PNG");
        // A folder that doesn't exist yet is made.
        let nested = folder.join("new");
        assert_eq!(save_picture(&picture(), &nested).unwrap(), nested.join("jetan-0001.png"));
        std::fs::remove_dir_all(&folder).unwrap();
    }

    #[test]
    fn photo_mode_frees_the_camera_holds_the_sun_and_leaving_puts_them_back() {
        let mut app = App::new();
        app.insert_resource(Settings::default())
            .init_resource::<SkyTime>()
            .init_resource::<HeldSun>()
            .init_resource::<PhotoMode>()
            .insert_resource(Selection { hover: Some(jetan_rules::Square(3)), ..default() });
        let camera = app.world_mut().spawn((BoardCamera::new(View::Diagram, 0.6, 14.0), Camera::default())).id();
        app.world_mut().run_system_cached(enter).unwrap();
        app.world_mut().flush();
        assert!(app.world().resource::<PhotoMode>().on());
        assert!(app.world().resource::<HeldSun>().0.is_some());
        assert!(app.world().resource::<Selection>().hover.is_none());
        let board_camera = app.world().get::<BoardCamera>(camera).unwrap();
        assert!(board_camera.free && board_camera.view == View::Orbit);
        assert!(app.world().get::<DepthOfField>(camera).is_some());
        // Flown far, low and round, then back where it was.
        let mut board_camera = app.world_mut().get_mut::<BoardCamera>(camera).unwrap();
        board_camera.focus = Vec3::new(12.0, 0.0, -5.0);
        board_camera.pitch = 0.03;
        board_camera.distance = 2.0;
        board_camera.yaw = 2.0;
        app.world_mut().run_system_cached(leave).unwrap();
        app.world_mut().flush();
        assert!(!app.world().resource::<PhotoMode>().on());
        assert_eq!(app.world().resource::<HeldSun>().0, None);
        let board_camera = app.world().get::<BoardCamera>(camera).unwrap();
        assert!(!board_camera.free && board_camera.view == View::Diagram && board_camera.focus == Vec3::ZERO);
        assert_eq!((board_camera.yaw, board_camera.pitch, board_camera.distance), (0.0, 0.6, 14.0));
        assert!(app.world().get::<DepthOfField>(camera).is_none());
    }
}
