//! Group commit: the store on a thread of its own, which takes every request waiting for it (the
//! plies, ends, seats and lookups of all the rooms at once), runs them in one transaction (one
//! `fsync` for them all) and answers each only once that transaction is committed. A request
//! alone is a group of one: there is no other way to the store. So nothing a request wrote is
//! told to anyone before it is on the disk, and if the commit fails, every request of the group
//! gets the error and none of them was kept.

use std::panic::AssertUnwindSafe;
use std::sync::{Arc, Condvar, Mutex, PoisonError, mpsc};
use std::thread::JoinHandle;

use super::{Store, failed};
use crate::lock;
use crate::protocol::{ErrorCode, Refusal};

/// A request to the store: its work, run in its group's transaction (or not run, given why the
/// transaction could not begin), giving the answer to send once the group has ended.
type Job = Box<dyn FnOnce(Result<&mut Store, &Refusal>) -> Answer + Send>;

/// A request's answer, sent once its group has ended: committed, or why not.
type Answer = Box<dyn FnOnce(&Result<(), Refusal>) + Send>;

/// The store shared by the server's tasks: a request waits while the store's thread commits the
/// group before it, then goes in the next group with every other request waiting.
pub struct SharedStore {
    queue: Arc<Queue>,
    thread: Option<JoinHandle<()>>,
}

/// The requests waiting for the store's thread, and whether it is to stop.
#[derive(Default)]
struct Queue {
    waiting: Mutex<Waiting>,
    wake: Condvar,
}

#[derive(Default)]
struct Waiting {
    jobs: Vec<Job>,
    closing: bool,
}

impl SharedStore {
    /// Gives `store` a thread of its own.
    ///
    /// # Errors
    /// No thread could be made.
    pub fn new(store: Store) -> Result<SharedStore, String> {
        let queue = Arc::new(Queue::default());
        let serving = queue.clone();
        let thread = std::thread::Builder::new()
            .name("jetan-store".into())
            .spawn(move || serve(store, &serving))
            .map_err(|error| format!("the store's thread: {error}"))?;
        Ok(SharedStore { queue, thread: Some(thread) })
    }

    /// Runs `work` on the store in the next group, and gives its result once that group is
    /// committed. Blocks meanwhile.
    ///
    /// # Errors
    /// `work`'s (then nothing it wrote was kept), or the group's commit failed (nothing of the
    /// group was kept), or the store's thread is gone.
    pub fn with<T: Send + 'static>(
        &self,
        work: impl FnOnce(&mut Store) -> Result<T, Refusal> + Send + 'static,
    ) -> Result<T, Refusal> {
        let (reply, answer) = mpsc::sync_channel(1);
        let job: Job = Box::new(move |store| {
            let done = store.map_err(Refusal::clone).and_then(work);
            Box::new(move |group: &Result<(), Refusal>| {
                let _ = reply.send(group.clone().and(done));
            })
        });
        lock(&self.queue.waiting).jobs.push(job);
        self.queue.wake.notify_one();
        answer.recv().unwrap_or_else(|_| Err(Refusal::new(ErrorCode::Server, "the server's database stopped")))
    }

    /// How many requests wait for the next group.
    #[cfg(test)]
    fn waiting(&self) -> usize {
        lock(&self.queue.waiting).jobs.len()
    }
}

impl Drop for SharedStore {
    /// Lets the store's thread finish the requests waiting, then close the database.
    fn drop(&mut self) {
        lock(&self.queue.waiting).closing = true;
        self.queue.wake.notify_one();
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }
}

/// The store's thread: a group of every request waiting, as soon as there is one.
fn serve(mut store: Store, queue: &Queue) {
    loop {
        let jobs = {
            let waiting = lock(&queue.waiting);
            let mut waiting = queue
                .wake
                .wait_while(waiting, |waiting| waiting.jobs.is_empty() && !waiting.closing)
                .unwrap_or_else(PoisonError::into_inner);
            std::mem::take(&mut waiting.jobs)
        };
        if jobs.is_empty() {
            return;
        }
        // A request that panics fails its group (the answers dropped say so), not the store.
        if std::panic::catch_unwind(AssertUnwindSafe(|| store.run_group(jobs))).is_err() {
            store.roll_back();
        }
    }
}

impl Store {
    /// Runs `jobs` in one transaction and answers each once it is committed or failed. Should
    /// SQLite roll the transaction back itself mid-way (a full disk, an I/O error), the jobs run
    /// until then fail with it and the rest go on in a new transaction.
    fn run_group(&mut self, jobs: Vec<Job>) {
        let mut jobs = jobs.into_iter().peekable();
        while jobs.peek().is_some() {
            let mut answers = Vec::with_capacity(jobs.len());
            let end = match self.connection.execute_batch("BEGIN").map_err(failed) {
                Ok(()) => {
                    for job in jobs.by_ref() {
                        answers.push(job(Ok(self)));
                        if self.connection.is_autocommit() {
                            break;
                        }
                    }
                    self.commit()
                }
                Err(refusal) => {
                    answers.extend(jobs.by_ref().map(|job| job(Err(&refusal))));
                    Err(refusal)
                }
            };
            for answer in answers {
                answer(&end);
            }
        }
    }

    /// Commits the group's transaction (rolled back if that fails).
    fn commit(&self) -> Result<(), Refusal> {
        if self.connection.is_autocommit() {
            return Err(Refusal::new(ErrorCode::Server, "the server's database failed and rolled back the moves"));
        }
        let committed = self.connection.execute_batch("COMMIT").map_err(failed);
        if committed.is_err() {
            self.roll_back();
        }
        committed
    }

    fn roll_back(&self) {
        if !self.connection.is_autocommit() {
            let _ = self.connection.execute_batch("ROLLBACK");
        }
    }
}

/// A test's hold on a store's commits: each waits at the gate until the test lets it through or
/// fails it.
#[cfg(test)]
pub(crate) struct CommitGate {
    reached: mpsc::Receiver<()>,
    decide: mpsc::Sender<bool>,
}

#[cfg(test)]
impl CommitGate {
    /// Puts a gate on `store`'s commits (until the gate is dropped).
    pub(crate) fn on(store: &Store) -> CommitGate {
        let (arrive, reached) = mpsc::channel();
        let (decide, decision) = mpsc::channel::<bool>();
        // The hook's `true` turns the commit into a rollback.
        store.connection.commit_hook(Some(move || {
            let _ = arrive.send(());
            decision.recv().is_ok_and(|commit| !commit)
        }));
        CommitGate { reached, decide }
    }

    /// Waits for a commit to come to the gate.
    pub(crate) fn reached(&self) {
        self.reached.recv_timeout(std::time::Duration::from_secs(10)).expect("a commit at the gate");
    }

    /// Whether a commit came to the gate (without waiting).
    pub(crate) fn came(&self) -> bool {
        self.reached.try_recv().is_ok()
    }

    /// Lets the commit at the gate through, or fails it.
    pub(crate) fn pass(&self, commit: bool) {
        self.decide.send(commit).expect("the store's thread is there");
    }
}

#[cfg(test)]
mod tests {
    use std::path::Path;
    use std::thread::{self, JoinHandle};
    use std::time::{Duration, Instant};

    use super::*;
    use crate::store::{Lookup, StoredGame};
    use crate::time_control::Clocks;

    /// A write of a ply on a thread of its own (a room's): whether it was kept.
    type Write = JoinHandle<Result<(), Refusal>>;

    /// A shared store holding games `a` to `d`, its commits at the gate.
    fn gated() -> (Arc<SharedStore>, CommitGate) {
        let store = Store::open(Path::new(":memory:")).unwrap();
        for id in ["a", "b", "c", "d"] {
            store.insert(&StoredGame::waiting(id)).unwrap();
        }
        let gate = CommitGate::on(&store);
        (Arc::new(SharedStore::new(store).unwrap()), gate)
    }

    /// Writes ply `ply` of game `id`.
    fn write_ply(store: &Arc<SharedStore>, id: &'static str, ply: u32) -> Write {
        let store = store.clone();
        thread::spawn(move || {
            store.with(move |store| store.add_ply(id, ply, "b2-b3", &Clocks::default(), None)).map(|_| ())
        })
    }

    /// The plies `plies` (of a game each) written while the commit of ply 0 of game `a` is held
    /// at the gate, so that they wait together; that commit let through, theirs comes to the gate.
    fn grouped<const N: usize>(plies: [(&'static str, u32); N]) -> (Arc<SharedStore>, CommitGate, [Write; N]) {
        let (store, gate) = gated();
        let first = write_ply(&store, "a", 0);
        gate.reached();
        let group = plies.map(|(id, ply)| write_ply(&store, id, ply));
        let deadline = Instant::now() + Duration::from_secs(10);
        while store.waiting() < N {
            assert!(Instant::now() < deadline, "{N} writes wait for the store");
            thread::sleep(Duration::from_millis(1));
        }
        gate.pass(true);
        first.join().unwrap().unwrap();
        gate.reached();
        (store, gate, group)
    }

    fn plies(store: &SharedStore, id: &str) -> usize {
        let lookup = Lookup::Id(id.into());
        store.with(move |store| store.find(&lookup)).unwrap().unwrap().moves.len()
    }

    #[test]
    fn the_writes_waiting_are_one_commit_and_each_is_answered_after_it() {
        let (store, gate, group) = grouped([("b", 0), ("c", 0), ("d", 0)]);
        assert!(group.iter().all(|write| !write.is_finished()), "no write is answered before its commit");
        gate.pass(true);
        for write in group {
            write.join().unwrap().unwrap();
        }
        assert!(!gate.came(), "three rooms' plies were one commit");
        drop(gate);
        assert_eq!(["a", "b", "c", "d"].map(|id| plies(&store, id)), [1; 4]);
    }

    #[test]
    fn a_failed_commit_fails_every_write_of_its_group_and_keeps_none() {
        let (store, gate, group) = grouped([("b", 0), ("c", 0)]);
        gate.pass(false);
        for write in group {
            assert_eq!(write.join().unwrap().unwrap_err().code, ErrorCode::Server);
        }
        drop(gate);
        assert_eq!(["a", "b", "c"].map(|id| plies(&store, id)), [1, 0, 0], "the failed group kept nothing");
        write_ply(&store, "b", 0).join().unwrap().expect("the ply refused is written again");
    }

    #[test]
    fn a_write_that_fails_alone_leaves_the_rest_of_its_group() {
        let (store, gate, group) = grouped([("a", 0), ("b", 0)]);
        gate.pass(true);
        let [again, other] = group.map(|write| write.join().unwrap());
        assert_eq!(again.unwrap_err().code, ErrorCode::Server, "a ply is kept once");
        other.unwrap();
        drop(gate);
        assert_eq!(["a", "b"].map(|id| plies(&store, id)), [1, 1]);
    }
}
