//! `jetan-online leaderboard`: asks a server for a variant's best rated players and prints
//! them, one a line, through the client the game uses.

use std::time::{Duration, Instant};

use clap::Args;

use crate::client::{ClientCommand, ClientEvent, OnlineClient};
use crate::protocol::{Event, MOST_LISTED, Standing};

/// The longest the answer is waited for.
const PATIENCE: Duration = Duration::from_secs(10);

/// Which server and variant.
#[derive(Args, Clone, Debug)]
pub struct LeaderboardArgs {
    /// The server's address.
    #[arg(long, value_name = "ADDR", default_value = "127.0.0.1:7878")]
    pub server: String,
    /// The variant's id.
    #[arg(long, default_value = "jetan")]
    pub variant: String,
    /// How many players (at most 50).
    #[arg(long, value_name = "N", default_value_t = 10)]
    pub top: u32,
}

/// Asks for the leaderboard and prints it.
///
/// # Errors
/// The server refused, or did not answer in time.
pub fn run(args: &LeaderboardArgs) -> Result<(), String> {
    let players = fetch(&args.server, &args.variant, args.top)?;
    if players.is_empty() {
        println!("no rated game of {} yet", args.variant);
    }
    for line in lines(&players) {
        println!("{line}");
    }
    Ok(())
}

/// The `top` best players of `variant` on the server at `address`.
///
/// # Errors
/// The server refused, or did not answer in time.
pub fn fetch(address: &str, variant: &str, top: u32) -> Result<Vec<Standing>, String> {
    let client = OnlineClient::lobby(address, None);
    client.send(ClientCommand::Leaderboard { variant: variant.to_string(), top: top.min(MOST_LISTED as u32) });
    let deadline = Instant::now() + PATIENCE;
    // Bounded by the deadline.
    while let Some(wait) = deadline.checked_duration_since(Instant::now()) {
        match client.recv_timeout(wait) {
            Some(ClientEvent::Server(Event::Leaderboard { players, .. })) => return Ok(players),
            Some(ClientEvent::Server(Event::Error(refusal))) => return Err(refusal.message),
            Some(_) => {}
            None => break,
        }
    }
    Err(format!("{address} did not answer within {PATIENCE:?}"))
}

/// The standings as lines: rank, name, rating ± deviation, games.
pub fn lines(players: &[Standing]) -> Vec<String> {
    (1..)
        .zip(players)
        .map(|(rank, p)| format!("{rank:>3}. {:<24} {:>5} ±{:<3} {} games", p.name, p.rating, p.deviation, p.games))
        .collect()
}
