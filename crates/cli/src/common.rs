//! Conventions every subcommand shares: limits flags, exit status, JSON stats, progress.

use clap::Args;
use delve_core::{Limits, Observer, Stats};
use indicatif::{ProgressBar, ProgressStyle};
use serde_json::{Value, json};
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

/// Flags every search subcommand takes.
#[derive(Args, Debug, Clone, Default)]
pub struct SearchArgs {
    /// Stop after expanding this many nodes.
    #[arg(long, value_name = "N")]
    pub max_nodes: Option<u64>,
    /// Stop after this many seconds (fractions allowed).
    #[arg(long, value_name = "SECS", value_parser = parse_secs)]
    pub timeout: Option<f64>,
    /// Print one JSON object instead of human-readable text.
    #[arg(long)]
    pub json: bool,
}

fn parse_secs(s: &str) -> Result<f64, String> {
    match s.parse::<f64>() {
        Ok(v) if v.is_finite() && v > 0.0 => Ok(v),
        _ => Err(format!("expected a positive number of seconds, got `{s}`")),
    }
}

impl SearchArgs {
    /// The limits these flags ask for, including the shared Ctrl-C flag.
    pub fn limits(&self) -> Limits {
        let mut limits = Limits::none().cancel_flag(cancel_flag());
        if let Some(n) = self.max_nodes {
            limits = limits.max_expanded(n);
        }
        if let Some(secs) = self.timeout {
            limits = limits.timeout(Duration::from_secs_f64(secs));
        }
        limits
    }
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

/// The `stats` object of the JSON output.
pub fn stats_json(stats: &Stats) -> Value {
    json!({
        "generated": stats.generated,
        "expanded": stats.expanded,
        "max_frontier": stats.max_frontier,
        "iterations": stats.iterations,
        "elapsed_ms": stats.elapsed.as_secs_f64() * 1000.0,
    })
}

/// One human-readable stats line.
pub fn stats_line(stats: &Stats) -> String {
    format!(
        "expanded {}, generated {}, max frontier {}, iterations {}, {:.3} ms",
        stats.expanded,
        stats.generated,
        stats.max_frontier,
        stats.iterations,
        stats.elapsed.as_secs_f64() * 1000.0
    )
}

/// Prints a JSON value on one line.
pub fn print_json(value: &Value) {
    println!("{value}");
}

/// A search observer that shows a spinner with node counts on stderr, only when stderr is
/// a terminal (so pipes and CI logs stay clean).
pub struct Progress {
    bar: Option<ProgressBar>,
}

impl Progress {
    /// A spinner labelled `what`, or nothing when stderr is not a terminal.
    pub fn new(what: &str) -> Self {
        let bar = std::io::stderr().is_terminal().then(|| {
            let bar = ProgressBar::new_spinner();
            bar.set_style(
                ProgressStyle::with_template("{spinner} {prefix} {msg} [{elapsed}]").expect("valid template"),
            );
            bar.set_prefix(what.to_string());
            bar.enable_steady_tick(Duration::from_millis(120));
            bar
        });
        Progress { bar }
    }
}

impl Drop for Progress {
    fn drop(&mut self) {
        if let Some(bar) = &self.bar {
            bar.finish_and_clear();
        }
    }
}

impl<S, C> Observer<S, C> for Progress {
    fn expanded(&mut self, _state: &S, stats: &Stats) {
        if let Some(bar) = &self.bar
            && stats.expanded.is_multiple_of(65_536)
        {
            bar.set_message(format!("{} expanded, {} generated", stats.expanded, stats.generated));
        }
    }
}
