//! The coach's panel over a lesson or a puzzle: what to do, the coach's word on the last try
//! (a hint, the piece's reach, the answer), and the ways on (the next step, lesson or puzzle,
//! again, back to the list).

use bevy::prelude::*;
use bevy_egui::{EguiContexts, egui};
use jetan_lessons::Aim;

use super::UiState;
use super::learn_window::{LearnForm, stars};
use super::puzzles_window::{PuzzlesForm, theme_name};
use crate::game::Game;
use crate::learning::coach::{PuzzleSource, Task};
use crate::learning::{Coaching, Exercise, Stage};

/// A lesson's or a puzzle's text colour: the coach's hint, a step done.
const HINT: egui::Color32 = egui::Color32::from_rgb(255, 170, 90);
const WELL_DONE: egui::Color32 = egui::Color32::from_rgb(150, 230, 140);

pub(super) fn show(
    mut contexts: EguiContexts,
    exercise: Option<Res<Exercise>>,
    game: Res<Game>,
    mut state: ResMut<UiState>,
    mut asked: MessageWriter<Coaching>,
) -> Result {
    let Some(exercise) = exercise else { return Ok(()) };
    let ctx = contexts.ctx_mut()?;
    let mut ask = None;
    let window = egui::Window::new("coach").title_bar(false).resizable(false).default_width(360.0);
    window.anchor(egui::Align2::LEFT_TOP, [12.0, 40.0]).show(ctx, |ui| {
        ui.set_max_width(360.0);
        heading(ui, &exercise, &game);
        if let Some(said) = &exercise.said {
            let color = if exercise.stage == Stage::Trying { HINT } else { WELL_DONE };
            ui.label(egui::RichText::new(said).size(16.0).color(color));
        }
        if !exercise.reach.is_empty() {
            ui.label(egui::RichText::new(format!("That piece could go to {}.", exercise.reach.join(", "))).italics());
        }
        ui.add_space(6.0);
        ui.horizontal_wrapped(|ui| {
            let button = |ui: &mut egui::Ui, text: &str| ui.button(egui::RichText::new(text).size(16.0)).clicked();
            match exercise.stage {
                Stage::Trying if exercise.answer_offered() && button(ui, "Show the answer") => {
                    ask = Some(Coaching::ShowAnswer);
                }
                Stage::StepDone if button(ui, "Next step") => ask = Some(Coaching::Next),
                Stage::Over => {
                    let more = match &exercise.task {
                        Task::Lesson(at) => (at.lesson + 1 < at.course.lessons.len()).then_some("Next lesson"),
                        Task::Puzzle(at) => match &at.from {
                            PuzzleSource::Set { .. } => Some("Next puzzle"),
                            PuzzleSource::Review { rest, .. } => (!rest.is_empty()).then_some("Next turning point"),
                        },
                    };
                    if more.is_some_and(|text| button(ui, text)) {
                        ask = Some(Coaching::Next);
                    }
                    if button(ui, "Again") {
                        ask = Some(Coaching::Retry);
                    }
                }
                _ => {}
            }
            match &exercise.task {
                Task::Lesson(_) if button(ui, "All lessons") => {
                    state.learn = Some(LearnForm { course: lesson_course(&exercise) });
                }
                Task::Puzzle(at) if button(ui, "Puzzles…") => {
                    let set = match &at.from {
                        PuzzleSource::Set { set, .. } => Some(set.clone()),
                        PuzzleSource::Review { .. } => None,
                    };
                    state.puzzles = Some(PuzzlesForm { set, themes: Vec::new() });
                }
                _ => {}
            }
        });
    });
    if let Some(ask) = ask {
        asked.write(ask);
    }
    Ok(())
}

/// The lesson's course, for the list of lessons.
fn lesson_course(exercise: &Exercise) -> Option<String> {
    match &exercise.task {
        Task::Lesson(at) => Some(at.course_path.clone()),
        Task::Puzzle(_) => None,
    }
}

/// The lesson and its step, with the lesson's introduction at its first step; or the puzzle's
/// theme and aim.
fn heading(ui: &mut egui::Ui, exercise: &Exercise, game: &Game) {
    let gold = egui::Color32::from_rgb(240, 200, 110);
    let variant = game.position().variant();
    match &exercise.task {
        Task::Lesson(at) => {
            let lesson = at.lesson();
            ui.label(egui::RichText::new(&lesson.title).size(22.0).strong().color(gold));
            let count = lesson.steps.len();
            let number = (at.step + 1).min(count);
            ui.label(format!("{} · step {number} of {count} · {}", at.course.title, stars(at.stars())));
            if at.step == 0 && exercise.stage == Stage::Trying {
                ui.label(egui::RichText::new(&lesson.intro).italics());
            }
            if let Some(step) = at.step().filter(|_| exercise.stage == Stage::Trying) {
                ui.separator();
                ui.label(egui::RichText::new(&step.task).size(18.0).strong());
            }
        }
        Task::Puzzle(at) => {
            let title = match &at.from {
                PuzzleSource::Set { .. } => format!("Puzzle: {}", theme_name(at.puzzle.theme)),
                PuzzleSource::Review { .. } => "A turning point of your game".into(),
            };
            ui.label(egui::RichText::new(title).size(22.0).strong().color(gold));
            ui.label(format!("{} · difficulty {} · {}", variant.name(), at.puzzle.difficulty, at.puzzle.origin));
            if exercise.stage == Stage::Trying {
                let aim = match at.puzzle.aim {
                    Aim::Win => "wins",
                    Aim::Material => "wins decisive material",
                };
                let side = variant.side_name(at.puzzle.side);
                ui.separator();
                ui.label(egui::RichText::new(format!("{side} to move: find the move that {aim}.")).size(18.0).strong());
            }
        }
    }
}
