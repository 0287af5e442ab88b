//! A game played online (docs/online.md): the link to the server that referees it, kept up by
//! [`OnlineClient`] (which comes back by itself after a dropped connection and catches up), the
//! server's copy of the game ([`Replica`]) that the game on the board follows (the opponent's
//! moves arrive and are shown as the AI's are), the player's own moves sent to it, whether each
//! side's player is connected, and the seats kept for coming back to a game days later; on a
//! public server, the player's name ([`Player`]) and the lobby ([`Lobby`]) where players meet.

use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Duration;

use bevy::prelude::*;
use jetan_online::client::{ClientCommand, ClientEvent, OnlineClient};
use jetan_online::protocol::{Event, HeldSeat, Request};
use jetan_online::replica::Replica;
use jetan_rules::{Outcome, Reason, Side};
use serde::{Deserialize, Serialize};

mod lobby;
mod player;

pub use lobby::Lobby;
pub use player::Player;

use jetan_online::identity::Identity;

use crate::AppSystems;
use crate::game::{BoardReset, Game, GameAction};
use crate::records::SaveDir;
use crate::seat::{Seat, Seats};

/// The server a game is played on unless the player names another.
pub const DEFAULT_SERVER: &str = "127.0.0.1:7878";

/// Go online: connect to `server` and ask it `request` (create a game, join or watch one, come
/// back to one).
#[derive(Message, Clone, Debug)]
pub struct GoOnline {
    /// The server's address (`host:port`).
    pub server: String,
    /// What to ask it once connected: a new game, a seat, or a game to watch.
    pub request: Request,
}

/// Go to a public server's lobby as `identity`: its open games, the games under way, the
/// leaderboard; a game sought or accepted there is then played as any other online.
#[derive(Message, Clone, Debug)]
pub struct EnterLobby {
    /// The server's address (`host:port`).
    pub server: String,
    /// Who the player is there.
    pub identity: Identity,
    /// The variant whose leaderboard is shown first.
    pub variant: String,
}

/// Leave the game played online (it goes on on the server; its seat is kept to come back to).
#[derive(Message, Clone, Copy, Debug, Default)]
pub struct LeaveOnline;

/// The game played online, while it is.
#[derive(Resource)]
pub struct Online {
    client: OnlineClient,
    /// The server's address.
    pub server: String,
    /// Whether the player asked to watch (holding no seat).
    pub watching: bool,
    /// The seat held: its side, token and the codes to pass on (none while watching).
    pub seat: Option<HeldSeat>,
    /// The game as the server tells it, once it has.
    replica: Option<Replica>,
    /// Whether the link is up, or why not.
    pub link: Link,
    /// Which sides' players are connected (South's, North's).
    pub connected: [bool; 2],
    /// What the server last said that the player should read: a refusal, the game's end.
    pub said: Option<String>,
    /// Whether the game on the board is this one (made from the server's).
    adopted: bool,
    /// How many of the game's plies have been sent (the player's) or came from the server.
    sent: usize,
    /// After how many plies the clocks were last set from the server's.
    timed: usize,
    /// The lobby, when the player came in through it.
    pub lobby: Option<Lobby>,
}

/// The state of the link to the server.
#[derive(Clone, Debug, PartialEq)]
pub enum Link {
    /// Connecting for the first time.
    Connecting,
    /// Connected.
    Up,
    /// The connection dropped or couldn't be made; it is tried again after a while.
    Down {
        /// Why, for the player.
        reason: String,
        /// When it is tried again.
        retry_in: Duration,
    },
}

impl Online {
    /// The side the player holds (none while watching).
    pub fn side(&self) -> Option<Side> {
        self.seat.as_ref().map(|seat| seat.side)
    }

    /// The game's id, once the server has said it.
    pub fn game_id(&self) -> Option<&str> {
        self.replica.as_ref().map(Replica::game).or(self.seat.as_ref().map(|seat| seat.game.as_str()))
    }

    /// Whether the game waits for its second player.
    pub fn waiting_for_opponent(&self) -> bool {
        self.replica.as_ref().is_none_or(|replica| !replica.started())
    }

    /// Whether the player is in the lobby, holding no seat and watching no game.
    pub fn in_lobby(&self) -> bool {
        self.lobby.is_some() && self.seat.is_none() && !self.watching
    }

    /// Asks the server `command` from the lobby: a seek, an acceptance, a game to watch… A game
    /// to watch is watched from now on.
    pub fn ask(&mut self, command: ClientCommand) {
        self.watching |= matches!(command, ClientCommand::WatchGame { .. });
        self.client.send(command);
    }
}

/// A seat held in a game online, kept in the player's data folder to come back to it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct KeptSeat {
    /// The server's address.
    pub server: String,
    /// The game's id on it.
    pub game: String,
    /// The side the seat plays.
    pub side: Side,
    /// The seat's secret token.
    pub token: String,
    /// The variant's id, for the player to know the game by.
    pub variant: String,
    /// The invite code, as the server gave it with the new game. The server keeps only its
    /// digest, so a seat taken back (a reconnection, a game come back to) comes without it.
    #[serde(default)]
    pub invite: Option<String>,
    /// The watch code, kept for the same reason.
    #[serde(default)]
    pub watch: Option<String>,
}

/// The seats the player holds in games online, newest first.
#[derive(Resource, Clone, Debug, Default)]
pub struct KeptSeats(pub Vec<KeptSeat>);

/// The most seats kept.
const MOST_KEPT: usize = 50;

impl KeptSeats {
    /// The file they are kept in: `online.ron` beside the saves folder.
    fn file(saves: &SaveDir) -> PathBuf {
        saves.beside("online.ron")
    }

    /// The seats kept beside `saves` (none if the file is missing; if it doesn't read, none, with
    /// a warning: the file is kept aside before the next seat is written).
    pub fn read(saves: &SaveDir) -> KeptSeats {
        match Self::load(&Self::file(saves)) {
            Ok(seats) => KeptSeats(seats),
            Err(error) => {
                warn!("{error}: the online seats kept there are not offered");
                KeptSeats::default()
            }
        }
    }

    /// The seats `file` holds (none if it is missing), or where and why it doesn't read (a
    /// file that isn't a regular file or is too large is not read).
    fn load(file: &Path) -> Result<Vec<KeptSeat>, String> {
        if std::fs::symlink_metadata(file).is_err_and(|error| error.kind() == std::io::ErrorKind::NotFound) {
            return Ok(Vec::new());
        }
        let text = jetan_rules::read_text_file(file, jetan_rules::MAX_TEXT_BYTES)
            .map_err(|error| format!("{}: {error}", file.display()))?;
        ron::from_str(&text).map_err(|error| format!("{}:{error}", file.display()))
    }

    /// The seat kept in `game` on `server`.
    fn find(&self, server: &str, game: &str) -> Option<&KeptSeat> {
        self.0.iter().find(|kept| kept.game == game && kept.server == server)
    }

    /// Keeps `seat` first, with the seats the file holds now (another window of the game may
    /// have kept some since this one read it), and writes the file (atomically; a file there
    /// that doesn't read is kept aside first, as `online.ron.broken`, never overwritten).
    fn keep(&mut self, seat: KeptSeat, saves: &SaveDir) {
        let file = Self::file(saves);
        let on_disk = Self::load(&file).unwrap_or_default();
        let mut merged = vec![seat];
        for kept in self.0.drain(..).chain(on_disk) {
            if !merged.iter().any(|seat| seat.game == kept.game && seat.server == kept.server) {
                merged.push(kept);
            }
        }
        merged.truncate(MOST_KEPT);
        self.0 = merged;
        if let Err(error) = Self::write(&self.0, &file) {
            warn!("{}: the online seat couldn't be kept: {error}", file.display());
        }
    }

    /// Writes `seats` to `file`, keeping a file there that doesn't read aside first.
    fn write(seats: &[KeptSeat], file: &Path) -> std::io::Result<()> {
        if file.exists() && Self::load(file).is_err() {
            let aside = crate::atomic_file::keep_aside(file)?;
            warn!("{} didn't read: it is kept as {}", file.display(), aside.display());
        }
        let text =
            ron::ser::to_string_pretty(seats, ron::ser::PrettyConfig::default()).map_err(std::io::Error::other)?;
        crate::atomic_file::write(file, text.as_bytes())
    }
}

pub(super) fn plugin(app: &mut App) {
    app.add_message::<GoOnline>()
        .add_message::<EnterLobby>()
        .add_message::<LeaveOnline>()
        .init_resource::<Player>()
        .add_systems(Startup, read_kept_seats)
        .add_systems(
            Update,
            (
                (go_online, leave_online, receive, follow_the_server, poll_the_lobby)
                    .chain()
                    .in_set(AppSystems::RecordInput),
                send_what_the_player_does.in_set(AppSystems::React),
            ),
        );
}

/// Reads the seats kept, and the player's name online.
fn read_kept_seats(mut commands: Commands, saves: Option<Res<SaveDir>>) {
    let saves = saves.map(|saves| saves.clone()).unwrap_or_default();
    commands.insert_resource(KeptSeats::read(&saves));
    commands.insert_resource(Player::read(&saves));
}

/// Connects to the server asked for, leaving the game played online before.
fn go_online(mut commands: Commands, mut asked: MessageReader<GoOnline>, mut lobby: MessageReader<EnterLobby>) {
    let online = |client, server: &str, watching, lobby| Online {
        client,
        server: server.to_string(),
        watching,
        seat: None,
        replica: None,
        link: Link::Connecting,
        connected: [false; 2],
        said: None,
        adopted: false,
        sent: 0,
        timed: 0,
        lobby,
    };
    if let Some(GoOnline { server, request }) = asked.read().last() {
        let client = OnlineClient::connect(server, request.clone());
        commands.insert_resource(online(client, server, matches!(request, Request::Watch { .. }), None));
    }
    if let Some(EnterLobby { server, identity, variant }) = lobby.read().last() {
        let client = OnlineClient::lobby(server, Some(identity.clone()));
        commands.insert_resource(online(client, server, false, Some(Lobby::new(variant))));
    }
}

/// Asks for the lobby's lists again every few seconds while the player is in it.
fn poll_the_lobby(online: Option<ResMut<Online>>, time: Res<Time>) {
    let Some(mut online) = online else { return };
    let in_lobby = online.in_lobby();
    let Some(lobby) = online.lobby.as_mut().filter(|_| in_lobby) else { return };
    for command in lobby.poll(time.delta_secs()) {
        online.client.send(command);
    }
}

/// Leaves the game played online: asked to, or when a new game is started here.
fn leave_online(mut commands: Commands, mut asked: MessageReader<LeaveOnline>, mut actions: MessageReader<GameAction>) {
    let new_game = actions.read().any(|action| matches!(action, GameAction::NewGame { .. }));
    if asked.read().count() > 0 || new_game {
        commands.remove_resource::<Online>();
    }
}

/// Takes in what the server said.
fn receive(online: Option<ResMut<Online>>, mut kept: ResMut<KeptSeats>, saves: Option<Res<SaveDir>>) {
    let Some(mut online) = online else { return };
    while let Some(event) = online.client.try_recv() {
        match event {
            ClientEvent::Connected => online.link = Link::Up,
            ClientEvent::Disconnected { reason, retry_in } => online.link = Link::Down { reason, retry_in },
            ClientEvent::Server(event) => take_in(&mut online, event, &mut kept, saves.as_deref()),
        }
    }
}

/// Takes in one event of the server's.
fn take_in(online: &mut Online, event: Event, kept: &mut KeptSeats, saves: Option<&SaveDir>) {
    match &event {
        Event::Seated(seat) => {
            let mut seat = seat.clone();
            if let Some(before) = kept.find(&online.server, &seat.game) {
                seat.invite = seat.invite.or_else(|| before.invite.clone());
                seat.watch = seat.watch.or_else(|| before.watch.clone());
            }
            online.seat = Some(seat);
            remember(online, kept, saves);
            return;
        }
        Event::State(state) => {
            online.connected = state.connected;
            if online.replica.as_ref().is_none_or(|replica| replica.game() != state.game) {
                match Replica::new(state) {
                    Ok(replica) => online.replica = Some(replica),
                    Err(error) => online.said = Some(format!("The server's game doesn't read here: {error}")),
                }
                remember(online, kept, saves);
                return;
            }
        }
        Event::Presence { connected, .. } => online.connected = *connected,
        Event::Ended { outcome, ratings, .. } => {
            let ratings = ratings.as_ref().map(|ratings| format!(". {}", lobby::ratings_changed(ratings)));
            online.said = Some(format!("{}{}", outcome.text.trim_end_matches('.'), ratings.unwrap_or_default()));
        }
        Event::DrawOffered { side, .. } => {
            if online.side() != Some(*side) {
                online.said = Some("Your opponent offers a draw: Agree a draw to accept, or move.".into());
            }
        }
        Event::Error(refusal) => online.said = Some(refusal.message.clone()),
        Event::Identified { .. } | Event::Seeks { .. } | Event::LiveGames { .. } | Event::Leaderboard { .. } => {
            if let Some(lobby) = &mut online.lobby {
                lobby.take_in(&event);
            }
            return;
        }
        Event::Welcome { .. } | Event::Played { .. } => {}
    }
    if let Some(replica) = &mut online.replica
        && let Err(error) = replica.update(&event)
    {
        online.said = Some(format!("The server's game doesn't read here: {error}"));
    }
}

/// Keeps the seat held, with its codes and its game's variant, among the player's seats (the
/// file is written only when something changed).
fn remember(online: &Online, kept: &mut KeptSeats, saves: Option<&SaveDir>) {
    let Some(seat) = &online.seat else { return };
    let before = kept.find(&online.server, &seat.game);
    let variant = online.replica.as_ref().map(|replica| replica.setup().variant.clone());
    let keep = KeptSeat {
        server: online.server.clone(),
        game: seat.game.clone(),
        side: seat.side,
        token: seat.token.clone(),
        variant: variant.or_else(|| before.map(|before| before.variant.clone())).unwrap_or_default(),
        invite: seat.invite.clone(),
        watch: seat.watch.clone(),
    };
    if before != Some(&keep) {
        kept.keep(keep, &saves.cloned().unwrap_or_default());
    }
}

/// Keeps the game on the board with the server's: a new game once the server tells it, the
/// moves the server has that the board hasn't played (shown as the AI's are), its clocks after
/// each, and its end.
fn follow_the_server(
    mut commands: Commands,
    online: Option<ResMut<Online>>,
    game: Option<ResMut<Game>>,
    mut actions: MessageWriter<GameAction>,
    mut reset: MessageWriter<BoardReset>,
) {
    let Some(mut online) = online else { return };
    let online = &mut *online;
    let Some(replica) = &online.replica else { return };
    let Some(mut game) = game.filter(|game| online.adopted && game.seats.online()) else {
        match game_of(replica, online.side()) {
            Ok(game) => {
                (online.adopted, online.sent, online.timed) = (true, game.history.len(), game.history.len());
                commands.insert_resource(game);
                reset.write(BoardReset);
            }
            Err(error) => online.said = Some(error),
        }
        return;
    };
    let known = replica.moves();
    if game.history.len() < known.len() {
        let mut position = game.position().clone();
        for text in &known[game.history.len()..] {
            let Ok(mv) = position.parse_move(text) else { break };
            position.play(mv);
            actions.write(GameAction::Play(mv));
        }
        online.sent = online.sent.max(known.len());
    } else if game.history.len() == known.len() && online.timed != known.len() {
        game.clocks = replica.clocks().clone();
        online.timed = known.len();
    }
    if let Some(ending) = replica.outcome()
        && game.outcome().is_none()
    {
        actions.write(GameAction::Declare(declared(ending.winner, &game)));
    }
}

/// The game on the board for the server's: its variant and options, the seats (the player's
/// side a person here, the other online; both online to a watcher), its plies and clocks.
fn game_of(replica: &Replica, side: Option<Side>) -> Result<Game, String> {
    let setup = replica.setup();
    let variant = setup.variant().map_err(|refusal| refusal.message)?;
    let seat = |of: Side| if side == Some(of) { Seat::Human } else { Seat::Online };
    let seats = Seats { south: seat(Side::South), north: seat(Side::North) };
    let mut game = Game::new(Arc::clone(&variant), format!("variants/{}.ron", setup.variant), seats);
    for text in replica.moves() {
        let mv = game.position().parse_move(text).map_err(|error| format!("the server's move `{text}`: {error}"))?;
        game.play(mv);
    }
    game.clocks = replica.clocks().clone();
    Ok(game)
}

/// How a game the server ended ends here, when the rules haven't ended it: a draw agreed, a
/// side out of time (its clock empty) or resigning.
fn declared(winner: Option<Side>, game: &Game) -> Outcome {
    let reason = match winner {
        None => Reason::DrawAgreed,
        Some(winner) if game.clocks.is_on() && game.clocks.left(winner.opponent()).is_zero() => {
            Reason::OutOfTime(winner.opponent())
        }
        Some(_) => Reason::Resigned,
    };
    Outcome { winner, reason }
}

/// Sends the server what the player does in the seat: each ply played here (a Charge's one by
/// one), a resignation, a draw offered or accepted.
fn send_what_the_player_does(
    online: Option<ResMut<Online>>,
    game: Option<Res<Game>>,
    mut actions: MessageReader<GameAction>,
) {
    let (Some(mut online), Some(game)) = (online, game) else { return };
    let Some(side) = online.side() else { return };
    for action in actions.read() {
        match action {
            GameAction::Resign => online.client.send(ClientCommand::Resign),
            GameAction::AgreeDraw => online.client.send(ClientCommand::OfferDraw),
            _ => {}
        }
    }
    for (ply, played) in game.history.iter().enumerate().skip(online.sent) {
        if played.side == side {
            online.client.send(ClientCommand::Play { ply: ply as u32, text: played.text.clone() });
        }
    }
    online.sent = online.sent.max(game.history.len());
}

#[cfg(test)]
mod tests {
    use super::*;

    fn seat(game: &str) -> KeptSeat {
        KeptSeat {
            server: DEFAULT_SERVER.into(),
            game: game.into(),
            side: Side::South,
            token: "t".repeat(32),
            variant: "jetan".into(),
            invite: None,
            watch: Some("Z8X5-6AF9-M31B-G5BN".into()),
        }
    }

    fn data_folder(name: &str) -> (PathBuf, SaveDir) {
        let data = std::env::temp_dir().join(format!("jetan-kept-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&data);
        std::fs::create_dir_all(&data).unwrap();
        let saves = SaveDir(data.join("saves"));
        (data, saves)
    }

    #[test]
    fn two_windows_keeping_seats_keep_each_others() {
        let (_, saves) = data_folder("two-windows");
        // Both windows read the (empty) file at their start, then each keeps a seat.
        let (mut first, mut second) = (KeptSeats::read(&saves), KeptSeats::read(&saves));
        first.keep(seat("g1"), &saves);
        second.keep(seat("g2"), &saves);
        let games: Vec<String> = KeptSeats::read(&saves).0.into_iter().map(|kept| kept.game).collect();
        assert_eq!(games, ["g2", "g1"], "the second window's write keeps the first's seat");
    }

    #[test]
    fn a_kept_seats_file_that_is_a_pipe_or_huge_is_not_read() {
        let (data, saves) = data_folder("pipe");
        let file = data.join("online.ron");
        if std::process::Command::new("mkfifo").arg(&file).status().is_ok_and(|s| s.success()) {
            assert!(KeptSeats::load(&file).unwrap_err().contains("not a regular file"));
            assert!(KeptSeats::read(&saves).0.is_empty());
            std::fs::remove_file(&file).unwrap();
        }
        std::fs::File::create(&file).unwrap().set_len(3 << 30).unwrap();
        assert!(KeptSeats::load(&file).unwrap_err().contains("larger than"), "a 3 GB sparse file is not read");
    }

    #[test]
    fn a_kept_seats_file_that_does_not_read_is_kept_aside_not_overwritten() {
        let data = std::env::temp_dir().join(format!("jetan-kept-seats-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&data);
        std::fs::create_dir_all(&data).unwrap();
        let saves = SaveDir(data.join("saves"));
        let broken = "[(server: \"example.org:7878\", game: \"abc\", side: South, token: \"x\" // cut off";
        std::fs::write(data.join("online.ron"), broken).unwrap();
        let mut kept = KeptSeats::read(&saves);
        assert!(kept.0.is_empty(), "a file that doesn't read offers no seat");
        kept.keep(seat("g1"), &saves);
        assert_eq!(std::fs::read_to_string(data.join("online.ron.broken")).unwrap(), broken);
        assert_eq!(KeptSeats::read(&saves).0, vec![seat("g1")]);
        // The next seat is written beside the first: the good file isn't set aside again.
        kept.keep(seat("g2"), &saves);
        assert_eq!(KeptSeats::read(&saves).0, vec![seat("g2"), seat("g1")]);
        assert!(!data.join("online.ron.broken-2").exists());
        std::fs::remove_dir_all(&data).unwrap();
    }
}
