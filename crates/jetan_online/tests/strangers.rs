//! A server strangers can share: what a hostile client found on the loopback address, each now
//! refused or bounded. Codes used in the other's role, a client that pings and never reads,
//! connections hoarded by one address or never shaken hands, games created without end or never
//! joined, guesses spread over reconnections, a stored game that doesn't read, a resigned game
//! joined, binary frames and draw offers in floods.

mod common;

use std::io::{ErrorKind, Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::path::Path;
use std::time::{Duration, Instant};

use common::{
    Client, PATIENCE, Raw, connect_from, created, fresh_db, one_address_is_many, peer, seated, server, server_with,
    server_with_rate,
};
use jetan_online::protocol::{ErrorCode, Event, GameSetup, HeldSeat, Request};
use jetan_online::secrets;
use jetan_online::server::{Hub, Limits, ServeArgs, start};
use jetan_online::store::Store;
use jetan_rules::Side;

fn classic() -> GameSetup {
    GameSetup { variant: "jetan".into(), ..GameSetup::default() }
}

fn create() -> Request {
    Request::Create { setup: classic(), side: Side::South }
}

/// A hub on the database at `path` within `limits`.
fn hub_on(path: &Path, limits: Limits) -> Hub {
    Hub::open(Store::open(path).expect("a database"), limits).expect("the hub opens")
}

/// A hub on a database in memory within `limits`.
fn hub(limits: Limits) -> Hub {
    hub_on(Path::new(":memory:"), limits)
}

/// A game created on `hub` by a session from `address`: the creator and its seat.
fn game_on(hub: &Hub, address: u8) -> (Client, HeldSeat) {
    let mut creator = Client::from(hub, peer(address), true);
    creator.ask(hub, &create());
    let seat = creator.seat();
    (creator, seat)
}

/// The request `seat` makes with its token.
fn by(seat: &HeldSeat, make: impl FnOnce(String, String) -> Request) -> Request {
    make(seat.game.clone(), seat.token.clone())
}

// 1. Codes are checked for their role.

/// A watch code seats no one and an invite watches nothing; the invite then seats its player.
fn codes_keep_their_roles(address: SocketAddr, seat: &HeldSeat) {
    let (invite, watch) = (seat.invite.clone().expect("an invite"), seat.watch.clone().expect("a watch code"));
    let mut stranger = Raw::connect(address);
    stranger.request(&Request::Join { invite: watch.clone() });
    assert_eq!(stranger.refusal(), ErrorCode::UnknownGame, "a watch code is no invite");
    stranger.request(&Request::Watch { watch: invite.clone(), from_ply: 0 });
    assert_eq!(stranger.refusal(), ErrorCode::UnknownGame, "an invite is no watch code");
    let mut north = Raw::connect(address);
    north.request(&Request::Join { invite });
    assert_eq!(seated(&mut north).side, Side::North);
}

#[test]
fn a_watch_code_seats_no_one_and_an_invite_watches_nothing() {
    let server = server("roles");
    let seat = created(server.address, classic());
    codes_keep_their_roles(server.address, &seat);
}

#[test]
fn codes_keep_their_roles_after_a_restart() {
    let db = fresh_db("roles-restart");
    let seat = {
        let first = start(&ServeArgs::new("127.0.0.1:0", db.clone())).expect("the server starts");
        created(first.address, classic())
    };
    let second = start(&ServeArgs::new("127.0.0.1:0", db)).expect("the server starts again");
    assert_eq!(second.resumed, 1);
    codes_keep_their_roles(second.address, &seat);
}

// 2. A client that pings and never reads is dropped.

/// A client's ping with the most payload a control frame has (125 bytes), masked with zeros.
fn ping_frame() -> Vec<u8> {
    let mut frame = vec![0x89, 0x80 | 125, 0, 0, 0, 0];
    frame.extend([b'p'; 125]);
    frame
}

/// A connection to `address` after its WebSocket handshake, to write frames by hand.
fn handshaken(address: SocketAddr) -> TcpStream {
    let mut stream = TcpStream::connect(address).expect("the server accepts");
    let request = format!(
        "GET / HTTP/1.1\r\nHost: {address}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n\
         Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n"
    );
    stream.write_all(request.as_bytes()).expect("the handshake is sent");
    let mut answer = Vec::new();
    let mut byte = [0u8];
    while !answer.ends_with(b"\r\n\r\n") {
        stream.read_exact(&mut byte).expect("the handshake's answer");
        answer.push(byte[0]);
    }
    assert!(answer.starts_with(b"HTTP/1.1 101"), "{}", String::from_utf8_lossy(&answer));
    stream
}

#[test]
fn a_client_that_pings_and_never_reads_is_dropped() {
    let server = server("pings");
    let mut stream = handshaken(server.address);
    stream.set_write_timeout(Some(Duration::from_millis(200))).expect("a write timeout");
    let (frame, deadline) = (ping_frame(), Instant::now() + PATIENCE);
    // Bounded: 100,000 pings (13 MB) or ten seconds.
    let mut sent = 0;
    let dropped = loop {
        if sent == 100_000 || Instant::now() > deadline {
            break false;
        }
        match stream.write_all(&frame) {
            Ok(()) => sent += 1,
            Err(error) if matches!(error.kind(), ErrorKind::WouldBlock | ErrorKind::TimedOut) => {}
            Err(_) => break true,
        }
    };
    assert!(dropped, "the server still took pings after {sent} it never answered");
}

// 3. One address can't take every connection, and a connection must shake hands soon.

#[test]
fn one_address_cannot_take_every_connection() {
    let limits = Limits { max_connections: 8, max_per_address: 3, ..one_address_is_many() };
    let server = server_with("hoard", limits);
    let hoard: Vec<TcpStream> = (0..8).map(|_| connect_from(peer(1), server.address)).collect();
    std::thread::sleep(Duration::from_millis(300));
    let mut other = Raw::greeted_over(connect_from(peer(2), server.address), server.address);
    other.request(&create());
    seated(&mut other);
    drop(hoard);
}

#[test]
fn a_connection_that_never_shakes_hands_is_closed_soon() {
    let server = server("handshake");
    let mut bare = TcpStream::connect(server.address).expect("the server accepts");
    bare.set_read_timeout(Some(Duration::from_secs(6))).expect("a read timeout");
    let begun = Instant::now();
    let read = bare.read(&mut [0u8; 16]);
    assert!(matches!(read, Ok(0)), "closed, not {read:?} after {:?}", begun.elapsed());
    assert!(begun.elapsed() < Duration::from_secs(6));
}

// 4. Games are created within limits, expire if no one joins, and leave memory once finished.

#[test]
fn an_address_creates_so_many_games_and_everyone_together_so_many() {
    let hub = hub(Limits { games_per_hour: 3, max_games: 5, ..Limits::default() });
    for _ in 0..3 {
        game_on(&hub, 1);
    }
    let mut again = Client::from(&hub, peer(1), true);
    again.ask(&hub, &create());
    assert_eq!(again.refusal(), Some(ErrorCode::TooManyGames), "an address's games an hour");
    game_on(&hub, 2);
    game_on(&hub, 3);
    let mut late = Client::from(&hub, peer(4), true);
    late.ask(&hub, &create());
    assert_eq!(late.refusal(), Some(ErrorCode::TooManyGames), "the server's games at once");
    assert_eq!(hub.games(), 5);
}

#[test]
fn a_game_no_one_joins_expires() {
    let hub = hub(Limits { waiting_hours: 24, ..Limits::default() });
    let (mut creator, seat) = game_on(&hub, 1);
    let now = Instant::now();
    hub.tick(now + Duration::from_secs(23 * 3600));
    assert!(!creator.told().iter().any(|e| matches!(e, Event::Ended { .. })), "not yet");
    hub.tick(now + Duration::from_secs(25 * 3600));
    assert!(creator.told().iter().any(|e| matches!(e, Event::Ended { .. })), "the creator is told");
    let mut late = Client::from(&hub, peer(2), true);
    late.ask(&hub, &Request::Join { invite: seat.invite.clone().unwrap() });
    assert_eq!(late.refusal(), Some(ErrorCode::GameOver));
    creator.hang_up(&hub);
    late.hang_up(&hub);
    hub.tick(now + Duration::from_secs(25 * 3600));
    assert_eq!(hub.games(), 0, "an expired game leaves memory");
}

#[test]
fn a_game_waiting_since_before_a_restart_expires_by_the_wall_clock() {
    let db = fresh_db("expiry-restart");
    let seat = game_on(&hub_on(&db, Limits::default()), 1).1;
    let database = rusqlite::Connection::open(&db).expect("the database");
    database
        .execute("UPDATE games SET created = created - 25 * 3600 WHERE id = ?1", [&seat.game])
        .expect("games say when they were created");
    drop(database);
    let hub = hub_on(&db, Limits::default());
    hub.tick(Instant::now());
    let mut watcher = Client::from(&hub, peer(2), true);
    watcher.ask(&hub, &Request::Watch { watch: seat.watch.unwrap(), from_ply: 0 });
    let state = watcher.told().into_iter().find_map(|e| if let Event::State(s) = e { Some(s) } else { None });
    assert!(state.expect("the game's state").outcome.is_some(), "it expired");
}

#[test]
fn finished_games_leave_memory_and_are_not_loaded_at_start() {
    let db = fresh_db("finished");
    {
        let hub = hub_on(&db, Limits::default());
        let (mut finished, seat) = game_on(&hub, 1);
        finished.ask(&hub, &by(&seat, |game, token| Request::Resign { game, token }));
        game_on(&hub, 1);
        finished.hang_up(&hub);
        hub.tick(Instant::now());
        assert_eq!(hub.games(), 1, "the finished game left memory");
    }
    assert_eq!(hub_on(&db, Limits::default()).games(), 1, "only the unfinished game is loaded");
}

// 5. Guesses are limited per address, over all its connections.

#[test]
fn guesses_are_limited_per_address_across_connections() {
    let hub = hub(Limits { guess_rate: 5, ..Limits::default() });
    let (mut player, seat) = game_on(&hub, 1);
    let mut north = Client::from(&hub, peer(2), true);
    north.ask(&hub, &Request::Join { invite: seat.invite.clone().unwrap() });
    north.seat();
    let mut refusals = Vec::new();
    for _ in 0..50 {
        // A connection of its own for each guess, as a reconnecting client makes.
        let mut guesser = Client::from(&hub, peer(1), true);
        guesser.ask(&hub, &Request::Join { invite: secrets::code().unwrap() });
        refusals.push(guesser.refusal().expect("refused"));
    }
    let limited = refusals.iter().filter(|&&code| code == ErrorCode::RateLimited).count();
    assert!(limited >= 35, "{limited} of 50 guesses limited: {refusals:?}");
    let mut elsewhere = Client::from(&hub, peer(3), true);
    elsewhere.ask(&hub, &Request::Join { invite: secrets::code().unwrap() });
    assert_eq!(elsewhere.refusal(), Some(ErrorCode::UnknownGame), "another address guesses on its own");
    player.told();
    player.ask(&hub, &by(&seat, |game, token| Request::Move { game, token, ply: 0, text: "b2-b3".into() }));
    assert_eq!(player.refusal(), None, "a seated player at the guessing address still plays");
}

// 6. A stored game that doesn't read is set aside.

#[test]
fn a_stored_game_that_does_not_read_is_set_aside_and_the_rest_start() {
    let db = fresh_db("broken");
    let broken = {
        let hub = hub_on(&db, Limits::default());
        game_on(&hub, 1);
        game_on(&hub, 1).1
    };
    let database = rusqlite::Connection::open(&db).expect("the database");
    database.execute("UPDATE games SET setup = '{' WHERE id = ?1", [&broken.game]).expect("a broken row");
    drop(database);
    let server = start(&ServeArgs::new("127.0.0.1:0", db)).expect("the server starts");
    assert_eq!(server.resumed, 1);
}

// 7. A resigned game, binary frames, draw offers.

#[test]
fn a_game_its_creator_resigned_is_joined_by_no_one() {
    let hub = hub(Limits::default());
    let (mut creator, seat) = game_on(&hub, 1);
    creator.ask(&hub, &by(&seat, |game, token| Request::Resign { game, token }));
    assert_eq!(creator.refusal(), None);
    let mut late = Client::from(&hub, peer(2), true);
    late.ask(&hub, &Request::Join { invite: seat.invite.unwrap() });
    assert_eq!(late.refusal(), Some(ErrorCode::GameOver));
}

#[test]
fn binary_frames_count_against_the_rate() {
    let server = server_with_rate("binary", 20);
    let mut flooder = Raw::connect(server.address);
    for _ in 0..100 {
        flooder.send_binary(vec![0; 16]);
    }
    let codes: Vec<ErrorCode> = (0..100).map(|_| flooder.refusal()).collect();
    assert!(codes.contains(&ErrorCode::RateLimited), "{codes:?}");
}

#[test]
fn a_side_offers_a_draw_once_until_a_move() {
    let hub = hub(Limits::default());
    let (mut south, seat) = game_on(&hub, 1);
    let mut north = Client::from(&hub, peer(2), true);
    north.ask(&hub, &Request::Join { invite: seat.invite.clone().unwrap() });
    north.seat();
    let offer = by(&seat, |game, token| Request::OfferDraw { game, token });
    south.ask(&hub, &offer);
    assert_eq!(south.refusal(), None);
    for _ in 0..10 {
        south.ask(&hub, &offer);
        assert_eq!(south.refusal(), Some(ErrorCode::AlreadyOffered));
    }
    let offers = north.told().iter().filter(|e| matches!(e, Event::DrawOffered { .. })).count();
    assert_eq!(offers, 1, "the opponent hears one offer");
    south.ask(&hub, &by(&seat, |game, token| Request::Move { game, token, ply: 0, text: "b2-b3".into() }));
    south.ask(&hub, &offer);
    assert_eq!(south.refusal(), None, "after a move, a new offer");
}
