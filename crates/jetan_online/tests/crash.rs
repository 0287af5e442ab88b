//! The server binary killed with SIGKILL in the middle of a game and started again on the same
//! database: every ply it had acknowledged is there, and the players' clients come back by
//! themselves and finish the game.

mod common;

use std::time::Duration;

use common::{Raw, ServerProcess, created, fresh_db, random_ply, resume, within};
use jetan_ai::Rng;
use jetan_online::bot::play_seat;
use jetan_online::client::{ClientCommand, OnlineClient};
use jetan_online::protocol::{GameSetup, Request};

/// The plies a watcher hears of before the server is killed.
const BEFORE_THE_KILL: usize = 20;

#[test]
fn a_killed_server_loses_no_acknowledged_ply_and_its_games_go_on() {
    let db = fresh_db("crash");
    let mut first = ServerProcess::spawn("127.0.0.1:0", &db);
    let address = first.address;
    let south = created(address, GameSetup { variant: "jetan".into(), ..GameSetup::default() });
    let watch = south.watch.clone().unwrap();
    let openings = [resume(&south), Request::Join { invite: south.invite.clone().unwrap() }];
    let players = openings.map(|opening| {
        std::thread::spawn(move || {
            let mut rng = Rng::new(11 + u64::from(matches!(opening, Request::Join { .. })));
            let client = OnlineClient::connect(&address.to_string(), opening);
            play_seat(&client, |game, _| {
                std::thread::sleep(Duration::from_millis(5));
                let ply = game.next_ply();
                match ply {
                    300.. => vec![ClientCommand::Resign],
                    _ => vec![ClientCommand::Play { ply, text: random_ply(game.position(), &mut rng) }],
                }
            })
        })
    });

    let mut watcher = Raw::connect(address);
    watcher.request(&Request::Watch { watch: watch.clone(), from_ply: 0 });
    let mut acknowledged = watcher.state().moves;
    while acknowledged.len() < BEFORE_THE_KILL {
        acknowledged.push(watcher.played().1);
    }
    first.child.kill().expect("SIGKILL");
    first.child.wait().expect("the server is gone");
    acknowledged.extend(std::iter::from_fn(|| watcher.next_played()));

    let _second = ServerProcess::spawn(&address.to_string(), &db);
    let games = within(Duration::from_secs(60), move || players.map(|p| p.join().unwrap().expect("a whole game")));
    let mut watcher = Raw::connect(address);
    watcher.request(&Request::Watch { watch, from_ply: 0 });
    let record = watcher.state();
    assert!(record.outcome.is_some(), "the game was finished after the restart");
    assert!(record.moves.len() > acknowledged.len(), "plies were played after the restart");
    assert_eq!(record.moves[..acknowledged.len()], acknowledged, "every acknowledged ply was kept");
    for game in games {
        assert_eq!(game.moves(), record.moves);
    }
}
