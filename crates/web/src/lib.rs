//! # delve-web
//!
//! The local web page of delve (`delve serve`): an [axum] server bound to 127.0.0.1 only,
//! with its pages compiled into the binary (plain HTML, CSS and JavaScript modules; no build
//! step) and a JSON API that takes the CLI's inputs and returns the CLI's `--json` reports —
//! the same report types of the library crates, serialised by the same serde code.
//!
//! | module | what it does |
//! | --- | --- |
//! | (crate root) | the server: its [`Config`] (guards), routes for health, domains and cancel |
//! | [`domains`] | one module per domain page: its API routes and its page, listed in [`domains::ALL`] |
//! | [`job`] | running a job: permits, clamped limits, cancel flags, the blocking run, JSON or a stream |
//! | [`error`] | errors as JSON `{"error":"…"}` with a fitting status |
//! | [`assets`] | the pages and static files compiled into the binary |
//!
//! * `GET /api/health` → `{"ok":true,"version":"…"}`; `GET /api/domains` lists the pages.
//! * `POST /api/<domain>/<verb>` with a JSON body runs one job (a search, an enumeration, a
//!   count) and answers with its report. With `Accept: text/event-stream` the answer is a
//!   stream of Server-Sent Events instead: `job` (its random id and the token that may cancel
//!   it), the core observer's events (`start`, `iteration`, `expand`, `generate`, `progress`,
//!   `stats`, `finish`) and last the `report` (or an `error`). `POST /api/cancel
//!   {"job":ID,"token":T}` or closing the stream cancels it. Each page is served with a token
//!   of its own that it sends with its jobs (the [`TOKEN_HEADER`] header), so no other client
//!   can cancel them.
//! * Guards ([`Config`]): a body cap (413 past it), a time and node limit on every job
//!   (requests may ask for less, with the CLI's `timeout` and `max_nodes`), at most a few jobs
//!   at once (503 beyond), levels only by shipped name or as text (no path from the client is
//!   ever opened), every error as JSON `{"error":"…"}`, and a cap on open connections with
//!   idle and header clocks (the private `conn` module).
//!
//! A domain is one module of [`domains`] with its routes and its page, listed once in
//! [`domains::ALL`].

pub mod assets;
mod conn;
pub mod domains;
pub mod error;
pub mod job;

pub use error::{ApiError, ApiJson};
pub use job::{AppState, Job, Knobs, NoView, Sink, Streamer, TOKEN_HEADER, View, blocking, job_threads, respond};

use axum::extract::{DefaultBodyLimit, State};
use axum::routing::{get, post};
use axum::{Json, Router};
use serde::Deserialize;
use serde_json::{Value, json};
use std::net::{Ipv4Addr, SocketAddr};
use std::time::Duration;

/// The server's guards.
#[derive(Clone, Debug)]
pub struct Config {
    /// Largest request body in bytes; larger ones get 413.
    pub max_body: usize,
    /// The most time one job may take (a request's `timeout` may ask for less).
    pub max_time: Duration,
    /// The most nodes one job may expand (a request's `max_nodes` may ask for fewer).
    pub max_nodes: u64,
    /// The most bytes one job may add: graph searches count their node storage, and every
    /// search also stops once the server's resident memory has grown this much since the job
    /// began (jobs beside it included), so depth-first stacks and large states are bounded too.
    pub max_memory: u64,
    /// How many jobs may run at once; more get 503.
    pub max_jobs: usize,
    /// Host names answered besides `localhost`, `127.0.0.1` and `[::1]` (`--allow-host`).
    /// A request naming any other host gets 403, so a page elsewhere whose name is made to
    /// point at 127.0.0.1 (DNS rebinding) cannot drive the server.
    pub allow_hosts: Vec<String>,
    /// How many connections may be open at once. At the cap, a new one closes the connection
    /// idle longest; when none is idle, it waits until one closes.
    pub max_connections: usize,
    /// How long a connection may sit with no request in flight and no byte of a new one
    /// (the keep-alive time between requests, or a connection that never speaks).
    pub idle_timeout: Duration,
    /// How long a request head may take once its first byte has arrived; its body then has
    /// as long again (400 past it).
    pub header_timeout: Duration,
}

impl Default for Config {
    /// 64 KiB bodies, 20 s, 50 million nodes and 1 GiB of memory per job, 4 jobs at once, the
    /// loopback names only, 256 connections, idle for at most 30 s, 10 s for a request head.
    fn default() -> Self {
        Config {
            max_body: 64 * 1024,
            max_time: Duration::from_secs(20),
            max_nodes: 50_000_000,
            max_memory: 1 << 30,
            max_jobs: 4,
            allow_hosts: Vec::new(),
            max_connections: 256,
            idle_timeout: Duration::from_secs(30),
            header_timeout: Duration::from_secs(10),
        }
    }
}

/// The whole application: the API of every domain, the pages, and the guards.
pub fn app(config: Config) -> Router {
    let max_body = config.max_body;
    let allowed: std::sync::Arc<[String]> = config.allow_hosts.iter().map(|h| h.to_ascii_lowercase()).collect();
    let state = AppState::new(config);
    let mut router = Router::new()
        .route("/api/health", get(health))
        .route("/api/domains", get(list_domains))
        .route("/api/cancel", post(cancel));
    for domain in domains::ALL {
        router = router.nest(&format!("/api/{}", domain.name), (domain.routes)());
    }
    router
        .route("/api/{*rest}", axum::routing::any(unknown_api))
        .merge(assets::router())
        .layer(axum::middleware::map_response(json_method_not_allowed))
        .layer(DefaultBodyLimit::max(max_body))
        .layer(axum::middleware::from_fn(move |request: axum::extract::Request, next: axum::middleware::Next| {
            let allowed = allowed.clone();
            async move {
                match host_refused(&request, &allowed) {
                    Some(error) => axum::response::IntoResponse::into_response(error),
                    None => next.run(request).await,
                }
            }
        }))
        .with_state(state)
}

/// Why a request's `Host` header is refused (403), if it is: the host must be `localhost`,
/// `127.0.0.1`, `[::1]` or one of `allowed`, with any port. A request without the header
/// (not from a browser) is let through.
fn host_refused(request: &axum::extract::Request, allowed: &[String]) -> Option<ApiError> {
    let header = request.headers().get(axum::http::header::HOST)?;
    let text = header.to_str().unwrap_or("");
    let name = match text.strip_prefix('[') {
        Some(rest) => rest.split_once(']').map_or(text, |(inside, _)| inside),
        None => text.rsplit_once(':').map_or(text, |(name, _)| name),
    }
    .to_ascii_lowercase();
    let loopback = matches!(name.as_str(), "localhost" | "127.0.0.1" | "::1");
    if loopback || allowed.contains(&name) {
        return None;
    }
    let shown: String = text.chars().take(80).flat_map(char::escape_default).collect();
    Some(ApiError {
        status: axum::http::StatusCode::FORBIDDEN,
        message: format!(
            "host `{shown}` is not served: the page answers as localhost, 127.0.0.1 or [::1] (start it with --allow-host NAME for another name)"
        ),
    })
}

/// A 405 (a route called with the wrong method, e.g. `GET` on a `POST` route) gets a JSON
/// body, as every other error does, and keeps its `Allow` header.
async fn json_method_not_allowed(response: axum::response::Response) -> axum::response::Response {
    use axum::http::{StatusCode, header::ALLOW};
    use axum::response::IntoResponse;
    if response.status() != StatusCode::METHOD_NOT_ALLOWED {
        return response;
    }
    let allow = response.headers().get(ALLOW).cloned();
    let message = match allow.as_ref().and_then(|a| a.to_str().ok()) {
        Some(allowed) => format!("method not allowed here; this route takes {allowed}"),
        None => "method not allowed here".to_string(),
    };
    let mut json = ApiError { status: StatusCode::METHOD_NOT_ALLOWED, message }.into_response();
    if let Some(allow) = allow {
        json.headers_mut().insert(ALLOW, allow);
    }
    json
}

/// Binds 127.0.0.1:`port` (0: any free port); the page is never reachable from another host.
pub async fn bind(port: u16) -> std::io::Result<tokio::net::TcpListener> {
    tokio::net::TcpListener::bind(SocketAddr::from((Ipv4Addr::LOCALHOST, port))).await
}

/// Serves [`app`] on `listener` until the process ends, within the connection cap and
/// clocks of `config`.
pub async fn serve(listener: tokio::net::TcpListener, config: Config) -> std::io::Result<()> {
    conn::accept(listener, app(config.clone()), &config).await
}

async fn health() -> Json<Value> {
    Json(json!({ "ok": true, "version": env!("CARGO_PKG_VERSION") }))
}

async fn list_domains() -> Json<Value> {
    let list: Vec<Value> =
        domains::ALL.iter().map(|d| json!({ "name": d.name, "title": d.title, "page": d.page.map(|_| format!("/{}", d.name)), "about": d.about })).collect();
    Json(json!({ "domains": list }))
}

/// The body of `POST /api/cancel`.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct CancelRequest {
    /// The job's id, from its stream's `job` event.
    job: String,
    /// The token it was started with (the page's, or the one its `job` event gives).
    token: String,
}

/// Cancels a job for the client that started it: an unknown id and a wrong token get the same
/// 404, so the answer tells nothing of other clients' jobs.
async fn cancel(State(state): State<AppState>, ApiJson(req): ApiJson<CancelRequest>) -> Result<Json<Value>, ApiError> {
    if state.cancel(&req.job, &req.token) {
        Ok(Json(json!({ "ok": true, "job": req.job })))
    } else {
        Err(ApiError::not_found("no running job with this id and token"))
    }
}

async fn unknown_api(uri: axum::http::Uri) -> ApiError {
    ApiError::not_found(format!("no API route {}", uri.path()))
}
