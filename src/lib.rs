//! The Jetan game on Bevy. [`JetanPlugin`] is the whole game; [`GameLogicPlugin`] is the part
//! that runs without a window or GPU (what the headless tests drive).

#![warn(missing_docs)]

pub mod ai_player;
pub mod analysis;
pub mod animation;
pub mod asset_path;
pub mod asset_source;
pub mod atomic_file;
pub mod background;
pub mod board;
pub mod camera;
pub mod checked_file;
pub mod clock;
pub mod crowd_mood;
pub mod diagram;
pub mod facts;
pub mod game;
pub mod headless;
pub mod heard;
pub mod hint;
pub mod input;
pub mod launch;
pub mod learning;
pub mod look_asset;
pub mod looks;
pub mod online;
pub mod palette;
pub mod photo;
pub mod picture_points;
pub mod places;
pub mod records;
pub mod ron_text;
pub mod scene;
pub mod screen;
pub mod screenshot;
pub mod seat;
pub mod settings;
pub mod shipped;
pub mod sky_clock;
pub mod sound;
pub mod stats;
pub mod token_looks;
pub mod ui;
pub mod variant_asset;

/// The time controls and clocks, shared with the online server (`jetan_online`).
pub use jetan_online::time_control;

pub use launch::Launch;

use std::path::PathBuf;

use bevy::prelude::*;

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

/// The systems, beside those of the sets `AppSystems` runs only while playing, that run only
/// while a game is played (the screen is `Playing`, and a `Game` exists), in whichever set of
/// the frame they belong to and in the egui pass.
#[derive(SystemSet, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct WhilePlaying;

/// The rules, the game state and the board's entities: everything but drawing and input devices.
pub struct GameLogicPlugin;

impl Plugin for GameLogicPlugin {
    fn build(&self, app: &mut App) {
        let [a, b, c, d, e, f, g, h, i, j] = AppSystems::ORDER;
        app.configure_sets(Update, (a, b, c, d, e, f, g, h, i, j).chain());
        // What the clocks, the AI, the board and its animations and looks do is done for a
        // game: only while one is played; and so is what any module puts in `WhilePlaying`.
        let playing = || in_state(screen::Screen::Playing);
        use AppSystems::{Animate, Board, CallOff, Decide, Looks, React};
        for set in [Decide, CallOff, React, Board, Animate, Looks] {
            app.configure_sets(Update, set.run_if(playing()));
        }
        app.configure_sets(Update, WhilePlaying.run_if(playing()));
        app.init_resource::<launch::FirstGame>().init_resource::<launch::StageDirections>();
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
        ));
        app.add_plugins((token_looks::plugin, input::plugin, online::plugin, learning::plugin));
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
        self.launch.clone().install(app);
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
        let playing = in_state(screen::Screen::Playing);
        app.configure_sets(bevy_egui::EguiPrimaryContextPass, WhilePlaying.run_if(playing));
        app.add_plugins((
            crowd_mood::plugin,
            sky_clock::plugin,
            scene::plugin,
            diagram::plugin,
            camera::plugin,
            ui::plugin,
            photo::plugin,
            sound::plugin,
        ));
    }
}
