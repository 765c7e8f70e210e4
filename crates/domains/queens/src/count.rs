//! Exact solution counts (OEIS A000170, and the unique solutions of A002562) by bitboard
//! backtracking with the board's symmetries.
//!
//! Why a counter of its own beside `delve_csp::count` on [`csp_model`](fn@crate::csp_model)
//! (which counts the same, tested in `tests/counts.rs`): counts are wanted up to N = 27,
//! about 2.3·10¹⁷ solutions, where every nanosecond per node matters; the general engine
//! pays domain bitsets, a trail and constraint checks per assignment, far more than the few
//! mask operations a node costs here (BENCHMARKS.md compares the two).
//!
//! One row at a time, three bit masks hold the columns and both diagonal directions already
//! attacked, so the free squares of a row are one `!(cols | left | right)` and each queen is
//! one lowest-set-bit step. Symmetry cuts the work about 5.6-fold over plain search, after
//! Takaken's classic method: every class of solutions under the 8 symmetries of the square is
//! searched once, in a canonical form, and weighted by its size —
//! - solutions with a queen in a corner: the corner is fixed at row 0, column 0, and the
//!   column-1 queen is kept below row 1's (which makes the form canonical); such a class
//!   always has 8 members (no N-Queens solution is symmetric under a diagonal reflection,
//!   and a corner queen rules out the rotations);
//! - the others: the row-0 queen strictly inside the left half, the edge queens constrained
//!   so that no image is smaller, and a final comparison with the 90°, 180° and 270°
//!   rotations that sorts the class as 2 (symmetric under 90°), 4 (under 180°) or 8 members.
//!
//! Both searches are the same loop with different per-row rules (`Params`). The first rows
//! are searched recursively and cut into tasks (the boards after `SPLIT_ROW` rows); every
//! worker thread then runs `LANES` tasks at once, interleaved, with a branch-free step.
//! A plain recursive search pays about one mispredicted branch per node (is there another
//! child? is the child's row empty?), which dominates its cost; here a step always takes one
//! child of the top stack entry and decides with arithmetic whether the entry is used up
//! (popped) and whether the child has free squares (pushed), so the only branches left are
//! the rare leaves and task ends, and the independent lanes keep the core's pipelines full.
//! The step is then bound by its instruction count (about 45), which shapes the rest: each
//! lane holds its own copy of the row rules, its stack pointer is a byte offset kept in a
//! register, the row number rides in the high bits of the column mask, and the side-column
//! rule of the non-corner search is one multiplication and a table lookup (`Sides`).
//! `select_unpredictable` keeps the compiler from turning the push/pop choices back into
//! branches, which alone doubled the time.

use crate::error::QueensError;
use delve_core::{Limits, Meter, Observer, OutcomeKind, SharedMeter, StopReason};
use std::hint::select_unpredictable;
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::time::{Duration, Instant};

/// Largest N counted: the row number shares a 32-bit word with the columns taken. (N = 27
/// is also the largest board anyone has counted: the Q27 project, on FPGAs, in 2016.)
pub const MAX_COUNT_N: usize = 27;

/// Where the row number starts in an entry's column word.
const Y_SHIFT: u32 = 27;

/// Rows of the tables (and stack slots): more than the largest board, a power of two.
const ROWS: usize = 32;

/// Rows searched recursively before the work is cut into tasks.
const SPLIT_ROW: u32 = 3;

/// Tasks a worker thread interleaves.
const LANES: usize = 6;

/// Complete boards between checks of the deadline and cancellation inside a task (one task
/// of a large board runs for hours): often enough that a timeout stops a large board
/// promptly, rarely enough that the checks cost next to nothing.
const LEAF_POLL: u32 = 1 << 6;

/// Rounds of steps between checks of the limits once the lanes are draining.
const TAIL_POLL: u32 = 1 << 14;

/// A finished count.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Count {
    /// N.
    pub n: usize,
    /// Number of solutions.
    pub solutions: u64,
    /// Solutions distinct up to rotation and reflection.
    pub unique: u64,
    /// Independent tasks the work was split into.
    pub tasks: u64,
    /// Wall time.
    pub elapsed: Duration,
}

/// Counts every solution of the N×N board on `threads` threads (0 = all cores), reporting
/// `Event::Progress { phase: "tasks", done, total }` to `observer` as tasks finish (through
/// the core's [`SharedMeter`], from worker threads; the observer may stop the count). A time
/// limit or cancellation in `limits` is checked between tasks and, inside a task, every few
/// dozen solutions found; the node budget does not apply.
///
/// A specialised hot path: `delve_csp::count` on [`csp_model`](fn@crate::csp_model) counts the
/// same (tested against it) but is far slower, and the counts wanted go up to N = 27.
///
/// ```
/// use delve_core::{Limits, NoObserver};
/// let c = delve_queens::count_solutions(8, 1, &Limits::none(), NoObserver).unwrap();
/// assert_eq!((c.solutions, c.unique), (92, 12));
/// ```
pub fn count_solutions<O: Observer<(), u64> + Send>(
    n: usize,
    threads: usize,
    limits: &Limits,
    observer: O,
) -> Result<Count, QueensError> {
    count_share(n, threads, Share::WHOLE, limits, observer)
}

/// A part of a count: every `of`-th task of the split, from task `index`. The `of` shares
/// of a board count disjoint sets of solutions that add up to the whole count (the
/// distributed count hands one to each worker of a cluster).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Share {
    /// Which share, `0..of`.
    pub index: usize,
    /// How many shares the tasks are dealt into.
    pub of: usize,
}

impl Share {
    /// All the tasks.
    pub const WHOLE: Share = Share { index: 0, of: 1 };
}

/// Counts the solutions of `share` of the N×N board's tasks, as [`count_solutions`] counts
/// them all: the shares' `solutions`, `unique` and `tasks` add up to the whole board's.
/// Progress events count this share's tasks.
///
/// ```
/// use delve_core::{Limits, NoObserver};
/// use delve_queens::count::{Share, count_share};
/// let part = |index| count_share(10, 1, Share { index, of: 3 }, &Limits::none(), NoObserver).unwrap();
/// let (a, b, c) = (part(0), part(1), part(2));
/// assert_eq!(a.solutions + b.solutions + c.solutions, 724);
/// assert_eq!(a.unique + b.unique + c.unique, 92);
/// ```
pub fn count_share<O: Observer<(), u64> + Send>(
    n: usize,
    threads: usize,
    share: Share,
    limits: &Limits,
    observer: O,
) -> Result<Count, QueensError> {
    let start = Instant::now();
    if share.of == 0 || share.index >= share.of {
        return Err(QueensError::Share { index: share.index, of: share.of });
    }
    if n == 0 {
        return Err(QueensError::ZeroSize);
    }
    if n > MAX_COUNT_N {
        return Err(QueensError::TooLarge { n, max: MAX_COUNT_N, what: "count" });
    }
    let mut meter = Meter::new(limits, observer);
    meter.start::<(), u64>("count").map_err(QueensError::Stopped)?;
    if n <= 3 {
        // Too small to split into tasks: a plain search counts them (1, 0, 0).
        let solutions = if share.index == 0 { count_plain(n) } else { 0 };
        meter.progress::<(), u64>("tasks", 1, Some(1)).map_err(QueensError::Stopped)?;
        meter.finish_with::<(), u64>(OutcomeKind::Solved, None);
        return Ok(Count { n, solutions, unique: solutions, tasks: 1, elapsed: start.elapsed() });
    }
    let mut plan = Plan::new(n);
    if share.of > 1 {
        let tasks = std::mem::take(&mut plan.tasks);
        plan.tasks = tasks.into_iter().skip(share.index).step_by(share.of).collect();
    }
    let shared = SharedMeter::new(meter);
    let queue = Queue {
        tasks: &plan.tasks,
        next: AtomicUsize::new(0),
        done: AtomicU64::new(0),
        stop: AtomicBool::new(false),
        reason: Mutex::new(None),
        meter: &shared,
    };
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .map_err(|e| QueensError::Threads(e.to_string()))?;
    let tally = pool.broadcast(|_| run_lanes(&plan, &queue)).into_iter().fold(Tally::default(), Tally::add);
    let reason = *queue.reason.lock().unwrap_or_else(|p| p.into_inner());
    let mut meter = shared.into_inner();
    match reason {
        Some(r) => {
            meter.finish_with::<(), u64>(OutcomeKind::Stopped, Some(r));
            return Err(QueensError::Stopped(r));
        }
        None => {
            meter.finish_with::<(), u64>(OutcomeKind::Solved, None);
        }
    }
    Ok(Count {
        n,
        solutions: 8 * tally.c8 + 4 * tally.c4 + 2 * tally.c2,
        unique: tally.c8 + tally.c4 + tally.c2,
        tasks: plan.tasks.len() as u64,
        elapsed: start.elapsed(),
    })
}

/// Classes found, by size.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct Tally {
    c8: u64,
    c4: u64,
    c2: u64,
}

impl Tally {
    fn add(self, o: Tally) -> Tally {
        Tally { c8: self.c8 + o.c8, c4: self.c4 + o.c4, c2: self.c2 + o.c2 }
    }
}

/// What a search allows on one row.
#[derive(Clone, Copy, Debug, Default)]
#[repr(C)]
struct Row {
    /// Squares the row may use at all (none on row N, past the board).
    allowed: u32,
    /// On row bound2 of the non-corner search, the two side columns (both must be taken by
    /// the end of that row); 0 elsewhere.
    side: u32,
}

/// The rules of one search: the corner search for one column of row 1's queen, or the
/// non-corner search for one column of row 0's queen (`bound1`).
#[derive(Clone, Debug)]
struct Params {
    /// Corner search (every class found has 8 members, no rotation check).
    corner: bool,
    /// N − 1, the last row.
    last: u32,
    /// The bit of column N − 1.
    topbit: u32,
    bound1: u32,
    /// Row where both side columns must be taken (non-corner search).
    bound2: u32,
    /// Where the last row's queen sits when the board may be symmetric under 180°.
    endbit: u32,
    rows: [Row; ROWS],
    /// The side rule, see [`Sides`].
    sides: Sides,
}

/// The side-column rule of row bound2 as a table lookup: the side columns still untaken
/// (`side & !d`: none, column 0, column N − 1, both) are mapped by one multiplication to a
/// table index 0–3, and the table gives the squares the row may use (all, column 0, column
/// N − 1, none). Rows without the rule have `side = 0`, so index 0.
#[derive(Clone, Copy, Debug)]
#[repr(C)]
struct Sides {
    /// Moves bit 0 to bit 30 and bit N − 1 to bit 31 (other bits land lower).
    mul: u32,
    table: [u32; 4],
}

impl Sides {
    fn new(n: usize) -> Self {
        let topbit = 1u32 << (n - 1);
        Sides { mul: (1 << 30) + (1 << (32 - n)), table: [u32::MAX, 1, topbit, 0] }
    }

    /// Squares allowed given the untaken side columns `missing`.
    #[inline(always)]
    fn rule(&self, missing: u32) -> u32 {
        self.table[(missing.wrapping_mul(self.mul) >> 30) as usize]
    }
}

impl Row {
    /// Free squares of this row under attack masks `l`, `dy`, `r` (`dy`: the columns of the
    /// rows above, and the row number in the bits from [`Y_SHIFT`] up), with the row's rules
    /// applied. Branch-free.
    #[inline(always)]
    fn free(&self, sides: &Sides, l: u32, dy: u32, r: u32) -> u32 {
        self.allowed & !(l | dy | r) & sides.rule(self.side & !dy)
    }
}

impl Params {
    fn corner(n: usize, bound1: u32) -> Self {
        let mut p = Params::plain(n, bound1);
        p.corner = true;
        // Column 1 stays free above row bound1 (row 1's queen is at column bound1).
        for row in &mut p.rows[..bound1 as usize] {
            row.allowed &= !2;
        }
        p
    }

    /// `lastmask`: squares of the last row that would make a smaller image.
    fn edge(n: usize, bound1: u32, lastmask: u32, endbit: u32) -> Self {
        let mut p = Params::plain(n, bound1);
        let sidemask = p.topbit | 1;
        p.bound2 = p.last - bound1;
        p.endbit = endbit;
        p.rows[p.bound2 as usize].side = sidemask;
        p.rows[p.last as usize].allowed &= !lastmask;
        for row in &mut p.rows[..bound1 as usize] {
            row.allowed &= !sidemask;
        }
        p
    }

    fn plain(n: usize, bound1: u32) -> Self {
        let last = n as u32 - 1;
        let mut rows = [Row { allowed: (1u32 << n) - 1, side: 0 }; ROWS];
        rows[n].allowed = 0;
        Params { corner: false, last, topbit: 1 << last, bound1, bound2: 0, endbit: 0, rows, sides: Sides::new(n) }
    }
}

/// One stack entry: the node with queens on rows `0..y` (attack masks `l`, `d`, `r`; `dy`
/// holds `d` and, from bit [`Y_SHIFT`] up, `y`) and the squares of row `y` still to try
/// (`b`, never empty while the entry is on the stack). 16 bytes, so a push is two stores.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[repr(C, align(16))]
struct Entry {
    l: u32,
    r: u32,
    dy: u32,
    b: u32,
}

/// One independent piece of work: a node after the split row and the queens above it.
#[derive(Clone, Debug)]
struct Task {
    params: usize,
    entry: Entry,
    board: [u32; SPLIT_ROW as usize],
}

/// Every search's rules and every task.
struct Plan {
    params: Vec<Params>,
    tasks: Vec<Task>,
}

impl Plan {
    fn new(n: usize) -> Self {
        let last = n as u32 - 1;
        // Tasks start on a row that still has rows below it.
        let split = SPLIT_ROW.min(last - 1);
        let mut plan = Plan { params: Vec::new(), tasks: Vec::new() };
        // Corner queen at (0, 0); row 1's queen at column bound1.
        for bound1 in 2..last {
            let bit = 1u32 << bound1;
            let mut board = [0u32; SPLIT_ROW as usize];
            board[0] = 1;
            board[1] = bit;
            plan.params.push(Params::corner(n, bound1));
            plan.split(2, (2 | bit) << 1, 1 | bit, bit >> 1, &mut board, split);
        }
        // No corner queen: row 0's queen at column bound1 inside the left half.
        let topbit = 1u32 << last;
        let mut lastmask = topbit | 1;
        let mut endbit = topbit >> 1;
        let mut bound1 = 1;
        while bound1 < last - bound1 {
            let bit = 1u32 << bound1;
            let mut board = [0u32; SPLIT_ROW as usize];
            board[0] = bit;
            plan.params.push(Params::edge(n, bound1, lastmask, endbit));
            plan.split(1, bit << 1, bit, bit >> 1, &mut board, split);
            lastmask |= (lastmask >> 1) | (lastmask << 1);
            endbit >>= 1;
            bound1 += 1;
        }
        plan
    }

    /// Searches the newest search's rows from `y` down to `split` and records a task for each
    /// node reached there with a free square; `board` holds the queens of the rows above `y`.
    fn split(&mut self, y: u32, l: u32, d: u32, r: u32, board: &mut [u32; SPLIT_ROW as usize], split: u32) {
        let params = self.params.len() - 1;
        let dy = d | (y << Y_SHIFT);
        let p = &self.params[params];
        let mut bits = p.rows[y as usize].free(&p.sides, l, dy, r);
        if y == split {
            if bits != 0 {
                self.tasks.push(Task { params, entry: Entry { l, r, dy, b: bits }, board: *board });
            }
            return;
        }
        while bits != 0 {
            let bit = bits & bits.wrapping_neg();
            bits ^= bit;
            board[y as usize] = bit;
            self.split(y + 1, (l | bit) << 1, d | bit, (r | bit) >> 1, board, split);
        }
    }
}

/// The shared task queue, with progress and limits.
struct Queue<'a, 'l, O> {
    tasks: &'a [Task],
    next: AtomicUsize,
    done: AtomicU64,
    stop: AtomicBool,
    reason: Mutex<Option<StopReason>>,
    meter: &'a SharedMeter<'l, O>,
}

impl<O: Observer<(), u64> + Send> Queue<'_, '_, O> {
    /// The next task, or `None` when all are taken or a limit stopped the count.
    fn take(&self) -> Option<&Task> {
        if self.stopped() {
            return None;
        }
        self.tasks.get(self.next.fetch_add(1, Ordering::Relaxed))
    }

    /// Whether a limit has stopped the count (checking the deadline and cancellation now).
    fn stopped(&self) -> bool {
        if self.stop.load(Ordering::Relaxed) {
            return true;
        }
        match self.meter.clock().check() {
            Ok(()) => false,
            Err(r) => {
                self.halt(r);
                true
            }
        }
    }

    /// Records why the count stops (the first reason wins) and drains the queue.
    fn halt(&self, reason: StopReason) {
        self.stop.store(true, Ordering::Relaxed);
        let mut slot = self.reason.lock().unwrap_or_else(|p| p.into_inner());
        slot.get_or_insert(reason);
    }

    /// A task is done: report progress (the observer may stop the count).
    fn finished(&self) {
        let done = self.done.fetch_add(1, Ordering::Relaxed) + 1;
        if let Err(r) = self.meter.progress::<(), u64>("tasks", done, Some(self.tasks.len() as u64)) {
            self.halt(r);
        }
    }
}

/// One depth-first search in progress, with its own copy of its search's row rules so the
/// hot loop addresses everything relative to the lane. The stack pointer lives outside, in
/// a register.
#[derive(Clone, Copy)]
#[repr(C, align(64))]
struct Lane {
    /// Slot 0 stays unused: a stack pointer of 0 means the lane is idle. At most one entry
    /// per row is ever on the stack.
    stack: [Entry; ROWS],
    rows: [Row; ROWS],
    /// The queen of each row on the current path (rows above the top entry's row), stored
    /// at the index of the row below it, which the step has at hand.
    below: [u32; ROWS],
    sides: Sides,
    /// Index of the search's [`Params`].
    params: usize,
}

/// Size of a stack entry: stack pointers are byte offsets, which saves a shift per use.
const ENTRY: usize = std::mem::size_of::<Entry>();

impl Lane {
    const IDLE: Lane = Lane {
        stack: [Entry { l: 0, r: 0, dy: 0, b: 0 }; ROWS],
        rows: [Row { allowed: 0, side: 0 }; ROWS],
        below: [0; ROWS],
        sides: Sides { mul: 0, table: [0; 4] },
        params: 0,
    };

    /// Starts the next task from the queue; returns the new stack pointer (one entry), or 0
    /// when there is no task left.
    fn load<O: Observer<(), u64> + Send>(&mut self, plan: &Plan, queue: &Queue<'_, '_, O>) -> usize {
        let Some(task) = queue.take() else { return 0 };
        let p = &plan.params[task.params];
        self.params = task.params;
        self.rows = p.rows;
        self.sides = p.sides;
        self.below[1..=SPLIT_ROW as usize].copy_from_slice(&task.board);
        self.stack[1] = task.entry;
        ENTRY
    }

    /// Takes one child of the top entry: pops the entry if that was its last square,
    /// pushes the child if its row has a free square, and scores it if it completes the
    /// board (reaches row `n`). `sp` is the top entry's byte offset.
    #[inline(always)]
    fn step<O: Observer<(), u64> + Send>(
        &mut self,
        sp: &mut usize,
        n: u32,
        params: &[Params],
        worker: &mut Worker<'_, '_, O>,
    ) {
        const SLOTS: usize = ROWS * ENTRY - ENTRY;
        let top = *sp & SLOTS;
        let e = self.stack[top / ENTRY];
        let bit = e.b & e.b.wrapping_neg();
        let more = e.b != bit;
        self.stack[top / ENTRY].b = e.b ^ bit;
        let (l, dy, r) = ((e.l | bit) << 1, (e.dy | bit) + (1 << Y_SHIFT), (e.r | bit) >> 1);
        let y = dy >> Y_SHIFT;
        self.below[y as usize] = bit;
        if y == n && leaf(&params[self.params], &self.below[1..], worker) {
            // Stopped: no square is free any more, so the lane pops what is left of its
            // stack within a few hundred steps, goes idle and gets no new task.
            self.rows = [Row::default(); ROWS];
        }
        let b = self.rows[y as usize].free(&self.sides, l, dy, r);
        // The child goes above the entry, or over it when the entry is used up.
        let slot = select_unpredictable(more, top + ENTRY, top);
        self.stack[(slot & SLOTS) / ENTRY] = Entry { l, r, dy, b };
        *sp = select_unpredictable(b != 0, slot, slot.wrapping_sub(ENTRY));
    }
}

/// Scores a complete board; every [`LEAF_POLL`] boards also checks the limits and returns
/// true once they stop the count.
#[cold]
#[inline(never)]
fn leaf<O: Observer<(), u64> + Send>(p: &Params, board: &[u32], worker: &mut Worker<'_, '_, O>) -> bool {
    if p.corner {
        worker.tally.c8 += 1;
    } else {
        check(p, board, &mut worker.tally);
    }
    worker.leaves = worker.leaves.wrapping_add(1);
    worker.leaves.is_multiple_of(LEAF_POLL) && worker.queue.stopped()
}

/// What a worker thread carries besides its lanes.
struct Worker<'a, 'l, O> {
    queue: &'a Queue<'a, 'l, O>,
    tally: Tally,
    /// Complete boards seen, to pace the limit checks.
    leaves: u32,
}

/// Compares a complete non-corner board with its rotations: counts it as a class of 2, 4 or
/// 8, or not at all when a rotation is smaller (that image is the canonical one).
fn check(p: &Params, b: &[u32], tally: &mut Tally) {
    let e = p.last as usize;
    // 90°
    if b[p.bound2 as usize] == 1 {
        let mut ptn = 2u32;
        let mut own = 1;
        while own <= e {
            let mut bit = 1u32;
            let mut you = e;
            while b[you] != ptn && b[own] >= bit {
                bit <<= 1;
                you -= 1;
            }
            if b[own] > bit {
                return;
            }
            if b[own] < bit {
                break;
            }
            own += 1;
            ptn <<= 1;
        }
        if own > e {
            tally.c2 += 1;
            return;
        }
    }
    // 180°
    if b[e] == p.endbit {
        let mut own = 1;
        while own <= e {
            let you = e - own;
            let mut bit = 1u32;
            let mut ptn = p.topbit;
            while ptn != b[you] && b[own] >= bit {
                ptn >>= 1;
                bit <<= 1;
            }
            if b[own] > bit {
                return;
            }
            if b[own] < bit {
                break;
            }
            own += 1;
        }
        if own > e {
            tally.c4 += 1;
            return;
        }
    }
    // 270°
    if b[p.bound1 as usize] == p.topbit {
        let mut ptn = p.topbit >> 1;
        let mut own = 1;
        while own <= e {
            let mut bit = 1u32;
            let mut you = 0;
            while b[you] != ptn && b[own] >= bit {
                bit <<= 1;
                you += 1;
            }
            if b[own] > bit {
                return;
            }
            if b[own] < bit {
                break;
            }
            own += 1;
            ptn >>= 1;
        }
    }
    tally.c8 += 1;
}

/// One worker: keeps [`LANES`] depth-first searches going, refilling each lane from the queue
/// as its task ends; when the queue is empty the remaining tasks finish interleaved.
fn run_lanes<O: Observer<(), u64> + Send>(plan: &Plan, queue: &Queue<'_, '_, O>) -> Tally {
    let mut lanes = [Lane::IDLE; LANES];
    let mut sp = [0usize; LANES];
    let mut worker = Worker { queue, tally: Tally::default(), leaves: 0 };
    for (lane, sp) in lanes.iter_mut().zip(&mut sp) {
        *sp = lane.load(plan, queue);
    }
    let params = &plan.params[..];
    let n = params[0].last + 1;
    // No limit check in this loop (it costs registers): `leaf` checks them, `Lane::step` then
    // lets the lane run dry, and the queue has no task for it.
    while !sp.contains(&0) {
        // Written out, so each lane's stack pointer can stay in a register.
        macro_rules! step_each {
            ($($k:literal)*) => {
                const _: () = assert!([$($k),*].len() == LANES);
                $(lanes[$k].step(&mut sp[$k], n, params, &mut worker);)*
            };
        }
        step_each!(0 1 2 3 4 5);
        if sp.contains(&0) {
            for (lane, sp) in lanes.iter_mut().zip(&mut sp) {
                if *sp == 0 {
                    queue.finished();
                    *sp = lane.load(plan, queue);
                }
            }
        }
    }
    let mut rounds = 0u32;
    while sp.iter().any(|&s| s != 0) {
        if rounds.is_multiple_of(TAIL_POLL) && queue.stopped() {
            break;
        }
        rounds = rounds.wrapping_add(1);
        for (lane, sp) in lanes.iter_mut().zip(&mut sp) {
            if *sp != 0 {
                lane.step(sp, n, params, &mut worker);
                if *sp == 0 {
                    queue.finished();
                }
            }
        }
    }
    worker.tally
}

/// Plain count with no symmetry: the whole count for N ≤ 3 (too small to split into tasks),
/// and the tests' independent oracle for the symmetric search.
fn count_plain(n: usize) -> u64 {
    fn go(all: u32, cols: u32, left: u32, right: u32) -> u64 {
        if cols == all {
            return 1;
        }
        let mut free = all & !(cols | left | right);
        let mut total = 0;
        while free != 0 {
            let bit = free & free.wrapping_neg();
            free ^= bit;
            total += go(all, cols | bit, (left | bit) << 1, (right | bit) >> 1);
        }
        total
    }
    go((1u32 << n) - 1, 0, 0, 0)
}

#[cfg(test)]
mod tests {
    use super::*;
    use delve_core::{Control, Event, FnObserver, Live, NoObserver};

    #[test]
    fn symmetric_search_agrees_with_plain_search() {
        for n in 1..=11 {
            let c = count_solutions(n, 1, &Limits::none(), NoObserver).unwrap();
            assert_eq!(c.solutions, count_plain(n), "N = {n}");
        }
    }

    #[test]
    fn small_counts_and_errors() {
        let got: Vec<u64> =
            (1..=9).map(|n| count_solutions(n, 2, &Limits::none(), NoObserver).unwrap().solutions).collect();
        assert_eq!(got, [1, 0, 0, 2, 10, 4, 40, 92, 352]);
        assert_eq!(count_solutions(0, 1, &Limits::none(), NoObserver), Err(QueensError::ZeroSize));
        assert!(matches!(count_solutions(28, 1, &Limits::none(), NoObserver), Err(QueensError::TooLarge { .. })));
    }

    #[test]
    fn side_rule_table_for_every_board() {
        for n in 4..=MAX_COUNT_N {
            let top = 1u32 << (n - 1);
            let sides = Sides::new(n);
            let got = [0, 1, top, top | 1].map(|missing| sides.rule(missing));
            assert_eq!(got, [u32::MAX, 1, top, 0], "N = {n}");
        }
    }

    #[test]
    fn the_largest_board_honours_a_deadline_inside_a_task() {
        let start = Instant::now();
        let limits = Limits::none().timeout(Duration::from_millis(50));
        let got = count_solutions(MAX_COUNT_N, 2, &limits, NoObserver);
        assert_eq!(got, Err(QueensError::Stopped(StopReason::Timeout)));
        // One task of N = 27 runs for hours; stopping within seconds means the lanes poll.
        assert!(start.elapsed() < Duration::from_secs(20), "took {:?}", start.elapsed());
    }

    #[test]
    fn progress_reaches_the_total_and_cancellation_stops() {
        let mut last = 0;
        let c = count_solutions(
            10,
            2,
            &Limits::none(),
            FnObserver(|e: &Event<'_, (), u64>, _: &Live| {
                if let Event::Progress { done, total: Some(total), .. } = e {
                    assert!(done <= total);
                    last = last.max(*done);
                }
            }),
        )
        .unwrap();
        assert_eq!(last, c.tasks, "the last task's event always goes out");
        let flag = std::sync::Arc::new(AtomicBool::new(true));
        let limits = Limits::none().cancel_flag(flag);
        assert_eq!(count_solutions(12, 1, &limits, NoObserver), Err(QueensError::Stopped(StopReason::Cancelled)));
        // An observer that stops at the first progress event stops the count.
        struct StopAtOnce;
        impl Observer<(), u64> for StopAtOnce {
            fn on_event(&mut self, e: &Event<'_, (), u64>, _: &Live) -> Control {
                if matches!(e, Event::Progress { .. }) { Control::Stop } else { Control::Continue }
            }
        }
        assert_eq!(
            count_solutions(12, 1, &Limits::none(), StopAtOnce),
            Err(QueensError::Stopped(StopReason::Observer))
        );
    }
}
