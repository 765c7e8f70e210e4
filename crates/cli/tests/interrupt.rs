//! Ctrl-C on long commands: a SIGINT sent to the running `delve` stops the job cleanly, with
//! exit 1 and a report whose `stop_reason` is `"cancelled"` and whose statistics are those
//! gathered so far.
#![cfg(unix)]

use serde_json::Value;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// Starts `delve ARGS`, interrupts it after `after`, and returns its exit code, its one JSON
/// line, how long it took to stop after the signal and how long it ran in all.
fn interrupt(args: &[&str], after: Duration) -> (i32, Value, Duration, Duration) {
    let started = Instant::now();
    let child = Command::new(assert_cmd::cargo::cargo_bin("delve"))
        .args(args)
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("delve starts");
    std::thread::sleep(after);
    let sent = Instant::now();
    let kill = Command::new("kill").args(["-INT", &child.id().to_string()]).status().expect("kill runs");
    assert!(kill.success());
    let out = child.wait_with_output().expect("delve ends");
    let took = sent.elapsed();
    let ran = started.elapsed();
    let stdout = String::from_utf8(out.stdout).expect("UTF-8");
    let report = serde_json::from_str(stdout.trim()).unwrap_or_else(|e| panic!("{args:?}: {e}: {stdout}"));
    (out.status.code().expect("exited, not killed"), report, took, ran)
}

/// Microban, for the bench test.
const DATA_MICROBAN: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../domains/sokoban/data/microban.xsb");

#[test]
fn sigint_stops_long_jobs_with_their_statistics() {
    // Each of these runs for minutes or hours if left alone.
    for args in [
        &["queens", "count", "27", "--json"][..],
        &["queens", "solve", "1500", "--algo", "mac", "--json"],
        &["route", "--from", "Arad", "--to", "Bucharest", "--algo", "dls", "--json"],
        &["sliding", "enumerate", "3x4", "--json"],
    ] {
        let (code, report, took, ran) = interrupt(args, Duration::from_millis(400));
        if report["solved"] == true {
            continue; // finished before the signal (the route search is fast): nothing to stop
        }
        assert_eq!(code, 1, "{args:?}: {report}");
        assert_eq!(
            (report["outcome"].as_str(), report["stop_reason"].as_str()),
            (Some("stopped"), Some("cancelled")),
            "{args:?}"
        );
        // The statistics are the run's so far: some time passed, no more than the process ran
        // (the search's own clock starts after the process has started and read its input,
        // which takes a while on a loaded machine, so no lower bound beyond zero; and the
        // sleep before the signal may overshoot, so the bound is measured, not 400 ms).
        let limit = ran.as_secs_f64() * 1e3;
        let elapsed = report["stats"]["elapsed_ms"].as_f64();
        assert!(elapsed.is_some_and(|ms| ms > 0.0 && ms <= limit), "{args:?}: {report}");
        assert!(took < Duration::from_secs(5), "{args:?} took {took:?} to stop");
    }
}

#[test]
fn sigint_stops_every_running_bench_level_and_starts_no_more() {
    // Microban 144 and 153 take about a minute each; 145-152 a second in all.
    let args = ["sokoban", "bench", DATA_MICROBAN, "--levels", "144-153", "--pushes", "--jobs", "2", "--json"];
    let (code, report, took, _) = interrupt(&args, Duration::from_millis(400));
    // Stopped before every level was solved: exit 1, with the report.
    assert_eq!(code, 1, "{report}");
    let levels = report["levels"].as_array().expect("levels");
    // The levels started, in order from the first; #144 was stopped with its count so far.
    let numbers: Vec<u64> = levels.iter().map(|l| l["level"].as_u64().unwrap()).collect();
    assert_eq!(numbers, (144..144 + numbers.len() as u64).collect::<Vec<_>>(), "{report}");
    assert_eq!(levels[0]["stop_reason"], "cancelled", "{report}");
    assert!(levels[0]["nodes_generated"].as_u64() > Some(0), "{report}");
    for level in levels {
        assert!(level["solved"] == true || level["stop_reason"] == "cancelled", "{level}");
    }
    assert!(took < Duration::from_secs(5), "took {took:?} to stop");
}

#[test]
fn a_closed_pipe_ends_quietly() {
    // 100,000 rows are far more than a pipe holds: the reader leaves after one line, as `head -1`.
    use std::io::{BufRead, BufReader};
    let mut child = Command::new(assert_cmd::cargo::cargo_bin("delve"))
        .args(["queens", "solve", "100000", "--algo", "construct"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("delve starts");
    let mut first = String::new();
    BufReader::new(child.stdout.take().expect("piped")).read_line(&mut first).expect("one line");
    assert!(first.starts_with("100000-queens by construct: solved"), "{first}");
    let out = child.wait_with_output().expect("delve ends");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "{stderr}");
    assert!(stderr.is_empty(), "{stderr}");
}
