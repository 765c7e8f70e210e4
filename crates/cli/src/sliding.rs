//! `delve sliding`: sliding-tile puzzles. Whole-space enumeration with a depth histogram,
//! solving with any of the core's algorithms (IDA* by default; Manhattan, linear conflict or
//! additive pattern databases), depth lookups, the original study's sample analytics and its
//! pool-size estimates — each as text or `--json`, with plots where a picture helps.
//!
//! Thin: arguments become a validated configuration, `delve-sliding` and `delve-core` do the
//! work (and build the reports `--json` prints), this module renders.

mod analyze;
mod enumerate;
mod plot;
mod pool;
mod read;
mod solve;

use crate::common::{self, Progress, Status};
use analyze::AnalyzeArgs;
use anyhow::{Context, Result};
use clap::{Args, Subcommand};
use delve_core::{Bound, Control, Event, Live, Observer};
use delve_core::{human, input};
use delve_sliding::enumerate::{Enumeration, enumerate};
use delve_sliding::notation::{self, Notation};
use delve_sliding::{Dims, Error as SlidingError, Grid};
use enumerate::{EnumerateArgs, LookupArgs};
use pool::{PoolArgs, SamplesNeededArgs};
use solve::{PdbBuildArgs, SolveArgs};
use std::io::IsTerminal;
use std::path::Path;
use std::time::Duration;

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
    /// The original study's analytics on a CSV of observed puzzles (`puzzle_number,pattern`).
    Analyze(AnalyzeArgs),
    /// Estimate a hidden pattern pool from S samples that showed K distinct patterns.
    Pool(PoolArgs),
    /// How many samples make one unexpected extra pattern improbable: (P/(P+1))^n.
    SamplesNeeded(SamplesNeededArgs),
    /// Read boards from screenshots, frames or a video by tile templates (normalised
    /// cross-correlation), as `frame,puzzle_number,pattern` rows or the CSV `analyze` reads.
    Read(read::ReadArgs),
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
    let result = match args.command {
        SlidingCommand::Enumerate(a) => enumerate::run_enumerate(a),
        SlidingCommand::Solve(a) => solve::run_solve(a),
        SlidingCommand::Lookup(a) => enumerate::run_lookup(a),
        SlidingCommand::Analyze(a) => analyze::run_analyze(a),
        SlidingCommand::Pool(a) => pool::run_pool(a),
        SlidingCommand::SamplesNeeded(a) => pool::run_samples_needed(a),
        SlidingCommand::Pdb { command: PdbCommand::Build(a) } => solve::run_pdb_build(a),
        SlidingCommand::Read(a) => read::run_read(a),
    };
    // A long job stopped by Ctrl-C (or a limit) is not bad input: say what happened, exit 1.
    match result {
        Err(e) => match e.downcast_ref::<SlidingError>() {
            Some(SlidingError::Stopped { reason, stats }) => {
                eprintln!("stopped: {reason} (after {stats})");
                Ok(Status::NotSolved)
            }
            _ => Err(e),
        },
        ok => ok,
    }
}

// ---------------------------------------------------------------------------------------
// Shared helpers

fn board_arg(text: &str) -> Result<Dims, String> {
    Dims::parse(text).map_err(|e| e.to_string())
}

fn resolve_goal(goal: Option<&str>, board: Dims, notation: Notation) -> Result<Grid> {
    notation::resolve_goal(goal, board, notation).map_err(|e| anyhow::anyhow!("--goal: {e}"))
}

/// Bytes of memory the OS reports available (`MemAvailable`), or unlimited when unknown.
pub(crate) use delve_core::outcome::memory_available;

/// The progress display of every `delve sliding` job: [`common::Progress`], created at the
/// job's first event (so a pattern database built before a search has the terminal to
/// itself), plus, for enumerations, a line above the bar for each finished breadth-first
/// layer (its size is how far `expanded` grew until the next layer's iteration event).
struct Display {
    label: &'static str,
    progress: Option<Progress>,
    layers: bool,
    last_expanded: u64,
    /// The cost-bounded iteration under way: its bound, and the generated count and time
    /// when it began.
    iteration: Option<(String, u64, Duration)>,
}

impl Display {
    /// A display for searches and builds.
    fn new(label: &'static str) -> Self {
        Display { label, progress: None, layers: false, last_expanded: 0, iteration: None }
    }
    /// A display for enumerations, with a line per finished layer on a terminal.
    fn layers(label: &'static str) -> Self {
        Display { layers: std::io::stderr().is_terminal(), ..Display::new(label) }
    }
}

/// Iterations shorter than this get no line of their own.
const ITERATION_LINE: Duration = Duration::from_secs(1);

impl<S, C: std::fmt::Display> Observer<S, C> for Display {
    fn on_event(&mut self, event: &Event<'_, S, C>, live: &Live) -> Control {
        let progress = self.progress.get_or_insert_with(|| Progress::new(self.label));
        // A line for each finished IDA* iteration that took a while: its bound, the nodes it
        // generated and their rate.
        if let Event::Iteration { .. } | Event::Finish { .. } = event
            && let Some((bound, generated, began)) = self.iteration.take()
        {
            let (nodes, took) = (live.stats().generated - generated, live.elapsed().saturating_sub(began));
            if took >= ITERATION_LINE {
                progress.println(&format!(
                    "bound {bound}: {} generated in {:.1} s ({}/s)",
                    human::count(nodes as f64),
                    took.as_secs_f64(),
                    human::count(nodes as f64 / took.as_secs_f64())
                ));
            }
        }
        if let Event::Iteration { bound: Bound::Cost(c), .. } = event {
            self.iteration = Some((c.to_string(), live.stats().generated, live.elapsed()));
        }
        if let Event::Iteration { bound: Bound::Depth(depth), .. } = event
            && self.layers
        {
            let expanded = live.stats().expanded;
            if *depth > 0 {
                let states = expanded - self.last_expanded;
                let count = human::count(states as f64);
                progress.println(&format!("depth {:>3}: {count:>13} {}", depth - 1, common::plural(states, "state")));
            }
            self.last_expanded = expanded;
        }
        progress.on_event(event, live)
    }
}

/// Enumerates `goal`'s space with a progress bar, refusing boards that do not fit.
fn enumerate_space(goal: &Grid) -> Result<Enumeration, SlidingError> {
    enumerate(goal, memory_available(), &common::interruptible(), Display::layers("enumerating"))
}

/// One state per line; `#` starts a comment; returns `(line, text)` pairs.
fn read_states(path: &Path) -> Result<Vec<(usize, String)>> {
    let text = input::read_text(path).with_context(|| format!("reading {}", path.display()))?;
    Ok(text
        .lines()
        .enumerate()
        .map(|(i, l)| (i + 1, l.split('#').next().unwrap_or("").trim().to_string()))
        .filter(|(_, l)| !l.is_empty())
        .collect())
}

#[cfg(test)]
mod tests {
    use super::solve::start_and_goal;
    use super::*;
    use delve_sliding::replay;

    #[test]
    fn replayed_paths_reach_the_goal() {
        let (s, g, _) = start_and_goal("8734B9265", None, None).unwrap();
        let space = enumerate(&g, u64::MAX, &delve_core::Limits::none(), delve_core::NoObserver).unwrap();
        let p = space.path(&s).unwrap();
        assert_eq!(replay(&s, &p).unwrap().last(), Some(&g));
    }
}
