//! The `jetan` command: plays the game, or runs one of the rules tools.

mod commands;

use std::path::PathBuf;
use std::process::ExitCode;

use bevy::prelude::*;
use clap::Parser;
use jetan::launch::{FirstGame, StageDirections};
use jetan::settings::{Named, Pieces, Quality, Settings, TimeOfDay, View};
use jetan::ui::{StartWindow, UiState};
use jetan::variant_asset::asset_path;
use jetan::{JetanPlugin, Launch};

/// Jetan, Burroughs' Martian chess, and James Spratt's Jetan Sarang and Jetan Jeddara.
#[derive(Parser)]
#[command(version, about)]
struct Cli {
    /// A rules tool to run instead of the game.
    #[command(subcommand)]
    command: Option<commands::Command>,
    /// Save a screenshot of the game to this PNG file once it is drawn, then exit.
    #[arg(long, value_name = "PATH")]
    screenshot: Option<PathBuf>,
    /// With --screenshot: print the scene's budget as the picture is taken (mesh instances,
    /// draw batches and triangles in view, shadow casters, texture memory).
    #[arg(long, requires = "screenshot")]
    stats: bool,
    /// With --screenshot: write where each side's pieces are in the picture to this file (a
    /// line a piece, `SIDE X Y`; for tools/side_distance.py).
    #[arg(long, value_name = "FILE", requires = "screenshot")]
    piece_points: Option<PathBuf>,
    /// The variant to play: a shipped variant's name (jetan, jetan_sarang, jetan_jeddara) or a
    /// file under assets/.
    #[arg(long, value_name = "NAME|FILE", value_parser = asset_path)]
    variant: Option<String>,
    /// A rule option's choice for the first game, as option=choice for both sides or
    /// side:option=choice for one (south:warrior=up_to; the variant's side names serve too)
    /// (repeatable).
    #[arg(long = "option", value_name = "[SIDE:]OPTION=CHOICE")]
    options: Vec<String>,
    /// Moves to play at the start, in notation, separated by commas.
    #[arg(long)]
    moves: Option<String>,
    /// Select the piece on this square at the start (to show its moves in a screenshot).
    #[arg(long, value_name = "SQUARE")]
    select: Option<String>,
    /// Hover the piece on this square, whatever the pointer does (to show its name in a
    /// screenshot).
    #[arg(long, value_name = "SQUARE")]
    hover: Option<String>,
    /// With --screenshot: play this move once the scene is drawn and take the picture halfway
    /// through its animation (an airship in flight, a train on its way).
    #[arg(long, value_name = "MOVE")]
    animate: Option<String>,
    /// The first game's clocks: none, minutes per side (10), minutes and an increment in
    /// seconds (5+3), or seconds per turn (30s).
    #[arg(long, value_name = "CONTROL", default_value = "none")]
    clocks: jetan::time_control::TimeControl,
    /// Ask the AI for a hint once the game starts (a screenshot shows it).
    #[arg(long)]
    hint: bool,
    /// Start in analysis mode: the AI judges the --moves, the player moves for both sides and
    /// no clock runs (a screenshot shows the judgements).
    #[arg(long)]
    analyse: bool,
    /// How far the camera looks down at the start, in degrees (6 to 86; low shows the sky).
    #[arg(long, value_name = "DEGREES", value_parser = pitch)]
    pitch: Option<f32>,
    /// How near the camera stands at the start, as a share of the distance that frames the
    /// board (0.4 to 2.5; less is nearer).
    #[arg(long, value_name = "SHARE", value_parser = zoom)]
    zoom: Option<f32>,
    /// The time of day, instead of the settings' (day, dusk, night or passing).
    #[arg(long, value_name = "TIME", value_parser = TimeOfDay::parse)]
    time_of_day: Option<TimeOfDay>,
    /// The scene's quality, instead of the settings' (low, medium or high; low for software
    /// renderers).
    #[arg(long, value_name = "QUALITY", value_parser = Quality::parse)]
    quality: Option<Quality>,
    /// How the pieces are drawn, instead of the settings' (statuettes, or living: Manator's
    /// warriors and beasts).
    #[arg(long, value_name = "PIECES", value_parser = Pieces::parse)]
    pieces: Option<Pieces>,
    /// The view at the start, instead of the settings' (3d, top or 2d).
    #[arg(long, value_name = "VIEW", value_parser = View::parse)]
    view: Option<View>,
    /// Open a saved game (a record, as the game saves them) and play on from it.
    #[arg(long, value_name = "FILE")]
    open: Option<PathBuf>,
    /// Show this screen at the start: `title` shows the title screen even when other options
    /// name a game (for screenshots of it). Without options the game opens on the title.
    #[arg(long, value_name = "SCREEN", value_parser = ["title"])]
    screen: Option<String>,
    /// Open a window at the start: new, save, moves, pieces, settings or rules (repeatable; for
    /// screenshots).
    #[arg(long, value_name = "WINDOW")]
    window: Vec<StartWindow>,
}

/// A camera pitch as `--pitch` takes it: degrees, 6 to 86.
fn pitch(text: &str) -> Result<f32, String> {
    let degrees: f32 = text.parse().map_err(|_| format!("`{text}` is not a number of degrees"))?;
    (6.0..=86.0).contains(&degrees).then_some(degrees).ok_or_else(|| format!("{degrees} degrees: use 6 to 86"))
}

/// A camera distance as `--zoom` takes it: a share of the framing distance, 0.4 to 2.5.
fn zoom(text: &str) -> Result<f32, String> {
    let share: f32 = text.parse().map_err(|_| format!("`{text}` is not a number"))?;
    (0.4..=2.5).contains(&share).then_some(share).ok_or_else(|| format!("{share}: use 0.4 to 2.5"))
}

fn main() -> ExitCode {
    // clap's own printing of a usage error panics on a standard error that can't be written.
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(error) => {
            let _ = error.print();
            return ExitCode::from(u8::try_from(error.exit_code()).unwrap_or(2));
        }
    };
    if let Some(command) = cli.command {
        return commands::run(command);
    }
    let game =
        FirstGame { variant: cli.variant, options: cli.options, moves: cli.moves, clocks: cli.clocks, open: cli.open };
    let stage = StageDirections {
        screenshot: cli.screenshot,
        stats: cli.stats,
        piece_points: cli.piece_points,
        select: cli.select,
        hover: cli.hover,
        animate: cli.animate,
        pitch: cli.pitch,
        zoom: cli.zoom,
        hint: cli.hint,
        analyse: cli.analyse,
        title: cli.screen.is_some(),
    };
    let launch = Launch { game, stage };
    let mut app = App::new();
    app.add_plugins(JetanPlugin { launch }).insert_resource(UiState::opening(&cli.window));
    let mut settings = app.world_mut().resource_mut::<Settings>();
    if let Some(time) = cli.time_of_day {
        settings.time_of_day = time;
    }
    if let Some(pieces) = cli.pieces {
        settings.pieces = pieces;
    }
    if let Some(quality) = cli.quality {
        settings.quality = quality;
    }
    if let Some(view) = cli.view {
        settings.view = view;
    }
    match app.run() {
        AppExit::Success => ExitCode::SUCCESS,
        AppExit::Error(_) => ExitCode::FAILURE,
    }
}
