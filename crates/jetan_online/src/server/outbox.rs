//! Where a connection's events wait to be written: a bounded queue. A connection that lets it
//! fill (a client that stopped reading) is closed rather than let it hold the server up; its
//! client comes back with a resume.

use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};

use tokio::sync::{Notify, mpsc};

use crate::protocol::Event;

/// How many events may wait for a connection.
const CAPACITY: usize = 256;

/// The sending end of a connection's queue.
#[derive(Clone, Debug)]
pub struct Outbox {
    id: u64,
    sender: mpsc::Sender<Event>,
    overflow: Arc<Notify>,
}

/// The receiving end: what the connection's task writes out, and the signal to close.
pub struct Inbox {
    /// The events to write.
    pub events: mpsc::Receiver<Event>,
    /// Notified when the queue overflowed.
    pub overflow: Arc<Notify>,
}

impl Outbox {
    /// A new connection's queue.
    pub fn new() -> (Outbox, Inbox) {
        static NEXT_ID: AtomicU64 = AtomicU64::new(0);
        let (sender, events) = mpsc::channel(CAPACITY);
        let overflow = Arc::new(Notify::new());
        let id = NEXT_ID.fetch_add(1, Ordering::Relaxed);
        (Outbox { id, sender, overflow: overflow.clone() }, Inbox { events, overflow })
    }

    /// Queues an event, or, when the queue is full, tells the connection to close.
    pub fn send(&self, event: Event) {
        if self.sender.try_send(event).is_err() {
            self.overflow.notify_one();
        }
    }

    /// Whether both are the same connection's.
    pub fn same(&self, other: &Outbox) -> bool {
        self.id == other.id
    }
}
