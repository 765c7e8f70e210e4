//! N-queens as a complete-state local-search problem, shared by the local-search tests.

use super::LocalProblem;
use crate::random::SeededRng;
use rand::Rng as _;

/// N queens, one per column; the state holds each column's row.
pub(crate) struct Queens(pub(crate) u8);

impl Queens {
    /// Attacking pairs, counted directly.
    pub(crate) fn conflicts(rows: &[u8]) -> usize {
        let mut n = 0;
        for i in 0..rows.len() {
            for j in i + 1..rows.len() {
                let (a, b) = (i32::from(rows[i]), i32::from(rows[j]));
                if a == b || (a - b).unsigned_abs() as usize == j - i {
                    n += 1;
                }
            }
        }
        n
    }
    /// True when no two queens attack each other.
    pub(crate) fn valid(rows: &[u8]) -> bool {
        Self::conflicts(rows) == 0
    }
}

impl LocalProblem for Queens {
    type State = Vec<u8>;
    type Move = (u8, u8);
    fn random_state(&self, rng: &mut SeededRng) -> Vec<u8> {
        (0..self.0).map(|_| rng.random_range(0..self.0)).collect()
    }
    fn objective(&self, s: &Vec<u8>) -> f64 {
        Self::conflicts(s) as f64
    }
    fn is_goal(&self, s: &Vec<u8>) -> bool {
        Self::valid(s)
    }
    fn moves(&self, s: &Vec<u8>, out: &mut Vec<(u8, u8)>) {
        for col in 0..self.0 {
            out.extend((0..self.0).filter(|&r| r != s[col as usize]).map(|r| (col, r)));
        }
    }
    fn apply(&self, s: &mut Vec<u8>, &(col, row): &(u8, u8)) {
        s[col as usize] = row;
    }
}
