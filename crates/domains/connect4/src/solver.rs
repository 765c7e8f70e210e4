//! The Connect Four solver: negamax with null windows over bitboards.
//!
//! **Why a specialised search** rather than delve-game's generic [`Negamax`](delve_game::Negamax):
//! the solver's hot path needs what a generic trait cannot give cheaply — moves as single
//! bits with "non-losing" pruning (never play under an opponent's winning cell, block a single
//! threat, give up at once against two), score bounds that shrink with the stones on the
//! board, move ordering by threats created, a table that fits a bound in a byte, and no
//! allocation per node. The module tests check it against the generic engine on small
//! positions, so both stay honest.
//!
//! **Algorithm** (the ideas of Pascal Pons's solver, written anew, plus a few of our own):
//! * The root asks "is the score above `m`?" with null windows `(m, m + 1)`, halving the
//!   interval of possible scores, first around 0 so that a win or a loss is found early.
//! * Fail-soft negamax: each answer is a bound, often tighter than the window.
//! * Only non-losing moves are searched, ordered by how many winning cells they leave the
//!   side to move, centre columns first among equals.
//! * The table keeps a lower and an upper bound and the best move per position, keyed by the
//!   smaller of the position's key and its mirror's (a mirrored position has the same score),
//!   in two-entry buckets. It is split by depth: a big table for the first plies, a small one
//!   that stays in the L2 cache for the many deeper positions, since the table probe is most
//!   of a node's cost when every probe misses the cache.
//! * Static bounds beyond the stone count (our own): a side with no line of four left free of
//!   the other's stones cannot win (its score is at most 0), and Allis's *claimeven*: when
//!   every column has an even number of empty cells, the second player can answer every move
//!   on top of it, so the first player (to move) gets only the empty cells of rows 0, 2, 4; if
//!   those with its stones hold no four, its score is at most 0 (at most -1 if the
//!   opponent's cells hold one). A side to move with exactly one odd column plays there and
//!   takes that strategy itself (a floor). These bounds cut nodes most on shallow positions,
//!   where the stone count alone bounds the score loosely.
//! * Enhanced transposition cut-off: before searching, every child is looked up; one whose
//!   known bound already proves a cut-off ends the node without a search, and one whose
//!   known bound proves it cannot raise alpha is not searched at all (its bound stands in
//!   for its value).
//! * Table replacement by work: the first way of a bucket keeps the entry whose search took
//!   the most nodes, the second the most recent one.
//! * Several threads split the root's null-window tests: they share the interval of possible
//!   scores and the table; each takes the next test that no other thread is running, as if
//!   the others' tests had already answered toward 0 (so two threads run the schedule's next
//!   two tests at once, e.g. the final pair "above s - 1?" and "above s?"), and a thread whose
//!   test another's answer settles drops it at once. Unlike lazy SMP (every thread running
//!   the whole schedule), the threads do not repeat each other's tests, so the extra nodes
//!   they search together stay small (BENCHMARKS.md has the figures).

use crate::board::{CELLS, Position, WIDTH, column_mask};
use crate::board::{ORDER, win_score};
use crate::book::{Book, DeepestLevel};
use crate::table::{NO_BOUND, Tables};
use delve_core::{Clock, Limits, StopReason};
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::{Duration, Instant};

/// How often (in nodes) the clock, node budget and cancel flag are looked at.
const CHECK_EVERY: u64 = 1 << 14;

/// How the solver is built: its table, and which of the beyond-Pons ideas it uses.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SolverConfig {
    /// The near-root table has `2^table_bits` buckets (for positions with fewer than
    /// `split` stones).
    pub table_bits: u32,
    /// The deep table has `2^deep_bits` buckets: small, so that it stays in cache.
    pub deep_bits: u32,
    /// Positions with at least this many stones use the deep table (0: only the deep table).
    pub split: u32,
    /// Buckets of two entries (one keeps the bigger subtree) instead of one.
    pub two_way: bool,
    /// Key the table by the smaller of a position's key and its mirror's.
    pub mirror: bool,
    /// Enhanced transposition cut-offs (look the children up before searching).
    pub etc: bool,
    /// Threads that search each position (1 = single-threaded); see [`Solver`] for how
    /// several share the work.
    pub threads: usize,
}

impl Default for SolverConfig {
    /// The fastest configuration on the benchmark sets (BENCHMARKS.md has the figures): a
    /// 1 MiB deep table that stays in the L2 cache, a 64 MiB one for the first 12 plies.
    fn default() -> Self {
        SolverConfig { table_bits: 22, deep_bits: 16, split: 12, two_way: true, mirror: true, etc: true, threads: 1 }
    }
}

impl SolverConfig {
    /// The default configuration for `threads` threads: with two or more, a 4 MiB deep table
    /// (`deep_bits` 18) instead of 1 MiB: with the smaller table, the threads' results evict
    /// each other and the threads search many more nodes, while one thread is as fast with
    /// either.
    pub fn for_threads(threads: usize) -> Self {
        let deep_bits = if threads > 1 { 18 } else { SolverConfig::default().deep_bits };
        SolverConfig { threads: threads.max(1), deep_bits, ..SolverConfig::default() }
    }
}

/// The result of solving a position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Solution {
    /// Pons's score for the side to move (for a weak solve: -1, 0 or 1, the sign only).
    pub score: i32,
    /// Nodes searched (negamax calls, Pons's measure) by all threads.
    pub nodes: u64,
    /// Wall-clock time of the solve.
    pub elapsed: Duration,
}

/// A solver with its transposition table, kept between positions.
pub struct Solver {
    config: SolverConfig,
    table: Tables,
    /// Exact scores answered without a search, if the caller gave a book.
    book: Option<Book>,
    /// Nodes the last [`Solver::solve`] searched, whether it finished or a limit stopped it
    /// (for the report of a stopped solve).
    pub(crate) last_nodes: u64,
}

impl Solver {
    /// A solver built as `config` says (the table is allocated here).
    pub fn new(config: SolverConfig) -> Self {
        let table = Tables::new(config.table_bits, config.deep_bits, config.split, config.two_way);
        Solver { table, config, book: None, last_nodes: 0 }
    }

    /// The solver with an opening book: a position the book has is answered from it, with 0
    /// nodes, and [`Solver::best_move`] gives the book's move.
    pub fn with_book(mut self, book: Book) -> Self {
        self.book = Some(book);
        self
    }

    /// The configuration.
    pub fn config(&self) -> &SolverConfig {
        &self.config
    }

    /// The table's size in bytes.
    pub fn table_bytes(&self) -> usize {
        self.table.bytes()
    }

    /// Forgets what the table learned.
    pub fn reset(&mut self) {
        self.table.clear();
    }

    /// Pons's score of `position` for the side to move; with `weak`, only its sign.
    /// `Err` when a limit in `limits` (time, node budget via `max_expanded`, cancel flag)
    /// stopped the search.
    pub fn solve(&mut self, position: &Position, weak: bool, limits: &Limits) -> Result<Solution, StopReason> {
        let start = Instant::now();
        let clock = limits.clock();
        let stop = AtomicBool::new(false);
        self.last_nodes = 0;
        if let Some(score) = self.book.as_ref().and_then(|b| b.get(position)) {
            let score = if weak { score.signum() } else { score };
            return Ok(Solution { score, nodes: 0, elapsed: start.elapsed() });
        }
        if position.can_win_next() {
            let score = win_score(position.moves());
            let score = if weak { 1 } else { score };
            return Ok(Solution { score, nodes: 0, elapsed: start.elapsed() });
        }
        // The search looks at the clock every few thousand nodes, which a small position never
        // reaches: look once before it, so that a run of small solves (a book's deepest level,
        // a batch) still stops at Ctrl-C or its deadline.
        clock.check()?;
        let threads = self.config.threads.max(1);
        let config = &self.config;
        let table = &self.table;
        let (result, nodes) = if threads == 1 {
            let mut s = Search::new(config, table, &clock, limits.max_expanded, &stop, 0, None);
            let r = s.root(position, weak);
            (r, s.nodes)
        } else {
            let shared = Shared::new(position, weak, threads);
            let total = std::sync::atomic::AtomicU64::new(0);
            let results: Vec<Result<i32, StopReason>> = std::thread::scope(|scope| {
                let handles: Vec<_> = (0..threads)
                    .map(|id| {
                        let (clock, stop, shared, total) = (&clock, &stop, &shared, &total);
                        scope.spawn(move || {
                            let mut s = Search::new(config, table, clock, limits.max_expanded, stop, id, Some(shared));
                            let r = s.root_shared(position, shared);
                            total.fetch_add(s.nodes, Ordering::Relaxed);
                            if r.is_err() {
                                // A limit stops every thread.
                                stop.store(true, Ordering::Relaxed);
                            }
                            r
                        })
                    })
                    .collect();
                handles.into_iter().map(|h| h.join().unwrap_or(Err(StopReason::Cancelled))).collect()
            });
            // Every thread ends with the same interval, or one of them hit a limit (and stopped
            // the others, which then report `Cancelled`): that limit is the answer.
            let first_limit = results.iter().find(|r| matches!(r, Err(e) if *e != StopReason::Cancelled));
            let r = first_limit.or_else(|| results.iter().find(|r| r.is_err())).copied().unwrap_or(results[0]);
            (r, total.into_inner())
        };
        self.last_nodes = nodes;
        result.map(|score| Solution { score, nodes, elapsed: start.elapsed() })
    }

    /// The score of every column for the side to move (`None` for a full column), each as
    /// Pons's score of the game after that move for the player making it.
    pub fn analyze(
        &mut self,
        position: &Position,
        weak: bool,
        limits: &Limits,
    ) -> Result<[Option<i32>; WIDTH], StopReason> {
        let mut scores = [None; WIDTH];
        for (column, score) in scores.iter_mut().enumerate() {
            *score = self.column_score(position, column, weak, limits)?;
        }
        Ok(scores)
    }

    /// The score of playing `column` (0-based) for the side to move, `None` when the column
    /// is full.
    pub fn column_score(
        &mut self,
        position: &Position,
        column: usize,
        weak: bool,
        limits: &Limits,
    ) -> Result<Option<i32>, StopReason> {
        if !position.can_play(column) {
            return Ok(None);
        }
        if position.is_winning_move(column) {
            return Ok(Some(if weak { 1 } else { win_score(position.moves()) }));
        }
        let mut child = *position;
        child.play_column(column);
        Ok(Some(if child.moves() == CELLS { 0 } else { -self.solve(&child, weak, limits)?.score }))
    }

    /// A best column (0-based) of `position`: the first, centre first, whose score equals the
    /// position's `score` (from [`Solver::solve`] with the same `weak`).
    pub fn best_move(
        &mut self,
        position: &Position,
        score: i32,
        weak: bool,
        limits: &Limits,
    ) -> Result<usize, StopReason> {
        if let Some(column) = self.book.as_ref().and_then(|b| b.best_move(position)) {
            return Ok(column);
        }
        for column in ORDER {
            if position.can_play(column) && position.is_winning_move(column) {
                return Ok(column);
            }
        }
        let next = position.non_losing_moves();
        let clock = limits.clock();
        clock.check()?;
        let stop = AtomicBool::new(false);
        let mut s = Search::new(&self.config, &self.table, &clock, limits.max_expanded, &stop, 0, None);
        for column in ORDER {
            let cell = next & column_mask(column);
            if cell == 0 {
                continue;
            }
            let mut child = *position;
            child.play(cell);
            // The move reaches `score` when the child is worth at most `-score` to the
            // opponent; in a weakly lost position any move that does not lose at once will do.
            let reaches = weak && score < 0 || {
                let v = s.negamax(&child, -score, -score + 1);
                s.stopped()?;
                v <= -score
            };
            if reaches {
                return Ok(column);
            }
        }
        // Every move loses at once (or the score was wrong): any playable column, centre first.
        ORDER.into_iter().find(|&c| position.can_play(c)).ok_or(StopReason::Cancelled)
    }
}

/// The root's interval of possible scores, shared by the threads of a multi-threaded solve,
/// and the null-window test each thread is running.
struct Shared {
    state: Mutex<RootState>,
    /// `min` and `max` of the interval, packed by [`pack`] for the threads' periodic check.
    bounds: AtomicU64,
}

struct RootState {
    min: i32,
    max: i32,
    /// The test value each thread is searching (`None`: between tests).
    testing: Vec<Option<i32>>,
}

/// Packs an interval into one word.
fn pack(min: i32, max: i32) -> u64 {
    u64::from(min as u32) | u64::from(max as u32) << 32
}

/// Unpacks [`pack`].
fn unpack(bounds: u64) -> (i32, i32) {
    (bounds as u32 as i32, (bounds >> 32) as u32 as i32)
}

impl Shared {
    fn new(position: &Position, weak: bool, threads: usize) -> Self {
        let (min, max) = score_range(position, weak);
        Shared {
            state: Mutex::new(RootState { min, max, testing: vec![None; threads] }),
            bounds: AtomicU64::new(pack(min, max)),
        }
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, RootState> {
        self.state.lock().unwrap_or_else(|p| p.into_inner())
    }
}

/// The interval of scores a position whose side to move cannot win at once may have.
fn score_range(position: &Position, weak: bool) -> (i32, i32) {
    let moves = position.moves() as i32;
    if weak { (-1, 1) } else { (-(CELLS as i32 - moves) / 2, (CELLS as i32 + 1 - moves) / 2) }
}

/// The next null-window test of `min..=max` (with `min < max`): the middle, but near 0 first,
/// since most of the interval's work is telling a win from a loss.
fn schedule(min: i32, max: i32) -> i32 {
    let med = min + (max - min) / 2;
    if med <= 0 && min / 2 < med {
        min / 2
    } else if med >= 0 && max / 2 > med {
        max / 2
    } else {
        med
    }
}

/// Why a thread's search stopped early.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Halt {
    /// A limit (time, nodes, cancel flag) stopped the whole solve.
    Limit(StopReason),
    /// Another thread's answer settled this thread's test: it picks another.
    Settled,
}

/// One thread's search: its node count, its limits, and for a multi-threaded solve the
/// shared root interval.
struct Search<'a> {
    config: &'a SolverConfig,
    table: &'a Tables,
    clock: &'a Clock,
    max_nodes: Option<u64>,
    stop: &'a AtomicBool,
    halt: Option<Halt>,
    nodes: u64,
    /// The thread's index.
    id: usize,
    shared: Option<&'a Shared>,
    /// The value this thread's root test asks about ("is the score above `test`?").
    test: i32,
}

impl<'a> Search<'a> {
    fn new(
        config: &'a SolverConfig,
        table: &'a Tables,
        clock: &'a Clock,
        max_nodes: Option<u64>,
        stop: &'a AtomicBool,
        id: usize,
        shared: Option<&'a Shared>,
    ) -> Self {
        Search { config, table, clock, max_nodes, stop, halt: None, nodes: 0, id, shared, test: 0 }
    }

    fn stopped(&self) -> Result<(), StopReason> {
        match self.halt {
            Some(Halt::Limit(e)) => Err(e),
            _ => Ok(()),
        }
    }

    #[cold]
    fn check(&mut self) {
        if let Err(e) = self.clock.check() {
            self.halt = Some(Halt::Limit(e));
        } else if self.max_nodes.is_some_and(|m| self.nodes >= m) {
            self.halt = Some(Halt::Limit(StopReason::NodeLimit));
        } else if self.stop.load(Ordering::Relaxed) {
            self.halt = Some(Halt::Limit(StopReason::Cancelled));
        } else if let Some(shared) = self.shared {
            let (min, max) = unpack(shared.bounds.load(Ordering::Relaxed));
            if self.test < min || self.test >= max {
                self.halt = Some(Halt::Settled);
            }
        }
    }

    /// The multi-threaded root: each thread takes the next test that no other thread runs,
    /// as if the others' tests had answered toward 0 (where the schedule goes next), and a
    /// thread whose test another's answer settles drops it. The threads share the interval
    /// and the near table.
    fn root_shared(&mut self, p: &Position, shared: &Shared) -> Result<i32, StopReason> {
        loop {
            let test = {
                let mut st = shared.lock();
                if st.min >= st.max {
                    return Ok(st.min);
                }
                let (mut lo, mut hi) = (st.min, st.max);
                for m in st.testing.iter().flatten().copied() {
                    if m < 0 { lo = lo.max(m + 1) } else { hi = hi.min(m) }
                }
                let busy = |m: i32| st.testing.contains(&Some(m));
                let mut test = if lo < hi { schedule(lo, hi) } else { schedule(st.min, st.max) };
                if busy(test) {
                    // Every value of the assumed interval is taken: the free value nearest.
                    let free = (1..st.max - st.min)
                        .flat_map(|d| [test + d, test - d])
                        .find(|&m| m >= st.min && m < st.max && !busy(m));
                    test = free.unwrap_or(test);
                }
                st.testing[self.id] = Some(test);
                test
            };
            self.test = test;
            let r = self.negamax(p, test, test + 1);
            let halt = self.halt.take();
            let mut st = shared.lock();
            st.testing[self.id] = None;
            match halt {
                Some(Halt::Limit(e)) => return Err(e),
                Some(Halt::Settled) => continue,
                None => {}
            }
            if r <= test {
                st.max = st.max.min(r.max(st.min));
            } else {
                st.min = st.min.max(r.min(st.max));
            }
            shared.bounds.store(pack(st.min, st.max), Ordering::Relaxed);
        }
    }

    /// Null-window narrowing at the root (which cannot win at once).
    fn root(&mut self, p: &Position, weak: bool) -> Result<i32, StopReason> {
        let (mut min, mut max) = score_range(p, weak);
        while min < max {
            let med = schedule(min, max);
            let r = self.negamax(p, med, med + 1);
            self.stopped()?;
            if r <= med {
                max = r.clamp(min, med);
            } else {
                min = r.clamp(med + 1, max);
            }
        }
        Ok(min)
    }

    #[inline]
    fn key(&self, p: &Position) -> u64 {
        if self.config.mirror { p.key().min(p.mirror_key()) } else { p.key() }
    }

    /// Fail-soft negamax of a position whose side to move cannot win at once.
    fn negamax(&mut self, p: &Position, mut alpha: i32, mut beta: i32) -> i32 {
        self.nodes += 1;
        let nodes0 = self.nodes;
        if self.nodes.is_multiple_of(CHECK_EVERY) {
            self.check();
        }
        if self.halt.is_some() {
            return 0;
        }
        let next = p.non_losing_moves();
        let moves = p.moves() as i32;
        if next == 0 {
            // Every move lets the opponent win with its next stone.
            return -(CELLS as i32 - moves) / 2;
        }
        if moves >= CELLS as i32 - 2 {
            return 0;
        }
        // We cannot lose before the opponent's second move from here, nor win before ours;
        // a side without a line of four left cannot win, and Allis's claimeven bounds the side
        // the opponent can answer move for move (see `Position::claimeven_ceiling`).
        let mut floor = -(CELLS as i32 - 2 - moves) / 2;
        let mut ceiling = (CELLS as i32 - 1 - moves) / 2;
        // These bounds are 0 or ±1, so they can only cut a window near 0: the tests are
        // skipped elsewhere (every window below the root is a null window, so a bound that
        // does not cut changes nothing).
        if alpha >= -1 {
            if alpha >= 0 && !p.has_open_line() {
                ceiling = ceiling.min(0);
            } else if let Some(c) = p.claimeven_ceiling() {
                ceiling = ceiling.min(c);
            }
        }
        if beta <= 1 {
            if let Some(f) = p.claimeven_floor() {
                floor = floor.max(f);
            }
            if beta <= 0 && !p.opponent_has_open_line() {
                floor = floor.max(0);
            }
        }
        alpha = alpha.max(floor);
        beta = beta.min(ceiling);
        if alpha >= beta {
            return alpha;
        }
        let key = self.key(p);
        let mut hint = None;
        if let Some((lo, hi, best)) = self.table.get(key, p.moves()) {
            if lo >= beta {
                return lo;
            }
            if hi <= alpha {
                return hi;
            }
            alpha = alpha.max(lo);
            beta = beta.min(hi);
            if alpha >= beta {
                return alpha;
            }
            hint = best;
        }
        // Under a mirrored key, the remembered column is the mirror's.
        let flipped = self.config.mirror && key != p.key();
        let hint = hint.map(|c| if flipped { WIDTH - 1 - c } else { c });
        // The moves, best first: the table's best move, then most winning cells made, then
        // centre first.
        let mut list = [(0u64, 0u32, 0usize); WIDTH];
        let mut n = 0;
        for column in ORDER {
            let cell = next & column_mask(column);
            if cell == 0 {
                continue;
            }
            let score = if hint == Some(column) { u32::MAX } else { p.threats_after(cell) };
            let mut i = n;
            while i > 0 && list[i - 1].1 < score {
                list[i] = list[i - 1];
                i -= 1;
            }
            list[i] = (cell, score, column);
            n += 1;
        }
        // The children's known lower bounds (to the opponent), from the ETC probes.
        let mut known = [-NO_BOUND; WIDTH];
        if self.config.etc {
            // A child already known to be worth at most -beta to the opponent cuts at once.
            for (i, &(cell, _, _)) in list[..n].iter().enumerate() {
                let mut child = *p;
                child.play(cell);
                if let Some((lo, hi, _)) = self.table.get(self.key(&child), child.moves()) {
                    if -hi >= beta {
                        return -hi;
                    }
                    known[i] = lo;
                }
            }
        }
        let (alpha0, beta0) = (alpha, beta);
        let mut best = -NO_BOUND;
        let mut best_column = list[0].2;
        for (i, &(cell, _, column)) in list[..n].iter().enumerate() {
            // A move already known to be worth at most alpha is not searched: its bound is
            // its fail-soft value.
            let v = if -known[i] <= alpha {
                -known[i]
            } else {
                let mut child = *p;
                child.play(cell);
                -self.negamax(&child, -beta, -alpha)
            };
            if v > best {
                best = v;
                best_column = column;
            }
            if v >= beta {
                break;
            }
            alpha = alpha.max(v);
        }
        if self.halt.is_none() {
            let lower = if best > alpha0 { best } else { -NO_BOUND };
            let upper = if best < beta0 { best } else { NO_BOUND };
            let column = if flipped { WIDTH - 1 - best_column } else { best_column };
            // The entry's worth: the bit length of the nodes this search took.
            let worth = u64::BITS - (self.nodes - nodes0 + 1).leading_zeros();
            self.table.put(key, lower, upper, p.moves(), worth, column);
        }
        best
    }
}

/// Connect Four as a [`delve_game::ZeroSum`] game for the generic negamax engine: the
/// reference the specialised solver is tested against, and a demonstration that the engine
/// solves it (slowly) without any Connect Four knowledge beyond the rules.
#[derive(Clone, Copy, Debug, Default)]
pub struct Connect4;

impl delve_game::ZeroSum for Connect4 {
    type Position = Position;
    type Move = usize;
    fn moves(&self, p: &Position) -> Vec<usize> {
        ORDER.into_iter().filter(|&c| p.can_play(c)).collect()
    }
    fn play(&self, p: &Position, column: usize) -> Position {
        let mut child = *p;
        child.play_column(column);
        child
    }
    fn terminal(&self, p: &Position) -> Option<i32> {
        if p.last_mover_won() {
            // The last mover won with its stone number ceil(moves / 2).
            Some(-(22 - p.moves().div_ceil(2) as i32))
        } else {
            (p.moves() == CELLS).then_some(0)
        }
    }
    fn evaluate(&self, _: &Position) -> i32 {
        0
    }
    fn key(&self, p: &Position) -> u64 {
        p.key()
    }
    fn value_bounds(&self, _: &Position) -> (i32, i32) {
        (-21, 21)
    }
}

/// The solver fills the deepest level of an opening book ([`crate::book::build`]).
impl DeepestLevel for Solver {
    fn score_and_move(&mut self, position: &Position, limits: &Limits) -> Result<(i32, usize), StopReason> {
        let score = self.solve(position, false, limits)?.score;
        Ok((score, self.best_move(position, score, false, limits)?))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use delve_core::NoObserver;
    use delve_game::{Negamax, NegamaxOptions};

    fn small() -> SolverConfig {
        SolverConfig { table_bits: 12, ..SolverConfig::default() }
    }

    #[test]
    fn one_thread_keeps_the_default_and_more_get_the_bigger_deep_table() {
        assert_eq!(SolverConfig::for_threads(1), SolverConfig::default());
        assert_eq!(SolverConfig::for_threads(0).threads, 1);
        let two = SolverConfig::for_threads(2);
        assert_eq!((two.threads, two.deep_bits), (2, 18));
        assert_eq!(two.table_bits, SolverConfig::default().table_bits);
    }

    #[test]
    fn pons_examples() {
        let mut s = Solver::new(small());
        let score =
            |s: &mut Solver, m: &str| s.solve(&Position::parse(m).unwrap(), false, &Limits::none()).unwrap().score;
        assert_eq!(score(&mut s, "4455"), 18);
        assert_eq!(score(&mut s, "44455554221"), -15);
    }

    #[test]
    fn the_specialised_solver_agrees_with_the_generic_engine() {
        // Late positions of the End-Easy set: small enough for the generic engine.
        let data = include_str!("../data/Test_L3_R1");
        let mut generic_solved = 0;
        for line in data.lines().step_by(25) {
            let (moves, want) = line.split_once(' ').unwrap();
            let want: i32 = want.parse().unwrap();
            let p = Position::parse(moves).unwrap();
            for config in [
                small(),
                SolverConfig { mirror: false, etc: false, two_way: false, ..small() },
                SolverConfig { threads: 2, ..small() },
            ] {
                let got = Solver::new(config).solve(&p, false, &Limits::none()).unwrap().score;
                assert_eq!(got, want, "{moves} with {config:?}");
                let weak = Solver::new(config).solve(&p, true, &Limits::none()).unwrap().score;
                assert_eq!(weak, want.signum(), "{moves} weak");
            }
            if p.moves() >= 32 {
                let mut engine = Negamax::with_table_bits(&Connect4, 16);
                let out = engine.solve(&p, &NegamaxOptions::default(), &Limits::none(), NoObserver);
                assert_eq!(out.outcome.unwrap().value, want, "generic engine on {moves}");
                generic_solved += 1;
            }
        }
        assert!(generic_solved >= 10, "{generic_solved}");
    }

    #[test]
    fn analyze_and_best_move_agree_with_the_score() {
        let mut s = Solver::new(small());
        for moves in ["44455554221", "2252576253462244111563365343671351441", "22525762534622441115"] {
            let p = Position::parse(moves).unwrap();
            let score = s.solve(&p, false, &Limits::none()).unwrap().score;
            let scores = s.analyze(&p, false, &Limits::none()).unwrap();
            assert_eq!(scores.iter().flatten().max(), Some(&score), "{moves}");
            let best = s.best_move(&p, score, false, &Limits::none()).unwrap();
            assert_eq!(scores[best], Some(score), "{moves}: column {}", best + 1);
        }
    }

    #[test]
    fn a_node_budget_stops_the_solver() {
        let mut s = Solver::new(small());
        let p = Position::parse("4").unwrap();
        assert_eq!(s.solve(&p, false, &Limits::none().max_expanded(1000)), Err(StopReason::NodeLimit));
        let mut two = Solver::new(SolverConfig { threads: 2, ..small() });
        assert_eq!(two.solve(&p, false, &Limits::none().max_expanded(1000)), Err(StopReason::NodeLimit));
    }

    #[test]
    fn two_threads_split_the_tests_and_agree() {
        // Positions whose score needs several null-window tests, strong and weak.
        let mut one = Solver::new(small());
        let mut two = Solver::new(SolverConfig { threads: 2, ..small() });
        for moves in ["44455554221", "4455", "2252576253462244111563365343671351441", "3344"] {
            let p = Position::parse(moves).unwrap();
            for weak in [false, true] {
                let a = one.solve(&p, weak, &Limits::none()).unwrap();
                let b = two.solve(&p, weak, &Limits::none()).unwrap();
                assert_eq!(a.score, b.score, "{moves} weak={weak}");
            }
        }
    }
}
