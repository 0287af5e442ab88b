//! Hints: asked for, the AI's choice for the side to move and its evaluation, searched on a
//! background task like the AI's own moves (the frame never waits), and shown until the
//! position changes.

use bevy::prelude::*;
use jetan_ai::{Level, Searcher, Thought};
use jetan_rules::Move;

use crate::AppSystems;
use crate::background::Background;
use crate::game::{Game, GameWork, at_launch, call_off_with_the_game};
use crate::settings::Settings;

/// The level whose search gives hints.
pub const HINT_LEVEL: Level = Level::Search(4);

/// A request for a hint on the current position.
#[derive(Message, Clone, Copy, Debug)]
pub struct AskHint;

/// The AI's advice on one position.
#[derive(Clone, Debug, PartialEq)]
pub struct Advice {
    /// The hash of the position it is for.
    pub position: u64,
    /// The move the AI would play.
    pub mv: Move,
    /// The move in notation.
    pub text: String,
    /// Its evaluation for the side to move (see [`jetan_ai::describe_score`]).
    pub score: i32,
}

/// The hint being searched for, and the last one found.
#[derive(Resource, Default)]
pub struct Hint {
    job: Option<Job>,
    advice: Option<Advice>,
}

struct Job {
    position: u64,
    work: Background<Thought>,
}

impl Hint {
    /// Whether a hint is being searched for.
    pub fn searching(&self) -> bool {
        self.job.is_some()
    }

    /// The advice on `game`'s position, if there is some.
    pub fn for_game(&self, game: &Game) -> Option<&Advice> {
        self.advice.as_ref().filter(|advice| advice.position == game.position().hash())
    }

    fn drop_job(&mut self) {
        if let Some(job) = self.job.take() {
            job.work.cancel();
        }
    }
}

impl GameWork for Hint {
    fn reset(&mut self, _: Option<&Game>) {
        self.drop_job();
    }
}

pub(super) fn plugin(app: &mut App) {
    app.add_message::<AskHint>()
        .init_resource::<Hint>()
        .add_systems(Update, (start_hint, finish_hint).chain().in_set(AppSystems::React))
        .add_systems(
            Update,
            at_launch(|stage| stage.hint, AskHint).in_set(crate::WhilePlaying).in_set(AppSystems::RecordInput),
        );
    call_off_with_the_game::<Hint>(app);
}

/// Starts searching for a hint when one is asked for, the game goes on, and the position has
/// none yet.
fn start_hint(mut asks: MessageReader<AskHint>, mut hint: ResMut<Hint>, game: Res<Game>, settings: Res<Settings>) {
    let asked = asks.read().count() > 0;
    if !asked || game.outcome().is_some() || hint.for_game(&game).is_some() {
        return;
    }
    let position = game.position().clone();
    let hash = position.hash();
    if hint.job.as_ref().is_some_and(|job| job.position == hash) {
        return;
    }
    hint.drop_job();
    let (threads, seed) = (settings.ai_threads, game.seed);
    let work = Background::spawn(move |cancel| {
        Searcher::new().with_threads(threads).think(&position, &HINT_LEVEL.limits(), cancel, seed)
    });
    hint.job = Some(Job { position: hash, work });
}

/// Keeps the hint once its search is done.
fn finish_hint(mut hint: ResMut<Hint>, game: Res<Game>) {
    let Some(job) = hint.job.as_mut() else { return };
    let Some(thought) = job.work.poll() else { return };
    let position = job.position;
    hint.job = None;
    if game.position().hash() != position {
        return;
    }
    hint.advice =
        thought.best.map(|mv| Advice { position, mv, text: game.position().move_text(mv), score: thought.score });
}
