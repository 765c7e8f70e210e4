//! What every call shares: limits from keyword arguments, Ctrl-C, progress, errors raised by
//! Python callbacks, and reports handed to Python.
//!
//! A search that calls back into Python runs on the calling thread with the GIL released; each
//! callback takes it back only while it runs. Its observer, [`Watch`], checks Python's signals
//! and calls `on_progress` every few milliseconds, and stops the search as soon as a callback
//! has raised. A native search runs on a worker thread ([`run_native`]) while the calling
//! thread checks the signals and reports progress, so Ctrl-C is felt within milliseconds.

use delve_core::{Control, Event, Limits, Live, Observer, Stats};
use pyo3::exceptions::{PyKeyboardInterrupt, PyTypeError, PyValueError};
use pyo3::prelude::*;
use serde::Serialize;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Condvar, Mutex};
use std::time::{Duration, Instant};

/// How often progress is reported and signals are checked.
const TICK: Duration = Duration::from_millis(20);

/// The limits every call takes: `max_nodes` (expanded states), `timeout` (seconds) and
/// `max_memory` (MB, watched on the process's resident memory as well).
pub fn limits(max_nodes: Option<u64>, timeout: Option<f64>, max_memory: Option<f64>) -> PyResult<Limits> {
    let mut limits = Limits::none();
    if let Some(n) = max_nodes {
        limits = limits.max_expanded(n);
    }
    if let Some(secs) = timeout {
        if secs.is_nan() || secs <= 0.0 {
            return Err(PyValueError::new_err(format!("timeout must be a positive number of seconds, got {secs}")));
        }
        limits = limits.timeout_secs(secs).map_err(|e| PyValueError::new_err(e.to_string()))?;
    }
    if let Some(mb) = max_memory {
        if !(mb > 0.0 && mb.is_finite()) {
            return Err(PyValueError::new_err(format!("max_memory must be a positive number of MB, got {mb}")));
        }
        limits = limits.max_memory((mb * (1u64 << 20) as f64) as u64).watch_resident();
    }
    Ok(limits)
}

/// Any serialisable value (a `Report`, `Stats`) as Python objects, through its serde JSON: the
/// keys are exactly those of the CLI's `--json`.
pub fn to_py<T: Serialize>(py: Python<'_>, value: &T) -> PyResult<Py<PyAny>> {
    let json = serde_json::to_string(value).map_err(|e| PyValueError::new_err(e.to_string()))?;
    Ok(py.import("json")?.call_method1("loads", (json,))?.unbind())
}

/// The first error a Python callback raised; the search stops at the next event. Ctrl-C
/// (a `KeyboardInterrupt`, raised inside a callback or seen between callbacks) raises the
/// cancel flag instead, so the search stops as `cancelled`, as the CLI's does.
#[derive(Default)]
pub struct Failure {
    raised: AtomicBool,
    error: Mutex<Option<PyErr>>,
    cancel: Arc<AtomicBool>,
}

impl Failure {
    /// `limits` with this failure's cancel flag.
    pub fn limits(&self, limits: Limits) -> Limits {
        limits.cancel_flag(self.cancel.clone())
    }
    /// Records `error` unless one is recorded already; a `KeyboardInterrupt` cancels instead.
    pub fn set(&self, error: PyErr) {
        if Python::attach(|py| error.is_instance_of::<PyKeyboardInterrupt>(py)) {
            self.interrupt();
            return;
        }
        let mut slot = self.error.lock().unwrap_or_else(|e| e.into_inner());
        if slot.is_none() {
            *slot = Some(error);
        }
        self.raised.store(true, Ordering::Relaxed);
    }
    /// Ctrl-C: the search stops at its next check of the limits.
    pub fn interrupt(&self) {
        self.cancel.store(true, Ordering::Relaxed);
    }
    /// Whether a callback raised.
    pub fn raised(&self) -> bool {
        self.raised.load(Ordering::Relaxed)
    }
    /// After the search: `Err` with the error a callback raised, or `Ok(interrupted)`.
    pub fn finish(&self) -> PyResult<bool> {
        match self.error.lock().unwrap_or_else(|e| e.into_inner()).take() {
            Some(e) => Err(e),
            None => Ok(self.cancel.load(Ordering::Relaxed)),
        }
    }
    /// `value`, or its default after recording the error of a failed callback.
    pub fn or_record<T: Default>(&self, value: PyResult<T>) -> T {
        value.unwrap_or_else(|e| {
            self.set(e);
            T::default()
        })
    }
}

/// The observer of a search that calls back into Python: stops it when a callback raised or
/// Python has a pending signal (Ctrl-C), and calls `on_progress(stats)` every [`TICK`].
pub struct Watch<'a> {
    failure: &'a Failure,
    on_progress: Option<&'a Py<PyAny>>,
    next: Duration,
    events: u32,
}

impl<'a> Watch<'a> {
    /// A watch reporting callback errors into `failure`.
    pub fn new(failure: &'a Failure, on_progress: Option<&'a Py<PyAny>>) -> Self {
        Watch { failure, on_progress, next: TICK, events: 0 }
    }
}

impl<S, C> Observer<S, C> for Watch<'_> {
    fn on_event(&mut self, _: &Event<'_, S, C>, live: &Live) -> Control {
        if self.failure.raised() {
            return Control::Stop;
        }
        self.events = self.events.wrapping_add(1);
        if !self.events.is_multiple_of(64) || live.elapsed() < self.next {
            return Control::Continue;
        }
        self.next = live.elapsed() + TICK;
        Python::attach(|py| {
            if py.check_signals().is_err() {
                // The limits' clock stops the search, as `cancelled`.
                self.failure.interrupt();
                return Control::Continue;
            }
            if let Some(f) = self.on_progress {
                let call = to_py(py, live.stats()).and_then(|stats| f.call1(py, (stats,)));
                if let Err(e) = call {
                    self.failure.set(e);
                    return Control::Stop;
                }
            }
            Control::Continue
        })
    }
}

/// What a native search shares with the Python call that runs it: its live statistics, the
/// cancel flag Ctrl-C raises, the `on_progress` callback, and the first error that callback
/// raised.
#[derive(Clone)]
pub struct Shared(Arc<Watched>);

/// The inside of [`Shared`].
struct Watched {
    stats: Mutex<Option<Stats>>,
    cancel: Arc<AtomicBool>,
    on_progress: Option<Py<PyAny>>,
    failed: Mutex<Option<PyErr>>,
    /// The thread the Python call came from: only there can Python's signals be checked.
    caller: std::thread::ThreadId,
}

impl Shared {
    fn new(cancel: Arc<AtomicBool>, on_progress: Option<&Py<PyAny>>, py: Python<'_>) -> Self {
        Shared(Arc::new(Watched {
            stats: Mutex::new(None),
            cancel,
            on_progress: on_progress.map(|f| f.clone_ref(py)),
            failed: Mutex::new(None),
            caller: std::thread::current().id(),
        }))
    }

    /// With the GIL: checks Python's signals (Ctrl-C raises the cancel flag) and calls
    /// `on_progress` with `stats`.
    fn tick(&self, py: Python<'_>, stats: &Stats) {
        let watched = &self.0;
        if py.check_signals().is_err() {
            watched.cancel.store(true, Ordering::Relaxed);
        }
        let mut failed = watched.failed.lock().unwrap_or_else(|e| e.into_inner());
        if let (Some(f), None) = (&watched.on_progress, &*failed)
            && let Err(e) = to_py(py, stats).and_then(|s| f.call1(py, (s,)))
        {
            watched.cancel.store(true, Ordering::Relaxed);
            *failed = Some(e);
        }
    }

    /// After the search: whether Ctrl-C stopped it, or the error `on_progress` raised.
    fn finish(&self) -> PyResult<bool> {
        match self.0.failed.lock().unwrap_or_else(|e| e.into_inner()).take() {
            Some(e) => Err(e),
            None => Ok(self.0.cancel.load(Ordering::Relaxed)),
        }
    }
}

/// The observer a native search runs under. Every few milliseconds it publishes the
/// statistics; on the thread of the Python call it also takes the GIL, checks Python's
/// signals and reports progress.
pub struct Publish {
    shared: Shared,
    next: Duration,
    events: u32,
}

impl Publish {
    /// An observer reporting into `shared`.
    pub fn new(shared: &Shared) -> Self {
        Publish { shared: shared.clone(), next: TICK, events: 0 }
    }
}

impl<S, C> Observer<S, C> for Publish {
    fn on_event(&mut self, _: &Event<'_, S, C>, live: &Live) -> Control {
        self.events = self.events.wrapping_add(1);
        if self.events.is_multiple_of(256) && live.elapsed() >= self.next {
            self.next = live.elapsed() + TICK;
            let stats = *live.stats();
            *self.shared.0.stats.lock().unwrap_or_else(|e| e.into_inner()) = Some(stats);
            if std::thread::current().id() == self.shared.0.caller {
                Python::attach(|py| self.shared.tick(py, &stats));
            }
        }
        Control::Continue
    }
}

/// Runs a native search on the calling thread with the GIL released. `work` gets the limits
/// (with a cancel flag that Ctrl-C raises) and what to build its [`Publish`] observer from,
/// which checks Ctrl-C and reports progress as the search runs. Returns its value and
/// whether Ctrl-C stopped it. For work that runs its searches on other threads, use
/// [`run_native_threaded`].
pub fn run_native<T, F>(py: Python<'_>, limits: Limits, on_progress: Option<&Py<PyAny>>, work: F) -> PyResult<(T, bool)>
where
    T: Send,
    F: FnOnce(&Limits, &Shared) -> T + Send,
{
    let cancel = Arc::new(AtomicBool::new(false));
    let limits = limits.cancel_flag(cancel.clone());
    let shared = Shared::new(cancel, on_progress, py);
    let value = {
        let (limits, shared) = (&limits, &shared);
        py.detach(move || work(limits, shared))
    };
    Ok((value, shared.finish()?))
}

/// [`run_native`] for work that runs on other threads (a batch, a parallel solver): the work
/// runs on a worker thread while the calling thread checks Ctrl-C and reports progress every
/// few milliseconds. Starting the thread costs a little, so small single searches use
/// [`run_native`].
pub fn run_native_threaded<T, F>(
    py: Python<'_>,
    limits: Limits,
    on_progress: Option<&Py<PyAny>>,
    work: F,
) -> PyResult<(T, bool)>
where
    T: Send,
    F: FnOnce(&Limits, &Shared) -> T + Send,
{
    let cancel = Arc::new(AtomicBool::new(false));
    let limits = limits.cancel_flag(cancel.clone());
    let shared = Shared::new(cancel, on_progress, py);
    let started = Instant::now();
    let done = (Mutex::new(false), Condvar::new());
    let value = std::thread::scope(|scope| {
        let worker = {
            let (limits, shared, done) = (&limits, &shared, &done);
            scope.spawn(move || {
                let value = work(limits, shared);
                *done.0.lock().unwrap_or_else(|e| e.into_inner()) = true;
                done.1.notify_all();
                value
            })
        };
        loop {
            let over = py.detach(|| {
                let finished = done.0.lock().unwrap_or_else(|e| e.into_inner());
                let (finished, _) =
                    done.1.wait_timeout_while(finished, TICK, |f| !*f).unwrap_or_else(|e| e.into_inner());
                *finished
            });
            if over {
                break;
            }
            let stats = *shared.0.stats.lock().unwrap_or_else(|e| e.into_inner());
            shared.tick(py, &stats.unwrap_or(Stats { elapsed: started.elapsed(), ..Stats::default() }));
        }
        py.detach(|| worker.join()).map_err(|_| PyValueError::new_err("the search failed"))
    })?;
    Ok((value, shared.finish()?))
}

/// A `TypeError` saying what a value should have been.
pub fn type_error(what: &str, got: &Bound<'_, PyAny>) -> PyErr {
    let kind = got.get_type().name().map(|n| n.to_string()).unwrap_or_else(|_| "?".to_string());
    PyTypeError::new_err(format!("{what}, got {kind}"))
}

/// A domain's parse error as `delve.ParseError` (a `ValueError` with `.line` and `.column`).
pub fn parse_error<K: std::fmt::Display>(py: Python<'_>, e: &delve_core::ParseError<K>) -> PyErr {
    raise_parse_error(py, e.to_string(), Some((e.line, e.column)))
}

/// `delve.ParseError(message, line, column)`; a plain `ValueError` should the package's
/// Python side be missing.
pub fn raise_parse_error(py: Python<'_>, message: String, at: Option<(usize, usize)>) -> PyErr {
    let (line, column) = at.unzip();
    match py.import("delve._errors").and_then(|m| m.getattr("ParseError")) {
        Ok(class) => match class.call1((message.clone(), line, column)) {
            Ok(error) => PyErr::from_value(error),
            Err(e) => e,
        },
        Err(_) => PyValueError::new_err(message),
    }
}

/// An algorithm by name, with the weight and depth limit the caller gave.
pub fn algorithm(name: &str, weight: Option<f64>, depth_limit: Option<usize>) -> PyResult<delve_core::Algorithm> {
    let bad = |e: delve_core::BadParameter| PyValueError::new_err(e.to_string());
    let mut algorithm: delve_core::Algorithm =
        name.parse().map_err(|e: delve_core::UnknownAlgorithm| PyValueError::new_err(e.to_string()))?;
    if let Some(w) = weight {
        algorithm = algorithm.with_weight(w).map_err(bad)?;
    }
    if let Some(d) = depth_limit {
        algorithm = algorithm.with_depth_limit(d).map_err(bad)?;
    }
    Ok(algorithm)
}

/// `delve.ParseError(message, line, column)` when only part of the place is known (a line
/// without a column, say).
pub fn parse_error_at(py: Python<'_>, message: String, line: Option<usize>, column: Option<usize>) -> PyErr {
    match py.import("delve._errors").and_then(|m| m.getattr("ParseError")) {
        Ok(class) => match class.call1((message.clone(), line, column)) {
            Ok(error) => PyErr::from_value(error),
            Err(e) => e,
        },
        Err(_) => PyValueError::new_err(message),
    }
}
