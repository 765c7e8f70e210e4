//! The complete-state formulation for local search (the original assignment's hill climbing): one
//! queen per column, the objective `h` is the number of attacking pairs, a move puts one queen
//! elsewhere in its column. The state carries its line counts, so `h` after a move is computed in
//! O(1) (the original assignment recounts all pairs, O(N²), for each of the N² successors). The
//! same [`Board`] is the specialised min-conflicts' board: one complete-state formulation.

use delve_core::local::LocalProblem;
use delve_core::random::SeededRng;
use rand::Rng as _;

/// A complete placement with per-line queen counts and its number of attacking pairs: the
/// state of the local searches here, and the board of the specialised
/// [`min_conflicts`](fn@crate::min_conflicts), which adds its greedy start and repair moves.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Board {
    /// The row of each column's queen.
    pub(crate) rows: Vec<u32>,
    /// Queens per row.
    pub(crate) by_row: Vec<u32>,
    /// Queens per diagonal `r + c`.
    pub(crate) by_sum: Vec<u32>,
    /// Queens per anti-diagonal `r + n − c`.
    pub(crate) by_diff: Vec<u32>,
    pairs: u64,
}

impl Board {
    /// A board from rows (`rows[c]` = row of column `c`, each below `rows.len()`).
    pub fn new(rows: Vec<u32>) -> Self {
        let n = rows.len();
        let mut b =
            Board { rows: vec![0; n], by_row: vec![0; n], by_sum: vec![0; 2 * n], by_diff: vec![0; 2 * n], pairs: 0 };
        for (c, &r) in rows.iter().enumerate() {
            b.place(c, r);
        }
        b
    }

    /// Puts column `c`'s queen on row `r`, counting the pairs it makes; column `c` must not
    /// be on the board's lines yet (a board being built column by column, or just cleared).
    #[inline]
    pub(crate) fn place(&mut self, c: usize, r: u32) {
        self.rows[c] = r;
        self.pairs += self.lines_through(c, r);
        self.add(c, r);
    }

    /// Removes every queen from the lines (the rows stay as they were, to be placed again).
    pub(crate) fn clear(&mut self) {
        self.by_row.fill(0);
        self.by_sum.fill(0);
        self.by_diff.fill(0);
        self.pairs = 0;
    }

    /// The rows, column by column.
    pub fn rows(&self) -> &[u32] {
        &self.rows
    }

    /// Attacking pairs.
    pub fn pairs(&self) -> u64 {
        self.pairs
    }

    /// Queens (other than one being placed) on the three lines through `(c, r)`.
    #[inline]
    fn lines_through(&self, c: usize, r: u32) -> u64 {
        let (n, r) = (self.rows.len(), r as usize);
        u64::from(self.by_row[r] + self.by_sum[r + c] + self.by_diff[r + n - c])
    }

    #[inline]
    fn add(&mut self, c: usize, r: u32) {
        let (n, r) = (self.rows.len(), r as usize);
        self.by_row[r] += 1;
        self.by_sum[r + c] += 1;
        self.by_diff[r + n - c] += 1;
    }

    #[inline]
    fn sub(&mut self, c: usize, r: u32) {
        let (n, r) = (self.rows.len(), r as usize);
        self.by_row[r] -= 1;
        self.by_sum[r + c] -= 1;
        self.by_diff[r + n - c] -= 1;
    }

    /// Attacking pairs after moving column `c`'s queen to row `r`, in O(1).
    #[inline]
    pub fn pairs_after(&self, c: usize, r: u32) -> u64 {
        let old = self.rows[c];
        if old == r {
            return self.pairs;
        }
        // The queen leaves three lines (losing the pairs with the others on them) and joins
        // three other lines (a different row and, in the same column, different diagonals).
        self.pairs - (self.lines_through(c, old) - 3) + self.lines_through(c, r)
    }

    /// Moves column `c`'s queen to row `r`.
    pub fn move_queen(&mut self, c: usize, r: u32) {
        let old = self.rows[c];
        if old == r {
            return;
        }
        self.pairs = self.pairs_after(c, r);
        self.sub(c, old);
        self.add(c, r);
        self.rows[c] = r;
    }
}

/// N-Queens for `delve_core`'s local search (hill climbing, simulated annealing).
///
/// ```
/// use delve_core::{Limits, NoObserver, local::{HillClimbing, hill_climbing}};
/// use delve_queens::{QueensLocal, verify};
/// let cfg = HillClimbing { seed: 1, max_sideways: 0, max_restarts: 10_000 };
/// let out = hill_climbing(&QueensLocal::new(8), &cfg, &Limits::none(), NoObserver);
/// assert!(verify(8, out.solution().unwrap().goal().rows()).is_ok());
/// ```
#[derive(Clone, Copy, Debug)]
pub struct QueensLocal {
    n: usize,
}

impl QueensLocal {
    /// The N×N problem (N ≥ 1).
    pub fn new(n: usize) -> Self {
        QueensLocal { n }
    }
}

impl LocalProblem for QueensLocal {
    type State = Board;
    /// (column, new row).
    type Move = (u32, u32);

    /// Every queen in a uniformly random row of its column (as the original assignment restarts).
    fn random_state(&self, rng: &mut SeededRng) -> Board {
        Board::new((0..self.n).map(|_| rng.random_range(0..self.n as u32)).collect())
    }
    fn objective(&self, state: &Board) -> f64 {
        state.pairs as f64
    }
    fn is_goal(&self, state: &Board) -> bool {
        state.pairs == 0
    }
    /// All N·(N−1) single-queen moves, column by column.
    fn moves(&self, state: &Board, out: &mut Vec<(u32, u32)>) {
        for c in 0..self.n {
            let cur = state.rows[c];
            out.extend((0..self.n as u32).filter(|&r| r != cur).map(|r| (c as u32, r)));
        }
    }
    fn apply(&self, state: &mut Board, &(c, r): &(u32, u32)) {
        state.move_queen(c as usize, r);
    }
    fn objective_after(&self, state: &Board, &(c, r): &(u32, u32)) -> f64 {
        state.pairs_after(c as usize, r) as f64
    }
    fn random_move(&self, state: &Board, rng: &mut SeededRng, _: &mut Vec<(u32, u32)>) -> Option<(u32, u32)> {
        if self.n < 2 {
            return None;
        }
        let c = rng.random_range(0..self.n);
        let mut r = rng.random_range(0..self.n as u32 - 1);
        if r >= state.rows[c] {
            r += 1;
        }
        Some((c as u32, r))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::attacking_pairs;
    use rand::SeedableRng;

    #[test]
    fn incremental_pairs_match_a_full_recount() {
        let mut rng = SeededRng::seed_from_u64(9);
        let p = QueensLocal::new(12);
        let mut b = p.random_state(&mut rng);
        for _ in 0..500 {
            assert_eq!(b.pairs(), attacking_pairs(b.rows()));
            let (c, r) = p.random_move(&b, &mut rng, &mut Vec::new()).unwrap();
            let predicted = b.pairs_after(c as usize, r);
            b.move_queen(c as usize, r);
            assert_eq!(b.pairs(), predicted);
        }
    }
}
