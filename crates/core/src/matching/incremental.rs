//! A square assignment problem solved with its dual variables kept, so that the optimum after
//! one row's costs change (in a search: one box moved, one agent moved) costs one shortest
//! augmenting path, O(n²), instead of a full O(n³) solve. Sokoban's push bound uses it.
//!
//! The problem (as many rows as columns) is solved by the shortest-augmenting-path Hungarian method, warm
//! started (each row's potential is its least cost; a row takes its cheapest column when
//! that is still free), then the remaining rows enter one at a time and each grows a Dijkstra tree on reduced costs
//! `cost - row_pot - col_pot` (kept non-negative by the potentials) until it reaches a free
//! column. After a full solve every row and column is matched and every matched pair is
//! tight. When one row's costs change, [`IncrementalMatching::replace_row`] unmatches that row (its column
//! becomes the only free one), resets the row's potential so that its reduced costs are
//! non-negative again (column potentials only ever decrease from zero, so zero does), and
//! grows one tree from it: the shortest alternating path to the single free column gives the
//! new optimum, because with one free column there is no choice of endpoint to bias.

use super::{NONE, Tree};

/// A forbidden pair (the box cannot reach that goal): the augmenting step's `Cost::MAX`.
const INF: i32 = i32::MAX;

/// A solved square assignment with its duals (see the module docs), and the room to answer
/// "what if row r's costs were these" without disturbing it.
///
/// ```
/// use delve_core::matching::IncrementalMatching;
/// let costs = [[4u32, 1, 3], [2, 0, 5], [3, 2, 2]];
/// let mut m = IncrementalMatching::default();
/// assert_eq!(m.solve(3, |r, c| Some(costs[r][c])), Some(5)); // 1 + 2 + 2
/// let mut cols = Vec::new();
/// m.assignment(&mut cols);
/// assert_eq!(cols, vec![1, 0, 2]);
/// // If row 2 could only take column 0, at cost 1: row 0 takes column 2, row 1 column 1.
/// assert_eq!(m.replace_row(2, |c| (c == 0).then_some(1)), Some(1 + 3 + 0));
/// // The solved problem is unchanged, so another child can be asked about.
/// assert_eq!(m.replace_row(0, |_| None), None);
/// assert_eq!(m.replace_row(2, |c| Some(costs[2][c])), Some(5));
/// ```
#[derive(Clone, Debug, Default)]
pub struct IncrementalMatching {
    n: usize,
    /// Row-major costs, [`INF`] where forbidden.
    cost: Vec<i32>,
    row_pot: Vec<i32>,
    col_pot: Vec<i32>,
    /// The row matched to each column, or [`NONE`].
    col_row: Vec<usize>,
    /// Scratch for the augmenting-path search.
    tree: Tree<i32>,
    /// Scratch for a full solve: the rows left to augment after the warm start.
    unmatched: Vec<usize>,
    /// The solved problem's potentials, matching and changed row, kept by
    /// [`IncrementalMatching::replace_row`] while it works on a copy (and scratch for
    /// [`IncrementalMatching::reorder_rows`]).
    saved: Saved,
}

/// What [`IncrementalMatching::replace_row`] restores afterwards.
#[derive(Clone, Debug, Default)]
struct Saved {
    row_pot: Vec<i32>,
    col_pot: Vec<i32>,
    col_row: Vec<usize>,
    cost: Vec<i32>,
}

impl IncrementalMatching {
    /// Solves the `n × n` problem from scratch; `None` when there is no perfect matching
    /// (the duals are then unusable until the next successful solve).
    pub fn solve(&mut self, n: usize, cost: impl Fn(usize, usize) -> Option<u32>) -> Option<u32> {
        self.n = n;
        self.cost.clear();
        for r in 0..n {
            self.cost.extend((0..n).map(|c| cost(r, c).map_or(INF, |x| x as i32)));
        }
        for v in [&mut self.row_pot, &mut self.col_pot] {
            v.clear();
            v.resize(n, 0);
        }
        self.col_row.clear();
        self.col_row.resize(n, NONE);
        // Warm start: each row's potential is its least cost, and a row whose least cost
        // lies on a free column takes it; only the others need an augmenting path.
        let mut unmatched = std::mem::take(&mut self.unmatched);
        unmatched.clear();
        for r in 0..n {
            let costs = &self.cost[r * n..(r + 1) * n];
            let least = *costs.iter().min().expect("n > 0");
            if least == INF {
                self.unmatched = unmatched;
                return None;
            }
            self.row_pot[r] = least;
            match (0..n).find(|&c| costs[c] == least && self.col_row[c] == NONE) {
                Some(c) => self.col_row[c] = r,
                None => unmatched.push(r),
            }
        }
        let solved = unmatched.iter().all(|&root| self.augment(root));
        self.unmatched = unmatched;
        solved.then(|| self.total())
    }

    /// The column matched to each row, written to `out` (after a successful solve).
    pub fn assignment(&self, out: &mut Vec<usize>) {
        out.clear();
        out.resize(self.n, NONE);
        for (c, &r) in self.col_row.iter().enumerate() {
            out[r] = c;
        }
    }

    /// The optimum when row `row`'s costs become `cost(c)`, from the last successful solve
    /// (which is left as it was: its potentials and matching are restored afterwards).
    /// `None` when the changed problem has no perfect matching.
    pub fn replace_row(&mut self, row: usize, cost: impl Fn(usize) -> Option<u32>) -> Option<u32> {
        let n = self.n;
        let mut keep = std::mem::take(&mut self.saved);
        keep.row_pot.clone_from(&self.row_pot);
        keep.col_pot.clone_from(&self.col_pot);
        keep.col_row.clone_from(&self.col_row);
        keep.cost.clear();
        keep.cost.extend_from_slice(&self.cost[row * n..(row + 1) * n]);
        let result = self.change_row(row, cost);
        self.row_pot.clone_from(&keep.row_pot);
        self.col_pot.clone_from(&keep.col_pot);
        self.col_row.clone_from(&keep.col_row);
        self.cost[row * n..(row + 1) * n].copy_from_slice(&keep.cost);
        self.saved = keep;
        result
    }

    /// Makes row `row`'s costs `cost(c)` for good, from the last successful solve or change:
    /// the new optimum with its duals, as [`IncrementalMatching::replace_row`] finds it (one
    /// augmenting path), kept for later changes. `None` when the changed problem has no
    /// perfect matching (the duals are then unusable until the next successful solve).
    pub fn change_row(&mut self, row: usize, cost: impl Fn(usize) -> Option<u32>) -> Option<u32> {
        let n = self.n;
        for c in 0..n {
            self.cost[row * n + c] = cost(c).map_or(INF, |x| x as i32);
        }
        let col = self.col_row.iter().position(|&r| r == row).expect("a solved matching covers every row");
        self.col_row[col] = NONE;
        self.row_pot[row] = 0;
        self.augment(row).then(|| self.total())
    }

    /// Renumbers the rows: row `from` becomes row `to`, the rows between move by one to make
    /// room (the same problem and solution, as when a box changes its place in a sorted list).
    pub fn move_row(&mut self, from: usize, to: usize) {
        let n = self.n;
        if from < to {
            self.cost[from * n..(to + 1) * n].rotate_left(n);
            self.row_pot[from..=to].rotate_left(1);
        } else if to < from {
            self.cost[to * n..(from + 1) * n].rotate_right(n);
            self.row_pot[to..=from].rotate_right(1);
        }
        for r in &mut self.col_row {
            *r = match *r {
                r if r == from => to,
                r if from < r && r <= to => r - 1,
                r if to <= r && r < from => r + 1,
                r => r,
            };
        }
    }

    /// Renumbers the rows by `order`: row `r` becomes the row that was `order[r]` (a
    /// permutation of `0..n`). The same problem and solution, as when several boxes changed
    /// their places in a sorted list.
    pub fn reorder_rows(&mut self, order: &[usize]) {
        let n = self.n;
        debug_assert_eq!(order.len(), n);
        let saved = &mut self.saved;
        saved.cost.clone_from(&self.cost);
        saved.row_pot.clone_from(&self.row_pot);
        // `new_of[old] = new`, kept in `saved.col_row` (scratch here).
        saved.col_row.clear();
        saved.col_row.resize(n, NONE);
        for (r, &old) in order.iter().enumerate() {
            self.cost[r * n..(r + 1) * n].copy_from_slice(&saved.cost[old * n..(old + 1) * n]);
            self.row_pot[r] = saved.row_pot[old];
            saved.col_row[old] = r;
        }
        for r in &mut self.col_row {
            *r = saved.col_row[*r];
        }
    }

    /// The cost of the current (complete) matching.
    fn total(&self) -> u32 {
        self.col_row.iter().enumerate().map(|(c, &r)| self.cost[r * self.n + c] as u32).sum()
    }

    /// One shortest augmenting path from the free row `root` (the core matcher's step).
    fn augment(&mut self, root: usize) -> bool {
        let IncrementalMatching { n, cost, row_pot, col_pot, col_row, tree, .. } = self;
        tree.augment(cost, *n, root, row_pot, col_pot, col_row)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::matching::min_cost_matching;
    use proptest::prelude::*;

    /// Costs: `None` (forbidden) or a small distance.
    fn matrix(n: usize) -> impl Strategy<Value = Vec<Option<u32>>> {
        prop::collection::vec(prop::option::weighted(0.8, 0u32..30), n * n)
    }

    fn reference(n: usize, m: &[Option<u32>]) -> Option<u32> {
        min_cost_matching(n, n, |r, c| m[r * n + c]).map(|x| x.total)
    }

    proptest! {
        #[test]
        fn full_and_incremental_solves_equal_the_core_matching(
            (n, m, row, new, to) in (1usize..8).prop_flat_map(|n| (Just(n), matrix(n), 0..n, matrix(n), 0..n))
        ) {
            let mut duals = IncrementalMatching::default();
            let full = duals.solve(n, |r, c| m[r * n + c]);
            prop_assert_eq!(full, reference(n, &m));
            if full.is_some() {
                let mut changed = m.clone();
                changed[row * n..(row + 1) * n].copy_from_slice(&new[..n]);
                let inc = duals.replace_row(row, |c| new[c]);
                prop_assert_eq!(inc, reference(n, &changed));
                // The parent's solution is intact for the next child.
                let again = duals.replace_row(row, |c| m[row * n + c]);
                prop_assert_eq!(again, full);
                // Kept, then renumbered: the same optimum, and a base for the next change.
                prop_assert_eq!(duals.change_row(row, |c| new[c]), inc);
                if inc.is_some() {
                    duals.move_row(row, to);
                    let mut moved = changed.clone();
                    let taken: Vec<Option<u32>> = moved.drain(row * n..(row + 1) * n).collect();
                    moved.splice(to * n..to * n, taken);
                    let mut cols = Vec::new();
                    duals.assignment(&mut cols);
                    let total: u32 = cols.iter().enumerate().map(|(r, &c)| moved[r * n + c].unwrap()).sum();
                    prop_assert_eq!(Some(total), inc, "the kept matching is the optimum of the renumbered rows");
                    let other = (to + 1) % n;
                    let mut last = moved.clone();
                    last[other * n..(other + 1) * n].copy_from_slice(&m[..n]);
                    prop_assert_eq!(duals.replace_row(other, |c| m[c]), reference(n, &last));
                    // Reversed: the same optimum of the reversed rows, and a base for a change.
                    let order: Vec<usize> = (0..n).rev().collect();
                    duals.reorder_rows(&order);
                    let reversed: Vec<Option<u32>> = moved.chunks(n).rev().flatten().copied().collect();
                    duals.assignment(&mut cols);
                    let total: u32 = cols.iter().enumerate().map(|(r, &c)| reversed[r * n + c].unwrap()).sum();
                    prop_assert_eq!(Some(total), inc, "the kept matching is the optimum of the reordered rows");
                    let mut changed_again = reversed.clone();
                    changed_again[other * n..(other + 1) * n].copy_from_slice(&m[..n]);
                    prop_assert_eq!(duals.change_row(other, |c| m[c]), reference(n, &changed_again));
                }
            }
        }
    }
}
