//! A hostile client for a server on this computer, each attack bounded in count and time: it
//! prints what it got and the server's memory (VmRSS and VmHWM from `/proc/PID/status`) before
//! and after. Loopback only: it refuses any other address.
//!
//! `cargo run -p jetan_online --example hostile -- ADDR PID ATTACK [N]`, ATTACK one of:
//! - `pings SECONDS`: one connection sends pings (125 bytes each) and never reads;
//! - `idle N`: N connections say hello and wait, then all close; twice (is the memory reused?);
//! - `bare N`: N TCP connections that never shake hands, then one from 127.0.0.2;
//! - `creates SECONDS`: a connection after another creates games;
//! - `guesses SECONDS`: a connection after another tries a random invite.

use std::io::{ErrorKind, Read, Write};
use std::net::{IpAddr, SocketAddr, TcpStream};
use std::time::{Duration, Instant};

use jetan_online::protocol::{Event, GameSetup, PROTOCOL_VERSION, Request, encode};
use jetan_online::secrets;
use jetan_rules::Side;
use tokio_tungstenite::tungstenite::{Message, WebSocket};

/// The most connections or frames any attack makes.
const MOST: u64 = 2_000_000;

fn main() -> Result<(), String> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [address, pid, attack, rest @ ..] = args.as_slice() else {
        return Err("usage: hostile ADDR PID pings|idle|bare|creates|guesses [N]".into());
    };
    let address: SocketAddr = address.parse().map_err(|_| format!("`{address}` is not an address"))?;
    if !address.ip().is_loopback() {
        return Err("only a server on this computer (127.0.0.1) is attacked".into());
    }
    let n: u64 = rest.first().map_or(Ok(5), |n| n.parse()).map_err(|_| "N is a number")?;
    let memory = || memory(pid);
    println!("before: {}", memory());
    let result = match attack.as_str() {
        "pings" => pings(address, Duration::from_secs(n)),
        "idle" => idle(address, n, &memory),
        "bare" => bare(address, n),
        "creates" => repeated(address, Duration::from_secs(n), || Request::Create {
            setup: GameSetup { variant: "jetan".into(), ..GameSetup::default() },
            side: Side::South,
        }),
        "guesses" => repeated(address, Duration::from_secs(n), || Request::Join {
            invite: secrets::code().expect("a random code"),
        }),
        other => return Err(format!("no attack `{other}`")),
    };
    println!("{attack} {n}: {result}");
    println!("after: {}", memory());
    std::thread::sleep(Duration::from_secs(2));
    println!("2 s later: {}", memory());
    Ok(())
}

/// VmRSS and VmHWM of process `pid`.
fn memory(pid: &str) -> String {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap_or_default();
    let field = |name: &str| {
        status.lines().find_map(|line| line.strip_prefix(name)).map_or("?".to_string(), |v| v.trim().to_string())
    };
    format!("VmRSS {}, VmHWM {}", field("VmRSS:"), field("VmHWM:"))
}

/// One connection pinging as fast as it can without reading, for `time` at most.
fn pings(address: SocketAddr, time: Duration) -> String {
    let mut stream = handshaken(TcpStream::connect(address).expect("the server accepts"), address);
    stream.set_write_timeout(Some(Duration::from_millis(200))).expect("a write timeout");
    let mut frame = vec![0x89, 0x80 | 125, 0, 0, 0, 0];
    frame.extend([b'p'; 125]);
    let (begun, mut sent) = (Instant::now(), 0u64);
    while begun.elapsed() < time && sent < MOST {
        match stream.write_all(&frame) {
            Ok(()) => sent += 1,
            Err(error) if matches!(error.kind(), ErrorKind::WouldBlock | ErrorKind::TimedOut) => {}
            Err(error) => return format!("dropped after {sent} pings in {:?} ({error})", begun.elapsed()),
        }
    }
    format!("still open after {sent} pings in {:?}", begun.elapsed())
}

/// `n` connections that say hello and wait, twice; the memory with them open, and closed.
fn idle(address: SocketAddr, n: u64, memory: &dyn Fn() -> String) -> String {
    let mut told = Vec::new();
    for round in 1..=2 {
        let open: Vec<_> = (0..n.min(MOST)).filter_map(|_| greeted(address)).collect();
        std::thread::sleep(Duration::from_secs(1));
        told.push(format!("round {round}, {} of {n} open: {}", open.len(), memory()));
        drop(open);
        std::thread::sleep(Duration::from_secs(1));
        told.push(format!("closed: {}", memory()));
    }
    told.join("; ")
}

/// `n` connections that never shake hands, then whether another address gets in, and how soon.
fn bare(address: SocketAddr, n: u64) -> String {
    let hoard: Vec<_> = (0..n.min(MOST)).filter_map(|_| TcpStream::connect(address).ok()).collect();
    std::thread::sleep(Duration::from_millis(300));
    let begun = Instant::now();
    let other = tokio::runtime::Builder::new_current_thread()
        .enable_io()
        .build()
        .expect("a runtime")
        .block_on(async {
            let socket = tokio::net::TcpSocket::new_v4()?;
            socket.bind(SocketAddr::new(IpAddr::from([127, 0, 0, 2]), 0))?;
            socket.connect(address).await?.into_std()
        })
        .ok();
    let got_in = other.and_then(|stream| {
        stream.set_nonblocking(false).ok()?;
        stream.set_read_timeout(Some(Duration::from_secs(15))).ok()?;
        tokio_tungstenite::tungstenite::client(format!("ws://{address}/"), stream).ok()
    });
    let answer = if got_in.is_some() { "got in" } else { "was turned away" };
    format!("{} bare connections held; 127.0.0.2 {answer} after {:?}", hoard.len(), begun.elapsed())
}

/// A connection after another, each saying hello and sending `request`, for `time`: how the
/// server answered, counted.
fn repeated(address: SocketAddr, time: Duration, request: impl Fn() -> Request) -> String {
    let begun = Instant::now();
    let mut answers = std::collections::BTreeMap::<String, u64>::new();
    let mut connections = 0u64;
    while begun.elapsed() < time && connections < MOST {
        connections += 1;
        let Some(mut socket) = greeted(address) else {
            *answers.entry("turned away".into()).or_default() += 1;
            continue;
        };
        let answer = send(&mut socket, &request());
        *answers.entry(answer).or_default() += 1;
    }
    let seconds = begun.elapsed().as_secs_f64();
    let rates: Vec<String> = answers.iter().map(|(k, v)| format!("{k} {:.0}/s", *v as f64 / seconds)).collect();
    format!("{connections} connections in {seconds:.1} s: {}", rates.join(", "))
}

/// Sends `request` and names the answer: the event's type, or the error's code.
fn send(socket: &mut WebSocket<TcpStream>, request: &Request) -> String {
    if socket.send(Message::text(encode(request))).is_err() {
        return "closed".into();
    }
    loop {
        match socket.read() {
            Ok(Message::Text(text)) => {
                return match serde_json::from_str::<Event>(text.as_str()) {
                    Ok(Event::Error(refusal)) => format!("{:?}", refusal.code),
                    Ok(Event::Seated(_)) => "seated".into(),
                    Ok(_) => continue,
                    Err(_) => "unreadable".into(),
                };
            }
            Ok(_) => {}
            Err(_) => return "closed".into(),
        }
    }
}

/// A connection that shook hands and said hello, if the server let it.
fn greeted(address: SocketAddr) -> Option<WebSocket<TcpStream>> {
    let stream = TcpStream::connect(address).ok()?;
    stream.set_read_timeout(Some(Duration::from_secs(10))).ok()?;
    let (mut socket, _) = tokio_tungstenite::tungstenite::client(format!("ws://{address}/"), stream).ok()?;
    socket.send(Message::text(encode(&Request::Hello { version: PROTOCOL_VERSION }))).ok()?;
    loop {
        match socket.read().ok()? {
            Message::Text(_) => return Some(socket),
            Message::Close(_) => return None,
            _ => {}
        }
    }
}

/// A connection after its handshake, to write frames by hand.
fn handshaken(mut stream: TcpStream, address: SocketAddr) -> TcpStream {
    let request = format!(
        "GET / HTTP/1.1\r\nHost: {address}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n\
         Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n"
    );
    stream.write_all(request.as_bytes()).expect("the handshake is sent");
    let (mut answer, mut byte) = (Vec::new(), [0u8]);
    while !answer.ends_with(b"\r\n\r\n") {
        stream.read_exact(&mut byte).expect("the handshake's answer");
        answer.push(byte[0]);
    }
    stream
}
