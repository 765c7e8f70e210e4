//! `--max-memory` stops every search before the process grows much past it: each algorithm is
//! run on a problem that would take gigabytes, and the process's peak resident memory is
//! measured from outside while it runs.
#![cfg(target_os = "linux")]

use serde_json::Value;
use std::process::{Command, Stdio};
use std::time::Duration;

/// The limit the tests give, in megabytes.
const LIMIT_MB: u64 = 64;
/// What the process may hold beyond the limit: the binary, its libraries and start-up data,
/// and the last few milliseconds' growth before the memory was looked at.
const SLACK_MB: u64 = 48;

/// Runs `delve ARGS --max-memory LIMIT_MB --json`, watching its peak resident memory; returns
/// the exit code, the report and the peak in megabytes.
fn run_watched(args: &[&str]) -> (i32, Value, u64) {
    let mut child = Command::new(assert_cmd::cargo::cargo_bin("delve"))
        .args(args)
        .args(["--max-memory", &LIMIT_MB.to_string(), "--json"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("delve starts");
    let status_file = format!("/proc/{}/status", child.id());
    let mut peak_kib = 0u64;
    loop {
        // VmHWM is the high-water mark: the last reading before the exit is the peak so far.
        if let Ok(status) = std::fs::read_to_string(&status_file)
            && let Some(kib) = status
                .lines()
                .find(|l| l.starts_with("VmHWM:"))
                .and_then(|l| l.split_whitespace().nth(1))
                .and_then(|v| v.parse::<u64>().ok())
        {
            peak_kib = peak_kib.max(kib);
        }
        if child.try_wait().expect("wait").is_some() {
            break;
        }
        std::thread::sleep(Duration::from_millis(2));
    }
    let out = child.wait_with_output().expect("delve ends");
    let stdout = String::from_utf8_lossy(&out.stdout);
    let report = serde_json::from_str(stdout.trim())
        .unwrap_or_else(|e| panic!("{args:?}: {e}: {stdout} {}", String::from_utf8_lossy(&out.stderr)));
    (out.status.code().expect("exited"), report, peak_kib / 1024)
}

/// A 6×6 sliding puzzle scrambled by 2,000 random moves: far beyond what any search here can
/// finish, so only a limit stops it.
const SIX_BY_SIX: &str =
    "19 26 28 32 4 13 14 20 7 8 5 11 0 17 21 3 31 23 34 25 1 27 22 6 9 24 2 29 12 10 16 15 30 18 35 33";

#[test]
fn every_search_that_stores_states_stops_near_the_memory_limit() {
    let mut cases: Vec<Vec<&str>> = Vec::new();
    for algo in ["bfs", "dfs", "ucs", "astar", "wastar", "bibfs"] {
        cases.push(vec!["sliding", "solve", SIX_BY_SIX, "--size", "6x6", "--algo", algo]);
    }
    // States of 65,535 queens are large (each a board of its own): memory grows between
    // expansions, as states are generated.
    for algo in ["bfs", "dfs", "ucs"] {
        cases.push(vec!["queens", "solve", "65535", "--algo", algo]);
    }
    for args in cases {
        let (code, report, peak) = run_watched(&args);
        assert_eq!((code, report["stop_reason"].as_str()), (1, Some("memory")), "{args:?}: {report}");
        assert!(peak <= LIMIT_MB + SLACK_MB, "{args:?}: peak {peak} MB");
    }
}

#[test]
fn searches_that_keep_little_stay_little_until_their_deadline() {
    for algo in ["dls", "iddfs", "ils", "idastar", "greedy"] {
        let args = ["sliding", "solve", SIX_BY_SIX, "--size", "6x6", "--algo", algo, "--timeout", "0.5"];
        let (code, report, peak) = run_watched(&args);
        // Greedy may even finish; the others run to the deadline; none outgrows the limit.
        assert!(code == 0 || report["stop_reason"] == "timeout", "{args:?}: {report}");
        assert!(peak <= LIMIT_MB + SLACK_MB, "{args:?}: peak {peak} MB");
    }
}
