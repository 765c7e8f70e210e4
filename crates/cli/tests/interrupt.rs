//! Ctrl-C on long commands: a SIGINT sent to the running `delve` stops the job cleanly, with
//! exit 1 and a report whose `stop_reason` is `"cancelled"` and whose statistics are those
//! gathered so far.
#![cfg(unix)]

mod common;

use serde_json::Value;
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// The most time a command may take to stop after Ctrl-C. The goal is under a second; the
/// bound leaves room for a loaded machine (the measured times are printed with
/// `--nocapture`).
const STOP_WITHIN: Duration = Duration::from_millis(1500);

/// What an interrupted run left: exit code, stdout, stderr, and how long it ran in all.
struct Stopped {
    code: i32,
    stdout: String,
    stderr: String,
    ran: Duration,
}

/// Starts `delve ARGS` (stdin from `input`, else nothing), sends it SIGINT after `after`,
/// and checks that it stopped within [`STOP_WITHIN`].
fn interrupt_run(args: &[&str], input: Option<&Path>, after: Duration) -> Stopped {
    let started = Instant::now();
    let stdin = match input {
        Some(path) => Stdio::from(std::fs::File::open(path).expect("the input file")),
        None => Stdio::null(),
    };
    let child = Command::new(assert_cmd::cargo::cargo_bin("delve"))
        .args(args)
        .stdin(stdin)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("delve starts");
    std::thread::sleep(after);
    let sent = Instant::now();
    let kill = Command::new("kill").args(["-INT", &child.id().to_string()]).status().expect("kill runs");
    assert!(kill.success());
    let out = child.wait_with_output().expect("delve ends");
    let took = sent.elapsed();
    let ran = started.elapsed();
    eprintln!("{args:?}: stopped {:.0} ms after SIGINT", took.as_secs_f64() * 1e3);
    let stdout = String::from_utf8(out.stdout).expect("UTF-8");
    let stderr = String::from_utf8(out.stderr).expect("UTF-8");
    let code = out.status.code().unwrap_or_else(|| panic!("{args:?}: killed, not exited: {stderr}"));
    assert!(took < STOP_WITHIN, "{args:?} took {took:?} to stop");
    Stopped { code, stdout, stderr, ran }
}

/// [`interrupt_run`] of a command that prints one JSON report: its exit code, the report,
/// and how long it ran in all.
fn interrupt(args: &[&str], after: Duration) -> (i32, Value, Duration) {
    let run = interrupt_run(args, None, after);
    let report = serde_json::from_str(run.stdout.trim()).unwrap_or_else(|e| panic!("{args:?}: {e}: {}", run.stdout));
    (run.code, report, run.ran)
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
        let (code, report, ran) = interrupt(args, Duration::from_millis(400));
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
    }
}

#[test]
fn sigint_stops_every_running_bench_level_and_starts_no_more() {
    // Microban 144 and 153 take about a minute each; 145-152 a second in all.
    let args = ["sokoban", "bench", DATA_MICROBAN, "--levels", "144-153", "--mode", "pushes", "--jobs", "2", "--json"];
    let (code, report, _) = interrupt(&args, Duration::from_millis(400));
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
}

/// The exit code and report of a job that Ctrl-C stopped: exit 1, `stop_reason` "cancelled".
fn assert_cancelled(args: &[&str], code: i32, report: &Value) {
    assert_eq!((code, report["stop_reason"].as_str()), (1, Some("cancelled")), "{args:?}: {report}");
}

#[test]
fn sigint_stops_a_pattern_database_build_and_leaves_no_partial_table() {
    let dir = common::scratch("sigint-pdb");
    let pdb_dir = dir.join("pdb");
    let pdb = pdb_dir.to_str().unwrap();
    // 0.5 s: setting up the 8-tile table (its arrays take seconds to fill); 2.5 s: its
    // breadth-first layers. The whole build takes minutes.
    for after in [500, 2500] {
        let args = ["sliding", "pdb", "build", "4x4", "--pdb-dir", pdb, "--json"];
        let (code, report, _) = interrupt(&args, Duration::from_millis(after));
        assert_cancelled(&args, code, &report);
        assert_eq!((report["built"].as_bool(), report["files"].as_array().map(Vec::len)), (Some(false), Some(2)));
        // Nothing on disk that could pass for a table, finished or not.
        let left: Vec<_> =
            std::fs::read_dir(&pdb_dir).map(|d| d.flatten().map(|e| e.path()).collect()).unwrap_or_default();
        assert!(left.is_empty(), "{left:?}");
    }
    // The 24-puzzle's 6-6-6-6 tables: 32-bit region lanes, minutes in all.
    let goal: Vec<String> = (0..25).map(|t| t.to_string()).collect();
    let goal = goal.join(" ");
    let args = ["sliding", "pdb", "build", "5x5", "--goal", &goal, "--pdb-dir", pdb, "--json"];
    let (code, report, _) = interrupt(&args, Duration::from_millis(1500));
    assert_cancelled(&args, code, &report);
    assert_eq!(report["files"].as_array().map(Vec::len), Some(4), "{report}");
    let left: Vec<_> = std::fs::read_dir(&pdb_dir).map(|d| d.flatten().map(|e| e.path()).collect()).unwrap_or_default();
    assert!(left.is_empty(), "{left:?}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn sigint_stops_a_book_build_while_listing_and_while_solving() {
    let dir = common::scratch("sigint-book");
    // Listing: 16 plies after 44455554221 are 29 million positions (seconds to list), 41
    // plies from the empty board more than memory holds. Nothing is written.
    for (start, depth) in [("44455554221", "16"), ("", "41")] {
        let out = dir.join(format!("listing-{depth}.c4b"));
        let args = ["connect4", "book", "build", "--start", start, "--depth", depth, "--out", out.to_str().unwrap()];
        let run = interrupt_run(&args, None, Duration::from_millis(500));
        assert_eq!(run.code, 1, "{args:?}: {}", run.stderr);
        assert_eq!(run.stderr.trim(), "stopped (cancelled) while listing the positions: nothing to save", "{args:?}");
        assert!(!out.exists(), "{args:?}");
    }
    // Solving: 12 plies are 2.8 million positions, listed in about a second, then solved for
    // a minute or more. What was solved is saved as a book that resumes the build. A loaded
    // machine may still be listing at the first signal, so later signals are tried.
    let out = dir.join("solving.c4b");
    let path = out.to_str().unwrap();
    let args = ["connect4", "book", "build", "--start", "44455554221", "--depth", "12", "--out", path];
    let run = [1500, 5000, 15000]
        .into_iter()
        .map(|after| interrupt_run(&args, None, Duration::from_millis(after)))
        .find(|run| !run.stderr.contains("while listing"))
        .expect("the build got past listing within 15 s");
    assert_eq!(run.code, 1, "{}", run.stderr);
    let done: u64 = run
        .stderr
        .strip_prefix("stopped (cancelled) after ")
        .and_then(|rest| rest.split(' ').next())
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("{}", run.stderr));
    assert!(run.stderr.contains(&format!(" positions: {done} positions saved in {path}; run the same command")));
    let info = std::process::Command::new(assert_cmd::cargo::cargo_bin("delve"))
        .args(["connect4", "book", "info", path, "--json"])
        .output()
        .unwrap();
    let info: Value = serde_json::from_slice(&info.stdout).unwrap();
    assert_eq!(info["positions"].as_u64(), Some(done), "{info}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn sigint_stops_every_bench() {
    let dir = common::scratch("sigint-bench");
    // Connect Four: a thousand easy positions, then one that takes minutes.
    let c4 = dir.join("c4-test");
    let easy = std::fs::read_to_string(common::repo_path("crates/domains/connect4/data/Test_L3_R1")).unwrap();
    std::fs::write(&c4, format!("{easy}4 -1\n")).unwrap();
    let args = ["connect4", "bench", c4.to_str().unwrap(), "--json"];
    let (code, report, _) = interrupt(&args, Duration::from_millis(700));
    assert_cancelled(&args, code, &report);
    assert_eq!(report["stopped"], 1, "{report}");
    // RGB Express: the 120 levels of the archiloque folder by uniform-cost search take seconds.
    let levels = common::repo_path("crates/domains/rgb/data/archiloque");
    let args = ["rgb", "bench", &levels, "--algo", "ucs", "--json"];
    let (code, report, _) = interrupt(&args, Duration::from_millis(700));
    let last = report["levels"].as_array().and_then(|l| l.last()).cloned().unwrap_or_default();
    assert_cancelled(&args, code, &last);
    // N-Queens batch: a 30-queens breadth-first search runs out of memory long before it ends.
    let batch = dir.join("queens.txt");
    std::fs::write(&batch, "30 bfs\n").unwrap();
    let args = ["queens", "batch", batch.to_str().unwrap(), "--out-dir", dir.to_str().unwrap(), "--json"];
    let (code, report, _) = interrupt(&args, Duration::from_millis(700));
    assert_cancelled(&args, code, &report["results"][0]);
    assert!(!dir.join("30_bfs_output.txt").exists(), "no output for a stopped search");
    std::fs::remove_dir_all(&dir).unwrap();
}

/// `delve sliding solve --from-file F --goal GOAL EXTRA… --json`, F holding the first `count`
/// instances of the shipped `crates/domains/sliding/data/NAME`, copied into `dir`.
fn batch_args(dir: &Path, name: &str, count: usize, goal: &str, extra: &[&str]) -> Vec<String> {
    let text = std::fs::read_to_string(common::repo_path(&format!("crates/domains/sliding/data/{name}"))).unwrap();
    let states: Vec<&str> = text.lines().filter(|l| !l.starts_with('#') && !l.trim().is_empty()).take(count).collect();
    let file = dir.join(name);
    std::fs::write(&file, states.join("\n")).unwrap();
    let head = ["sliding", "solve", "--from-file", file.to_str().unwrap(), "--goal", goal];
    head.iter().chain(extra).chain(&["--json"]).map(|a| a.to_string()).collect()
}

#[test]
fn sigint_stops_batch_solves() {
    let dir = common::scratch("sigint-batch");
    // Connect Four on stdin: line 2 (one stone) takes minutes; line 1 is solved first.
    let input = dir.join("c4.txt");
    std::fs::write(&input, "4455\n4\n44\n").unwrap();
    let run = interrupt_run(&["connect4", "solve", "-"], Some(&input), Duration::from_millis(700));
    assert_eq!(run.code, 1, "{}", run.stderr);
    assert!(run.stdout.starts_with("4455 18 ") && run.stdout.lines().count() == 1, "{}", run.stdout);
    assert_eq!(run.stderr.trim(), "line 2: position \"4\": stopped (cancelled)");
    let run = interrupt_run(&["connect4", "solve", "-", "--json"], Some(&input), Duration::from_millis(700));
    let last: Value = run.stdout.lines().last().map(|l| serde_json::from_str(l).unwrap()).unwrap_or_default();
    assert_eq!((run.code, last["position"].as_str(), last["stop_reason"].as_str()), (1, Some("4"), Some("cancelled")));
    // Sliding tiles: Korf's first 15-puzzles by IDA* with Manhattan distance, minutes each.
    let goal16: Vec<String> = (0..16).map(|t| t.to_string()).collect();
    let args = batch_args(&dir, "korf100.txt", 4, &goal16.join(" "), &["--heuristic", "manhattan"]);
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let (code, report, _) = interrupt(&args, Duration::from_millis(700));
    assert_cancelled(&args, code, &report);
    assert_eq!(report["results"][0]["stop_reason"], "cancelled", "{report}");
    // The 24-puzzle, one instance at a time on every thread: Korf and Felner's first three
    // with small tables (eight groups of three), each far beyond a test's time.
    let goal25: Vec<String> = (0..25).map(|t| t.to_string()).collect();
    let pdb = dir.join("pdb");
    let small = ["--partition", "3-3-3-3-3-3-3-3", "--pdb-dir", pdb.to_str().unwrap()];
    let args = batch_args(&dir, "korf24.txt", 3, &goal25.join(" "), &small);
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let (code, report, _) = interrupt(&args, Duration::from_millis(1000));
    assert_cancelled(&args, code, &report);
    let reasons: Vec<&str> = (0..3).filter_map(|i| report["results"][i]["stop_reason"].as_str()).collect();
    assert_eq!(reasons, ["cancelled"; 3], "{report}");
    assert!(report["results"][0]["stats"]["expanded"].as_u64() > Some(0), "{report}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn sigint_stops_pacman_games_and_grading() {
    // Fifty games of depth-3 expectimax take about a minute; the report counts those played.
    let args = [
        "pacman",
        "play",
        "--layout",
        "mediumClassic",
        "--agent",
        "expectimax",
        "--depth",
        "3",
        "--games",
        "50",
        "--json",
    ];
    let (code, report, _) = interrupt(&args, Duration::from_millis(700));
    assert_cancelled(&args, code, &report);
    assert!(report["games"].as_u64() < Some(50), "{report}");
    assert_eq!(
        report["scores"].as_array().map(Vec::len) as Option<usize>,
        report["games"].as_u64().map(|g| g as usize)
    );
    // The CS188 grader runs for several seconds.
    let questions = common::repo_path("crates/domains/pacman/data/cs188");
    let args = ["pacman", "grade", &questions, "--json"];
    let (code, report, _) = interrupt(&args, Duration::from_millis(700));
    assert_cancelled(&args, code, &report);
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
