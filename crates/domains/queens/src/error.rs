//! Errors of the N-Queens crate.

use delve_core::{StopReason, human};
use thiserror::Error;

/// What can go wrong asking for N-Queens work.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum QueensError {
    /// N = 0.
    #[error("N must be at least 1")]
    ZeroSize,
    /// N beyond what an algorithm supports.
    #[error("{what} supports N up to {max}, got {n}")]
    TooLarge {
        /// N asked for.
        n: usize,
        /// The largest supported.
        max: usize,
        /// Which algorithm or command.
        what: &'static str,
    },
    /// A share of a count that does not exist ([`Share`](crate::count::Share)).
    #[error("share {index} of {of} does not exist (shares are numbered 0 to of − 1, and of is at least 1)")]
    Share {
        /// The share asked for.
        index: usize,
        /// How many shares.
        of: usize,
    },
    /// An algorithm name that is not one of ours.
    #[error("unknown algorithm `{0}` (expected one of: {list})", list = crate::Algorithm::names().join(", "))]
    UnknownAlgorithm(String),
    /// A board whose arrays need more memory than the system has available.
    #[error("{n}-queens needs about {} of memory, but only {} is available", human::bytes(*need as f64), human::bytes(*available as f64))]
    Memory {
        /// N asked for.
        n: usize,
        /// Bytes its arrays need (about).
        need: u64,
        /// Bytes available.
        available: u64,
    },
    /// An algorithm returned a placement the independent checker rejects (a bug, never
    /// expected).
    #[error("internal error: {algorithm} returned an invalid placement: {error}")]
    Invalid {
        /// The algorithm.
        algorithm: &'static str,
        /// What the checker found.
        error: crate::PlacementError,
    },
    /// The thread pool could not be built.
    #[error("cannot start the worker threads: {0}")]
    Threads(String),
    /// A limit stopped the work.
    #[error("stopped: {0}")]
    Stopped(StopReason),
}

/// A malformed line of a batch input file (line and column 1-based).
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum BatchError {
    /// Fewer than two fields.
    #[error("line {line}: expected `N algorithm`, found `{text}`")]
    MissingField {
        /// The line.
        line: usize,
        /// Its text.
        text: String,
    },
    /// N is not a positive integer.
    #[error("line {line}, column {col}: `{token}` is not a board size (a positive integer)")]
    BadSize {
        /// The line.
        line: usize,
        /// Column of the token.
        col: usize,
        /// The token.
        token: String,
    },
    /// Unknown algorithm.
    #[error("line {line}, column {col}: unknown algorithm `{token}` (expected one of: {list})", list = crate::Algorithm::names().join(", "))]
    BadAlgorithm {
        /// The line.
        line: usize,
        /// Column of the token.
        col: usize,
        /// The token.
        token: String,
    },
    /// Something after the algorithm.
    #[error("line {line}, column {col}: unexpected `{token}` after the algorithm")]
    Extra {
        /// The line.
        line: usize,
        /// Column of the token.
        col: usize,
        /// The token.
        token: String,
    },
}

/// A batch output file that does not read back.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("column {col}: `{token}` is not a row number")]
pub struct OutputError {
    /// Column of the token (1-based).
    pub col: usize,
    /// The token.
    pub token: String,
}
