//! Exact solution counts (OEIS A000170, and the unique solutions of A002562) by bitboard
//! backtracking with the board's symmetries.
//!
//! One row at a time, three bit masks hold the columns and both diagonal directions already
//! attacked, so the free squares of a row are one `!(cols | left | right)` and each queen is
//! one lowest-set-bit step. Symmetry cuts the work about four-fold over plain search, after
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
//! The work is split into independent tasks (the boards reached after the first rows), which
//! rayon spreads over the requested number of threads.

use crate::error::QueensError;
use delve_core::{Limits, StopReason};
use rayon::prelude::*;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::{Duration, Instant};

/// Largest N the 32-bit boards hold.
pub const MAX_COUNT_N: usize = 32;

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

/// Counts every solution of the N×N board on `threads` threads (0 = all cores), calling
/// `progress(done, total)` (from worker threads) as tasks finish. A deadline or
/// cancellation in `limits` is checked between tasks; the node budget does not apply.
///
/// ```
/// use delve_core::Limits;
/// let c = delve_queens::count_solutions(8, 1, &Limits::none(), &|_, _| {}).unwrap();
/// assert_eq!((c.solutions, c.unique), (92, 12));
/// ```
pub fn count_solutions(
    n: usize,
    threads: usize,
    limits: &Limits,
    progress: &(dyn Fn(u64, u64) + Sync),
) -> Result<Count, QueensError> {
    let start = Instant::now();
    if n == 0 {
        return Err(QueensError::ZeroSize);
    }
    if n > MAX_COUNT_N {
        return Err(QueensError::TooLarge { n, max: MAX_COUNT_N, what: "count" });
    }
    if n <= 3 {
        let (solutions, unique) = if n == 1 { (1, 1) } else { (0, 0) };
        progress(1, 1);
        return Ok(Count { n, solutions, unique, tasks: 1, elapsed: start.elapsed() });
    }
    let tasks = Symmetric::new(n).tasks();
    let total = tasks.len() as u64;
    let done = AtomicU64::new(0);
    let stop = AtomicBool::new(false);
    let reason = std::sync::Mutex::new(None::<StopReason>);
    let work = |task: &Task| -> Tally {
        if stop.load(Ordering::Relaxed) {
            return Tally::default();
        }
        if let Err(r) = limits.check_time_and_cancel() {
            stop.store(true, Ordering::Relaxed);
            *reason.lock().expect("no poisoning") = Some(r);
            return Tally::default();
        }
        let tally = task.run();
        progress(done.fetch_add(1, Ordering::Relaxed) + 1, total);
        tally
    };
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .map_err(|e| QueensError::Threads(e.to_string()))?;
    let tally = pool.install(|| tasks.par_iter().with_max_len(1).map(work).reduce(Tally::default, Tally::add));
    if let Some(r) = *reason.lock().expect("no poisoning") {
        return Err(QueensError::Stopped(r));
    }
    Ok(Count {
        n,
        solutions: 8 * tally.c8 + 4 * tally.c4 + 2 * tally.c2,
        unique: tally.c8 + tally.c4 + tally.c2,
        tasks: total,
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

/// Which of the two searches a task continues.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    Corner,
    Edge,
}

/// The board-wide constants and the per-run parameters of the symmetric search.
#[derive(Clone, Copy, Debug)]
struct Symmetric {
    /// N − 1, the last row.
    last: usize,
    mask: u32,
    topbit: u32,
    bound1: usize,
    bound2: usize,
    sidemask: u32,
    lastmask: u32,
    endbit: u32,
}

/// One independent piece of work: a search continued from row `y`.
#[derive(Clone, Debug)]
struct Task {
    kind: Kind,
    params: Symmetric,
    y: usize,
    left: u32,
    down: u32,
    right: u32,
    board: [u32; 32],
}

/// Rows searched before the work is cut into tasks.
const SPLIT_ROW: usize = 3;

impl Task {
    fn run(&self) -> Tally {
        let mut walker = Walker { p: self.params, board: self.board, tally: Tally::default(), split: None };
        match self.kind {
            Kind::Corner => walker.corner::<false>(self.y, self.left, self.down, self.right),
            Kind::Edge => walker.edge::<false>(self.y, self.left, self.down, self.right),
        }
        walker.tally
    }
}

impl Symmetric {
    fn new(n: usize) -> Self {
        let last = n - 1;
        let mask = if n == 32 { u32::MAX } else { (1u32 << n) - 1 };
        Symmetric { last, mask, topbit: 1 << last, bound1: 0, bound2: 0, sidemask: 0, lastmask: 0, endbit: 0 }
    }

    /// Every task: the first rows of both searches, cut at `SPLIT_ROW` (or run whole when
    /// the board is too small to cut).
    fn tasks(self) -> Vec<Task> {
        let n = self.last + 1;
        let split = (n > SPLIT_ROW + 2).then_some(SPLIT_ROW);
        let mut tasks = Vec::new();
        // Corner queen at (0, 0); row 1's queen at column bound1.
        for bound1 in 2..self.last {
            let p = Symmetric { bound1, ..self };
            let bit = 1u32 << bound1;
            let mut board = [0u32; 32];
            board[0] = 1;
            board[1] = bit;
            let (left, down, right) = ((2 | bit) << 1, 1 | bit, bit >> 1);
            let mut w = Walker { p, board, tally: Tally::default(), split: split.map(|s| (s, Vec::new())) };
            match split {
                Some(_) => {
                    w.corner::<true>(2, left, down, right);
                    tasks.extend(w.split.take().map(|(_, t)| t).unwrap_or_default());
                }
                None => tasks.push(Task { kind: Kind::Corner, params: p, y: 2, left, down, right, board }),
            }
        }
        // No corner queen: row 0's queen at column bound1 inside the left half.
        let mut sidemask = self.topbit | 1;
        let mut lastmask = sidemask;
        let mut endbit = self.topbit >> 1;
        let (mut bound1, mut bound2) = (1usize, self.last - 1);
        while bound1 < bound2 {
            let p = Symmetric { bound1, bound2, sidemask, lastmask, endbit, ..self };
            let bit = 1u32 << bound1;
            let mut board = [0u32; 32];
            board[0] = bit;
            let (left, down, right) = (bit << 1, bit, bit >> 1);
            let mut w = Walker { p, board, tally: Tally::default(), split: split.map(|s| (s, Vec::new())) };
            match split {
                Some(_) => {
                    w.edge::<true>(1, left, down, right);
                    tasks.extend(w.split.take().map(|(_, t)| t).unwrap_or_default());
                }
                None => tasks.push(Task { kind: Kind::Edge, params: p, y: 1, left, down, right, board }),
            }
            lastmask |= (lastmask >> 1) | (lastmask << 1);
            endbit >>= 1;
            bound1 += 1;
            bound2 -= 1;
            sidemask = self.topbit | 1;
        }
        tasks
    }
}

/// The recursive searches; with `split` set they stop at that row and record tasks.
struct Walker {
    p: Symmetric,
    board: [u32; 32],
    tally: Tally,
    split: Option<(usize, Vec<Task>)>,
}

impl Walker {
    #[inline]
    fn cut(&mut self, kind: Kind, y: usize, left: u32, down: u32, right: u32) -> bool {
        match &mut self.split {
            Some((row, tasks)) if *row == y => {
                tasks.push(Task { kind, params: self.p, y, left, down, right, board: self.board });
                true
            }
            _ => false,
        }
    }

    /// Solutions with the corner queen (class size 8). `SPLIT`: cut at the split row.
    fn corner<const SPLIT: bool>(&mut self, y: usize, left: u32, down: u32, right: u32) {
        if SPLIT && self.cut(Kind::Corner, y, left, down, right) {
            return;
        }
        let mask = self.p.mask;
        let mut bitmap = mask & !(left | down | right);
        if y == self.p.last {
            self.tally.c8 += u64::from(bitmap != 0);
            return;
        }
        if y < self.p.bound1 {
            bitmap &= !2;
        }
        if !SPLIT && y + 1 == self.p.last {
            // The last row has one free column at most: count instead of descending.
            while bitmap != 0 {
                let bit = bitmap & bitmap.wrapping_neg();
                bitmap ^= bit;
                self.tally.c8 += u64::from(mask & !(((left | bit) << 1) | down | bit | ((right | bit) >> 1)) != 0);
            }
            return;
        }
        while bitmap != 0 {
            let bit = bitmap & bitmap.wrapping_neg();
            bitmap ^= bit;
            if SPLIT {
                self.board[y] = bit;
            }
            let (l, d, r) = ((left | bit) << 1, down | bit, (right | bit) >> 1);
            if mask & !(l | d | r) != 0 {
                self.corner::<SPLIT>(y + 1, l, d, r);
            }
        }
    }

    /// Solutions without a corner queen, in canonical form, classified by `check`.
    fn edge<const SPLIT: bool>(&mut self, y: usize, left: u32, down: u32, right: u32) {
        if SPLIT && self.cut(Kind::Edge, y, left, down, right) {
            return;
        }
        let mut bitmap = self.p.mask & !(left | down | right);
        if y == self.p.last {
            if bitmap != 0 && bitmap & self.p.lastmask == 0 {
                self.board[y] = bitmap;
                self.check();
            }
            return;
        }
        if y < self.p.bound1 {
            bitmap &= !self.p.sidemask;
        } else if y == self.p.bound2 {
            if down & self.p.sidemask == 0 {
                return;
            }
            if down & self.p.sidemask != self.p.sidemask {
                bitmap &= self.p.sidemask;
            }
        }
        // Past the top rows, the plain stretches run in their own tighter loops.
        if !SPLIT && y >= self.p.bound1 && y != self.p.bound2 {
            if y < self.p.bound2 {
                self.mid(y, bitmap, left, down, right);
            } else {
                self.low(y, bitmap, left, down, right);
            }
            return;
        }
        while bitmap != 0 {
            let bit = bitmap & bitmap.wrapping_neg();
            bitmap ^= bit;
            self.board[y] = bit;
            let (l, d, r) = ((left | bit) << 1, down | bit, (right | bit) >> 1);
            if self.p.mask & !(l | d | r) != 0 {
                self.edge::<SPLIT>(y + 1, l, d, r);
            }
        }
    }

    /// Rows from `bound1` to just before `bound2` (no edge rule applies), two rows per call
    /// (one when row `bound2` is next, which `edge` handles); `bitmap` is row `y`'s free squares.
    fn mid(&mut self, y: usize, mut bitmap: u32, left: u32, down: u32, right: u32) {
        let mask = self.p.mask;
        let next = y + 1;
        if next < self.p.bound2 {
            let after = next + 1;
            while bitmap != 0 {
                let bit = bitmap & bitmap.wrapping_neg();
                bitmap ^= bit;
                self.board[y] = bit;
                let (l, d, r) = ((left | bit) << 1, down | bit, (right | bit) >> 1);
                let mut b = mask & !(l | d | r);
                while b != 0 {
                    let bit = b & b.wrapping_neg();
                    b ^= bit;
                    self.board[next] = bit;
                    let (l2, d2, r2) = ((l | bit) << 1, d | bit, (r | bit) >> 1);
                    let b2 = mask & !(l2 | d2 | r2);
                    if b2 != 0 {
                        if after == self.p.bound2 {
                            self.edge::<false>(after, l2, d2, r2);
                        } else {
                            self.mid(after, b2, l2, d2, r2);
                        }
                    }
                }
            }
            return;
        }
        while bitmap != 0 {
            let bit = bitmap & bitmap.wrapping_neg();
            bitmap ^= bit;
            self.board[y] = bit;
            let (l, d, r) = ((left | bit) << 1, down | bit, (right | bit) >> 1);
            if mask & !(l | d | r) != 0 {
                self.edge::<false>(next, l, d, r);
            }
        }
    }

    /// Rows after `bound2` (the side columns are taken); the last row is expanded in place, so
    /// only boards it completes reach `check`.
    fn low(&mut self, y: usize, mut bitmap: u32, left: u32, down: u32, right: u32) {
        let mask = self.p.mask;
        let next = y + 1;
        if next == self.p.last {
            while bitmap != 0 {
                let bit = bitmap & bitmap.wrapping_neg();
                bitmap ^= bit;
                let b = mask & !(((left | bit) << 1) | down | bit | ((right | bit) >> 1));
                if b != 0 && b & self.p.lastmask == 0 {
                    self.board[y] = bit;
                    self.board[next] = b;
                    self.check();
                }
            }
            return;
        }
        while bitmap != 0 {
            let bit = bitmap & bitmap.wrapping_neg();
            bitmap ^= bit;
            self.board[y] = bit;
            let (l, d, r) = ((left | bit) << 1, down | bit, (right | bit) >> 1);
            let b = mask & !(l | d | r);
            if b != 0 {
                self.low(next, b, l, d, r);
            }
        }
    }

    /// Compares the complete board with its rotations: counts it as a class of 2, 4 or 8,
    /// or not at all when a rotation is smaller (that image is the canonical one).
    fn check(&mut self) {
        let b = &self.board;
        let e = self.p.last;
        // 90°
        if b[self.p.bound2] == 1 {
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
                self.tally.c2 += 1;
                return;
            }
        }
        // 180°
        if b[e] == self.p.endbit {
            let mut own = 1;
            while own <= e {
                let you = e - own;
                let mut bit = 1u32;
                let mut ptn = self.p.topbit;
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
                self.tally.c4 += 1;
                return;
            }
        }
        // 270°
        if b[self.p.bound1] == self.p.topbit {
            let mut ptn = self.p.topbit >> 1;
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
        self.tally.c8 += 1;
    }
}

/// Plain mirror-symmetric count, kept as an independent oracle for the tests.
#[cfg(test)]
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

    #[test]
    fn symmetric_search_agrees_with_plain_search() {
        for n in 1..=11 {
            let c = count_solutions(n, 1, &Limits::none(), &|_, _| {}).unwrap();
            assert_eq!(c.solutions, count_plain(n), "N = {n}");
        }
    }

    #[test]
    fn small_counts_and_errors() {
        let quiet = |_, _| {};
        let got: Vec<u64> =
            (1..=9).map(|n| count_solutions(n, 2, &Limits::none(), &quiet).unwrap().solutions).collect();
        assert_eq!(got, [1, 0, 0, 2, 10, 4, 40, 92, 352]);
        assert_eq!(count_solutions(0, 1, &Limits::none(), &quiet), Err(QueensError::ZeroSize));
        assert!(matches!(count_solutions(33, 1, &Limits::none(), &quiet), Err(QueensError::TooLarge { .. })));
    }

    #[test]
    fn progress_reaches_the_total_and_cancellation_stops() {
        let last = AtomicU64::new(0);
        let c = count_solutions(10, 2, &Limits::none(), &|done, total| {
            assert!(done <= total);
            last.fetch_max(done, Ordering::Relaxed);
        })
        .unwrap();
        assert_eq!(last.load(Ordering::Relaxed), c.tasks);
        let flag = std::sync::Arc::new(AtomicBool::new(true));
        let limits = Limits::none().cancel_flag(flag);
        assert_eq!(count_solutions(12, 1, &limits, &|_, _| {}), Err(QueensError::Stopped(StopReason::Cancelled)));
    }
}
