//! The messages of the online protocol: JSON text frames over a WebSocket, each a [`Request`]
//! from a client or an [`Event`] from the server (`docs/online.md` describes them for other
//! clients).

use jetan_rules::Side;
use serde::{Deserialize, Serialize};
use tokio_tungstenite::tungstenite::protocol::WebSocketConfig;

use crate::time_control::{Clocks, TimeControl};

/// The protocol's version: a client says which it speaks in [`Request::Hello`].
pub const PROTOCOL_VERSION: u32 = 1;

/// The largest message either side sends or accepts, in bytes.
pub const MAX_MESSAGE_BYTES: usize = 16 * 1024;

/// The most entries a list (seeks, live games, a leaderboard) holds, so that it fits in a
/// message.
pub const MOST_LISTED: usize = 50;

/// What a client asks of the server.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Request {
    /// The first message of every connection: the protocol version the client speaks.
    Hello {
        /// [`PROTOCOL_VERSION`] when the client was built.
        version: u32,
    },
    /// A new game, with the asker in one seat.
    Create {
        /// The variant, its rule options and its time control.
        setup: GameSetup,
        /// The asker's side.
        side: Side,
    },
    /// Takes the free seat of the game an invite code was made for.
    Join {
        /// The invite code, as the game's creator passed it on.
        invite: String,
    },
    /// Follows a game without playing: its moves, from `from_ply` on.
    Watch {
        /// The game's watch code.
        watch: String,
        /// The first ply wanted (0 for the whole game).
        #[serde(default)]
        from_ply: u32,
    },
    /// Takes a seat again after a dropped connection, with the moves from `from_ply` on.
    Resume {
        /// The game's id.
        game: String,
        /// The seat's token.
        token: String,
        /// The first ply wanted: how many the client has already.
        #[serde(default)]
        from_ply: u32,
    },
    /// Plays one ply (a Charge is several plies of the same side, each its own `Move`).
    Move {
        /// The game's id.
        game: String,
        /// The seat's token.
        token: String,
        /// The ply's number from 0: how many plies the game has before it.
        ply: u32,
        /// The move in the game's notation (`A b2-b3`, `charge`, `end`).
        text: String,
    },
    /// Gives the game up.
    Resign {
        /// The game's id.
        game: String,
        /// The seat's token.
        token: String,
    },
    /// Offers a draw, or accepts the opponent's offer.
    OfferDraw {
        /// The game's id.
        game: String,
        /// The seat's token.
        token: String,
    },
    /// Says who the player is (once a connection): a name, and the key that holds it.
    Identify {
        /// The player's name (`identity::check_name`).
        name: String,
        /// The player's key (`secrets::player_key`), kept by the client.
        key: String,
    },
    /// An open game others may accept (a public server only): the asker is seated at once,
    /// its side drawn at random, and the game starts when someone accepts.
    Seek {
        /// The shipped variant's id (its default options).
        variant: String,
        /// The clocks.
        #[serde(default)]
        time_control: TimeControl,
        /// Whether the game changes both players' ratings.
        #[serde(default)]
        rated: bool,
    },
    /// The open seeks, oldest first (a public server only).
    Seeks {
        /// Only this variant's, if given.
        #[serde(default)]
        variant: Option<String>,
    },
    /// Takes the free seat of a seek (a public server only).
    AcceptSeek {
        /// The seek's id (its game's).
        seek: String,
    },
    /// Withdraws one's own seek (a public server only): its game ends without a winner.
    CancelSeek {
        /// The seek's id.
        seek: String,
    },
    /// The public games being played (a public server only).
    LiveGames,
    /// Follows a public game by its id, without playing (a public server only).
    WatchGame {
        /// The game's id.
        game: String,
        /// The first ply wanted (0 for the whole game).
        #[serde(default)]
        from_ply: u32,
    },
    /// The best rated players of a variant.
    Leaderboard {
        /// The variant's id.
        variant: String,
        /// How many, at most [`MOST_LISTED`].
        #[serde(default = "most_listed")]
        top: u32,
    },
}

/// A leaderboard's length when none is asked for.
fn most_listed() -> u32 {
    MOST_LISTED as u32
}

/// What a game is played with: a shipped variant, rule options and clocks.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct GameSetup {
    /// The shipped variant's id: `jetan`, `jetan_sarang`, `jetan_jeddara` or `jetan_malagor`.
    pub variant: String,
    /// Rule options as (option, choice) id pairs; `south:option` or `north:option` for one
    /// side's choice where the variant allows it.
    #[serde(default)]
    pub choices: Vec<(String, String)>,
    /// The clocks.
    #[serde(default)]
    pub time_control: TimeControl,
}

/// What the server tells a client.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Event {
    /// The answer to [`Request::Hello`].
    Welcome {
        /// The version the server speaks.
        version: u32,
    },
    /// The asker holds a seat: after [`Request::Create`], [`Request::Join`] or
    /// [`Request::Resume`].
    Seated(HeldSeat),
    /// The game as it stands, with its moves from `from_ply` on: after a seat is taken, a game
    /// watched or resumed, and to every follower when the second player joins (it starts).
    State(GameState),
    /// A ply was played and stored (the mover's acknowledgment too).
    Played {
        /// The game's id.
        game: String,
        /// The ply's number from 0.
        ply: u32,
        /// The side that played it.
        side: Side,
        /// The move, in the game's notation as the server writes it.
        text: String,
        /// The clocks after the ply.
        clocks: Clocks,
        /// The side to play next (the same side within a Charge).
        to_move: Side,
    },
    /// The game is over.
    Ended {
        /// The game's id.
        game: String,
        /// How it ended.
        outcome: Ending,
        /// A rated game's new ratings, South's and North's (none for an unrated game).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        ratings: Option<[RatingChange; 2]>,
    },
    /// Which seats have a connected player.
    Presence {
        /// The game's id.
        game: String,
        /// South's and North's.
        connected: [bool; 2],
    },
    /// A side offers a draw: the other accepts with [`Request::OfferDraw`]; a move declines.
    DrawOffered {
        /// The game's id.
        game: String,
        /// The side offering.
        side: Side,
    },
    /// A request was refused and changed nothing.
    Error(Refusal),
    /// The answer to [`Request::Identify`]: the name as the server binds it, and its ratings.
    Identified {
        /// The name, as first bound.
        name: String,
        /// The player's rating in each variant it played rated games of.
        ratings: Vec<Standing>,
    },
    /// The answer to [`Request::Seeks`].
    Seeks {
        /// The open seeks, oldest first, at most [`MOST_LISTED`].
        seeks: Vec<SeekInfo>,
    },
    /// The answer to [`Request::LiveGames`].
    LiveGames {
        /// The public games under way, at most [`MOST_LISTED`].
        games: Vec<LiveGame>,
    },
    /// The answer to [`Request::Leaderboard`].
    Leaderboard {
        /// The variant.
        variant: String,
        /// Its best players, best first.
        players: Vec<Standing>,
    },
}

/// An open seek, as listed.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SeekInfo {
    /// The seek's id (its game's): what [`Request::AcceptSeek`] names.
    pub seek: String,
    /// Who seeks.
    pub player: String,
    /// The seeker's rating in the variant (1500 before any rated game), when it sought.
    pub rating: i32,
    /// The variant's id.
    pub variant: String,
    /// The clocks.
    pub time_control: TimeControl,
    /// Whether the game is rated.
    pub rated: bool,
}

/// A public game under way, as listed.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct LiveGame {
    /// The game's id: what [`Request::WatchGame`] names.
    pub game: String,
    /// The variant's id.
    pub variant: String,
    /// South's and North's names.
    pub players: [String; 2],
    /// The plies played.
    pub plies: u32,
    /// The clocks.
    pub time_control: TimeControl,
    /// Whether the game is rated.
    pub rated: bool,
}

/// A player's rating in a variant, rounded.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Standing {
    /// The player's name.
    pub name: String,
    /// The variant's id.
    pub variant: String,
    /// The Glicko-2 rating.
    pub rating: i32,
    /// Its deviation: how unsure it is (350 at first; a rating is provisional while it is
    /// high).
    pub deviation: i32,
    /// The rated games played.
    pub games: u32,
}

/// A player's rating after a rated game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RatingChange {
    /// The player's name.
    pub name: String,
    /// The rating after the game, rounded.
    pub rating: i32,
    /// How much the game changed it.
    pub change: i32,
}

/// A seat held: the secret that moves for it, and the codes to pass on.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct HeldSeat {
    /// The game's id.
    pub game: String,
    /// The seat's side.
    pub side: Side,
    /// The seat's token: the only way to move for it. Keep it secret.
    pub token: String,
    /// The code the opponent joins with (to the creator only; used once).
    pub invite: Option<String>,
    /// The code anyone may watch the game with (to the creator only).
    pub watch: Option<String>,
}

/// A game as it stands.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct GameState {
    /// The game's id.
    pub game: String,
    /// Its variant, options and time control.
    pub setup: GameSetup,
    /// The ply the first entry of `moves` was played at.
    pub from_ply: u32,
    /// The moves from `from_ply` on, one ply each, in notation.
    pub moves: Vec<String>,
    /// The clocks now (the side to move's running).
    pub clocks: Clocks,
    /// The side to play.
    pub to_move: Side,
    /// How it ended, if it has.
    pub outcome: Option<Ending>,
    /// Whether both seats are taken (moves wait for it).
    pub started: bool,
    /// Which seats have a connected player, South's and North's.
    pub connected: [bool; 2],
}

/// How a game ended.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Ending {
    /// The winner; none for a draw.
    pub winner: Option<Side>,
    /// What happened, for players: "Black wins: reached the Princess".
    pub text: String,
}

/// Why a request was refused.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, thiserror::Error)]
#[error("{code:?}: {message}")]
pub struct Refusal {
    /// What kind of problem, for programs.
    pub code: ErrorCode,
    /// What is wrong, for people.
    pub message: String,
}

/// The kinds of refusal.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ErrorCode {
    /// Not JSON, or not a request.
    Malformed,
    /// Over [`MAX_MESSAGE_BYTES`].
    TooLarge,
    /// A request before [`Request::Hello`].
    HelloFirst,
    /// A protocol version the server does not speak.
    Version,
    /// No shipped variant has this id.
    UnknownVariant,
    /// A rule option or choice the variant does not have, or a time control out of range.
    BadSetup,
    /// No game has this id or code.
    UnknownGame,
    /// The invite code's seat is taken.
    InviteUsed,
    /// The token is not a seat's of this game.
    BadToken,
    /// The game waits for its second player.
    NotStarted,
    /// It is the other side's turn.
    NotYourTurn,
    /// The ply number is not the game's next (a replayed or skipped move).
    WrongPly,
    /// The move is not legal, or not a move.
    IllegalMove,
    /// The game is over.
    GameOver,
    /// Too many messages too fast, from the connection or from its address.
    RateLimited,
    /// No more games may be created now: by this address this hour, or on the server.
    TooManyGames,
    /// This side's draw offer already stands: a side offers once until a move is made.
    AlreadyOffered,
    /// The server failed (its storage): nothing changed; try again.
    Server,
    /// Not a name a player may have.
    BadName,
    /// Not a key a player may have.
    BadKey,
    /// Another key holds this name.
    NameTaken,
    /// The request needs a player: send [`Request::Identify`] first.
    NotIdentified,
    /// The connection already said who its player is.
    AlreadyIdentified,
    /// The server doesn't list seeks and games (it runs without `--public`).
    NotPublic,
    /// A player can't accept its own seek.
    OwnSeek,
}

impl Refusal {
    /// A refusal of this kind, saying what is wrong.
    pub fn new(code: ErrorCode, message: impl Into<String>) -> Refusal {
        Refusal { code, message: message.into() }
    }
}

impl Request {
    /// Reads a request from a text frame.
    ///
    /// # Errors
    /// The text is longer than [`MAX_MESSAGE_BYTES`], or not a request.
    pub fn decode(text: &str) -> Result<Request, Refusal> {
        if text.len() > MAX_MESSAGE_BYTES {
            return Err(Refusal::new(
                ErrorCode::TooLarge,
                format!("{} bytes: at most {MAX_MESSAGE_BYTES}", text.len()),
            ));
        }
        serde_json::from_str(text).map_err(|error| Refusal::new(ErrorCode::Malformed, error.to_string()))
    }
}

/// A message as a text frame (or any of the protocol's values as JSON).
pub fn encode(message: &impl Serialize) -> String {
    serde_json::to_string(message).expect("the protocol's values are plain data")
}

/// The most bytes waiting to be written to one connection (past them, writing fails and the
/// connection closes: its reader is not reading).
pub const MAX_WRITE_BUFFER_BYTES: usize = 4 * MAX_MESSAGE_BYTES;

/// The bytes read from a connection at a time: small, since messages are.
pub const READ_BUFFER_BYTES: usize = 4 * 1024;

/// The WebSocket limits both ends use: no frame or message over [`MAX_MESSAGE_BYTES`], at most
/// [`MAX_WRITE_BUFFER_BYTES`] waiting to be written (an answer to a ping included: the library
/// keeps one), messages written at once rather than gathered, a small read buffer.
pub fn websocket_config() -> WebSocketConfig {
    WebSocketConfig::default()
        .max_message_size(Some(MAX_MESSAGE_BYTES))
        .max_frame_size(Some(MAX_MESSAGE_BYTES))
        .read_buffer_size(READ_BUFFER_BYTES)
        .write_buffer_size(0)
        .max_write_buffer_size(MAX_WRITE_BUFFER_BYTES)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn requests_read_back_as_written() {
        let request = Request::Move { game: "g".into(), token: "t".into(), ply: 3, text: "A b2-b3".into() };
        assert_eq!(Request::decode(&encode(&request)), Ok(request));
        let text = r#"{"type":"create","setup":{"variant":"jetan"},"side":"South"}"#;
        let Ok(Request::Create { setup, side: Side::South }) = Request::decode(text) else { panic!("{text}") };
        assert_eq!(setup.time_control, TimeControl::Untimed);
    }

    #[test]
    fn the_longest_lists_fit_in_a_message() {
        let (name, id) = ("N".repeat(crate::identity::LONGEST_NAME), "G".repeat(13));
        let control = TimeControl::Fischer { minutes: 600, increment: 600 };
        let seek = SeekInfo {
            seek: id.clone(),
            player: name.clone(),
            rating: -10_000,
            variant: "jetan_jeddara".into(),
            time_control: control,
            rated: false,
        };
        let live = LiveGame {
            game: id,
            variant: "jetan_jeddara".into(),
            players: [name.clone(), name.clone()],
            plies: u32::MAX,
            time_control: control,
            rated: false,
        };
        let standing =
            Standing { name, variant: "jetan_jeddara".into(), rating: -10_000, deviation: 350, games: u32::MAX };
        let lists = [
            encode(&Event::Seeks { seeks: vec![seek; MOST_LISTED] }),
            encode(&Event::LiveGames { games: vec![live; MOST_LISTED] }),
            encode(&Event::Leaderboard { variant: "jetan_jeddara".into(), players: vec![standing; MOST_LISTED] }),
        ];
        for list in lists {
            assert!(list.len() < MAX_MESSAGE_BYTES, "{} bytes", list.len());
        }
    }

    #[test]
    fn bad_frames_are_named() {
        assert_eq!(Request::decode("{").unwrap_err().code, ErrorCode::Malformed);
        assert_eq!(Request::decode(r#"{"type":"fly"}"#).unwrap_err().code, ErrorCode::Malformed);
        assert_eq!(Request::decode(&" ".repeat(MAX_MESSAGE_BYTES + 1)).unwrap_err().code, ErrorCode::TooLarge);
    }
}
