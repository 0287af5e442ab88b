//! The lobby of a public server, as a player sees it: the name the server knows them by and
//! their ratings, the open games (seeks) to accept, the games under way to watch, and a
//! variant's leaderboard, as the server last said them. The lists aren't pushed: they are asked
//! for again every few seconds while the player is in the lobby.

use jetan_online::client::ClientCommand;
use jetan_online::protocol::{Event, LiveGame, RatingChange, SeekInfo, Standing};

/// How often the lists are asked for again, in seconds.
pub const POLL_SECONDS: f32 = 3.0;
/// How many of a leaderboard's best players are shown.
pub const LEADERS: u32 = 10;

/// What the server last said of its lobby.
#[derive(Clone, Debug, Default)]
pub struct Lobby {
    /// The name the server knows the player by, once it has said so.
    pub name: Option<String>,
    /// The player's ratings, by variant.
    pub ratings: Vec<Standing>,
    /// The open seeks, oldest first.
    pub seeks: Vec<SeekInfo>,
    /// The public games under way.
    pub live: Vec<LiveGame>,
    /// The variant whose leaderboard is shown, and its best players.
    pub leaderboard: (String, Vec<Standing>),
    /// Seconds since the lists were last asked for.
    since_asked: f32,
}

impl Lobby {
    /// A lobby whose lists are asked for at once, with `variant`'s leaderboard.
    pub fn new(variant: &str) -> Lobby {
        Lobby { leaderboard: (variant.to_string(), Vec::new()), since_asked: POLL_SECONDS, ..Lobby::default() }
    }

    /// Takes in one of the lobby's events; whether it was one.
    pub fn take_in(&mut self, event: &Event) -> bool {
        match event {
            Event::Identified { name, ratings } => (self.name, self.ratings) = (Some(name.clone()), ratings.clone()),
            Event::Seeks { seeks } => self.seeks = seeks.clone(),
            Event::LiveGames { games } => self.live = games.clone(),
            Event::Leaderboard { variant, players } if *variant == self.leaderboard.0 => {
                self.leaderboard.1 = players.clone();
            }
            Event::Leaderboard { .. } => {}
            _ => return false,
        }
        true
    }

    /// The player's rating in `variant` (1500 before any rated game).
    pub fn rating(&self, variant: &str) -> i32 {
        self.ratings.iter().find(|standing| standing.variant == variant).map_or(1500, |standing| standing.rating)
    }

    /// What to ask the server, `seconds` later: the lists, when it is time.
    pub fn poll(&mut self, seconds: f32) -> Vec<ClientCommand> {
        self.since_asked += seconds;
        if self.since_asked < POLL_SECONDS {
            return Vec::new();
        }
        self.since_asked = 0.0;
        let leaderboard = ClientCommand::Leaderboard { variant: self.leaderboard.0.clone(), top: LEADERS };
        vec![ClientCommand::Seeks { variant: None }, ClientCommand::LiveGames, leaderboard]
    }

    /// Shows `variant`'s leaderboard from now on (asked for at once).
    pub fn show_leaderboard(&mut self, variant: &str) {
        if self.leaderboard.0 != variant {
            self.leaderboard = (variant.to_string(), Vec::new());
            self.since_asked = POLL_SECONDS;
        }
    }
}

/// What a rated game's end did to both players' ratings, for the player to read.
pub fn ratings_changed(ratings: &[RatingChange; 2]) -> String {
    let one = |change: &RatingChange| format!("{} {} ({:+})", change.name, change.rating, change.change);
    format!("Ratings: {}, {}.", one(&ratings[0]), one(&ratings[1]))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_lists_are_asked_for_at_once_then_every_few_seconds() {
        let mut lobby = Lobby::new("jetan");
        assert_eq!(lobby.poll(0.0).len(), 3, "at once");
        assert!(lobby.poll(1.0).is_empty());
        assert_eq!(lobby.poll(POLL_SECONDS).len(), 3);
        lobby.show_leaderboard("jetan_sarang");
        assert!(matches!(&lobby.poll(0.0)[2], ClientCommand::Leaderboard { variant, .. } if variant == "jetan_sarang"));
        let standing =
            Standing { name: "Tara".into(), variant: "jetan".into(), rating: 1662, deviation: 290, games: 1 };
        assert!(lobby.take_in(&Event::Identified { name: "Tara".into(), ratings: vec![standing] }));
        assert_eq!((lobby.rating("jetan"), lobby.rating("jetan_sarang")), (1662, 1500));
    }
}
