//! How games end on the server besides by a move: the side to move's clock running out (the
//! server's clock, with no one moving), a resignation, a draw offered and accepted; and a game
//! that waits for its second player takes no move.

mod common;

use common::{Raw, Table, created, server};
use jetan_online::protocol::{Ending, ErrorCode, Event, GameSetup, Request};
use jetan_online::time_control::TimeControl;
use jetan_rules::Side;

fn classic(time_control: TimeControl) -> GameSetup {
    GameSetup { variant: "jetan".into(), choices: Vec::new(), time_control }
}

/// The next ending `raw` hears of.
fn ended(raw: &mut Raw) -> Ending {
    raw.until(|event| match event {
        Event::Ended { outcome, .. } => Some(outcome),
        _ => None,
    })
}

#[test]
fn the_side_to_move_loses_when_its_time_runs_out_on_the_server() {
    let server = server("time");
    let mut table = Table::new(server.address, classic(TimeControl::PerMove { seconds: 1 }));
    let ending = ended(&mut table.north);
    assert_eq!(ending.winner, Some(Side::North), "{}", ending.text);
    assert!(ending.text.contains("ran out of time"), "{}", ending.text);
    let late =
        table.seat_request(Side::South, |game, token| Request::Move { game, token, ply: 0, text: "b2-b3".into() });
    table.south.request(&late);
    assert_eq!(table.south.refusal(), ErrorCode::GameOver);
    assert_eq!(table.record(server.address).outcome, Some(ending));
}

#[test]
fn a_resignation_ends_the_game() {
    let server = server("resign");
    let mut table = Table::new(server.address, classic(TimeControl::Untimed));
    table.play(Side::South, 0, "b2-b3");
    let resign = table.seat_request(Side::North, |game, token| Request::Resign { game, token });
    table.north.request(&resign);
    let ending = ended(&mut table.south);
    assert_eq!(ending.winner, Some(Side::South));
    table.north.request(&resign);
    assert_eq!(table.north.refusal(), ErrorCode::GameOver);
    assert_eq!(table.record(server.address).moves, ["A b2-b3"]);
}

#[test]
fn a_draw_is_offered_then_agreed() {
    let server = server("draw");
    let mut table = Table::new(server.address, classic(TimeControl::Untimed));
    let offer = |side| table.seat_request(side, |game, token| Request::OfferDraw { game, token });
    let (south_offers, north_accepts) = (offer(Side::South), offer(Side::North));
    table.south.request(&south_offers);
    let offered = table.north.until(|event| match event {
        Event::DrawOffered { side, .. } => Some(side),
        _ => None,
    });
    assert_eq!(offered, Side::South);
    table.north.request(&north_accepts);
    assert_eq!(ended(&mut table.south).winner, None);
}

#[test]
fn a_game_waiting_for_its_second_player_takes_no_move() {
    let server = server("waiting");
    let seat = created(server.address, classic(TimeControl::Untimed));
    let mut south = Raw::connect(server.address);
    south.request(&Request::Move { game: seat.game, token: seat.token, ply: 0, text: "b2-b3".into() });
    assert_eq!(south.refusal(), ErrorCode::NotStarted);
}
