//! The crate's error type: every failure is a one-line, human-readable message.

use delve_core::{Stats, StopReason};
use thiserror::Error;

/// Everything that can go wrong in `delve-sliding`.
#[derive(Debug, Error, Clone, PartialEq)]
pub enum Error {
    /// A board size outside 2 ≤ m·n ≤ 36, or a malformed `MxN`.
    #[error("{0}")]
    Dims(String),
    /// A state or goal that does not parse or does not fit the board.
    #[error("{0}")]
    Notation(String),
    /// The start cannot reach the goal: on a 2-D board they lie in different halves of the
    /// state space (wrong permutation parity); on a line their tile orders differ.
    #[error("unsolvable: {start} cannot reach the goal {goal} — {reason}")]
    Unsolvable {
        /// The start, in the input's notation.
        start: String,
        /// The goal, in the input's notation.
        goal: String,
        /// Why, in words (see [`crate::solve::unsolvable_reason`]).
        reason: String,
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
    /// A depth-table file that is not one, or not one of the board asked for, or damaged.
    #[error("{path}: {message}")]
    Table {
        /// The file, as given.
        path: String,
        /// What is wrong (and where, as a byte offset, when it is in the depths).
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
