//! The screens the game moves between, as a Bevy state: loading the variant files, the title
//! (a flight about the arena and the main menu), and playing (a game on the board). A game
//! exists exactly while the screen is [`Screen::Playing`] (the game module sees to it), so the
//! systems that need one run only there.

use bevy::prelude::*;

/// The screen the game shows.
#[derive(States, Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Screen {
    /// The first frames: the launch's game is set up once its variant file has loaded.
    #[default]
    Loading,
    /// The title over Manator's arena, with the main menu.
    Title,
    /// A game on the board.
    Playing,
}

/// Whether a window over the game takes the player's attention (a new game, saving or opening,
/// the menu): the clocks wait and the board takes no clicks meanwhile. The interface says so
/// each frame.
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ModalOpen(pub bool);

/// Leave the game for the title screen (the game is saved as it stands; Continue takes it up).
#[derive(Message, Clone, Copy, Debug, Default)]
pub struct LeaveGame;

pub(super) fn plugin(app: &mut App) {
    if !app.is_plugin_added::<bevy::state::app::StatesPlugin>() {
        app.add_plugins(bevy::state::app::StatesPlugin);
    }
    app.init_state::<Screen>()
        .init_resource::<ModalOpen>()
        .add_message::<LeaveGame>()
        .add_systems(Update, leave_game.in_set(crate::WhilePlaying).in_set(crate::AppSystems::Update));
}

fn leave_game(mut leave: MessageReader<LeaveGame>, mut next: ResMut<NextState<Screen>>) {
    if leave.read().count() > 0 {
        next.set(Screen::Title);
    }
}
