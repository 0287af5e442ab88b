//! The new-game window: every variant file in `assets/variants/`, who plays each side, the
//! clocks, and the variant's rule options (for both sides, or for each side apart where an
//! option is about one side's pieces).

use bevy::prelude::*;
use bevy_egui::{EguiContexts, egui};
use jetan_rules::{KindId, Position, RuleOption, Side, Variant};

use super::{UiState, mini_board};
use crate::checked_file::CatalogEntry;
use crate::game::{Game, GameAction};
use crate::seat::{Seat, Seats};
use crate::settings::Settings;
use crate::time_control::{MOST_MINUTES, TimeControl};
use crate::variant_asset::VariantCatalog;

/// The choices being made for a new game.
pub struct NewGameForm {
    /// Whether the form is still to be filled from the game being played.
    unfilled: bool,
    variant: Option<String>,
    /// What is chosen for each option of the chosen variant.
    choices: Vec<OptionChoice>,
    /// Who plays each side (South first).
    seats: Seats,
    /// The clocks.
    time: TimeControl,
}

impl NewGameForm {
    /// A form that starts from the game being played: its variant and rule options, its
    /// players and its clocks (filled when first shown).
    pub fn like_current() -> Self {
        let (choices, seats, time) = (Vec::new(), Seats::HUMANS, TimeControl::default());
        NewGameForm { unfilled: true, variant: None, choices, seats, time }
    }

    /// Fills the form from `game`; until there is one, with the settings' players. The game's
    /// options are read by their ids into the catalog's version of its variant file (which may
    /// have changed since); if the file no longer has them all, the form offers its defaults.
    fn fill(&mut self, game: Option<&Game>, catalog: &VariantCatalog, settings: &Settings) {
        let Some(game) = game else {
            self.unfilled = false;
            self.seats = settings.players;
            self.variant = Some(settings.variant.clone());
            return;
        };
        self.unfilled = false;
        self.variant = Some(game.variant_path.clone());
        let offered = catalog.good(&game.variant_path);
        let chosen = game.position().variant().chosen();
        let like_the_game = offered.and_then(|offered| offered.with_choices(&chosen).ok());
        self.choices = like_the_game.map_or_else(Vec::new, |variant| {
            (0..variant.options().len())
                .map(|index| {
                    let sides = Side::BOTH.map(|side| variant.choices(side)[index]);
                    OptionChoice { sides, apart: sides[0] != sides[1] }
                })
                .collect()
        });
        self.seats = game.seats;
        self.time = game.clocks.control;
    }
}

/// What is chosen for one rule option.
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct OptionChoice {
    /// The index of each side's choice (South first); both the same unless `apart`.
    sides: [usize; 2],
    /// Whether each side chooses its own.
    apart: bool,
}

impl OptionChoice {
    /// The choice as (option, choice) id pairs, as [`Variant::with_choices`] reads them.
    pub(super) fn pairs(&self, option: &RuleOption<KindId>) -> Vec<(String, String)> {
        option.pairs(if self.apart { self.sides } else { [self.sides[0]; 2] })
    }
}

/// The options' grid: each option's choice for both sides, or each side's, and (for an option
/// about one side's pieces) whether each side chooses its own.
pub(super) fn rule_options(ui: &mut egui::Ui, variant: &Variant, choices: &mut [OptionChoice]) {
    egui::Grid::new("options").num_columns(3).show(ui, |ui| {
        for (option, chosen) in variant.options().iter().zip(choices) {
            ui.label(option.name.as_str());
            let choice_box = |ui: &mut egui::Ui, side: Side, index: &mut usize| {
                egui::ComboBox::from_id_salt((option.id.as_str(), side.index()))
                    .selected_text(option.choices[*index].name.as_str())
                    .show_ui(ui, |ui| {
                        for (i, choice) in option.choices.iter().enumerate() {
                            ui.selectable_value(index, i, choice.name.as_str());
                        }
                    });
            };
            if chosen.apart {
                ui.vertical(|ui| {
                    for side in Side::BOTH {
                        ui.horizontal(|ui| {
                            ui.label(variant.side_name(side));
                            choice_box(ui, side, &mut chosen.sides[side.index()]);
                        });
                    }
                });
            } else {
                choice_box(ui, Side::South, &mut chosen.sides[0]);
                chosen.sides[1] = chosen.sides[0];
            }
            if variant.per_side(option) {
                ui.checkbox(&mut chosen.apart, "each side").on_hover_text("Let each side choose its own reading");
            }
            ui.end_row();
        }
    });
}

/// The folded options' heading: "as the book" while every option has its first (the written)
/// reading, else how many are changed.
fn options_summary(choices: &[OptionChoice]) -> String {
    match choices.iter().filter(|choice| choice.sides != [0, 0]).count() {
        0 => "Rule options: as the book".into(),
        1 => "Rule options: 1 changed".into(),
        changed => format!("Rule options: {changed} changed"),
    }
}

/// The clocks' choice: the kind of control, then its times.
pub(super) fn time_control(ui: &mut egui::Ui, time: &mut TimeControl) {
    ui.horizontal(|ui| {
        ui.label("Clocks");
        egui::ComboBox::from_id_salt("time control").selected_text(time.kind_name()).show_ui(ui, |ui| {
            for choice in TimeControl::all() {
                if ui.selectable_label(time.same_kind(choice), choice.kind_name()).clicked() && !time.same_kind(choice)
                {
                    *time = choice;
                }
            }
        });
    });
    let most = MOST_MINUTES;
    ui.horizontal(|ui| match time {
        TimeControl::Untimed => {}
        TimeControl::Game { minutes } => {
            ui.add(egui::DragValue::new(minutes).range(1..=most).suffix(" min per side"));
        }
        TimeControl::Fischer { minutes, increment } => {
            ui.add(egui::DragValue::new(minutes).range(1..=most).suffix(" min per side"));
            ui.add(egui::DragValue::new(increment).range(0..=most).prefix("+ ").suffix(" s a move"));
        }
        TimeControl::PerMove { seconds } => {
            ui.add(egui::DragValue::new(seconds).range(1..=most).suffix(" s a move"));
        }
    });
}

/// A variant's card: its board at the start, drawn by the game, and its name; says whether it
/// was clicked. A file that doesn't load shows its path, greyed.
fn variant_card(ui: &mut egui::Ui, entry: &CatalogEntry<Variant>, chosen: bool) -> bool {
    let stroke =
        if chosen { egui::Stroke::new(3.0, egui::Color32::from_rgb(240, 200, 110)) } else { egui::Stroke::NONE };
    let card = egui::Frame::group(ui.style()).stroke(stroke).inner_margin(6.0).show(ui, |ui| {
        ui.set_width(112.0);
        ui.vertical_centered(|ui| {
            match &entry.loaded.good {
                Some(variant) => {
                    mini_board::position(ui, &Position::start(variant.clone()), None, 108.0);
                    ui.label(egui::RichText::new(variant.name()).strong());
                }
                None => {
                    ui.weak(&entry.path);
                }
            }
            if crate::asset_path::is_mod(&entry.path) {
                ui.weak("a mod");
            }
        });
    });
    let clicked = ui.interact(card.response.rect, ui.id().with(&entry.path), egui::Sense::click()).clicked();
    clicked && entry.loaded.good.is_some()
}

/// A seat as New game offers it: an AI level with its rating in `variant` as the ladder
/// measured it (random moves being 0; docs/ai_levels.md), and the one a beginner starts at.
fn seat_choice(seat: Seat, variant: &Variant) -> String {
    let Seat::Ai(level) = seat else { return seat.name() };
    let rating = match jetan_ai::strength::measured(variant.name(), level) {
        Some(strength) => format!(" · rated {}", strength.elo),
        None if matches!(level, jetan_ai::Level::Search(jetan_ai::MAX_LEVEL)) => " · the strongest".into(),
        None => String::new(),
    };
    let beginner = if level == jetan_ai::strength::FOR_A_BEGINNER { " · for a beginner" } else { "" };
    format!("{}{rating}{beginner}", seat.name())
}

pub(super) fn show(
    mut contexts: EguiContexts,
    mut state: ResMut<UiState>,
    catalog: Res<VariantCatalog>,
    places: Res<crate::places::Places>,
    game: Option<Res<Game>>,
    settings: Res<Settings>,
    mut actions: MessageWriter<GameAction>,
) -> Result {
    let Some(form) = state.new_game.as_mut() else { return Ok(()) };
    if form.unfilled {
        form.fill(game.as_deref(), &catalog, &settings);
    }
    let ctx = contexts.ctx_mut()?;
    let mut open = true;
    let mut start = false;
    // Its height follows what it holds (many rule options or none): never cut short.
    let window = egui::Window::new("New game").open(&mut open).collapsible(false).default_width(660.0);
    window.resizable([true, false]).show(ctx, |ui| {
        ui.label("Variant");
        ui.horizontal_wrapped(|ui| {
            for entry in catalog.entries() {
                if variant_card(ui, entry, form.variant.as_deref() == Some(&entry.path)) {
                    form.variant = Some(entry.path.clone());
                    form.choices.clear();
                }
            }
        });
        for error in catalog.entries().iter().filter_map(|entry| entry.loaded.error.as_ref()) {
            ui.colored_label(egui::Color32::LIGHT_RED, egui::RichText::new(error).monospace().small());
        }
        if let Some(mods) = &places.mods {
            ui.weak(format!("Variants of your own: put their files in {}", mods.join("variants").display()));
        }
        let Some(variant) = form.variant.as_deref().and_then(|path| catalog.good(path)) else { return };
        ui.separator();
        ui.label(variant.description());
        ui.separator();
        egui::Grid::new("seats").num_columns(2).show(ui, |ui| {
            for side in jetan_rules::Side::BOTH {
                ui.label(variant.side_name(side));
                let seat = &mut form.seats[side];
                let combo =
                    egui::ComboBox::from_id_salt(("seat", side.index())).selected_text(seat_choice(*seat, &variant));
                combo.show_ui(ui, |ui| {
                    for choice in Seat::all() {
                        ui.selectable_value(seat, choice, seat_choice(choice, &variant));
                    }
                });
                ui.end_row();
            }
        });
        ui.weak("An AI level's rating is its Elo in the AI's games against itself, random moves being 0.");
        time_control(ui, &mut form.time);
        let options = variant.options();
        form.choices.resize(options.len(), OptionChoice::default());
        if !options.is_empty() {
            ui.separator();
            // Folded: a newcomer plays the rules as written and needn't read 23 options first.
            egui::CollapsingHeader::new(options_summary(&form.choices)).id_salt("rule options").show(ui, |ui| {
                egui::ScrollArea::vertical()
                    .max_height(240.0)
                    .show(ui, |ui| rule_options(ui, &variant, &mut form.choices));
            });
        }
        ui.separator();
        start = ui.button("Start").clicked();
        if start {
            let choices = options.iter().zip(&form.choices).flat_map(|(option, chosen)| chosen.pairs(option)).collect();
            let variant = form.variant.clone().unwrap_or_default();
            actions.write(GameAction::NewGame { variant, choices, seats: form.seats, time: form.time });
        }
    });
    if !open || start {
        state.new_game = None;
    }
    Ok(())
}
