//! Work on Bevy's async compute pool that a frame checks on without waiting and can call off:
//! the AI's moves, hints and analysis (searches that take seconds).

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use bevy::tasks::{AsyncComputeTaskPool, Task, block_on, futures_lite::future};

/// Work under way, with the flag that calls it off.
pub struct Background<T> {
    cancel: Arc<AtomicBool>,
    task: Task<T>,
}

impl<T: Send + 'static> Background<T> {
    /// Starts `work` on the pool; it is handed the cancel flag, which it checks as it goes.
    pub fn spawn(work: impl FnOnce(&AtomicBool) -> T + Send + 'static) -> Background<T> {
        let cancel = Arc::new(AtomicBool::new(false));
        let flag = cancel.clone();
        let task = AsyncComputeTaskPool::get().spawn(async move { work(&flag) });
        Background { cancel, task }
    }

    /// The work's result if it is done, without waiting.
    pub fn poll(&mut self) -> Option<T> {
        block_on(future::poll_once(&mut self.task))
    }

    /// Calls the work off: it stops at its next check and its result is dropped.
    pub fn cancel(self) {
        self.cancel.store(true, Ordering::Relaxed);
    }
}
