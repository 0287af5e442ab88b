//! The requests about players: `identify` (a name bound to the first key that uses it) and
//! `leaderboard`.

use std::time::Instant;

use super::{Hub, Session};
use crate::identity::check_name;
use crate::protocol::{ErrorCode, Event, GameSetup, Refusal};
use crate::secrets;

impl Hub {
    /// Binds the session to the player `name`, whose key is `key`; a new name is bound if the
    /// address may bind one more this hour.
    pub(super) fn identify(&self, session: &mut Session, name: &str, key: &str, now: Instant) -> Result<(), Refusal> {
        if let Some(player) = &session.player {
            let message = format!("this connection is {player}'s: connect again to be another player");
            return Err(Refusal::new(ErrorCode::AlreadyIdentified, message));
        }
        check_name(name)?;
        secrets::check_key(key)?;
        let (addresses, peer, most) = (self.addresses.clone(), session.peer, self.limits.names_per_hour);
        let may_bind = move || {
            if addresses.bind_name(peer, now) {
                return Ok(());
            }
            Err(Refusal::new(ErrorCode::RateLimited, format!("at most {most} new names an hour from one address")))
        };
        let (name, key) = (name.to_string(), secrets::digest(key));
        let (name, ratings) = self.store.with(move |store| store.identify(&name, &key, may_bind))?;
        session.player = Some(name.clone());
        session.outbox.send(Event::Identified { name, ratings });
        Ok(())
    }

    /// Tells the session the `top` best rated players of `variant`.
    pub(super) fn leaderboard(&self, session: &Session, variant: &str, top: u32) -> Result<(), Refusal> {
        GameSetup { variant: variant.to_string(), ..GameSetup::default() }.variant()?;
        let board = variant.to_string();
        let players = self.store.with(move |store| store.leaderboard(&board, top as usize))?;
        session.outbox.send(Event::Leaderboard { variant: variant.to_string(), players });
        Ok(())
    }
}
