//! The Jetan game on Bevy. [`JetanPlugin`] is the whole game; [`GameLogicPlugin`] is the part
//! that runs without a window or GPU (what the headless tests drive).

pub mod ai_player;
pub mod analysis;
pub mod animation;
pub mod background;
pub mod board;
pub mod camera;
pub mod clock;
pub mod diagram;
pub mod game;
pub mod headless;
pub mod hint;
pub mod look_asset;
pub mod looks;
pub mod records;
pub mod ron_text;
pub mod rules;
pub mod scene;
pub mod screenshot;
pub mod settings;
pub mod ui;
pub mod variant_asset;

use std::path::PathBuf;

use bevy::prelude::*;

/// How the game starts: which variant, moves to play first, and whether to take a screenshot.
#[derive(Resource, Clone, Debug, Default)]
pub struct Launch {
    /// The variant file, relative to `assets/` (for example `variants/jetan.ron`).
    pub variant: Option<String>,
    /// The first game's rule options, as `option=choice` or `side:option=choice`.
    pub options: Vec<String>,
    /// Moves to play at the start, in notation, comma-separated.
    pub moves: Option<String>,
    /// A square to click once the board is set (to show a piece's moves in a screenshot).
    pub select: Option<String>,
    /// A square held hovered, whatever the pointer does (to show a piece's name in a screenshot).
    pub hover: Option<String>,
    /// Take a screenshot to this path once the scene is drawn, then exit.
    pub screenshot: Option<PathBuf>,
    /// A move to play for the screenshot, taken halfway through its animation.
    pub animate: Option<String>,
    /// The first game's clocks.
    pub clocks: clock::TimeControl,
    /// How far the camera looks down at the start, in degrees (for screenshots of the sky).
    pub pitch: Option<f32>,
    /// How near the camera stands at the start, as a share of the distance that frames the
    /// board (for close screenshots).
    pub zoom: Option<f32>,
    /// Ask for a hint once the first game starts (a screenshot waits for it).
    pub hint: bool,
    /// Ask for the analysis of the launch moves once the first game starts (a screenshot
    /// waits for it).
    pub analyse: bool,
}

/// The game's folder: the working directory when it holds `assets/` (running from the
/// repository or an unpacked release), else where Bevy looks (`BEVY_ASSET_ROOT`, the crate
/// under `cargo run`, or beside the executable). It holds `assets/` and `config/`.
pub fn game_root() -> PathBuf {
    let cwd = std::env::current_dir().unwrap_or_default();
    let set_by_env = ["BEVY_ASSET_ROOT", "CARGO_MANIFEST_DIR"].iter().any(|v| std::env::var_os(v).is_some());
    if !set_by_env && cwd.join("assets").is_dir() {
        cwd
    } else {
        bevy::asset::io::file::FileAssetReader::get_base_path()
    }
}

/// The order of each frame's work, chained once: input is turned into game actions, the
/// game changes, the board follows, and the view draws what the game is.
#[derive(SystemSet, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum AppSystems {
    /// Read input (clicks, keys) into messages.
    RecordInput,
    /// Apply actions to the game.
    Update,
    /// Move the board's entities towards the game's position.
    Animate,
}

/// The rules, the game state and the board's entities: everything but drawing and input devices.
pub struct GameLogicPlugin;

impl Plugin for GameLogicPlugin {
    fn build(&self, app: &mut App) {
        app.configure_sets(Update, (AppSystems::RecordInput, AppSystems::Update, AppSystems::Animate).chain());
        app.init_resource::<Launch>();
        app.add_plugins((
            settings::plugin,
            variant_asset::plugin,
            look_asset::plugin,
            game::plugin,
            board::plugin,
            animation::plugin,
            ai_player::plugin,
            clock::plugin,
            hint::plugin,
            analysis::plugin,
            records::plugin,
            rules::plugin,
        ));
    }
}

/// The whole game: a window, the 3D scene, the camera, the panels.
pub struct JetanPlugin {
    /// How the game starts.
    pub launch: Launch,
}

impl Plugin for JetanPlugin {
    fn build(&self, app: &mut App) {
        app.add_plugins(
            DefaultPlugins
                .set(WindowPlugin {
                    primary_window: Some(Window { title: "Jetan".into(), resolution: (1280, 720).into(), ..default() }),
                    ..default()
                })
                .set(AssetPlugin {
                    file_path: game_root().join("assets").display().to_string(),
                    watch_for_changes_override: Some(true),
                    ..default()
                }),
        );
        app.add_plugins(MeshPickingPlugin);
        app.insert_resource(self.launch.clone());
        app.add_plugins((GameLogicPlugin, InterfacePlugin, screenshot::plugin));
    }
}

/// What the player sees and handles on top of the game's logic: the 3D scene, the camera and
/// the egui panels (with egui's own plugin). It needs a window, not a renderer: the frame
/// benchmark runs it without one.
pub struct InterfacePlugin;

impl Plugin for InterfacePlugin {
    fn build(&self, app: &mut App) {
        app.add_plugins(bevy_egui::EguiPlugin::default());
        app.add_plugins((scene::plugin, diagram::plugin, camera::plugin, ui::plugin));
    }
}
