//! Sharing a node's moves among threads (young brothers wait): once a thread has searched the
//! first move of a node far enough from the leaves without a cut-off, it offers the node's other
//! moves to the idle threads, and every thread there takes the next move until none is left or
//! one reaches beta, which abandons the others (and every node shared below them). A thread
//! whose moves there are done helps, while it waits for the others, at the nodes they share
//! below it (the helpful master). A helper with nothing to join searches the root on its own
//! (as in Lazy SMP) to the depth of the first thread's iteration, or deeper once it has completed
//! that, filling the shared table with what the first thread needs, until a node is shared. (A
//! ply deeper than the first thread, their table moves mislead it: `docs/charge_raids.md`.)

use std::sync::atomic::{
    AtomicBool, AtomicI32, AtomicUsize,
    Ordering::{Acquire, Relaxed, Release},
};
use std::sync::{Arc, Mutex, MutexGuard};

use jetan_rules::{Move, Position};

use super::Search;
use super::moves::{Flow, Node};
use super::workspace::MAX_PLY;
use crate::score::INFINITY;

/// Nodes at least this many plies from the leaves share their moves; nearer the leaves a move
/// is searched too quickly for sharing to pay.
const SPLIT_DEPTH: i32 = 3;

/// The nodes being shared and the threads waiting for one.
#[derive(Debug, Default)]
pub(crate) struct Pool {
    /// The shared nodes, latest last.
    points: Mutex<Vec<Arc<SplitPoint>>>,
    /// How many threads wait for work: helpers between nodes, and threads whose moves at a
    /// shared node are done while others' are not.
    idle: AtomicUsize,
    /// How many nodes have been shared so far: a helper searching alone stops when it grows.
    offered: AtomicUsize,
    /// The depth of the first thread's current iteration.
    iteration: AtomicI32,
}

/// A node whose moves several threads search.
#[derive(Debug)]
pub(crate) struct SplitPoint {
    /// The position at the node.
    position: Position,
    /// The hashes of the positions of the line to it, the node's included.
    path: Vec<u64>,
    /// Where that line starts (see [`Search::line_start`]).
    line_start: usize,
    /// The node as it stood when shared.
    node: Node,
    /// The shared node whose move led here, if any: closing it closes this one.
    parent: Option<Arc<SplitPoint>>,
    /// Its moves left, best-ordered.
    moves: Vec<Move>,
    /// The next of them to take.
    next: AtomicUsize,
    /// Raised when a move reaches beta or the thread that shared it is stopped: the other
    /// moves are abandoned.
    closed: AtomicBool,
    /// Raised when a helper was stopped with its move unfinished: the node's result is not
    /// whole.
    unfinished: AtomicBool,
    /// Helpers working on it.
    helpers: AtomicUsize,
    /// What its moves found.
    found: Mutex<Found>,
}

/// The best a shared node's moves have found so far.
#[derive(Clone, Copy, Debug)]
struct Found {
    best: i32,
    best_move: Option<Move>,
    alpha: i32,
    /// Some move's line went back to an earlier position (its score holds on this path only).
    repeated: bool,
    /// A move reached beta.
    cutoff: bool,
}

impl Pool {
    /// Whether a helper waits for work.
    fn has_idle(&self) -> bool {
        self.idle.load(Relaxed) > 0
    }

    /// A helper's work until the search stops: the moves of each node shared with it, and
    /// between them, the root searched alone.
    pub fn serve(&self, search: &mut Search) {
        self.idle.fetch_add(1, Relaxed);
        let mut searched_alone = 0;
        while !search.task.stop.load(Relaxed) && !search.task.cancel.load(Relaxed) {
            // Read before looking for a node, so that one shared in between stops the search
            // alone at once.
            let offered = self.offered.load(Acquire);
            match self.join(None) {
                Some(point) => search.help(&point),
                None => {
                    let depth = (searched_alone + 1).max(self.iteration.load(Relaxed));
                    if search.search_alone(depth, offered) {
                        searched_alone = depth;
                    }
                }
            }
        }
        self.idle.fetch_sub(1, Relaxed);
    }

    /// The first thread begins its iteration to `depth`.
    pub fn begin_iteration(&self, depth: i32) {
        self.iteration.store(depth, Relaxed);
    }

    /// Whether a node was shared since the pool counted `offered` of them.
    pub fn offered_since(&self, offered: usize) -> bool {
        self.offered.load(Relaxed) != offered
    }

    /// The latest shared node with moves left (below `under` if given), counted as joined.
    fn join(&self, under: Option<&SplitPoint>) -> Option<Arc<SplitPoint>> {
        let points = self.points();
        let point =
            points.iter().rev().find(|point| point.open() && under.is_none_or(|under| point.descends_from(under)))?;
        point.helpers.fetch_add(1, Relaxed);
        Some(point.clone())
    }

    fn points(&self) -> MutexGuard<'_, Vec<Arc<SplitPoint>>> {
        self.points.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
    }
}

impl SplitPoint {
    /// Whether it has moves left to take.
    fn open(&self) -> bool {
        !self.closed() && self.next.load(Relaxed) < self.moves.len()
    }

    fn found(&self) -> MutexGuard<'_, Found> {
        self.found.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    /// Whether its moves are abandoned (one of them or of a shared node above reached beta,
    /// or a thread that shared one of them was stopped).
    pub fn closed(&self) -> bool {
        self.closed.load(Relaxed) || self.parent.as_ref().is_some_and(|parent| parent.closed())
    }

    /// Whether `ancestor` is above it (one of its moves led here).
    fn descends_from(&self, ancestor: &SplitPoint) -> bool {
        std::iter::successors(self.parent.as_deref(), |point| point.parent.as_deref())
            .any(|point| std::ptr::eq(point, ancestor))
    }
}

impl<'a> Search<'a> {
    /// Whether the node should share its remaining `left` moves: the node is deep enough, its
    /// first move is searched, a thread waits, and this thread isn't searching alone.
    pub(crate) fn may_split(&self, node: &Node, left: usize) -> bool {
        node.searched > 0
            && self.alone.is_none()
            && node.depth >= SPLIT_DEPTH
            && left >= 2
            && self.task.pool.is_some_and(|pool| pool.has_idle())
    }

    /// Searches `moves`, the rest of the node's moves in order, together with the threads
    /// that join; the node takes their best. Returns once every helper has left, having helped
    /// them, while it waited, at the nodes they shared below.
    pub(crate) fn split(&mut self, node: &mut Node, moves: &[Move]) -> Flow {
        let pool = self.pool();
        let found =
            Found { best: node.best, best_move: node.best_move, alpha: node.alpha, repeated: false, cutoff: false };
        let point = Arc::new(SplitPoint {
            position: self.position.clone(),
            path: self.work.path(node.ply).to_vec(),
            line_start: self.line_start,
            node: *node,
            parent: self.watched.clone(),
            moves: moves.to_vec(),
            next: AtomicUsize::new(0),
            closed: AtomicBool::new(false),
            unfinished: AtomicBool::new(false),
            helpers: AtomicUsize::new(0),
            found: Mutex::new(found),
        });
        pool.points().push(point.clone());
        pool.offered.fetch_add(1, Release);
        let outer = self.watched.replace(point.clone());
        let stopped = self.take_moves(&point);
        self.watched = outer;
        pool.points().retain(|shared| !Arc::ptr_eq(shared, &point));
        let found = *point.found();
        if stopped && found.cutoff {
            // Abandoned for a helper's cut-off, not stopped.
            self.stopped = false;
        }
        if self.stopped {
            // The helpers leave the node too.
            point.closed.store(true, Relaxed);
        }
        pool.idle.fetch_add(1, Relaxed);
        while point.helpers.load(Acquire) > 0 {
            match pool.join(Some(&point)) {
                Some(below) => self.help(&below),
                None => std::hint::spin_loop(),
            }
        }
        pool.idle.fetch_sub(1, Relaxed);
        let found = *point.found();
        let improved = found.best_move.filter(|_| found.alpha > node.alpha);
        if self.stopped || point.unfinished.load(Relaxed) {
            self.stopped = true;
            return Flow::Stopped;
        }
        node.searched += moves.len();
        node.best = found.best;
        node.best_move = found.best_move;
        self.repetitions += u64::from(found.repeated);
        if let Some(mv) = improved {
            node.alpha = found.alpha;
            self.settle_pv(node.ply, mv);
        }
        if found.cutoff { Flow::Cutoff } else { Flow::Done }
    }

    /// Searches moves of `point`, which it joined while waiting for work (see [`Pool::idle`]),
    /// then leaves it, its own position, line and watched node as they were.
    fn help(&mut self, point: &Arc<SplitPoint>) {
        let pool = self.pool();
        pool.idle.fetch_sub(1, Relaxed);
        let position = std::mem::replace(&mut self.position, point.position.clone());
        let repetitions = self.repetitions;
        let line_start = std::mem::replace(&mut self.line_start, point.line_start);
        self.work.set_path(&point.path);
        let outer = self.watched.replace(point.clone());
        let stopped = self.take_moves(point);
        if stopped && !point.closed() {
            point.unfinished.store(true, Relaxed);
        }
        self.watched = outer;
        self.position = position;
        self.line_start = line_start;
        self.repetitions = repetitions;
        self.stopped = false;
        pool.idle.fetch_add(1, Relaxed);
        point.helpers.fetch_sub(1, Release);
    }

    /// A helper's search of the root to `depth` while nothing is shared (a search of its own,
    /// which shares nothing), stopped when a node is shared after the pool counted `offered`
    /// of them; says whether it completed.
    fn search_alone(&mut self, depth: i32, offered: usize) -> bool {
        if depth > MAX_PLY as i32 / 2 {
            std::thread::yield_now();
            return false;
        }
        self.alone = Some(offered);
        self.negamax(depth, 0, -INFINITY, INFINITY);
        self.alone = None;
        let completed = !self.stopped;
        self.stopped = false;
        completed
    }

    /// The pool of a search with several threads.
    fn pool(&self) -> &'a Pool {
        self.task.pool.expect("only a search with several threads shares nodes")
    }

    /// Takes moves of `point` and searches them from its position until none is left or one
    /// reaches beta; says whether the search was stopped in the middle of one.
    fn take_moves(&mut self, point: &SplitPoint) -> bool {
        loop {
            if point.closed() {
                return false;
            }
            let index = point.next.fetch_add(1, Relaxed);
            let Some(&mv) = point.moves.get(index) else { return false };
            let mut node = point.node;
            node.alpha = point.found().alpha;
            node.best = -INFINITY;
            node.best_move = None;
            node.searched += index;
            let repetitions = self.repetitions;
            let flow = self.visit(&mut node, mv);
            if flow == Flow::Stopped {
                return true;
            }
            let mut found = point.found();
            found.repeated |= self.repetitions != repetitions;
            if node.best > found.best {
                found.best = node.best;
                found.best_move = node.best_move.or(found.best_move);
            }
            found.alpha = found.alpha.max(node.alpha);
            if flow == Flow::Cutoff {
                found.cutoff = true;
                point.closed.store(true, Relaxed);
                return false;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use std::sync::atomic::{AtomicBool, Ordering::Relaxed};

    use jetan_rules::Position;

    use super::Pool;
    use crate::facts::Facts;
    use crate::testing::{jetan, searching, task};
    use crate::tt::Table;

    #[test]
    fn a_helper_searches_alone_into_the_table_until_a_node_is_shared() {
        let position = Position::start(jetan(&[]));
        let facts = Facts::new(&position);
        let (table, flag, pool) = (Table::new(1), AtomicBool::new(false), Pool::default());
        searching(task(&position, &facts, &table, &flag, Some(&pool)), |helper| {
            let offered = pool.offered.load(Relaxed);
            assert!(helper.search_alone(3, offered), "nothing shared: the search alone completes");
            let hit = table.probe(position.hash(), 0);
            assert!(hit.is_some_and(|hit| hit.depth >= 3), "the root's result is in the table");
            pool.offered.fetch_add(1, Relaxed);
            let nodes = helper.nodes;
            assert!(!helper.search_alone(8, offered), "a node shared since it began stops it");
            assert!(helper.nodes - nodes <= 1, "at once: {} nodes", helper.nodes - nodes);
            assert!(!helper.stopped && helper.alone.is_none(), "ready to join the shared node");
        });
    }
}
