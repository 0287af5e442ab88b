//! The requests of a public server (`--public`): seeking a game, listing, accepting and
//! withdrawing seeks, listing the live games and watching one by its id. Seeking and
//! accepting need an identified player; without `--public` each is `not_public`.

use std::time::Instant;

use super::{Hub, Session, SharedRoom};
use crate::lock;
use crate::protocol::{ErrorCode, Event, GameSetup, Refusal, SeekInfo};
use crate::server::limits::MOST_SEEKS;
use crate::store::Lookup;
use crate::{identity::name_key, secrets};
use jetan_rules::Side;

impl Hub {
    /// Opens a game of `setup` others may accept, the asker seated on a side drawn at random.
    pub(super) fn seek(
        &self,
        session: &mut Session,
        setup: GameSetup,
        rated: bool,
        now: Instant,
    ) -> Result<(), Refusal> {
        let player = self.player(session)?;
        if lock(&self.lobby).seeks_of(&player) >= MOST_SEEKS {
            let limit = format!("at most {MOST_SEEKS} open seeks a player: accept one, or cancel one of yours");
            return Err(Refusal::new(ErrorCode::TooManyGames, limit));
        }
        let side = if secrets::coin()? { Side::South } else { Side::North };
        let (variant, time_control) = (setup.variant.clone(), setup.time_control);
        let rating = {
            let (player, variant) = (player.clone(), variant.clone());
            self.store.with(move |store| store.rating(&player, &variant))?
        };
        let (room, seat) = self.open_game(session, setup, side, Some(rated), now)?;
        let seek = seat.game.clone();
        let info =
            SeekInfo { seek: seek.clone(), player, rating: rating.rating.round() as i32, variant, time_control, rated };
        lock(&self.lobby).add_seek(info);
        session.seeks.push(seek);
        Self::seat(session, &room, seat, 0, now);
        Ok(())
    }

    /// Tells the session the open seeks (of `variant` only, if given).
    pub(super) fn list_seeks(&self, session: &Session, variant: Option<&str>) -> Result<(), Refusal> {
        self.check_public()?;
        session.outbox.send(Event::Seeks { seeks: lock(&self.lobby).seeks(variant) });
        Ok(())
    }

    /// Seats the asker in the free seat of seek `id`: the game starts.
    pub(super) fn accept_seek(&self, session: &mut Session, id: &str, now: Instant) -> Result<(), Refusal> {
        let player = self.player(session)?;
        let seeker = lock(&self.lobby).seek(id).map(|seek| seek.player.clone());
        let seeker = seeker.ok_or_else(|| Refusal::new(ErrorCode::UnknownGame, "no open seek has this id"))?;
        if name_key(&seeker) == name_key(&player) {
            return Err(Refusal::new(ErrorCode::OwnSeek, "this seek is yours: wait for someone to accept it"));
        }
        let room = self.find(Lookup::Id(id.to_string()))?;
        let seat = lock(&room).take_seat(&self.store, now, Some(&player))?;
        lock(&self.lobby).start(id);
        Self::seat(session, &room, seat, 0, now);
        Ok(())
    }

    /// Withdraws the asker's seek `id`: its game ends without a winner.
    pub(super) fn cancel_seek(&self, session: &mut Session, id: &str, now: Instant) -> Result<(), Refusal> {
        let player = self.player(session)?;
        let seeker = lock(&self.lobby).seek(id).map(|seek| name_key(&seek.player));
        if seeker != Some(name_key(&player)) {
            return Err(Refusal::new(ErrorCode::UnknownGame, "you have no open seek with this id"));
        }
        self.withdraw(id, now)?;
        session.seeks.retain(|seek| seek != id);
        Ok(())
    }

    /// Ends seek `id`'s game if no one accepted it, and takes it out of the lobby.
    pub(super) fn withdraw(&self, id: &str, now: Instant) -> Result<(), Refusal> {
        let room = lock(&self.rooms).by_id.get(id).cloned();
        let room = room.ok_or_else(|| Refusal::new(ErrorCode::UnknownGame, "no open seek has this id"))?;
        let mut room = lock(&room);
        room.cancel(&self.store, now)?;
        lock(&self.lobby).remove(id);
        Ok(())
    }

    /// Tells the session the public games under way.
    pub(super) fn list_live(&self, session: &Session) -> Result<(), Refusal> {
        self.check_public()?;
        let ids = lock(&self.lobby).live();
        let rooms: Vec<SharedRoom> = {
            let rooms = lock(&self.rooms);
            ids.iter().filter_map(|id| rooms.by_id.get(id).cloned()).collect()
        };
        let games = rooms.iter().filter_map(|room| lock(room).live()).collect();
        session.outbox.send(Event::LiveGames { games });
        Ok(())
    }

    /// Makes the session a watcher of public game `id`, from `from_ply` on.
    pub(super) fn watch_game(
        &self,
        session: &mut Session,
        id: &str,
        from_ply: u32,
        now: Instant,
    ) -> Result<(), Refusal> {
        self.check_public()?;
        let room = self.find(Lookup::Id(id.to_string()))?;
        if !lock(&room).public() {
            return Err(Refusal::new(
                ErrorCode::UnknownGame,
                "no public game has this id: watch others with their watch code",
            ));
        }
        session.follow(&room, None);
        session.outbox.send(Event::State(lock(&room).state(from_ply, now)));
        Ok(())
    }

    /// The session's player, on a public server.
    fn player(&self, session: &Session) -> Result<String, Refusal> {
        self.check_public()?;
        let unknown = || Refusal::new(ErrorCode::NotIdentified, "say who you are (identify) first");
        session.player.clone().ok_or_else(unknown)
    }

    fn check_public(&self) -> Result<(), Refusal> {
        if self.public {
            return Ok(());
        }
        Err(Refusal::new(ErrorCode::NotPublic, "this server lists no seeks or games: it runs without --public"))
    }
}
