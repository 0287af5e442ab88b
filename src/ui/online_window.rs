//! The "Play online…" window: a server's address; create a game (variant, clocks, your side)
//! and get the codes to send, join one with an invite code, watch one with a watch code, come
//! back to a game you hold a seat in, or, on a public server, enter its lobby under your name:
//! seek a game (rated or not), accept another player's, watch a game under way, read the
//! leaderboard. While a game is played online it shows the link, the codes, whether your
//! opponent is connected and what the server said.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, egui};
use jetan_online::client::ClientCommand;
use jetan_online::identity::check_name;
use jetan_online::protocol::{GameSetup, Request};
use jetan_online::secrets;
use jetan_rules::Side;

use super::UiState;
use super::new_game::{OptionChoice, rule_options};
use crate::online::{DEFAULT_SERVER, EnterLobby, GoOnline, KeptSeats, LeaveOnline, Link, Lobby, Online, Player};
use crate::records::SaveDir;
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
    /// The player's name on a public server.
    name: String,
    /// Whether a game sought in the lobby is rated.
    rated: bool,
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
            name: String::new(),
            rated: true,
        }
    }
}

/// What the player chose before going online.
enum Choice {
    /// A game by its codes: create, join, watch, come back.
    Game(Request),
    /// The lobby of a public server, under the form's name.
    Lobby,
}

/// What the player does in the lobby.
enum InLobby {
    /// Asks the server something: a seek, an acceptance, a game to watch.
    Ask(ClientCommand),
    /// Shows another variant's leaderboard.
    Leaderboard(String),
    /// Leaves the lobby.
    Leave,
}

pub(super) fn show(
    mut contexts: EguiContexts,
    mut state: ResMut<UiState>,
    online: Option<ResMut<Online>>,
    kept: Res<KeptSeats>,
    mut player: ResMut<Player>,
    saves: Option<Res<SaveDir>>,
    mut messages: (MessageWriter<GoOnline>, MessageWriter<EnterLobby>, MessageWriter<LeaveOnline>),
) -> Result {
    let Some(form) = &mut state.online else { return Ok(()) };
    let ctx = contexts.ctx_mut()?;
    let (go, enter, leave) = &mut messages;
    let mut open = true;
    egui::Window::new("Play online").open(&mut open).resizable([true, false]).show(ctx, |ui| match online {
        Some(mut online) if online.in_lobby() => match lobby(ui, &online, form) {
            Some(InLobby::Ask(command)) => online.ask(command),
            Some(InLobby::Leaderboard(variant)) => {
                if let Some(lobby) = &mut online.lobby {
                    lobby.show_leaderboard(&variant);
                }
            }
            Some(InLobby::Leave) => {
                leave.write(LeaveOnline);
            }
            None => {}
        },
        Some(online) => {
            if playing(ui, &online) {
                leave.write(LeaveOnline);
            }
        }
        None => {
            if form.name.is_empty()
                && let Some(identity) = &player.0
            {
                form.name = identity.name.clone();
            }
            let server = form.server.trim().to_string();
            match choose(ui, form, &kept) {
                Some(Choice::Game(request)) => {
                    go.write(GoOnline { server, request });
                }
                Some(Choice::Lobby) => {
                    let saves = saves.as_deref().cloned().unwrap_or_default();
                    match player.named(form.name.trim(), &saves) {
                        Ok(identity) => {
                            enter.write(EnterLobby { server, identity, variant: form.variant.clone() });
                        }
                        Err(error) => warn!("{error}"),
                    }
                }
                None => {}
            }
        }
    });
    if !open {
        state.online = None;
    }
    Ok(())
}

/// The form: the server, then its lobby, or a game to create, join, watch or come back to;
/// what is chosen.
fn choose(ui: &mut egui::Ui, form: &mut OnlineForm, kept: &KeptSeats) -> Option<Choice> {
    let mut request = None;
    ui.horizontal(|ui| {
        ui.label("Server");
        ui.text_edit_singleline(&mut form.server);
    });
    ui.separator();
    ui.strong("Meet players (a public server)");
    ui.horizontal(|ui| {
        ui.label("Your name");
        ui.text_edit_singleline(&mut form.name);
    });
    let name = check_name(form.name.trim());
    if let (false, Err(problem)) = (form.name.trim().is_empty(), &name) {
        ui.colored_label(egui::Color32::LIGHT_RED, &problem.message);
    }
    if ui.add_enabled(name.is_ok(), egui::Button::new("Enter the lobby")).clicked() {
        return Some(Choice::Lobby);
    }
    ui.separator();
    ui.strong("A new game");
    variant_choice(ui, form);
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
    request.map(Choice::Game)
}

/// The variant of a game to create or seek.
fn variant_choice(ui: &mut egui::Ui, form: &mut OnlineForm) {
    egui::ComboBox::from_label("variant").selected_text(form.variant.as_str()).show_ui(ui, |ui| {
        for id in jetan_online::variants::ids() {
            if ui.selectable_value(&mut form.variant, id.to_string(), id).changed() {
                form.choices.clear();
            }
        }
    });
}

/// The lobby: who the player is, a game to seek, the open games to accept, the games under way
/// to watch, the variant's leaderboard; what the player does.
fn lobby(ui: &mut egui::Ui, online: &Online, form: &mut OnlineForm) -> Option<InLobby> {
    let lobby = online.lobby.as_ref()?;
    let mut action = None;
    link(ui, online);
    let name = lobby.name.clone().unwrap_or_else(|| form.name.clone());
    ui.label(format!("You are {name}, rated {} in {}.", lobby.rating(&form.variant), form.variant));
    if let Some(said) = &online.said {
        ui.label(egui::RichText::new(said).italics());
    }
    ui.separator();
    ui.strong("Seek a game");
    variant_choice(ui, form);
    super::new_game::time_control(ui, &mut form.time);
    ui.checkbox(&mut form.rated, "Rated (both players' ratings change)");
    if ui.button("Seek a game").clicked() {
        let seek = ClientCommand::Seek { variant: form.variant.clone(), time_control: form.time, rated: form.rated };
        action = Some(InLobby::Ask(seek));
    }
    ui.separator();
    action = open_games(ui, lobby, &name).or(action);
    ui.separator();
    action = games_to_watch(ui, lobby).or(action);
    ui.separator();
    leaderboard(ui, lobby);
    if lobby.leaderboard.0 != form.variant {
        action = action.or(Some(InLobby::Leaderboard(form.variant.clone())));
    }
    ui.separator();
    if ui.button("Leave the lobby").clicked() {
        action = Some(InLobby::Leave);
    }
    action
}

/// The open seeks, each to accept (or cancel, the player's own).
fn open_games(ui: &mut egui::Ui, lobby: &Lobby, name: &str) -> Option<InLobby> {
    ui.strong("Open games");
    if lobby.seeks.is_empty() {
        ui.label("No one is seeking a game now: seek one, or wait a moment.");
    }
    let mut action = None;
    egui::Grid::new("seeks").striped(true).show(ui, |ui| {
        for seek in &lobby.seeks {
            ui.label(format!("{} ({})", seek.player, seek.rating));
            ui.label(format!(
                "{}, {}, {}",
                seek.variant,
                seek.time_control,
                if seek.rated { "rated" } else { "unrated" }
            ));
            let seek_id = seek.seek.clone();
            if seek.player.eq_ignore_ascii_case(name) {
                if ui.button("Cancel").clicked() {
                    action = Some(InLobby::Ask(ClientCommand::CancelSeek { seek: seek_id }));
                }
            } else if ui.button("Play").clicked() {
                action = Some(InLobby::Ask(ClientCommand::AcceptSeek { seek: seek_id }));
            }
            ui.end_row();
        }
    });
    action
}

/// The public games under way, each to watch.
fn games_to_watch(ui: &mut egui::Ui, lobby: &Lobby) -> Option<InLobby> {
    ui.strong("Games under way");
    if lobby.live.is_empty() {
        ui.label("None now.");
    }
    let mut action = None;
    egui::Grid::new("live").striped(true).show(ui, |ui| {
        for game in &lobby.live {
            ui.label(format!("{} – {}", game.players[0], game.players[1]));
            ui.label(format!("{}, ply {}", game.variant, game.plies));
            if ui.button("Watch").clicked() {
                action = Some(InLobby::Ask(ClientCommand::WatchGame { game: game.game.clone() }));
            }
            ui.end_row();
        }
    });
    action
}

/// The variant's best players.
fn leaderboard(ui: &mut egui::Ui, lobby: &Lobby) {
    let (variant, players) = &lobby.leaderboard;
    ui.strong(format!("Best players of {variant}"));
    if players.is_empty() {
        ui.label("No rated game played yet.");
    }
    egui::Grid::new("leaders").striped(true).show(ui, |ui| {
        for (place, standing) in players.iter().enumerate() {
            ui.label(format!("{}.", place + 1));
            ui.label(&standing.name);
            let games = if standing.games == 1 { "game" } else { "games" };
            ui.label(format!("{} ({} {games})", standing.rating, standing.games));
            ui.end_row();
        }
    });
}

/// The server and the link to it.
fn link(ui: &mut egui::Ui, online: &Online) {
    ui.label(format!("Server {}", online.server));
    match &online.link {
        Link::Connecting => ui.label("Connecting…"),
        Link::Up => ui.label("Connected"),
        Link::Down { reason, retry_in } => ui.colored_label(
            egui::Color32::LIGHT_RED,
            format!("Connection lost ({reason}); trying again in {:.0} s", retry_in.as_secs_f32().ceil()),
        ),
    };
}

/// The game played online: the link, the codes to pass on, the players' presence, what the
/// server said; whether the player leaves it.
fn playing(ui: &mut egui::Ui, online: &Online) -> bool {
    link(ui, online);
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
