//! Running a job: the guards (a permit from the few, the clamped limits, a cancel flag and
//! an id), the blocking run off the async threads, and the answer — one JSON report, or a
//! stream of the core observer's events ending with the report.

use crate::{ApiError, Config};
use axum::Json;
use axum::http::HeaderMap;
use axum::http::header::ACCEPT;
use axum::response::sse::{Event as SseEvent, KeepAlive, Sse};
use axum::response::{IntoResponse, Response};
use delve_core::{Bound, Control, Event, Limits, Live, Observer};
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};
use std::collections::HashMap;
use std::convert::Infallible;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};
use tokio::sync::{OwnedSemaphorePermit, Semaphore, mpsc};
use tokio_stream::StreamExt;
use tokio_stream::wrappers::ReceiverStream;

/// Least time between two `stats` events of a stream.
const STATS_EVERY: Duration = Duration::from_millis(100);
/// Events a stream buffers before the search waits for the page to read them.
const CHANNEL: usize = 256;

/// The state every handler shares: the guards and the running jobs.
#[derive(Clone)]
pub struct AppState(Arc<Shared>);

struct Shared {
    config: Config,
    permits: Arc<Semaphore>,
    /// The running jobs by id: the token that may cancel each, and its cancel flag.
    jobs: Mutex<HashMap<String, (String, Arc<AtomicBool>)>>,
}

/// The request header a page sends its token in (`delve serve` puts one in every page).
pub const TOKEN_HEADER: &str = "x-delve-token";

/// 128 random bits from the thread's cryptographically secure generator (seeded from the
/// operating system), as 32 hex digits: a job's id, or a token. Neither can be guessed, so a
/// client cannot cancel a job it did not start.
pub(crate) fn secret() -> String {
    use rand::Rng;
    format!("{:032x}", rand::rng().random::<u128>())
}

/// Whether `a` and `b` are equal, in a time that does not depend on where they differ.
fn same(a: &str, b: &str) -> bool {
    a.len() == b.len() && a.bytes().zip(b.bytes()).fold(0, |diff, (x, y)| diff | (x ^ y)) == 0
}

/// The token a job request carries in [`TOKEN_HEADER`] (32 hex digits), or a new one when it
/// carries none (a script's request: the stream's `job` event gives it back).
fn token_of(headers: &HeaderMap) -> Result<String, ApiError> {
    let Some(value) = headers.get(TOKEN_HEADER) else { return Ok(secret()) };
    match value.to_str() {
        Ok(token) if token.len() == 32 && token.bytes().all(|b| b.is_ascii_hexdigit()) => {
            Ok(token.to_ascii_lowercase())
        }
        _ => Err(ApiError::bad_request(format!(
            "{TOKEN_HEADER}: expected 32 hex digits (the token of the page, or none at all)"
        ))),
    }
}

/// The limits a request may ask for, with the CLI's names (`--max-nodes`, `--timeout`); the
/// server's own caps apply on top.
#[derive(Clone, Copy, Debug, Default, Deserialize)]
pub struct Knobs {
    /// Stop after expanding this many nodes.
    #[serde(default)]
    pub max_nodes: Option<u64>,
    /// Stop after this many seconds.
    #[serde(default)]
    pub timeout: Option<f64>,
}

/// One running job: its id and token (for `POST /api/cancel`), its limits (with the cancel
/// flag), and its permit, given back when the job is dropped.
pub struct Job {
    /// The id the page cancels it by: 32 random hex digits.
    pub id: String,
    /// The token that may cancel it: the page's, or one made for the job.
    pub token: String,
    /// The clamped limits, with the cancel flag.
    pub limits: Limits,
    cancel: Arc<AtomicBool>,
    state: AppState,
    _permit: OwnedSemaphorePermit,
}

impl Drop for Job {
    fn drop(&mut self) {
        if let Ok(mut jobs) = self.state.0.jobs.lock() {
            jobs.remove(&self.id);
        }
    }
}

impl AppState {
    /// The state of a server with `config`.
    pub fn new(config: Config) -> Self {
        let permits = Arc::new(Semaphore::new(config.max_jobs));
        AppState(Arc::new(Shared { config, permits, jobs: Mutex::new(HashMap::new()) }))
    }

    /// The guards.
    pub fn config(&self) -> &Config {
        &self.0.config
    }

    /// Starts a job with the limits `knobs` ask for, within the server's caps, that `token`
    /// may cancel: `Err` 400 for a bad limit, 503 when too many jobs run.
    pub fn job(&self, knobs: Knobs, token: String) -> Result<Job, ApiError> {
        let config = &self.0.config;
        let mut time = config.max_time;
        if let Some(secs) = knobs.timeout {
            if !(secs.is_finite() && secs > 0.0) {
                return Err(ApiError::bad_request(format!(
                    "timeout: expected a positive number of seconds, got {secs}"
                )));
            }
            time = time.min(Duration::from_secs_f64(secs.min(1e9)));
        }
        let nodes = knobs.max_nodes.map_or(config.max_nodes, |n| n.min(config.max_nodes));
        let permit = self.0.permits.clone().try_acquire_owned().map_err(|_| ApiError::busy(config.max_jobs))?;
        let cancel = Arc::new(AtomicBool::new(false));
        let id = secret();
        if let Ok(mut jobs) = self.0.jobs.lock() {
            jobs.insert(id.clone(), (token.clone(), cancel.clone()));
        }
        // The resident guard sees the whole server's growth since the job began, jobs beside
        // it included: a bound on what the server holds, not an exact share.
        let limits = Limits::none()
            .timeout(time)
            .max_expanded(nodes)
            .max_memory(config.max_memory)
            .watch_resident()
            .cancel_flag(cancel.clone());
        Ok(Job { id, token, limits, cancel, state: self.clone(), _permit: permit })
    }

    /// Raises the cancel flag of job `id` if `token` is the one it was started with; false
    /// when no such job runs or the token is another (the two are not told apart).
    pub fn cancel(&self, id: &str, token: &str) -> bool {
        let jobs = self.0.jobs.lock();
        match jobs.ok().and_then(|jobs| jobs.get(id).cloned()) {
            Some((owner, flag)) if same(&owner, &token.to_ascii_lowercase()) => {
                flag.store(true, Ordering::Relaxed);
                true
            }
            _ => false,
        }
    }
}

/// Where a job's events go: nowhere (a plain JSON request) or an open stream. Sends block
/// when the page reads slowly; a page that went away cancels the job.
pub struct Sink {
    tx: Option<mpsc::Sender<(&'static str, String)>>,
    cancel: Arc<AtomicBool>,
    /// How many more events may carry a state (`expand`, `generate`); after that only
    /// iterations, progress and a `stats` event every 100 ms go out.
    detail: u64,
    last_stats: Option<Instant>,
}

impl Sink {
    fn silent(cancel: Arc<AtomicBool>) -> Self {
        Sink { tx: None, cancel, detail: 0, last_stats: None }
    }

    /// Whether anyone listens.
    pub fn is_open(&self) -> bool {
        self.tx.is_some()
    }

    /// Sends the event `name` with `data` (dropped when nobody listens).
    pub fn send(&mut self, name: &'static str, data: &impl Serialize) {
        let Some(tx) = &self.tx else { return };
        let text = serde_json::to_string(data).unwrap_or_else(|e| json!({ "error": e.to_string() }).to_string());
        if tx.blocking_send((name, text)).is_err() {
            // The page closed the stream: nobody wants the answer any more.
            self.cancel.store(true, Ordering::Relaxed);
            self.tx = None;
        }
    }

    /// Takes one event with a state from the budget.
    fn take_detail(&mut self) -> bool {
        let ok = self.detail > 0;
        self.detail = self.detail.saturating_sub(1);
        ok
    }

    /// A `stats` event, at most every 100 ms.
    fn stats(&mut self, live: &Live) {
        let now = Instant::now();
        if self.last_stats.is_some_and(|t| now < t + STATS_EVERY) {
            return;
        }
        self.last_stats = Some(now);
        let s = live.stats();
        let data = json!({
            "expanded": s.expanded,
            "generated": s.generated,
            "elapsed_ms": live.elapsed().as_secs_f64() * 1e3,
        });
        self.send("stats", &data);
    }
}

/// How a domain shows one of its search states to the page (a board, a city, a grid cell).
pub trait View<S> {
    /// The state as JSON.
    fn show(&self, state: &S) -> Value;
    /// The heuristic's estimate of `state`, for the `generate` events of informed searches
    /// (the core computes a successor's `h` after the event, so the event has none).
    fn estimate(&self, state: &S) -> Option<Value> {
        let _ = state;
        None
    }
}

/// The view of domains whose states the page does not draw: `null`.
pub struct NoView;

impl<S> View<S> for NoView {
    fn show(&self, _: &S) -> Value {
        Value::Null
    }
}

/// The observer that streams a search's events to the page: the same [`Event`]s the library
/// emits, each as one Server-Sent Event, states shown through the domain's [`View`].
pub struct Streamer<'s, V> {
    sink: &'s mut Sink,
    view: V,
    /// Whether the search uses a heuristic (its expansions carry `h`).
    informed: bool,
}

impl<'s, V> Streamer<'s, V> {
    /// Streams to `sink`, showing states with `view`.
    pub fn new(sink: &'s mut Sink, view: V) -> Self {
        Streamer { sink, view, informed: false }
    }
}

/// A bound as JSON: `{"depth":D}`, `{"cost":C}` or `null`.
fn bound_json<C: Serialize>(bound: &Bound<C>) -> Value {
    match bound {
        Bound::None => Value::Null,
        Bound::Depth(d) => json!({ "depth": d }),
        Bound::Cost(c) => json!({ "cost": c }),
    }
}

impl<S, C: Serialize + Copy, V: View<S>> Observer<S, C> for Streamer<'_, V> {
    fn on_event(&mut self, event: &Event<'_, S, C>, live: &Live) -> Control {
        if !self.sink.is_open() {
            return Control::Continue;
        }
        match event {
            Event::Start { algorithm } => self.sink.send("start", &json!({ "algorithm": algorithm })),
            Event::Iteration { index, bound } => {
                let data = json!({ "index": index, "bound": bound_json(bound), "expanded": live.stats().expanded });
                self.sink.send("iteration", &data);
            }
            Event::Expand(node) | Event::Generate(node) => {
                let expand = matches!(event, Event::Expand(_));
                self.informed |= expand && node.h.is_some();
                if self.sink.take_detail() {
                    let name = if expand { "expand" } else { "generate" };
                    let h = match node.h {
                        Some(h) => Some(json!(h)),
                        None if self.informed => self.view.estimate(node.state),
                        None => None,
                    };
                    let stats = live.stats();
                    let data = json!({
                        "state": self.view.show(node.state),
                        "g": node.g,
                        "h": h,
                        "depth": node.depth,
                        "expanded": stats.expanded,
                        "generated": stats.generated,
                    });
                    self.sink.send(name, &data);
                } else {
                    self.sink.stats(live);
                }
            }
            Event::Progress { phase, done, total } => {
                self.sink.send("progress", &json!({ "phase": phase, "done": done, "total": total }))
            }
            Event::Finish { outcome, stop_reason } => {
                let data = json!({ "outcome": outcome, "stop_reason": stop_reason.map(|r| r.name()) });
                self.sink.send("finish", &data);
            }
        }
        Control::Continue
    }
}

/// Raises a job's cancel flag when dropped before [`CancelOnDrop::disarm`]: a request whose
/// client left is dropped half-way, and its job should stop with it.
struct CancelOnDrop(Option<Arc<AtomicBool>>);

impl CancelOnDrop {
    fn disarm(mut self) {
        self.0 = None;
    }
}

impl Drop for CancelOnDrop {
    fn drop(&mut self) {
        if let Some(flag) = &self.0 {
            flag.store(true, Ordering::Relaxed);
        }
    }
}

/// The threads one job's search may use: the machine's cores, at most two (a page's job is
/// one user's, and a large machine keeps its other cores).
pub fn job_threads() -> usize {
    std::thread::available_parallelism().map_or(1, |t| t.get().min(2))
}

/// Whether the request asks for a stream of events.
fn wants_stream(headers: &HeaderMap) -> bool {
    headers.get(ACCEPT).and_then(|v| v.to_str().ok()).is_some_and(|v| v.contains("text/event-stream"))
}

/// Runs `work` off the async threads under a job's permit (503 when too many jobs run): for
/// heavy steps that are not searches, such as reading a level a request holds, or counting
/// a game tree.
pub async fn blocking<T, F>(state: &AppState, work: F) -> Result<T, ApiError>
where
    T: Send + 'static,
    F: FnOnce() -> Result<T, ApiError> + Send + 'static,
{
    let job = state.job(Knobs::default(), secret())?;
    tokio::task::spawn_blocking(move || {
        let out = std::panic::catch_unwind(std::panic::AssertUnwindSafe(work));
        drop(job);
        out.unwrap_or_else(|_| Err(ApiError::internal("internal error: the job panicked")))
    })
    .await
    .map_err(|e| ApiError::internal(format!("internal error: {e}")))?
}

/// Runs `work` as one job within `knobs`' limits and answers with its report: as JSON, or —
/// when the request accepts `text/event-stream` — as a stream of events (at most `detail`
/// of them carrying states) ending with a `report` event (or an `error` event).
pub async fn respond<T, F>(
    state: &AppState,
    headers: &HeaderMap,
    knobs: Knobs,
    detail: u64,
    work: F,
) -> Result<Response, ApiError>
where
    T: Serialize + Send + 'static,
    F: FnOnce(&Limits, &mut Sink) -> Result<T, ApiError> + Send + 'static,
{
    let job = state.job(knobs, token_of(headers)?)?;
    let run = |job: Job, sink: &mut Sink| {
        let out = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| work(&job.limits, sink)));
        drop(job);
        out.unwrap_or_else(|_| Err(ApiError::internal("internal error: the job panicked")))
    };
    if !wants_stream(headers) {
        // When the client goes away, the server drops this request's future: the guard then
        // cancels the search, which would otherwise run on to its limit holding a permit.
        let guard = CancelOnDrop(Some(job.cancel.clone()));
        let out = tokio::task::spawn_blocking(move || {
            let mut sink = Sink::silent(job.cancel.clone());
            run(job, &mut sink)
        })
        .await;
        guard.disarm();
        let out = out.map_err(|e| ApiError::internal(format!("internal error: {e}")))??;
        return Ok(Json(out).into_response());
    }
    let (tx, rx) = mpsc::channel(CHANNEL);
    let _ = tx.try_send(("job", json!({ "job": job.id, "token": job.token }).to_string()));
    tokio::task::spawn_blocking(move || {
        let mut sink = Sink { tx: Some(tx), cancel: job.cancel.clone(), detail, last_stats: None };
        match run(job, &mut sink) {
            Ok(report) => sink.send("report", &report),
            Err(e) => sink.send("error", &json!({ "error": e.message, "status": e.status.as_u16() })),
        }
    });
    let events =
        ReceiverStream::new(rx).map(|(name, data)| Ok::<_, Infallible>(SseEvent::default().event(name).data(data)));
    Ok(Sse::new(events).keep_alive(KeepAlive::default()).into_response())
}
