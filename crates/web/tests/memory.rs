//! A job's memory limit holds against what no count sees: a depth-first search on a 6×6
//! board keeps a stack of boards that the node-storage count does not cover, and the server's
//! own resident memory stops it. (Alone in its test binary, so the peak is this job's.)
#![cfg(target_os = "linux")]

use axum::body::Body;
use axum::http::{Request, header};
use delve_web::{Config, app};
use http_body_util::BodyExt;
use serde_json::{Value, json};
use std::time::Duration;
use tower::ServiceExt;

/// The process's peak resident memory so far, in megabytes.
fn peak_mb() -> u64 {
    let status = std::fs::read_to_string("/proc/self/status").unwrap();
    let kib: u64 = status
        .lines()
        .find(|l| l.starts_with("VmHWM:"))
        .and_then(|l| l.split_whitespace().nth(1))
        .and_then(|v| v.parse().ok())
        .unwrap();
    kib / 1024
}

#[tokio::test]
async fn a_depth_first_solve_stops_at_the_jobs_memory_limit() {
    const LIMIT_MB: u64 = 64;
    // The test binary's own start-up, and the last few milliseconds' growth before a look.
    const SLACK_MB: u64 = 48;
    let before = peak_mb();
    let app = app(Config {
        max_memory: LIMIT_MB << 20,
        max_nodes: u64::MAX,
        max_time: Duration::from_secs(60),
        ..Config::default()
    });
    // A 6×6 board 2,000 random moves from the goal: no search here finishes it.
    let board = "19 26 28 32 4 13 14 20 7 8 5 11 0 17 21 3 31 23 34 25 1 27 22 6 9 24 2 29 12 10 16 15 30 18 35 33";
    let body = json!({"size": "6x6", "state": board, "algo": "dfs"});
    let request = Request::post("/api/sliding/solve")
        .header(header::CONTENT_TYPE, "application/json")
        .body(Body::from(body.to_string()))
        .unwrap();
    let response = app.oneshot(request).await.unwrap();
    let bytes = response.into_body().collect().await.unwrap().to_bytes();
    let report: Value = serde_json::from_slice(&bytes).unwrap();
    assert_eq!(report["stop_reason"], "memory", "{report}");
    let peak = peak_mb();
    assert!(peak <= before + LIMIT_MB + SLACK_MB, "peak {peak} MB, {before} MB before the job");
}
