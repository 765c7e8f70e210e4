//! What can go wrong when a dataflow runs on a cluster.

use delve_core::{Stats, StopReason};
use std::path::PathBuf;
use std::time::Duration;

/// Errors of the distributed runs.
#[derive(Debug, thiserror::Error)]
pub enum Error {
    /// Flags that do not make a cluster (no workers, a process index out of range, …).
    #[error("{0}")]
    Config(String),
    /// A hostfile line that is not `host:port`.
    #[error("{}:{line}:{column}: {message}", path.display())]
    Hostfile {
        /// The hostfile.
        path: PathBuf,
        /// Line, from 1.
        line: usize,
        /// Column, from 1.
        column: usize,
        /// What is wrong, with a short excerpt.
        message: String,
    },
    /// This process could not listen on its address.
    #[error("process {process} cannot listen on {address}: {cause}")]
    Listen {
        /// This process's index.
        process: usize,
        /// Its `host:port`.
        address: String,
        /// The system's reason.
        cause: std::io::Error,
    },
    /// A process of lower index could not be reached in time.
    #[error(
        "cannot reach process {peer} at {address} within {} s ({cause}); start it with --process {peer}, or check the hostfile",
        waited.as_secs()
    )]
    Connect {
        /// The process that could not be reached.
        peer: usize,
        /// Its `host:port`.
        address: String,
        /// How long this process tried.
        waited: Duration,
        /// The last reason a connection failed.
        cause: std::io::Error,
    },
    /// Processes of higher index did not connect in time.
    #[error(
        "process{} {} did not connect to {address} within {} s; start {} with the same flags and --process N",
        if missing.len() > 1 { "es" } else { "" },
        list(missing),
        waited.as_secs(),
        if missing.len() > 1 { "them" } else { "it" }
    )]
    Missing {
        /// The processes that never connected.
        missing: Vec<usize>,
        /// This process's `host:port`.
        address: String,
        /// How long this process waited.
        waited: Duration,
    },
    /// A connection whose other end is not a process of the same job.
    #[error("{address}: {message}")]
    Handshake {
        /// The other end's address.
        address: String,
        /// What did not match.
        message: String,
    },
    /// A connection to another process broke during the run: it stopped, crashed, was
    /// interrupted or became unreachable.
    #[error(
        "lost the connection to another process of the cluster (it stopped, crashed, was interrupted or cannot be reached): {0}"
    )]
    Lost(String),
    /// A worker thread failed.
    #[error("a worker failed: {0}")]
    Worker(String),
    /// A limit or Ctrl-C stopped the run; `stats` are this process's.
    #[error("stopped: {reason}")]
    Stopped {
        /// Why.
        reason: StopReason,
        /// What was done until then.
        stats: Stats,
    },
    /// The tables would not fit in this process's memory.
    #[error(
        "{board} has {states} states: each of {processes} process{} needs about {needed} for its share, but {available} is available; use more processes",
        if *processes > 1 { "es" } else { "" }
    )]
    TooLarge {
        /// The board.
        board: String,
        /// Its state count, for people.
        states: String,
        /// Processes in the cluster.
        processes: usize,
        /// Bytes a process needs, for people.
        needed: String,
        /// Bytes available, for people.
        available: String,
    },
    /// The system would not map the memory for a worker's tables.
    #[error("cannot map {needed} for a worker's tables: {cause}")]
    Memory {
        /// Bytes asked for, for people.
        needed: String,
        /// The system's answer.
        cause: std::io::Error,
    },
    /// The sliding-puzzle rules refused the board or goal.
    #[error(transparent)]
    Sliding(#[from] delve_sliding::Error),
    /// The N-Queens counter refused the board.
    #[error(transparent)]
    Queens(#[from] delve_queens::QueensError),
}

/// `1, 2 and 3`.
fn list(items: &[usize]) -> String {
    let words: Vec<String> = items.iter().map(ToString::to_string).collect();
    match words.split_last() {
        Some((last, rest)) if !rest.is_empty() => format!("{} and {last}", rest.join(", ")),
        _ => words.join(""),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn missing_processes_are_listed_in_words() {
        let e =
            Error::Missing { missing: vec![1, 2, 3], address: "127.0.0.1:2101".into(), waited: Duration::from_secs(5) };
        assert_eq!(
            e.to_string(),
            "processes 1, 2 and 3 did not connect to 127.0.0.1:2101 within 5 s; start them with the same flags and --process N"
        );
        let e = Error::Missing { missing: vec![1], address: "h:1".into(), waited: Duration::from_secs(60) };
        assert!(e.to_string().starts_with("process 1 did not connect to h:1 within 60 s; start it"));
    }
}
