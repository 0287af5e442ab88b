//! One client's connection, in its own task: the WebSocket handshake, then each text frame
//! (within the rate) handed to the hub, and the events queued for it written out. A silent,
//! stuck or flooding client is closed; nothing it sends can stall the server, and what it
//! holds of the server's memory is bounded (`protocol::websocket_config`, the outbox).

use std::net::IpAddr;
use std::sync::Arc;
use std::time::{Duration, Instant};

use futures_util::{SinkExt, StreamExt};
use tokio::net::TcpStream;
use tokio::time::{interval, timeout};
use tokio_tungstenite::tungstenite::{Error as WsError, Message};

use super::hub::{Hub, Session};
use super::outbox::Outbox;
use super::rate::RateLimit;
use crate::protocol::{ErrorCode, Event, Refusal, encode, websocket_config};

/// The longest a handshake may take: a connection that doesn't shake hands holds its place
/// this long at most.
const HANDSHAKE_TIME: Duration = Duration::from_secs(3);
/// How often the server pings: its client answers, so that a dead one is noticed.
const PING_EVERY: Duration = Duration::from_secs(15);
/// The longest a client may stay silent (pongs count) before it is closed.
const SILENCE: Duration = Duration::from_secs(45);
/// The longest writing one event may take.
const WRITE_TIME: Duration = Duration::from_secs(10);

/// Serves one connection until it closes.
pub async fn serve(hub: Arc<Hub>, stream: TcpStream, peer: IpAddr, messages_per_second: u32) {
    let Ok(Ok(mut socket)) =
        timeout(HANDSHAKE_TIME, tokio_tungstenite::accept_async_with_config(stream, Some(websocket_config()))).await
    else {
        return;
    };
    let (outbox, mut inbox) = Outbox::new();
    let mut session = Session::new(outbox, peer);
    let mut rate = RateLimit::new(messages_per_second, Instant::now());
    let mut ping = interval(PING_EVERY);
    let mut last_heard = Instant::now();
    loop {
        tokio::select! {
            frame = socket.next() => match frame.inspect(|_| last_heard = Instant::now()) {
                // Every frame answered counts against the rate (a pong is answered by nothing):
                // a ping past it closes the connection, since the library answers pings and
                // they can't be refused one by one.
                Some(Ok(Message::Ping(_))) if !rate.allow(Instant::now()) => break,
                Some(Ok(Message::Text(_) | Message::Binary(_))) if !rate.allow(Instant::now()) => {
                    let limit = format!("at most {messages_per_second} messages a second");
                    session.refuse(Refusal::new(ErrorCode::RateLimited, limit));
                }
                Some(Ok(Message::Text(text))) => {
                    // On the blocking threads, since a move waits for the disk: the session
                    // goes there and comes back.
                    let hub = hub.clone();
                    let handled = tokio::task::spawn_blocking(move || {
                        hub.handle(&mut session, text.as_str());
                        session
                    });
                    match handled.await {
                        Ok(back) => session = back,
                        Err(_) => return,
                    }
                }
                Some(Ok(Message::Binary(_))) => {
                    session.refuse(Refusal::new(ErrorCode::Malformed, "send requests as text frames of JSON"));
                }
                Some(Ok(Message::Ping(_) | Message::Pong(_) | Message::Frame(_))) => {}
                Some(Err(WsError::Capacity(error))) => {
                    let refusal = Refusal::new(ErrorCode::TooLarge, error.to_string());
                    let _ = timeout(WRITE_TIME, socket.send(Message::text(encode(&Event::Error(refusal))))).await;
                    break;
                }
                None | Some(Ok(Message::Close(_)) | Err(_)) => break,
            },
            Some(event) = inbox.events.recv() => {
                if !matches!(timeout(WRITE_TIME, socket.send(Message::text(encode(&event)))).await, Ok(Ok(()))) {
                    break;
                }
            }
            _ = ping.tick() => {
                if last_heard.elapsed() > SILENCE {
                    break;
                }
                if !matches!(timeout(WRITE_TIME, socket.send(Message::Ping(Default::default()))).await, Ok(Ok(()))) {
                    break;
                }
            }
            () = inbox.overflow.notified() => break,
        }
    }
    let _ = timeout(WRITE_TIME, socket.close(None)).await;
    // On the blocking threads, since withdrawing its seeks is stored.
    let _ = tokio::task::spawn_blocking(move || hub.close(session)).await;
}
