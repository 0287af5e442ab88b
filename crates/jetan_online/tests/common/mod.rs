//! What the online tests share: servers on the loopback address (in this process, or the
//! binary as a child to kill), a blocking WebSocket connection that speaks the protocol
//! plainly, a session of a hub driven without sockets, and a random player.
#![allow(dead_code)]

use std::io::{BufRead, BufReader};
use std::net::{IpAddr, SocketAddr, TcpStream};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::Duration;

use jetan_ai::{Rng, random_move};
use jetan_online::protocol::{ErrorCode, Event, GameSetup, GameState, HeldSeat, PROTOCOL_VERSION, Request, encode};
use jetan_online::server::{Hub, Inbox, Limits, Outbox, RunningServer, ServeArgs, Session, start};
use jetan_rules::{Position, Side};
use tokio_tungstenite::tungstenite::{Message, WebSocket};

/// The longest any test waits for one answer.
pub const PATIENCE: Duration = Duration::from_secs(10);

/// A fresh database path for one test.
pub fn fresh_db(name: &str) -> PathBuf {
    let folder = std::env::temp_dir().join(format!("jetan-online-tests-{}", std::process::id()));
    std::fs::create_dir_all(&folder).expect("a temporary folder");
    let path = folder.join(format!("{name}.sqlite"));
    for suffix in ["", "-wal", "-shm"] {
        let _ = std::fs::remove_file(format!("{}{suffix}", path.display()));
    }
    path
}

/// A server in this process on an ephemeral loopback port, with a fresh database.
pub fn server(name: &str) -> RunningServer {
    server_with_rate(name, 1000)
}

/// A server in this process allowing `rate` messages a second per connection (and, since all
/// its clients are this computer, as much as it likes to one address).
pub fn server_with_rate(name: &str, rate: u32) -> RunningServer {
    server_with(name, Limits { rate, ..one_address_is_many() })
}

/// The default limits, but none for one address: the tests' clients all come from loopback.
pub fn one_address_is_many() -> Limits {
    Limits { max_per_address: 1_000, guess_rate: 1_000, games_per_hour: 100_000, ..Limits::default() }
}

/// A server in this process within `limits`.
pub fn server_with(name: &str, limits: Limits) -> RunningServer {
    start(&ServeArgs { limits, ..ServeArgs::new("127.0.0.1:0", fresh_db(name)) }).expect("the server starts")
}

/// A loopback address of its own for a client: 127.0.0.`last` (all of 127.0.0.0/8 is this
/// computer), so that tests can be several addresses.
pub fn peer(last: u8) -> IpAddr {
    IpAddr::from([127, 0, 0, last])
}

/// A TCP connection to `address` from the loopback address `source`.
pub fn connect_from(source: IpAddr, address: SocketAddr) -> TcpStream {
    let runtime = tokio::runtime::Builder::new_current_thread().enable_io().build().expect("a runtime");
    runtime
        .block_on(async {
            let socket = tokio::net::TcpSocket::new_v4()?;
            socket.bind(SocketAddr::new(source, 0))?;
            let stream = socket.connect(address).await?.into_std()?;
            stream.set_nonblocking(false)?;
            Ok::<_, std::io::Error>(stream)
        })
        .expect("the server accepts")
}

/// The server binary, a child process killed when dropped.
pub struct ServerProcess {
    pub child: Child,
    pub address: SocketAddr,
}

impl ServerProcess {
    /// Starts `jetan-online serve` on `listen` with the database `db`.
    pub fn spawn(listen: &str, db: &Path) -> ServerProcess {
        let mut child = Command::new(env!("CARGO_BIN_EXE_jetan-online"))
            .args(["serve", "--listen", listen, "--db"])
            .arg(db)
            .stdout(Stdio::piped())
            .spawn()
            .expect("the server binary starts");
        let mut line = String::new();
        BufReader::new(child.stdout.take().expect("its output")).read_line(&mut line).expect("its first line");
        let address = line
            .strip_prefix("listening on ")
            .and_then(|rest| rest.split_whitespace().next())
            .and_then(|address| address.parse().ok())
            .unwrap_or_else(|| panic!("the server said `{line}`"));
        ServerProcess { child, address }
    }
}

impl Drop for ServerProcess {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// A blocking connection that sends requests and reads events as they come.
pub struct Raw {
    socket: WebSocket<TcpStream>,
}

impl Raw {
    /// Connects and says hello.
    pub fn connect(address: SocketAddr) -> Raw {
        Raw::greeted_over(TcpStream::connect(address).expect("the server accepts"), address)
    }

    /// Connects without saying hello.
    pub fn unready(address: SocketAddr) -> Raw {
        Raw::over(TcpStream::connect(address).expect("the server accepts"), address)
    }

    /// Shakes hands over a connection to `address` and says hello.
    pub fn greeted_over(stream: TcpStream, address: SocketAddr) -> Raw {
        let mut raw = Raw::over(stream, address);
        raw.request(&Request::Hello { version: PROTOCOL_VERSION });
        assert_eq!(raw.next(), Event::Welcome { version: PROTOCOL_VERSION });
        raw
    }

    /// Shakes hands over a connection to `address`, without saying hello.
    pub fn over(stream: TcpStream, address: SocketAddr) -> Raw {
        stream.set_read_timeout(Some(PATIENCE)).expect("a read timeout");
        let (socket, _) =
            tokio_tungstenite::tungstenite::client(format!("ws://{address}/"), stream).expect("a handshake");
        Raw { socket }
    }

    pub fn request(&mut self, request: &Request) {
        self.send_text(&encode(request));
    }

    pub fn send_text(&mut self, text: &str) {
        self.socket.send(Message::text(text)).expect("the request is sent");
    }

    pub fn send_binary(&mut self, bytes: Vec<u8>) {
        self.socket.send(Message::binary(bytes)).expect("the frame is sent");
    }

    /// The next event (pings answered and skipped); panics after [`PATIENCE`].
    pub fn next(&mut self) -> Event {
        loop {
            match self.socket.read().expect("an event in time") {
                Message::Text(text) => return serde_json::from_str(text.as_str()).expect("an event"),
                Message::Close(_) => panic!("the server closed the connection"),
                _ => {}
            }
        }
    }

    /// The next ply told, until the connection ends.
    pub fn next_played(&mut self) -> Option<String> {
        loop {
            match self.socket.read() {
                Ok(Message::Text(text)) => {
                    if let Ok(Event::Played { text, .. }) = serde_json::from_str(text.as_str()) {
                        return Some(text);
                    }
                }
                Ok(Message::Close(_)) | Err(_) => return None,
                Ok(_) => {}
            }
        }
    }

    /// Whether the server closed the connection (reading until it does, or panicking).
    pub fn closed(&mut self) -> bool {
        loop {
            match self.socket.read() {
                Ok(Message::Close(_)) | Err(_) => return true,
                Ok(_) => {}
            }
        }
    }

    /// The next event `pick` takes, passing over the others.
    pub fn until<T>(&mut self, mut pick: impl FnMut(Event) -> Option<T>) -> T {
        loop {
            if let Some(found) = pick(self.next()) {
                return found;
            }
        }
    }

    /// The next refusal's code.
    pub fn refusal(&mut self) -> ErrorCode {
        self.until(|event| match event {
            Event::Error(refusal) => Some(refusal.code),
            _ => None,
        })
    }

    /// The next state told.
    pub fn state(&mut self) -> GameState {
        self.until(|event| match event {
            Event::State(state) => Some(state),
            _ => None,
        })
    }

    /// The next ply told: its number and text.
    pub fn played(&mut self) -> (u32, String) {
        self.until(|event| match event {
            Event::Played { ply, text, .. } => Some((ply, text)),
            Event::Error(refusal) => panic!("refused: {refusal}"),
            _ => None,
        })
    }
}

/// A game between two raw connections: South created it, North joined.
pub struct Table {
    pub south: Raw,
    pub north: Raw,
    pub seats: [HeldSeat; 2],
    pub watch: String,
}

impl Table {
    pub fn new(address: SocketAddr, setup: GameSetup) -> Table {
        let mut south = Raw::connect(address);
        south.request(&Request::Create { setup, side: Side::South });
        let created = seated(&mut south);
        let mut north = Raw::connect(address);
        north.request(&Request::Join { invite: created.invite.clone().expect("an invite") });
        let joined = seated(&mut north);
        let watch = created.watch.clone().expect("a watch code");
        Table { south, north, seats: [created, joined], watch }
    }

    /// The request `side` makes with its token.
    pub fn seat_request(&self, side: Side, make: impl FnOnce(String, String) -> Request) -> Request {
        let seat = &self.seats[side.index()];
        make(seat.game.clone(), seat.token.clone())
    }

    /// Plays `text` for `side` at the game's next ply `ply`, and waits for its echo.
    pub fn play(&mut self, side: Side, ply: u32, text: &str) {
        let seat = &self.seats[side.index()];
        let request = Request::Move { game: seat.game.clone(), token: seat.token.clone(), ply, text: text.into() };
        let raw = self.raw(side);
        raw.request(&request);
        raw.until(|event| match event {
            Event::Played { ply: told, .. } if told == ply => Some(()),
            Event::Error(refusal) => panic!("refused: {refusal}"),
            _ => None,
        });
    }

    pub fn raw(&mut self, side: Side) -> &mut Raw {
        match side {
            Side::South => &mut self.south,
            Side::North => &mut self.north,
        }
    }

    /// The game as a new watcher sees it: its plies and how it ended.
    pub fn record(&self, address: SocketAddr) -> GameState {
        let mut watcher = Raw::connect(address);
        watcher.request(&Request::Watch { watch: self.watch.clone(), from_ply: 0 });
        watcher.state()
    }
}

/// The seat the next `Seated` event gives.
pub fn seated(raw: &mut Raw) -> HeldSeat {
    raw.until(|event| match event {
        Event::Seated(seat) => Some(seat),
        Event::Error(refusal) => panic!("refused: {refusal}"),
        _ => None,
    })
}

/// A random player's ply, declaring a Charge one time in four it may (so that games have some).
pub fn random_ply(position: &Position, rng: &mut Rng) -> String {
    let charge = position.legal_moves().into_iter().find(|&mv| position.move_text(mv) == "charge");
    let mv = charge
        .filter(|_| rng.below(4) == 0)
        .or_else(|| random_move(position, rng))
        .expect("a game not over has a move");
    position.move_text(mv)
}

/// Runs `work` on a thread and gives its result, or panics if it takes longer than `limit`.
pub fn within<T: Send + 'static>(limit: Duration, work: impl FnOnce() -> T + Send + 'static) -> T {
    let (sender, receiver) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let _ = sender.send(work());
    });
    receiver.recv_timeout(limit).unwrap_or_else(|_| panic!("not done within {limit:?}"))
}

/// A game created by a raw connection for South, which then hangs up: South's seat to resume
/// and the invite for North.
pub fn created(address: SocketAddr, setup: GameSetup) -> HeldSeat {
    let mut creator = Raw::connect(address);
    creator.request(&Request::Create { setup, side: Side::South });
    seated(&mut creator)
}

/// The request that takes South's seat of a created game again.
pub fn resume(seat: &HeldSeat) -> Request {
    Request::Resume { game: seat.game.clone(), token: seat.token.clone(), from_ply: 0 }
}

/// A session of a hub driven directly (no sockets), and the events it was told.
pub struct Client {
    pub session: Session,
    inbox: Inbox,
}

impl Client {
    /// A session from 127.0.0.1, greeted or not.
    pub fn new(hub: &Hub, greet: bool) -> Client {
        Client::from(hub, peer(1), greet)
    }

    /// A session from `address`, greeted or not.
    pub fn from(hub: &Hub, address: IpAddr, greet: bool) -> Client {
        let (outbox, inbox) = Outbox::new();
        let mut client = Client { session: Session::new(outbox, address), inbox };
        if greet {
            client.ask(hub, &Request::Hello { version: PROTOCOL_VERSION });
        }
        client
    }

    pub fn ask(&mut self, hub: &Hub, request: &Request) {
        hub.handle(&mut self.session, &encode(request));
    }

    /// The events told since last asked.
    pub fn told(&mut self) -> Vec<Event> {
        std::iter::from_fn(|| self.inbox.events.try_recv().ok()).collect()
    }

    /// The seat the events told since last asked give; panics if refused.
    pub fn seat(&mut self) -> HeldSeat {
        let told = self.told();
        told.iter()
            .find_map(|e| if let Event::Seated(seat) = e { Some(seat.clone()) } else { None })
            .unwrap_or_else(|| panic!("not seated: {told:?}"))
    }

    /// The refusal among the events told since last asked, if any.
    pub fn refusal(&mut self) -> Option<ErrorCode> {
        self.told().into_iter().find_map(|e| if let Event::Error(refusal) = e { Some(refusal.code) } else { None })
    }

    /// The connection closes.
    pub fn hang_up(self, hub: &Hub) {
        hub.close(self.session);
    }
}
