//! Two games playing each other through a server on the loopback address, as two players on two
//! computers would: one creates a game from the title and is given an invite code, the other
//! joins with it; each one's moves arrive on the other's board; nothing is taken back; the
//! seats are kept beside the saves to come back to, with their codes; the server's end of the
//! game ends both; a timed game's clocks wait for the second player.

mod common;

use bevy::prelude::*;
use common::*;
use jetan::Launch;
use jetan::game::{Game, GameAction};
use jetan::online::{EnterLobby, GoOnline, KeptSeats, LeaveOnline, Online, Player};
use jetan::seat::Seat;
use jetan_online::client::ClientCommand;
use jetan_online::protocol::{GameSetup, Request};
use jetan_online::server::{ServeArgs, start};
use jetan_online::time_control::TimeControl;
use jetan_rules::{Outcome, Reason, Side};

fn player(name: &str) -> App {
    let saves = temp_dir(name).join("saves");
    app_launching(&repo_assets(), Launch::default(), &saves)
}

fn go(app: &mut App, server: &str, request: Request) {
    app.world_mut().write_message(GoOnline { server: server.into(), request });
}

fn play(app: &mut App, text: &str) {
    let mv = app.world().resource::<Game>().position().parse_move(text).unwrap_or_else(|e| panic!("{text}: {e}"));
    app.world_mut().write_message(GameAction::Play(mv));
}

fn moves(app: &App) -> Vec<String> {
    app.world()
        .get_resource::<Game>()
        .map_or_else(Vec::new, |game| game.history.iter().map(|p| p.text.clone()).collect())
}

/// Updates both apps until `done` holds for both.
fn both_until(a: &mut App, b: &mut App, what: &str, done: impl Fn(&World) -> bool) {
    let started = std::time::Instant::now();
    while !(done(a.world()) && done(b.world())) {
        assert!(started.elapsed() < std::time::Duration::from_secs(20), "timed out waiting for {what}");
        a.update();
        b.update();
        std::thread::sleep(std::time::Duration::from_millis(5));
    }
}

#[test]
fn two_players_play_through_the_server() {
    let server = start(&ServeArgs::new("127.0.0.1:0", temp_dir("online-server").join("games.sqlite"))).unwrap();
    let address = server.address.to_string();
    let (mut south, mut north) = (player("online-south"), player("online-north"));

    let setup = GameSetup { variant: "jetan".into(), ..GameSetup::default() };
    go(&mut south, &address, Request::Create { setup, side: Side::South });
    update_until(&mut south, "the invite code", |world| {
        world.get_resource::<Online>().and_then(|online| online.seat.as_ref()?.invite.clone()).is_some()
    });
    let invite = south.world().resource::<Online>().seat.as_ref().unwrap().invite.clone().unwrap();
    go(&mut north, &address, Request::Join { invite });
    both_until(&mut south, &mut north, "both games", |world| {
        world.get_resource::<Game>().is_some_and(|game| game.seats.online())
            && world.get_resource::<Online>().is_some_and(|online| !online.waiting_for_opponent())
    });
    let seats = |app: &App| app.world().resource::<Game>().seats;
    assert_eq!((seats(&south).south, seats(&south).north), (Seat::Human, Seat::Online));
    assert_eq!((seats(&north).south, seats(&north).north), (Seat::Online, Seat::Human));

    // Each one's moves arrive on the other's board.
    for (mover, text) in [(Side::South, "A e2-e3"), (Side::North, "a e9-e8"), (Side::South, "A f2-f3")] {
        let (here, there) = if mover == Side::South { (&mut south, &mut north) } else { (&mut north, &mut south) };
        play(here, text);
        let played = moves(here).len() + 1;
        both_until(here, there, text, |world| {
            world.get_resource::<Game>().is_some_and(|game| game.history.len() == played)
        });
    }
    assert_eq!(moves(&south), ["A e2-e3", "a e9-e8", "A f2-f3"]);
    assert_eq!(moves(&north), moves(&south));
    assert!(south.world().resource::<Online>().connected == [true, true], "both are connected");

    // Nothing is taken back online.
    south.world_mut().write_message(GameAction::Undo);
    south.update();
    assert_eq!(moves(&south).len(), 3, "an online game's moves are the server's");

    // Each kept its seat, to come back to.
    for app in [&south, &north] {
        let kept = KeptSeats::read(app.world().resource::<jetan::records::SaveDir>());
        assert_eq!(kept.0.len(), 1, "the seat is kept beside the saves");
    }

    // North resigns: the server ends the game on both boards.
    north.world_mut().write_message(GameAction::Resign);
    both_until(&mut south, &mut north, "the end", |world| world.resource::<Game>().outcome().is_some());
    let ended = Outcome { winner: Some(Side::South), reason: Reason::Resigned };
    assert_eq!(south.world().resource::<Game>().outcome(), Some(ended));
    assert_eq!(north.world().resource::<Game>().outcome(), Some(ended));
}

#[test]
fn a_timed_games_clocks_wait_for_the_second_player() {
    let server = start(&ServeArgs::new("127.0.0.1:0", temp_dir("online-clock-server").join("games.sqlite"))).unwrap();
    let mut south = player("online-clock-south");
    let setup =
        GameSetup { variant: "jetan".into(), time_control: TimeControl::Game { minutes: 5 }, ..GameSetup::default() };
    go(&mut south, &server.address.to_string(), Request::Create { setup, side: Side::South });
    update_until(&mut south, "the game", |world| {
        world.get_resource::<Game>().is_some_and(|game| game.seats.online() && game.clocks.is_on())
    });
    let full = south.world().resource::<Game>().clocks.left(Side::South);
    for _ in 0..40 {
        south.update();
        std::thread::sleep(std::time::Duration::from_millis(10));
    }
    assert!(south.world().resource::<Online>().waiting_for_opponent());
    assert_eq!(south.world().resource::<Game>().clocks.left(Side::South), full, "no clock runs before North joins");
}

#[test]
fn a_seat_come_back_to_keeps_its_codes_and_its_variant() {
    let server = start(&ServeArgs::new("127.0.0.1:0", temp_dir("online-back-server").join("games.sqlite"))).unwrap();
    let address = server.address.to_string();
    let mut south = player("online-back-south");
    let setup = GameSetup { variant: "jetan_sarang".into(), ..GameSetup::default() };
    go(&mut south, &address, Request::Create { setup, side: Side::South });
    update_until(&mut south, "the game", |world| world.get_resource::<Game>().is_some_and(|game| game.seats.online()));
    let made = south.world().resource::<Online>().seat.clone().unwrap();
    let kept = |app: &App| KeptSeats::read(app.world().resource::<jetan::records::SaveDir>()).0;
    let first = kept(&south);
    assert_eq!((first.len(), first[0].variant.as_str()), (1, "jetan_sarang"), "the seat is kept with its variant");
    assert_eq!((&first[0].invite, &first[0].watch), (&made.invite, &made.watch), "and with its codes");

    // The server keeps only the codes' digests: the seat it gives back comes without them.
    go(&mut south, &address, Request::Resume { game: made.game.clone(), token: made.token.clone(), from_ply: 0 });
    update_until(&mut south, "the seat taken back", |world| {
        world.get_resource::<Online>().is_some_and(|online| online.seat.is_some())
    });
    let back = south.world().resource::<Online>().seat.clone().unwrap();
    assert_eq!((back.invite, back.watch), (made.invite, made.watch), "the codes are still there to pass on");
    assert_eq!(kept(&south), first, "nothing changed in the kept seat");
}

/// Two strangers meet in a public server's lobby under their names: one seeks a rated game, the
/// other sees it listed and plays it; one resigns, and both read their new ratings, which the
/// lobby's leaderboard then lists.
#[test]
fn two_strangers_meet_in_the_lobby_and_a_rated_game_changes_their_ratings() {
    let mut args = ServeArgs::new("127.0.0.1:0", temp_dir("lobby-server").join("games.sqlite"));
    args.public = true;
    let server = start(&args).unwrap();
    let address = server.address.to_string();
    let (mut tara, mut gahan) = (player("lobby-tara"), player("lobby-gahan"));
    for (app, name) in [(&mut tara, "Tara of Helium"), (&mut gahan, "Gahan of Gathol")] {
        let saves = app.world().resource::<jetan::records::SaveDir>().clone();
        let identity = app.world_mut().resource_mut::<Player>().named(name, &saves).unwrap();
        app.world_mut().write_message(EnterLobby { server: address.clone(), identity, variant: "jetan".into() });
    }
    let known = |world: &World| world.get_resource::<Online>().and_then(|o| o.lobby.as_ref()?.name.clone()).is_some();
    both_until(&mut tara, &mut gahan, "both named in the lobby", known);

    let seek = ClientCommand::Seek { variant: "jetan".into(), time_control: TimeControl::Untimed, rated: true };
    tara.world_mut().resource_mut::<Online>().ask(seek);
    let listed = |world: &World| {
        let seeks = world.get_resource::<Online>().and_then(|online| Some(online.lobby.as_ref()?.seeks.clone()));
        seeks.unwrap_or_default().into_iter().find(|seek| seek.player == "Tara of Helium")
    };
    let mut started = std::time::Instant::now();
    while listed(gahan.world()).is_none() {
        assert!(started.elapsed().as_secs() < 20, "the seek is listed");
        tara.update();
        gahan.update();
    }
    let seek = listed(gahan.world()).unwrap();
    assert!(seek.rated && seek.rating == 1500, "{seek:?}");
    gahan.world_mut().resource_mut::<Online>().ask(ClientCommand::AcceptSeek { seek: seek.seek });
    both_until(&mut tara, &mut gahan, "the game on both boards", |world| {
        world.get_resource::<Game>().is_some_and(|game| game.seats.online())
            && world.get_resource::<Online>().is_some_and(|online| !online.waiting_for_opponent())
    });

    // The first player (whoever the server drew) moves; then Tara resigns.
    let south_is_tara = tara.world().resource::<Online>().side() == Some(Side::South);
    let (first, second) = if south_is_tara { (&mut tara, &mut gahan) } else { (&mut gahan, &mut tara) };
    play(first, "A e2-e3");
    both_until(first, second, "the move", |world| world.resource::<Game>().history.len() == 1);
    tara.world_mut().write_message(GameAction::Resign);
    let said =
        |world: &World| world.get_resource::<Online>().and_then(|online| online.said.clone()).unwrap_or_default();
    both_until(&mut tara, &mut gahan, "the ratings", |world| said(world).contains(". Ratings:"));
    let text = said(gahan.world());
    assert!(text.contains("Gahan of Gathol 1662 (+162)") && text.contains("Tara of Helium 1338 (-162)"), "{text}");
    assert_eq!(said(tara.world()), text, "both read the same");

    // Back in the lobby, the leaderboard lists them.
    gahan.world_mut().write_message(LeaveOnline);
    gahan.update();
    let identity = gahan.world().resource::<Player>().0.clone().unwrap();
    gahan.world_mut().write_message(EnterLobby { server: address.clone(), identity, variant: "jetan".into() });
    started = std::time::Instant::now();
    let leaders = |world: &World| {
        let lobby = world.get_resource::<Online>().and_then(|online| online.lobby.clone()).unwrap_or_default();
        lobby.leaderboard.1.iter().map(|standing| (standing.name.clone(), standing.rating)).collect::<Vec<_>>()
    };
    while leaders(gahan.world()).len() < 2 {
        assert!(started.elapsed().as_secs() < 20, "the leaderboard");
        gahan.update();
    }
    assert_eq!(leaders(gahan.world()), [("Gahan of Gathol".into(), 1662), ("Tara of Helium".into(), 1338)]);
}
