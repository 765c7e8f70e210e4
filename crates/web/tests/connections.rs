//! The server on a real socket: the cap on open connections and the idle and header clocks.
//! (The routes are tested in `api.rs`; a client that hangs up in `delve-cli`'s `serve.rs`.)

use delve_web::{Config, bind, serve};
use std::net::SocketAddr;
use std::time::{Duration, Instant};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;

/// The tests of this file take turns: the first counts the sockets of the whole process, which
/// the others' connections would add to.
static ONE_AT_A_TIME: tokio::sync::Mutex<()> = tokio::sync::Mutex::const_new(());

/// Starts a server with `config` on a free port.
async fn start(config: Config) -> SocketAddr {
    let listener = bind(0).await.unwrap();
    let addr = listener.local_addr().unwrap();
    tokio::spawn(serve(listener, config));
    addr
}

/// A request for `path` that closes its connection after the answer.
fn request(method: &str, path: &str, body: &str) -> String {
    format!(
        "{method} {path} HTTP/1.1\r\nhost: 127.0.0.1\r\ncontent-type: application/json\r\ncontent-length: {}\r\nconnection: close\r\n\r\n{body}",
        body.len()
    )
}

/// Sends `raw` on a new connection and reads the answer to its end (at most 10 s).
async fn exchange(addr: SocketAddr, raw: &str) -> String {
    let mut stream = TcpStream::connect(addr).await.unwrap();
    stream.write_all(raw.as_bytes()).await.unwrap();
    let mut answer = Vec::new();
    tokio::time::timeout(Duration::from_secs(10), stream.read_to_end(&mut answer))
        .await
        .expect("an answer within 10 s")
        .unwrap();
    String::from_utf8_lossy(&answer).into_owned()
}

/// How long until the server closes `stream` (reading whatever it sends), at most `within`.
async fn closed_after(stream: &mut TcpStream, within: Duration) -> Duration {
    let t = Instant::now();
    let mut sink = Vec::new();
    let read = tokio::time::timeout(within, stream.read_to_end(&mut sink)).await;
    assert!(read.is_ok(), "still open after {within:?}");
    t.elapsed()
}

/// The sockets this process has open (the test's clients and the server's connections).
fn open_sockets() -> usize {
    std::fs::read_dir("/proc/self/fd")
        .unwrap()
        .filter_map(|e| std::fs::read_link(e.ok()?.path()).ok())
        .filter(|target| target.to_string_lossy().starts_with("socket:"))
        .count()
}

#[tokio::test]
async fn idle_connections_past_the_cap_neither_take_descriptors_nor_delay_health() {
    let _turn = ONE_AT_A_TIME.lock().await;
    const CAP: usize = 32;
    const IDLE: usize = CAP + 300;
    let config = Config {
        max_connections: CAP,
        idle_timeout: Duration::from_secs(120),
        header_timeout: Duration::from_secs(120),
        ..Config::default()
    };
    let addr = start(config).await;
    let before = open_sockets();
    // Connections that never send a byte, ten times the cap.
    let mut idle = Vec::with_capacity(IDLE);
    for _ in 0..IDLE {
        idle.push(TcpStream::connect(addr).await.unwrap());
    }
    let t = Instant::now();
    let answer = exchange(addr, &request("GET", "/api/health", "")).await;
    let took = t.elapsed();
    assert!(answer.starts_with("HTTP/1.1 200 OK") && answer.contains(r#""ok":true"#), "{answer}");
    // Generous for a loaded machine: without the cap's eviction, health would wait for the
    // idle clock (two minutes here).
    assert!(took < Duration::from_secs(2), "health took {took:?} behind {IDLE} idle connections");
    // The server holds at most the cap (and one waiting for a place), not one per client.
    let held = open_sockets() - before - IDLE;
    assert!(held <= CAP + 1, "the server holds {held} sockets for {IDLE} idle clients (cap {CAP})");
    // The idle connections it let go are closed, not left hanging.
    let mut closed = 0;
    for stream in &mut idle {
        let mut byte = [0u8; 1];
        if let Ok(Ok(0)) = tokio::time::timeout(Duration::from_millis(1), stream.read(&mut byte)).await {
            closed += 1;
        }
    }
    assert!(closed >= IDLE - CAP, "{closed} of {IDLE} idle connections closed");
}

#[tokio::test]
async fn a_connection_that_stays_idle_is_closed_after_the_idle_timeout() {
    let _turn = ONE_AT_A_TIME.lock().await;
    let idle = Duration::from_millis(300);
    let addr = start(Config { idle_timeout: idle, header_timeout: Duration::from_secs(60), ..Config::default() }).await;
    // A connection that never speaks.
    let mut silent = TcpStream::connect(addr).await.unwrap();
    let after = closed_after(&mut silent, Duration::from_secs(10)).await;
    assert!(after >= idle - Duration::from_millis(50), "closed after {after:?}, before the idle timeout");
    // A kept-alive connection, after its answer.
    let mut kept = TcpStream::connect(addr).await.unwrap();
    kept.write_all(b"GET /api/health HTTP/1.1\r\nhost: 127.0.0.1\r\n\r\n").await.unwrap();
    let mut answer = vec![0u8; 4096];
    let n = kept.read(&mut answer).await.unwrap();
    assert!(String::from_utf8_lossy(&answer[..n]).starts_with("HTTP/1.1 200 OK"));
    let after = closed_after(&mut kept, Duration::from_secs(10)).await;
    assert!(after >= idle - Duration::from_millis(50), "closed after {after:?}, before the idle timeout");
}

#[tokio::test]
async fn a_request_sent_too_slowly_is_dropped_after_the_header_timeout() {
    let _turn = ONE_AT_A_TIME.lock().await;
    let header = Duration::from_millis(300);
    let addr =
        start(Config { header_timeout: header, idle_timeout: Duration::from_secs(60), ..Config::default() }).await;
    let mut slow = TcpStream::connect(addr).await.unwrap();
    slow.write_all(b"GET /api/hea").await.unwrap();
    let after = closed_after(&mut slow, Duration::from_secs(10)).await;
    assert!(after >= header - Duration::from_millis(50), "closed after {after:?}, before the header timeout");

    // A body trickled after its head gets 400 once the same clock runs out.
    let mut slow = TcpStream::connect(addr).await.unwrap();
    let raw = request("POST", "/api/route/search", r#"{"from":"Arad","to":"Bucharest"}"#);
    slow.write_all(&raw.as_bytes()[..raw.len() - 5]).await.unwrap();
    let t = Instant::now();
    let mut answer = String::new();
    tokio::time::timeout(Duration::from_secs(10), slow.read_to_string(&mut answer)).await.unwrap().unwrap();
    assert!(answer.starts_with("HTTP/1.1 400"), "{answer}");
    assert!(answer.contains("the request body did not arrive in time"), "{answer}");
    assert!(t.elapsed() >= header - Duration::from_millis(50), "answered after {:?}", t.elapsed());

    // The clocks are apart: a head being read is not cut by the (shorter) idle clock.
    let idle = Duration::from_millis(300);
    let addr = start(Config { idle_timeout: idle, header_timeout: Duration::from_secs(60), ..Config::default() }).await;
    let mut stream = TcpStream::connect(addr).await.unwrap();
    let raw = request("GET", "/api/health", "");
    let (first, second) = raw.split_at(10);
    stream.write_all(first.as_bytes()).await.unwrap();
    tokio::time::sleep(idle * 3).await;
    stream.write_all(second.as_bytes()).await.unwrap();
    let mut answer = String::new();
    stream.read_to_string(&mut answer).await.unwrap();
    assert!(answer.starts_with("HTTP/1.1 200 OK"), "{answer}");
}
