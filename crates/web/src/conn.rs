//! Serving connections: at most [`Config::max_connections`] open at once, each closed when it
//! sits idle too long ([`Config::idle_timeout`]) or sends a request head too slowly
//! ([`Config::header_timeout`]; a request's body has as long again after its head). At the
//! cap, a new connection closes the one that has been idle longest; when none is idle (every
//! one has a request in flight), the new one waits in the kernel's queue until one closes. So
//! idle sockets can neither exhaust the descriptors nor keep a new request (`/api/health`) out.

use crate::Config;
use axum::Router;
use axum::body::{Body, Bytes};
use hyper::body::{Frame, Incoming, SizeHint};
use hyper_util::rt::TokioIo;
use std::collections::HashMap;
use std::convert::Infallible;
use std::future::Future;
use std::io;
use std::pin::Pin;
use std::sync::{Arc, Mutex, MutexGuard};
use std::task::{Context, Poll};
use std::time::{Duration, Instant};
use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::{Notify, Semaphore};
use tower::ServiceExt;

/// What a connection is doing, as its reads and its requests tell.
#[derive(Clone, Copy, Debug)]
struct Wait {
    /// Requests whose answer is not yet sent in full.
    in_flight: usize,
    /// Since when the connection waits: accepted, its last answer sent, or the first byte of
    /// a request head received.
    since: Instant,
    /// Whether bytes of a request head arrived since the last answer.
    reading_head: bool,
    /// Whether a newer connection asked for its place.
    evicted: bool,
}

/// One open connection's [`Wait`], shared by its reader, its requests and the acceptor.
struct Activity {
    wait: Mutex<Wait>,
    /// Wakes the connection's task when its clock changes (a head begins, an answer is sent)
    /// or its place is asked for.
    changed: Notify,
}

impl Activity {
    fn new() -> Arc<Self> {
        let wait = Wait { in_flight: 0, since: Instant::now(), reading_head: false, evicted: false };
        Arc::new(Activity { wait: Mutex::new(wait), changed: Notify::new() })
    }

    fn lock(&self) -> MutexGuard<'_, Wait> {
        self.wait.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    /// Bytes arrived: when no request is in flight, the first of them start a request head's
    /// clock.
    fn read(&self) {
        let mut wait = self.lock();
        if wait.in_flight == 0 && !wait.reading_head {
            wait.reading_head = true;
            wait.since = Instant::now();
            drop(wait);
            self.changed.notify_one();
        }
    }

    /// A request's head is in: the connection is busy until its answer is sent.
    fn begin(self: &Arc<Self>) -> InFlight {
        let mut wait = self.lock();
        wait.in_flight += 1;
        wait.reading_head = false;
        InFlight(self.clone())
    }

    /// When the connection is to be closed if nothing changes: `None` while a request is in
    /// flight (the job's own limits bound it), else its idle or header deadline.
    fn deadline(&self, timeouts: &Timeouts) -> Option<Instant> {
        self.lock().deadline(timeouts)
    }

    /// Whether the connection should close now: idle and asked for its place, or past its
    /// deadline.
    fn should_close(&self, timeouts: &Timeouts) -> bool {
        let wait = *self.lock();
        (wait.evicted && wait.in_flight == 0) || wait.deadline(timeouts).is_some_and(|d| d <= Instant::now())
    }
}

impl Wait {
    fn deadline(&self, timeouts: &Timeouts) -> Option<Instant> {
        match (self.in_flight, self.reading_head) {
            (0, true) => Some(self.since + timeouts.header),
            (0, false) => Some(self.since + timeouts.idle),
            _ => None,
        }
    }
}

/// A request in flight on a connection; dropped when its answer's last byte is sent (or the
/// answer is abandoned).
struct InFlight(Arc<Activity>);

impl Drop for InFlight {
    fn drop(&mut self) {
        let mut wait = self.0.lock();
        wait.in_flight = wait.in_flight.saturating_sub(1);
        wait.since = Instant::now();
        wait.reading_head = false;
        drop(wait);
        self.0.changed.notify_one();
    }
}

/// An answer's body that holds its request's [`InFlight`] until it is sent: a stream of
/// events keeps its connection busy for as long as it runs.
struct Tracked {
    body: Body,
    _in_flight: InFlight,
}

impl hyper::body::Body for Tracked {
    type Data = Bytes;
    type Error = axum::Error;

    fn poll_frame(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<Option<Result<Frame<Bytes>, axum::Error>>> {
        Pin::new(&mut self.body).poll_frame(cx)
    }

    fn is_end_stream(&self) -> bool {
        self.body.is_end_stream()
    }

    fn size_hint(&self) -> SizeHint {
        self.body.size_hint()
    }
}

/// A request's body, which must arrive in full within the header clock of its head: a client
/// that trickles a body cannot hold its connection busy (it gets 400 when the clock runs out).
struct Timed {
    body: Incoming,
    deadline: Pin<Box<tokio::time::Sleep>>,
}

impl hyper::body::Body for Timed {
    type Data = Bytes;
    type Error = io::Error;

    fn poll_frame(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<Option<Result<Frame<Bytes>, io::Error>>> {
        match Pin::new(&mut self.body).poll_frame(cx) {
            Poll::Pending if self.deadline.as_mut().poll(cx).is_ready() => Poll::Ready(Some(Err(io::Error::new(
                io::ErrorKind::TimedOut,
                "the request body did not arrive in time",
            )))),
            Poll::Pending => Poll::Pending,
            Poll::Ready(frame) => Poll::Ready(frame.map(|f| f.map_err(io::Error::other))),
        }
    }

    fn is_end_stream(&self) -> bool {
        self.body.is_end_stream()
    }

    fn size_hint(&self) -> SizeHint {
        self.body.size_hint()
    }
}

/// A TCP stream that tells its [`Activity`] when bytes arrive.
struct Watched {
    stream: TcpStream,
    activity: Arc<Activity>,
}

impl AsyncRead for Watched {
    fn poll_read(self: Pin<&mut Self>, cx: &mut Context<'_>, buf: &mut ReadBuf<'_>) -> Poll<io::Result<()>> {
        let this = self.get_mut();
        let before = buf.filled().len();
        let poll = Pin::new(&mut this.stream).poll_read(cx, buf);
        if buf.filled().len() > before {
            this.activity.read();
        }
        poll
    }
}

impl AsyncWrite for Watched {
    fn poll_write(self: Pin<&mut Self>, cx: &mut Context<'_>, buf: &[u8]) -> Poll<io::Result<usize>> {
        Pin::new(&mut self.get_mut().stream).poll_write(cx, buf)
    }

    fn poll_write_vectored(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        bufs: &[io::IoSlice<'_>],
    ) -> Poll<io::Result<usize>> {
        Pin::new(&mut self.get_mut().stream).poll_write_vectored(cx, bufs)
    }

    fn is_write_vectored(&self) -> bool {
        self.stream.is_write_vectored()
    }

    fn poll_flush(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.get_mut().stream).poll_flush(cx)
    }

    fn poll_shutdown(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.get_mut().stream).poll_shutdown(cx)
    }
}

/// How long the acceptor waits for a place before it looks for an idle connection again.
const RETRY: Duration = Duration::from_millis(50);

/// The two clocks of a connection.
#[derive(Clone, Copy, Debug)]
struct Timeouts {
    idle: Duration,
    header: Duration,
}

/// The open connections, by number, for the acceptor to choose one to close.
type Open = Arc<Mutex<HashMap<u64, Arc<Activity>>>>;

/// Asks the connection idle longest to close, if one is idle.
fn evict_idlest(open: &Open) {
    let open = open.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
    let idlest = open
        .values()
        .filter_map(|a| {
            let wait = *a.lock();
            (wait.in_flight == 0 && !wait.evicted).then_some((wait.since, a))
        })
        .min_by_key(|(since, _)| *since);
    if let Some((_, activity)) = idlest {
        activity.lock().evicted = true;
        activity.changed.notify_one();
    }
}

/// Serves one connection with `router` until the client closes it, it times out, or it is
/// asked for its place while idle.
async fn serve_connection(stream: TcpStream, router: Router, activity: Arc<Activity>, timeouts: Timeouts) {
    let io = TokioIo::new(Watched { stream, activity: activity.clone() });
    let requests = activity.clone();
    let service = hyper::service::service_fn(move |request: hyper::Request<Incoming>| {
        let in_flight = requests.begin();
        let deadline = Box::pin(tokio::time::sleep(timeouts.header));
        let answer = router.clone().oneshot(request.map(|body| Body::new(Timed { body, deadline })));
        async move {
            let response = answer.await?;
            Ok::<_, Infallible>(response.map(|body| Tracked { body, _in_flight: in_flight }))
        }
    });
    // The clocks are this module's (idle and header apart), so hyper's own header timer is off.
    let connection = hyper::server::conn::http1::Builder::new().header_read_timeout(None).serve_connection(io, service);
    let mut connection = std::pin::pin!(connection);
    loop {
        let deadline = activity.deadline(&timeouts);
        let timer = async move {
            match deadline {
                Some(at) => tokio::time::sleep_until(at.into()).await,
                None => std::future::pending().await,
            }
        };
        tokio::select! {
            _ = connection.as_mut() => return,
            _ = activity.changed.notified() => {}
            _ = timer => {}
        }
        if activity.should_close(&timeouts) {
            return;
        }
    }
}

/// Accepts connections on `listener` and serves `router` on each, within `config`'s cap and
/// clocks, until the process ends.
pub(crate) async fn accept(listener: TcpListener, router: Router, config: &Config) -> io::Result<()> {
    let timeouts = Timeouts { idle: config.idle_timeout, header: config.header_timeout };
    let places = Arc::new(Semaphore::new(config.max_connections.max(1)));
    let open: Open = Arc::default();
    let mut number = 0u64;
    loop {
        let stream = match listener.accept().await {
            Ok((stream, _)) => stream,
            // A connection reset before it was accepted, or descriptors short for a moment:
            // the server goes on.
            Err(_) => {
                tokio::time::sleep(Duration::from_millis(20)).await;
                continue;
            }
        };
        let place = loop {
            if let Ok(place) = places.clone().try_acquire_owned() {
                break place;
            }
            // Full: the connection idle longest closes at once; when every one is busy, one
            // may turn idle meanwhile, so look again shortly.
            evict_idlest(&open);
            if let Ok(Ok(place)) = tokio::time::timeout(RETRY, places.clone().acquire_owned()).await {
                break place;
            }
        };
        number += 1;
        let activity = Activity::new();
        open.lock().unwrap_or_else(|poisoned| poisoned.into_inner()).insert(number, activity.clone());
        let (open, router, key) = (open.clone(), router.clone(), number);
        tokio::spawn(async move {
            serve_connection(stream, router, activity, timeouts).await;
            open.lock().unwrap_or_else(|poisoned| poisoned.into_inner()).remove(&key);
            drop(place);
        });
    }
}
