//! Who plays each side: a person at the mouse, the AI at a level or a person on another
//! computer ([`Seat`]), for both sides ([`Seats`]): what a game, the settings and a record each
//! say of the players.

use std::fmt;
use std::str::FromStr;

use jetan_ai::Level;
use jetan_rules::Side;
use serde::{Deserialize, Serialize};

/// Who plays a side: a person at the mouse, the AI at a level, or a person on another computer.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub enum Seat {
    /// A person, by clicking.
    Human,
    /// The AI at this level.
    Ai(Level),
    /// A person on another computer, whose moves come through the online server.
    Online,
}

impl Seat {
    /// Every seat a new game offers, in menu order: human, then the AI's levels (an online seat
    /// comes with a game played online).
    pub fn all() -> Vec<Seat> {
        std::iter::once(Seat::Human).chain(Level::all().into_iter().map(Seat::Ai)).collect()
    }

    /// What a player reads for it: "Human", "AI level 3", "AI (random moves)".
    pub fn name(self) -> String {
        match self {
            Seat::Human => "Human".into(),
            Seat::Ai(Level::Search(level)) => format!("AI level {level}"),
            Seat::Ai(Level::Random) => "AI (random moves)".into(),
            Seat::Ai(Level::Greedy) => "AI (greedy)".into(),
            Seat::Ai(Level::GreedyPlusOne) => "AI (greedy, sees replies)".into(),
            Seat::Online => "Online".into(),
        }
    }
}

impl fmt::Display for Seat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Seat::Human => write!(f, "human"),
            Seat::Ai(level) => write!(f, "{level}"),
            Seat::Online => write!(f, "online"),
        }
    }
}

impl FromStr for Seat {
    type Err = String;

    fn from_str(text: &str) -> Result<Seat, String> {
        match text.trim() {
            "human" => Ok(Seat::Human),
            "online" => Ok(Seat::Online),
            level => level.parse().map(Seat::Ai).map_err(|e: jetan_ai::LevelError| format!("{e}, human or online")),
        }
    }
}

impl TryFrom<String> for Seat {
    type Error = String;

    fn try_from(text: String) -> Result<Seat, String> {
        text.parse()
    }
}

impl From<Seat> for String {
    fn from(seat: Seat) -> String {
        seat.to_string()
    }
}

/// Who plays each side; indexed by [`Side`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Seats {
    /// The first player (rank 1).
    pub south: Seat,
    /// The second player.
    pub north: Seat,
}

impl Seats {
    /// People at both sides.
    pub const HUMANS: Seats = Seats { south: Seat::Human, north: Seat::Human };

    /// Whether a person plays either side.
    pub fn any_human(&self) -> bool {
        self.south == Seat::Human || self.north == Seat::Human
    }

    /// Whether the game is played online (a side's moves come through the server): its moves
    /// can't be taken back, and it ends on the server's word.
    pub fn online(&self) -> bool {
        self.south == Seat::Online || self.north == Seat::Online
    }
}

impl std::ops::Index<Side> for Seats {
    type Output = Seat;

    fn index(&self, side: Side) -> &Seat {
        match side {
            Side::South => &self.south,
            Side::North => &self.north,
        }
    }
}

impl std::ops::IndexMut<Side> for Seats {
    fn index_mut(&mut self, side: Side) -> &mut Seat {
        match side {
            Side::South => &mut self.south,
            Side::North => &mut self.north,
        }
    }
}
