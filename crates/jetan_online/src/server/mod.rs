//! `jetan serve`: the headless server. It listens for WebSocket connections, serves each in its
//! own task, referees every game in memory, and keeps every change in the store first (the
//! store commits what all the rooms wait for at once, and each hears of its change after).

mod addresses;
mod connection;
mod hub;
mod limits;
mod lobby;
mod outbox;
mod rate;
mod room;

use std::net::SocketAddr;
use std::path::PathBuf;
use std::sync::Arc;
use std::time::{Duration, Instant};

use clap::Args;
use tokio::net::TcpListener;
use tokio::runtime::Runtime;
use tokio::sync::Semaphore;

pub use hub::{Hub, Session};
pub use limits::{
    DEFAULT_ABANDON_SECONDS, DEFAULT_GAMES_PER_HOUR, DEFAULT_GUESS_RATE, DEFAULT_MAX_CONNECTIONS, DEFAULT_MAX_GAMES,
    DEFAULT_MAX_PER_ADDRESS, DEFAULT_NAMES_PER_HOUR, DEFAULT_RATE, DEFAULT_WAITING_HOURS, Limits, MOST_SEEKS,
};
pub use outbox::{Inbox, Outbox};

use crate::store::Store;

/// How often the clocks are looked at for a side out of time.
const CLOCK_TICK: Duration = Duration::from_millis(100);
/// The most threads handling requests at once (each request runs on one, since it may wait for
/// the store): more wait their turn. A group commit holds at most this many requests, which is
/// plenty; without a bound, tokio's pool grew to its 512 under load (1,000 games played flat out).
const REQUEST_THREADS: usize = 64;
/// How long a request thread with nothing to do is kept (tokio's default is 10 seconds).
const IDLE_THREAD: Duration = Duration::from_secs(2);

/// How the server is run.
#[derive(Args, Clone, Debug)]
pub struct ServeArgs {
    /// The address to listen on (port 0 for any free port).
    #[arg(long, value_name = "ADDR", default_value = "127.0.0.1:7878")]
    pub listen: String,
    /// The database of games (default: online.sqlite in the player's data folder,
    /// ~/.local/share/jetan/ on Linux).
    #[arg(long, value_name = "FILE")]
    pub db: Option<PathBuf>,
    /// Opens seeks (open games anyone may accept, rated or not) and the list of live public
    /// games to watch; without it, those requests are refused (`not_public`).
    #[arg(long)]
    pub public: bool,
    /// What a connection, an address and everyone together may do.
    #[command(flatten)]
    pub limits: Limits,
}

impl ServeArgs {
    /// A server on `listen` keeping its games in `db`, with the default limits.
    pub fn new(listen: &str, db: PathBuf) -> ServeArgs {
        ServeArgs { listen: listen.into(), db: Some(db), public: false, limits: Limits::default() }
    }
}

/// A server running on its own threads; dropping it stops it.
pub struct RunningServer {
    /// The address it listens on.
    pub address: SocketAddr,
    /// How many unfinished games it resumed from its store.
    pub resumed: usize,
    runtime: Runtime,
}

/// Runs the server until the process ends: says where it listens, then serves.
///
/// # Errors
/// The database can't be opened, or the address can't be listened on.
pub fn serve(args: &ServeArgs) -> Result<(), String> {
    let server = start(args)?;
    println!("listening on {} ({} unfinished games resumed)", server.address, server.resumed);
    server.runtime.block_on(std::future::pending::<()>());
    Ok(())
}

/// Starts a server on threads of its own.
///
/// # Errors
/// The database can't be opened, or the address can't be listened on.
pub fn start(args: &ServeArgs) -> Result<RunningServer, String> {
    let path = match &args.db {
        Some(path) => path.clone(),
        None => default_db()?,
    };
    let hub = Arc::new(Hub::open(Store::open(&path)?, args.limits.clone())?.public(args.public));
    let resumed = hub.games();
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .max_blocking_threads(REQUEST_THREADS)
        .thread_keep_alive(IDLE_THREAD)
        .build()
        .map_err(|error| format!("the server's threads: {error}"))?;
    let listener = runtime
        .block_on(TcpListener::bind(&args.listen))
        .map_err(|error| format!("listening on {}: {error}", args.listen))?;
    let address = listener.local_addr().map_err(|error| format!("listening on {}: {error}", args.listen))?;
    let room = Arc::new(Semaphore::new(args.limits.max_connections));
    runtime.spawn(accept(listener, hub.clone(), args.limits.rate, room));
    runtime.spawn(run_clocks(hub));
    Ok(RunningServer { address, resumed, runtime })
}

/// The database's place when none is given: the player's data folder.
fn default_db() -> Result<PathBuf, String> {
    let folder = dirs::data_dir().ok_or("no data folder is known here: give --db FILE")?.join("jetan");
    std::fs::create_dir_all(&folder).map_err(|error| format!("making {}: {error}", folder.display()))?;
    Ok(folder.join("online.sqlite"))
}

/// Takes connections, each served in its own task while it holds one of its address's places
/// and one of the `room` permits (with none left, a connection is closed at once: one address
/// can't take every place).
async fn accept(listener: TcpListener, hub: Arc<Hub>, rate: u32, room: Arc<Semaphore>) {
    loop {
        match listener.accept().await {
            Ok((stream, peer)) => {
                let Some(admission) = hub.admit(peer.ip()) else { continue };
                let Ok(permit) = room.clone().try_acquire_owned() else { continue };
                let _ = stream.set_nodelay(true);
                let hub = hub.clone();
                tokio::spawn(async move {
                    connection::serve(hub, stream, peer.ip(), rate).await;
                    drop((permit, admission));
                });
            }
            // Out of file descriptors, most often: wait for some to be freed.
            Err(_) => tokio::time::sleep(Duration::from_millis(50)).await,
        }
    }
}

async fn run_clocks(hub: Arc<Hub>) {
    let mut tick = tokio::time::interval(CLOCK_TICK);
    loop {
        tick.tick().await;
        let hub = hub.clone();
        // On the blocking threads, since a game out of time is stored.
        let _ = tokio::task::spawn_blocking(move || hub.tick(Instant::now())).await;
    }
}
