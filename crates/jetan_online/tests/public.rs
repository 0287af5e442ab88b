//! A public server: players named and keyed, strangers meeting through seeks, live games
//! watched by id, rated games changing both ratings (and the leaderboard), a rated game
//! abandoned, and every one of these refused without `--public`.

mod common;

use std::net::SocketAddr;
use std::path::Path;
use std::time::{Duration, Instant};

use common::{Client, PATIENCE, Raw, fresh_db, one_address_is_many, peer, random_ply, within};
use jetan_ai::Rng;
use jetan_online::bot::play_seat;
use jetan_online::client::{ClientCommand, ClientEvent, OnlineClient};
use jetan_online::identity::Identity;
use jetan_online::protocol::{ErrorCode, Event, GameSetup, HeldSeat, Request, SeekInfo};
use jetan_online::replica::Replica;
use jetan_online::server::{Hub, Limits, MOST_SEEKS, RunningServer, ServeArgs, start};
use jetan_online::store::Store;
use jetan_online::time_control::TimeControl;
use jetan_rules::Side;

/// A hub on the database at `path`, public or not, within `limits`.
fn hub_on(path: &Path, public: bool, limits: Limits) -> Hub {
    Hub::open(Store::open(path).expect("a database"), limits).expect("the hub opens").public(public)
}

/// A public hub in memory within `limits`.
fn public_hub(limits: Limits) -> Hub {
    hub_on(Path::new(":memory:"), true, limits)
}

/// A public server on the loopback address within `limits`.
fn public_server(name: &str, limits: Limits) -> RunningServer {
    let args = ServeArgs { public: true, limits, ..ServeArgs::new("127.0.0.1:0", fresh_db(name)) };
    start(&args).expect("the server starts")
}

/// A session from 127.0.0.`address`, greeted and identified as `name`.
fn player(hub: &Hub, address: u8, name: &str) -> Client {
    let mut client = Client::from(hub, peer(address), true);
    let Identity { name, key } = Identity::new(name).expect("a name");
    client.ask(hub, &Request::Identify { name, key });
    assert_eq!(client.refusal(), None, "identified");
    client
}

fn seek(rated: bool) -> Request {
    Request::Seek { variant: "jetan".into(), time_control: TimeControl::Untimed, rated }
}

/// The open seeks a session is told.
fn seeks(hub: &Hub, client: &mut Client) -> Vec<SeekInfo> {
    client.ask(hub, &Request::Seeks { variant: None });
    client.told().into_iter().find_map(|e| if let Event::Seeks { seeks } = e { Some(seeks) } else { None }).unwrap()
}

/// Two players on `hub` who met through a seek (rated or not): the seeker and the acceptor,
/// with their seats.
fn met(hub: &Hub, rated: bool) -> [(Client, HeldSeat); 2] {
    let mut seeker = player(hub, 1, "Tara");
    seeker.ask(hub, &seek(rated));
    let sought = seeker.seat();
    let mut acceptor = player(hub, 2, "Gahan");
    acceptor.ask(hub, &Request::AcceptSeek { seek: sought.game.clone() });
    let accepted = acceptor.seat();
    [(seeker, sought), (acceptor, accepted)]
}

fn ended(events: &[Event]) -> Option<&Event> {
    events.iter().find(|e| matches!(e, Event::Ended { .. }))
}

// 1. Names and keys.

#[test]
fn names_are_checked_and_a_name_is_held_by_its_first_key() {
    let hub = public_hub(Limits::default());
    let mut client = Client::from(&hub, peer(1), true);
    client.told();
    let me = Identity::new("Tara").unwrap();
    for (name, key, code) in [
        (" Tara", me.key.as_str(), ErrorCode::BadName),
        ("T", me.key.as_str(), ErrorCode::BadName),
        ("Tara!", me.key.as_str(), ErrorCode::BadName),
        ("Tara", "password", ErrorCode::BadKey),
    ] {
        client.ask(&hub, &Request::Identify { name: name.into(), key: key.into() });
        assert_eq!(client.refusal(), Some(code), "{name:?} {key:?}");
    }
    client.ask(&hub, &Request::Identify { name: me.name.clone(), key: me.key.clone() });
    let told = client.told();
    assert!(
        matches!(&told[..], [Event::Identified { name, ratings }] if name == "Tara" && ratings.is_empty()),
        "{told:?}"
    );
    client.ask(&hub, &Request::Identify { name: me.name.clone(), key: me.key.clone() });
    assert_eq!(client.refusal(), Some(ErrorCode::AlreadyIdentified));

    let thief = Identity::new("tARA").unwrap();
    let mut other = Client::from(&hub, peer(2), true);
    other.ask(&hub, &Request::Identify { name: thief.name, key: thief.key });
    assert_eq!(other.refusal(), Some(ErrorCode::NameTaken), "another key, the name in another case");
    let mut again = Client::from(&hub, peer(3), true);
    again.told();
    again.ask(&hub, &Request::Identify { name: "TARA".into(), key: me.key });
    assert!(matches!(&again.told()[..], [Event::Identified { name, .. }] if name == "Tara"), "the first key, anywhere");
}

#[test]
fn an_address_binds_so_many_new_names_an_hour() {
    let hub = public_hub(Limits { names_per_hour: 2, ..Limits::default() });
    let codes: Vec<Option<ErrorCode>> = ["Aa", "Bb", "Cc"]
        .into_iter()
        .map(|name| {
            let mut client = Client::from(&hub, peer(1), true);
            let Identity { name, key } = Identity::new(name).unwrap();
            client.ask(&hub, &Request::Identify { name, key });
            client.refusal()
        })
        .collect();
    assert_eq!(codes, [None, None, Some(ErrorCode::RateLimited)]);
}

// 2. Without --public.

#[test]
fn without_public_seeks_and_live_games_are_refused_but_names_and_the_leaderboard_answer() {
    let hub = hub_on(Path::new(":memory:"), false, Limits::default());
    let mut client = player(&hub, 1, "Tara");
    for request in [
        seek(false),
        Request::Seeks { variant: None },
        Request::AcceptSeek { seek: "x".into() },
        Request::CancelSeek { seek: "x".into() },
        Request::LiveGames,
        Request::WatchGame { game: "x".into(), from_ply: 0 },
    ] {
        client.ask(&hub, &request);
        assert_eq!(client.refusal(), Some(ErrorCode::NotPublic), "{request:?}");
    }
    client.ask(&hub, &Request::Leaderboard { variant: "jetan".into(), top: 10 });
    assert!(matches!(&client.told()[..], [Event::Leaderboard { players, .. }] if players.is_empty()));
    client.ask(&hub, &Request::Leaderboard { variant: "chess".into(), top: 10 });
    assert_eq!(client.refusal(), Some(ErrorCode::UnknownVariant));
}

// 3. Seeks.

#[test]
fn seeking_needs_a_name_and_no_one_accepts_their_own_seek() {
    let hub = public_hub(Limits::default());
    let mut anonymous = Client::from(&hub, peer(3), true);
    anonymous.ask(&hub, &seek(false));
    assert_eq!(anonymous.refusal(), Some(ErrorCode::NotIdentified));
    let mut tara = player(&hub, 1, "Tara");
    tara.ask(&hub, &seek(true));
    let sought = tara.seat();
    assert_eq!((sought.invite, sought.watch.is_some()), (None, true), "a seek has no invite to pass on");
    anonymous.ask(&hub, &Request::AcceptSeek { seek: sought.game.clone() });
    assert_eq!(anonymous.refusal(), Some(ErrorCode::NotIdentified));
    tara.ask(&hub, &Request::AcceptSeek { seek: sought.game.clone() });
    assert_eq!(tara.refusal(), Some(ErrorCode::OwnSeek));
    let mut gahan = player(&hub, 2, "Gahan");
    gahan.ask(&hub, &Request::AcceptSeek { seek: "no such seek".into() });
    assert_eq!(gahan.refusal(), Some(ErrorCode::UnknownGame));
    gahan.ask(&hub, &Request::CancelSeek { seek: sought.game.clone() });
    assert_eq!(gahan.refusal(), Some(ErrorCode::UnknownGame), "only the seeker withdraws a seek");
    let listed = seeks(&hub, &mut gahan);
    assert_eq!(listed.len(), 1);
    assert_eq!((listed[0].player.as_str(), listed[0].rating, listed[0].rated), ("Tara", 1500, true));
}

#[test]
fn a_seek_is_withdrawn_when_cancelled_when_its_seeker_leaves_and_when_it_expires() {
    let hub = public_hub(Limits { waiting_hours: 1, ..Limits::default() });
    let mut tara = player(&hub, 1, "Tara");
    tara.ask(&hub, &seek(false));
    let first = tara.seat();
    tara.ask(&hub, &Request::CancelSeek { seek: first.game.clone() });
    let told = tara.told();
    assert!(
        matches!(ended(&told), Some(Event::Ended { outcome, .. }) if outcome.text.contains("cancelled")),
        "{told:?}"
    );
    assert!(seeks(&hub, &mut tara).is_empty());

    tara.ask(&hub, &seek(false));
    let second = tara.seat();
    let mut gahan = player(&hub, 2, "Gahan");
    assert_eq!(seeks(&hub, &mut gahan).len(), 1);
    tara.hang_up(&hub);
    assert!(seeks(&hub, &mut gahan).is_empty(), "its seeker left");
    gahan.ask(&hub, &Request::AcceptSeek { seek: second.game });
    assert_eq!(gahan.refusal(), Some(ErrorCode::UnknownGame));

    gahan.ask(&hub, &seek(false));
    gahan.seat();
    hub.tick(Instant::now() + Duration::from_secs(3601));
    assert!(ended(&gahan.told()).is_some(), "expired");
    assert!(seeks(&hub, &mut gahan).is_empty());
}

#[test]
fn seeks_count_against_the_address_games_and_a_player_has_so_many_open() {
    let hub = public_hub(Limits { games_per_hour: MOST_SEEKS as u32 + 1, ..Limits::default() });
    let mut tara = player(&hub, 1, "Tara");
    for _ in 0..MOST_SEEKS {
        tara.ask(&hub, &seek(false));
        tara.seat();
    }
    tara.ask(&hub, &seek(false));
    assert_eq!(tara.refusal(), Some(ErrorCode::TooManyGames), "a player's open seeks");
    let mut gahan = player(&hub, 1, "Gahan");
    gahan.ask(&hub, &seek(false));
    gahan.seat();
    gahan.ask(&hub, &seek(false));
    assert_eq!(gahan.refusal(), Some(ErrorCode::TooManyGames), "the address's games an hour");
}

// 4. Live games, watched by id.

#[test]
fn a_game_met_through_a_seek_is_listed_live_and_watched_by_its_id_a_private_one_is_not() {
    let hub = public_hub(Limits::default());
    let [(mut tara, sought), (_gahan, accepted)] = met(&hub, false);
    assert_eq!(accepted.side, sought.side.opponent());
    let started = tara.told().into_iter().any(|e| matches!(e, Event::State(state) if state.started));
    assert!(started, "the seeker hears the game start");
    let mut watcher = Client::from(&hub, peer(3), true);
    watcher.told();
    watcher.ask(&hub, &Request::LiveGames);
    let told = watcher.told();
    let [Event::LiveGames { games }] = &told[..] else { panic!("{told:?}") };
    let mut names = games[0].players.clone();
    names.sort();
    assert_eq!(
        (games.len(), games[0].game.as_str(), names),
        (1, sought.game.as_str(), ["Gahan".into(), "Tara".into()])
    );
    watcher.ask(&hub, &Request::WatchGame { game: sought.game.clone(), from_ply: 0 });
    assert!(matches!(&watcher.told()[..], [Event::State(state)] if state.game == sought.game));

    let mut private = Client::from(&hub, peer(4), true);
    private.ask(&hub, &Request::Create { setup: jetan(), side: Side::South });
    let made = private.seat();
    watcher.ask(&hub, &Request::WatchGame { game: made.game, from_ply: 0 });
    assert_eq!(watcher.refusal(), Some(ErrorCode::UnknownGame), "a private game is watched by its code only");
}

fn jetan() -> GameSetup {
    GameSetup { variant: "jetan".into(), ..GameSetup::default() }
}

#[test]
fn after_a_restart_a_waiting_seek_is_withdrawn_and_a_live_game_listed_again() {
    let db = fresh_db("public-restart");
    let waiting = {
        let hub = hub_on(&db, true, Limits::default());
        met(&hub, true);
        let mut other = player(&hub, 3, "Thuvia");
        other.ask(&hub, &seek(false));
        other.seat()
    };
    let hub = hub_on(&db, true, Limits::default());
    let mut looker = Client::from(&hub, peer(4), true);
    assert!(seeks(&hub, &mut looker).is_empty(), "its seeker left with the server");
    looker.ask(&hub, &Request::LiveGames);
    assert!(matches!(&looker.told()[..], [Event::LiveGames { games }] if games.len() == 1));
    looker.ask(&hub, &Request::WatchGame { game: waiting.game, from_ply: 0 });
    let state = looker.told().into_iter().find_map(|e| if let Event::State(s) = e { Some(s) } else { None });
    assert!(state.expect("a state").outcome.is_some(), "the waiting seek ended");
}

// 5. Ratings.

#[test]
fn a_rated_game_ends_with_both_ratings_changed_and_an_unrated_one_with_none() {
    let hub = public_hub(Limits::default());
    let [(mut tara, sought), (mut gahan, _)] = met(&hub, true);
    tara.ask(&hub, &Request::Resign { game: sought.game.clone(), token: sought.token.clone() });
    let told = gahan.told();
    let Some(Event::Ended { ratings: Some([south, north]), .. }) = ended(&told) else { panic!("{told:?}") };
    let (winner, loser) = if sought.side == Side::South { (north, south) } else { (south, north) };
    assert_eq!((winner.name.as_str(), loser.name.as_str()), ("Gahan", "Tara"));
    assert!(winner.change > 0 && loser.change < 0 && winner.rating > 1500 && loser.rating < 1500);
    gahan.ask(&hub, &Request::Leaderboard { variant: "jetan".into(), top: 5 });
    let told = gahan.told();
    let [Event::Leaderboard { players, .. }] = &told[..] else { panic!("{told:?}") };
    assert_eq!(players.iter().map(|p| (p.name.as_str(), p.games)).collect::<Vec<_>>(), [("Gahan", 1), ("Tara", 1)]);

    let hub = public_hub(Limits::default());
    let [(mut tara, sought), (mut gahan, _)] = met(&hub, false);
    tara.ask(&hub, &Request::Resign { game: sought.game, token: sought.token });
    assert!(matches!(ended(&gahan.told()), Some(Event::Ended { ratings: None, .. })), "unrated");
}

/// A random player's turns, resigning at ply `most_plies`.
fn random_turns(seed: u64, most_plies: u32) -> impl FnMut(&Replica, Side) -> Vec<ClientCommand> {
    let mut rng = Rng::new(seed);
    move |game, _| {
        let ply = game.next_ply();
        if ply >= most_plies {
            return vec![ClientCommand::Resign];
        }
        vec![ClientCommand::Play { ply, text: random_ply(game.position(), &mut rng) }]
    }
}

/// The open seeks a lobby client is told, asking until there are some (bounded: 50 times).
fn seeks_through(client: &OnlineClient) -> Vec<SeekInfo> {
    for _ in 0..50 {
        client.send(ClientCommand::Seeks { variant: Some("jetan".into()) });
        let deadline = Instant::now() + PATIENCE;
        while let Some(wait) = deadline.checked_duration_since(Instant::now()) {
            match client.recv_timeout(wait) {
                Some(ClientEvent::Server(Event::Seeks { seeks })) if !seeks.is_empty() => return seeks,
                Some(ClientEvent::Server(Event::Seeks { .. })) => break,
                Some(ClientEvent::Server(Event::Error(refusal))) => panic!("refused: {refusal}"),
                _ => {}
            }
        }
        std::thread::sleep(Duration::from_millis(100));
    }
    panic!("no seek was listed")
}

#[test]
fn two_strangers_meet_through_a_seek_and_play_a_rated_game_to_its_end_through_the_client() {
    let server = public_server("public-rated", one_address_is_many());
    let address = server.address.to_string();
    let seeker = OnlineClient::lobby(&address, Some(Identity::new("Tara").unwrap()));
    seeker.send(ClientCommand::Seek { variant: "jetan".into(), time_control: TimeControl::Untimed, rated: true });
    let tara = std::thread::spawn(move || play_seat(&seeker, random_turns(1, 400)));
    let acceptor = OnlineClient::lobby(&address, Some(Identity::new("Gahan").unwrap()));
    let listed = seeks_through(&acceptor);
    assert_eq!((listed[0].player.as_str(), listed[0].rated), ("Tara", true));
    acceptor.send(ClientCommand::AcceptSeek { seek: listed[0].seek.clone() });
    let gahan = std::thread::spawn(move || play_seat(&acceptor, random_turns(2, 400)));
    let games = within(Duration::from_secs(60), move || [tara, gahan].map(|p| p.join().unwrap().expect("a game")));
    let ending = games[0].outcome().expect("an ending").clone();
    assert_eq!(games[1].outcome(), Some(&ending));

    let output = std::process::Command::new(env!("CARGO_BIN_EXE_jetan-online"))
        .args(["leaderboard", "--server", &address, "--variant", "jetan"])
        .output()
        .expect("the leaderboard runs");
    let said = String::from_utf8_lossy(&output.stdout);
    assert!(output.status.success(), "{said}");
    let lines: Vec<&str> = said.lines().collect();
    assert_eq!(lines.len(), 2, "{said}");
    assert!(lines.iter().all(|line| line.contains("1 games") && !line.contains("±350")), "{said}");
    if ending.winner.is_some() {
        assert!(!lines.iter().any(|line| line.contains(" 1500 ")), "both ratings changed: {said}");
    }
}

// 6. Abandonment.

/// Reads `raw`'s events until the game ends; its ending's winner and text.
fn wait_for_end(raw: &mut Raw) -> (Option<Side>, String) {
    raw.until(|event| match event {
        Event::Ended { outcome, .. } => Some((outcome.winner, outcome.text)),
        _ => None,
    })
}

/// Connects as `name` and says so.
fn identified(address: SocketAddr, name: &str) -> Raw {
    let mut raw = Raw::connect(address);
    let Identity { name, key } = Identity::new(name).unwrap();
    raw.request(&Request::Identify { name, key });
    raw.until(|event| matches!(event, Event::Identified { .. }).then_some(()));
    raw
}

#[test]
fn a_rated_game_whose_player_stays_away_is_lost_by_them() {
    let server = public_server("abandon", Limits { abandon_seconds: 1, ..one_address_is_many() });
    let mut tara = identified(server.address, "Tara");
    tara.request(&seek(true));
    let sought = common::seated(&mut tara);
    let mut gahan = identified(server.address, "Gahan");
    gahan.request(&Request::AcceptSeek { seek: sought.game.clone() });
    common::seated(&mut gahan);
    let begun = Instant::now();
    drop(gahan);
    let (winner, text) = wait_for_end(&mut tara);
    assert_eq!(winner, Some(sought.side), "the player who stayed wins");
    assert!(text.contains("abandoned"), "{text}");
    assert!(begun.elapsed() >= Duration::from_secs(1) && begun.elapsed() < PATIENCE, "{:?}", begun.elapsed());
}

#[test]
fn an_unrated_game_waits_for_its_player_however_long() {
    let hub = public_hub(Limits { abandon_seconds: 1, ..Limits::default() });
    let [(mut tara, _), (gahan, _)] = met(&hub, false);
    gahan.hang_up(&hub);
    hub.tick(Instant::now() + Duration::from_secs(3600));
    assert!(ended(&tara.told()).is_none());
    let hub = public_hub(Limits { abandon_seconds: 1, ..Limits::default() });
    let [(mut tara, _), (gahan, _)] = met(&hub, true);
    gahan.hang_up(&hub);
    hub.tick(Instant::now() + Duration::from_millis(500));
    assert!(ended(&tara.told()).is_none(), "not yet");
    hub.tick(Instant::now() + Duration::from_secs(2));
    assert!(matches!(ended(&tara.told()), Some(Event::Ended { ratings: Some(_), .. })), "rated: lost, and rated");
}

#[test]
fn a_seek_accepted_by_two_seats_one() {
    let hub = public_hub(Limits::default());
    let mut tara = player(&hub, 1, "Tara");
    tara.ask(&hub, &seek(false));
    let sought = tara.seat();
    let mut gahan = player(&hub, 2, "Gahan");
    gahan.ask(&hub, &Request::AcceptSeek { seek: sought.game.clone() });
    gahan.seat();
    let mut late = player(&hub, 3, "Thuvia");
    late.ask(&hub, &Request::AcceptSeek { seek: sought.game });
    assert_eq!(late.refusal(), Some(ErrorCode::UnknownGame));
}
