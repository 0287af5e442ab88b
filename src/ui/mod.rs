//! The egui interface: a menu bar, a side panel with the turn, a box to type a move in, the
//! moves and the captured pieces, the Charge's call and the game-over banner, the board's file and rank labels, the
//! hovered piece's name, and the windows for a new game, playing online, saving and opening, the
//! move list, the pieces, the rules guide, the settings, the lessons and the puzzles (with the
//! coach's panel over a lesson or a puzzle played).

mod analysis_panel;
mod banner;
mod coach_panel;
mod files;
mod hint_panel;
mod hover;
mod labels;
mod learn_window;
mod menu;
mod mini_board;
mod move_list;
mod new_game;
mod online_window;
mod pieces;
mod puzzles_window;
mod rules_guide;
mod settings_window;
mod status;
mod title;
mod turn;
mod typed_move;

use bevy::camera::visibility::RenderLayers;
use bevy::camera::{CameraOutputMode, Viewport};
use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use bevy::render::render_resource::BlendState;
use bevy::window::PrimaryWindow;
use bevy_egui::{EguiContexts, EguiGlobalSettings, EguiPrimaryContextPass, PrimaryEguiContext, egui};

use crate::camera::{BoardCamera, DiagramCamera};
use crate::game::{Game, GameAction, Notice};
use crate::screen::Screen;
use crate::variant_asset::VariantCatalog;

/// Which windows are open, and the new-game form.
#[derive(Resource, Default)]
pub struct UiState {
    /// The new-game window.
    pub new_game: Option<new_game::NewGameForm>,
    /// The piece browser.
    pub pieces_open: bool,
    /// The settings window.
    pub settings_open: bool,
    /// The rules guide.
    pub rules_open: bool,
    /// The save-or-open window.
    pub files: Option<files::FileForm>,
    /// The move-list window.
    pub move_list: Option<move_list::MoveListForm>,
    /// The move being typed in the side panel.
    pub typed_move: typed_move::TypedMove,
    /// The menu over a game (`Esc`).
    pub menu_open: bool,
    /// The "Play online…" window.
    pub online: Option<online_window::OnlineForm>,
    /// The Learn window.
    pub learn: Option<learn_window::LearnForm>,
    /// The Puzzles window.
    pub puzzles: Option<puzzles_window::PuzzlesForm>,
}

/// A window to open at start (`--window`, to show it in a screenshot).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StartWindow {
    /// A new game (filled from the first game).
    NewGame,
    /// Save or open a game.
    Save,
    /// The move list.
    Moves,
    /// The piece browser.
    Pieces,
    /// The settings.
    Settings,
    /// The rules guide.
    Rules,
    /// Play online.
    Online,
    /// The lessons.
    Learn,
    /// The puzzles.
    Puzzles,
}

impl std::str::FromStr for StartWindow {
    type Err = String;

    fn from_str(name: &str) -> Result<StartWindow, String> {
        match name {
            "new" => Ok(StartWindow::NewGame),
            "save" => Ok(StartWindow::Save),
            "moves" => Ok(StartWindow::Moves),
            "pieces" => Ok(StartWindow::Pieces),
            "settings" => Ok(StartWindow::Settings),
            "rules" => Ok(StartWindow::Rules),
            "online" => Ok(StartWindow::Online),
            "learn" => Ok(StartWindow::Learn),
            "puzzles" => Ok(StartWindow::Puzzles),
            _ => Err(format!(
                "`{name}` is not a window: new, save, moves, pieces, settings, rules, online, learn or puzzles"
            )),
        }
    }
}

impl UiState {
    /// Whether a window that takes the player's attention is open: a new game, saving or
    /// opening, the menu (the clocks wait meanwhile).
    pub fn modal_open(&self) -> bool {
        self.new_game.is_some() || self.files.is_some() || self.menu_open
    }

    /// The interface with these windows open.
    pub fn opening(windows: &[StartWindow]) -> UiState {
        let mut state = UiState::default();
        for window in windows {
            match window {
                StartWindow::NewGame => state.new_game = Some(new_game::NewGameForm::like_current()),
                StartWindow::Save => state.files = Some(files::FileForm::default()),
                StartWindow::Moves => state.move_list = Some(move_list::MoveListForm::default()),
                StartWindow::Pieces => state.pieces_open = true,
                StartWindow::Settings => state.settings_open = true,
                StartWindow::Rules => state.rules_open = true,
                StartWindow::Online => state.online = Some(Default::default()),
                StartWindow::Learn => state.learn = Some(Default::default()),
                StartWindow::Puzzles => state.puzzles = Some(Default::default()),
            }
        }
        state
    }
}

/// What the panels read and change.
#[derive(SystemParam)]
struct PanelParams<'w, 's> {
    game: Res<'w, Game>,
    notice: Res<'w, Notice>,
    catalog: Res<'w, VariantCatalog>,
    looks: Res<'w, crate::look_asset::LookCatalog>,
    sounds: Res<'w, crate::sound::SoundCatalog>,
    settings_error: Res<'w, crate::settings::SettingsError>,
    thinking: Res<'w, crate::ai_player::Thinking>,
    time: Res<'w, Time>,
    ui_state: ResMut<'w, UiState>,
    selection: ResMut<'w, crate::input::Selection>,
    pieces: Query<'w, 's, (&'static crate::board::PieceToken, &'static crate::facts::PieceData)>,
    turn_actions: Res<'w, crate::facts::TurnActions>,
    hint: Res<'w, crate::hint::Hint>,
    analysis: Res<'w, crate::analysis::Analysis>,
    analyse: MessageWriter<'w, crate::analysis::AnalyseGame>,
    ask_hint: MessageWriter<'w, crate::hint::AskHint>,
    actions: MessageWriter<'w, GameAction>,
    chosen: MessageWriter<'w, crate::game::MoveChosen>,
    coaching: MessageWriter<'w, crate::learning::Coaching>,
    toggle_view: MessageWriter<'w, crate::camera::ToggleView>,
    online: Option<Res<'w, crate::online::Online>>,
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<UiState>()
        .init_resource::<banner::ChargeCall>()
        .add_systems(Startup, spawn_ui_camera)
        .add_systems(
            Update,
            (
                (say_modal, title::toggle_menu.in_set(crate::WhilePlaying)).in_set(crate::AppSystems::RecordInput),
                banner::hear_charges.in_set(crate::WhilePlaying).in_set(crate::AppSystems::View),
            ),
        )
        .add_systems(OnExit(Screen::Playing), leave_the_panels);
    app.add_systems(
        EguiPrimaryContextPass,
        (
            title::show_loading.run_if(in_state(Screen::Loading)),
            title::show_title.run_if(in_state(Screen::Title)),
            (panels, banner::show, labels::show, coach_panel::show).in_set(crate::WhilePlaying),
            // Filled from the game being played, or on the title from the settings: not while
            // the launch's game is still loading.
            new_game::show.run_if(not(in_state(Screen::Loading))),
            pieces::show,
            rules_guide::show,
            settings_window::show,
            online_window::show,
            learn_window::show,
            puzzles_window::show,
            (files::show, move_list::show, hover::show, title::show_game_menu).in_set(crate::WhilePlaying),
        )
            .chain()
            // Photo mode hides them all: the picture is the scene.
            .run_if(not(crate::photo::photo_mode_on)),
    );
}

/// Leaving a game, its menu closes and the board's views take the whole window again (the
/// panels fitted them to the space they left).
fn leave_the_panels(
    mut state: ResMut<UiState>,
    mut cameras: Query<&mut Camera, Or<(With<BoardCamera>, With<DiagramCamera>)>>,
) {
    state.menu_open = false;
    for mut camera in &mut cameras {
        camera.viewport = None;
    }
}

/// Says whether a window over the game is open, or photo mode is on (the clocks and the board
/// wait).
fn say_modal(
    state: Res<UiState>,
    photo: Option<Res<crate::photo::PhotoMode>>,
    mut modal: ResMut<crate::screen::ModalOpen>,
) {
    modal.set_if_neq(crate::screen::ModalOpen(state.modal_open() || crate::photo::photo_mode_on(photo)));
}

/// The interface gets a camera of its own, drawn over the 3D view, so that the 3D camera can be
/// fitted to the space the panels leave without shrinking the interface with it.
fn spawn_ui_camera(mut commands: Commands, mut egui_settings: ResMut<EguiGlobalSettings>) {
    egui_settings.auto_create_primary_context = false;
    commands.spawn((
        PrimaryEguiContext,
        Camera2d,
        RenderLayers::none(),
        Camera {
            order: 1,
            output_mode: CameraOutputMode::Write {
                blend_state: Some(BlendState::ALPHA_BLENDING),
                clear_color: ClearColorConfig::None,
            },
            clear_color: ClearColorConfig::Custom(Color::NONE),
            ..default()
        },
    ));
}

/// The menu bar and the side panel; the board's views are fitted to the space they leave.
fn panels(
    mut contexts: EguiContexts,
    mut params: PanelParams,
    mut cameras: Query<&mut Camera, Or<(With<BoardCamera>, With<DiagramCamera>)>>,
    window: Query<&Window, With<PrimaryWindow>>,
) -> Result {
    let ctx = contexts.ctx_mut()?.clone();
    let mut root = egui::Ui::new(
        ctx.clone(),
        "jetan_root".into(),
        egui::UiBuilder::new().layer_id(egui::LayerId::background()).max_rect(ctx.viewport_rect()),
    );
    let top = egui::Panel::top("menu").show(&mut root, |ui| menu::show(ui, &mut params)).response.rect.height();
    // A fixed width, long moves wrapped in it: the 16-file board must fit beside the panel.
    let right = egui::Panel::right("status")
        .exact_size(300.0)
        .show(&mut root, |ui| status::show(ui, &mut params))
        .response
        .rect
        .width();
    if let Ok(window) = window.single() {
        let scale = window.scale_factor();
        let position = UVec2::new(0, (top * scale) as u32);
        let size = UVec2::new(window.physical_width(), window.physical_height())
            .saturating_sub(position + UVec2::new((right * scale) as u32, 0))
            .max(UVec2::ONE);
        for mut camera in &mut cameras {
            // Set only when it changes: a changed camera is recomputed downstream.
            let unchanged =
                camera.viewport.as_ref().is_some_and(|v| v.physical_position == position && v.physical_size == size);
            if !unchanged {
                camera.viewport = Some(Viewport { physical_position: position, physical_size: size, ..default() });
            }
        }
    }
    Ok(())
}
