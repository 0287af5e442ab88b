//! What a public server lists: the open seeks, oldest first, and the public games under way,
//! in the order they started. An index only: each game's room says how it stands, and the
//! hub takes a game out when it starts or ends.

use std::collections::{BTreeMap, HashMap};

use crate::identity::name_key;
use crate::protocol::{MOST_LISTED, SeekInfo};

/// The open seeks and the live public games.
#[derive(Default)]
pub struct Lobby {
    next: u64,
    seeks: BTreeMap<u64, SeekInfo>,
    live: BTreeMap<u64, String>,
    /// Where each game is in `seeks` or `live`, by its id.
    places: HashMap<String, u64>,
}

impl Lobby {
    /// Lists a new seek, after the others.
    pub fn add_seek(&mut self, seek: SeekInfo) {
        let place = self.place(&seek.seek);
        self.seeks.insert(place, seek);
    }

    /// Lists a public game under way (one resumed at the server's start).
    pub fn add_live(&mut self, game: &str) {
        let place = self.place(game);
        self.live.insert(place, game.to_string());
    }

    /// The open seek of this id, if there is one.
    pub fn seek(&self, id: &str) -> Option<&SeekInfo> {
        self.places.get(id).and_then(|place| self.seeks.get(place))
    }

    /// How many open seeks the player called `name` has.
    pub fn seeks_of(&self, name: &str) -> usize {
        let key = name_key(name);
        self.seeks.values().filter(|seek| name_key(&seek.player) == key).count()
    }

    /// A seek was accepted: its game is live now.
    pub fn start(&mut self, id: &str) {
        if let Some(place) = self.places.get(id).copied()
            && self.seeks.remove(&place).is_some()
        {
            self.remove(id);
            self.add_live(id);
        }
    }

    /// Takes a game out of the lists (it ended, or its seek was withdrawn).
    pub fn remove(&mut self, id: &str) {
        if let Some(place) = self.places.remove(id) {
            self.seeks.remove(&place);
            self.live.remove(&place);
        }
    }

    /// The open seeks, oldest first (of `variant` only, if given), at most [`MOST_LISTED`].
    pub fn seeks(&self, variant: Option<&str>) -> Vec<SeekInfo> {
        let wanted = |seek: &&SeekInfo| variant.is_none_or(|variant| seek.variant == variant);
        self.seeks.values().filter(wanted).take(MOST_LISTED).cloned().collect()
    }

    /// The ids of the live games, in the order they started, at most [`MOST_LISTED`].
    pub fn live(&self) -> Vec<String> {
        self.live.values().take(MOST_LISTED).cloned().collect()
    }

    fn place(&mut self, id: &str) -> u64 {
        self.remove(id);
        self.next += 1;
        self.places.insert(id.to_string(), self.next);
        self.next
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::time_control::TimeControl;

    fn seek(id: &str, player: &str, variant: &str) -> SeekInfo {
        SeekInfo {
            seek: id.into(),
            player: player.into(),
            rating: 1500,
            variant: variant.into(),
            time_control: TimeControl::Untimed,
            rated: true,
        }
    }

    #[test]
    fn seeks_are_listed_oldest_first_until_they_start_or_go() {
        let mut lobby = Lobby::default();
        lobby.add_seek(seek("a", "Tara", "jetan"));
        lobby.add_seek(seek("b", "Gahan", "jetan_sarang"));
        lobby.add_seek(seek("c", "tara", "jetan"));
        let ids = |seeks: Vec<SeekInfo>| seeks.into_iter().map(|s| s.seek).collect::<Vec<_>>();
        assert_eq!(ids(lobby.seeks(None)), ["a", "b", "c"]);
        assert_eq!(ids(lobby.seeks(Some("jetan"))), ["a", "c"]);
        assert_eq!(lobby.seeks_of("TARA"), 2);
        lobby.start("a");
        lobby.remove("c");
        assert_eq!(ids(lobby.seeks(None)), ["b"]);
        assert_eq!(lobby.live(), ["a"]);
        assert!(lobby.seek("a").is_none());
        lobby.remove("a");
        assert!(lobby.live().is_empty());
    }
}
