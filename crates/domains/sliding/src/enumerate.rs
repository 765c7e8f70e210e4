//! Whole-space enumeration: breadth-first search from the goal over a table indexed by
//! [`Ranker`] index, multithreaded with rayon. (A line, 1×N or N×1, has a search of its own:
//! its tiles never pass each other, so its N states differ only in the blank's cell.)
//!
//! Memory per state: 2 bits of depth modulo 3 (3 = unseen), kept for lookups, plus one
//! "closed" bit during the search, so 3×4 (239,500,800 states) needs about 90 MB. Layer `d`
//! is every state whose 2-bit value is `d mod 3` and whose closed bit is clear; expanding it
//! sets the closed bit (only the thread scanning that word touches it) and writes
//! `(d + 1) mod 3` into unseen neighbours with an atomic AND. Neighbours of a depth-`d` state
//! have depth `d ± 1` (the graph is bipartite), so walking from any state to the neighbour
//! whose value is one less modulo 3 reaches the goal along a shortest path: the table
//! answers exact depths and optimal paths without storing them.

use crate::board::{Dims, Move, MoveTable};
use crate::error::Error;
use crate::notation::{Notation, format_state};
use crate::rank::{Ranker, state_count};
use crate::state::{Grid, Nibbles, Position};
use crate::table::{self, DepthTable, LookupReport, lookup_detail, lookup_report};
use delve_core::human;
use delve_core::{Bound, Limits, Meter, Observer, OutcomeKind, Report, SharedMeter, Stats, StopReason};
use rayon::prelude::*;
use serde::Serialize;
use std::sync::OnceLock;
use std::sync::atomic::{AtomicU64, Ordering::Relaxed};
use std::time::Duration;

/// Most table words (32 states each) handled per parallel task.
const CHUNK_WORDS: usize = 1 << 12;
/// Up to this many states the search keeps frontier lists (see [`by_lists`]).
const LISTS_UP_TO: u64 = 1 << 22;
/// Below this many states the search runs on one thread (no scheduling overhead).
const PARALLEL_FROM: u64 = 1 << 16;
const LOW_BITS: u64 = 0x5555_5555_5555_5555;

/// The name reports give the enumeration's search: breadth-first search over a table
/// indexed by rank.
pub const ALGORITHM: &str = "table-bfs";
/// Frontier states handled between two progress reports of the list search.
const PROGRESS_STATES: usize = 1 << 12;

/// Memory the enumeration of `board` needs, in bytes (3 bits per state while searching).
pub fn memory_needed(board: Dims) -> f64 {
    state_count(board) * 3.0 / 8.0 + 64.0 * 1024.0
}

/// The result of a whole-space enumeration: per-depth counts plus a depth table that
/// answers depths and optimal paths for any reachable state.
pub struct Enumeration {
    goal: Grid,
    space: Space,
    per_depth: Vec<u64>,
    stats: Stats,
}

/// An enumeration's depths.
enum Space {
    /// A 2-D board: every state's depth mod 3, 2 bits each, by [`Ranker`] index.
    Mod3 { ranker: Ranker, moves: MoveTable, table: Vec<AtomicU64> },
    /// A line: its tiles never pass each other, so its states are the blank's cells, with
    /// their exact depths.
    Line(DepthTable),
}

/// Enumerates every state that can reach `goal` by breadth-first search from it.
/// Refuses (with [`Error::TooLarge`]) when the tables would not fit in `memory_available`
/// bytes (a line, with one state per cell, always fits). Honours the time limit and cancellation flag of `limits` (not the node limit: the
/// job is the whole space) and stops with [`Error::Stopped`] when one is hit or the observer
/// asks.
///
/// Reports through `observer`: each breadth-first layer is an [`Event::Iteration`] with
/// `Bound::Depth(d)`, announced when its scan starts (so the layer before it is complete);
/// within a layer, [`Event::Progress`] events with the phase `"depth d"` count the work done
/// (frontier states, or table words on large boards). In the statistics, `expanded` counts
/// states (each reachable state once, so at an iteration event it has grown by exactly the
/// previous layer's size), `generated` their successors, and `iterations` the layers scanned
/// (the last one finds nothing); `max_frontier` is the largest layer.
///
/// [`Event::Iteration`]: delve_core::Event::Iteration
/// [`Event::Progress`]: delve_core::Event::Progress
///
/// ```
/// use delve_sliding::{Dims, Grid, enumerate::enumerate};
/// use delve_core::{Limits, NoObserver};
/// let e = enumerate(&Grid::standard_goal(Dims::new(2, 3).unwrap()), u64::MAX, &Limits::none(), NoObserver).unwrap();
/// assert_eq!(e.states(), 360);
/// assert_eq!(e.max_depth(), 21);
/// assert_eq!(e.stats().expanded, 360);
/// ```
pub fn enumerate<O>(goal: &Grid, memory_available: u64, limits: &Limits, observer: O) -> Result<Enumeration, Error>
where
    O: Observer<(), u64> + Send,
{
    let board = goal.dims();
    if board.is_line() {
        return enumerate_line(goal, limits, observer);
    }
    let needed = memory_needed(board);
    if needed > memory_available as f64 || board.cells() > 16 {
        return Err(Error::TooLarge {
            board: board.to_string(),
            states: human::count(state_count(board)),
            needed: human::bytes(needed),
            available: human::bytes(memory_available as f64),
        });
    }
    let mut meter = Meter::new(limits, observer);
    let ranker = Ranker::new(goal)?;
    let moves = MoveTable::new(board);
    let total = ranker.len();
    let words = total.div_ceil(32) as usize;
    let table: Vec<AtomicU64> = (0..words).map(|_| AtomicU64::new(u64::MAX)).collect();
    let goal_index = ranker.rank(&goal.position());
    table[(goal_index / 32) as usize].fetch_and(!(3u64 << (2 * (goal_index % 32))), Relaxed);
    let (mut meter, result) = match meter.start::<(), u64>(ALGORITHM) {
        Err(reason) => (meter, Err(reason)),
        Ok(()) if total <= LISTS_UP_TO => {
            let result = by_lists(&ranker, &moves, &table, goal.position(), &mut meter);
            (meter, result)
        }
        Ok(()) => by_scans(&ranker, &moves, &table, meter),
    };
    let stats = match &result {
        Ok(_) => meter.finish_with::<(), u64>(OutcomeKind::Solved, None),
        Err(reason) => meter.finish_with::<(), u64>(OutcomeKind::Stopped, Some(*reason)),
    };
    match result {
        Ok(per_depth) => {
            Ok(Enumeration { goal: goal.clone(), space: Space::Mod3 { ranker, moves, table }, per_depth, stats })
        }
        Err(reason) => Err(Error::Stopped { reason, stats }),
    }
}

/// The enumeration of a line (1×N, N×1): breadth-first search over the blank's cells, since
/// the tiles keep the goal's order, with the same events and statistics as on a 2-D board.
/// The state count is N, and the depth of a state is the blank's distance from its goal cell.
fn enumerate_line<O: Observer<(), u64>>(goal: &Grid, limits: &Limits, observer: O) -> Result<Enumeration, Error> {
    let moves = MoveTable::new(goal.dims());
    let mut meter = Meter::new(limits, observer);
    let mut depths = vec![u8::MAX; goal.dims().cells()];
    let mut per_depth = Vec::new();
    let mut search = || -> Result<(), StopReason> {
        meter.start::<(), u64>(ALGORITHM)?;
        depths[goal.blank()] = 0;
        let mut frontier = vec![goal.blank()];
        for depth in 0u8.. {
            meter.iteration::<(), u64>(Bound::Depth(depth.into()))?;
            let mut next = Vec::new();
            let mut generated = 0u64;
            for &cell in &frontier {
                let targets = moves.targets(cell);
                generated += targets.len() as u64;
                for &to in targets {
                    if depths[to as usize] == u8::MAX {
                        depths[to as usize] = depth + 1;
                        next.push(to as usize);
                    }
                }
            }
            let count = frontier.len() as u64;
            meter.add(count, generated);
            meter.frontier(frontier.len());
            if count == 0 {
                break;
            }
            meter.progress::<(), u64>(&format!("depth {depth}"), count, Some(count))?;
            per_depth.push(count);
            frontier = next;
        }
        Ok(())
    };
    let result = search();
    let stats = match result {
        Ok(()) => meter.finish_with::<(), u64>(OutcomeKind::Solved, None),
        Err(reason) => meter.finish_with::<(), u64>(OutcomeKind::Stopped, Some(reason)),
    };
    match result {
        Ok(()) => {
            Ok(Enumeration { goal: goal.clone(), space: Space::Line(DepthTable::new(goal, depths)?), per_depth, stats })
        }
        Err(reason) => Err(Error::Stopped { reason, stats }),
    }
}

/// Breadth-first search on one thread with frontier lists of positions, each carrying its
/// tile sequence in Lehmer form: nothing is unranked, and a neighbour's index costs a few
/// comparisons ([`Ranker::lehmer_slid`]). For boards whose lists fit easily (3×3: 181,440
/// states), where it beats scanning the table with two threads.
fn by_lists<O: Observer<(), u64>>(
    ranker: &Ranker,
    moves: &MoveTable,
    table: &[AtomicU64],
    goal: Position<Nibbles>,
    meter: &mut Meter<'_, O>,
) -> Result<Vec<u64>, StopReason> {
    let mut frontier = vec![(goal, ranker.lehmer(&goal))];
    let mut next = Vec::new();
    let mut per_depth = Vec::new();
    for depth in 0u32.. {
        meter.iteration::<(), u64>(Bound::Depth(depth.into()))?;
        let phase = format!("depth {depth}");
        let count = frontier.len() as u64;
        let clear_mask = 3 ^ u64::from((depth + 1) % 3);
        next.clear();
        let mut generated = 0u64;
        for (i, part) in frontier.chunks(PROGRESS_STATES).enumerate() {
            if i > 0 {
                meter.progress::<(), u64>(&phase, (i * PROGRESS_STATES) as u64, Some(count))?;
            }
            for &(p, l) in part {
                let targets = moves.targets(p.blank as usize);
                generated += targets.len() as u64;
                for &to in targets {
                    let child = p.slid(to as usize);
                    let child_l = ranker.lehmer_slid(&p, l, to as usize);
                    let index = ranker.index_of(&child, &child_l);
                    let word = &table[(index / 32) as usize];
                    let shift = 2 * (index % 32);
                    let old = word.load(Relaxed);
                    if (old >> shift) & 3 == 3 {
                        word.store(old & !(clear_mask << shift), Relaxed);
                        next.push((child, child_l));
                    }
                }
            }
        }
        meter.add(count, generated);
        meter.frontier(frontier.len());
        if count == 0 {
            break;
        }
        meter.progress::<(), u64>(&phase, count, Some(count))?;
        per_depth.push(count);
        std::mem::swap(&mut frontier, &mut next);
    }
    Ok(per_depth)
}

/// Breadth-first search by scanning the whole table once per layer (no frontier lists, so
/// memory stays at 3 bits per state), spread over rayon's threads.
///
/// The meter is shared by the workers during each layer's scan (and handed back with the
/// outcome).
fn by_scans<'a, O>(
    ranker: &Ranker,
    moves: &MoveTable,
    table: &[AtomicU64],
    mut meter: Meter<'a, O>,
) -> (Meter<'a, O>, Result<Vec<u64>, StopReason>)
where
    O: Observer<(), u64> + Send,
{
    let words = table.len();
    let mut closed: Vec<u32> = vec![0; words];
    let mut per_depth = Vec::new();
    let total = ranker.len();
    let parallel = total >= PARALLEL_FROM && rayon::current_num_threads() > 1;
    let chunk_words = (words / (16 * rayon::current_num_threads())).clamp(64, CHUNK_WORDS);
    for depth in 0u32.. {
        if let Err(reason) = meter.iteration::<(), u64>(Bound::Depth(depth.into())) {
            return (meter, Err(reason));
        }
        let phase = format!("depth {depth}");
        let layer = Layer { ranker, moves, table, value: (depth % 3) as u64, exclusive: !parallel };
        let shared = SharedMeter::new(meter);
        let done = AtomicU64::new(0);
        let stopped = OnceLock::new();
        let scan = |(ci, chunk): (usize, &mut [u32])| -> (u64, u64) {
            if stopped.get().is_some() {
                return (0, 0);
            }
            let counts = layer.scan(ci * chunk_words, chunk);
            let done = done.fetch_add(chunk.len() as u64, Relaxed) + chunk.len() as u64;
            if let Err(reason) = shared.progress::<(), u64>(&phase, done, Some(words as u64)) {
                let _ = stopped.set(reason);
            }
            counts
        };
        let add = |a: (u64, u64), b: (u64, u64)| (a.0 + b.0, a.1 + b.1);
        let (count, generated) = if parallel {
            closed.par_chunks_mut(chunk_words).enumerate().map(scan).reduce(|| (0, 0), add)
        } else {
            closed.chunks_mut(chunk_words).enumerate().map(scan).fold((0, 0), add)
        };
        shared.add(count, generated);
        meter = shared.into_inner();
        meter.frontier(count as usize);
        if let Some(&reason) = stopped.get() {
            return (meter, Err(reason));
        }
        if count == 0 {
            break;
        }
        if let Err(reason) = meter.progress::<(), u64>(&phase, words as u64, Some(words as u64)) {
            return (meter, Err(reason));
        }
        per_depth.push(count);
    }
    (meter, Ok(per_depth))
}

/// One BFS layer: expands the states whose value is `value` and whose closed bit is clear.
struct Layer<'a> {
    ranker: &'a Ranker,
    moves: &'a MoveTable,
    table: &'a [AtomicU64],
    value: u64,
    /// Only one thread works on the table.
    exclusive: bool,
}

impl Layer<'_> {
    /// Scans `closed` (the closed bits of words `first..`), expanding the frontier states in
    /// them; returns how many there were and how many successors they had.
    fn scan(&self, first: usize, closed: &mut [u32]) -> (u64, u64) {
        let next = (self.value + 1) % 3;
        let clear_mask = 3 ^ next;
        let mut cursor = self.ranker.cursor();
        let mut count = 0u64;
        let mut generated = 0u64;
        for (k, closed_word) in closed.iter_mut().enumerate() {
            let w = first + k;
            let mut slots = slots_holding(self.table[w].load(Relaxed), self.value) & !*closed_word;
            if slots == 0 {
                continue;
            }
            *closed_word |= slots;
            count += slots.count_ones() as u64;
            while slots != 0 {
                let s = slots.trailing_zeros() as u64;
                slots &= slots - 1;
                let index = w as u64 * 32 + s;
                let blank = cursor.advance(index);
                let targets = self.moves.targets(blank);
                generated += targets.len() as u64;
                for &to in targets {
                    let child = cursor.neighbor(to as usize);
                    let cw = &self.table[(child / 32) as usize];
                    let shift = 2 * (child % 32);
                    let old = cw.load(Relaxed);
                    if (old >> shift) & 3 == 3 {
                        if self.exclusive {
                            // One thread: a plain read-modify-write is enough.
                            cw.store(old & !(clear_mask << shift), Relaxed);
                        } else {
                            cw.fetch_and(!(clear_mask << shift), Relaxed);
                        }
                    }
                }
            }
        }
        (count, generated)
    }
}

/// The slots of a table word (32 fields of 2 bits) that hold `value`, as a 32-bit mask: a
/// layer's scan looks at a word with this (the distributed enumeration too).
///
/// ```
/// use delve_sliding::enumerate::slots_holding;
/// // Fields 0..4 hold 0, 1, 2, 3; the rest 3 (unseen).
/// let word = u64::MAX << 8 | 0b11_10_01_00;
/// assert_eq!(slots_holding(word, 1), 0b10);
/// assert_eq!(slots_holding(word, 3), !0b111);
/// ```
#[inline]
pub fn slots_holding(word: u64, value: u64) -> u32 {
    let eq = !(word ^ (value * LOW_BITS));
    let hits = eq & (eq >> 1) & LOW_BITS;
    if hits == 0 {
        return 0;
    }
    compress_even_bits(hits)
}

/// Gathers bits 0, 2, 4, … of `x` into a 32-bit mask.
#[inline]
fn compress_even_bits(x: u64) -> u32 {
    let mut x = x & LOW_BITS;
    x = (x | (x >> 1)) & 0x3333_3333_3333_3333;
    x = (x | (x >> 2)) & 0x0F0F_0F0F_0F0F_0F0F;
    x = (x | (x >> 4)) & 0x00FF_00FF_00FF_00FF;
    x = (x | (x >> 8)) & 0x0000_FFFF_0000_FFFF;
    x = (x | (x >> 16)) & 0x0000_0000_FFFF_FFFF;
    x as u32
}

impl Enumeration {
    /// The board's dimensions.
    pub fn dims(&self) -> Dims {
        self.goal.dims()
    }
    /// The goal the search started from.
    pub fn goal(&self) -> &Grid {
        &self.goal
    }
    /// Number of reachable states.
    pub fn states(&self) -> u64 {
        self.per_depth.iter().sum()
    }
    /// `per_depth()[d]` = number of states exactly `d` moves from the goal.
    pub fn per_depth(&self) -> &[u64] {
        &self.per_depth
    }
    /// The largest depth (moves needed by the hardest states).
    pub fn max_depth(&self) -> u32 {
        self.per_depth.len() as u32 - 1
    }
    /// How many states need `max_depth()` moves.
    pub fn states_at_max_depth(&self) -> u64 {
        *self.per_depth.last().expect("at least the goal")
    }
    /// Mean number of moves over all states.
    pub fn average_depth(&self) -> f64 {
        let sum: u128 = self.per_depth.iter().enumerate().map(|(d, &c)| d as u128 * c as u128).sum();
        sum as f64 / self.states() as f64
    }
    /// Wall time of the search.
    pub fn elapsed(&self) -> Duration {
        self.stats.elapsed
    }
    /// The search's statistics: `expanded` = states, `generated` = their successors,
    /// `iterations` = layers scanned, `max_frontier` = the largest layer.
    pub fn stats(&self) -> &Stats {
        &self.stats
    }

    /// The number of moves `index` needs, mod 3, on a 2-D board.
    fn value(table: &[AtomicU64], index: u64) -> u64 {
        (table[(index / 32) as usize].load(Relaxed) >> (2 * (index % 32))) & 3
    }

    /// One step toward the goal from `p` (whose stored value is `v`) on a 2-D board, if `p`
    /// is not the goal: the move, the position, its value and its index.
    fn step_down(
        ranker: &Ranker,
        moves: &MoveTable,
        table: &[AtomicU64],
        p: &Position<Nibbles>,
        v: u64,
    ) -> Option<(Move, Position<Nibbles>, u64, u64)> {
        let want = (v + 2) % 3;
        moves.moves(p.blank as usize).find_map(|(m, to)| {
            let child = p.slid(to);
            let idx = ranker.rank(&child);
            (Enumeration::value(table, idx) == want).then_some((m, child, want, idx))
        })
    }

    /// An optimal move sequence from `start` to the goal, or `None` if `start` cannot reach
    /// it (wrong parity, or another tile order on a line, or another board).
    pub fn path(&self, start: &Grid) -> Option<Vec<Move>> {
        let (ranker, moves, table) = match &self.space {
            Space::Line(line) => return line.path(start),
            Space::Mod3 { ranker, moves, table } => (ranker, moves, table),
        };
        ranker.rank_grid(start)?;
        let mut p: Position<Nibbles> = start.position();
        let goal: Position<Nibbles> = self.goal.position();
        let mut v = Enumeration::value(table, ranker.rank(&p));
        let mut path = Vec::new();
        while p != goal {
            let (m, next, nv, _) = Enumeration::step_down(ranker, moves, table, &p, v)
                .expect("a reachable non-goal state has a neighbour one move closer");
            path.push(m);
            p = next;
            v = nv;
        }
        Some(path)
    }

    /// The minimum number of moves from `start` to the goal, or `None` if unreachable.
    pub fn depth(&self, start: &Grid) -> Option<u32> {
        match &self.space {
            Space::Line(line) => line.depth(start),
            Space::Mod3 { .. } => self.path(start).map(|m| m.len() as u32),
        }
    }

    /// The per-state table of this enumeration: every state's exact depth, to save
    /// ([`DepthTable::save`]) and answer lookups from later. Refuses boards of more than
    /// [`table::MAX_STATES`] states ([`table::check_size`]).
    ///
    /// On a 2-D board the depths are worked out from the table of depths mod 3: each state
    /// walks toward the goal until it meets a state whose depth is known, and the states on
    /// the way get theirs on the way back, so every state is walked through once.
    ///
    /// ```
    /// use delve_sliding::{Dims, enumerate::enumerate, notation::keypad_goal};
    /// use delve_core::{Limits, NoObserver};
    /// let space = enumerate(&keypad_goal(Dims::new(3, 3).unwrap()).unwrap(), u64::MAX, &Limits::none(), NoObserver).unwrap();
    /// let table = space.table().unwrap();
    /// assert_eq!(table.states(), 181_440);
    /// assert_eq!(table.per_depth(), space.per_depth());
    /// ```
    pub fn table(&self) -> Result<DepthTable, Error> {
        table::check_size(self.dims())?;
        let (ranker, moves, table) = match &self.space {
            Space::Line(line) => return Ok(line.clone()),
            Space::Mod3 { ranker, moves, table } => (ranker, moves, table),
        };
        let mut depths = vec![u8::MAX; ranker.len() as usize];
        depths[ranker.rank(&self.goal.position()) as usize] = 0;
        let mut chain = Vec::new();
        for start in 0..ranker.len() {
            if depths[start as usize] != u8::MAX {
                continue;
            }
            chain.clear();
            let (mut p, mut at) = (ranker.unrank(start), start);
            let mut v = Enumeration::value(table, at);
            while depths[at as usize] == u8::MAX {
                chain.push(at);
                let (_, next, nv, idx) = Enumeration::step_down(ranker, moves, table, &p, v)
                    .expect("a reachable non-goal state has a neighbour one move closer");
                (p, v, at) = (next, nv, idx);
            }
            let mut d = depths[at as usize];
            for &i in chain.iter().rev() {
                d += 1;
                depths[i as usize] = d;
            }
        }
        DepthTable::new(&self.goal, depths)
    }
}

/// An enumeration's fields of a report.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct EnumerationDetail {
    /// The board, as `MxN`.
    pub board: String,
    /// The goal the search started from.
    pub goal: String,
    /// Number of reachable states (`None` when the search was stopped).
    pub states: Option<u64>,
    /// The most moves any state needs.
    pub max_depth: Option<u32>,
    /// How many states need that many.
    pub states_at_max_depth: Option<u64>,
    /// Mean number of moves over all states.
    pub average_depth: Option<f64>,
    /// States per number of moves, from 0 (empty when the search was stopped).
    pub per_depth: Vec<u64>,
    /// The per-state table file written from the enumeration, when a front end wrote one
    /// (`enumerate --save`); absent from the JSON otherwise.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub table: Option<String>,
}

/// What `enumerate --json` prints: the core's report with [`EnumerationDetail`].
pub type EnumerationReport = Report<EnumerationDetail>;

impl Enumeration {
    /// The report of this enumeration, the goal written in `notation`.
    pub fn report(&self, notation: Notation) -> EnumerationReport {
        counts_report(&self.goal, notation, self.per_depth.clone(), self.stats, ALGORITHM)
    }

    /// Depths (and, with `paths`, optimal move sequences) of `states`, each written in its
    /// own notation; the goal is written in `notation`.
    ///
    /// ```
    /// use delve_sliding::{Dims, enumerate::enumerate, notation::{Notation, keypad_goal, parse_state}};
    /// use delve_core::{Limits, NoObserver, OutcomeKind};
    /// let space = enumerate(&keypad_goal(Dims::new(3, 3).unwrap()).unwrap(), u64::MAX, &Limits::none(), NoObserver).unwrap();
    /// let states = [parse_state("789B56423", None).unwrap(), parse_state("879456B23", None).unwrap()];
    /// let report = space.lookup(&states, Notation::Keypad, true);
    /// assert_eq!(report.outcome, OutcomeKind::NoSolution); // the second one has the other parity
    /// assert_eq!(report.detail.results[0].moves, Some(1));
    /// assert!(report.detail.results[1].unsolvable);
    /// ```
    pub fn lookup(&self, states: &[(Grid, Notation)], notation: Notation, paths: bool) -> LookupReport {
        let detail = lookup_detail(&self.goal, notation, states, paths, |g| self.path(g), None);
        lookup_report(ALGORITHM, self.stats, detail)
    }
}

/// The report of a finished enumeration from its per-depth counts (`per_depth[d]` states
/// `d` moves from `goal`), however it ran: `algorithm` names the search (the distributed
/// enumeration reports through this too).
///
/// ```
/// use delve_sliding::{Dims, Grid, Notation, enumerate::counts_report};
/// let goal = Grid::standard_goal(Dims::new(2, 2).unwrap());
/// let r = counts_report(&goal, Notation::RowMajor, vec![1, 2, 2, 2, 2, 2, 1], Default::default(), "bfs");
/// assert_eq!((r.detail.states, r.detail.max_depth, r.detail.average_depth), (Some(12), Some(6), Some(3.0)));
/// ```
pub fn counts_report(
    goal: &Grid,
    notation: Notation,
    per_depth: Vec<u64>,
    stats: Stats,
    algorithm: &'static str,
) -> EnumerationReport {
    let states: u64 = per_depth.iter().sum();
    let weighted: u128 = per_depth.iter().enumerate().map(|(d, &c)| d as u128 * c as u128).sum();
    let detail = EnumerationDetail {
        board: goal.dims().to_string(),
        goal: format_state(goal, notation),
        states: Some(states),
        max_depth: per_depth.len().checked_sub(1).map(|d| d as u32),
        states_at_max_depth: per_depth.last().copied(),
        average_depth: Some(weighted as f64 / states.max(1) as f64),
        per_depth,
        table: None,
    };
    Report::from_parts(algorithm, OutcomeKind::Solved, None, stats, detail)
}

/// The report of an enumeration of `goal`'s space that `reason` stopped after `stats`.
pub fn stopped_report(goal: &Grid, notation: Notation, reason: StopReason, stats: Stats) -> EnumerationReport {
    let detail = EnumerationDetail {
        board: goal.dims().to_string(),
        goal: format_state(goal, notation),
        states: None,
        max_depth: None,
        states_at_max_depth: None,
        average_depth: None,
        per_depth: Vec::new(),
        table: None,
    };
    Report::from_parts(ALGORITHM, OutcomeKind::Stopped, Some(reason), stats, detail)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::keypad_goal;
    use delve_core::{Control, Event, Live, NoObserver};

    fn run(rows: usize, cols: usize) -> Enumeration {
        let goal = Grid::standard_goal(Dims::new(rows, cols).unwrap());
        enumerate(&goal, u64::MAX, &Limits::none(), NoObserver).unwrap()
    }

    #[test]
    fn compresses_even_bits() {
        assert_eq!(compress_even_bits(0b0101), 0b11);
        assert_eq!(compress_even_bits(1 << 62), 1 << 31);
        assert_eq!(compress_even_bits(LOW_BITS), u32::MAX);
    }

    #[test]
    fn small_boards_count_half_the_permutations() {
        assert_eq!(run(2, 2).states(), 12);
        assert_eq!(run(2, 2).max_depth(), 6);
        assert_eq!(run(2, 3).states(), 360);
        assert_eq!(run(3, 2).states(), 360);
    }

    /// The original counts 4 states on 1x4 (not 4!/2): only the blank moves. From a corner
    /// blank each depth 0..3 has one state; from the middle of 1x5, two per depth but the first.
    #[test]
    fn lines_have_one_state_per_cell() {
        let line = |r, c| Dims::new(r, c).unwrap();
        let keypad = keypad_goal(line(1, 4)).unwrap();
        assert_eq!(format_state(&keypad, Notation::Keypad), "B234");
        let e = enumerate(&keypad, u64::MAX, &Limits::none(), NoObserver).unwrap();
        assert_eq!((e.states(), e.per_depth()), (4, &[1, 1, 1, 1][..]));
        assert_eq!((e.max_depth(), e.average_depth()), (3, 1.5));
        // Expanded: the 4 states; generated: 1 + 2 + 2 + 1 moves; 5 layers, the last empty.
        assert_eq!((e.stats().expanded, e.stats().generated, e.stats().iterations), (4, 6, 5));
        let (start, _) = crate::notation::parse_state("234B", Some(line(1, 4))).unwrap();
        assert_eq!(e.path(&start).unwrap(), [Move::Left; 3]);
        let (cycled, _) = crate::notation::parse_state("342B", Some(line(1, 4))).unwrap();
        assert_eq!(cycled.parity(), start.parity(), "the parity rule of 2-D boards would let it through");
        assert_eq!(e.depth(&cycled), None);
        let report = e.lookup(&[(start, Notation::Keypad), (cycled, Notation::Keypad)], Notation::Keypad, false);
        assert_eq!(report.outcome, OutcomeKind::NoSolution);
        assert_eq!((report.detail.results[0].moves, report.detail.results[1].unsolvable), (Some(3), true));

        let middle = Grid::new(line(1, 5), vec![1, 2, 0, 3, 4]).unwrap();
        let e = enumerate(&middle, u64::MAX, &Limits::none(), NoObserver).unwrap();
        assert_eq!(e.per_depth(), [1, 2, 2]);
        let column = enumerate(&Grid::standard_goal(line(4, 1)), u64::MAX, &Limits::none(), NoObserver).unwrap();
        assert_eq!(column.per_depth(), [1, 1, 1, 1]);
        let top = Grid::new(line(4, 1), vec![0, 1, 2, 3]).unwrap();
        assert_eq!(column.path(&top).unwrap(), [Move::Down; 3]);
        // Lines are not limited to 16 cells: 36 states, the far end 35 moves away.
        let long = enumerate(&Grid::standard_goal(line(1, 36)), 0, &Limits::none(), NoObserver).unwrap();
        assert_eq!((long.states(), long.max_depth()), (36, 35));
        assert_eq!(long.table().unwrap().per_depth(), vec![1; 36]);
        let stopped = enumerate(&keypad, u64::MAX, &Limits::none().timeout(Duration::ZERO), NoObserver);
        assert!(matches!(stopped, Err(Error::Stopped { reason: StopReason::Timeout, .. })));
    }

    #[test]
    fn paths_descend_to_the_goal() {
        let goal = keypad_goal(Dims::new(3, 3).unwrap()).unwrap();
        let e = enumerate(&goal, u64::MAX, &Limits::none(), NoObserver).unwrap();
        let (start, _) = crate::notation::parse_state("9B6358247", None).unwrap();
        let path = e.path(&start).unwrap();
        assert_eq!(path.len(), 27, "the original study's hardest sample needs 27 moves");
        let end = crate::state::replay(&start, &path).unwrap();
        assert_eq!(end.last(), Some(&goal));
        assert_eq!(e.depth(&goal), Some(0));
    }

    /// One search's per-depth counts and whole depth table.
    type Outcome = (Vec<u64>, Vec<u64>);

    /// Both searches from the same goal (frontier lists first).
    fn both_ways(goal: &Grid) -> (Outcome, Outcome) {
        let ranker = Ranker::new(goal).unwrap();
        let moves = MoveTable::new(goal.dims());
        let run = |lists: bool| {
            let table: Vec<AtomicU64> = (0..ranker.len().div_ceil(32)).map(|_| AtomicU64::new(u64::MAX)).collect();
            let gi = ranker.rank(&goal.position());
            table[(gi / 32) as usize].fetch_and(!(3u64 << (2 * (gi % 32))), Relaxed);
            let limits = Limits::none();
            let mut meter = Meter::new(&limits, NoObserver);
            let per_depth = if lists {
                by_lists(&ranker, &moves, &table, goal.position(), &mut meter).unwrap()
            } else {
                by_scans(&ranker, &moves, &table, meter).1.unwrap()
            };
            (per_depth, table.into_iter().map(AtomicU64::into_inner).collect::<Vec<u64>>())
        };
        (run(true), run(false))
    }

    #[test]
    fn frontier_lists_and_table_scans_agree() {
        let keypad = keypad_goal(Dims::new(3, 3).unwrap()).unwrap();
        for goal in
            [keypad, Grid::standard_goal(Dims::new(2, 4).unwrap()), Grid::standard_goal(Dims::new(4, 2).unwrap())]
        {
            let (lists, scans) = both_ways(&goal);
            assert_eq!(lists, scans, "{}", goal.dims());
        }
        let (lists, _) = both_ways(&keypad_goal(Dims::new(3, 3).unwrap()).unwrap());
        assert_eq!(lists.0.len(), 32, "3x3: depths 0..=31");
        assert_eq!(lists.0.iter().sum::<u64>(), 181_440);
    }

    #[test]
    fn refuses_what_does_not_fit() {
        let goal = Grid::standard_goal(Dims::new(4, 4).unwrap());
        let err = enumerate(&goal, 24 << 30, &Limits::none(), NoObserver).err().unwrap().to_string();
        assert!(err.contains("10,461,394,944,000") && err.contains("TiB"), "{err}");
    }

    /// Layer sizes as an observer sees them: at each iteration event, the growth of
    /// `expanded` since the previous one.
    #[derive(Default)]
    struct Layers {
        sizes: Vec<u64>,
        last_expanded: u64,
        phases: Vec<String>,
        finished: bool,
    }

    impl Observer<(), u64> for Layers {
        fn on_event(&mut self, event: &Event<'_, (), u64>, live: &Live) -> Control {
            match event {
                Event::Iteration { index, bound } => {
                    assert_eq!(*bound, Bound::Depth(*index));
                    if *index > 0 {
                        self.sizes.push(live.stats().expanded - self.last_expanded);
                    }
                    self.last_expanded = live.stats().expanded;
                }
                Event::Progress { phase, done, total } => {
                    assert!(Some(*done) <= *total);
                    if self.phases.last().map(String::as_str) != Some(*phase) {
                        self.phases.push(phase.to_string());
                    }
                }
                Event::Finish { outcome, .. } => self.finished = *outcome == OutcomeKind::Solved,
                _ => {}
            }
            Control::Continue
        }
    }

    #[test]
    fn layers_are_reported_by_both_searches() {
        let goal = Grid::standard_goal(Dims::new(2, 4).unwrap());
        let expected = run(2, 4).per_depth().to_vec();
        for lists in [true, false] {
            let ranker = Ranker::new(&goal).unwrap();
            let moves = MoveTable::new(goal.dims());
            let table: Vec<AtomicU64> = (0..ranker.len().div_ceil(32)).map(|_| AtomicU64::new(u64::MAX)).collect();
            let gi = ranker.rank(&goal.position());
            table[(gi / 32) as usize].fetch_and(!(3u64 << (2 * (gi % 32))), Relaxed);
            let limits = Limits::none();
            let mut layers = Layers::default();
            let mut meter = Meter::new(&limits, &mut layers);
            let (meter, per_depth) = if lists {
                let r = by_lists(&ranker, &moves, &table, goal.position(), &mut meter);
                (meter, r)
            } else {
                by_scans(&ranker, &moves, &table, meter)
            };
            let stats = *meter.stats();
            drop(meter);
            assert_eq!(per_depth.unwrap(), expected, "lists {lists}");
            assert_eq!(layers.sizes, expected, "lists {lists}: one iteration event per layer, the last one empty");
            assert_eq!(stats.expanded, 20_160);
            assert_eq!(stats.iterations, expected.len() as u64 + 1);
            // Each state is generated once per legal move: 2x4 has 4 corners (2 moves) and 4 edges (3).
            assert_eq!(stats.generated, 20_160 / 8 * (4 * 2 + 4 * 3));
            assert_eq!(layers.phases.first().map(String::as_str), Some("depth 0"), "lists {lists}");
        }
        let mut layers = Layers::default();
        let e = enumerate(&goal, u64::MAX, &Limits::none(), &mut layers).unwrap();
        assert!(layers.finished);
        assert_eq!(e.stats().expanded, e.states());
        let report = serde_json::to_value(e.report(Notation::RowMajor)).unwrap();
        assert_eq!(report["algorithm"], ALGORITHM);
        assert_eq!(report["outcome"], "solved");
        assert_eq!(report["states"], 20_160);
        assert_eq!(report["per_depth"].as_array().unwrap().len(), expected.len());
        assert_eq!(report["stats"]["expanded"], 20_160);
    }

    #[test]
    fn limits_and_observers_stop_the_enumeration() {
        let goal = Grid::standard_goal(Dims::new(3, 3).unwrap());
        let limits = Limits::none().timeout(Duration::ZERO);
        match enumerate(&goal, u64::MAX, &limits, NoObserver) {
            Err(Error::Stopped { reason: StopReason::Timeout, .. }) => {}
            other => panic!("{:?}", other.map(|e| e.states())),
        }
        struct StopAt(u64);
        impl Observer<(), u64> for StopAt {
            fn on_event(&mut self, event: &Event<'_, (), u64>, _: &Live) -> Control {
                match event {
                    Event::Iteration { index, .. } if *index == self.0 => Control::Stop,
                    _ => Control::Continue,
                }
            }
        }
        match enumerate(&goal, u64::MAX, &Limits::none(), StopAt(5)) {
            Err(Error::Stopped { reason, stats }) => {
                assert_eq!(reason, StopReason::Observer);
                assert_eq!(stats.expanded, 1 + 2 + 4 + 8 + 16, "layers 0 to 4 of the 3x3 space");
                let report = serde_json::to_value(stopped_report(&goal, Notation::RowMajor, reason, stats)).unwrap();
                assert_eq!(
                    (report["solved"].clone(), report["stop_reason"].clone()),
                    (false.into(), "observer".into())
                );
                assert!(report["states"].is_null());
            }
            other => panic!("{:?}", other.map(|e| e.states())),
        }
    }
}
