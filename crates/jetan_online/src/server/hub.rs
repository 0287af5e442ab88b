//! Every game the server holds, found by id, invite or watch code (each code only in its own
//! role), the public ones listed in its lobby, the addresses its clients come from, and the
//! handling of one request from one connection: the message handler, free of sockets (the tests
//! drive it directly). The requests about players are in [`players`], those of a public server
//! in [`public`].

mod players;
mod public;

use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::{Arc, Mutex};
use std::time::Instant;

use jetan_rules::Side;

use super::addresses::{Addresses, Admission};
use super::limits::Limits;
use super::lobby::Lobby;
use super::outbox::Outbox;
use super::room::Room;
use crate::lock;
use crate::protocol::{ErrorCode, Event, GameSetup, HeldSeat, PROTOCOL_VERSION, Refusal, Request};
use crate::referee::Referee;
use crate::secrets::{self, Digest};
use crate::store::{Lookup, SharedStore, Store, StoredGame, Unfinished, unix_now};

/// A room, shared by the connections that follow it.
type SharedRoom = Arc<Mutex<Room>>;

/// The games in memory and the store behind them.
pub struct Hub {
    store: SharedStore,
    rooms: Mutex<Rooms>,
    lobby: Mutex<Lobby>,
    addresses: Arc<Addresses>,
    limits: Limits,
    /// Whether seeks and the live games are open (`--public`).
    public: bool,
}

/// The rooms in memory, by id and by the digests of their codes, an invite's apart from a
/// watch code's (so that neither serves as the other).
#[derive(Default)]
struct Rooms {
    by_id: HashMap<String, SharedRoom>,
    by_invite: HashMap<Digest, String>,
    by_watch: HashMap<Digest, String>,
}

/// One connection as the hub sees it: where its events go, the address it comes from,
/// whether it said hello, its player's name once identified, the rooms it follows, the seats it
/// was given or resumed (by game and token digest: using them is no guess) and the seeks it made
/// (withdrawn when it closes).
pub struct Session {
    outbox: Outbox,
    peer: IpAddr,
    greeted: bool,
    player: Option<String>,
    following: Vec<SharedRoom>,
    held: Vec<(String, Digest)>,
    seeks: Vec<String>,
}

impl Session {
    /// A new connection's session from `peer`, its events going to `outbox`.
    pub fn new(outbox: Outbox, peer: IpAddr) -> Session {
        Session {
            outbox,
            peer,
            greeted: false,
            player: None,
            following: Vec::new(),
            held: Vec::new(),
            seeks: Vec::new(),
        }
    }

    /// Tells the connection its request was refused.
    pub fn refuse(&self, refusal: Refusal) {
        self.outbox.send(Event::Error(refusal));
    }

    /// Whether this connection was given (or resumed) the seat of `token` in `game`.
    fn holds(&self, game: &str, token: &str) -> bool {
        let digest = secrets::digest(token);
        self.held.iter().any(|(held, known)| held == game && *known == digest)
    }

    fn follow(&mut self, room: &SharedRoom, side: Option<Side>) {
        lock(room).follow(&self.outbox, side);
        if !self.following.iter().any(|known| Arc::ptr_eq(known, room)) {
            self.following.push(room.clone());
        }
    }
}

impl Hub {
    /// The hub of `store`'s games within `limits`, every unfinished one loaded and its clock
    /// restarted; seeks and live games closed (see [`Hub::public`]). A seek no one accepted
    /// before the server stopped is withdrawn (its seeker left), a public game under way is
    /// listed again.
    ///
    /// # Errors
    /// The store can't be read, or given its thread. A game that no longer replays is left out,
    /// and said so.
    pub fn open(store: Store, limits: Limits) -> Result<Hub, String> {
        let Unfinished { games, broken } = store.unfinished().map_err(|refusal| refusal.message)?;
        for error in broken {
            eprintln!("set aside, unreadable: {error}");
        }
        let addresses = Arc::new(Addresses::new(limits.clone()));
        let hub = Hub {
            store: SharedStore::new(store)?,
            rooms: Mutex::default(),
            lobby: Mutex::default(),
            addresses,
            limits,
            public: false,
        };
        let now = Instant::now();
        for game in games {
            match Room::load(game, now, hub.limits.waiting()) {
                Ok(room) => hub.reopen(room, now),
                Err(error) => eprintln!("left out: {error}"),
            }
        }
        Ok(hub)
    }

    /// The hub with seeks and live games open, or not (`--public`).
    pub fn public(self, public: bool) -> Hub {
        Hub { public, ..self }
    }

    /// Keeps a room loaded at the start: a public one is listed again if under way, withdrawn
    /// if still sought.
    fn reopen(&self, mut room: Room, now: Instant) {
        if room.public() {
            if room.live().is_some() {
                lock(&self.lobby).add_live(room.id());
            } else if let Err(refusal) = room.cancel(&self.store, now) {
                eprintln!("seek {} not withdrawn: {}", room.id(), refusal.message);
            }
        }
        self.keep(room);
    }

    /// How many games are in memory.
    pub fn games(&self) -> usize {
        lock(&self.rooms).by_id.len()
    }

    /// Counts a new connection from `peer` against its address, unless it has the most open.
    pub fn admit(&self, peer: IpAddr) -> Option<Admission> {
        self.addresses.admit(peer, Instant::now())
    }

    /// Handles one text frame from a session's connection: its answer and every follower's
    /// news go to their outboxes. A refused request changes nothing.
    pub fn handle(&self, session: &mut Session, text: &str) {
        if let Err(refusal) = Request::decode(text).and_then(|request| self.answer(session, request)) {
            session.refuse(refusal);
        }
    }

    /// A closed connection leaves the rooms it followed, and its seeks no one accepted are
    /// withdrawn.
    pub fn close(&self, session: Session) {
        for seek in &session.seeks {
            // Refused only if the seek was accepted or is over already: nothing to withdraw.
            let _ = self.withdraw(seek, Instant::now());
        }
        for room in &session.following {
            lock(room).leave(&session.outbox);
        }
    }

    /// Ends the games whose clock ran out, those no one joined in time and the rated ones a
    /// player abandoned, takes finished games out of the lobby, lets those no one follows leave
    /// memory (the store keeps them), and forgets the addresses with nothing open or spent.
    pub fn tick(&self, now: Instant) {
        self.addresses.sweep(now);
        let rooms: Vec<SharedRoom> = lock(&self.rooms).by_id.values().cloned().collect();
        for room in rooms {
            let mut room = lock(&room);
            // A refusal here only says the game is over, or the store failed: the next tick
            // tries again.
            let _ = room.check_clock(&self.store, now);
            let _ = room.check_expiry(&self.store, now);
            let _ = room.check_abandonment(&self.store, now, self.limits.abandon());
            if room.over() && room.public() {
                lock(&self.lobby).remove(room.id());
            }
            if room.idle() {
                self.forget(&room);
            }
        }
    }

    fn answer(&self, session: &mut Session, request: Request) -> Result<(), Refusal> {
        let now = Instant::now();
        if session.greeted {
            self.allow_guess(session, &request, now)?;
        }
        match request {
            Request::Hello { version } => Self::greet(session, version),
            _ if !session.greeted => {
                Err(Refusal::new(ErrorCode::HelloFirst, "say hello (with the protocol version) first"))
            }
            Request::Create { setup, side } => self.create(session, setup, side, now),
            Request::Join { invite } => {
                let room = self.find(Lookup::Invite(secrets::digest(&invite)))?;
                // (The spent invite still finds the room while it is in memory, to say so.)
                let seat = lock(&room).take_seat(&self.store, now, None)?;
                Self::seat(session, &room, seat, 0, now);
                Ok(())
            }
            Request::Watch { watch, from_ply } => {
                let room = self.find(Lookup::Watch(secrets::digest(&watch)))?;
                session.follow(&room, None);
                session.outbox.send(Event::State(lock(&room).state(from_ply, now)));
                Ok(())
            }
            Request::Resume { game, token, from_ply } => {
                let (room, side) = self.seat_of(&game, &token)?;
                Self::seat(session, &room, HeldSeat { game, side, token, invite: None, watch: None }, from_ply, now);
                Ok(())
            }
            Request::Move { game, token, ply, text } => {
                let (room, side) = self.acting(session, &game, &token)?;
                lock(&room).play(&self.store, side, ply, &text, now)
            }
            Request::Resign { game, token } => {
                let (room, side) = self.acting(session, &game, &token)?;
                lock(&room).resign(&self.store, side, now)
            }
            Request::OfferDraw { game, token } => {
                let (room, side) = self.acting(session, &game, &token)?;
                lock(&room).offer_draw(&self.store, side, now)
            }
            Request::Identify { name, key } => self.identify(session, &name, &key, now),
            Request::Leaderboard { variant, top } => self.leaderboard(session, &variant, top),
            Request::Seek { variant, time_control, rated } => {
                self.seek(session, GameSetup { variant, choices: Vec::new(), time_control }, rated, now)
            }
            Request::Seeks { variant } => self.list_seeks(session, variant.as_deref()),
            Request::AcceptSeek { seek } => self.accept_seek(session, &seek, now),
            Request::CancelSeek { seek } => self.cancel_seek(session, &seek, now),
            Request::LiveGames => self.list_live(session),
            Request::WatchGame { game, from_ply } => self.watch_game(session, &game, from_ply, now),
        }
    }

    /// A request naming a code, or a token this connection was not given, is a guess: its
    /// address must have one left.
    fn allow_guess(&self, session: &Session, request: &Request, now: Instant) -> Result<(), Refusal> {
        let guess = match request {
            Request::Hello { .. }
            | Request::Create { .. }
            | Request::Leaderboard { .. }
            | Request::Seek { .. }
            | Request::Seeks { .. }
            | Request::AcceptSeek { .. }
            | Request::CancelSeek { .. }
            | Request::LiveGames => false,
            Request::Join { .. }
            | Request::Watch { .. }
            | Request::Resume { .. }
            | Request::Identify { .. }
            | Request::WatchGame { .. } => true,
            Request::Move { game, token, .. }
            | Request::Resign { game, token }
            | Request::OfferDraw { game, token } => !session.holds(game, token),
        };
        if !guess || self.addresses.guess(session.peer, now) {
            return Ok(());
        }
        let limit = format!("at most {} codes or tokens tried a second from one address", self.limits.guess_rate);
        Err(Refusal::new(ErrorCode::RateLimited, limit))
    }

    fn greet(session: &mut Session, version: u32) -> Result<(), Refusal> {
        if version != PROTOCOL_VERSION {
            let message = format!("this server speaks version {PROTOCOL_VERSION}, not {version}");
            return Err(Refusal::new(ErrorCode::Version, message));
        }
        session.greeted = true;
        session.outbox.send(Event::Welcome { version: PROTOCOL_VERSION });
        Ok(())
    }

    fn create(&self, session: &mut Session, setup: GameSetup, side: Side, now: Instant) -> Result<(), Refusal> {
        let (room, seat) = self.open_game(session, setup, side, None, now)?;
        Self::seat(session, &room, seat, 0, now);
        Ok(())
    }

    /// A new game stored and kept, the asker's seat in `side`, within the address's and the
    /// server's games; `sought` is `Some(rated)` for a seek (a public game, the asker its named
    /// player, its invite never told). The seat is not told yet.
    fn open_game(
        &self,
        session: &Session,
        setup: GameSetup,
        side: Side,
        sought: Option<bool>,
        now: Instant,
    ) -> Result<(SharedRoom, HeldSeat), Refusal> {
        let referee = Referee::new(setup.clone())?;
        if self.games() >= self.limits.max_games {
            return Err(Refusal::new(ErrorCode::TooManyGames, "the server holds all the games it may: try later"));
        }
        if !self.addresses.create(session.peer, now) {
            let limit = format!("at most {} games an hour from one address", self.limits.games_per_hour);
            return Err(Refusal::new(ErrorCode::TooManyGames, limit));
        }
        let (token, invite, watch) = (secrets::token()?, secrets::code()?, secrets::code()?);
        let mut seats = [None; 2];
        seats[side.index()] = Some(secrets::digest(&token));
        let mut players = [None, None];
        if sought.is_some() {
            players[side.index()] = session.player.clone();
        }
        let game = StoredGame {
            id: secrets::game_id()?,
            setup,
            seats,
            invite: Some(secrets::digest(&invite)),
            watch: secrets::digest(&watch),
            clocks: referee.clocks().clone(),
            outcome: None,
            moves: Vec::new(),
            created: unix_now(),
            public: sought.is_some(),
            rated: sought == Some(true),
            players,
        };
        let game = self.store.with(move |store| store.insert(&game).map(|()| game))?;
        let invite = sought.is_none().then_some(invite);
        let seat = HeldSeat { game: game.id.clone(), side, token, invite, watch: Some(watch) };
        let room = self.keep(Room::new(game, referee, now, self.limits.waiting()));
        Ok((room, seat))
    }

    /// Tells a session the seat it holds and the game from `from_ply` on, and makes it the
    /// seat's follower.
    fn seat(session: &mut Session, room: &SharedRoom, seat: HeldSeat, from_ply: u32, now: Instant) {
        let side = seat.side;
        if !session.holds(&seat.game, &seat.token) {
            session.held.push((seat.game.clone(), secrets::digest(&seat.token)));
        }
        session.outbox.send(Event::Seated(seat));
        session.follow(room, Some(side));
        session.outbox.send(Event::State(lock(room).state(from_ply, now)));
    }

    /// The room and side a token moves for, the session following it as that side.
    fn acting(&self, session: &mut Session, game: &str, token: &str) -> Result<(SharedRoom, Side), Refusal> {
        let (room, side) = self.seat_of(game, token)?;
        if !lock(&room).follows(&session.outbox, side) {
            session.follow(&room, Some(side));
        }
        Ok((room, side))
    }

    fn seat_of(&self, game: &str, token: &str) -> Result<(SharedRoom, Side), Refusal> {
        let room = self.find(Lookup::Id(game.to_string()))?;
        let side = lock(&room).side_of(token);
        let side = side.ok_or_else(|| Refusal::new(ErrorCode::BadToken, "this token holds no seat of this game"))?;
        Ok((room, side))
    }

    /// The room a lookup finds: in memory, else from the store (a finished game).
    fn find(&self, lookup: Lookup) -> Result<SharedRoom, Refusal> {
        let in_memory = {
            let rooms = lock(&self.rooms);
            let id = match &lookup {
                Lookup::Id(id) => Some(id.as_str()),
                Lookup::Invite(digest) => rooms.by_invite.get(digest).map(String::as_str),
                Lookup::Watch(digest) => rooms.by_watch.get(digest).map(String::as_str),
            };
            id.and_then(|id| rooms.by_id.get(id).cloned())
        };
        if let Some(room) = in_memory {
            return Ok(room);
        }
        let unknown = || Refusal::new(ErrorCode::UnknownGame, "no game has this id or code");
        let game = self.store.with(move |store| store.find(&lookup))?.ok_or_else(unknown)?;
        let room = Room::load(game, Instant::now(), self.limits.waiting())
            .map_err(|error| Refusal::new(ErrorCode::Server, error))?;
        Ok(self.keep(room))
    }

    /// Puts a room in memory (or finds the one already there with its id).
    fn keep(&self, room: Room) -> SharedRoom {
        let mut rooms = lock(&self.rooms);
        if let Some(known) = rooms.by_id.get(room.id()) {
            return known.clone();
        }
        let id = room.id().to_string();
        let (invite, watch) = room.codes();
        if let Some(invite) = invite {
            rooms.by_invite.insert(invite, id.clone());
        }
        rooms.by_watch.insert(watch, id.clone());
        let shared = Arc::new(Mutex::new(room));
        rooms.by_id.insert(id, shared.clone());
        shared
    }

    fn forget(&self, room: &Room) {
        let mut rooms = lock(&self.rooms);
        rooms.by_id.remove(room.id());
        rooms.by_invite.retain(|_, id| id != room.id());
        rooms.by_watch.retain(|_, id| id != room.id());
    }
}
