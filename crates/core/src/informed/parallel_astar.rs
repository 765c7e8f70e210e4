//! Hash-distributed A* (HDA*: Kishimoto, Fukunaga and Botea, 2009): A* on several threads.
//!
//! Each state belongs to one thread, picked by its hash. A thread keeps the node store and the
//! frontier of its own states, expands its best node, keeps the children it owns and sends the
//! others, with their `g` and `h`, to their owners in batches. A goal found is a solution only
//! once every thread is idle (no node with an `f` below the goal's cost) and no batch is on its
//! way: every node a cheaper path would pass through was then expanded, so with an admissible
//! heuristic the solution is optimal, as with [`astar`](super::astar). The threads need no
//! lock on the hot path: a batch of sends or receives takes one short lock of the traffic
//! count that tells when the search is over.
//!
//! The threads' frontiers are expanded side by side, not in one global order: a thread may run
//! ahead of the others (most when few children are made, or when another thread gets no CPU),
//! and a node reached first by a dearer path is expanded again when the cheaper one arrives. So
//! which of several optimal paths a run returns, and its node counts, vary from run to run
//! (by little: the re-expansions are few); the cost does not.

use crate::buckets::{Heap, Open};
use crate::cost::Cost;
use crate::frontier::Entry;
use crate::hash::FxBuildHasher;
use crate::observe::{Meter, NoObserver, NodeInfo, Observer};
use crate::outcome::{Limits, Outcome, SearchResult, StopReason};
use crate::problem::Problem;
use crate::tree::{ROOT, Tree, cheaper, trace};
use std::hash::BuildHasher;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::mpsc::{Receiver, RecvTimeoutError, Sender, channel};
use std::sync::{Mutex, MutexGuard};
use std::time::Duration;

/// Nodes sent to another thread in one batch.
const BATCH: usize = 256;
/// How long an idle thread waits for a batch before it looks at the clock and the flags again.
const IDLE_WAIT: Duration = Duration::from_millis(1);

/// A* on `threads` threads (HDA*, see the module docs): the same optimal cost as
/// [`astar`](super::astar) on an admissible heuristic, found sooner on several cores.
///
/// The calling thread searches with `problem`; each other thread with a problem made by
/// `fork`, which must describe the same problem (problems may keep per-thread caches, so they
/// need not be `Sync`). With one thread this is [`astar`](super::astar) itself. The observer
/// sees the events of the calling thread's nodes; the statistics count every thread's work
/// (the largest frontier is the sum of each thread's largest). The node budget and the memory
/// limit are shared out evenly between the threads.
///
/// ```
/// use delve_core::{FnProblem, Limits, NoObserver, informed::parallel_astar};
/// // Reach 1000 from 0 by steps of +1 (cost 1), +7 (cost 5) or ×2 (cost 3), never past 2000.
/// let steps = |&n: &u32| [(n + 1, 1u32), (n + 7, 5), (n * 2, 3)].into_iter().filter(|&(m, _)| m <= 2000);
/// let make = || FnProblem::new(0u32, steps, |&n: &u32| n == 1000).with_heuristic(|&n: &u32| u32::from(n != 1000));
/// let out = parallel_astar(&make(), make, 2, &Limits::none(), NoObserver);
/// let serial = delve_core::informed::astar(&make(), &Limits::none(), NoObserver);
/// assert_eq!(out.solution().unwrap().cost, serial.solution().unwrap().cost);
/// ```
pub fn parallel_astar<P, F, O>(
    problem: &P,
    fork: F,
    threads: usize,
    limits: &Limits,
    observer: O,
) -> SearchResult<P::State, P::Action, P::Cost>
where
    P: Problem,
    P::State: Send,
    P::Action: Send,
    P::Cost: Send,
    F: Fn() -> P + Sync,
    O: Observer<P::State, P::Cost>,
{
    let threads = threads.max(1);
    if threads == 1 {
        return super::astar(problem, limits, observer);
    }
    let mut share = limits.clone();
    share.max_expanded = limits.max_expanded.map(|n| n.div_ceil(threads as u64));
    share.max_memory = limits.max_memory.map(|m| m / threads as u64);
    let mut meter = Meter::new(&share, observer);
    if let Err(reason) = meter.start::<P::State, P::Cost>("parallel_astar") {
        return meter.finish(Outcome::Stopped { reason, best_so_far: None });
    }
    let shared = Shared::new(threads);
    let (senders, inboxes): (Vec<_>, Vec<_>) =
        (0..threads).map(|_| channel::<Vec<Msg<P::State, P::Action, P::Cost>>>()).unzip();
    let mut inboxes = inboxes.into_iter();
    let main_inbox = inboxes.next().expect("at least two threads");
    let (mine, theirs) = std::thread::scope(|scope| {
        let helpers: Vec<_> = inboxes
            .enumerate()
            .map(|(k, inbox)| {
                let (shared, senders, fork, share) = (&shared, senders.clone(), &fork, &share);
                scope.spawn(move || {
                    let problem = fork();
                    let mut meter = Meter::new(share, NoObserver);
                    let mut worker = Worker::new(k + 1, shared, senders, inbox, share.max_memory);
                    worker.search(&problem, &mut meter);
                    (worker.tree, *meter.stats())
                })
            })
            .collect();
        let mut worker = Worker::new(0, &shared, senders, main_inbox, share.max_memory);
        worker.search(problem, &mut meter);
        let theirs: Vec<_> =
            helpers.into_iter().map(|h| h.join().expect("a parallel A* thread does not panic")).collect();
        (worker.tree, theirs)
    });
    let mut trees = vec![mine];
    let mut frontiers = meter.stats().max_frontier;
    for (tree, stats) in theirs {
        trees.push(tree);
        meter.add(stats.expanded, stats.generated);
        frontiers += stats.max_frontier;
    }
    meter.frontier(frontiers as usize);
    let stopped = *lock(&shared.stopped);
    let goal = *lock(&shared.goal);
    let outcome = match (stopped, goal) {
        (Some(reason), _) => Outcome::Stopped { reason, best_so_far: None },
        (None, Some((_, id))) => {
            let node = |id: u32| &trees[id as usize % threads].nodes[id as usize / threads];
            let action = |id: u32| trees[id as usize % threads].action(id / threads as u32);
            Outcome::Solved(trace(id, node, action))
        }
        (None, None) => Outcome::NoSolution,
    };
    meter.finish(outcome)
}

/// A node on its way to the thread that owns its state, with the action that reached it: the
/// parent is named by its id across the threads (see [`Worker::id`]).
struct Msg<S, A, C> {
    state: S,
    parent: u32,
    action: A,
    g: C,
    h: C,
}

/// Idle threads and batches sent but not yet taken in, changed together under one lock so
/// that "all idle and nothing on its way" is seen only when it is true.
#[derive(Default)]
struct Traffic {
    idle: usize,
    in_flight: usize,
}

/// What the threads share.
struct Shared<C> {
    threads: usize,
    /// The flags every thread reads at every expansion, on a cache line of their own, so
    /// that the locks taken for each batch do not take the line from the other cores.
    flags: Flags,
    traffic: Mutex<Traffic>,
    /// The cheapest goal found so far: its cost and id.
    goal: Mutex<Option<(C, u32)>>,
    /// The first reason a thread stopped for (a limit, Ctrl-C, the observer).
    stopped: Mutex<Option<StopReason>>,
}

/// The flags of [`Shared`] read on the hot path.
#[repr(align(128))]
struct Flags {
    /// Set when all threads are idle with nothing on its way: the search is over.
    done: AtomicBool,
    /// Set with `stopped`, or when a thread panics: every thread then stops.
    stopping: AtomicBool,
    /// Bumped when `goal` changes, so threads re-read it only then.
    version: AtomicU64,
}

impl<C: Copy> Shared<C> {
    fn new(threads: usize) -> Self {
        Shared {
            threads,
            flags: Flags { done: AtomicBool::new(false), stopping: AtomicBool::new(false), version: AtomicU64::new(0) },
            traffic: Mutex::default(),
            goal: Mutex::new(None),
            stopped: Mutex::new(None),
        }
    }
    fn over(&self) -> bool {
        self.flags.done.load(Ordering::Acquire) || self.flags.stopping.load(Ordering::Acquire)
    }
    fn stop(&self, reason: StopReason) {
        lock(&self.stopped).get_or_insert(reason);
        self.flags.stopping.store(true, Ordering::Release);
    }
}

/// Which of `threads` threads owns the state of hash `hash`: picked by bits 24–55 of the hash,
/// which the node stores' hash tables do not use, the hash being the same (their buckets come
/// from the low bits, the tags they compare before looking at a node from the top seven).
/// Picked by the top bits, a thread's states would all share their tags' top bit: half the
/// tag values, twice the nodes looked at in vain.
#[inline]
fn owner(hash: u64, threads: usize) -> usize {
    ((u64::from((hash >> 24) as u32) * threads as u64) >> 32) as usize
}

/// Locks `mutex`, taking the data of a poisoned one (a panicking thread stops the search).
fn lock<T>(mutex: &Mutex<T>) -> MutexGuard<'_, T> {
    mutex.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
}

/// Stops the other threads if this one unwinds, so they do not wait for it forever.
struct StopOnPanic<'a>(&'a AtomicBool);

impl Drop for StopOnPanic<'_> {
    fn drop(&mut self) {
        if std::thread::panicking() {
            self.0.store(true, Ordering::Release);
        }
    }
}

/// How an idle spell ended.
enum Woken {
    /// A batch came in.
    Batch,
    /// The search is over.
    Over,
}

/// One thread's search: its node store, its frontier and its outgoing batches.
struct Worker<'s, S, A, C> {
    me: usize,
    /// How many threads search (kept here: read for every child).
    threads: usize,
    shared: &'s Shared<C>,
    tree: Tree<S, A, C>,
    heap: Open<C>,
    outbox: Vec<Vec<Msg<S, A, C>>>,
    /// The least `f` waiting in each outgoing batch.
    least: Vec<Option<C>>,
    senders: Vec<Sender<Vec<Msg<S, A, C>>>>,
    inbox: Receiver<Vec<Msg<S, A, C>>>,
    /// The cost of the cheapest goal found, as last read, and the version it was read at.
    best: Option<C>,
    seen: u64,
    /// The most nodes this thread may store, so that every id fits a link.
    capacity: usize,
}

impl<'s, S: Eq + std::hash::Hash + Clone, A: Clone, C: Cost> Worker<'s, S, A, C> {
    fn new(
        me: usize,
        shared: &'s Shared<C>,
        senders: Vec<Sender<Vec<Msg<S, A, C>>>>,
        inbox: Receiver<Vec<Msg<S, A, C>>>,
        memory_limit: Option<u64>,
    ) -> Self {
        let threads = shared.threads;
        Worker {
            me,
            threads,
            shared,
            tree: Tree::new(memory_limit),
            heap: Open::Heap(Heap::new(true)),
            outbox: (0..threads).map(|_| Vec::new()).collect(),
            least: vec![None; threads],
            senders,
            inbox,
            best: None,
            seen: 0,
            capacity: (ROOT as usize - 1) / threads,
        }
    }

    /// The thread that owns the state of hash `hash` ([`owner`]).
    #[inline]
    fn owner(&self, hash: u64) -> usize {
        owner(hash, self.threads)
    }

    /// The id of this thread's node `idx` across all threads.
    #[inline]
    fn id(&self, idx: u32) -> u32 {
        idx * self.threads as u32 + self.me as u32
    }

    /// Runs this thread's part of the search until it is over; a limit or the observer stops
    /// every thread.
    fn search<P, O>(&mut self, problem: &P, meter: &mut Meter<'_, O>)
    where
        P: Problem<State = S, Action = A, Cost = C>,
        O: Observer<S, C>,
    {
        let _guard = StopOnPanic(&self.shared.flags.stopping);
        if let Err(reason) = self.run(problem, meter) {
            self.shared.stop(reason);
        }
    }

    fn run<P, O>(&mut self, problem: &P, meter: &mut Meter<'_, O>) -> Result<(), StopReason>
    where
        P: Problem<State = S, Action = A, Cost = C>,
        O: Observer<S, C>,
    {
        let start = problem.initial_state();
        if self.owner(FxBuildHasher.hash_one(&start)) == self.me {
            let h = problem.heuristic(&start);
            let node = self.tree.insert_root(start)?;
            self.heap.push(Entry { f: h, h, node });
        }
        let track_memory = meter.memory_limit().is_some();
        let mut buf = Vec::new();
        loop {
            if self.shared.over() {
                return Ok(());
            }
            self.take_in()?;
            let version = self.shared.flags.version.load(Ordering::Acquire);
            if version != self.seen {
                self.seen = version;
                self.best = lock(&self.shared.goal).map(|(cost, _)| cost);
            }
            let Some(entry) = self.next() else {
                // Nothing left here, or nothing that can beat the goal found: wait for nodes
                // from the others.
                match self.idle(meter)? {
                    Woken::Batch => continue,
                    Woken::Over => return Ok(()),
                }
            };
            let idx = entry.node as usize;
            // A batch holding a better node than this one goes out now, so that its owner
            // does not expand worse nodes meanwhile (the threads stay near best-first order
            // even where few children are made).
            for to in 0..self.least.len() {
                if self.least[to].is_some_and(|least| cheaper(least, entry.f)) {
                    self.flush(to);
                }
            }
            self.tree.nodes[idx].close();
            let g_here = self.tree.nodes[idx].g;
            let state = &self.tree.nodes[idx].state;
            if problem.is_goal(state) {
                self.found(g_here, self.id(entry.node));
                continue;
            }
            let info = NodeInfo { state, g: g_here, h: Some(entry.h), depth: None };
            if !meter.expanding(info)? {
                continue;
            }
            if track_memory {
                let frontier = self.heap.capacity() * std::mem::size_of::<Entry<C>>();
                meter.memory(self.tree.bytes() + frontier as u64)?;
            }
            buf.clear();
            problem.expand(&self.tree.nodes[idx].state, &mut buf);
            let parent = self.id(entry.node);
            for succ in buf.drain(..) {
                let g = g_here + succ.cost;
                if !meter.generated(NodeInfo { state: &succ.state, g, h: None, depth: None })? {
                    continue;
                }
                let owner = self.owner(FxBuildHasher.hash_one(&succ.state));
                if owner != self.me {
                    // Whether it is new is known only to its owner, which lacks this parent:
                    // the heuristic is computed here.
                    let h = problem.heuristic_after(&self.tree.nodes[idx].state, entry.h, &succ.action, &succ.state);
                    let f = g.saturating_add(h);
                    self.outbox[owner].push(Msg { state: succ.state, parent, action: succ.action, g, h });
                    if self.least[owner].is_none_or(|least| cheaper(f, least)) {
                        self.least[owner] = Some(f);
                    }
                    if self.outbox[owner].len() >= BATCH {
                        self.flush(owner);
                    }
                    continue;
                }
                let Some(child) = self.store(succ.state, parent, succ.action, g)? else { continue };
                let tree = &self.tree;
                let h = problem.heuristic_after(
                    &tree.nodes[idx].state,
                    entry.h,
                    tree.action(child),
                    &tree.nodes[child as usize].state,
                );
                self.heap.push(Entry { f: g.saturating_add(h), h, node: child });
            }
            self.heap.settle();
            meter.frontier(self.heap.len());
        }
    }

    /// Stores `state` reached from `parent` by `action` at cost `g` ([`Tree::relax`],
    /// re-opening): the index of its node when it is new or this path is cheaper, else `None`.
    #[inline(always)]
    fn store(&mut self, state: S, parent: u32, action: A, g: C) -> Result<Option<u32>, StopReason> {
        match self.tree.relax(state, parent, action, g, true)? {
            Some(node) if node as usize >= self.capacity => Err(StopReason::NodeCapacity),
            stored => Ok(stored),
        }
    }

    /// The next node worth expanding: the best open one, unless it cannot beat the goal found
    /// (it is then put back).
    #[inline]
    fn next(&mut self) -> Option<Entry<C>> {
        loop {
            let entry = self.heap.pop()?;
            // Lazy deletion: a stale entry surfaces only after its node was expanded.
            if self.tree.nodes[entry.node as usize].is_closed() {
                continue;
            }
            if self.best.is_some_and(|best| !cheaper(entry.f, best)) {
                self.heap.push(entry);
                return None;
            }
            return Some(entry);
        }
    }

    /// Records a goal reached at cost `g` (node `id`) if it is the cheapest so far.
    fn found(&mut self, g: C, id: u32) {
        let mut goal = lock(&self.shared.goal);
        if goal.is_none_or(|(best, _)| cheaper(g, best)) {
            *goal = Some((g, id));
            self.shared.flags.version.fetch_add(1, Ordering::AcqRel);
        }
    }

    /// Queues the nodes of a batch from another thread.
    fn absorb(&mut self, batch: Vec<Msg<S, A, C>>) -> Result<(), StopReason> {
        for Msg { state, parent, action, g, h } in batch {
            if let Some(node) = self.store(state, parent, action, g)? {
                self.heap.push(Entry { f: g.saturating_add(h), h, node });
            }
        }
        Ok(())
    }

    /// Takes in the batches waiting, without blocking.
    fn take_in(&mut self) -> Result<(), StopReason> {
        while let Ok(batch) = self.inbox.try_recv() {
            lock(&self.shared.traffic).in_flight -= 1;
            self.absorb(batch)?;
        }
        Ok(())
    }

    /// Sends the batch for thread `to`.
    fn flush(&mut self, to: usize) {
        let batch = std::mem::replace(&mut self.outbox[to], Vec::with_capacity(BATCH));
        self.least[to] = None;
        lock(&self.shared.traffic).in_flight += 1;
        if self.senders[to].send(batch).is_err() {
            // The owner is gone: it stopped, and so does everyone.
            self.shared.flags.stopping.store(true, Ordering::Release);
        }
    }

    /// Sends every batch, then waits for a batch from another thread; declares the search over
    /// when every thread is idle and nothing is on its way.
    fn idle<O>(&mut self, meter: &Meter<'_, O>) -> Result<Woken, StopReason> {
        for to in 0..self.outbox.len() {
            if !self.outbox[to].is_empty() {
                self.flush(to);
            }
        }
        {
            let mut traffic = lock(&self.shared.traffic);
            traffic.idle += 1;
            if traffic.idle == self.shared.threads && traffic.in_flight == 0 {
                self.shared.flags.done.store(true, Ordering::Release);
            }
        }
        loop {
            if self.shared.over() {
                return Ok(Woken::Over);
            }
            match self.inbox.recv_timeout(IDLE_WAIT) {
                Ok(batch) => {
                    {
                        let mut traffic = lock(&self.shared.traffic);
                        traffic.idle -= 1;
                        traffic.in_flight -= 1;
                    }
                    self.absorb(batch)?;
                    return Ok(Woken::Batch);
                }
                Err(RecvTimeoutError::Timeout) => meter.clock().check()?,
                Err(RecvTimeoutError::Disconnected) => return Ok(Woken::Over),
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::informed::astar;
    use crate::{FnProblem, Successor};
    use proptest::prelude::*;
    use std::sync::Arc;

    /// A grid with walls from `seed`, 4-connected moves of cost 1 or 2 (by square), from the
    /// top-left corner to the bottom-right one, with the Manhattan distance as heuristic.
    fn grid(side: i32, seed: u64) -> impl Problem<State = (i32, i32), Action = (), Cost = u32> {
        let wall = move |x: i32, y: i32| {
            let v = (x as u64 * 31 + y as u64 * 1_000_003 + seed).wrapping_mul(0x9E37_79B9_7F4A_7C15);
            (v >> 60) < 4 && (x, y) != (0, 0) && (x, y) != (side - 1, side - 1)
        };
        FnProblem::new(
            (0, 0),
            move |&(x, y): &(i32, i32)| {
                [(1, 0), (-1, 0), (0, 1), (0, -1)]
                    .into_iter()
                    .map(move |(dx, dy)| (x + dx, y + dy))
                    .filter(move |&(a, b)| (0..side).contains(&a) && (0..side).contains(&b) && !wall(a, b))
                    .map(move |s| (s, 1 + u32::from((s.0 + s.1) % 3 == 0)))
                    .collect::<Vec<_>>()
            },
            move |&s: &(i32, i32)| s == (side - 1, side - 1),
        )
        .with_heuristic(move |&(x, y): &(i32, i32)| ((side - 1 - x) + (side - 1 - y)) as u32)
    }

    #[test]
    fn owners_share_the_states_out_evenly_whatever_the_tags() {
        // Hashes as the node stores see them; for each thread count, the states of each
        // hashbrown tag (the top seven bits) go to every thread in about equal numbers.
        let hashes: Vec<u64> = (0..1u64 << 16).map(|i| FxBuildHasher.hash_one(i)).collect();
        for threads in [2, 3, 4] {
            for tag in [0, 1, 64, 127] {
                let mut count = vec![0usize; threads];
                let with_tag = hashes.iter().filter(|&&h| h >> 57 == tag);
                with_tag.for_each(|&h| count[owner(h, threads)] += 1);
                let total: usize = count.iter().sum();
                assert!(total > 300, "{total} hashes with tag {tag}");
                for &c in &count {
                    let share = c as f64 * threads as f64 / total as f64;
                    assert!((0.8..1.2).contains(&share), "tag {tag}, {threads} threads: {count:?}");
                }
            }
        }
    }

    /// Whether `path` is a walk of `p` from its start to a goal costing `cost`.
    fn valid<P: Problem<Cost = u32>>(p: &P, states: &[P::State], cost: u32) -> bool {
        let mut total = 0;
        for pair in states.windows(2) {
            let mut out: Vec<Successor<P::State, P::Action, u32>> = Vec::new();
            p.expand(&pair[0], &mut out);
            match out.iter().filter(|s| s.state == pair[1]).map(|s| s.cost).min() {
                Some(c) => total += c,
                None => return false,
            }
        }
        states.first() == Some(&p.initial_state()) && states.last().is_some_and(|s| p.is_goal(s)) && total == cost
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(48))]
        /// On random grids, two to four threads find a valid path of the serial A* cost, or
        /// prove as it does that there is none.
        #[test]
        fn agrees_with_serial_astar(seed in 0u64..1_000_000, side in 2i32..40, threads in 2usize..5) {
            let make = || grid(side, seed);
            let p = make();
            let serial = astar(&p, &Limits::none(), NoObserver).into_solution();
            let out = parallel_astar(&p, make, threads, &Limits::none(), NoObserver);
            match (serial, out.outcome) {
                (Some(s), Outcome::Solved(par)) => {
                    prop_assert_eq!(par.cost, s.cost);
                    prop_assert!(valid(&p, &par.states, par.cost));
                    prop_assert_eq!(par.actions.len() + 1, par.states.len());
                }
                (None, Outcome::NoSolution) => {}
                (s, o) => prop_assert!(false, "serial {:?}, parallel {:?}", s.map(|s| s.cost), o.kind()),
            }
        }
    }

    #[test]
    fn counts_every_threads_work() {
        let make = || grid(60, 7);
        let p = make();
        let mut seen = 0u64;
        let watch = crate::FnObserver(|e: &crate::Event<'_, (i32, i32), u32>, _: &_| {
            if let crate::Event::Expand(_) = e {
                seen += 1;
            }
        });
        let out = parallel_astar(&p, make, 2, &Limits::none(), watch);
        let serial = astar(&p, &Limits::none(), NoObserver);
        assert_eq!(out.solution().map(|s| s.cost), serial.solution().map(|s| s.cost));
        // The observer sees the calling thread's expansions; the statistics hold both threads'.
        assert!(seen > 0 && out.stats.expanded > seen, "{seen} seen, {} counted", out.stats.expanded);
        assert!(out.stats.generated >= out.stats.expanded);
    }

    #[test]
    fn threads_whose_frontiers_crowd_go_on_in_buckets() {
        // A tree of branching 24 whose leaves (depth 4, dear to reach) crowd the threads'
        // frontiers past the switch to buckets (see the `buckets` module).
        let make = || {
            FnProblem::new(
                (0u8, 0u32),
                |&(depth, i): &(u8, u32)| {
                    let last = if depth == 3 { 10 } else { 0 };
                    (0..24u32)
                        .filter(move |_| depth < 4)
                        .map(move |k| ((depth + 1, i * 24 + k), last + 1 + (i + k) % 3))
                },
                |&s: &(u8, u32)| s == (4, 16_022),
            )
            .with_heuristic(|&(depth, _): &(u8, u32)| u32::from(4 - depth))
        };
        let p = make();
        let serial = astar(&p, &Limits::none(), NoObserver);
        let out = parallel_astar(&p, make, 2, &Limits::none(), NoObserver);
        assert!(out.stats.max_frontier > 2 * crate::buckets::SWITCH as u64, "{}", out.stats.max_frontier);
        let (par, ser) = (out.solution().expect("a path"), serial.solution().expect("a path"));
        assert_eq!(par.cost, ser.cost);
        assert!(valid(&p, &par.states, par.cost));
    }

    #[test]
    fn proves_there_is_no_solution() {
        // 0..=500 by +1 and +3 steps, the goal out of reach.
        let make = || {
            FnProblem::new(
                0u32,
                |&n: &u32| [(n + 1, 1u32), (n + 3, 1)].into_iter().filter(|&(m, _)| m <= 500).collect::<Vec<_>>(),
                |&n: &u32| n == 1000,
            )
        };
        let out = parallel_astar(&make(), make, 3, &Limits::none(), NoObserver);
        assert!(matches!(out.outcome, Outcome::NoSolution));
        // Every state is expanded; one reached first by a dearer path may be expanded again.
        assert!(out.stats.expanded >= 501, "{}", out.stats.expanded);
    }

    #[test]
    fn limits_stop_every_thread() {
        // A binary tree without end (wrapping past the largest `u64`).
        let endless = || {
            let kids = |&n: &u64| [(n.wrapping_mul(2).wrapping_add(1), 1u32), (n.wrapping_mul(2).wrapping_add(2), 1)];
            FnProblem::new(0u64, kids, |_: &u64| false)
        };
        let out = parallel_astar(&endless(), endless, 2, &Limits::none().max_expanded(10_000), NoObserver);
        assert_eq!(out.outcome.stop_reason(), Some(StopReason::NodeLimit));
        assert!(out.stats.expanded <= 10_000, "{}", out.stats.expanded);
        let flag = Arc::new(AtomicBool::new(true));
        let cancelled = Limits { cancel: Some(flag), ..Limits::none() };
        let out = parallel_astar(&endless(), endless, 2, &cancelled, NoObserver);
        assert_eq!(out.outcome.stop_reason(), Some(StopReason::Cancelled));
    }
}
