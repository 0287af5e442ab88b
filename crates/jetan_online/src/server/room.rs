//! One game on the server: its referee, its seats' token digests (and players' names), its
//! codes, the clock of the turn, when it expires if no one joins, since when each seat is away,
//! and the connections that follow it. Every change is stored before it is applied and told to
//! the followers.

use std::time::{Duration, Instant};

use jetan_rules::Side;

use super::outbox::Outbox;
use crate::protocol::{Ending, ErrorCode, Event, GameState, HeldSeat, LiveGame, Refusal};
use crate::referee::Referee;
use crate::secrets::{self, Digest};
use crate::store::{SharedStore, StoredGame, unix_now};

/// How a game no one joined in time ends.
const EXPIRED: &str = "No game: no opponent joined in time";
/// How a seek withdrawn ends.
const CANCELLED: &str = "No game: the seek was cancelled";

/// A game and who follows it.
pub struct Room {
    id: String,
    referee: Referee,
    seats: [Option<Digest>; 2],
    invite: Option<Digest>,
    watch: Digest,
    /// When the side to move's clock started: the last ply, the second seat taken, or the
    /// server's start (the time a server is down is no one's).
    turn_started: Instant,
    /// When the game ends if its second seat is still free.
    expires: Instant,
    followers: Vec<Follower>,
    /// The side whose draw offer stands, until a move (a side offers once a move).
    draw_offer: Option<Side>,
    /// Whether it was sought in public, and whether it is rated.
    public: bool,
    rated: bool,
    /// South's and North's players' names, for seats taken by identified players.
    players: [Option<String>; 2],
    /// Since when each seat has had no connected player (the server's start at the latest).
    away_since: [Option<Instant>; 2],
}

/// A connection following a room: a seat's player, or a watcher.
struct Follower {
    outbox: Outbox,
    side: Option<Side>,
}

impl Room {
    /// The room of a game as kept, its plies replayed; if no one joins it, it expires
    /// `waiting` after it was created.
    ///
    /// # Errors
    /// The game no longer fits the rules (the variant files changed since it was kept).
    pub fn load(game: StoredGame, now: Instant, waiting: Duration) -> Result<Room, String> {
        let referee = Referee::replay(game.setup.clone(), &game.moves, game.clocks.clone(), game.outcome.clone())
            .map_err(|error| format!("game {}: {error}", game.id))?;
        Ok(Room::new(game, referee, now, waiting))
    }

    /// The room of a game whose referee is made; if no one joins it, it expires `waiting` after
    /// it was created (by the wall clock).
    pub fn new(game: StoredGame, referee: Referee, now: Instant, waiting: Duration) -> Room {
        let age = Duration::from_secs(unix_now().saturating_sub(game.created));
        Room {
            expires: now + waiting.saturating_sub(age),
            id: game.id,
            referee,
            seats: game.seats,
            invite: game.invite,
            watch: game.watch,
            turn_started: now,
            followers: Vec::new(),
            draw_offer: None,
            public: game.public,
            rated: game.rated,
            players: game.players,
            away_since: [Some(now); 2],
        }
    }

    /// The game's id.
    pub fn id(&self) -> &str {
        &self.id
    }

    /// The digests the game is looked up by: its unused invite's and its watch code's.
    pub fn codes(&self) -> (Option<Digest>, Digest) {
        (self.invite, self.watch)
    }

    /// Ends the game if its second seat is still free when it expires.
    ///
    /// # Errors
    /// The store failed.
    pub fn check_expiry(&mut self, store: &SharedStore, now: Instant) -> Result<(), Refusal> {
        if self.started() || self.referee.outcome().is_some() || now < self.expires {
            return Ok(());
        }
        self.end(store, Ending { winner: None, text: EXPIRED.into() }, now)
    }

    /// Ends a rated game whose seat has been away `limit` or longer while the other seat's
    /// player is here: the seat away loses.
    ///
    /// # Errors
    /// The store failed.
    pub fn check_abandonment(&mut self, store: &SharedStore, now: Instant, limit: Duration) -> Result<(), Refusal> {
        if !self.rated || !self.started() || self.over() {
            return Ok(());
        }
        let connected = self.connected();
        let gone = Side::BOTH.into_iter().find(|side| {
            connected[side.opponent().index()]
                && self.away_since[side.index()].is_some_and(|since| now.saturating_duration_since(since) >= limit)
        });
        match gone {
            Some(side) => self.end(store, self.referee.abandonment(side), now),
            None => Ok(()),
        }
    }

    /// Withdraws a game no one joined yet: it ends without a winner.
    ///
    /// # Errors
    /// The game has started (`invite_used`) or is over, or the store failed.
    pub fn cancel(&mut self, store: &SharedStore, now: Instant) -> Result<(), Refusal> {
        self.check_clock(store, now)?;
        if self.started() {
            return Err(Refusal::new(ErrorCode::InviteUsed, "someone accepted this seek: the game is on"));
        }
        self.end(store, Ending { winner: None, text: CANCELLED.into() }, now)
    }

    /// Whether the game is over and no one follows it (it may leave memory).
    pub fn idle(&self) -> bool {
        self.over() && self.followers.is_empty()
    }

    /// Whether the game is over.
    pub fn over(&self) -> bool {
        self.referee.outcome().is_some()
    }

    /// Whether the game was sought in public (it is listed and watched by its id).
    pub fn public(&self) -> bool {
        self.public
    }

    /// The game as the list of live games shows it, if it is public and under way.
    pub fn live(&self) -> Option<LiveGame> {
        if !self.public || !self.started() || self.over() {
            return None;
        }
        let setup = self.referee.setup();
        Some(LiveGame {
            game: self.id.clone(),
            variant: setup.variant.clone(),
            players: self.players.clone().map(Option::unwrap_or_default),
            plies: self.referee.moves().len() as u32,
            time_control: setup.time_control,
            rated: self.rated,
        })
    }

    /// The side whose seat `token` is, if it is one of this game's.
    pub fn side_of(&self, token: &str) -> Option<Side> {
        let digest = secrets::digest(token);
        Side::BOTH.into_iter().find(|side| self.seats[side.index()] == Some(digest))
    }

    /// Gives the free seat to a new token (and the player named `player`, if identified),
    /// spending the invite, and tells the followers the game has started.
    ///
    /// # Errors
    /// The game is over (resigned, expired or cancelled), no seat is free, or the store failed.
    pub fn take_seat(&mut self, store: &SharedStore, now: Instant, player: Option<&str>) -> Result<HeldSeat, Refusal> {
        self.check_clock(store, now)?;
        let side = Side::BOTH
            .into_iter()
            .find(|side| self.seats[side.index()].is_none() && self.invite.is_some())
            .ok_or_else(|| Refusal::new(ErrorCode::InviteUsed, "this invite's seat is taken"))?;
        let token = secrets::token()?;
        let digest = secrets::digest(&token);
        let (id, player) = (self.id.clone(), player.map(str::to_string));
        let player = store.with(move |store| store.seat(&id, side, &digest, player.as_deref()).map(|()| player))?;
        self.seats[side.index()] = Some(digest);
        self.players[side.index()] = player;
        self.invite = None;
        self.turn_started = now;
        // The new player is here (it follows the room once seated): its absence counts from now.
        self.away_since[side.index()] = Some(now);
        // The game starts: its followers hear it (the new player hears it once seated).
        self.tell(&Event::State(self.state(0, now)));
        Ok(HeldSeat { game: self.id.clone(), side, token, invite: None, watch: None })
    }

    /// The game now, with its moves from `from_ply` on.
    pub fn state(&self, from_ply: u32, now: Instant) -> GameState {
        let moves = self.referee.moves();
        let from_ply = from_ply.min(moves.len() as u32);
        GameState {
            game: self.id.clone(),
            setup: self.referee.setup().clone(),
            from_ply,
            moves: moves[from_ply as usize..].to_vec(),
            clocks: self.referee.clocks_after(self.elapsed(now)),
            to_move: self.referee.to_move(),
            outcome: self.referee.outcome().cloned(),
            started: self.started(),
            connected: self.connected(),
        }
    }

    /// Adds a connection to the followers (once), for `side` or as a watcher.
    pub fn follow(&mut self, outbox: &Outbox, side: Option<Side>) {
        let before = self.connected();
        self.followers.retain(|f| !(f.outbox.same(outbox) && f.side == side));
        self.followers.push(Follower { outbox: outbox.clone(), side });
        self.tell_presence(before);
    }

    /// Whether a connection follows the room for `side`.
    pub fn follows(&self, outbox: &Outbox, side: Side) -> bool {
        self.followers.iter().any(|f| f.outbox.same(outbox) && f.side == Some(side))
    }

    /// Takes a closed connection out of the followers.
    pub fn leave(&mut self, outbox: &Outbox) {
        let before = self.connected();
        self.followers.retain(|f| !f.outbox.same(outbox));
        self.tell_presence(before);
    }

    /// Plays `side`'s ply `ply`: checked, stored, applied, then told to every follower.
    ///
    /// # Errors
    /// The game has not started or is over (its clock may have just run out), or as
    /// [`Referee::check`], or the store failed.
    pub fn play(&mut self, store: &SharedStore, side: Side, ply: u32, text: &str, now: Instant) -> Result<(), Refusal> {
        self.check_clock(store, now)?;
        if !self.started() {
            return Err(Refusal::new(ErrorCode::NotStarted, "the game waits for its second player"));
        }
        let checked = self.referee.check(side, ply, text, self.elapsed(now))?;
        let id = self.id.clone();
        let (checked, ratings) = store.with(move |store| {
            let ratings = store.add_ply(&id, ply, &checked.text, &checked.clocks, checked.outcome.as_ref())?;
            Ok((checked, ratings))
        })?;
        let played = Event::Played {
            game: self.id.clone(),
            ply,
            side,
            text: checked.text.clone(),
            clocks: checked.clocks.clone(),
            to_move: checked.to_move,
        };
        self.referee.apply(checked);
        self.turn_started = now;
        self.draw_offer = None;
        self.tell(&played);
        if let Some(outcome) = self.referee.outcome().cloned() {
            self.tell(&Event::Ended { game: self.id.clone(), outcome, ratings });
        }
        Ok(())
    }

    /// `side` resigns.
    ///
    /// # Errors
    /// The game is over, or the store failed.
    pub fn resign(&mut self, store: &SharedStore, side: Side, now: Instant) -> Result<(), Refusal> {
        self.check_clock(store, now)?;
        self.end(store, self.referee.resignation(side), now)
    }

    /// `side` offers a draw, or accepts the other side's offer.
    ///
    /// # Errors
    /// The game has not started or is over, this side's offer already stands, or the store
    /// failed.
    pub fn offer_draw(&mut self, store: &SharedStore, side: Side, now: Instant) -> Result<(), Refusal> {
        self.check_clock(store, now)?;
        if !self.started() {
            return Err(Refusal::new(ErrorCode::NotStarted, "the game waits for its second player"));
        }
        if self.draw_offer == Some(side.opponent()) {
            return self.end(store, self.referee.agreed_draw(), now);
        }
        if self.draw_offer == Some(side) {
            return Err(Refusal::new(ErrorCode::AlreadyOffered, "your draw offer stands: offer again after a move"));
        }
        self.draw_offer = Some(side);
        self.tell(&Event::DrawOffered { game: self.id.clone(), side });
        Ok(())
    }

    /// Ends the game if the side to move's time has run out.
    ///
    /// # Errors
    /// The game is over (perhaps just now, by the clock), or the store failed.
    pub fn check_clock(&mut self, store: &SharedStore, now: Instant) -> Result<(), Refusal> {
        if self.referee.flag_fell(self.elapsed(now)) {
            self.end(store, self.referee.time_out(), now)?;
        }
        match self.referee.outcome() {
            Some(ending) => Err(Refusal::new(ErrorCode::GameOver, format!("the game is over: {}", ending.text))),
            None => Ok(()),
        }
    }

    fn end(&mut self, store: &SharedStore, ending: Ending, now: Instant) -> Result<(), Refusal> {
        if self.referee.outcome().is_some() {
            return Err(Refusal::new(ErrorCode::GameOver, "the game is over"));
        }
        let clocks = self.referee.clocks_after(self.elapsed(now));
        let id = self.id.clone();
        let (ending, clocks, ratings) = store.with(move |store| {
            let ratings = store.finish(&id, &ending, &clocks)?;
            Ok((ending, clocks, ratings))
        })?;
        self.referee.finish(ending.clone(), clocks);
        self.tell(&Event::Ended { game: self.id.clone(), outcome: ending, ratings });
        Ok(())
    }

    fn started(&self) -> bool {
        self.seats.iter().all(Option::is_some)
    }

    /// How long the side to move has been thinking (nothing before the game starts).
    fn elapsed(&self, now: Instant) -> Duration {
        if self.started() { now.saturating_duration_since(self.turn_started) } else { Duration::ZERO }
    }

    fn connected(&self) -> [bool; 2] {
        Side::BOTH.map(|side| self.followers.iter().any(|f| f.side == Some(side)))
    }

    /// Notes since when each seat is away, and tells the followers if who is here changed.
    fn tell_presence(&mut self, before: [bool; 2]) {
        let connected = self.connected();
        for side in Side::BOTH {
            let away = &mut self.away_since[side.index()];
            match (connected[side.index()], *away) {
                (true, _) => *away = None,
                (false, None) => *away = Some(Instant::now()),
                (false, Some(_)) => {}
            }
        }
        if connected != before {
            self.tell(&Event::Presence { game: self.id.clone(), connected });
        }
    }

    fn tell(&self, event: &Event) {
        for follower in &self.followers {
            follower.outbox.send(event.clone());
        }
    }
}

#[cfg(test)]
mod tests {
    use std::path::Path;
    use std::sync::Arc;
    use std::thread::{self, JoinHandle};

    use super::*;
    use crate::protocol::GameSetup;
    use crate::server::outbox::Inbox;
    use crate::store::{CommitGate, Lookup, SharedStore, Store};

    /// A classic game under way, its store's commits at a gate, followed by South's player and
    /// a watcher (their inboxes).
    fn under_way() -> (Room, Arc<SharedStore>, CommitGate, [Inbox; 2]) {
        let setup = GameSetup { variant: "jetan".into(), ..GameSetup::default() };
        let referee = Referee::new(setup.clone()).unwrap();
        let game = StoredGame {
            setup,
            seats: [Some(secrets::digest("south")), Some(secrets::digest("north"))],
            invite: None,
            clocks: referee.clocks().clone(),
            ..StoredGame::waiting("game")
        };
        let store = Store::open(Path::new(":memory:")).unwrap();
        store.insert(&game).unwrap();
        let gate = CommitGate::on(&store);
        let mut room = Room::new(game, referee, Instant::now(), Duration::from_secs(60));
        let mut inboxes = [Some(Side::South), None].map(|side| {
            let (outbox, inbox) = Outbox::new();
            room.follow(&outbox, side);
            inbox
        });
        told(&mut inboxes);
        (room, Arc::new(SharedStore::new(store).unwrap()), gate, inboxes)
    }

    /// `side` plays on a thread of its own (a request's), which gives the room back.
    fn play(
        mut room: Room,
        store: &Arc<SharedStore>,
        side: Side,
        ply: u32,
        text: &'static str,
    ) -> JoinHandle<(Room, Result<(), Refusal>)> {
        let store = store.clone();
        thread::spawn(move || {
            let played = room.play(&store, side, ply, text, Instant::now());
            (room, played)
        })
    }

    /// The plies each follower heard of since last asked.
    fn told(inboxes: &mut [Inbox; 2]) -> [Vec<u32>; 2] {
        inboxes.each_mut().map(|inbox| {
            std::iter::from_fn(|| inbox.events.try_recv().ok())
                .filter_map(|event| if let Event::Played { ply, .. } = event { Some(ply) } else { None })
                .collect()
        })
    }

    /// What the followers hear of no ply.
    const NOTHING: [Vec<u32>; 2] = [Vec::new(), Vec::new()];

    #[test]
    fn no_one_hears_of_a_ply_before_its_commit_nor_ever_if_the_commit_fails() {
        let (room, store, gate, mut inboxes) = under_way();
        let playing = play(room, &store, Side::South, 0, "b2-b3");
        gate.reached();
        assert_eq!(told(&mut inboxes), NOTHING, "no one hears of a ply while its commit waits");
        gate.pass(true);
        let (room, played) = playing.join().unwrap();
        played.unwrap();
        assert_eq!(told(&mut inboxes), [[0], [0]]);

        let playing = play(room, &store, Side::North, 1, "e9-e8");
        gate.reached();
        gate.pass(false);
        let (room, played) = playing.join().unwrap();
        assert_eq!(played.unwrap_err().code, ErrorCode::Server, "the mover hears its commit failed");
        assert_eq!(told(&mut inboxes), NOTHING, "no one hears of a ply that was not kept");

        let playing = play(room, &store, Side::North, 1, "e9-e8");
        gate.reached();
        gate.pass(true);
        playing.join().unwrap().1.expect("the ply refused is played again");
        assert_eq!(told(&mut inboxes), [[1], [1]]);
        drop(gate);
        let kept = store.with(|store| store.find(&Lookup::Id("game".into()))).unwrap().unwrap();
        assert_eq!(kept.moves.len(), 2);
    }
}
