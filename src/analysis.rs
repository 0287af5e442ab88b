//! Game analysis: asked for (or on entering analysis mode, [`Game::analysing`]), the AI judges
//! every move played so far, on a background task (the frame never waits): the evaluation after
//! each move, and where a move lost much against the AI's choice, that better move. The
//! judgements hold for as long as the game keeps that line.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};

use bevy::prelude::*;
use jetan_ai::{Level, Searcher, WIN};
use jetan_rules::{Move, Position};

use crate::AppSystems;
use crate::background::Background;
use crate::game::{Game, GameAction, GameWork, at_launch, call_off_with_the_game};
use crate::settings::Settings;

/// The level whose search judges each move.
pub const ANALYSIS_LEVEL: Level = Level::Search(3);
/// A move that scores this much less than the AI's choice (in the variant's values: 100 is a
/// Panthan in classic Jetan) is marked, with the better move.
pub const MISTAKE: i32 = 150;

/// A move that scores this much less than the AI's choice is a turning point of the game
/// (two Panthans): the review offers its position as a puzzle.
pub const TURNING_POINT: i32 = 200;

/// A request to analyse the game's moves.
#[derive(Message, Clone, Copy, Debug)]
pub struct AnalyseGame;

/// The AI's judgement of one move.
#[derive(Clone, Debug, PartialEq)]
pub struct Judgement {
    /// The evaluation after the move, for the side that made it.
    pub score: i32,
    /// The AI's move instead, in notation, when the one played lost at least [`MISTAKE`].
    pub better: Option<String>,
    /// How much less than the AI's choice the move scored (0 when it was as good).
    pub loss: i32,
}

impl Judgement {
    /// Whether the move was a turning point: it lost at least [`TURNING_POINT`].
    pub fn turning_point(&self) -> bool {
        self.better.is_some() && self.loss >= TURNING_POINT
    }
}

/// The analysis under way or done, for the line of moves it was asked on.
#[derive(Resource, Default)]
pub struct Analysis {
    /// The seed of the game analysed, which tells one game from another.
    game: u64,
    line: Vec<Move>,
    judged: Arc<Mutex<Vec<Judgement>>>,
    job: Option<Background<()>>,
}

impl Analysis {
    /// Whether moves are still being judged.
    pub fn running(&self) -> bool {
        self.job.is_some()
    }

    /// The moves judged so far and the moves to judge.
    pub fn progress(&self) -> (usize, usize) {
        (self.judged.lock().map_or(0, |judged| judged.len()), self.line.len())
    }

    /// The line of moves analysed, if `game` has left it (played another move somewhere along
    /// it, or stepped back before its end): the line to return to.
    pub fn left_line(&self, game: &Game) -> Option<&[Move]> {
        let played = game.history.iter().map(|played| played.mv);
        let on_line = game.history.len() == self.line.len() && played.eq(self.line.iter().copied());
        (!self.line.is_empty() && !on_line).then_some(&self.line)
    }

    /// The judgements of the plies `game` still shares with the analysed line (from its first
    /// ply), as far as they have been made.
    pub fn judgements(&self, game: &Game) -> Vec<Judgement> {
        let shared =
            self.line.iter().zip(&game.history).take_while(|(analysed, played)| **analysed == played.mv).count();
        self.judged.lock().map_or_else(|_| Vec::new(), |judged| judged[..shared.min(judged.len())].to_vec())
    }

    /// Whether every move of `game`'s line has been judged.
    pub fn done(&self, game: &Game) -> bool {
        !self.running() && !game.history.is_empty() && self.judgements(game).len() == game.history.len()
    }

    /// The judgement of ply `ply` (from 0) of `game`, if it has been judged and the game still
    /// has the line it was judged in.
    pub fn judgement(&self, game: &Game, ply: usize) -> Option<Judgement> {
        self.judgements(game).get(ply).cloned()
    }

    fn drop_job(&mut self) {
        if let Some(job) = self.job.take() {
            job.cancel();
        }
    }
}

/// Stepping back and forth through the moves keeps the work; another game (or none) drops it.
impl GameWork for Analysis {
    fn reset(&mut self, game: Option<&Game>) {
        if game.is_none_or(|game| game.seed != self.game) {
            self.drop_job();
        }
    }
}

pub(super) fn plugin(app: &mut App) {
    app.add_message::<AnalyseGame>()
        .init_resource::<Analysis>()
        .add_systems(Update, (start_analysis, finish_analysis).chain().in_set(AppSystems::React))
        .add_systems(
            Update,
            at_launch(|stage| stage.analyse, GameAction::AnalysisMode(true))
                .in_set(crate::WhilePlaying)
                .in_set(AppSystems::RecordInput),
        );
    call_off_with_the_game::<Analysis>(app);
}

/// Starts judging the game's moves when asked or on entering analysis mode.
fn start_analysis(
    mut asks: MessageReader<AnalyseGame>,
    mut actions: MessageReader<GameAction>,
    mut analysis: ResMut<Analysis>,
    game: Res<Game>,
    settings: Res<Settings>,
) {
    let entered = actions.read().filter(|action| matches!(action, GameAction::AnalysisMode(true))).count() > 0;
    let asked = asks.read().count() > 0 || entered;
    if !asked {
        return;
    }
    analysis.drop_job();
    let line: Vec<Move> = game.history.iter().map(|played| played.mv).collect();
    let judged = Arc::new(Mutex::new(Vec::with_capacity(line.len())));
    let start = Position::start(game.position().variant().clone());
    let (moves, out, threads) = (line.clone(), judged.clone(), settings.ai_threads);
    let job = Background::spawn(move |cancel| judge_line(start, &moves, &out, cancel, threads));
    *analysis = Analysis { game: game.seed, line, judged, job: Some(job) };
}

/// Notes when the judging is done.
fn finish_analysis(mut analysis: ResMut<Analysis>) {
    if let Some(job) = analysis.job.as_mut()
        && job.poll().is_some()
    {
        analysis.job = None;
    }
}

/// Judges each move of `line` played from `position`, pushing each judgement as it comes, until
/// done or cancelled.
fn judge_line(mut position: Position, line: &[Move], out: &Mutex<Vec<Judgement>>, cancel: &AtomicBool, threads: usize) {
    let mut searcher = Searcher::new().with_threads(threads);
    let limits = ANALYSIS_LEVEL.limits();
    for &mv in line {
        if cancel.load(Ordering::Relaxed) {
            return;
        }
        let side = position.to_move();
        let best = searcher.think(&position, &limits, cancel, 0);
        let before = position.clone();
        position.play(mv);
        let score = if best.best == Some(mv) {
            best.score
        } else {
            match position.outcome() {
                Some(outcome) => match outcome.winner {
                    Some(winner) if winner == side => WIN,
                    Some(_) => -WIN,
                    None => 0,
                },
                None => {
                    let reply = searcher.think(&position, &limits, cancel, 0).score;
                    if position.to_move() == side { reply } else { -reply }
                }
            }
        };
        let loss = (best.score - score).max(0);
        let better = best.best.filter(|_| loss >= MISTAKE).map(|better| before.move_text(better));
        let Ok(mut judged) = out.lock() else { return };
        if cancel.load(Ordering::Relaxed) {
            return;
        }
        judged.push(Judgement { score, better, loss });
    }
}
