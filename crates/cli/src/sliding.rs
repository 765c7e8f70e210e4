//! `delve sliding`: sliding-tile puzzles. Whole-space enumeration with a depth histogram,
//! optimal solving (A*, IDA*, BFS, UCS, iterative lengthening; Manhattan, linear conflict or
//! additive pattern databases), depth lookups, the reference's sample analytics and its
//! pool-size estimates — each as text or `--json`, with plots where a picture helps.
//!
//! Thin: arguments become a validated configuration, `delve-sliding` and `delve-core` do the
//! work, this module renders.

mod analyze;
mod enumerate;
mod plot;
mod pool;
mod solve;

use crate::common::{self, Status};
use analyze::AnalyzeArgs;
use anyhow::{Context, Result};
use clap::{Args, Subcommand};
use delve_core::Limits;
use delve_sliding::enumerate::{Enumeration, LayerProgress, enumerate};
use delve_sliding::error::human_count;
use delve_sliding::notation::{Notation, default_goal, parse_state};
use delve_sliding::{Board, Grid};
use enumerate::{EnumerateArgs, LookupArgs};
use indicatif::{ProgressBar, ProgressStyle};
use pool::{PoolArgs, SamplesNeededArgs};
use solve::{PdbBuildArgs, SolveArgs};
use std::io::IsTerminal;
use std::path::Path;

/// Arguments of `delve sliding`.
#[derive(Args, Debug)]
pub struct SlidingArgs {
    #[command(subcommand)]
    command: SlidingCommand,
}

#[derive(Subcommand, Debug)]
enum SlidingCommand {
    /// Enumerate every state of an MxN board by breadth-first search from the goal: count,
    /// hardest depth, average depth, states per depth (and a histogram plot).
    Enumerate(EnumerateArgs),
    /// Solve a state optimally: the minimum number of moves and one shortest path.
    Solve(SolveArgs),
    /// Minimum moves for many states of one board, from one enumeration.
    Lookup(LookupArgs),
    /// The reference's analytics on a CSV of observed puzzles (`puzzle_number,pattern`).
    Analyze(AnalyzeArgs),
    /// Estimate a hidden pattern pool from S samples that showed K distinct patterns.
    Pool(PoolArgs),
    /// How many samples make one unexpected extra pattern improbable: (P/(P+1))^n.
    SamplesNeeded(SamplesNeededArgs),
    /// Pattern databases for the `pdb` heuristic.
    Pdb {
        #[command(subcommand)]
        command: PdbCommand,
    },
}

#[derive(Subcommand, Debug)]
enum PdbCommand {
    /// Build (or rebuild) the additive pattern database of a board and cache it on disk.
    Build(PdbBuildArgs),
}

/// Runs `delve sliding …`.
pub fn run(args: SlidingArgs) -> Result<Status> {
    match args.command {
        SlidingCommand::Enumerate(a) => enumerate::run_enumerate(a),
        SlidingCommand::Solve(a) => solve::run_solve(a),
        SlidingCommand::Lookup(a) => enumerate::run_lookup(a),
        SlidingCommand::Analyze(a) => analyze::run_analyze(a),
        SlidingCommand::Pool(a) => pool::run_pool(a),
        SlidingCommand::SamplesNeeded(a) => pool::run_samples_needed(a),
        SlidingCommand::Pdb { command: PdbCommand::Build(a) } => solve::run_pdb_build(a),
    }
}

// ---------------------------------------------------------------------------------------
// Shared helpers

fn board_arg(text: &str) -> Result<Board, String> {
    Board::parse(text).map_err(|e| e.to_string())
}

fn resolve_goal(goal: Option<&str>, board: Board, notation: Notation) -> Result<Grid> {
    Ok(match goal {
        Some(g) => parse_state(g, Some(board)).map_err(|e| anyhow::anyhow!("--goal: {e}"))?.0,
        None => default_goal(board, notation),
    })
}

/// Bytes of memory the OS reports available (`MemAvailable`), or unlimited when unknown.
fn memory_available() -> u64 {
    std::fs::read_to_string("/proc/meminfo")
        .ok()
        .and_then(|m| {
            m.lines()
                .find(|l| l.starts_with("MemAvailable:"))
                .and_then(|l| l.split_whitespace().nth(1).and_then(|kb| kb.parse::<u64>().ok()).map(|kb| kb * 1024))
        })
        .unwrap_or(u64::MAX)
}

fn interruptible() -> Limits {
    Limits::none().cancel_flag(common::cancel_flag())
}

/// A progress bar on stderr, only when stderr is a terminal.
fn bar() -> Option<ProgressBar> {
    std::io::stderr().is_terminal().then(|| {
        let bar = ProgressBar::new(1);
        bar.set_style(
            ProgressStyle::with_template("{msg:>24} [{bar:40}] {percent:>3}% {elapsed}")
                .expect("valid template")
                .progress_chars("=> "),
        );
        bar
    })
}

/// Progress of an enumeration: one bar per depth, and a line per finished depth.
struct LayerBar(Option<ProgressBar>);

impl LayerProgress for LayerBar {
    fn layer_start(&self, depth: u32, words: u64) {
        if let Some(b) = &self.0 {
            b.set_length(words);
            b.set_position(0);
            b.set_message(format!("depth {depth}"));
        }
    }
    fn advance(&self, words: u64) {
        if let Some(b) = &self.0 {
            b.inc(words);
        }
    }
    fn layer_done(&self, depth: u32, states: u64) {
        if let Some(b) = &self.0
            && states > 0
        {
            b.println(format!("depth {depth:>3}: {:>13} states", human_count(states as f64)));
        }
    }
}

impl Drop for LayerBar {
    fn drop(&mut self) {
        if let Some(b) = &self.0 {
            b.finish_and_clear();
        }
    }
}

/// Enumerates `goal`'s space with a progress bar, refusing boards that do not fit.
fn enumerate_space(goal: &Grid) -> Result<Enumeration> {
    let progress = LayerBar(bar());
    Ok(enumerate(goal, memory_available(), &interruptible(), &progress)?)
}

/// One state per line; `#` starts a comment; returns `(line, text)` pairs.
fn read_states(path: &Path) -> Result<Vec<(usize, String)>> {
    let text = std::fs::read_to_string(path).with_context(|| format!("reading {}", path.display()))?;
    Ok(text
        .lines()
        .enumerate()
        .map(|(i, l)| (i + 1, l.split('#').next().unwrap_or("").trim().trim_start_matches('\u{feff}').to_string()))
        .filter(|(_, l)| !l.is_empty())
        .collect())
}

#[cfg(test)]
mod tests {
    use super::solve::start_and_goal;
    use super::*;
    use delve_sliding::replay;

    #[test]
    fn meminfo_is_read() {
        assert!(memory_available() > 0);
    }

    #[test]
    fn replayed_paths_reach_the_goal() {
        let (s, g, _) = start_and_goal("8734B9265", None, None).unwrap();
        let space = enumerate(&g, u64::MAX, &Limits::none(), &LayerBar(None)).unwrap();
        let p = space.path(&s).unwrap();
        assert_eq!(replay(&s, &p).unwrap().last(), Some(&g));
    }
}
