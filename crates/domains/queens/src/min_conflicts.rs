//! Min-conflicts specialised for N-Queens, for millions of queens.
//!
//! Why a second min-conflicts beside the general engine (`delve_csp::min_conflicts` on
//! [`csp_model`](fn@crate::csp_model)): the general engine sees N·(N−1)/2 binary constraints, so
//! the model alone takes O(N²) memory and a step costs O(N²) constraint checks (N values × N − 1
//! neighbours); N = 10⁶ would need 5·10¹¹ constraints. This one knows the board's lines: one count
//! per row and diagonal answers "how many queens attack this square" in O(1), so the board takes
//! O(N) memory and a step O(N), so it pulls far ahead as N grows; on small boards the two are alike
//! (the general engine's tabu list helps there). BENCHMARKS.md compares them. The test
//! `agrees_with_the_general_engine` runs both on the same boards. Both phases are cheap here:
//! 1. **Greedy start** (after Minton et al. 1992 and Sosič & Gu's QS4): column by column,
//!    draw rows from the pool of rows not used yet and take the first whose two diagonals
//!    are free, trying a bounded number of draws; when none is free (near the last columns,
//!    where the pool is small), swap rows with a random earlier column if that frees both,
//!    else take the least attacked draw. Rows never clash and almost every diagonal is free:
//!    O(N) expected time. For large N this start is usually already a solution; for small N
//!    a few conflicts are left to repair.
//! 2. **Repair**: pick a random attacked queen and move it to the row of its column with the
//!    fewest attackers (ties at random; a rare random-walk step escapes plateaus). Line
//!    counts make each evaluation O(1), so a step costs O(N).
//!
//! Every step goes through `delve_core`'s `Meter`, so node budgets, deadlines and Ctrl-C stop
//! it cleanly.

use crate::local::Board;
use delve_core::random::SeededRng;
use delve_core::{Bound, Limits, Meter, NodeInfo, Observer, OutcomeKind, Stats, StopReason};
use rand::{Rng as _, SeedableRng};

/// How a min-conflicts run ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum McOutcome {
    /// A placement (0-based rows).
    Solved(Vec<u32>),
    /// A limit stopped it; the attacking pairs left in the best state.
    Stopped(StopReason, u64),
}

/// The result with its statistics: `expanded` = repair steps, `iterations` = tries
/// (restarts + 1), `generated` = rows evaluated.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct McResult {
    /// How it ended.
    pub outcome: McOutcome,
    /// Work done.
    pub stats: Stats,
    /// Attacked queens left after the greedy start of the successful (or last) try.
    pub initial_conflicts: u64,
}

/// Draws per column in the greedy start before settling for the least attacked draw.
const DRAWS: usize = 64;
/// Probability of a random-walk step in the repair phase.
const WALK: f64 = 0.02;

/// Solves N-Queens (N ≥ 4, or N = 1) by min-conflicts. Each try gets `max(100·N, 10⁵)`
/// repair steps, then restarts, until a limit stops it.
///
/// A specialised hot path of `delve_csp::min_conflicts`: that engine, on
/// [`csp_model`](fn@crate::csp_model), holds N·(N−1)/2 constraints and pays O(N²) checks a
/// step; this one keeps a queen count per row and diagonal, so O(N) memory and O(N) a step
/// (N = 10⁶ is out of the general engine's reach). Tested against it on the same boards and
/// seeds.
///
/// ```
/// use delve_core::{Limits, NoObserver};
/// use delve_queens::{McOutcome, min_conflicts, verify};
/// let out = min_conflicts(10_000, 42, &Limits::none(), NoObserver);
/// let McOutcome::Solved(rows) = out.outcome else { panic!() };
/// assert!(verify(10_000, &rows).is_ok());
/// ```
pub fn min_conflicts<O: Observer<Vec<u32>, f64>>(n: usize, seed: u64, limits: &Limits, observer: O) -> McResult {
    let mut meter = Meter::new(limits, observer);
    if let Err(reason) = meter.start::<Vec<u32>, f64>("min-conflicts") {
        return finish(meter, McOutcome::Stopped(reason, u64::MAX), 0);
    }
    let mut rng = SeededRng::seed_from_u64(seed);
    let mut board = Board::new(vec![0; n]);
    let max_steps = (100 * n as u64).max(100_000);
    let mut initial_conflicts = 0;
    let mut best = u64::MAX;
    loop {
        if let Err(reason) = meter.iteration::<Vec<u32>, f64>(Bound::None) {
            return finish(meter, McOutcome::Stopped(reason, best), initial_conflicts);
        }
        board.greedy(&mut rng);
        let mut attacked = board.attacked_columns();
        initial_conflicts = attacked.len() as u64;
        let mut steps = 0u64;
        loop {
            // Lazily drop queens no longer attacked; rescan when the list runs dry.
            let col = loop {
                if attacked.is_empty() {
                    attacked = board.attacked_columns();
                    if attacked.is_empty() {
                        break None;
                    }
                }
                let i = rng.random_range(0..attacked.len());
                let c = attacked[i] as usize;
                if board.attackers(c, board.rows[c]) > 0 {
                    break Some(c);
                }
                attacked.swap_remove(i);
            };
            let Some(c) = col else {
                return finish(meter, McOutcome::Solved(board.rows), initial_conflicts);
            };
            if steps == max_steps {
                best = best.min(board.pairs());
                break;
            }
            // The event's `g` is the length of the attacked list (an upper bound on the
            // attacked queens); computing the exact count would cost O(N) a step.
            let node = NodeInfo { state: &board.rows, g: attacked.len() as f64, h: None, depth: None };
            match meter.expanding(node) {
                Ok(true) => {}
                Ok(false) => continue,
                Err(reason) => {
                    best = best.min(board.pairs());
                    return finish(meter, McOutcome::Stopped(reason, best), initial_conflicts);
                }
            }
            steps += 1;
            meter.generated_many(n as u64);
            let target =
                if rng.random_bool(WALK) { rng.random_range(0..n as u32) } else { board.best_row(c, &mut rng) };
            board.move_queen(c, target);
            // The queens on the new lines are attacked now: add them (and the moved queen).
            if board.attackers(c, target) > 0 {
                board.sharing_lines(c, &mut attacked);
                attacked.push(c as u32);
            }
        }
    }
}

fn finish<O: Observer<Vec<u32>, f64>>(mut meter: Meter<'_, O>, outcome: McOutcome, initial_conflicts: u64) -> McResult {
    let (kind, reason) = match &outcome {
        McOutcome::Solved(_) => (OutcomeKind::Solved, None),
        McOutcome::Stopped(reason, _) => (OutcomeKind::Stopped, Some(*reason)),
    };
    let stats = meter.finish_with::<Vec<u32>, f64>(kind, reason);
    McResult { outcome, stats, initial_conflicts }
}

/// The greedy start and the repair moves on the local searches' [`Board`], whose line
/// counts make every evaluation O(1).
impl Board {
    /// Queens on the three lines through `(c, r)`, not counting one standing there.
    #[inline]
    fn attackers(&self, c: usize, r: u32) -> u32 {
        let (n, r) = (self.rows.len(), r as usize);
        let here = u32::from(self.rows[c] as usize == r) * 3;
        self.by_row[r] + self.by_sum[r + c] + self.by_diff[r + n - c] - here
    }

    /// The greedy start: a permutation of rows with (almost) free diagonals.
    fn greedy(&mut self, rng: &mut SeededRng) {
        let n = self.rows.len();
        self.clear();
        let mut pool: Vec<u32> = (0..n as u32).collect();
        for c in 0..n {
            let mut pick = (u32::MAX, 0usize);
            for _ in 0..DRAWS.min(pool.len()) {
                let i = rng.random_range(0..pool.len());
                let r = pool[i] as usize;
                let hits = self.by_sum[r + c] + self.by_diff[r + n - c];
                if hits < pick.0 {
                    pick = (hits, i);
                    if hits == 0 {
                        break;
                    }
                }
            }
            if pick.0 > 0 && self.swap_into(c, &mut pool, rng) {
                continue;
            }
            let r = pool.swap_remove(pick.1);
            self.place(c, r);
        }
    }

    /// Tail repair of the greedy start (QS4's idea): when no free row suits column `c`,
    /// give `c` the row of a random earlier column `j` and `j` a row from the pool, if that
    /// leaves both on free diagonals. True when it worked.
    fn swap_into(&mut self, c: usize, pool: &mut Vec<u32>, rng: &mut SeededRng) -> bool {
        let n = self.rows.len();
        if c == 0 {
            return false;
        }
        for _ in 0..4 * DRAWS {
            let j = rng.random_range(0..c);
            let i = rng.random_range(0..pool.len());
            let (rj, r) = (self.rows[j] as usize, pool[i] as usize);
            // c on row rj: both diagonals free (j leaves neither of them: j ≠ c).
            if self.by_sum[rj + c] + self.by_diff[rj + n - c] != 0 {
                continue;
            }
            // j on row r: its new diagonals free, and not shared with c's new ones.
            if self.by_sum[r + j] + self.by_diff[r + n - j] != 0 || r + j == rj + c || r + n - j == rj + n - c {
                continue;
            }
            self.move_queen(j, r as u32);
            self.place(c, rj as u32);
            pool.swap_remove(i);
            return true;
        }
        false
    }

    /// Appends the columns whose queens share a line with column `c`'s queen (one
    /// sequential pass over the rows).
    fn sharing_lines(&self, c: usize, out: &mut Vec<u32>) {
        let r = i64::from(self.rows[c]);
        let (sum, diff) = (r + c as i64, r - c as i64);
        for (k, &rk) in self.rows.iter().enumerate() {
            let rk = i64::from(rk);
            if k != c && (rk == r || rk + k as i64 == sum || rk - k as i64 == diff) {
                out.push(k as u32);
            }
        }
    }

    fn attacked_columns(&self) -> Vec<u32> {
        (0..self.rows.len()).filter(|&c| self.attackers(c, self.rows[c]) > 0).map(|c| c as u32).collect()
    }

    /// The row of column `c` with the fewest attackers, ties at random.
    fn best_row(&self, c: usize, rng: &mut SeededRng) -> u32 {
        let n = self.rows.len();
        let cur = self.rows[c] as usize;
        // by_sum[r + c] and by_diff[r + n - c] are contiguous runs: tight, vectorisable scans.
        let sums = &self.by_sum[c..c + n];
        let diffs = &self.by_diff[n - c..2 * n - c];
        let raw = |r: usize| self.by_row[r] + sums[r] + diffs[r];
        // Pass 1: the minimum and how often it occurs (the current row counts 3 too many).
        let mut best = u32::MAX;
        let mut ties = 0u32;
        for ((&a, &b), &d) in self.by_row.iter().zip(sums).zip(diffs) {
            let k = a + b + d;
            if k < best {
                best = k;
                ties = 0;
            }
            ties += u32::from(k == best);
        }
        let own = raw(cur) - 3;
        if own < best {
            return cur as u32;
        }
        if own == best {
            ties += 1;
        }
        // Pass 2: the chosen one among the ties.
        let mut pick = rng.random_range(0..ties);
        for r in 0..n {
            let k = if r == cur { own } else { raw(r) };
            if k == best {
                if pick == 0 {
                    return r as u32;
                }
                pick -= 1;
            }
        }
        cur as u32
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::verify;
    use delve_core::NoObserver;

    #[test]
    fn solves_small_and_medium_boards() {
        for n in [1, 4, 5, 6, 7, 8, 9, 10, 50, 1000] {
            for seed in 0..4 {
                let out = min_conflicts(n, seed, &Limits::none(), NoObserver);
                match out.outcome {
                    McOutcome::Solved(rows) => assert_eq!(verify(n, &rows), Ok(()), "n={n} seed={seed}"),
                    other => panic!("n={n}: {other:?}"),
                }
            }
        }
    }

    #[test]
    fn agrees_with_the_general_engine() {
        let general = |n: usize, seed: u64, limits: &Limits| {
            delve_csp::min_conflicts(
                &crate::csp_model(n),
                &delve_csp::MinConflicts::default(),
                seed,
                limits,
                NoObserver,
            )
        };
        // The same boards and seeds: both find placements, each verified independently.
        for n in [1, 4, 5, 6, 8, 10, 16, 30, 60] {
            for seed in 0..4 {
                let g = general(n, seed, &Limits::none());
                assert_eq!(verify(n, g.solution().expect("the general engine solves it")), Ok(()), "n={n} seed={seed}");
                let McOutcome::Solved(rows) = min_conflicts(n, seed, &Limits::none(), NoObserver).outcome else {
                    panic!("n={n} seed={seed}: unsolved")
                };
                assert_eq!(verify(n, &rows), Ok(()), "n={n} seed={seed}");
            }
        }
        // No placement exists for N = 2 and 3: both use up the same step budget without one.
        let budget = Limits::none().max_expanded(1000);
        for n in [2, 3] {
            let g = general(n, 1, &budget);
            assert_eq!(
                (g.solution(), g.outcome.stop_reason(), g.stats.expanded),
                (None, Some(StopReason::NodeLimit), 1000)
            );
            let s = min_conflicts(n, 1, &budget, NoObserver);
            assert!(matches!(s.outcome, McOutcome::Stopped(StopReason::NodeLimit, _)), "n={n}");
            assert_eq!(s.stats.expanded, 1000);
        }
        // Why it exists: at N = 200 a general step checks every constraint of the moved
        // variable (N − 1 of them per value), a step here evaluates N rows in O(1) each.
        let (mut checks, mut evaluations) = (0, 0);
        for seed in 0..4 {
            let g = general(200, seed, &Limits::none());
            assert!(g.is_solved());
            checks += g.counters.checks;
            let s = min_conflicts(200, seed, &Limits::none(), NoObserver);
            assert!(matches!(s.outcome, McOutcome::Solved(_)));
            evaluations += s.stats.generated;
        }
        assert!(evaluations * 100 < checks, "{evaluations} row evaluations against {checks} constraint checks");
    }

    #[test]
    fn limits_stop_an_unsolvable_board() {
        let out = min_conflicts(3, 1, &Limits::none().max_expanded(1000), NoObserver);
        assert!(matches!(out.outcome, McOutcome::Stopped(StopReason::NodeLimit, pairs) if pairs >= 1));
        assert_eq!(out.stats.expanded, 1000);
    }
}
