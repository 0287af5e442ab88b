//! The Jetan game on Bevy. [`JetanPlugin`] is the whole game; [`GameLogicPlugin`] is the part
//! that runs without a window or GPU (what the headless tests drive).

pub mod ai_player;
pub mod analysis;
pub mod animation;
pub mod atomic_file;
pub mod background;
pub mod board;
pub mod camera;
pub mod clock;
pub mod diagram;
pub mod facts;
pub mod game;
pub mod headless;
pub mod hint;
pub mod input;
pub mod look_asset;
pub mod looks;
pub mod online;
pub mod places;
pub mod records;
pub mod ron_text;
pub mod scene;
pub mod screen;
pub mod screenshot;
pub mod seat;
pub mod settings;
pub mod shipped;
pub mod sound;
pub mod ui;
pub mod variant_asset;

/// The time controls and clocks, shared with the online server (`jetan_online`).
pub use jetan_online::time_control;

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
    pub clocks: time_control::TimeControl,
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
    /// A record file to open once the first game has started, and play on from.
    pub open: Option<PathBuf>,
    /// Show the title screen even though the launch names a game (for screenshots of it).
    pub title: bool,
}

impl Launch {
    /// Whether the launch goes straight into a game (it names one, its moves, a record or
    /// something to show of it) rather than to the title screen.
    pub fn straight_to_game(&self) -> bool {
        let names_a_game = self.variant.is_some()
            || self.moves.is_some()
            || self.open.is_some()
            || !self.options.is_empty()
            || self.select.is_some()
            || self.hover.is_some()
            || self.animate.is_some()
            || self.hint
            || self.analyse
            || self.clocks != time_control::TimeControl::Untimed;
        !self.title && (names_a_game || self.screenshot.is_some())
    }
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

/// The order of each frame's work, stated once: every system of the game's `Update` runs in
/// one of these sets, chained in this order. Input is turned into game actions, the clocks and
/// the AI have their say, the game changes, what follows a change starts, the board and its
/// animations follow the game, the rules are written onto the entities, and the view draws
/// what the game is.
#[derive(SystemSet, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum AppSystems {
    /// Read input (clicks, keys, files that changed) into messages and resources.
    RecordInput,
    /// The clocks tick and a finished AI thought proposes its move.
    Decide,
    /// Apply actions to the game.
    Update,
    /// Call off the background work a reset game no longer wants (the AI's thought, a hint).
    CallOff,
    /// Start what a changed game calls for: the AI's next thought, hints, analysis, autosave.
    React,
    /// Set the board's entities from the game when it was reset.
    Board,
    /// Move the board's entities towards the game's position.
    Animate,
    /// Write what the rules say onto the board's entities.
    Facts,
    /// Give the tokens their looks.
    Looks,
    /// Draw: models, marks, the diagram's twins, the scene's life.
    View,
}

impl AppSystems {
    /// Every set, in the frame's order.
    const ORDER: [AppSystems; 10] = [
        AppSystems::RecordInput,
        AppSystems::Decide,
        AppSystems::Update,
        AppSystems::CallOff,
        AppSystems::React,
        AppSystems::Board,
        AppSystems::Animate,
        AppSystems::Facts,
        AppSystems::Looks,
        AppSystems::View,
    ];
}

/// The rules, the game state and the board's entities: everything but drawing and input devices.
pub struct GameLogicPlugin;

impl Plugin for GameLogicPlugin {
    fn build(&self, app: &mut App) {
        let [a, b, c, d, e, f, g, h, i, j] = AppSystems::ORDER;
        app.configure_sets(Update, (a, b, c, d, e, f, g, h, i, j).chain());
        // What the clocks, the AI, the board and its animations and looks do is done for a
        // game: only while one is played.
        let playing = || in_state(screen::Screen::Playing);
        use AppSystems::{Animate, Board, CallOff, Decide, Looks, React};
        for set in [Decide, CallOff, React, Board, Animate, Looks] {
            app.configure_sets(Update, set.run_if(playing()));
        }
        app.init_resource::<Launch>();
        app.add_plugins((
            screen::plugin,
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
            facts::plugin,
            input::plugin,
            online::plugin,
        ));
    }

    /// Every schedule of the main world runs on one thread (the renderer's world keeps its
    /// own). The game's systems are many and small: on a 2-core machine the multi-threaded
    /// executor spent ~2.8 ms of an idle frame waking threads for them, against ~0.2 ms for
    /// the whole frame on one (`cargo run --release --example frame_time`). The AI, hints and
    /// analysis search on the async compute pool all the same.
    fn cleanup(&self, app: &mut App) {
        let mut schedules = app.world_mut().resource_mut::<bevy::ecs::schedule::Schedules>();
        for (_, schedule) in schedules.iter_mut() {
            schedule.set_executor(bevy::ecs::schedule::SingleThreadedExecutor::new());
        }
    }
}

/// The whole game: a window, the 3D scene, the camera, the panels.
pub struct JetanPlugin {
    /// How the game starts.
    pub launch: Launch,
}

impl Plugin for JetanPlugin {
    fn build(&self, app: &mut App) {
        // The game's folder's assets/ when it has one (reloaded live), else the shipped files;
        // and the player's mods folder (reloaded live).
        let places = places::Places::player();
        let assets = places.assets.clone();
        places.install(app);
        if !assets.is_dir() {
            use bevy::asset::io::{AssetSourceBuilder, AssetSourceId, memory::MemoryAssetReader};
            let folder = shipped::folder();
            let reader = move || -> Box<dyn bevy::asset::io::ErasedAssetReader> {
                Box::new(MemoryAssetReader { root: folder.clone() })
            };
            app.register_asset_source(AssetSourceId::Default, AssetSourceBuilder::new(reader));
        }
        app.add_plugins(
            DefaultPlugins
                .set(WindowPlugin {
                    primary_window: Some(Window { title: "Jetan".into(), resolution: (1280, 720).into(), ..default() }),
                    ..default()
                })
                .set(AssetPlugin {
                    file_path: assets.display().to_string(),
                    watch_for_changes_override: Some(true),
                    ..default()
                }),
        );
        app.add_plugins(MeshPickingPlugin);
        app.insert_resource(self.launch.clone());
        app.insert_resource(sound::SoundDevice("default".into()));
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
        app.add_plugins((scene::plugin, diagram::plugin, camera::plugin, ui::plugin, sound::plugin));
    }
}
