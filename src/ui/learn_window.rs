//! The Learn window: each variant's course of lessons (the game's own and the mods'), each
//! lesson with the stars earned; a lesson chosen is played on the board, judged by the coach.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, egui};

use super::UiState;
use crate::learning::progress::MOST_STARS;
use crate::learning::{Coaching, LessonCatalog, Progress, ProgressFile};

/// The Learn window's choice: the course shown (a lessons file's asset path).
#[derive(Clone, Debug, Default)]
pub struct LearnForm {
    /// The course shown (the first that loads if none).
    pub course: Option<String>,
}

impl LearnForm {
    /// The window showing the course of the variant called `name`, if one has it.
    pub fn for_variant(lessons: &LessonCatalog, name: &str) -> LearnForm {
        let course = (lessons.entries().iter())
            .find(|entry| entry.loaded.good.as_ref().is_some_and(|course| course.variant.name() == name))
            .map(|entry| entry.path.clone());
        LearnForm { course }
    }
}

/// Stars as a player reads them: earned ones full, the rest hollow.
pub(super) fn stars(earned: u8) -> String {
    (0..MOST_STARS).map(|star| if star < earned { '★' } else { '☆' }).collect()
}

pub(super) fn show(
    mut contexts: EguiContexts,
    mut state: ResMut<UiState>,
    lessons: Res<LessonCatalog>,
    progress: Res<Progress>,
    progress_file: Res<ProgressFile>,
    mut asked: MessageWriter<Coaching>,
) -> Result {
    let Some(form) = state.learn.as_mut() else { return Ok(()) };
    let ctx = contexts.ctx_mut()?;
    let mut open = true;
    let mut chosen = None;
    let window = egui::Window::new("Learn to play").open(&mut open).collapsible(false).default_width(560.0);
    window.anchor(egui::Align2::CENTER_CENTER, [0.0, 40.0]).show(ctx, |ui| {
        ui.label("Each lesson is played on the board: read the task, then make the move. A wrong try gets a hint; after two, the answer is shown.");
        ui.horizontal_wrapped(|ui| {
            for entry in lessons.entries() {
                let Some(course) = &entry.loaded.good else { continue };
                let course_path = form.course.get_or_insert_with(|| entry.path.clone());
                let label = egui::RichText::new(&course.title).size(17.0);
                if ui.selectable_label(*course_path == entry.path, label).clicked() {
                    *course_path = entry.path.clone();
                }
            }
        });
        for error in lessons.entries().iter().filter_map(|entry| entry.loaded.error.as_ref()) {
            ui.colored_label(egui::Color32::LIGHT_RED, egui::RichText::new(error).monospace().small());
        }
        if let Some(problem) = &progress_file.problem {
            ui.colored_label(egui::Color32::LIGHT_RED, problem);
        }
        ui.separator();
        let Some((path, course)) = form.course.as_ref().and_then(|path| lessons.good(path).map(|c| (path.clone(), c)))
        else {
            ui.weak("No lessons have loaded yet.");
            return;
        };
        egui::ScrollArea::vertical().max_height(420.0).show(ui, |ui| {
            egui::Grid::new("lessons").num_columns(3).spacing([12.0, 6.0]).show(ui, |ui| {
                for (index, lesson) in course.lessons.iter().enumerate() {
                    let earned = progress.stars_of(&path, &lesson.title);
                    let gold = egui::Color32::from_rgb(240, 200, 110);
                    ui.label(egui::RichText::new(stars(earned)).size(18.0).color(gold));
                    let button = egui::Button::new(egui::RichText::new(&lesson.title).size(17.0)).min_size(egui::vec2(220.0, 30.0));
                    if ui.add(button).on_hover_text(&lesson.intro).clicked() {
                        chosen = Some(Coaching::Lesson { course: path.clone(), lesson: index });
                    }
                    let steps = lesson.steps.len();
                    ui.weak(if steps == 1 { "1 step".to_string() } else { format!("{steps} steps") });
                    ui.end_row();
                }
            });
        });
    });
    if let Some(chosen) = chosen {
        asked.write(chosen);
        state.learn = None;
    } else if !open {
        state.learn = None;
    }
    Ok(())
}
