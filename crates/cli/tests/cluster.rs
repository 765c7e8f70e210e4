//! The cluster flags end to end: real `delve` processes joined over loopback (a hostfile of
//! free ports), whose results equal the single-machine commands'; a process that dies, is
//! interrupted or never starts ends the others with an error in bounded time.
#![cfg(unix)]

mod common;

use common::{delve, repo_path, scratch, untimed};
use serde_json::Value;
use std::net::TcpListener;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Output, Stdio};
use std::time::{Duration, Instant};

/// A hostfile of `n` free loopback ports in `dir`.
fn hostfile(dir: &Path, n: usize) -> PathBuf {
    let listeners: Vec<TcpListener> = (0..n).map(|_| TcpListener::bind("127.0.0.1:0").unwrap()).collect();
    let text: String = listeners.iter().map(|l| format!("{}\n", l.local_addr().unwrap())).collect();
    let path = dir.join("hosts.txt");
    std::fs::write(&path, text).unwrap();
    path
}

/// Starts `delve ARGS --processes N --process I --hostfile FILE`.
fn start(args: &[&str], hosts: &Path, processes: usize, process: usize) -> Child {
    Command::new(assert_cmd::cargo::cargo_bin("delve"))
        .args(args)
        .args(["--processes", &processes.to_string(), "--process", &process.to_string()])
        .arg("--hostfile")
        .arg(hosts)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("delve starts")
}

/// Runs `args` as a cluster of `processes` processes; returns every process's output, process
/// 0 first, after checking that process 0 exited with `code` and the others with 0, and that
/// only process 0 printed.
fn cluster(name: &str, args: &[&str], processes: usize, code: i32) -> Vec<Output> {
    let dir = scratch(name);
    let hosts = hostfile(&dir, processes);
    let children: Vec<Child> = (0..processes).rev().map(|i| start(args, &hosts, processes, i)).collect();
    let mut outputs: Vec<Output> = children.into_iter().map(|c| c.wait_with_output().unwrap()).collect();
    outputs.reverse();
    std::fs::remove_dir_all(&dir).ok();
    for (i, out) in outputs.iter().enumerate() {
        let stderr = String::from_utf8_lossy(&out.stderr);
        let expected = if i == 0 { code } else { 0 };
        assert_eq!(out.status.code(), Some(expected), "{args:?}: process {i}: {stderr}");
        assert_eq!(out.stdout.is_empty(), i > 0, "{args:?}: only process 0 prints (process {i})");
    }
    outputs
}

fn stdout(out: &Output) -> String {
    String::from_utf8(out.stdout.clone()).unwrap()
}

/// The single-machine run of `args`.
fn single(args: &[&str], code: i32) -> String {
    let out = delve().args(args).output().unwrap();
    assert_eq!(out.status.code(), Some(code), "{args:?}: {}", String::from_utf8_lossy(&out.stderr));
    String::from_utf8(out.stdout).unwrap()
}

/// A JSON report without the keys that differ between a run on one machine and a dataflow:
/// the time, and the algorithm's name.
fn comparable(text: &str) -> Value {
    let mut v = untimed(serde_json::from_str(text.trim()).unwrap());
    v.as_object_mut().unwrap().remove("algorithm");
    v
}

#[test]
fn enumeration_on_two_processes_equals_one_machine() {
    for board in ["2x3", "3x3"] {
        let args = ["sliding", "enumerate", board, "--json"];
        let outs = cluster(&format!("enum-{board}"), &args, 2, 0);
        let report: Value = serde_json::from_str(stdout(&outs[0]).trim()).unwrap();
        assert_eq!(report["algorithm"], "dataflow-bfs");
        assert_eq!(comparable(&stdout(&outs[0])), comparable(&single(&args, 0)), "{board}");
    }
    // The text form too: every line but the time.
    let args = ["sliding", "enumerate", "2x4"];
    let outs = cluster("enum-text", &args, 3, 0);
    let strip = |t: &str| t.lines().filter(|l| !l.starts_with("time:")).collect::<Vec<_>>().join("\n");
    assert_eq!(strip(&stdout(&outs[0])), strip(&single(&args, 0)));
}

#[test]
fn queens_counts_on_two_processes_equal_oeis() {
    let outs = cluster("queens", &["queens", "count", "12", "--json", "--workers", "2"], 2, 0);
    let report: Value = serde_json::from_str(stdout(&outs[0]).trim()).unwrap();
    // OEIS A000170 and A002562.
    assert_eq!((report["solutions"].as_u64(), report["unique"].as_u64()), (Some(14_200), Some(1_787)));
}

/// The columns of a batch line that are times.
fn untimed_line(line: &str) -> String {
    line.split_whitespace()
        .filter(|w| !w.contains('.') || w.chars().any(char::is_alphabetic))
        .collect::<Vec<_>>()
        .join(" ")
}

#[test]
fn batches_on_two_processes_give_the_single_machine_lines() {
    let dir = scratch("batch");
    let states = dir.join("states.txt");
    std::fs::write(&states, "8734B9265\n789456B23\n# a comment\n9B6358247\n4B5623789\n359B26478\n").unwrap();
    let states = states.display().to_string();
    let args = ["sliding", "solve", "--from-file", &states];
    let outs = cluster("batch-sliding", &args, 2, 1);
    let (ours, theirs) = (stdout(&outs[0]), single(&args, 1));
    let instances = |t: &str| t.lines().filter(|l| l.starts_with("instance")).map(untimed_line).collect::<Vec<_>>();
    assert_eq!(instances(&ours).len(), 5);
    assert_eq!(instances(&ours), instances(&theirs));
    let microban = repo_path("crates/domains/sokoban/data/microban.xsb");
    let args = ["sokoban", "bench", &microban, "--levels", "1-6", "--mode", "pushes"];
    let outs = cluster("batch-sokoban", &args, 2, 0);
    let rows = |t: &str| t.lines().take(7).map(untimed_line).collect::<Vec<_>>();
    assert_eq!(rows(&stdout(&outs[0])), rows(&single(&args, 0)));
    let mut json_args = args.to_vec();
    json_args.push("--json");
    let outs = cluster("batch-sokoban-json", &json_args, 2, 0);
    let levels = |t: &str| {
        let v: Value = serde_json::from_str(t.trim()).unwrap();
        v["levels"].as_array().unwrap().iter().map(|l| (l["level"].clone(), l["solution"].clone())).collect::<Vec<_>>()
    };
    assert_eq!(levels(&stdout(&outs[0])), levels(&single(&json_args, 0)));
    std::fs::remove_dir_all(&dir).ok();
}

/// Waits for `child` at most `limit`; its exit code and stderr, or a panic naming `what`.
fn wait_within(mut child: Child, limit: Duration, what: &str) -> (i32, String) {
    let start = Instant::now();
    loop {
        if let Some(status) = child.try_wait().unwrap() {
            let out = child.wait_with_output().unwrap();
            eprintln!("{what}: exited after {:.0} ms", start.elapsed().as_secs_f64() * 1e3);
            return (status.code().unwrap_or(-1), String::from_utf8(out.stderr).unwrap());
        }
        if start.elapsed() > limit {
            child.kill().ok();
            panic!("{what}: still running after {limit:?}");
        }
        std::thread::sleep(Duration::from_millis(20));
    }
}

/// A job long enough to be cut short: the whole 3×4 space.
const LONG: [&str; 3] = ["sliding", "enumerate", "3x4"];

#[test]
fn a_process_killed_mid_run_ends_the_other_within_10_seconds() {
    let dir = scratch("killed");
    let hosts = hostfile(&dir, 2);
    let second = start(&LONG, &hosts, 2, 1);
    let first = start(&LONG, &hosts, 2, 0);
    std::thread::sleep(Duration::from_millis(1500));
    let kill = Command::new("kill").args(["-KILL", &second.id().to_string()]).status().unwrap();
    assert!(kill.success());
    let (code, stderr) = wait_within(first, Duration::from_secs(10), "process 0");
    assert_eq!(code, 2, "{stderr}");
    assert!(stderr.starts_with("error: lost the connection to another process"), "{stderr}");
    assert!(!stderr.contains("panicked"), "{stderr}");
    let _ = wait_within(second, Duration::from_secs(1), "process 1");
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn sigint_on_process_0_stops_them_all() {
    let dir = scratch("sigint");
    let hosts = hostfile(&dir, 2);
    let second = start(&LONG, &hosts, 2, 1);
    let mut args = LONG.to_vec();
    args.push("--json");
    let first = start(&args, &hosts, 2, 0);
    std::thread::sleep(Duration::from_millis(1500));
    let sent = Instant::now();
    let kill = Command::new("kill").args(["-INT", &first.id().to_string()]).status().unwrap();
    assert!(kill.success());
    let out = first.wait_with_output().unwrap();
    eprintln!("process 0 stopped {:.0} ms after SIGINT", sent.elapsed().as_secs_f64() * 1e3);
    assert_eq!(out.status.code(), Some(1), "{}", String::from_utf8_lossy(&out.stderr));
    let report: Value = serde_json::from_str(stdout(&out).trim()).unwrap();
    assert_eq!(report["stop_reason"], "cancelled");
    assert!(report["stats"]["expanded"].as_u64().unwrap() > 0);
    let (code, stderr) = wait_within(second, Duration::from_secs(10), "process 1");
    assert_eq!(code, 2, "{stderr}");
    assert!(stderr.contains("lost the connection"), "{stderr}");
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn a_process_that_never_starts_is_an_error_in_bounded_time() {
    let dir = scratch("missing");
    let hosts = hostfile(&dir, 3);
    for process in [0, 2] {
        let child = start(&["queens", "count", "8", "--connect-timeout", "1"], &hosts, 3, process);
        let (code, stderr) = wait_within(child, Duration::from_secs(10), "a lone process");
        assert_eq!(code, 2, "{stderr}");
        let expected = if process == 0 { "did not connect to" } else { "cannot reach process 0 at" };
        assert!(stderr.starts_with("error: ") && stderr.contains(expected), "{stderr}");
    }
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn cluster_flags_are_checked() {
    let dir = scratch("flags");
    let bad = dir.join("bad-hosts.txt");
    std::fs::write(&bad, "127.0.0.1:2101\n  localhost\n").unwrap();
    let bad = bad.display().to_string();
    let e = common::bad_input("queens", &["count", "8", "--hostfile", &bad]);
    assert!(e.contains("bad-hosts.txt:2:3: no port in `localhost`: expected host:port"), "{e}");
    let e = common::bad_input("queens", &["count", "8", "--processes", "2", "--process", "2"]);
    assert!(e.contains("processes are 0 to 1"), "{e}");
    let e = common::bad_input("queens", &["count", "8", "--workers", "2", "--threads", "2"]);
    assert!(e.contains("--threads is for one process"), "{e}");
    let e = common::bad_input("sliding", &["enumerate", "2x3", "--workers", "2", "--save", "x.bin"]);
    assert!(e.contains("--save needs the whole table"), "{e}");
    std::fs::remove_dir_all(&dir).ok();
}
