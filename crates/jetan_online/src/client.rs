//! A client for a game without async: [`OnlineClient::connect`] runs the connection on a
//! thread of its own; the game sends [`ClientCommand`]s and polls [`ClientEvent`]s once a frame. A
//! dropped connection comes back by itself (waiting longer after each failure) and catches up
//! from the last ply it has.
//!
//! ```no_run
//! use jetan_online::client::{ClientEvent, ClientCommand, OnlineClient};
//! use jetan_online::protocol::{Event, GameSetup, Request};
//! use jetan_rules::Side;
//!
//! let setup = GameSetup { variant: "jetan".into(), ..GameSetup::default() };
//! let client = OnlineClient::connect("127.0.0.1:7878", Request::Create { setup, side: Side::South });
//! // Once a frame:
//! while let Some(event) = client.try_recv() {
//!     match event {
//!         // Keep `seat.game` and `seat.token` with the game: `Request::Resume` reopens it.
//!         ClientEvent::Server(Event::Seated(seat)) => println!("send your friend {:?}", seat.invite),
//!         ClientEvent::Server(Event::Played { ply, text, .. }) => println!("ply {ply}: {text}"),
//!         _ => {}
//!     }
//! }
//! client.send(ClientCommand::Play { ply: 0, text: "A b2-b3".into() });
//! ```
//!
//! On a public server, a player meets strangers through the lobby: [`OnlineClient::lobby`]
//! says who the player is at each connection, and the lobby's commands (seeks, live games, the
//! leaderboard) are answered with [`Event::Seeks`], [`Event::LiveGames`] and
//! [`Event::Leaderboard`]. A seek made or accepted seats the client as `create` and `join` do,
//! and the seat's commands then play it.
//!
//! ```no_run
//! use jetan_online::client::{ClientCommand, OnlineClient};
//! use jetan_online::identity::Identity;
//!
//! // Once, when the player picks a name: keep the identity (its key is the name's secret).
//! let me = Identity::new("Tara of Helium").expect("a name");
//! let client = OnlineClient::lobby("127.0.0.1:7878", Some(me));
//! client.send(ClientCommand::Seeks { variant: None });
//! client.send(ClientCommand::Seek { variant: "jetan".into(), time_control: Default::default(), rated: true });
//! ```

use std::sync::mpsc as std_mpsc;
use std::time::Duration;

use futures_util::{SinkExt, StreamExt};
use tokio::sync::mpsc;
use tokio::time::{sleep, timeout};
use tokio_tungstenite::tungstenite::Message;

use crate::identity::Identity;
use crate::protocol::{ErrorCode, Event, PROTOCOL_VERSION, Refusal, Request, encode, websocket_config};
use crate::time_control::TimeControl;

/// The first wait before connecting again; it doubles after each failure.
const FIRST_RETRY: Duration = Duration::from_millis(250);
/// The longest wait before connecting again.
const LAST_RETRY: Duration = Duration::from_secs(8);
/// The longest a connection may take to open.
const CONNECT_TIME: Duration = Duration::from_secs(10);

/// What the player does: in the seat the client holds (`Play`, `Resign`, `OfferDraw`), or in
/// the lobby of a public server (the others, each answered by the event its request names).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ClientCommand {
    /// Plays one ply (`ply`: how many the game has before it) in notation.
    Play {
        /// The ply's number from 0.
        ply: u32,
        /// The move in notation.
        text: String,
    },
    /// Gives the game up.
    Resign,
    /// Offers a draw, or accepts the opponent's.
    OfferDraw,
    /// Asks for the open seeks ([`Event::Seeks`]), of one variant or all.
    Seeks {
        /// Only this variant's, if given.
        variant: Option<String>,
    },
    /// Seeks a game: the client is seated (its side drawn at random), and the game starts when
    /// someone accepts. The client follows this game from now on.
    Seek {
        /// The variant's id.
        variant: String,
        /// The clocks.
        time_control: TimeControl,
        /// Whether the game changes both players' ratings.
        rated: bool,
    },
    /// Accepts a seek: the client is seated and the game starts. The client follows this game
    /// from now on.
    AcceptSeek {
        /// The seek's id, from [`Event::Seeks`].
        seek: String,
    },
    /// Withdraws the player's own seek.
    CancelSeek {
        /// The seek's id (the game's, in its `seated`).
        seek: String,
    },
    /// Asks for the public games under way ([`Event::LiveGames`]).
    LiveGames,
    /// Watches a public game by its id. The client follows this game from now on.
    WatchGame {
        /// The game's id, from [`Event::LiveGames`].
        game: String,
    },
    /// Asks for a variant's best players ([`Event::Leaderboard`]).
    Leaderboard {
        /// The variant's id.
        variant: String,
        /// How many (at most 50).
        top: u32,
    },
}

/// What the client tells the game.
#[derive(Clone, Debug, PartialEq)]
pub enum ClientEvent {
    /// Connected (again), and the opening or resume is sent.
    Connected,
    /// What the server said.
    Server(Event),
    /// The connection dropped or could not be made; the client tries again after `retry_in`.
    Disconnected {
        /// Why.
        reason: String,
        /// When it tries again.
        retry_in: Duration,
    },
}

/// A connection to a server, kept up on its own thread until the client is dropped.
pub struct OnlineClient {
    commands: mpsc::UnboundedSender<ClientCommand>,
    /// Behind a lock so that the client may be shared between threads (a game's resource).
    events: std::sync::Mutex<std_mpsc::Receiver<ClientEvent>>,
}

impl OnlineClient {
    /// Connects to the server at `address` (`host:port`, or a `ws://` URL) and sends `opening`
    /// (a [`Request::Create`], [`Request::Join`], [`Request::Watch`] or [`Request::Resume`]).
    pub fn connect(address: &str, opening: Request) -> OnlineClient {
        OnlineClient::open(address, Progress::new(None, Some(opening)))
    }

    /// Connects to the lobby of the server at `address`, as `identity`'s player if given
    /// (said again at each reconnection: [`Event::Identified`] answers, or an
    /// [`Event::Error`] if the name is taken or can't be one); then the lobby's commands.
    pub fn lobby(address: &str, identity: Option<Identity>) -> OnlineClient {
        OnlineClient::open(address, Progress::new(identity, None))
    }

    fn open(address: &str, progress: Progress) -> OnlineClient {
        let (commands, command_queue) = mpsc::unbounded_channel();
        let (event_queue, events) = std_mpsc::channel();
        let url = if address.contains("://") { address.to_string() } else { format!("ws://{address}/") };
        let link = Link { url, progress, commands: command_queue, events: event_queue };
        std::thread::spawn(move || match tokio::runtime::Builder::new_current_thread().enable_all().build() {
            Ok(runtime) => runtime.block_on(link.run()),
            Err(error) => link.tell_failure(&format!("the client's runtime: {error}")),
        });
        OnlineClient { commands, events: std::sync::Mutex::new(events) }
    }

    /// Asks for `command`: sent now, or once connected again.
    pub fn send(&self, command: ClientCommand) {
        // The link ends only when this client is dropped, so the queue is open.
        let _ = self.commands.send(command);
    }

    /// The next event, if one came.
    pub fn try_recv(&self) -> Option<ClientEvent> {
        self.events.lock().ok()?.try_recv().ok()
    }

    /// The next event, waiting up to `wait` for it.
    pub fn recv_timeout(&self, wait: Duration) -> Option<ClientEvent> {
        self.events.lock().ok()?.recv_timeout(wait).ok()
    }
}

/// What the client knows to come back with: its player, what it follows (an opening, then its
/// seat or the game it watches) and its plies.
#[derive(Clone, Debug)]
struct Progress {
    identity: Option<Identity>,
    opening: Option<Request>,
    seat: Option<(String, String)>,
    plies: u32,
}

impl Progress {
    fn new(identity: Option<Identity>, opening: Option<Request>) -> Progress {
        Progress { identity, opening, seat: None, plies: 0 }
    }

    /// The requests that (re)open the session: hello, who the player is, then the opening, or
    /// a resume (or watch) from the last ply.
    fn openings(&self) -> Vec<Request> {
        let hello = Request::Hello { version: PROTOCOL_VERSION };
        let identify = self.identity.clone().map(|Identity { name, key }| Request::Identify { name, key });
        std::iter::once(hello).chain(identify).chain(self.follow()).collect()
    }

    /// The request that follows the game again, if the client follows one.
    fn follow(&self) -> Option<Request> {
        let from_ply = self.plies;
        Some(match (&self.seat, self.opening.as_ref()?) {
            (Some((game, token)), _) => Request::Resume { game: game.clone(), token: token.clone(), from_ply },
            (None, Request::Watch { watch, .. }) => Request::Watch { watch: watch.clone(), from_ply },
            (None, Request::WatchGame { game, .. }) => Request::WatchGame { game: game.clone(), from_ply },
            (None, opening) => opening.clone(),
        })
    }

    /// The request that carries out `command`: a lobby's at once, a seat's once a seat is held.
    /// A seek, an accepted seek or a game watched is what the client follows from then on.
    fn request(&mut self, command: ClientCommand) -> Option<Request> {
        let request = match command {
            ClientCommand::Seeks { variant } => Request::Seeks { variant },
            ClientCommand::Seek { variant, time_control, rated } => {
                self.switch(Request::Seek { variant, time_control, rated })
            }
            ClientCommand::AcceptSeek { seek } => self.switch(Request::AcceptSeek { seek }),
            ClientCommand::CancelSeek { seek } => Request::CancelSeek { seek },
            ClientCommand::LiveGames => Request::LiveGames,
            ClientCommand::WatchGame { game } => self.switch(Request::WatchGame { game, from_ply: 0 }),
            ClientCommand::Leaderboard { variant, top } => Request::Leaderboard { variant, top },
            ClientCommand::Play { ply, text } => {
                let (game, token) = self.seat.clone()?;
                Request::Move { game, token, ply, text }
            }
            ClientCommand::Resign => {
                let (game, token) = self.seat.clone()?;
                Request::Resign { game, token }
            }
            ClientCommand::OfferDraw => {
                let (game, token) = self.seat.clone()?;
                Request::OfferDraw { game, token }
            }
        };
        Some(request)
    }

    /// Follows what `request` opens from now on (the seat held before is left to the player).
    fn switch(&mut self, request: Request) -> Request {
        self.opening = Some(request.clone());
        self.seat = None;
        self.plies = 0;
        request
    }

    fn note(&mut self, event: &Event) {
        match event {
            Event::Seated(seat) => self.seat = Some((seat.game.clone(), seat.token.clone())),
            Event::State(state) => self.plies = state.from_ply + state.moves.len() as u32,
            Event::Played { ply, .. } => self.plies = self.plies.max(ply + 1),
            _ => {}
        }
    }
}

/// The client's thread: the connection, again and again until the client is dropped.
struct Link {
    url: String,
    progress: Progress,
    commands: mpsc::UnboundedReceiver<ClientCommand>,
    events: std_mpsc::Sender<ClientEvent>,
}

/// Why a connection ended.
enum Closed {
    /// The game dropped the client: stop.
    ByGame,
    /// The network or the server: connect again (sooner if it had been up).
    Dropped { reason: String, was_up: bool },
}

impl Link {
    async fn run(mut self) {
        let mut retry = FIRST_RETRY;
        loop {
            match self.connection().await {
                Closed::ByGame => return,
                Closed::Dropped { reason, was_up } => {
                    if was_up {
                        retry = FIRST_RETRY;
                    }
                    if self.events.send(ClientEvent::Disconnected { reason, retry_in: retry }).is_err() {
                        return;
                    }
                    sleep(retry).await;
                    retry = (retry * 2).min(LAST_RETRY);
                }
            }
        }
    }

    async fn connection(&mut self) -> Closed {
        let dropped = |reason: String, was_up| Closed::Dropped { reason, was_up };
        let connecting = tokio_tungstenite::connect_async_with_config(&self.url, Some(websocket_config()), true);
        let mut socket = match timeout(CONNECT_TIME, connecting).await {
            Ok(Ok((socket, _))) => socket,
            Ok(Err(error)) => return dropped(format!("connecting to {}: {error}", self.url), false),
            Err(_) => return dropped(format!("connecting to {}: no answer", self.url), false),
        };
        for request in self.progress.openings() {
            if let Err(error) = socket.send(Message::text(encode(&request))).await {
                return dropped(error.to_string(), false);
            }
        }
        if self.events.send(ClientEvent::Connected).is_err() {
            return Closed::ByGame;
        }
        loop {
            tokio::select! {
                frame = socket.next() => match frame {
                    Some(Ok(Message::Text(text))) => {
                        let event = serde_json::from_str(text.as_str()).unwrap_or_else(|error| {
                            Event::Error(Refusal::new(ErrorCode::Malformed, format!("the server sent what this client can't read: {error}")))
                        });
                        self.progress.note(&event);
                        if self.events.send(ClientEvent::Server(event)).is_err() {
                            return Closed::ByGame;
                        }
                    }
                    Some(Ok(_)) => {}
                    Some(Err(error)) => return dropped(error.to_string(), true),
                    None => return dropped("the server closed the connection".into(), true),
                },
                command = self.commands.recv() => {
                    let Some(command) = command else {
                        let _ = socket.close(None).await;
                        return Closed::ByGame;
                    };
                    match self.progress.request(command) {
                        Some(request) => {
                            if let Err(error) = socket.send(Message::text(encode(&request))).await {
                                return dropped(error.to_string(), true);
                            }
                        }
                        None => {
                            let refusal = Refusal::new(ErrorCode::BadToken, "this client holds no seat: it can't move");
                            if self.events.send(ClientEvent::Server(Event::Error(refusal))).is_err() {
                                return Closed::ByGame;
                            }
                        }
                    }
                }
            }
        }
    }

    fn tell_failure(&self, reason: &str) {
        let _ = self.events.send(ClientEvent::Disconnected { reason: reason.into(), retry_in: Duration::MAX });
    }
}

#[cfg(test)]
mod tests {
    use jetan_rules::Side;

    use super::*;
    use crate::protocol::HeldSeat;

    /// A ply of game `g` told.
    fn played(ply: u32) -> Event {
        let clocks = Default::default();
        Event::Played { game: "g".into(), ply, side: Side::South, text: "A b2-b3".into(), clocks, to_move: Side::North }
    }

    fn seated(game: &str) -> Event {
        Event::Seated(HeldSeat { game: game.into(), side: Side::North, token: "t".into(), invite: None, watch: None })
    }

    #[test]
    fn a_seated_client_comes_back_with_a_resume_from_its_last_ply() {
        let mut progress = Progress::new(None, Some(Request::Join { invite: "CODE".into() }));
        assert_eq!(progress.follow(), Some(Request::Join { invite: "CODE".into() }));
        assert_eq!(progress.request(ClientCommand::Resign), None, "no seat, no move");
        progress.note(&seated("g"));
        progress.note(&played(6));
        assert_eq!(progress.follow(), Some(Request::Resume { game: "g".into(), token: "t".into(), from_ply: 7 }));
    }

    #[test]
    fn a_watcher_comes_back_watching_from_its_last_ply() {
        let mut progress = Progress::new(None, Some(Request::Watch { watch: "W".into(), from_ply: 0 }));
        progress.note(&played(2));
        assert_eq!(progress.follow(), Some(Request::Watch { watch: "W".into(), from_ply: 3 }));
    }

    #[test]
    fn a_lobby_client_says_who_it_is_each_time_and_follows_what_it_last_opened() {
        let me = Identity { name: "Tara".into(), key: "K".into() };
        let mut progress = Progress::new(Some(me), None);
        let identify = Request::Identify { name: "Tara".into(), key: "K".into() };
        assert_eq!(progress.openings(), [Request::Hello { version: PROTOCOL_VERSION }, identify.clone()]);
        let listed = progress.request(ClientCommand::Seeks { variant: None });
        assert_eq!(listed, Some(Request::Seeks { variant: None }), "a lobby's command needs no seat");
        progress.request(ClientCommand::WatchGame { game: "g".into() });
        progress.note(&played(4));
        assert_eq!(progress.openings()[2], Request::WatchGame { game: "g".into(), from_ply: 5 });
        progress.request(ClientCommand::AcceptSeek { seek: "s".into() });
        assert_eq!(progress.follow(), Some(Request::AcceptSeek { seek: "s".into() }), "not seated yet");
        progress.note(&seated("s"));
        assert_eq!(progress.openings()[1], identify);
        assert_eq!(progress.follow(), Some(Request::Resume { game: "s".into(), token: "t".into(), from_ply: 0 }));
        assert!(progress.request(ClientCommand::Resign).is_some(), "a seat's command, once seated");
    }
}
