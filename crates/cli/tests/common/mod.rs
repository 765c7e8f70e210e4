//! What every end-to-end test of a subcommand needs: the binary, a run that checks the exit
//! code, the one-JSON-line check, the bad-input check, and the repository's data files.
//!
//! Each test file compiles this module on its own and uses only part of it.
#![allow(dead_code)]

use assert_cmd::Command;
use serde_json::Value;
use std::path::PathBuf;

/// The `delve` binary of this build.
pub fn delve() -> Command {
    Command::cargo_bin("delve").expect("the delve binary is built")
}

/// Runs `delve COMMAND ARGS`, checks the exit code and returns stdout.
pub fn run(command: &str, args: &[&str], code: i32) -> String {
    let out = delve().arg(command).args(args).output().unwrap();
    let stdout = String::from_utf8(out.stdout).unwrap();
    assert_eq!(
        out.status.code(),
        Some(code),
        "{command} {args:?}: stdout {stdout} stderr {}",
        String::from_utf8_lossy(&out.stderr)
    );
    stdout
}

/// Runs `delve COMMAND ARGS --json`, checks the exit code and that stdout is one JSON object
/// on one line, and returns it parsed.
pub fn json(command: &str, args: &[&str], code: i32) -> Value {
    let mut a = args.to_vec();
    a.push("--json");
    let stdout = run(command, &a, code);
    assert_eq!(stdout.lines().count(), 1, "one JSON object on one line: {stdout}");
    serde_json::from_str(&stdout).unwrap()
}

/// A report without its time (`stats.elapsed_ms`), to compare two runs of one job.
pub fn untimed(mut report: Value) -> Value {
    if let Some(stats) = report["stats"].as_object_mut() {
        stats.remove("elapsed_ms");
    }
    report
}

/// Bad input: exit 2, nothing on stdout, an `error:` message on stderr and no panic. Returns
/// stderr.
pub fn bad_input(command: &str, args: &[&str]) -> String {
    let out = delve().arg(command).args(args).output().unwrap();
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert_eq!(out.status.code(), Some(2), "{command} {args:?}: {stderr}");
    assert!(out.stdout.is_empty(), "{command} {args:?}: nothing on stdout");
    assert!(stderr.starts_with("error:"), "{command} {args:?}: {stderr}");
    assert!(!stderr.contains("panicked"), "{stderr}");
    assert_said_once(&stderr);
    stderr
}

/// No part of an error line is said twice (as when a cause is both in a message and chained
/// after it: `x: No such file or directory (os error 2): No such file or directory …`).
pub fn assert_said_once(stderr: &str) {
    for line in stderr.lines() {
        let parts: Vec<&str> = line.split(": ").filter(|p| p.len() >= 12).collect();
        for (i, part) in parts.iter().enumerate() {
            assert!(!parts[i + 1..].contains(part), "`{part}` is said twice in: {line}");
        }
    }
}

/// A scratch folder for one test, `delve-NAME-PID` under the system's temp folder, created
/// if needed; the test removes it when done.
pub fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("delve-{name}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap_or_else(|e| panic!("cannot create {}: {e}", dir.display()));
    dir
}

/// The path of a file the repository ships, by its path from the repository root, as an
/// argument.
pub fn repo_path(path: &str) -> String {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..").join(path).display().to_string()
}

/// The text of a data file the repository ships, by its path from the repository root; a
/// missing file names itself and where it belongs instead of a bare `NotFound`.
pub fn repo_file(path: &str) -> String {
    let full = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..").join(path);
    std::fs::read_to_string(&full)
        .unwrap_or_else(|e| panic!("cannot read {} ({e}); it ships with the repository at {path}", full.display()))
}
