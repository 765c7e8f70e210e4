//! A sliding puzzle's whole state space, breadth-first from the goal, as a timely dataflow.
//!
//! States are their [`Ranker`] indices, `blank · H + k` with `H = cells!/2 / cells`. Worker
//! `w` of `P` owns the states whose `k mod P = w`: a move along a row keeps `k` (the tile
//! order is unchanged), so most successors stay with their parent's owner and never cross
//! the network. Each worker keeps the single-machine enumerator's table for its share, 2 bits
//! of depth mod 3 and a closed bit per state (3 bits), and each layer runs as in
//! `delve_sliding::enumerate`: scan for the states of the layer, expand them, and mark the
//! unseen successors with the next layer's value. A successor another worker owns is sent to
//! it through an exchange pact, and the owner marks it.
//!
//! The scan goes in chunks, one timestamp each; a worker sends a chunk's successors only once
//! the chunk before the previous one is delivered everywhere, so at most two chunks of
//! messages are in flight and the exchange buffers stay bounded. At the end of a layer the
//! workers broadcast their counts, which gives every worker the layer's size (an empty layer
//! ends the search) and worker 0 the per-depth table.

use crate::Error;
use crate::cluster::{self, Cluster};
use delve_core::big_table::BigTable;
use delve_core::{Bound, Limits, Meter, NoObserver, Observer, OutcomeKind, Stats, StopReason, human};
use delve_sliding::board::MoveTable;
use delve_sliding::enumerate::slots_holding;
use delve_sliding::rank::{Ranker, state_count};
use delve_sliding::{Dims, Grid};
use std::cell::RefCell;
use std::collections::BTreeMap;
use std::rc::Rc;
use std::sync::{Arc, Mutex};
use timely::container::CapacityContainerBuilder;
use timely::dataflow::channels::pact::{Exchange, Pipeline};
use timely::dataflow::operators::generic::Operator;
use timely::dataflow::operators::vec::Broadcast;
use timely::dataflow::operators::{Input, Probe};
use timely::dataflow::{InputHandle, ProbeHandle};
use timely::worker::Worker;

/// The name reports give this search: breadth-first search over tables indexed by rank,
/// spread over a dataflow's workers.
pub const ALGORITHM: &str = "dataflow-bfs";

/// Table words (32 states each) a worker scans per timestamp.
const CHUNK_WORDS: usize = 1 << 16;

/// Per-depth counts of a distributed enumeration, as process 0 reports them.
#[derive(Clone, Debug, PartialEq)]
pub struct Counts {
    /// `per_depth[d]` = states exactly `d` moves from the goal.
    pub per_depth: Vec<u64>,
    /// The whole cluster's work: `expanded` = states, `generated` = their successors,
    /// `iterations` = layers scanned, `max_frontier` = the largest layer.
    pub stats: Stats,
}

/// Bytes each process needs for its share of `board`'s tables (3 bits a state) and its
/// exchange buffers.
pub fn memory_per_process(board: Dims, cluster: &Cluster) -> f64 {
    let tables = state_count(board) * 3.0 / 8.0 / cluster.processes as f64;
    // Successors waiting to be sent or marked: two chunks of at most three each, 8 bytes.
    let buffers = cluster.workers as f64 * 2.0 * (CHUNK_WORDS * 32 * 3 * 8) as f64;
    tables + buffers.min(tables)
}

/// Enumerates every state that can reach `goal` on the workers of `cluster`, giving the
/// per-depth counts on process 0 (`None` on the others). `observer` sees process 0's
/// worker 0: an [`Event::Iteration`] per layer with `Bound::Depth(d)` and
/// [`Event::Progress`] with the phase `"depth d"` over the layer's chunks, as the
/// single-machine enumeration reports them. Refuses boards whose share would not fit in
/// `memory_available` bytes; honours the time limit and cancellation of `limits`.
///
/// ```
/// use delve_dist::{Cluster, enumerate::enumerate};
/// use delve_sliding::{Dims, Grid};
/// use delve_core::{Limits, NoObserver};
/// let goal = Grid::standard_goal(Dims::new(2, 3).unwrap());
/// let counts = enumerate(&Cluster::local(2), &goal, u64::MAX, &Limits::none(), NoObserver).unwrap().unwrap();
/// assert_eq!(counts.per_depth.iter().sum::<u64>(), 360);
/// assert_eq!(counts.per_depth.len() - 1, 21);
/// ```
///
/// [`Event::Iteration`]: delve_core::Event::Iteration
/// [`Event::Progress`]: delve_core::Event::Progress
pub fn enumerate<O>(
    cluster: &Cluster,
    goal: &Grid,
    memory_available: u64,
    limits: &Limits,
    observer: O,
) -> Result<Option<Counts>, Error>
where
    O: Observer<(), u64> + Send + 'static,
{
    let board = goal.dims();
    if !board.is_line() {
        Ranker::new(goal)?;
        let needed = memory_per_process(board, cluster);
        if needed > memory_available as f64 {
            return Err(Error::TooLarge {
                board: board.to_string(),
                states: human::count(state_count(board)),
                processes: cluster.processes,
                needed: human::bytes(needed),
                available: human::bytes(memory_available as f64),
            });
        }
    }
    let name = format!("sliding enumerate {board} goal {:?}", goal.tiles());
    let observer = Arc::new(Mutex::new(Some(observer)));
    let (goal, limits) = (goal.clone(), limits.clone());
    cluster::run(cluster, &name, move |worker| {
        let lead = worker.index() == 0;
        let observer = if lead { observer.lock().unwrap_or_else(|p| p.into_inner()).take() } else { None };
        match observer {
            Some(o) if board.is_line() => line(&goal, &limits, o).map(Some),
            Some(o) => search(worker, &goal, &limits, o).map(Some),
            None if board.is_line() => Ok(None),
            None => search(worker, &goal, &limits, NoObserver).map(|_| None),
        }
    })
}

/// A line (1×N, N×1) has N states: worker 0 enumerates it alone.
fn line<O: Observer<(), u64> + Send>(goal: &Grid, limits: &Limits, observer: O) -> Result<Counts, Error> {
    match delve_sliding::enumerate::enumerate(goal, u64::MAX, limits, observer) {
        Ok(e) => Ok(Counts { per_depth: e.per_depth().to_vec(), stats: *e.stats() }),
        Err(delve_sliding::Error::Stopped { reason, stats }) => Err(Error::Stopped { reason, stats }),
        Err(e) => Err(e.into()),
    }
}

/// How the rank space is dealt to the workers.
#[derive(Clone, Copy, Debug)]
struct Part {
    /// `H`: indices per blank cell.
    half: u64,
    /// Workers.
    peers: u64,
    /// `log2(peers)` when the workers are a power of two (then splitting is a mask and a
    /// shift, not a division).
    shift: Option<u32>,
    /// This worker.
    me: u64,
    /// Indices per blank cell this worker owns, `⌈H / P⌉` (the same for every worker; the
    /// last ones may own a few padding slots that no state maps to).
    local_half: u64,
}

impl Part {
    fn new(half: u64, peers: u64, me: u64) -> Part {
        let shift = peers.is_power_of_two().then(|| peers.trailing_zeros());
        Part { half, peers, shift, me, local_half: half.div_ceil(peers) }
    }
    /// The owner of tile order `k` and its place among the owner's, `(k mod P, k div P)`.
    #[inline]
    fn split(&self, k: u64) -> (u64, u64) {
        match self.shift {
            Some(s) => (k & (self.peers - 1), k >> s),
            None => (k % self.peers, k / self.peers),
        }
    }
    /// The owner of global index `x` and its index in the owner's table.
    #[cfg(test)]
    fn place(&self, x: u64) -> (u64, u64) {
        let (owner, j) = self.split(x % self.half);
        (owner, x / self.half * self.local_half + j)
    }
    /// The global index of this worker's local index `l`.
    #[cfg(test)]
    fn global(&self, l: u64) -> u64 {
        let (blank, j) = (l / self.local_half, l % self.local_half);
        blank * self.half + j * self.peers + self.me
    }
}

/// The bits to clear in the field of a state first reached from layer `depth`: `3 ^` its
/// value, `(depth + 1) mod 3`.
#[inline]
fn clear_mask(depth: u64) -> u64 {
    3 ^ ((depth + 1) % 3)
}

/// Marks local state `l` with the value `3 ^ clear` if it is unseen.
#[inline]
fn mark(table: &mut [u64], l: u64, clear: u64) {
    let word = &mut table[(l / 32) as usize];
    let shift = 2 * (l % 32);
    if (*word >> shift) & 3 == 3 {
        *word &= !(clear << shift);
    }
}

/// One worker's part of the search.
fn search<O: Observer<(), u64>>(
    worker: &mut Worker,
    goal: &Grid,
    limits: &Limits,
    observer: O,
) -> Result<Counts, Error> {
    let board = goal.dims();
    let ranker = Ranker::new(goal)?;
    let moves = MoveTable::new(board);
    let cells = board.cells() as u64;
    let peers = worker.peers() as u64;
    let part = Part::new(ranker.len() / cells, peers, worker.index() as u64);
    let words = (cells * part.local_half).div_ceil(32) as usize;
    // Tables of gigabytes probed at random: in their own memory, on huge pages if offered.
    let big = |bytes: usize, cause| Error::Memory { needed: human::bytes(bytes as f64), cause };
    let table = BigTable::filled(words, u64::MAX).map_err(|e| big(words * 8, e))?;
    let table = Rc::new(RefCell::new(table));
    let mut closed = BigTable::filled(words, 0u32).map_err(|e| big(words * 4, e))?;
    // Layer `d` uses the timestamps `d · stride ..`: one per chunk, then one for the counts.
    // The markers read the layer off a message's timestamp, since a fast worker may already
    // send the next layer's successors while a slow one still waits for the last counts.
    let chunks = words.div_ceil(CHUNK_WORDS).max(1);
    let stride = chunks as u64 + 1;
    // Each layer's total (states, successors), by depth.
    let sums: Rc<RefCell<BTreeMap<u64, (u64, u64)>>> = Rc::default();
    let mut children: crate::Input<u64> = InputHandle::new();
    let mut counts: crate::Input<(u64, u64)> = InputHandle::new();
    let probe = ProbeHandle::new();
    worker.dataflow::<u64, _, _>(|scope| {
        let t = Rc::clone(&table);
        // A successor travels as `local index · P + owner`, so the pact routes it by its
        // low part and the owner finds its slot without dividing by H.
        scope
            .input_from(&mut children)
            .unary::<CapacityContainerBuilder<Vec<()>>, _, _, _>(
                Exchange::new(move |&x: &u64| part.split(x).0),
                "mark",
                move |_, _| {
                    move |input, _| {
                        let mut table = t.borrow_mut();
                        let table: &mut [u64] = &mut table;
                        input.for_each(|cap, data| {
                            let clear = clear_mask(cap.least().copied().unwrap_or_default() / stride);
                            for &x in data.iter() {
                                mark(table, part.split(x).1, clear);
                            }
                        });
                    }
                },
            )
            .probe_with(&probe);
        let s = Rc::clone(&sums);
        scope
            .input_from(&mut counts)
            .broadcast()
            .unary::<CapacityContainerBuilder<Vec<()>>, _, _, _>(Pipeline, "sum", move |_, _| {
                move |input, _| {
                    let mut sums = s.borrow_mut();
                    input.for_each(|cap, data| {
                        let sum = sums.entry(cap.least().copied().unwrap_or_default() / stride).or_default();
                        for &(n, g) in data.iter() {
                            *sum = (sum.0 + n, sum.1 + g);
                        }
                    });
                }
            })
            .probe_with(&probe);
    });
    let goal_index = ranker.rank(&goal.position());
    let (owner, place) = part.split(goal_index % part.half);
    if owner == part.me {
        mark(&mut table.borrow_mut(), goal_index / part.half * part.local_half + place, 3);
    }
    let mut meter = Meter::new(limits, observer);
    let stopped = |meter: &mut Meter<'_, O>, reason: StopReason| Error::Stopped {
        reason,
        stats: meter.finish_with::<(), u64>(OutcomeKind::Stopped, Some(reason)),
    };
    if let Err(r) = meter.start::<(), u64>(ALGORITHM) {
        return Err(stopped(&mut meter, r));
    }
    let mut cursor = ranker.cursor();
    let mut remote: Vec<u64> = Vec::new();
    let mut per_depth = Vec::new();
    for depth in 0u32.. {
        if let Err(r) = meter.iteration::<(), u64>(Bound::Depth(depth.into())) {
            return Err(stopped(&mut meter, r));
        }
        let phase = format!("depth {depth}");
        let value = u64::from(depth % 3);
        let first = u64::from(depth) * stride;
        let (mut count, mut generated) = (0u64, 0u64);
        for c in 0..chunks {
            let range = c * CHUNK_WORDS..((c + 1) * CHUNK_WORDS).min(words);
            {
                let mut t = table.borrow_mut();
                // The slices once a chunk, not a `BigTable` deref per successor.
                let (t, closed): (&mut [u64], &mut [u32]) = (&mut t, &mut closed);
                let clear = clear_mask(depth.into());
                for w in range {
                    let mut slots = slots_holding(t[w], value) & !closed[w];
                    if slots == 0 {
                        continue;
                    }
                    closed[w] |= slots;
                    count += u64::from(slots.count_ones());
                    // The word's first local index as (blank cell, place among this worker's
                    // tile orders); each slot is a few places on.
                    let first = w as u64 * 32;
                    let (word_blank, word_j) = (first / part.local_half, first % part.local_half);
                    while slots != 0 {
                        let s = u64::from(slots.trailing_zeros());
                        slots &= slots - 1;
                        let (mut blank, mut j) = (word_blank, word_j + s);
                        while j >= part.local_half {
                            (blank, j) = (blank + 1, j - part.local_half);
                        }
                        let k = j * peers + part.me;
                        cursor.advance(blank * part.half + k);
                        let targets = moves.targets(blank as usize);
                        generated += targets.len() as u64;
                        for &to in targets {
                            let child = cursor.neighbor_order(to as usize);
                            let base = u64::from(to) * part.local_half;
                            if child == k {
                                // Along a row: same tile order, same owner.
                                mark(t, base + j, clear);
                                continue;
                            }
                            let (owner, place) = part.split(child);
                            if owner == part.me {
                                mark(t, base + place, clear);
                            } else {
                                remote.push((base + place) * peers + owner);
                            }
                        }
                    }
                }
            }
            if !remote.is_empty() {
                children.send_batch(&mut remote);
                remote.clear();
            }
            let sent_at = first + c as u64;
            children.advance_to(sent_at + 1);
            counts.advance_to(sent_at + 1);
            // Wait for the chunk before this one to be delivered everywhere.
            while probe.less_than(&sent_at) {
                worker.step();
            }
            if let Err(r) = meter.progress::<(), u64>(&phase, c as u64 + 1, Some(chunks as u64)) {
                return Err(stopped(&mut meter, r));
            }
        }
        counts.send((count, generated));
        let next = first + stride;
        children.advance_to(next);
        counts.advance_to(next);
        while probe.less_than(&next) {
            worker.step();
        }
        let (layer, generated) = sums.borrow_mut().remove(&depth.into()).unwrap_or_default();
        meter.add(layer, generated);
        meter.frontier(layer as usize);
        if layer == 0 {
            break;
        }
        per_depth.push(layer);
    }
    let stats = meter.finish_with::<(), u64>(OutcomeKind::Solved, None);
    Ok(Counts { per_depth, stats })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parts_cover_the_rank_space_once() {
        for (half, peers) in [(60u64, 7u64), (60, 4), (60, 1)] {
            for x in 0..6 * half {
                let p = Part::new(half, peers, 0);
                let (owner, l) = p.place(x);
                assert!(owner < peers && l < 6 * p.local_half);
                let q = Part { me: owner, ..p };
                assert_eq!(q.global(l), x);
            }
        }
    }
}
