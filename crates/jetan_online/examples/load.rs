//! The load benchmark: N games at once on one server (in this process, its database in the
//! temporary folder), each played by two connections making random legal plies as fast as they
//! can, a new game when one ends. Prints moves per second and a move's round trip (sent to
//! echoed back, stored) at the median and the 99th percentile.
//!
//! `cargo run --release -p jetan_online --example load -- [--seconds S] N...`

use std::net::SocketAddr;
use std::time::{Duration, Instant};

use futures_util::{SinkExt, StreamExt};
use jetan_ai::{Rng, random_move};
use jetan_online::protocol::{Event, GameSetup, HeldSeat, PROTOCOL_VERSION, Request, encode};
use jetan_online::server::{Limits, ServeArgs, start};
use jetan_rules::{Position, Side};
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream, connect_async};

type Socket = WebSocketStream<MaybeTlsStream<TcpStream>>;

fn main() -> Result<(), String> {
    let mut seconds = 5;
    let mut counts = Vec::new();
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--seconds" => seconds = args.next().and_then(|s| s.parse().ok()).ok_or("--seconds takes a number")?,
            count => counts.push(count.parse::<usize>().map_err(|_| format!("`{count}` is not a number of games"))?),
        }
    }
    if counts.is_empty() {
        counts = vec![1, 10, 100];
    }
    println!("{:>6} {:>9} {:>9} {:>12} {:>12}", "games", "moves", "moves/s", "median ms", "p99 ms");
    for games in counts {
        let db = std::env::temp_dir().join(format!("jetan-online-load-{}-{games}.sqlite", std::process::id()));
        let server = start(&ServeArgs {
            // One address plays every game here: only the global limits apply.
            limits: Limits {
                rate: u32::MAX,
                max_per_address: usize::MAX,
                guess_rate: u32::MAX,
                games_per_hour: u32::MAX,
                ..Limits::default()
            },
            ..ServeArgs::new("127.0.0.1:0", db.clone())
        })?;
        let runtime = tokio::runtime::Runtime::new().map_err(|e| e.to_string())?;
        let until = Instant::now() + Duration::from_secs(seconds);
        let mut round_trips: Vec<Duration> = runtime.block_on(async {
            let tables: Vec<_> =
                (0..games).map(|seed| tokio::spawn(play_on(server.address, seed as u64, until))).collect();
            let mut all = Vec::new();
            for table in tables {
                all.extend(table.await.unwrap_or_default());
            }
            all
        });
        drop(server);
        for suffix in ["", "-wal", "-shm"] {
            let _ = std::fs::remove_file(format!("{}{suffix}", db.display()));
        }
        round_trips.sort();
        let at = |share: f64| round_trips.get(((round_trips.len() as f64 - 1.0) * share) as usize).copied();
        let ms = |d: Option<Duration>| d.map_or(f64::NAN, |d| d.as_secs_f64() * 1000.0);
        let moves = round_trips.len();
        println!(
            "{games:>6} {moves:>9} {:>9.0} {:>12.2} {:>12.2}",
            moves as f64 / seconds as f64,
            ms(at(0.5)),
            ms(at(0.99))
        );
    }
    Ok(())
}

/// Plays games on one table until `until`; returns each move's round trip.
async fn play_on(address: SocketAddr, seed: u64, until: Instant) -> Vec<Duration> {
    let mut rng = Rng::new(seed);
    let mut round_trips = Vec::new();
    let (Some(mut south), Some(mut north)) = (connect(address).await, connect(address).await) else {
        return round_trips;
    };
    while Instant::now() < until {
        let setup = GameSetup { variant: "jetan".into(), ..GameSetup::default() };
        send(&mut south, &Request::Create { setup: setup.clone(), side: Side::South }).await;
        let Some(created) = seated(&mut south).await else { break };
        send(&mut north, &Request::Join { invite: created.invite.clone().unwrap_or_default() }).await;
        let Some(joined) = seated(&mut north).await else { break };
        let Ok(variant) = setup.variant() else { break };
        let mut position = Position::start(variant);
        while position.outcome().is_none() && Instant::now() < until {
            let Some(mv) = random_move(&position, &mut rng) else { break };
            let side = position.to_move();
            let (mover, seat, other) = match side {
                Side::South => (&mut south, &created, &mut north),
                Side::North => (&mut north, &joined, &mut south),
            };
            let ply = position.ply();
            let request =
                Request::Move { game: seat.game.clone(), token: seat.token.clone(), ply, text: position.move_text(mv) };
            let sent = Instant::now();
            send(mover, &request).await;
            if !echoed(mover, ply).await || !echoed(other, ply).await {
                return round_trips;
            }
            round_trips.push(sent.elapsed());
            position.play(mv);
        }
    }
    round_trips
}

async fn connect(address: SocketAddr) -> Option<Socket> {
    let (mut socket, _) = connect_async(format!("ws://{address}/")).await.ok()?;
    send(&mut socket, &Request::Hello { version: PROTOCOL_VERSION }).await;
    Some(socket)
}

async fn send(socket: &mut Socket, request: &Request) {
    let _ = socket.send(Message::text(encode(request))).await;
}

/// The next event, skipping pings.
async fn next(socket: &mut Socket) -> Option<Event> {
    loop {
        match socket.next().await? {
            Ok(Message::Text(text)) => return serde_json::from_str(text.as_str()).ok(),
            Ok(_) => {}
            Err(_) => return None,
        }
    }
}

async fn seated(socket: &mut Socket) -> Option<HeldSeat> {
    loop {
        match next(socket).await? {
            Event::Seated(seat) => return Some(seat),
            Event::Error(_) => return None,
            _ => {}
        }
    }
}

/// Whether ply `ply`'s echo came (before an error or the end of the connection).
async fn echoed(socket: &mut Socket, ply: u32) -> bool {
    loop {
        match next(socket).await {
            Some(Event::Played { ply: told, .. }) if told == ply => return true,
            Some(Event::Error(_)) | None => return false,
            Some(_) => {}
        }
    }
}
