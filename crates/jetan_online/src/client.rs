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

use std::sync::mpsc as std_mpsc;
use std::time::Duration;

use futures_util::{SinkExt, StreamExt};
use tokio::sync::mpsc;
use tokio::time::{sleep, timeout};
use tokio_tungstenite::tungstenite::Message;

use crate::protocol::{ErrorCode, Event, PROTOCOL_VERSION, Refusal, Request, encode, websocket_config};

/// The first wait before connecting again; it doubles after each failure.
const FIRST_RETRY: Duration = Duration::from_millis(250);
/// The longest wait before connecting again.
const LAST_RETRY: Duration = Duration::from_secs(8);
/// The longest a connection may take to open.
const CONNECT_TIME: Duration = Duration::from_secs(10);

/// What the player does in the seat the client holds.
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
    /// (a [`Request::Create`], [`Request::Join`] or [`Request::Watch`]).
    pub fn connect(address: &str, opening: Request) -> OnlineClient {
        let (commands, command_queue) = mpsc::unbounded_channel();
        let (event_queue, events) = std_mpsc::channel();
        let url = if address.contains("://") { address.to_string() } else { format!("ws://{address}/") };
        let link = Link { url, progress: Progress::new(opening), commands: command_queue, events: event_queue };
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

/// What the client knows to come back with: its seat (or watch code) and its plies.
#[derive(Clone, Debug)]
struct Progress {
    opening: Request,
    seat: Option<(String, String)>,
    plies: u32,
}

impl Progress {
    fn new(opening: Request) -> Progress {
        Progress { opening, seat: None, plies: 0 }
    }

    /// The request that (re)opens the session: the opening, or a resume from the last ply.
    fn opening(&self) -> Request {
        match (&self.seat, &self.opening) {
            (Some((game, token)), _) => {
                Request::Resume { game: game.clone(), token: token.clone(), from_ply: self.plies }
            }
            (None, Request::Watch { watch, .. }) => Request::Watch { watch: watch.clone(), from_ply: self.plies },
            (None, opening) => opening.clone(),
        }
    }

    /// The request that carries out `command`, once a seat is held.
    fn request(&self, command: ClientCommand) -> Option<Request> {
        let (game, token) = self.seat.clone()?;
        Some(match command {
            ClientCommand::Play { ply, text } => Request::Move { game, token, ply, text },
            ClientCommand::Resign => Request::Resign { game, token },
            ClientCommand::OfferDraw => Request::OfferDraw { game, token },
        })
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
        for request in [Request::Hello { version: PROTOCOL_VERSION }, self.progress.opening()] {
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

    #[test]
    fn a_seated_client_comes_back_with_a_resume_from_its_last_ply() {
        let mut progress = Progress::new(Request::Join { invite: "CODE".into() });
        assert_eq!(progress.opening(), Request::Join { invite: "CODE".into() });
        assert_eq!(progress.request(ClientCommand::Resign), None, "no seat, no move");
        let seat = HeldSeat { game: "g".into(), side: Side::North, token: "t".into(), invite: None, watch: None };
        progress.note(&Event::Seated(seat));
        progress.note(&played(6));
        assert_eq!(progress.opening(), Request::Resume { game: "g".into(), token: "t".into(), from_ply: 7 });
    }

    #[test]
    fn a_watcher_comes_back_watching_from_its_last_ply() {
        let mut progress = Progress::new(Request::Watch { watch: "W".into(), from_ply: 0 });
        progress.note(&played(2));
        assert_eq!(progress.opening(), Request::Watch { watch: "W".into(), from_ply: 3 });
    }
}
