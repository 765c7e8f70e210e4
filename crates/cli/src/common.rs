//! Conventions every subcommand shares: the limit and output flags, the parser of names, exit
//! status, report printing, and the one progress display (an [`Observer`] of the core's
//! events).

use clap::Args;
use delve_core::{Control, Event, Limits, Live, Observer, Report, Stats, StopReason};
use indicatif::{ProgressBar, ProgressStyle};
use serde::Serialize;
use std::io::IsTerminal;
use std::sync::Arc;
use std::sync::OnceLock;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

/// How a successful run ended, mapped to the process exit code.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Status {
    /// A solution was found / the job completed: exit 0.
    Done,
    /// No solution exists or a limit stopped the search: exit 1.
    NotSolved,
}

impl Status {
    /// `Done` when `solved`, else `NotSolved`.
    pub fn from_solved(solved: bool) -> Self {
        if solved { Status::Done } else { Status::NotSolved }
    }
}

/// Who moves first in a game against the engine (`delve connect4 play`, `delve tictactoe play`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum First {
    /// The person at the terminal.
    Human,
    /// The engine.
    Ai,
}

/// `word` as it goes after the number `n`: `1 state`, `2 states` (regular plurals only).
pub fn plural(n: u64, word: &str) -> String {
    if n == 1 { word.to_string() } else { format!("{word}s") }
}

/// The longest line of an error message shown; the rest is counted, not printed.
const MAX_ERROR_LINE: usize = 400;

/// An error message made safe for a terminal: control characters (an escape sequence in a
/// level file, a carriage return) are shown escaped, never acted on, and a line longer than
/// [`MAX_ERROR_LINE`] characters (a huge line quoted from the input) is cut, saying how much
/// was left out.
pub fn for_terminal(message: &str) -> String {
    let lines: Vec<String> = message
        .split('\n')
        .map(|line| {
            let mut out = String::new();
            let mut shown = 0;
            let mut chars = line.chars();
            for c in chars.by_ref() {
                if c.is_control() {
                    out.extend(c.escape_default());
                } else {
                    out.push(c);
                }
                shown += 1;
                if shown == MAX_ERROR_LINE {
                    break;
                }
            }
            let rest = chars.count();
            if rest > 0 {
                out.push_str(&format!("… ({rest} more characters)"));
            }
            out
        })
        .collect();
    lines.join("\n")
}

/// Prints `error: MESSAGE` on stderr, made safe for a terminal ([`for_terminal`]).
pub fn print_error(message: impl std::fmt::Display) {
    eprintln!("error: {}", for_terminal(&message.to_string()));
}

/// How a bench ends: an error (exit 2) when some of its inputs were bad input (each reported
/// already; the others ran), else 0 when every one was solved and 1 when one was not (no
/// solution, or a limit), as for a single solve.
pub fn bench_status(
    source: &std::path::Path,
    bad: usize,
    noun: &str,
    solved: usize,
    total: usize,
) -> anyhow::Result<Status> {
    if bad > 0 {
        anyhow::bail!(
            "{}: {bad} {} could not be solved (above); the others ran",
            source.display(),
            plural(bad as u64, noun)
        );
    }
    Ok(Status::from_solved(solved == total))
}

/// The one time flag: `--timeout` in seconds (once also spelt `--timeout-per-level` and
/// `--think`, still accepted). For the commands whose only limit is time.
#[derive(Args, Debug, Clone, Default)]
pub struct TimeArgs {
    /// Stop a search after this many seconds (fractions allowed; a value too large to matter,
    /// or `inf`, means no limit).
    #[arg(long, value_name = "SECS", value_parser = parse_secs, alias = "timeout-per-level")]
    pub timeout: Option<f64>,
}

impl TimeArgs {
    /// The time limit asked for, with the shared Ctrl-C flag.
    pub fn limits(&self) -> Limits {
        let limits = interruptible();
        match self.timeout {
            // `parse_secs` only lets positive numbers through, which `timeout_secs` accepts;
            // keep the limits unchanged should that ever not hold.
            Some(secs) => limits.clone().timeout_secs(secs).unwrap_or(limits),
            None => limits,
        }
    }
}

/// The limit flags, one group for every command that takes limits. In a bench (or a batch)
/// they hold for each level or position on its own.
#[derive(Args, Debug, Clone, Default)]
pub struct LimitArgs {
    /// Stop a search after expanding this many nodes.
    #[arg(long, value_name = "N")]
    pub max_nodes: Option<u64>,
    #[command(flatten)]
    pub time: TimeArgs,
    /// Stop a search once it has taken this many more megabytes of memory.
    #[arg(long, value_name = "MB")]
    pub max_memory: Option<u64>,
}

/// The output flags, one group for every command that prints a report.
#[derive(Args, Debug, Clone, Default)]
pub struct OutputArgs {
    /// Print one JSON object instead of human-readable text: the keys every report has
    /// (`algorithm`, `solved`, `outcome`, `stop_reason`, `stats`) and the command's own.
    #[arg(long)]
    pub json: bool,
}

/// Parses a name with its type's [`FromStr`](std::str::FromStr), whose error lists the names
/// it accepts (`--algo`, `--heuristic`, `--mode`): the one parser of names for every command.
pub fn parse_name<T>(s: &str) -> Result<T, String>
where
    T: std::str::FromStr,
    T::Err: std::fmt::Display,
{
    s.parse::<T>().map_err(|e| e.to_string())
}

/// Parses `--timeout`: a positive number of seconds (`inf` allowed).
pub fn parse_secs(s: &str) -> Result<f64, String> {
    match s.trim().parse::<f64>() {
        Ok(v) if v > 0.0 => Ok(v),
        _ => Err(format!("expected a positive number of seconds, got `{s}`")),
    }
}

impl LimitArgs {
    /// The limits these flags ask for, including the shared Ctrl-C flag. The time limit is
    /// relative: each search run with these limits gets the whole of it.
    pub fn limits(&self) -> Limits {
        let mut limits = self.time.limits();
        if let Some(n) = self.max_nodes {
            limits = limits.max_expanded(n);
        }
        if let Some(mb) = self.max_memory {
            // One search at a time: the process's own growth is the search's.
            limits = limits.max_memory(mb.saturating_mul(1 << 20)).watch_resident();
        }
        limits
    }
}

/// The timely dataflow flags of the commands that run past one machine. Without any of
/// them a command runs its single-machine code; with one, it runs as a dataflow.
#[derive(Args, Debug, Clone, Default)]
#[command(next_help_heading = "Cluster (timely dataflow)")]
pub struct ClusterArgs {
    /// Run as a dataflow with W worker threads per process (timely's -w) [default: 1]
    #[arg(long, value_name = "W", value_parser = clap::value_parser!(u64).range(1..=1024))]
    pub workers: Option<u64>,
    /// Run as a dataflow over N processes (timely's -n) [default: 1, or one per hostfile
    /// line]. Start each with the same command and its own --process.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..=4096))]
    pub processes: Option<u64>,
    /// This process's index, 0 to N-1 (timely's -p); process 0 prints the result
    /// [default: 0]
    #[arg(long, value_name = "I")]
    pub process: Option<u64>,
    /// One host:port a line, in process order (timely's -h) [default: 127.0.0.1, ports
    /// 2101, 2102, …]
    #[arg(long, value_name = "FILE")]
    pub hostfile: Option<std::path::PathBuf>,
    /// Seconds to wait for the other processes to start
    #[arg(long, value_name = "SECS", default_value_t = delve_dist::cluster::CONNECT_TIMEOUT.as_secs(), value_parser = clap::value_parser!(u64).range(1..=86_400))]
    pub connect_timeout: u64,
}

impl ClusterArgs {
    /// The cluster the flags describe, or `None` when none was given (the single-machine
    /// path).
    pub fn cluster(&self) -> anyhow::Result<Option<delve_dist::Cluster>> {
        if self.workers.is_none() && self.processes.is_none() && self.process.is_none() && self.hostfile.is_none() {
            return Ok(None);
        }
        let hosts = match &self.hostfile {
            Some(path) => delve_dist::cluster::read_hostfile(path)?,
            None => Vec::new(),
        };
        let processes = self.processes.map_or(hosts.len().max(1), |n| n as usize);
        let cluster = delve_dist::Cluster {
            workers: self.workers.unwrap_or(1) as usize,
            processes,
            process: self.process.map_or(0, |p| usize::try_from(p).unwrap_or(usize::MAX)),
            hosts,
            connect_timeout: Duration::from_secs(self.connect_timeout),
        };
        cluster.check()?;
        Ok(Some(cluster))
    }
}

/// Limits with only the Ctrl-C flag: for jobs without their own limit flags.
pub fn interruptible() -> Limits {
    Limits::none().cancel_flag(cancel_flag())
}

/// A process-wide flag raised by Ctrl-C, so a long search stops cleanly and reports.
pub fn cancel_flag() -> Arc<AtomicBool> {
    static FLAG: OnceLock<Arc<AtomicBool>> = OnceLock::new();
    FLAG.get_or_init(|| {
        let flag = Arc::new(AtomicBool::new(false));
        let handler_flag = flag.clone();
        // If a handler cannot be installed (already set), Ctrl-C simply kills the process.
        let _ = ctrlc::set_handler(move || handler_flag.store(true, std::sync::atomic::Ordering::Relaxed));
        flag
    })
    .clone()
}

/// Prints the `--json` report of a job that is not one search (a count, an estimate, a
/// reading of frames): the keys every report has, `algorithm` naming the job and `outcome`
/// `complete` (or `stopped`, with the reason), and the job's own keys beside them.
pub fn print_job_report<D: Serialize>(job: &str, stop: Option<StopReason>, stats: Stats, detail: D) {
    print_json(&Report::job(job, stop, stats, detail));
}

/// Runs `f` on the value behind `lock`, a display the jobs of a bench share (a poisoned lock
/// still holds a usable display).
pub fn with<T>(lock: &std::sync::Mutex<T>, f: impl FnOnce(&mut T)) {
    f(&mut lock.lock().unwrap_or_else(std::sync::PoisonError::into_inner));
}

/// Prints a serialisable value (a report) as one line of JSON.
pub fn print_json<T: Serialize>(value: &T) {
    match serde_json::to_string(value) {
        Ok(line) => println!("{line}"),
        // Reports hold plain data (strings, numbers, maps with string keys): this cannot fail.
        Err(err) => eprintln!("error: could not serialise the report: {err}"),
    }
}

/// The one progress display: a spinner with node counts for searches, a bar with an
/// estimate for bulk work (`Event::Progress`), on stderr and only when stderr is a terminal
/// (pipes and CI logs stay clean). Every subcommand's long job reports through it.
pub struct Progress {
    bar: Option<ProgressBar>,
    /// The phase the bar currently shows.
    phase: String,
    /// Whether the bar is in "done of total" mode.
    counted: bool,
}

impl Progress {
    /// A display labelled `what`, or nothing when stderr is not a terminal.
    pub fn new(what: &str) -> Self {
        let bar = std::io::stderr().is_terminal().then(|| {
            let bar = ProgressBar::new_spinner();
            bar.set_style(spinner_style());
            bar.set_prefix(what.to_string());
            bar.enable_steady_tick(Duration::from_millis(120));
            bar
        });
        Progress { bar, phase: String::new(), counted: false }
    }

    /// Prints a line above the bar (or on stderr when there is no bar).
    pub fn println(&self, line: &str) {
        match &self.bar {
            Some(bar) => bar.println(line),
            None => eprintln!("{line}"),
        }
    }

    /// Shows bulk progress: `done` of `total` units in `phase`.
    pub fn show(&mut self, phase: &str, done: u64, total: Option<u64>) {
        let Some(bar) = &self.bar else { return };
        match total {
            Some(total) => {
                if !self.counted {
                    bar.set_style(bar_style());
                    self.counted = true;
                }
                bar.set_length(total);
                bar.set_position(done);
            }
            None => bar.set_message(format!("{done}")),
        }
        if phase != self.phase {
            self.phase = phase.to_string();
            bar.set_message(phase.to_string());
        }
    }
}

fn spinner_style() -> ProgressStyle {
    ProgressStyle::with_template("{spinner} {prefix} {msg} [{elapsed}]")
        .unwrap_or_else(|_| ProgressStyle::default_spinner())
}

fn bar_style() -> ProgressStyle {
    ProgressStyle::with_template("{prefix} {msg} [{bar:30}] {pos}/{len} [{elapsed} / ~{eta}]")
        .map(|s| s.progress_chars("=> "))
        .unwrap_or_else(|_| ProgressStyle::default_bar())
}

impl Drop for Progress {
    fn drop(&mut self) {
        if let Some(bar) = &self.bar {
            bar.finish_and_clear();
        }
    }
}

impl<S, C> Observer<S, C> for Progress {
    fn on_event(&mut self, event: &Event<'_, S, C>, live: &Live) -> Control {
        if self.bar.is_none() {
            return Control::Continue;
        }
        match event {
            Event::Expand(_) if live.stats().expanded.is_multiple_of(65_536) => {
                let stats = live.stats();
                if let Some(bar) = &self.bar {
                    bar.set_message(format!("{} expanded, {} generated", stats.expanded, stats.generated));
                }
            }
            Event::Progress { phase, done, total } => self.show(phase, *done, *total),
            _ => {}
        }
        Control::Continue
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn error_messages_are_safe_for_a_terminal() {
        assert_eq!(for_terminal("a.xsb:2:4: unknown character `\u{1b}`"), "a.xsb:2:4: unknown character `\\u{1b}`");
        assert_eq!(for_terminal("one\ntwo\r"), "one\ntwo\\r");
        let long = for_terminal(&"x".repeat(MAX_ERROR_LINE + 10));
        assert_eq!(long, format!("{}… (10 more characters)", "x".repeat(MAX_ERROR_LINE)));
        assert_eq!(for_terminal(&"y".repeat(MAX_ERROR_LINE)), "y".repeat(MAX_ERROR_LINE));
    }

    #[test]
    fn plurals_follow_the_number() {
        assert_eq!([plural(0, "state"), plural(1, "state"), plural(2, "state")], ["states", "state", "states"]);
    }

    #[test]
    fn timeouts_parse_and_never_panic() {
        for s in ["0.5", "1e19", "1e308", "18446744073709551616", "inf"] {
            let secs = parse_secs(s).unwrap();
            let args = TimeArgs { timeout: Some(secs) };
            assert!(args.limits().clock().check().is_ok(), "{s}");
        }
        for s in ["0", "-1", "nan", "soon", ""] {
            assert!(parse_secs(s).is_err(), "{s}");
        }
    }
}
