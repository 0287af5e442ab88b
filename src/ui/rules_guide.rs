//! The rules guide: for the variant played, how the game is won, each piece kind with the
//! diagram of its moves, and each mechanic the variant file explains, with its example on a
//! small board that the player steps through turn by turn.

use std::sync::Arc;

use bevy::prelude::*;
use bevy_egui::{EguiContexts, egui};
use jetan_rules::{ExampleStep, Variant, Verdict, ending_text};

use super::learn_window::LearnForm;
use super::pieces::kind_entry;
use super::{UiState, mini_board};
use crate::facts::KindCard;
use crate::facts::VariantShown;
use crate::learning::LessonCatalog;

/// The guide's examples, played out once per variant.
#[derive(Default)]
pub(super) struct Examples {
    variant: Option<Arc<Variant>>,
    /// Per section: its steps, or why its example doesn't play under the chosen options.
    steps: Vec<Result<Vec<ExampleStep>, String>>,
    /// Per section: the step shown.
    shown: Vec<usize>,
}

impl Examples {
    /// The examples of `variant`, played out when it changes.
    fn of(&mut self, variant: &Arc<Variant>) -> &mut Examples {
        if !self.variant.as_ref().is_some_and(|v| Arc::ptr_eq(v, variant)) {
            self.steps = variant.guide().iter().map(|section| section.example(variant)).collect();
            self.shown = vec![0; self.steps.len()];
            self.variant = Some(variant.clone());
        }
        self
    }
}

pub(super) fn show(
    mut contexts: EguiContexts,
    mut state: ResMut<UiState>,
    shown: Res<VariantShown>,
    cards: Query<&KindCard>,
    lessons: Res<LessonCatalog>,
    mut examples: Local<Examples>,
) -> Result {
    if !state.rules_open {
        return Ok(());
    }
    let ctx = contexts.ctx_mut()?;
    let Some(variant) = &shown.0 else { return Ok(()) };
    let examples = examples.of(variant);
    let mut cards: Vec<&KindCard> = cards.iter().collect();
    cards.sort_by_key(|card| card.kind);
    let mut learn = false;
    let mut open = state.rules_open;
    egui::Window::new(format!("Rules of {}", variant.name()))
        .open(&mut open)
        .default_width(480.0)
        .default_height(640.0)
        .show(ctx, |ui| {
            egui::ScrollArea::vertical().show(ui, |ui| {
                learn = ui
                    .button(egui::RichText::new("Learn by playing…").size(16.0))
                    .on_hover_text("Lessons on the board: each piece and each mechanic, a move at a time")
                    .clicked();
                ui.label(variant.description());
                egui::CollapsingHeader::new("How the game ends").default_open(true).show(ui, |ui| endings(ui, variant));
                egui::CollapsingHeader::new("The pieces").show(ui, |ui| {
                    for card in &cards {
                        kind_entry(ui, card, variant);
                    }
                });
                for (index, section) in variant.guide().iter().enumerate() {
                    egui::CollapsingHeader::new(&section.title).default_open(index == 0).show(ui, |ui| {
                        ui.label(&section.text);
                        match &examples.steps[index] {
                            Ok(steps) if steps.len() > 1 || section.position.is_some() => {
                                example(ui, steps, &mut examples.shown[index]);
                            }
                            Ok(_) => {}
                            Err(error) => {
                                ui.colored_label(
                                    egui::Color32::LIGHT_RED,
                                    format!("The example doesn't play under the options chosen: {error}"),
                                );
                            }
                        }
                    });
                }
            });
        });
    state.rules_open = open && !learn;
    if learn {
        state.learn = Some(LearnForm::for_variant(&lessons, variant.name()));
    }
    Ok(())
}

/// Each way the game ends, and for whom.
fn endings(ui: &mut egui::Ui, variant: &Variant) {
    let rules = variant.rules();
    let result = |verdict: Verdict| match verdict {
        Verdict::Win => "wins",
        Verdict::Draw => "draws",
        Verdict::Loss => "loses",
    };
    for ending in &rules.endings {
        ui.label(format!(
            "• {}: the side that does it {}.",
            capitalized(&ending_text(variant, ending)),
            result(ending.result())
        ));
    }
    ui.label(format!("• A side with no legal move {}.", result(rules.no_moves)));
    if let Some(small) = rules.small_armies {
        ui.label(format!(
            "• Both sides down to {} pieces or fewer: drawn unless someone wins within {} plies.",
            small.pieces, small.plies
        ));
    }
    if let Some(limit) = rules.ply_limit {
        ui.label(format!("• A game that reaches {limit} plies is drawn."));
    }
}

fn capitalized(text: &str) -> String {
    let mut chars = text.chars();
    chars.next().map_or_else(String::new, |first| first.to_uppercase().chain(chars).collect())
}

/// An example's board at the step shown, with buttons to step through its turns.
fn example(ui: &mut egui::Ui, steps: &[ExampleStep], shown: &mut usize) {
    *shown = (*shown).min(steps.len() - 1);
    ui.horizontal(|ui| {
        if ui.add_enabled(*shown > 0, egui::Button::new("◀")).clicked() {
            *shown -= 1;
        }
        if ui.add_enabled(*shown + 1 < steps.len(), egui::Button::new("▶")).clicked() {
            *shown += 1;
        }
        let turns = steps.len() - 1;
        match &steps[*shown].turn {
            Some(turn) => ui.label(format!("turn {} of {turns}: {turn}", *shown)),
            None => ui.label(format!("the start ({turns} turn{} to step through)", if turns == 1 { "" } else { "s" })),
        };
    });
    let before = shown.checked_sub(1).map(|previous| &steps[previous].position);
    mini_board::position(ui, &steps[*shown].position, before, 300.0);
    if let Some(outcome) = steps[*shown].position.outcome() {
        ui.label(egui::RichText::new(outcome.describe(steps[*shown].position.variant())).strong());
    }
}
