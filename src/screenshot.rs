//! `--screenshot PATH`: once the scene has been drawn for a while, save the window to a PNG and
//! exit. Software renderers compile shaders slowly, so it waits for frames, not seconds.

use bevy::prelude::*;
use bevy::render::view::screenshot::{Screenshot, ScreenshotCaptured, save_to_disk};

use crate::Launch;
use crate::game::Game;

/// Frames drawn with the game on the board before the picture is taken.
const FRAMES_BEFORE_CAPTURE: u32 = 60;
/// Frames after which the picture is taken even if no game could start (it shows why).
const FRAMES_AT_MOST: u32 = 400;

#[derive(Resource, Default)]
struct Capture {
    frames: u32,
    requested: bool,
    saved: bool,
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Capture>().add_systems(Last, capture.run_if(|launch: Res<Launch>| launch.screenshot.is_some()));
}

fn capture(
    mut commands: Commands,
    launch: Res<Launch>,
    game: Option<Res<Game>>,
    mut capture: ResMut<Capture>,
    mut exit: MessageWriter<AppExit>,
) {
    if capture.saved {
        exit.write(AppExit::Success);
        return;
    }
    if capture.requested {
        return;
    }
    capture.frames += 1;
    let ready = game.is_some() && capture.frames >= FRAMES_BEFORE_CAPTURE;
    if ready || capture.frames >= FRAMES_AT_MOST {
        let path = launch.screenshot.clone().expect("only run with a screenshot path");
        commands
            .spawn(Screenshot::primary_window())
            .observe(save_to_disk(path))
            .observe(|_: On<ScreenshotCaptured>, mut capture: ResMut<Capture>| capture.saved = true);
        capture.requested = true;
    }
}
