//! The crate's error type: every failure is a one-line, human-readable message.

use delve_core::{Stats, StopReason};
use thiserror::Error;

/// Everything that can go wrong in `delve-sliding`.
#[derive(Debug, Error, Clone, PartialEq)]
pub enum Error {
    /// A board size outside 2 ≤ m, n and m·n ≤ 36, or a malformed `MxN`.
    #[error("{0}")]
    Dims(String),
    /// A state or goal that does not parse or does not fit the board.
    #[error("{0}")]
    Notation(String),
    /// Start and goal lie in different halves of the state space (wrong permutation parity).
    #[error(
        "unsolvable: {start} cannot reach the goal {goal} — its permutation parity differs \
         (they are an odd number of tile swaps apart), and sliding moves never change that"
    )]
    Unsolvable {
        /// The start, in the input's notation.
        start: String,
        /// The goal, in the input's notation.
        goal: String,
    },
    /// A whole-space table that does not fit in memory.
    #[error(
        "a {board} board has {states} reachable states; enumerating them needs {needed} \
         (3 bits per state) but only {available} of memory is available"
    )]
    TooLarge {
        /// The board, as `MxN`.
        board: String,
        /// The number of states, human-formatted.
        states: String,
        /// Memory the table needs, human-formatted.
        needed: String,
        /// Memory available, human-formatted.
        available: String,
    },
    /// A malformed samples CSV, with its 1-based line and column.
    #[error("{path}:{line}:{column}: {message}")]
    Csv {
        /// The file, as given.
        path: String,
        /// 1-based line.
        line: usize,
        /// 1-based column (in characters).
        column: usize,
        /// What is wrong.
        message: String,
    },
    /// A pattern-database request that cannot be honoured (bad partition, board too large).
    #[error("{0}")]
    Pdb(String),
    /// Reading or writing a file failed.
    #[error("{path}: {message}")]
    Io {
        /// The file.
        path: String,
        /// The operating system's message.
        message: String,
    },
    /// A long computation (an enumeration, a table build, a search inside an analysis) was
    /// stopped by a limit (deadline, Ctrl-C) or its observer.
    #[error("stopped: {reason}")]
    Stopped {
        /// Why.
        reason: StopReason,
        /// The work done until then.
        stats: Stats,
    },
    /// A request that is valid but outside what the library supports.
    #[error("{0}")]
    Unsupported(String),
}

/// Formats a byte count with binary units (`512.0 MiB`).
pub fn human_bytes(bytes: f64) -> String {
    const UNITS: [&str; 9] = ["B", "KiB", "MiB", "GiB", "TiB", "PiB", "EiB", "ZiB", "YiB"];
    let mut value = bytes;
    let mut unit = 0;
    while value >= 1024.0 && unit + 1 < UNITS.len() {
        value /= 1024.0;
        unit += 1;
    }
    if unit == 0 {
        format!("{value:.0} B")
    } else if value >= 1024.0 {
        format!("{value:.3e} {}", UNITS[unit])
    } else {
        format!("{value:.1} {}", UNITS[unit])
    }
}

/// Formats a count with thousands separators (`181,440`), or in scientific notation when huge.
pub fn human_count(n: f64) -> String {
    if n < 1e18 {
        let mut digits = format!("{}", n.round() as u64);
        let mut out = String::new();
        while digits.len() > 3 {
            let tail = digits.split_off(digits.len() - 3);
            out = format!(",{tail}{out}");
        }
        format!("{digits}{out}")
    } else {
        format!("{n:.3e}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn formats_bytes_and_counts() {
        assert_eq!(human_bytes(512.0), "512 B");
        assert_eq!(human_bytes(59_875_200.0), "57.1 MiB");
        assert_eq!(human_count(181_440.0), "181,440");
        assert_eq!(human_count(239_500_800.0), "239,500,800");
        assert_eq!(human_count(12.0), "12");
        assert!(human_count(1.9e41).contains('e'));
    }
}
