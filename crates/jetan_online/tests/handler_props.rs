//! The message handler fed random text and mutated requests from a stranger (greeted or not):
//! it never panics, and the game in play is unchanged.

mod common;

use std::path::Path;

use common::{Client, peer};
use jetan_online::protocol::{Event, GameSetup, GameState, HeldSeat, Request, encode};
use jetan_online::server::{Hub, Limits};
use jetan_online::store::Store;
use jetan_rules::Side;
use proptest::prelude::*;

/// A hub with a classic game two plies in: the game's seats.
fn hub_with_a_game() -> (Hub, [HeldSeat; 2]) {
    let hub = Hub::open(Store::open(Path::new(":memory:")).unwrap(), Limits::default()).unwrap();
    let mut south = Client::new(&hub, true);
    south.ask(
        &hub,
        &Request::Create { setup: GameSetup { variant: "jetan".into(), ..GameSetup::default() }, side: Side::South },
    );
    let created = south.seat();
    let mut north = Client::new(&hub, true);
    north.ask(&hub, &Request::Join { invite: created.invite.clone().unwrap() });
    let joined = north.seat();
    for (ply, (seat, text)) in [(&created, "b2-b3"), (&joined, "e9-e8")].into_iter().enumerate() {
        let request =
            Request::Move { game: seat.game.clone(), token: seat.token.clone(), ply: ply as u32, text: text.into() };
        south.ask(&hub, &request);
    }
    (hub, [created, joined])
}

/// The game as a watcher reads it (from an address of its own: the stranger's guesses are not
/// its).
fn record(hub: &Hub, watch: &str) -> GameState {
    let mut watcher = Client::from(hub, peer(9), true);
    watcher.ask(hub, &Request::Watch { watch: watch.into(), from_ply: 0 });
    watcher.told().into_iter().find_map(|e| if let Event::State(state) = e { Some(state) } else { None }).unwrap()
}

/// Stands for the game's id in a generated request (the id is made with the game).
const GAME: &str = "<game>";
/// Stands for the game's watch code.
const WATCH: &str = "<watch>";

/// Requests a stranger might make about the game: its id and watch code are known, its tokens
/// are not.
fn requests() -> impl Strategy<Value = Request> {
    let text = "[ -~]{0,24}";
    prop_oneof![
        any::<u32>().prop_map(|version| Request::Hello { version }),
        (text, text, any::<u32>(), text).prop_map(|(game, token, ply, text)| {
            let game = if game.len() < 8 { GAME.into() } else { game };
            Request::Move { game, token, ply, text }
        }),
        (text, any::<u32>()).prop_map(|(more, from_ply)| Request::Watch { watch: format!("{WATCH}{more}"), from_ply }),
        text.prop_map(|invite| Request::Join { invite }),
        (text, text).prop_map(|(game, token)| Request::Resign { game, token }),
        (text, text).prop_map(|(game, token)| Request::OfferDraw { game, token }),
        (text, any::<bool>()).prop_map(|(variant, north)| Request::Create {
            setup: GameSetup { variant, ..GameSetup::default() },
            side: if north { Side::North } else { Side::South },
        }),
    ]
}

/// A text with bytes replaced, removed or put in.
fn mutated(text: String, edits: Vec<(usize, u8, u8)>) -> String {
    let mut bytes = text.into_bytes();
    for (at, how, byte) in edits {
        let at = at % (bytes.len() + 1);
        match how % 3 {
            0 if at < bytes.len() => bytes[at] = byte,
            1 if at < bytes.len() => drop(bytes.remove(at)),
            _ => bytes.insert(at, byte),
        }
    }
    String::from_utf8_lossy(&bytes).into_owned()
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]

    #[test]
    fn strangers_change_nothing(
        greet in any::<bool>(),
        asked in prop::collection::vec(requests(), 1..4),
        edits in prop::collection::vec((any::<usize>(), any::<u8>(), any::<u8>()), 0..6),
        noise in prop::collection::vec(".{0,80}", 0..4),
    ) {
        let (hub, seats) = hub_with_a_game();
        let watch = seats[0].watch.clone().unwrap();
        let before = record(&hub, &watch);
        prop_assert_eq!(before.moves.len(), 2);
        let mut stranger = Client::new(&hub, greet);
        for request in &asked {
            let text = encode(request).replace(GAME, &seats[0].game).replace(WATCH, &watch);
            hub.handle(&mut stranger.session, &text);
            hub.handle(&mut stranger.session, &mutated(text, edits.clone()));
        }
        for text in &noise {
            hub.handle(&mut stranger.session, text);
        }
        let after = record(&hub, &watch);
        prop_assert_eq!((&after.moves, &after.outcome, after.to_move), (&before.moves, &before.outcome, before.to_move));
    }
}
