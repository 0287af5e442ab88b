//! Sides played by the AI: the search runs on a background task so frames keep coming while it
//! thinks; undo or a new game cancels it. Who plays each side is the game's [`crate::seat::Seats`].

use bevy::prelude::*;
use jetan_ai::{Player, Thought};
use jetan_rules::Side;

use crate::AppSystems;
use crate::animation::BeingShown;
use crate::background::Background;
use crate::game::{Game, GameAction, GameWork, call_off_with_the_game};
use crate::seat::Seat;
use crate::settings::Settings;

/// The AI's thought in progress, if any, and each AI side's player, kept from move to move (its
/// search tables and the positions it has seen) and made anew when the game is reset.
#[derive(Resource, Default)]
pub struct Thinking {
    job: Option<Job>,
    players: [Option<Player>; 2],
}

impl GameWork for Thinking {
    fn reset(&mut self, _: Option<&Game>) {
        if let Some(job) = self.job.take() {
            job.work.cancel();
        }
        self.players = Default::default();
    }
}

impl Thinking {
    /// The side the AI is thinking for.
    pub fn side(&self) -> Option<Side> {
        self.job.as_ref().map(|job| job.side)
    }
}

struct Job {
    side: Side,
    /// The number of moves played when the thought began: its move is for that position only.
    plies: usize,
    work: Background<(Player, Thought)>,
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Thinking>().add_systems(
        Update,
        (
            // The AI's move is played like a click's, by the game's systems, in the frame its
            // search ends; the next search starts from the position that move made.
            finish_thinking.in_set(AppSystems::Decide),
            start_thinking.in_set(AppSystems::React),
        ),
    );
    call_off_with_the_game::<Thinking>(app);
}

/// Once its task is done and the board is still, asks for the AI's move to be played (as a
/// click does), if the game is still where it was when the search began.
fn finish_thinking(
    mut thinking: ResMut<Thinking>,
    game: Res<Game>,
    shown: Query<(), BeingShown>,
    mut actions: MessageWriter<GameAction>,
) {
    // The AI's move waits until the move before it has been shown (it may think meanwhile).
    let Some(job) = thinking.job.as_mut().filter(|_| shown.is_empty()) else { return };
    let Some((player, thought)) = job.work.poll() else { return };
    let job = thinking.job.take().expect("a job was running");
    thinking.players[job.side.index()] = Some(player);
    if let Some(mv) = thought.best
        && game.history.len() == job.plies
        && matches!(game.seat(job.side), Seat::Ai(_))
    {
        actions.write(GameAction::Play(mv));
    }
}

/// Starts the AI thinking when it is an AI side's turn and the board is still.
fn start_thinking(
    mut thinking: ResMut<Thinking>,
    game: Res<Game>,
    settings: Res<Settings>,
    shown: Query<(), BeingShown>,
) {
    if thinking.job.is_some() || !shown.is_empty() || game.outcome().is_some() {
        return;
    }
    let side = game.position().to_move();
    let Seat::Ai(level) = game.seat(side) else { return };
    let mut player = thinking.players[side.index()]
        .take()
        .unwrap_or_else(|| Player::new(level, game.seed))
        .with_threads(settings.ai_threads);
    let position = game.position().clone();
    let movetime = game.clocks.thinking_time(side);
    let work = Background::spawn(move |cancel| {
        let thought = player.choose(&position, movetime, cancel);
        (player, thought)
    });
    thinking.job = Some(Job { side, plies: game.history.len(), work });
}
