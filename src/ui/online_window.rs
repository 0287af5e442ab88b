//! The "Play online…" window: a server's address; create a game (variant, clocks, your side)
//! and get the codes to send, join one with an invite code, watch one with a watch code, or
//! come back to a game you hold a seat in. While a game is played online it shows the link,
//! the codes, whether your opponent is connected and what the server said.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, egui};
use jetan_online::protocol::{GameSetup, Request};
use jetan_online::secrets;
use jetan_rules::Side;

use super::UiState;
use super::new_game::{OptionChoice, rule_options};
use crate::online::{DEFAULT_SERVER, GoOnline, KeptSeats, LeaveOnline, Link, Online};
use crate::time_control::TimeControl;

/// What the player has filled in.
#[derive(Clone, Debug)]
pub struct OnlineForm {
    server: String,
    variant: String,
    /// What is chosen for each of the variant's rule options.
    choices: Vec<OptionChoice>,
    side: Side,
    time: TimeControl,
    code: String,
}

impl Default for OnlineForm {
    fn default() -> Self {
        OnlineForm {
            server: DEFAULT_SERVER.into(),
            variant: "jetan".into(),
            choices: Vec::new(),
            side: Side::South,
            time: TimeControl::default(),
            code: String::new(),
        }
    }
}

pub(super) fn show(
    mut contexts: EguiContexts,
    mut state: ResMut<UiState>,
    online: Option<Res<Online>>,
    kept: Res<KeptSeats>,
    mut go: MessageWriter<GoOnline>,
    mut leave: MessageWriter<LeaveOnline>,
) -> Result {
    let Some(form) = &mut state.online else { return Ok(()) };
    let ctx = contexts.ctx_mut()?;
    let mut open = true;
    egui::Window::new("Play online").open(&mut open).resizable([true, false]).show(ctx, |ui| match &online {
        Some(online) => {
            if playing(ui, online) {
                leave.write(LeaveOnline);
            }
        }
        None => {
            if let Some(request) = choose(ui, form, &kept) {
                go.write(GoOnline { server: form.server.trim().to_string(), request });
            }
        }
    });
    if !open {
        state.online = None;
    }
    Ok(())
}

/// The form: the server, then a game to create, join, watch or come back to; the request
/// chosen.
fn choose(ui: &mut egui::Ui, form: &mut OnlineForm, kept: &KeptSeats) -> Option<Request> {
    let mut request = None;
    ui.horizontal(|ui| {
        ui.label("Server");
        ui.text_edit_singleline(&mut form.server);
    });
    ui.separator();
    ui.strong("A new game");
    egui::ComboBox::from_label("variant").selected_text(form.variant.as_str()).show_ui(ui, |ui| {
        for id in jetan_online::variants::ids() {
            if ui.selectable_value(&mut form.variant, id.to_string(), id).changed() {
                form.choices.clear();
            }
        }
    });
    // The server plays the game's own variants: their rule options as New game offers them.
    let variant = jetan_online::variants::shipped(&form.variant);
    if let Some(variant) = &variant
        && !variant.options().is_empty()
    {
        form.choices.resize(variant.options().len(), OptionChoice::default());
        egui::CollapsingHeader::new("Rule options").show(ui, |ui| {
            egui::ScrollArea::vertical().max_height(200.0).show(ui, |ui| rule_options(ui, variant, &mut form.choices));
        });
    }
    super::new_game::time_control(ui, &mut form.time);
    ui.horizontal(|ui| {
        ui.label("You play");
        ui.radio_value(&mut form.side, Side::South, "South (first)");
        ui.radio_value(&mut form.side, Side::North, "North");
    });
    if ui.button("Create the game").clicked() {
        let options = variant.as_ref().map_or(&[][..], |variant| variant.options());
        let choices = options.iter().zip(&form.choices).flat_map(|(option, chosen)| chosen.pairs(option)).collect();
        let setup = GameSetup { variant: form.variant.clone(), choices, time_control: form.time };
        request = Some(Request::Create { setup, side: form.side });
    }
    ui.separator();
    ui.strong("A friend's game");
    ui.horizontal(|ui| {
        ui.label("Code");
        ui.text_edit_singleline(&mut form.code);
    });
    let code = form.code.trim().to_string();
    let checked = secrets::check_code(&code);
    if let (false, Err(problem)) = (code.is_empty(), &checked) {
        ui.colored_label(egui::Color32::LIGHT_RED, problem);
    }
    ui.horizontal(|ui| {
        if ui.add_enabled(checked.is_ok(), egui::Button::new("Join with an invite code")).clicked() {
            request = Some(Request::Join { invite: code.clone() });
        }
        if ui.add_enabled(checked.is_ok(), egui::Button::new("Watch with a watch code")).clicked() {
            request = Some(Request::Watch { watch: code, from_ply: 0 });
        }
    });
    if !kept.0.is_empty() {
        ui.separator();
        ui.strong("Your games");
        for seat in kept.0.iter().take(8) {
            ui.horizontal(|ui| {
                ui.label(format!("{} on {} ({:?})", seat.variant, seat.server, seat.side));
                if ui.button("Come back").clicked() {
                    form.server = seat.server.clone();
                    let (game, token) = (seat.game.clone(), seat.token.clone());
                    request = Some(Request::Resume { game, token, from_ply: 0 });
                }
            });
        }
    }
    request
}

/// The game played online: the link, the codes to pass on, the players' presence, what the
/// server said; whether the player leaves it.
fn playing(ui: &mut egui::Ui, online: &Online) -> bool {
    ui.label(format!("Server {}", online.server));
    match &online.link {
        Link::Connecting => ui.label("Connecting…"),
        Link::Up => ui.label("Connected"),
        Link::Down { reason, retry_in } => ui.colored_label(
            egui::Color32::LIGHT_RED,
            format!("Connection lost ({reason}); trying again in {:.0} s", retry_in.as_secs_f32().ceil()),
        ),
    };
    match online.side() {
        Some(side) => ui.label(format!("You play {side:?}.")),
        None if online.watching => ui.label("You are watching."),
        None => ui.label("Taking your seat…"),
    };
    if let Some(seat) = &online.seat {
        for (what, code) in [("Invite code (send it to your opponent)", &seat.invite), ("Watch code", &seat.watch)] {
            if let Some(code) = code {
                ui.horizontal(|ui| {
                    ui.label(what);
                    ui.monospace(code);
                    if ui.small_button("Copy").clicked() {
                        ui.ctx().copy_text(code.clone());
                    }
                });
            }
        }
    }
    if online.waiting_for_opponent() {
        if online.seat.is_some() {
            ui.label("Waiting for the second player to join…");
        }
    } else {
        let [south, north] = online.connected.map(|on| if on { "connected" } else { "away" });
        ui.label(format!("South {south}, North {north}"));
    }
    if let Some(said) = &online.said {
        ui.label(egui::RichText::new(said).italics());
    }
    ui.separator();
    ui.button("Leave (the game goes on on the server)").clicked()
}
