//! Whole games through a server: two clients playing random legal plies to the end (classic
//! Jetan, and Jetan Jeddara with Charges), and two bots; the server's record is the plies
//! played, as each side and a watcher saw them.

mod common;

use std::sync::{Arc, Mutex};
use std::time::Duration;

use common::{PATIENCE, Raw, created, random_ply, resume, server, within};
use jetan_ai::{Level, Player, Rng};
use jetan_online::bot::{ai_turn, play_seat};
use jetan_online::client::{ClientCommand, OnlineClient};
use jetan_online::protocol::{GameSetup, Request};
use jetan_online::replica::Replica;
use jetan_rules::Side;

/// A random player's turns, noting each ply it sends; it resigns at ply `most_plies`.
fn random_turns(
    seed: u64,
    most_plies: u32,
    sent: Arc<Mutex<Vec<(u32, String)>>>,
) -> impl FnMut(&Replica, Side) -> Vec<ClientCommand> {
    let mut rng = Rng::new(seed);
    move |game, _| {
        let ply = game.next_ply();
        if ply >= most_plies {
            return vec![ClientCommand::Resign];
        }
        let text = random_ply(game.position(), &mut rng);
        sent.lock().unwrap().push((ply, text.clone()));
        vec![ClientCommand::Play { ply, text }]
    }
}

/// Plays a random game of `variant` through a server; returns the plies sent, the record a
/// watcher reads, and each side's replica.
fn random_game(variant: &str, seed: u64) -> (Vec<String>, Vec<String>, [Replica; 2]) {
    let server = server(&format!("random-{variant}"));
    let address = server.address;
    let south = created(address, GameSetup { variant: variant.into(), ..GameSetup::default() });
    let invite = south.invite.clone().expect("an invite");
    let sent = Arc::new(Mutex::new(Vec::new()));
    let openings = [resume(&south), Request::Join { invite }];
    let players = openings.map(|opening| {
        let turns = random_turns(seed + opening_seed(&opening), 600, sent.clone());
        std::thread::spawn(move || play_seat(&OnlineClient::connect(&address.to_string(), opening), turns))
    });
    let replicas = within(Duration::from_secs(60), move || players.map(|p| p.join().unwrap().expect("a whole game")));
    let mut watcher = Raw::connect(address);
    watcher.request(&Request::Watch { watch: south.watch.clone().unwrap(), from_ply: 0 });
    let record = watcher.state();
    assert!(record.outcome.is_some(), "the game ended");
    let mut sent = sent.lock().unwrap().clone();
    sent.sort();
    (sent.into_iter().map(|(_, text)| text).collect(), record.moves, replicas)
}

fn opening_seed(opening: &Request) -> u64 {
    u64::from(matches!(opening, Request::Join { .. }))
}

#[test]
fn a_random_classic_game_is_recorded_as_played() {
    let (sent, record, replicas) = random_game("jetan", 1);
    assert_eq!(record, sent);
    for replica in replicas {
        assert_eq!(replica.moves(), record, "each side saw the game the server kept");
    }
}

#[test]
fn a_random_jeddara_game_with_charges_is_recorded_as_played() {
    let (sent, record, _) = random_game("jetan_jeddara", 7);
    assert_eq!(record, sent);
    assert!(record.iter().any(|text| text == "charge"), "a Charge was played: {record:?}");
}

#[test]
fn two_bots_play_a_game_to_its_end() {
    let server = server("bots");
    let address = server.address;
    let south = created(address, GameSetup { variant: "jetan".into(), ..GameSetup::default() });
    let bot = std::process::Command::new(env!("CARGO_BIN_EXE_jetan-online"))
        .args(["online-bot", "--server", &address.to_string(), "--level", "greedy", "--seed", "3", "--join"])
        .arg(south.invite.clone().unwrap())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .expect("the bot starts");
    let opening = resume(&south);
    let game = within(Duration::from_secs(60), move || {
        let mut player = Player::new(Level::Search(1), 5).with_nodes(Some(300));
        let client = OnlineClient::connect(&address.to_string(), opening);
        play_seat(&client, |game, side| {
            if game.next_ply() >= 400 { vec![ClientCommand::Resign] } else { ai_turn(&mut player, game, side, None) }
        })
    })
    .expect("a whole game");
    let output = within(PATIENCE, move || bot.wait_with_output()).expect("the bot ends");
    let said = String::from_utf8_lossy(&output.stdout);
    let ending = game.outcome().expect("an ending");
    assert_eq!(said.trim(), ending.text, "the bot says how the game ended");
    let mut watcher = Raw::connect(address);
    watcher.request(&Request::Watch { watch: south.watch.clone().unwrap(), from_ply: 0 });
    assert_eq!(watcher.state().moves, game.moves());
}

#[test]
fn a_bot_given_a_mistyped_code_says_so_without_asking_a_server() {
    let output = std::process::Command::new(env!("CARGO_BIN_EXE_jetan-online"))
        .args(["online-bot", "--server", "127.0.0.1:9", "--join", "KJFX-VN3N-PFV7-MKK9vvv"])
        .output()
        .expect("the bot starts");
    assert_eq!(output.status.code(), Some(2), "a usage error");
    let said = String::from_utf8_lossy(&output.stderr);
    assert!(said.contains("a code has 16 letters and digits") && said.contains("this has 19"), "{said}");
}
