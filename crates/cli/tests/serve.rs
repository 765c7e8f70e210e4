//! `delve serve`: the binary starts the page on 127.0.0.1, prints where, answers the API with
//! the same report as `delve route --json`, and says so when the port is taken.

mod common;

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::process::{Child, Command, Stdio};

/// A running `delve serve --port 0`, stopped when dropped.
struct Server {
    child: Child,
    port: u16,
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn start() -> Server {
    let mut child = Command::new(assert_cmd::cargo::cargo_bin("delve"))
        .args(["serve", "--port", "0"])
        .stdout(Stdio::piped())
        .spawn()
        .expect("delve serve starts");
    let mut line = String::new();
    BufReader::new(child.stdout.take().unwrap()).read_line(&mut line).unwrap();
    let port = line
        .split("http://127.0.0.1:")
        .nth(1)
        .and_then(|rest| rest.split('/').next())
        .and_then(|p| p.parse().ok())
        .unwrap_or_else(|| panic!("no address in {line:?}"));
    Server { child, port }
}

/// One HTTP/1.1 request; the status line and the body.
fn request(port: u16, method: &str, path: &str, body: &str) -> (String, String) {
    let mut stream = TcpStream::connect(("127.0.0.1", port)).unwrap();
    write!(
        stream,
        "{method} {path} HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    )
    .unwrap();
    let mut text = String::new();
    stream.read_to_string(&mut text).unwrap();
    let (head, body) = text.split_once("\r\n\r\n").unwrap();
    (head.lines().next().unwrap().to_string(), body.to_string())
}

#[test]
fn the_page_answers_with_the_clis_report() {
    let server = start();
    let (status, body) = request(server.port, "GET", "/api/health", "");
    assert_eq!(status, "HTTP/1.1 200 OK");
    assert!(body.starts_with("{\"ok\":true,\"version\":"), "{body}");
    let (status, body) =
        request(server.port, "POST", "/api/route/search", r#"{"from":"Arad","to":"Bucharest","algo":"ils"}"#);
    assert_eq!(status, "HTTP/1.1 200 OK");
    let mut web: serde_json::Value = serde_json::from_str(&body).unwrap();
    let mut cli = common::json("route", &["--from", "Arad", "--to", "Bucharest", "--algo", "ils"], 0);
    for report in [&mut web, &mut cli] {
        report["stats"].as_object_mut().unwrap().remove("elapsed_ms");
    }
    assert_eq!(web, cli);
    let (status, page) = request(server.port, "GET", "/sliding", "");
    assert_eq!(status, "HTTP/1.1 200 OK");
    assert!(page.contains("Sliding puzzles"));
}

#[test]
fn a_taken_port_is_an_error() {
    let server = start();
    let out = common::delve().args(["serve", "--port", &server.port.to_string()]).output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.starts_with(&format!("error: cannot listen on 127.0.0.1:{}", server.port)), "{err}");
}

#[test]
fn a_client_that_goes_away_cancels_its_job() {
    let server = start();
    // As many long searches as the page runs at once (the empty Connect Four board takes
    // minutes), each closed by its client right after the request is sent.
    let body = r#"{"position":""}"#;
    for _ in 0..4 {
        let mut stream = TcpStream::connect(("127.0.0.1", server.port)).unwrap();
        write!(
            stream,
            "POST /api/connect4/solve HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\r\n{body}",
            body.len()
        )
        .unwrap();
        std::thread::sleep(std::time::Duration::from_millis(100));
        drop(stream);
    }
    // Their jobs stop with them: a search gets a permit again at once (not 503 until their
    // 20 s run out).
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(5);
    loop {
        let (status, body) = request(server.port, "POST", "/api/route/search", r#"{"from":"Arad","to":"Bucharest"}"#);
        if status == "HTTP/1.1 200 OK" {
            break;
        }
        assert!(std::time::Instant::now() < deadline, "still {status} {body} 5 s after the clients left");
        std::thread::sleep(std::time::Duration::from_millis(100));
    }
}
