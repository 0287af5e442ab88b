//! How the game is launched: the first game (its variant, rule options, moves, clocks, or a
//! record to open) and the stage directions of a launch made for a picture (a screenshot, a
//! square selected or hovered, a move caught halfway, the camera's pitch and zoom, a hint or an
//! analysis waited for).

use std::path::PathBuf;

use bevy::prelude::*;

use crate::time_control::TimeControl;

/// What the command line launches: the first game, and the stage directions.
#[derive(Clone, Debug, Default)]
pub struct Launch {
    /// The first game.
    pub game: FirstGame,
    /// What a launch for a picture stages.
    pub stage: StageDirections,
}

impl Launch {
    /// A launch straight into a game of the variant at `path` (`variants/jetan.ron`).
    pub fn playing(path: &str) -> Launch {
        Launch { game: FirstGame { variant: Some(path.into()), ..default() }, ..default() }
    }

    /// Makes this the app's launch: its two parts as resources.
    pub fn install(self, app: &mut App) {
        app.insert_resource(self.game).insert_resource(self.stage);
    }
}

/// The first game a launch names.
#[derive(Resource, Clone, Debug, Default)]
pub struct FirstGame {
    /// The variant file, as an asset path (for example `variants/jetan.ron`).
    pub variant: Option<String>,
    /// The first game's rule options, as `option=choice` or `side:option=choice`.
    pub options: Vec<String>,
    /// Moves to play at the start, in notation, comma-separated.
    pub moves: Option<String>,
    /// The first game's clocks.
    pub clocks: TimeControl,
    /// A record file to open once the first game has started, and play on from.
    pub open: Option<PathBuf>,
}

impl FirstGame {
    /// Whether the launch names a game: its variant, options, moves, clocks or a record.
    pub fn named(&self) -> bool {
        self.variant.is_some()
            || self.moves.is_some()
            || self.open.is_some()
            || !self.options.is_empty()
            || self.clocks != TimeControl::Untimed
    }
}

/// What a launch made for a picture stages.
#[derive(Resource, Clone, Debug, Default)]
pub struct StageDirections {
    /// Take a screenshot to this path once the scene is drawn, then exit.
    pub screenshot: Option<PathBuf>,
    /// Print the scene's budget as the screenshot is taken.
    pub stats: bool,
    /// Write where each side's pieces are in the screenshot to this file.
    pub piece_points: Option<PathBuf>,
    /// A square to click once the board is set (to show a piece's moves).
    pub select: Option<String>,
    /// A square held hovered, whatever the pointer does (to show a piece's name).
    pub hover: Option<String>,
    /// A move to play for the screenshot, taken halfway through its animation.
    pub animate: Option<String>,
    /// How far the camera looks down at the start, in degrees (for pictures of the sky).
    pub pitch: Option<f32>,
    /// How near the camera stands at the start, as a share of the distance that frames the
    /// board (for close pictures).
    pub zoom: Option<f32>,
    /// Ask for a hint once the first game starts (a screenshot waits for it).
    pub hint: bool,
    /// Ask for the analysis of the launch moves once the first game starts (a screenshot
    /// waits for it).
    pub analyse: bool,
    /// Show the title screen even though the launch names a game (for pictures of it).
    pub title: bool,
}

impl StageDirections {
    /// Whether the directions show something of a game (a square, a move, a hint, an analysis,
    /// or a screenshot, which is of a game unless it is of the title).
    fn show_a_game(&self) -> bool {
        self.select.is_some()
            || self.hover.is_some()
            || self.animate.is_some()
            || self.hint
            || self.analyse
            || self.screenshot.is_some()
    }
}

/// Whether the launch goes straight into a game (it names one, or stages something of one)
/// rather than to the title screen.
pub fn straight_to_game(game: &FirstGame, stage: &StageDirections) -> bool {
    !stage.title && (game.named() || stage.show_a_game())
}
