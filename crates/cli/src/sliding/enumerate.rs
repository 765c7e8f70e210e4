//! `delve sliding enumerate` and `delve sliding lookup`: whole-space enumeration, its
//! per-state table (`--save`), and depth lookups (from an enumeration or a saved table).

use super::{Display, board_arg, enumerate_space, memory_available, plot, read_states, resolve_goal};
use crate::common::{self, ClusterArgs, Status};
use anyhow::{Context, Result, bail};
use clap::Args;
use delve_core::{Stats, human};
use delve_sliding::enumerate::{Enumeration, EnumerationReport, counts_report, stopped_report};
use delve_sliding::notation::{Notation, enumeration_goal, format_state, parse_state};
use delve_sliding::solve::unsolvable_hint;
use delve_sliding::table::{self, DepthTable, TableFormat};
use delve_sliding::{Dims, Error as SlidingError, Grid, move_string};
use std::path::{Path, PathBuf};
use std::time::Instant;

/// Prints the report of a stopped enumeration: as JSON when `json`, else one line.
fn print_stopped(report: &EnumerationReport, json: bool) {
    if json {
        common::print_json(report);
    } else {
        println!("{} board: enumeration {} after {}", report.detail.board, report.status(), report.stats);
    }
}

/// Enumerates `goal`'s space; a stop (Ctrl-C) is reported (as the `--json` report when
/// `json`) and gives `Err(status)`.
fn enumerate_or_report(goal: &Grid, notation: Notation, json: bool) -> Result<Result<Enumeration, Status>> {
    match enumerate_space(goal) {
        Ok(space) => Ok(Ok(space)),
        Err(SlidingError::Stopped { reason, stats }) => {
            print_stopped(&stopped_report(goal, notation, reason, stats), json);
            Ok(Err(Status::NotSolved))
        }
        Err(e) => Err(e.into()),
    }
}

/// Enumerates `goal`'s space as a dataflow on `cluster`: the report on process 0, `None` on
/// the others; a stop (Ctrl-C, or a process that went away) is reported as on one machine.
fn distributed(
    cluster: &delve_dist::Cluster,
    goal: &Grid,
    notation: Notation,
    json: bool,
) -> Result<Result<Option<EnumerationReport>, Status>> {
    let limits = common::interruptible();
    match delve_dist::enumerate::enumerate(cluster, goal, memory_available(), &limits, Display::layers("enumerating")) {
        Ok(counts) => Ok(Ok(
            counts.map(|c| counts_report(goal, notation, c.per_depth, c.stats, delve_dist::enumerate::ALGORITHM))
        )),
        Err(delve_dist::Error::Stopped { reason, stats }) if cluster.is_leader() => {
            let mut report = stopped_report(goal, notation, reason, stats);
            report.algorithm = delve_dist::enumerate::ALGORITHM.into();
            print_stopped(&report, json);
            Ok(Err(Status::NotSolved))
        }
        Err(e) => Err(e.into()),
    }
}

// ---------------------------------------------------------------------------------------
// enumerate

/// Arguments of `delve sliding enumerate`.
#[derive(Args, Debug)]
#[command(
    after_help = "Examples:\n  delve sliding enumerate 3x3\n  delve sliding enumerate 2x3 --json\n  delve sliding enumerate 1x4\n  delve sliding enumerate 2x3 --save /tmp/delve-help-2x3.bin\n  delve sliding enumerate 3x3 --workers 2\n\nTwo processes on this machine: the same command in two shells, with --processes 2 and\n--process 0 in one, --process 1 in the other (the guide's chapter on the cluster flags)."
)]
pub(super) struct EnumerateArgs {
    /// The board, rows x columns (e.g. 3x3, 3x4, 2x6; 1x4 and 4x1 too, where only the blank
    /// moves and the tiles keep their order).
    #[arg(value_name = "MxN", value_parser = board_arg)]
    board: Dims,
    /// The goal (default: the original study's keypad goal, `789456B23` on 3x3, on boards of up
    /// to 9 cells; `1 2 … 0` on larger ones).
    #[arg(long, value_name = "STATE")]
    goal: Option<String>,
    /// Use the goal `1 2 … 0` in row-major notation even on boards of up to 9 cells.
    #[arg(long, conflicts_with = "goal")]
    row_major: bool,
    /// Draw the states-per-depth histogram to FILE (.png or .svg).
    #[arg(long, value_name = "FILE")]
    plot: Option<PathBuf>,
    /// Write `depth,states` rows to FILE.
    #[arg(long, value_name = "FILE")]
    csv: Option<PathBuf>,
    /// Write every state with its minimum number of moves to FILE, for `lookup --table`:
    /// `state,depth` rows (.csv) or a compact binary table (.bin). Boards of up to 10 cells,
    /// and 1xN.
    #[arg(long, value_name = "FILE")]
    save: Option<PathBuf>,
    #[command(flatten)]
    format: TableFormatArg,
    /// Print one JSON object instead of text.
    #[arg(long)]
    json: bool,
    #[command(flatten)]
    cluster: ClusterArgs,
}

/// `--table-format`, shared by `enumerate --save` and `lookup --table`.
#[derive(Args, Debug)]
struct TableFormatArg {
    /// The table file's format, csv or bin (default: from the file's extension, .csv or .bin).
    #[arg(long, value_name = "FORMAT", value_parser = common::parse_name::<TableFormat>)]
    table_format: Option<TableFormat>,
}

impl TableFormatArg {
    /// The format of the table file `path`: the flag's, else the extension's.
    fn of(&self, path: &Path) -> Result<TableFormat, SlidingError> {
        self.table_format.map_or_else(|| TableFormat::from_path(path), Ok)
    }
}

pub(super) fn run_enumerate(args: EnumerateArgs) -> Result<Status> {
    if let Some(p) = &args.plot {
        plot::check_path(p)?;
    }
    let board = args.board;
    // Refused before any enumeration: a format that cannot be told, a board too large.
    let save = match &args.save {
        Some(path) => Some((path, args.format.of(path)?)),
        None if args.format.table_format.is_some() => bail!("--table-format goes with --save FILE"),
        None => None,
    };
    if save.is_some() {
        table::check_size(board)?;
    }
    let (goal, notation) = match &args.goal {
        Some(g) => parse_state(g, Some(board)).map_err(|e| anyhow::anyhow!("--goal: {e}"))?,
        None => enumeration_goal(board, args.row_major),
    };
    let cluster = args.cluster.cluster()?;
    if cluster.is_some() && save.is_some() {
        bail!("--save needs the whole table in one process: enumerate without the cluster flags");
    }
    let (space, report) = match cluster {
        Some(cluster) => match distributed(&cluster, &goal, notation, args.json)? {
            Ok(Some(report)) => (None, report),
            Ok(None) => return Ok(Status::Done),
            Err(status) => return Ok(status),
        },
        None => match enumerate_or_report(&goal, notation, args.json)? {
            Ok(space) => {
                let report = space.report(notation);
                (Some(space), report)
            }
            Err(status) => return Ok(status),
        },
    };
    let detail = &report.detail;
    let per_depth = &detail.per_depth;
    let states = per_depth.iter().sum::<u64>();
    if let Some(path) = &args.csv {
        let mut text = String::from("depth,states\n");
        for (d, c) in per_depth.iter().enumerate() {
            text.push_str(&format!("{d},{c}\n"));
        }
        std::fs::write(path, text).with_context(|| format!("writing {}", path.display()))?;
    }
    if let (Some((path, format)), Some(space)) = (save, &space) {
        space.table()?.save(path, format, notation)?;
    }
    if let Some(path) = &args.plot {
        let title = format!(
            "{board} sliding puzzle: states by minimum number of moves ({} states)",
            human::count(states as f64)
        );
        plot::bar_chart(
            path,
            &plot::Bars {
                title: &title,
                x_desc: "Minimum number of moves to the goal",
                y_desc: "Number of states",
                bars: per_depth.iter().enumerate().map(|(d, &c)| (d.to_string(), c as f64)).collect(),
                max_labels: 30,
                values_on_bars: false,
            },
        )?;
    }
    if args.json {
        let mut report = report.clone();
        report.detail.table = save.map(|(path, _)| path.display().to_string());
        common::print_json(&report);
    } else {
        println!("{board} board, goal {}: {} states", format_state(&goal, notation), human::count(states as f64));
        let max_depth = per_depth.len().saturating_sub(1) as u64;
        let hardest = per_depth.last().copied().unwrap_or(0);
        println!(
            "hardest: {max_depth} {} ({} {})",
            common::plural(max_depth, "move"),
            human::count(hardest as f64),
            common::plural(hardest, "state")
        );
        println!("average: {} moves", detail.average_depth.unwrap_or(0.0));
        println!("time:    {:.3} ms", report.stats.elapsed_ms());
        println!("moves  states");
        for (d, c) in per_depth.iter().enumerate() {
            println!("{d:>5}  {}", human::count(*c as f64));
        }
        if let Some(p) = &args.plot {
            println!("plot:    {}", p.display());
        }
        if let Some((path, format)) = save {
            println!("table:   {} ({format}, {} states)", path.display(), human::count(states as f64));
        }
    }
    Ok(Status::Done)
}

// ---------------------------------------------------------------------------------------
// lookup

/// Arguments of `delve sliding lookup`.
#[derive(Args, Debug)]
#[command(
    after_help = "Examples:\n  delve sliding lookup 3x3 9B6358247 359B26478 --path\n  delve sliding lookup 1x4 234B\n  delve sliding lookup 2x3 4B5623 --table /tmp/delve-help-2x3.bin"
)]
pub(super) struct LookupArgs {
    /// The board, e.g. 3x3 (or 1x4).
    #[arg(value_name = "MxN", value_parser = board_arg)]
    board: Dims,
    /// States to look up.
    #[arg(value_name = "STATE")]
    states: Vec<String>,
    /// Also read states from FILE (one per line, `#` comments).
    #[arg(long, value_name = "FILE")]
    from_file: Option<PathBuf>,
    /// The goal (default: keypad goal for keypad input, else `1 2 … 0`; with --table, the
    /// table's, which --goal must then match).
    #[arg(long, value_name = "STATE")]
    goal: Option<String>,
    /// Answer from a table `enumerate --save` wrote (CSV or binary) instead of enumerating;
    /// the table is checked on load.
    #[arg(long, value_name = "FILE")]
    table: Option<PathBuf>,
    #[command(flatten)]
    format: TableFormatArg,
    /// Also give one optimal move sequence per state.
    #[arg(long)]
    path: bool,
    /// Print one JSON object instead of text.
    #[arg(long)]
    json: bool,
}

pub(super) fn run_lookup(args: LookupArgs) -> Result<Status> {
    let mut inputs: Vec<(String, String)> = args.states.iter().map(|s| ("argument".to_string(), s.clone())).collect();
    if let Some(f) = &args.from_file {
        for (line, text) in read_states(f)? {
            inputs.push((format!("{}:{line}", f.display()), text));
        }
    }
    if inputs.is_empty() {
        bail!("no states to look up: give STATE arguments or --from-file FILE");
    }
    let mut grids = Vec::new();
    for (origin, text) in &inputs {
        let (g, n) = parse_state(text, Some(args.board)).map_err(|e| {
            if origin == "argument" { anyhow::anyhow!("{e}") } else { anyhow::anyhow!("{origin}: {e}") }
        })?;
        grids.push((g, n));
    }
    let notation = grids[0].1;
    let report = match &args.table {
        Some(file) => {
            let start = Instant::now();
            let table = DepthTable::load(file, args.format.of(file)?, args.board)?;
            if let Some(g) = &args.goal {
                let (goal, n) = parse_state(g, Some(args.board)).map_err(|e| anyhow::anyhow!("--goal: {e}"))?;
                if &goal != table.goal() {
                    bail!(
                        "--goal {} is not the goal of {} ({})",
                        format_state(&goal, n),
                        file.display(),
                        format_state(table.goal(), n)
                    );
                }
            }
            table.lookup(&grids, notation, args.path, &file.display().to_string(), Stats::since(start))
        }
        None => {
            if args.format.table_format.is_some() {
                bail!("--table-format goes with --table FILE");
            }
            let goal = resolve_goal(args.goal.as_deref(), args.board, notation)?;
            match enumerate_or_report(&goal, notation, args.json)? {
                Ok(space) => space.lookup(&grids, notation, args.path),
                Err(status) => return Ok(status),
            }
        }
    };
    if args.json {
        common::print_json(&report);
    } else {
        for r in &report.detail.results {
            match (r.moves, &r.path) {
                (Some(m), Some(path)) => println!("{}  {m:>3}  {}", r.state, move_string(path)),
                (Some(m), None) => println!("{}  {m:>3}", r.state),
                (None, _) => println!("{}  unsolvable ({})", r.state, unsolvable_hint(args.board)),
            }
        }
    }
    Ok(Status::from_solved(report.solved))
}
