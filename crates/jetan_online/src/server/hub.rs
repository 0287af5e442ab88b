//! Every game the server holds, found by id, invite or watch code, and the handling of one
//! request from one connection: the message handler, free of sockets (the tests drive it
//! directly).

use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::{Arc, Mutex};
use std::time::Instant;

use jetan_rules::Side;

use super::limits::Limits;
use super::outbox::Outbox;
use super::room::Room;
use crate::lock;
use crate::protocol::{ErrorCode, Event, GameSetup, PROTOCOL_VERSION, Refusal, Request, Seat};
use crate::referee::Referee;
use crate::secrets::{self, Digest};
use crate::store::{Lookup, SharedStore, Store, StoredGame};

/// A room, shared by the connections that follow it.
type SharedRoom = Arc<Mutex<Room>>;

/// The games in memory and the store behind them.
pub struct Hub {
    store: SharedStore,
    rooms: Mutex<Rooms>,
    limits: Limits,
}

/// The rooms in memory, by id and by the digests of their codes.
#[derive(Default)]
struct Rooms {
    by_id: HashMap<String, SharedRoom>,
    by_code: HashMap<Digest, String>,
}

/// One connection as the hub sees it: where its events go, the address it comes from,
/// whether it said hello, and the rooms it follows.
pub struct Session {
    outbox: Outbox,
    peer: IpAddr,
    greeted: bool,
    following: Vec<SharedRoom>,
}

impl Session {
    /// A new connection's session from `peer`, its events going to `outbox`.
    pub fn new(outbox: Outbox, peer: IpAddr) -> Session {
        Session { outbox, peer, greeted: false, following: Vec::new() }
    }

    /// Tells the connection its request was refused.
    pub fn refuse(&self, refusal: Refusal) {
        self.outbox.send(Event::Error(refusal));
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
    /// restarted.
    ///
    /// # Errors
    /// The store can't be read. A game that no longer replays is left out, and said so.
    pub fn open(store: Store, limits: Limits) -> Result<Hub, String> {
        let games = store.unfinished().map_err(|refusal| refusal.message)?;
        let hub = Hub { store: SharedStore::new(store), rooms: Mutex::default(), limits };
        let now = Instant::now();
        for game in games {
            match Room::load(game, now) {
                Ok(room) => {
                    hub.keep(room);
                }
                Err(error) => eprintln!("left out: {error}"),
            }
        }
        Ok(hub)
    }

    /// How many games are in memory.
    pub fn games(&self) -> usize {
        lock(&self.rooms).by_id.len()
    }

    /// Handles one text frame from a session's connection: its answer and every follower's
    /// news go to their outboxes. A refused request changes nothing.
    pub fn handle(&self, session: &mut Session, text: &str) {
        if let Err(refusal) = Request::decode(text).and_then(|request| self.answer(session, request)) {
            session.refuse(refusal);
        }
    }

    /// A closed connection leaves the rooms it followed.
    pub fn close(&self, session: Session) {
        for room in &session.following {
            lock(room).leave(&session.outbox);
        }
    }

    /// Ends the games whose clock ran out, and lets finished games no one follows leave memory
    /// (the store keeps them).
    pub fn tick(&self, now: Instant) {
        let rooms: Vec<SharedRoom> = lock(&self.rooms).by_id.values().cloned().collect();
        for room in rooms {
            let mut room = lock(&room);
            // A refusal here only says the game is over, or the store failed: the next tick
            // tries again.
            let _ = room.check_clock(&self.store, now);
            if room.idle() {
                self.forget(&room);
            }
        }
    }

    fn answer(&self, session: &mut Session, request: Request) -> Result<(), Refusal> {
        let now = Instant::now();
        match request {
            Request::Hello { version } => Self::greet(session, version),
            _ if !session.greeted => {
                Err(Refusal::new(ErrorCode::HelloFirst, "say hello (with the protocol version) first"))
            }
            Request::Create { setup, side } => self.create(session, setup, side, now),
            Request::Join { invite } => {
                let room = self.find(Lookup::Invite(&secrets::digest(&invite)))?;
                // (The spent invite still finds the room while it is in memory, to say so.)
                let seat = lock(&room).take_seat(&self.store, now)?;
                Self::seat(session, &room, seat, 0, now);
                Ok(())
            }
            Request::Watch { watch, from_ply } => {
                let room = self.find(Lookup::Watch(&secrets::digest(&watch)))?;
                session.follow(&room, None);
                session.outbox.send(Event::State(lock(&room).state(from_ply, now)));
                Ok(())
            }
            Request::Resume { game, token, from_ply } => {
                let (room, side) = self.seat_of(&game, &token)?;
                Self::seat(session, &room, Seat { game, side, token, invite: None, watch: None }, from_ply, now);
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
        }
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
        let referee = Referee::new(setup.clone())?;
        let (token, invite, watch) = (secrets::token()?, secrets::code()?, secrets::code()?);
        let mut seats = [None; 2];
        seats[side.index()] = Some(secrets::digest(&token));
        let game = StoredGame {
            id: secrets::game_id()?,
            setup,
            seats,
            invite: Some(secrets::digest(&invite)),
            watch: secrets::digest(&watch),
            clocks: referee.clocks().clone(),
            outcome: None,
            moves: Vec::new(),
        };
        self.store.with(|store| store.insert(&game))?;
        let seat = Seat { game: game.id.clone(), side, token, invite: Some(invite), watch: Some(watch) };
        let room = self.keep(Room::new(game, referee, now));
        Self::seat(session, &room, seat, 0, now);
        Ok(())
    }

    /// Tells a session the seat it holds and the game from `from_ply` on, and makes it the
    /// seat's follower.
    fn seat(session: &mut Session, room: &SharedRoom, seat: Seat, from_ply: u32, now: Instant) {
        let side = seat.side;
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
        let room = self.find(Lookup::Id(game))?;
        let side = lock(&room).side_of(token);
        let side = side.ok_or_else(|| Refusal::new(ErrorCode::BadToken, "this token holds no seat of this game"))?;
        Ok((room, side))
    }

    /// The room a lookup finds: in memory, else from the store (a finished game).
    fn find(&self, lookup: Lookup) -> Result<SharedRoom, Refusal> {
        let in_memory = {
            let rooms = lock(&self.rooms);
            let id = match lookup {
                Lookup::Id(id) => Some(id),
                Lookup::Invite(digest) | Lookup::Watch(digest) => rooms.by_code.get(digest).map(String::as_str),
            };
            id.and_then(|id| rooms.by_id.get(id).cloned())
        };
        if let Some(room) = in_memory {
            return Ok(room);
        }
        let unknown = || Refusal::new(ErrorCode::UnknownGame, "no game has this id or code");
        let game = self.store.with(|store| store.find(lookup))?.ok_or_else(unknown)?;
        let room = Room::load(game, Instant::now()).map_err(|error| Refusal::new(ErrorCode::Server, error))?;
        Ok(self.keep(room))
    }

    /// Puts a room in memory (or finds the one already there with its id).
    fn keep(&self, room: Room) -> SharedRoom {
        let mut rooms = lock(&self.rooms);
        if let Some(known) = rooms.by_id.get(room.id()) {
            return known.clone();
        }
        let (invite, watch) = room.codes();
        for digest in invite.into_iter().chain([watch]) {
            rooms.by_code.insert(digest, room.id().to_string());
        }
        let id = room.id().to_string();
        let shared = Arc::new(Mutex::new(room));
        rooms.by_id.insert(id, shared.clone());
        shared
    }

    fn forget(&self, room: &Room) {
        let mut rooms = lock(&self.rooms);
        rooms.by_id.remove(room.id());
        rooms.by_code.retain(|_, id| id != room.id());
    }
}
