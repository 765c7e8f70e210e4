//! Placements: the independent checker every answer passes before it is shown, the
//! attacking-pair count, and the explicit O(N) construction.
//!
//! A placement is one queen per column: `rows[c]` is the 0-based row of the queen in
//! column `c`. Texts and files show rows 1-based.

use thiserror::Error;

/// Why a placement is not a solution (columns and rows 1-based in messages).
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum PlacementError {
    /// A row outside the board.
    #[error("column {col}: row {row} is off the {n}×{n} board")]
    OffBoard {
        /// Column (1-based).
        col: usize,
        /// Row (1-based).
        row: u64,
        /// Board size.
        n: usize,
    },
    /// Two queens share a row.
    #[error("the queens of columns {a} and {b} share row {row}")]
    SameRow {
        /// First column (1-based).
        a: usize,
        /// Second column.
        b: usize,
        /// The row (1-based).
        row: u64,
    },
    /// Two queens share a diagonal.
    #[error("the queens of columns {a} and {b} share a diagonal")]
    SameDiagonal {
        /// First column (1-based).
        a: usize,
        /// Second column.
        b: usize,
    },
    /// Not one queen per column of an N×N board.
    #[error("expected {expected} queens, found {found}")]
    WrongCount {
        /// N.
        expected: usize,
        /// Queens given.
        found: usize,
    },
}

/// Checks that `rows` places `n` mutually non-attacking queens, one per column.
///
/// Deliberately independent of every solver: one pass with occupancy tables for rows and
/// both diagonal directions, O(N) time and memory.
///
/// ```
/// use delve_queens::verify;
/// assert!(verify(5, &[0, 2, 4, 1, 3]).is_ok());
/// assert_eq!(verify(4, &[0, 2, 0, 3]).unwrap_err().to_string(), "the queens of columns 1 and 3 share row 1");
/// ```
pub fn verify(n: usize, rows: &[u32]) -> Result<(), PlacementError> {
    if rows.len() != n {
        return Err(PlacementError::WrongCount { expected: n, found: rows.len() });
    }
    const FREE: usize = usize::MAX;
    let mut by_row = vec![FREE; n];
    let mut by_sum = vec![FREE; 2 * n];
    let mut by_diff = vec![FREE; 2 * n];
    for (col, &row) in rows.iter().enumerate() {
        let r = row as usize;
        if r >= n {
            return Err(PlacementError::OffBoard { col: col + 1, row: u64::from(row) + 1, n });
        }
        if by_row[r] != FREE {
            return Err(PlacementError::SameRow { a: by_row[r] + 1, b: col + 1, row: u64::from(row) + 1 });
        }
        by_row[r] = col;
        let (s, d) = (r + col, r + n - col);
        for slot in [&mut by_sum[s], &mut by_diff[d]] {
            if *slot != FREE {
                return Err(PlacementError::SameDiagonal { a: *slot + 1, b: col + 1 });
            }
            *slot = col;
        }
    }
    Ok(())
}

/// Number of attacking pairs (same row or diagonal), the hill-climbing objective: O(N)
/// from line counts. Rows must be below `rows.len()`.
///
/// ```
/// assert_eq!(delve_queens::attacking_pairs(&[0, 0, 0]), 3);
/// assert_eq!(delve_queens::attacking_pairs(&[1, 3, 0, 2]), 0);
/// ```
pub fn attacking_pairs(rows: &[u32]) -> u64 {
    let n = rows.len();
    let mut by_row = vec![0u64; n];
    let mut by_sum = vec![0u64; 2 * n];
    let mut by_diff = vec![0u64; 2 * n];
    for (c, &r) in rows.iter().enumerate() {
        let r = r as usize;
        by_row[r] += 1;
        by_sum[r + c] += 1;
        by_diff[r + n - c] += 1;
    }
    [by_row, by_sum, by_diff].iter().flatten().map(|&k| k * k.saturating_sub(1) / 2).sum()
}

/// An explicit solution in O(N) for every N except 2 and 3 (which have none).
///
/// The classic construction (Hoffman, Loessi & Moore 1969, as popularised on the eight
/// queens page of Wikipedia): list the even rows 2, 4, … then the odd rows 1, 3, … (1-based);
/// if N mod 6 = 2, swap 1 and 3 and move 5 to the end of the odd list; if N mod 6 = 3, move
/// 2 to the end of the even list and 1, 3 to the end of the odd list.
///
/// ```
/// let rows = delve_queens::construct(8).unwrap();
/// assert!(delve_queens::verify(8, &rows).is_ok());
/// assert_eq!(delve_queens::construct(3), None);
/// ```
pub fn construct(n: usize) -> Option<Vec<u32>> {
    if n == 2 || n == 3 {
        return None;
    }
    if n == 0 {
        return Some(Vec::new());
    }
    let mut evens: Vec<u32> = (2..=n as u32).step_by(2).collect();
    let mut odds: Vec<u32> = (1..=n as u32).step_by(2).collect();
    match n % 6 {
        2 => {
            // 3, 1, 7, 9, …, 5
            odds.swap(0, 1);
            let five = odds.remove(2);
            odds.push(five);
        }
        3 => {
            // evens: 4, 6, …, 2; odds: 5, 7, …, 1, 3
            let two = evens.remove(0);
            evens.push(two);
            let one = odds.remove(0);
            let three = odds.remove(0);
            odds.push(one);
            odds.push(three);
        }
        _ => {}
    }
    Some(evens.into_iter().chain(odds).map(|r| r - 1).collect())
}

/// The rows 1-based, separated by single spaces (the batch and `--verbose 1` format).
pub fn rows_line(rows: &[u32]) -> String {
    let mut s = String::with_capacity(rows.len() * 7);
    for (i, r) in rows.iter().enumerate() {
        if i > 0 {
            s.push(' ');
        }
        s.push_str(&(u64::from(*r) + 1).to_string());
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn construction_is_valid_for_every_n_up_to_2000() {
        for n in 0..=2000 {
            match construct(n) {
                Some(rows) => assert_eq!(verify(n, &rows), Ok(()), "n={n}"),
                None => assert!(n == 2 || n == 3),
            }
        }
    }

    #[test]
    fn checker_names_the_clash() {
        assert_eq!(verify(4, &[1, 3, 0]), Err(PlacementError::WrongCount { expected: 4, found: 3 }));
        assert_eq!(verify(3, &[0, 5, 1]), Err(PlacementError::OffBoard { col: 2, row: 6, n: 3 }));
        assert_eq!(verify(4, &[0, 1, 3, 2]), Err(PlacementError::SameDiagonal { a: 1, b: 2 }));
        assert_eq!(verify(4, &[3, 1, 2, 0]), Err(PlacementError::SameDiagonal { a: 2, b: 3 }));
        assert_eq!(verify(5, &[0, 2, 4, 1, 3]), Ok(()));
        assert_eq!(rows_line(&[0, 2, 4, 1, 3]), "1 3 5 2 4");
    }

    #[test]
    fn attacking_pairs_matches_the_pairwise_definition() {
        let rows = [3u32, 1, 4, 1, 5, 0, 2, 6];
        let mut pairs = 0;
        for i in 0..rows.len() {
            for j in i + 1..rows.len() {
                let (a, b) = (i64::from(rows[i]), i64::from(rows[j]));
                if a == b || (a - b).unsigned_abs() as usize == j - i {
                    pairs += 1;
                }
            }
        }
        assert_eq!(attacking_pairs(&rows), pairs);
    }
}
