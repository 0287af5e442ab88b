//! What the server lets one connection, one address and everyone together do: the limits a
//! server strangers share needs, each a flag of `jetan serve` with its default.

use std::time::Duration;

use clap::Args;

/// The messages a connection may send a second, unless told otherwise.
pub const DEFAULT_RATE: u32 = 20;
/// The most connections open at once, unless told otherwise.
pub const DEFAULT_MAX_CONNECTIONS: usize = 10_000;
/// The most connections open at once from one address, unless told otherwise.
pub const DEFAULT_MAX_PER_ADDRESS: usize = 32;
/// The requests naming a code or a token an address may make a second, unless told otherwise.
pub const DEFAULT_GUESS_RATE: u32 = 5;
/// The games an address may create an hour, unless told otherwise.
pub const DEFAULT_GAMES_PER_HOUR: u32 = 60;
/// The most games in memory at once, unless told otherwise.
pub const DEFAULT_MAX_GAMES: usize = 100_000;
/// How long a game waits for its second player before it expires, unless told otherwise.
pub const DEFAULT_WAITING_HOURS: u32 = 24;
/// The new names an address may bind an hour, unless told otherwise.
pub const DEFAULT_NAMES_PER_HOUR: u32 = 10;
/// How long a rated game's seat may be away before it loses, unless told otherwise.
pub const DEFAULT_ABANDON_SECONDS: u32 = 120;
/// The most open seeks one player may have at once.
pub const MOST_SEEKS: usize = 3;

/// The server's limits (`docs/online.md`, Limits, says what each is for).
#[derive(Args, Clone, Debug, PartialEq, Eq)]
pub struct Limits {
    /// The messages (frames of any kind) a connection may send a second, in bursts of up to
    /// twice as many.
    #[arg(long, value_name = "N", default_value_t = DEFAULT_RATE)]
    pub rate: u32,
    /// The most connections open at once: more are closed as they come.
    #[arg(long, value_name = "N", default_value_t = DEFAULT_MAX_CONNECTIONS)]
    pub max_connections: usize,
    /// The most connections open at once from one address (an IPv6 address's /64): more from it
    /// are closed as they come.
    #[arg(long, value_name = "N", default_value_t = DEFAULT_MAX_PER_ADDRESS)]
    pub max_per_address: usize,
    /// The requests naming an invite, a watch code or a token (`join`, `watch`, `resume`, and
    /// any refused for its token) one address may make a second, over all its connections,
    /// in bursts of up to twice as many.
    #[arg(long, value_name = "N", default_value_t = DEFAULT_GUESS_RATE)]
    pub guess_rate: u32,
    /// The games one address may create an hour (all at once, or spread out).
    #[arg(long, value_name = "N", default_value_t = DEFAULT_GAMES_PER_HOUR)]
    pub games_per_hour: u32,
    /// The most games in memory at once: past it, no game is created.
    #[arg(long, value_name = "N", default_value_t = DEFAULT_MAX_GAMES)]
    pub max_games: usize,
    /// The hours a game waits for its second player before it expires.
    #[arg(long, value_name = "HOURS", default_value_t = DEFAULT_WAITING_HOURS)]
    pub waiting_hours: u32,
    /// The new player names one address may bind an hour (a name already bound costs nothing).
    #[arg(long, value_name = "N", default_value_t = DEFAULT_NAMES_PER_HOUR)]
    pub names_per_hour: u32,
    /// The seconds a rated game's seat may have no connected player, while the other seat's
    /// player is there, before it loses the game.
    #[arg(long, value_name = "SECONDS", default_value_t = DEFAULT_ABANDON_SECONDS)]
    pub abandon_seconds: u32,
}

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            rate: DEFAULT_RATE,
            max_connections: DEFAULT_MAX_CONNECTIONS,
            max_per_address: DEFAULT_MAX_PER_ADDRESS,
            guess_rate: DEFAULT_GUESS_RATE,
            games_per_hour: DEFAULT_GAMES_PER_HOUR,
            max_games: DEFAULT_MAX_GAMES,
            waiting_hours: DEFAULT_WAITING_HOURS,
            names_per_hour: DEFAULT_NAMES_PER_HOUR,
            abandon_seconds: DEFAULT_ABANDON_SECONDS,
        }
    }
}

impl Limits {
    /// How long a game waits for its second player.
    pub fn waiting(&self) -> Duration {
        Duration::from_secs(u64::from(self.waiting_hours) * 3600)
    }

    /// How long a rated game's seat may be away.
    pub fn abandon(&self) -> Duration {
        Duration::from_secs(u64::from(self.abandon_seconds))
    }
}
