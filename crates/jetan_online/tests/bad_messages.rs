//! Each kind of bad message a server may get — malformed, oversized, for an unknown game, with a
//! wrong or stolen token, from a watcher, an illegal move, a move out of turn, a replayed ply, a
//! flood — is refused with its error, and the game is as it was; connections past the most
//! the server takes are turned away.

mod common;

use std::net::{SocketAddr, TcpStream};
use std::time::{Duration, Instant};

use common::{PATIENCE, Raw, Table, fresh_db, seated, server_with_rate};
use jetan_online::protocol::{ErrorCode, GameSetup, MAX_MESSAGE_BYTES, Request};
use jetan_online::secrets;
use jetan_online::server::{Limits, ServeArgs, start};
use jetan_rules::Side;

/// The rate the servers of these tests allow, but for the flood's.
const RATE: u32 = 1000;

/// Sets up a classic game two plies in on a server allowing `rate` messages a second, lets
/// `bad` send it bad messages, and checks the game is as it was and the server still answers.
fn refused_leaving_the_game_as_it_was(name: &str, rate: u32, bad: impl FnOnce(&mut Table, SocketAddr)) {
    let server = server_with_rate(name, rate);
    let mut table = Table::new(server.address, GameSetup { variant: "jetan".into(), ..GameSetup::default() });
    table.play(Side::South, 0, "b2-b3");
    table.play(Side::North, 1, "e9-e8");
    let before = table.record(server.address);
    assert_eq!(before.moves, ["A b2-b3", "a e9-e8"]);
    bad(&mut table, server.address);
    let after = table.record(server.address);
    assert_eq!((&after.moves, &after.outcome, after.to_move), (&before.moves, &before.outcome, before.to_move));
}

fn move_request(seat_of: &Table, side: Side, token: &str, ply: u32, text: &str) -> Request {
    let game = seat_of.seats[side.index()].game.clone();
    Request::Move { game, token: token.into(), ply, text: text.into() }
}

#[test]
fn malformed_messages_are_refused() {
    refused_leaving_the_game_as_it_was("malformed", RATE, |_, address| {
        let mut stranger = Raw::connect(address);
        for text in ["{\"type\":\"move\"", "[]", "{\"type\":\"move\",\"ply\":-1}", "null"] {
            stranger.send_text(text);
            assert_eq!(stranger.refusal(), ErrorCode::Malformed, "{text}");
        }
        stranger.send_binary(b"\x00\x01".to_vec());
        assert_eq!(stranger.refusal(), ErrorCode::Malformed);
    });
}

#[test]
fn requests_before_hello_or_in_another_version_are_refused() {
    refused_leaving_the_game_as_it_was("hello", RATE, |table, address| {
        let mut early = Raw::unready(address);
        early.request(&Request::Watch { watch: table.watch.clone(), from_ply: 0 });
        assert_eq!(early.refusal(), ErrorCode::HelloFirst);
        early.request(&Request::Hello { version: 99 });
        assert_eq!(early.refusal(), ErrorCode::Version);
    });
}

#[test]
fn an_oversized_message_is_refused_and_its_connection_closed() {
    refused_leaving_the_game_as_it_was("oversized", RATE, |_, address| {
        let mut stranger = Raw::connect(address);
        let text = " ".repeat(MAX_MESSAGE_BYTES + 1);
        stranger.send_text(&format!("{{\"type\":\"hello\",\"version\":1{text}}}"));
        assert_eq!(stranger.refusal(), ErrorCode::TooLarge);
        assert!(stranger.closed());
    });
}

#[test]
fn requests_for_unknown_games_are_refused() {
    refused_leaving_the_game_as_it_was("unknown", RATE, |table, address| {
        let mut stranger = Raw::connect(address);
        let token = &table.seats[0].token;
        stranger.request(&Request::Move {
            game: "NOSUCHGAME".into(),
            token: token.clone(),
            ply: 2,
            text: "b3-b4".into(),
        });
        assert_eq!(stranger.refusal(), ErrorCode::UnknownGame);
        stranger.request(&Request::Watch { watch: secrets::code().unwrap(), from_ply: 0 });
        assert_eq!(stranger.refusal(), ErrorCode::UnknownGame);
        stranger.request(&Request::Join { invite: secrets::code().unwrap() });
        assert_eq!(stranger.refusal(), ErrorCode::UnknownGame);
    });
}

#[test]
fn wrong_and_stolen_tokens_are_refused() {
    refused_leaving_the_game_as_it_was("tokens", RATE, |table, address| {
        let mut stranger = Raw::connect(address);
        stranger.request(&move_request(table, Side::South, &secrets::token().unwrap(), 2, "b3-b4"));
        assert_eq!(stranger.refusal(), ErrorCode::BadToken);
        stranger.request(&Request::Create {
            setup: GameSetup { variant: "jetan".into(), ..GameSetup::default() },
            side: Side::South,
        });
        let other_game = seated(&mut stranger);
        stranger.request(&move_request(table, Side::South, &other_game.token, 2, "b3-b4"));
        assert_eq!(stranger.refusal(), ErrorCode::BadToken, "another game's token moves nothing here");
        stranger.request(&Request::Resume { game: table.seats[0].game.clone(), token: other_game.token, from_ply: 0 });
        assert_eq!(stranger.refusal(), ErrorCode::BadToken, "nor reads its seat");
        stranger.request(&Request::Join { invite: table.seats[0].invite.clone().unwrap() });
        assert_eq!(stranger.refusal(), ErrorCode::InviteUsed, "an invite seats one player");
    });
}

#[test]
fn a_watcher_cannot_move() {
    refused_leaving_the_game_as_it_was("watcher", RATE, |table, address| {
        let mut watcher = Raw::connect(address);
        watcher.request(&Request::Watch { watch: table.watch.clone(), from_ply: 0 });
        watcher.state();
        watcher.request(&move_request(table, Side::South, &table.watch, 2, "b3-b4"));
        assert_eq!(watcher.refusal(), ErrorCode::BadToken);
        watcher.request(&Request::Resign { game: table.seats[0].game.clone(), token: table.watch.clone() });
        assert_eq!(watcher.refusal(), ErrorCode::BadToken);
    });
}

#[test]
fn an_illegal_move_is_refused() {
    refused_leaving_the_game_as_it_was("illegal", RATE, |table, _| {
        let token = table.seats[0].token.clone();
        for text in ["b3-b9", "z1-z2", "charge", ""] {
            let request = move_request(table, Side::South, &token, 2, text);
            table.south.request(&request);
            assert_eq!(table.south.refusal(), ErrorCode::IllegalMove, "{text}");
        }
    });
}

#[test]
fn a_move_out_of_turn_is_refused() {
    refused_leaving_the_game_as_it_was("turn", RATE, |table, _| {
        let request = move_request(table, Side::North, &table.seats[1].token.clone(), 2, "e8-e7");
        table.north.request(&request);
        assert_eq!(table.north.refusal(), ErrorCode::NotYourTurn);
    });
}

#[test]
fn a_replayed_or_skipped_ply_is_refused() {
    refused_leaving_the_game_as_it_was("replay", RATE, |table, _| {
        let token = table.seats[0].token.clone();
        for (ply, text) in [(0, "A b2-b3"), (3, "b3-b4")] {
            let request = move_request(table, Side::South, &token, ply, text);
            table.south.request(&request);
            assert_eq!(table.south.refusal(), ErrorCode::WrongPly, "ply {ply}");
        }
    });
}

#[test]
fn a_flood_is_refused_and_stalls_no_one() {
    refused_leaving_the_game_as_it_was("flood", 20, |table, address| {
        let mut flooder = Raw::connect(address);
        let request = move_request(table, Side::North, &table.seats[1].token.clone(), 0, "b2-b3");
        for _ in 0..200 {
            flooder.request(&request);
        }
        let codes: Vec<ErrorCode> = (0..200).map(|_| flooder.refusal()).collect();
        assert!(codes.contains(&ErrorCode::RateLimited));
        assert!(codes.iter().all(|code| [ErrorCode::RateLimited, ErrorCode::WrongPly].contains(code)), "{codes:?}");
    });
}

#[test]
fn connections_past_the_most_are_turned_away() {
    let limits = Limits { max_connections: 1, ..Limits::default() };
    let args = ServeArgs { limits, ..ServeArgs::new("127.0.0.1:0", fresh_db("connections")) };
    let server = start(&args).expect("the server starts");
    let handshake = || {
        let stream = TcpStream::connect(server.address).expect("the server accepts");
        stream.set_read_timeout(Some(PATIENCE)).expect("a read timeout");
        tokio_tungstenite::tungstenite::client(format!("ws://{}/", server.address), stream).is_ok()
    };
    let first = Raw::connect(server.address);
    assert!(!handshake(), "a second connection is closed at once");
    drop(first);
    let deadline = Instant::now() + PATIENCE;
    while !handshake() {
        assert!(Instant::now() < deadline, "the first connection's place was given back");
        std::thread::sleep(Duration::from_millis(20));
    }
}
