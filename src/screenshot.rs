//! `--screenshot PATH`: once the scene has been drawn for a while, save the window to a PNG and
//! exit. Software renderers compile shaders slowly, so it waits for frames, not seconds. With
//! `--animate MOVE` it plays the move first, game time advancing a fixed 1/60 s a frame, and
//! takes the picture as a piece it takes falls (a quarter through its fall), or else halfway
//! through the animation (the walks, a piece brought back rising).

use bevy::prelude::*;
use bevy::render::view::screenshot::{Screenshot, ScreenshotCaptured, save_to_disk};

use bevy::time::TimeUpdateStrategy;

use crate::analysis::Analysis;
use crate::animation::{Appearing, BeingShown, Leaving, Walking};
use crate::board::PieceToken;
use crate::game::{Game, GameAction, Notice};
use crate::hint::Hint;
use crate::launch::StageDirections;
use crate::screen::Screen;
use crate::token_looks::TokenLook;

/// Frames drawn with the game on the board before the picture is taken.
const FRAMES_BEFORE_CAPTURE: u32 = 60;
/// Frames after which the picture is taken even if no game could start (it shows why).
const FRAMES_AT_MOST: u32 = 400;

#[derive(Resource, Default)]
struct Capture {
    frames: u32,
    /// The frame the launch's move was played at, once it was.
    played_at: Option<u32>,
    requested: bool,
    saved: bool,
}

pub(super) fn plugin(app: &mut App) {
    let shooting = |stage: Res<StageDirections>| stage.screenshot.is_some();
    app.init_resource::<Capture>().add_systems(Last, (park_pointer, capture).run_if(shooting));
    let animating =
        app.world().get_resource::<StageDirections>().is_some_and(|l| l.screenshot.is_some() && l.animate.is_some());
    if animating {
        app.insert_resource(TimeUpdateStrategy::ManualDuration(std::time::Duration::from_secs_f64(1.0 / 60.0)));
    }
}

/// Moves the pointer to the window's top-left corner, over the menu bar, where it hovers no
/// piece: a virtual display starts it in the middle of the board, where its name plate would
/// cover the picture.
fn park_pointer(mut windows: Query<&mut Window, With<bevy::window::PrimaryWindow>>, mut parked: Local<bool>) {
    if *parked {
        return;
    }
    for mut window in &mut windows {
        window.set_cursor_position(Some(Vec2::new(2.0, 2.0)));
        *parked = true;
    }
}

/// What a piece being shown is doing: walking, falling, rising.
type Shown = (Option<&'static Walking>, Option<&'static Leaving>, Option<&'static Appearing>);

/// Whether the launch's move has been played and its animation is at the moment to show; plays it
/// when the scene is ready.
fn animation_halfway(
    stage: &StageDirections,
    game: &Game,
    capture: &mut Capture,
    moving: &Query<Shown, BeingShown>,
    board_ready: bool,
    actions: &mut MessageWriter<GameAction>,
    notice: &mut Notice,
) -> bool {
    let Some(text) = &stage.animate else { return true };
    // The move is played once every piece wears its look, so that its animation shows.
    let Some(played_at) = capture.played_at else {
        if board_ready {
            match game.position().parse_turn(text) {
                Ok(plies) => {
                    actions.write(GameAction::Play(plies[0]));
                }
                Err(error) => notice.0 = Some(format!("--animate: {error}")),
            }
            capture.played_at = Some(capture.frames);
        }
        return false;
    };
    let after = capture.frames > played_at;
    // A capture is caught as the piece taken falls, a quarter through its fall.
    if let Some(fallen) = moving.iter().filter_map(|(_, fall, _)| fall.map(Leaving::progress)).reduce(f32::max) {
        return after && (fallen >= 0.25 || notice.0.is_some());
    }
    // All of a move's animations start together: halfway is half the time of the longest.
    let (now, end) = moving
        .iter()
        .flat_map(|(walk, fall, rise)| {
            let walk = walk.map(|w| (w.elapsed, w.duration));
            let fall = fall.map(|f| (f.elapsed, f.delay + f.duration));
            let rise = rise.map(|r| (r.elapsed, r.delay + r.duration));
            [walk, fall, rise].into_iter().flatten()
        })
        .fold((0.0_f32, 0.0_f32), |(now, end), (elapsed, lasts)| (now.max(elapsed), end.max(lasts)));
    after && ((end > 0.0 && now >= 0.5 * end) || notice.0.is_some())
}

fn capture(
    mut commands: Commands,
    stage: Res<StageDirections>,
    game: Option<Res<Game>>,
    screen: Res<State<Screen>>,
    mut capture: ResMut<Capture>,
    mut exit: MessageWriter<AppExit>,
    moving: Query<Shown, BeingShown>,
    tokens: Query<Has<TokenLook>, With<PieceToken>>,
    mut actions: MessageWriter<GameAction>,
    mut notice: ResMut<Notice>,
    hint: Res<Hint>,
    analysis: Res<Analysis>,
) {
    if capture.saved {
        exit.write(AppExit::Success);
        return;
    }
    if capture.requested {
        return;
    }
    capture.frames += 1;
    // The title is ready once drawn for a while; a game once its launch's move, hint and
    // analysis are shown.
    let ready = capture.frames >= FRAMES_BEFORE_CAPTURE
        && match &game {
            Some(game) => {
                let board_ready = !tokens.is_empty() && tokens.iter().all(|dressed| dressed);
                animation_halfway(&stage, game, &mut capture, &moving, board_ready, &mut actions, &mut notice)
                    && (!stage.hint || hint.for_game(game).is_some() || !hint.searching())
                    && (!stage.analyse || !analysis.running())
            }
            None => *screen.get() == Screen::Title,
        };
    if ready || capture.frames >= FRAMES_AT_MOST {
        let path = stage.screenshot.clone().expect("only run with a screenshot path");
        if stage.stats {
            commands.queue(crate::stats::print_budget);
        }
        if let Some(points) = stage.piece_points.clone() {
            commands.queue(crate::picture_points::write_to(points));
        }
        commands
            .spawn(Screenshot::primary_window())
            .observe(save_to_disk(path))
            .observe(|_: On<ScreenshotCaptured>, mut capture: ResMut<Capture>| capture.saved = true);
        capture.requested = true;
    }
}
