//! Minimum-cost perfect matching of the rows of a rectangular cost matrix (the assignment
//! problem), by the Hungarian method in its shortest-augmenting-path form (Kuhn–Munkres with
//! potentials, as in Jonker–Volgenant): O(n²·m) for n rows and m ≥ n columns.
//!
//! Domain-free: costs come from a closure, and a pair may be forbidden (`None`). Sokoban uses
//! it for its lower bound (boxes × goals, costs = push distances, some pairs impossible).
//! [`min_cost_matching`] is the one-shot call; [`Matcher`] keeps its buffers between calls so
//! a search can evaluate millions of matchings without allocating; [`IncrementalMatching`]
//! keeps a square problem's duals so the optimum after one row changes costs O(n²).
//!
//! ```
//! use delve_core::matching::min_cost_matching;
//! let costs = [[4u32, 1, 3], [2, 0, 5], [3, 2, 2]];
//! let m = min_cost_matching(3, 3, |r, c| Some(costs[r][c])).unwrap();
//! assert_eq!(m.total, 5); // 1 + 2 + 2
//! assert_eq!(m.row_to_col, vec![1, 0, 2]);
//! ```

mod incremental;

pub use incremental::IncrementalMatching;

use crate::cost::Cost;
use std::fmt::Debug;
use std::ops::Sub;

/// Marks "no column" / "no row" in the internal index buffers.
const NONE: usize = usize::MAX;

/// An integer cost the matcher accepts (the primitive integers implement it). The dual
/// potentials can grow to about n times the largest cost and go negative, so the matcher
/// works in a wider signed type, [`MatchCost::Wide`], where they cannot overflow.
pub trait MatchCost: Copy + Ord + Debug {
    /// The signed type the potentials and the running total live in: `i64` for costs of up
    /// to 32 bits, `i128` for 64-bit ones.
    type Wide: Cost + Ord + Sub<Output = Self::Wide>;
    /// Lossless conversion into [`MatchCost::Wide`].
    fn widen(self) -> Self::Wide;
    /// Conversion of a total back; panics if the total does not fit in `Self` (as an integer
    /// overflow would).
    fn narrow(wide: Self::Wide) -> Self;
}

macro_rules! match_cost {
    ($wide:ty: $($t:ty),*) => {$(
        impl MatchCost for $t {
            type Wide = $wide;
            #[inline]
            fn widen(self) -> $wide {
                self as $wide
            }
            #[inline]
            fn narrow(wide: $wide) -> Self {
                <$t>::try_from(wide).expect("matching total overflows the cost type")
            }
        }
    )*};
}
match_cost!(i64: u8, u16, u32, i8, i16, i32);
match_cost!(i128: u64, usize, i64, isize);

/// A minimum-cost matching: every row matched to a distinct column.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Matching<C> {
    /// The summed cost of the matched pairs.
    pub total: C,
    /// `row_to_col[r]` is the column matched to row `r`.
    pub row_to_col: Vec<usize>,
}

/// Matches every row of an `n_rows × n_cols` matrix to a distinct column at minimum total
/// cost. `cost(r, c)` gives the cost of the pair, or `None` when it is forbidden; it is called
/// once per pair, row by row. Returns `None` when no matching covers every row (in particular
/// when `n_rows > n_cols`). Any integer costs, negative ones included. Allocates its buffers;
/// use a [`Matcher`] to reuse them across calls.
///
/// ```
/// use delve_core::matching::min_cost_matching;
/// // Two boxes, three goals; box 0 cannot reach goal 1.
/// let dist = [[Some(2u32), None, Some(7)], [Some(1), Some(6), Some(3)]];
/// let m = min_cost_matching(2, 3, |b, g| dist[b][g]).unwrap();
/// assert_eq!((m.total, m.row_to_col), (5, vec![0, 2]));
/// // Both boxes can only reach goal 0: no matching.
/// assert!(min_cost_matching(2, 3, |_, g| (g == 0).then_some(1u32)).is_none());
/// ```
pub fn min_cost_matching<C: MatchCost>(
    n_rows: usize,
    n_cols: usize,
    cost: impl FnMut(usize, usize) -> Option<C>,
) -> Option<Matching<C>> {
    let mut matcher = Matcher::new();
    let total = matcher.solve(n_rows, n_cols, cost)?;
    Some(Matching { total, row_to_col: matcher.row_to_col })
}

/// A reusable minimum-cost matcher: the same algorithm as [`min_cost_matching`], with its
/// O(n·m) buffers kept between calls, so repeated solves (a heuristic evaluated at every
/// search node) allocate nothing once the buffers have grown to the largest size seen.
#[derive(Clone, Debug)]
pub struct Matcher<C: MatchCost> {
    /// The cost matrix, row-major, `Wide::MAX` for a forbidden pair.
    cost: Vec<C::Wide>,
    /// Row potentials (dual variables).
    row_pot: Vec<C::Wide>,
    /// Column potentials (dual variables).
    col_pot: Vec<C::Wide>,
    /// The row matched to each column, or `NONE`.
    col_row: Vec<usize>,
    /// The answer: the column matched to each row (empty after a failed solve).
    row_to_col: Vec<usize>,
    /// The buffers of the augmenting-path search.
    tree: Tree<C::Wide>,
}

impl<C: MatchCost> Default for Matcher<C> {
    fn default() -> Self {
        Self::new()
    }
}

impl<C: MatchCost> Matcher<C> {
    /// An empty matcher; buffers grow on the first solve.
    ///
    /// ```
    /// let mut m = delve_core::matching::Matcher::<u32>::new();
    /// assert_eq!(m.solve(0, 0, |_, _| Some(1)), Some(0));
    /// ```
    pub fn new() -> Self {
        Matcher {
            cost: Vec::new(),
            row_pot: Vec::new(),
            col_pot: Vec::new(),
            col_row: Vec::new(),
            row_to_col: Vec::new(),
            tree: Tree::default(),
        }
    }

    /// Solves one instance, with the contract of [`min_cost_matching`], and returns the
    /// minimum total cost; [`Matcher::assignment`] then gives the matching.
    ///
    /// ```
    /// use delve_core::matching::Matcher;
    /// let mut m = Matcher::new();
    /// assert_eq!(m.solve(2, 2, |r, c| Some(if r == c { 5i32 } else { 1 })), Some(2));
    /// assert_eq!(m.assignment(), &[1, 0]);
    /// assert_eq!(m.solve(2, 2, |r, _| (r == 0).then_some(1)), None); // row 1 is unmatchable
    /// assert!(m.assignment().is_empty());
    /// ```
    pub fn solve(
        &mut self,
        n_rows: usize,
        n_cols: usize,
        mut cost: impl FnMut(usize, usize) -> Option<C>,
    ) -> Option<C> {
        let inf = C::Wide::MAX;
        let zero = C::Wide::ZERO;
        let Matcher { cost: matrix, row_pot, col_pot, col_row, row_to_col, tree } = self;
        row_to_col.clear();
        if n_rows > n_cols {
            return None;
        }
        matrix.clear();
        for r in 0..n_rows {
            matrix.extend((0..n_cols).map(|c| cost(r, c).map_or(inf, C::widen)));
        }
        reset(row_pot, n_rows, zero);
        reset(col_pot, n_cols, zero);
        reset(col_row, n_cols, NONE);
        // Rows enter one at a time, each by one shortest augmenting path.
        for root in 0..n_rows {
            if !tree.augment(matrix, n_cols, root, row_pot, col_pot, col_row) {
                // No alternating path from `root` reaches a free column: the rows seen so
                // far already have no perfect matching.
                return None;
            }
        }

        row_to_col.resize(n_rows, NONE);
        let mut total = zero;
        for (c, &r) in col_row.iter().enumerate() {
            if r != NONE {
                row_to_col[r] = c;
                total = total + matrix[r * n_cols + c];
            }
        }
        Some(C::narrow(total))
    }

    /// The matching found by the last successful [`Matcher::solve`]: the column of each row.
    /// Empty after a failed one.
    ///
    /// ```
    /// let mut m = delve_core::matching::Matcher::new();
    /// m.solve(1, 3, |_, c| Some([9u64, 4, 6][c]));
    /// assert_eq!(m.assignment(), &[1]);
    /// ```
    pub fn assignment(&self) -> &[usize] {
        &self.row_to_col
    }
}

/// The scratch buffers of one shortest-augmenting-path search, kept between searches so that
/// none allocates once they have grown. Shared by [`Matcher`] and [`IncrementalMatching`].
#[derive(Clone, Debug)]
struct Tree<W> {
    /// Per column, the smallest reduced cost from the rows of the current search tree.
    slack: Vec<W>,
    /// Per column, the tree column whose matched row gave `slack` (`NONE`: the root row).
    via: Vec<usize>,
    /// Per column, whether it is already in the current search tree.
    in_tree: Vec<bool>,
}

impl<W> Default for Tree<W> {
    fn default() -> Self {
        Tree { slack: Vec::new(), via: Vec::new(), in_tree: Vec::new() }
    }
}

impl<W: Cost + Ord + Sub<Output = W>> Tree<W> {
    /// One step of the Hungarian method: grows a shortest-path tree from the free row `root`
    /// (Dijkstra on the reduced costs `cost - row_pot - col_pot`, which the potentials keep
    /// non-negative) until it reaches a free column, updating the potentials on the way, then
    /// flips the alternating path. `matrix` is row-major with `n_cols` columns and
    /// [`Cost::MAX`] for a forbidden pair; `col_row` holds each column's row or `NONE`.
    /// Returns `false` when no free column can be reached.
    fn augment(
        &mut self,
        matrix: &[W],
        n_cols: usize,
        root: usize,
        row_pot: &mut [W],
        col_pot: &mut [W],
        col_row: &mut [usize],
    ) -> bool {
        let (inf, zero) = (W::MAX, W::ZERO);
        let Tree { slack, via, in_tree } = self;
        reset(slack, n_cols, inf);
        reset(in_tree, n_cols, false);
        reset(via, n_cols, NONE);
        // Slices of the one length, so that the inner loops carry no bounds checks.
        let (slack, via, in_tree) = (&mut slack[..n_cols], &mut via[..n_cols], &mut in_tree[..n_cols]);
        let (col_pot, col_row) = (&mut col_pot[..n_cols], &mut col_row[..n_cols]);
        // The tree holds the root, the columns in `in_tree` and the rows matched to them.
        let (mut row, mut via_col) = (root, NONE);
        let free_col = loop {
            let costs = &matrix[row * n_cols..(row + 1) * n_cols];
            let u = row_pot[row];
            let (mut delta, mut next) = (inf, NONE);
            for c in 0..n_cols {
                if in_tree[c] {
                    continue;
                }
                if costs[c] != inf {
                    let reduced = costs[c] - u - col_pot[c];
                    if reduced < slack[c] {
                        slack[c] = reduced;
                        via[c] = via_col;
                    }
                }
                if slack[c] < delta {
                    delta = slack[c];
                    next = c;
                }
            }
            if next == NONE {
                return false;
            }
            // `delta` is negative only on a root's first step, when its costs are.
            if delta != zero {
                row_pot[root] = row_pot[root] + delta;
                for c in 0..n_cols {
                    if in_tree[c] {
                        row_pot[col_row[c]] = row_pot[col_row[c]] + delta;
                        col_pot[c] = col_pot[c] - delta;
                    } else if slack[c] != inf {
                        slack[c] = slack[c] - delta;
                    }
                }
            }
            in_tree[next] = true;
            if col_row[next] == NONE {
                break next;
            }
            (row, via_col) = (col_row[next], next);
        };
        let mut c = free_col;
        loop {
            let prev = via[c];
            if prev == NONE {
                col_row[c] = root;
                return true;
            }
            col_row[c] = col_row[prev];
            c = prev;
        }
    }
}

/// Empties `buf` and refills it with `len` copies of `value`, keeping its allocation.
fn reset<T: Copy>(buf: &mut Vec<T>, len: usize, value: T) {
    buf.clear();
    buf.resize(len, value);
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every permutation-style assignment of `n` rows to distinct columns of `m`, by brute force.
    fn brute_force(n: usize, m: usize, cost: &dyn Fn(usize, usize) -> Option<i64>) -> Option<i64> {
        fn go(
            row: usize,
            n: usize,
            m: usize,
            used: &mut [bool],
            cost: &dyn Fn(usize, usize) -> Option<i64>,
        ) -> Option<i64> {
            if row == n {
                return Some(0);
            }
            let mut best = None;
            for c in 0..m {
                if used[c] {
                    continue;
                }
                let Some(w) = cost(row, c) else { continue };
                used[c] = true;
                if let Some(rest) = go(row + 1, n, m, used, cost) {
                    best = Some(best.map_or(w + rest, |b: i64| b.min(w + rest)));
                }
                used[c] = false;
            }
            best
        }
        go(0, n, m, &mut vec![false; m], cost)
    }

    #[test]
    fn more_rows_than_columns_has_no_matching() {
        assert_eq!(min_cost_matching(3, 2, |_, _| Some(1u32)), None);
    }

    #[test]
    fn negative_costs_and_wide_types() {
        let m = min_cost_matching(2, 2, |r, c| Some([[-5i64, 3], [2, -7]][r][c])).unwrap();
        assert_eq!((m.total, m.row_to_col), (-12, vec![0, 1]));
        let big = u64::MAX / 4;
        let m = min_cost_matching(2, 2, |r, c| Some(if r == c { big } else { big + 1 })).unwrap();
        assert_eq!(m.total, 2 * big);
    }

    #[test]
    #[should_panic(expected = "overflows")]
    fn total_that_does_not_fit_panics() {
        min_cost_matching(2, 2, |_, _| Some(200u8));
    }

    #[test]
    fn forbidden_pairs_force_the_expensive_choice() {
        // The cheap diagonal is forbidden in row 2, so the cheap pairs must give way.
        let table = [[Some(1i32), Some(10), Some(10)], [Some(10), Some(1), Some(10)], [Some(1), Some(1), None]];
        let m = min_cost_matching(3, 3, |r, c| table[r][c]).unwrap();
        assert_eq!(m.total, 12);
        assert_eq!(Some(i64::from(m.total)), brute_force(3, 3, &|r, c| table[r][c].map(i64::from)));
    }

    #[test]
    fn reused_matcher_agrees_with_brute_force() {
        // A deterministic pseudo-random stream, so the test needs no generator.
        let mut state = 0x9e37_79b9_7f4a_7c15u64;
        let mut next = move || {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state
        };
        let mut matcher = Matcher::new();
        for _ in 0..400 {
            let n = (next() % 6) as usize;
            let m = n + (next() % 3) as usize;
            let table: Vec<Option<i64>> =
                (0..n * m).map(|_| if next() % 4 == 0 { None } else { Some((next() % 21) as i64 - 5) }).collect();
            let lookup = |r: usize, c: usize| table[r * m + c];
            let expected = brute_force(n, m, &lookup);
            assert_eq!(matcher.solve(n, m, lookup), expected);
            if let Some(total) = expected {
                let a = matcher.assignment();
                let mut cols = a.to_vec();
                cols.sort_unstable();
                cols.dedup();
                assert_eq!(cols.len(), n);
                assert_eq!(a.iter().enumerate().map(|(r, &c)| lookup(r, c).unwrap()).sum::<i64>(), total);
            }
        }
    }
}
