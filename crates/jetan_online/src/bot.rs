//! `jetan online-bot`: the AI plays a seat over the network, as a person's opponent or for
//! tests. For a Charge the AI's answer is the whole turn: each of its plies is sent in order.

use std::sync::atomic::AtomicBool;
use std::time::Duration;

use clap::Args;
use jetan_ai::{Level, Player};
use jetan_rules::Side;

use crate::client::{ClientCommand, ClientEvent, OnlineClient};
use crate::protocol::{Event, Request};
use crate::replica::Replica;
use crate::secrets;

/// How often the bot looks for news while it waits.
const POLL: Duration = Duration::from_millis(200);

/// The seat the bot takes and how it plays.
#[derive(Args, Clone, Debug)]
pub struct BotArgs {
    /// The server's address.
    #[arg(long, value_name = "ADDR", default_value = "127.0.0.1:7878")]
    pub server: String,
    /// The invite code of the game to join.
    #[arg(long, value_name = "CODE", value_parser = invite_code)]
    pub join: String,
    /// The AI: random, greedy, or a search level 1 to 5.
    #[arg(long, default_value = "3")]
    pub level: Level,
    /// Milliseconds to think a turn, instead of the level's time (or the clock's share).
    #[arg(long, value_name = "MS")]
    pub movetime: Option<u64>,
    /// Positions to visit a turn, in place of any time.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..))]
    pub nodes: Option<u64>,
    /// The seed of the AI's random choices.
    #[arg(long, default_value_t = 0)]
    pub seed: u64,
}

/// An invite code as typed, refused at the command line if it can't be one.
fn invite_code(text: &str) -> Result<String, String> {
    secrets::check_code(text).map(|()| text.to_string())
}

/// Joins the game and plays it to its end, then says how it ended.
///
/// # Errors
/// The invite is refused, or the game's plies don't fit the rules this bot knows.
pub fn run(args: &BotArgs) -> Result<(), String> {
    let client = OnlineClient::connect(&args.server, Request::Join { invite: args.join.clone() });
    let mut player = Player::new(args.level, args.seed).with_nodes(args.nodes);
    let movetime = args.movetime.map(Duration::from_millis);
    let game = play_seat(&client, |game, side| ai_turn(&mut player, game, side, movetime))?;
    println!("{}", game.outcome().map_or("the game is over", |ending| ending.text.as_str()));
    Ok(())
}

/// The plies `player` plays in its turn (every one of a Charge); `movetime` replaces the
/// level's time, else a timed game's clock gives it.
pub fn ai_turn(player: &mut Player, game: &Replica, side: Side, movetime: Option<Duration>) -> Vec<ClientCommand> {
    let time = movetime.or_else(|| game.clocks().thinking_time(side));
    let turn = player.choose(game.position(), time, &AtomicBool::new(false)).turn;
    let mut position = game.position().clone();
    (game.next_ply()..)
        .zip(turn)
        .map(|(ply, mv)| {
            let text = position.move_text(mv);
            position.play(mv);
            ClientCommand::Play { ply, text }
        })
        .collect()
}

/// Plays the seat `client` takes until the game ends: at each of its turns, sends what `turn`
/// says to (the turn's plies, or a resignation). Returns the game as it ended.
///
/// # Errors
/// The server refuses the seat, or the game's plies don't fit the rules this client knows.
pub fn play_seat(
    client: &OnlineClient,
    mut turn: impl FnMut(&Replica, Side) -> Vec<ClientCommand>,
) -> Result<Replica, String> {
    let mut side: Option<Side> = None;
    let mut replica: Option<Replica> = None;
    // What was sent for this turn reaches this ply: decide again only past it.
    let mut sent_up_to = 0;
    loop {
        match client.recv_timeout(POLL) {
            Some(ClientEvent::Server(Event::Seated(seat))) => side = Some(seat.side),
            Some(ClientEvent::Server(Event::Error(refusal))) => match side {
                None => return Err(format!("the server refused the seat: {}", refusal.message)),
                Some(_) => sent_up_to = 0,
            },
            Some(ClientEvent::Server(event)) => match (&mut replica, &event) {
                (None, Event::State(state)) => replica = Some(Replica::new(state)?),
                (Some(replica), event) => replica.update(event)?,
                (None, _) => {}
            },
            Some(ClientEvent::Connected) => sent_up_to = 0,
            Some(ClientEvent::Disconnected { .. }) | None => {}
        }
        let (Some(side), Some(game)) = (side, &replica) else { continue };
        if game.outcome().is_some() {
            return Ok(game.clone());
        }
        if game.to_play(side) && game.next_ply() >= sent_up_to {
            let commands = turn(game, side);
            let plies = commands.iter().filter(|command| matches!(command, ClientCommand::Play { .. })).count();
            sent_up_to = game.next_ply() + plies.max(1) as u32;
            for command in commands {
                client.send(command);
            }
        }
    }
}
