//! `delve sliding solve` (one state, or `--from-file` in parallel) and `delve sliding pdb build`.

use super::{Display, board_arg, read_states, resolve_goal};
use crate::common::{self, ClusterArgs, LimitArgs, OutputArgs, Status};
use anyhow::{Result, bail};
use clap::Args;
use delve_core::human;
use delve_core::{Algorithm, Limits, OutcomeKind, Stats};
use delve_sliding::notation::{Notation, format_board, parse_state};
use delve_sliding::pdb::{self, AdditivePdb, Partition, PdbTables};
use delve_sliding::solve::{BatchReport, HeuristicRequest, Method, Solved, Solver, solve_one, unsolvable_hint};
use delve_sliding::{Dims, Error as SlidingError, Grid, move_string};
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};
use std::time::Instant;

/// The start (and its notation) plus the goal: `--goal` or the notation's default.
pub(super) fn start_and_goal(state: &str, size: Option<Dims>, goal: Option<&str>) -> Result<(Grid, Grid, Notation)> {
    let (start, notation) = parse_state(state, size)?;
    let goal = resolve_goal(goal, start.dims(), notation)?;
    Ok((start, goal, notation))
}

/// `--algo`'s long help: every algorithm of the core with its description.
fn algorithm_help() -> String {
    let mut help = String::from(
        "The search algorithm. Every move costs 1, so bfs, iddfs and bibfs find shortest solutions too; \
         dls, iddfs, ils and idastar search the tree (never undoing the previous move).\n",
    );
    for (name, what) in Algorithm::NAMES {
        help.push_str(&format!("\n  {name:<8} {what}"));
    }
    help
}

/// `--heuristic`'s long help.
fn heuristic_help() -> String {
    let mut help = String::from("The heuristic of greedy, astar, wastar and idastar (the others use none).\n");
    for (name, what) in HeuristicRequest::NAMES {
        help.push_str(&format!("\n  {name:<16} {what}"));
    }
    help
}

/// Where pattern databases live and how the tiles are grouped.
#[derive(Args, Debug, Clone, Default)]
pub(super) struct PdbOptions {
    /// Directory of cached pattern databases (default: the user cache dir, `…/delve/pdb`).
    #[arg(long, value_name = "DIR")]
    pub(super) pdb_dir: Option<PathBuf>,
    /// Tile groups: sizes in the goal's reading order (`7-8`, `6-6-3`) or explicit tiles
    /// (`1,2,3,4,5,6,7/8,9,10,11,12,13,14,15`). Default: two halves.
    #[arg(long, value_name = "GROUPS")]
    pub(super) partition: Option<String>,
}

impl PdbOptions {
    fn dir(&self) -> Result<PathBuf, SlidingError> {
        match &self.pdb_dir {
            Some(d) => Ok(d.clone()),
            None => pdb::default_dir(),
        }
    }
    fn partition(&self, goal: &Grid) -> Result<Partition, SlidingError> {
        match &self.partition {
            Some(p) => Partition::parse(p, goal),
            None => Ok(Partition::default_for(goal)),
        }
    }
    /// Loads the database for `goal`, building and caching what is missing (with a progress
    /// bar, and a line before and after unless `quiet`).
    pub(super) fn load(&self, goal: &Grid, quiet: bool) -> Result<Arc<AdditivePdb>, SlidingError> {
        let dir = self.dir()?;
        let partition = self.partition(goal)?;
        if let Ok(db) = AdditivePdb::load(&dir, goal, &partition) {
            return Ok(Arc::new(db));
        }
        if !quiet {
            let cost = build_cost(goal, &partition);
            eprintln!(
                "building the {} pattern database for {}, once{cost}; it is cached in {} \
                 (`--heuristic linear-conflict` skips it)",
                partition.sizes(),
                goal.dims(),
                dir.display()
            );
        }
        let t = Instant::now();
        let prepared = AdditivePdb::load_or_build(
            &dir,
            goal,
            &partition,
            &common::interruptible(),
            Display::new("pattern database"),
        )?;
        if !quiet {
            eprintln!("pattern database ready in {:.1} s", t.elapsed().as_secs_f64());
        }
        Ok(Arc::new(prepared.pdb))
    }
}

/// What building `partition`'s tables for `goal` costs, for the line before a build: the
/// default 4×4 and 5×5 tables are the costly ones (measured: BENCHMARKS.md, sliding).
fn build_cost(goal: &Grid, partition: &Partition) -> String {
    let entries: u64 = partition.groups().iter().map(|g| pdb::entries(goal.dims(), g.len())).sum();
    let time = match (goal.dims().cells(), partition.sizes().as_str()) {
        (16, "7-8" | "8-7") => ", about 2 minutes and 2.7 GB of memory",
        (25, "6-6-6-6") => ", about 3 minutes and 1.5 GB of memory",
        _ => "",
    };
    format!(": {} of tables{time}", human::bytes(entries as f64))
}

/// Arguments of `delve sliding solve`.
#[derive(Args, Debug)]
#[command(
    after_help = "Examples:\n  delve sliding solve 8734B9265\n  delve sliding solve 8734B9265 --algo astar --json\n  delve sliding solve 789B56423 --path"
)]
pub(super) struct SolveArgs {
    /// The state: keypad `789456B23`, digits `123456780`, or numbers `1 2 3 … 15 0`
    /// (quote it); `/` may separate rows.
    #[arg(value_name = "STATE", required_unless_present = "from_file", conflicts_with = "from_file")]
    state: Option<String>,
    /// Solve every state in FILE (one per line, `#` comments), in parallel; --max-nodes and
    /// --timeout apply to each state.
    #[arg(long, value_name = "FILE")]
    from_file: Option<PathBuf>,
    /// The board, when the state alone does not tell (e.g. 3x4).
    #[arg(long, value_name = "MxN", value_parser = board_arg)]
    size: Option<Dims>,
    /// The goal (default: keypad goal for keypad input, else `1 2 … 0`).
    #[arg(long, value_name = "STATE")]
    goal: Option<String>,
    /// The search algorithm (default idastar); see --help for the list.
    #[arg(long, value_name = "ALGO", default_value = "idastar", value_parser = common::parse_name::<Algorithm>, long_help = algorithm_help())]
    algo: Algorithm,
    /// The heuristic: auto, manhattan, linear-conflict or pdb (default auto).
    #[arg(long, value_name = "H", default_value = "auto", value_parser = common::parse_name::<HeuristicRequest>, long_help = heuristic_help())]
    heuristic: HeuristicRequest,
    #[command(flatten)]
    pdb: PdbOptions,
    /// Print the path board by board.
    #[arg(long)]
    path: bool,
    #[command(flatten)]
    limits: LimitArgs,
    #[command(flatten)]
    output: OutputArgs,
    /// With --from-file: solve the instances as a dataflow.
    #[command(flatten)]
    cluster: ClusterArgs,
}

impl SolveArgs {
    fn method(&self) -> Method {
        Method { algorithm: self.algo, heuristic: self.heuristic }
    }
}

pub(super) fn run_solve(args: SolveArgs) -> Result<Status> {
    if let Some(file) = &args.from_file {
        return run_solve_batch(&args, file);
    }
    if args.cluster.cluster()?.is_some() {
        bail!("the cluster flags go with --from-file: one state is solved in one process");
    }
    let state = args.state.as_deref().expect("clap requires STATE or --from-file");
    let (start, goal, notation) = start_and_goal(state, args.size, args.goal.as_deref())?;
    let quiet = args.output.json;
    let solved = solve_one(
        &start,
        &goal,
        notation,
        args.method(),
        |g| args.pdb.load(g, quiet),
        &args.limits.limits(),
        Display::new("solving"),
    )?;
    if args.output.json {
        common::print_json(&solved.report);
    } else {
        print_solved(&solved, notation, args.path);
    }
    Ok(Status::from_solved(solved.report.solved))
}

/// The text form of a solve, from its report (and the solution's boards for `--path`).
fn print_solved(solved: &Solved, notation: Notation, boards: bool) {
    let report = &solved.report;
    let d = &report.detail;
    if let Some(why) = &d.unsolvable {
        println!("{why}");
        return;
    }
    match &solved.solution {
        Some(s) => {
            let how = if d.optimal { "optimal; " } else { "" };
            let caveat = if d.optimal { "" } else { "; not necessarily the fewest" };
            println!(
                "{} → {}: {} {} ({how}{}, heuristic {}{caveat})",
                d.start,
                d.goal,
                s.len(),
                common::plural(s.len() as u64, "move"),
                report.algorithm,
                d.heuristic
            );
            println!("moves: {}", if s.is_empty() { "(already solved)".to_string() } else { move_string(&s.actions) });
            if boards {
                for (i, g) in s.states.iter().enumerate() {
                    let how = if i == 0 { String::new() } else { format!(" (blank {})", s.actions[i - 1].letter()) };
                    println!("\nStep {i}{how}");
                    print!("{}", format_board(g, notation));
                }
                println!();
            }
        }
        None if report.outcome == OutcomeKind::NoSolution => println!("{}: no solution", d.start),
        None => println!("{}: {} before finding a solution", d.start, report.status()),
    }
    println!("stats: {}", report.stats);
}

fn run_solve_batch(args: &SolveArgs, file: &Path) -> Result<Status> {
    let lines = read_states(file)?;
    if lines.is_empty() {
        bail!("{}: no states in the file", file.display());
    }
    let mut starts = Vec::new();
    let mut board = args.size;
    let mut notation = Notation::RowMajor;
    for (line, text) in &lines {
        let (g, n) = parse_state(text, board).map_err(|e| anyhow::anyhow!("{}:{line}: {e}", file.display()))?;
        board.get_or_insert(g.dims());
        if starts.is_empty() {
            notation = n;
        }
        starts.push((*line, g));
    }
    let board = board.expect("at least one state");
    let goal = resolve_goal(args.goal.as_deref(), board, notation)?;
    let quiet = args.output.json;
    let solver = Solver::choose(&goal, notation, args.method(), |g| args.pdb.load(g, quiet))?;
    let report = match args.cluster.cluster()? {
        None => solver.solve_batch(&starts, &args.limits.limits(), Display::new("solving"))?,
        Some(cluster) => match distributed(&cluster, solver, &starts, &args.limits.limits())? {
            Some(report) => report,
            // Process 0 prints the results.
            None => return Ok(Status::Done),
        },
    };
    if args.output.json {
        common::print_json(&report);
    } else {
        print_batch(&report, board);
    }
    Ok(Status::from_solved(report.solved))
}

/// Solves `starts` as a dataflow on `cluster`, each worker taking every P-th instance: the
/// batch's report on process 0, `None` on the others.
fn distributed(
    cluster: &delve_dist::Cluster,
    solver: Solver,
    starts: &[(usize, Grid)],
    limits: &Limits,
) -> Result<Option<BatchReport>> {
    let began = std::time::Instant::now();
    let grids: Vec<Grid> = starts.iter().map(|(_, g)| g.clone()).collect();
    let name = format!(
        "sliding solve {} {} {:?} {:?}",
        solver.algorithm().name(),
        solver.heuristic_name(),
        solver.goal().tiles(),
        grids.iter().map(Grid::tiles).collect::<Vec<_>>()
    );
    let (solver, each) = (Arc::new(solver), limits.clone());
    let worker_solver = Arc::clone(&solver);
    let solve = move |i: usize| {
        worker_solver.solve(&grids[i], &each, delve_core::NoObserver).map(|s| s.report).map_err(|e| e.to_string())
    };
    let progress = Mutex::new(common::Progress::new("solving"));
    let shown = move |done: usize, total: usize| {
        common::with(&progress, |p| p.show("solving", done as u64, Some(total as u64)));
    };
    let Some(results) = delve_dist::batch::batch(cluster, &name, starts.len(), solve, shown, limits)? else {
        return Ok(None);
    };
    let reports = results.into_iter().collect::<Result<Vec<_>, String>>().map_err(anyhow::Error::msg)?;
    let batch = Stats { elapsed: began.elapsed(), ..Stats::default() };
    Ok(Some(solver.batch_report(starts, reports, batch, cluster.peers())))
}

/// The text form of a batch: a line per instance (numbered from 1; the file's line too when
/// it failed, to find it) and a summary.
fn print_batch(report: &BatchReport, board: Dims) {
    let d = &report.detail;
    for entry in &d.results {
        let r = &entry.report;
        match (&r.detail.path, &r.detail.unsolvable) {
            (Some(path), _) => println!(
                "instance {:>3}: {:>3} {:<5}  expanded {:>12}  {:>10.3} ms  {}",
                entry.instance,
                path.len(),
                common::plural(path.len() as u64, "move"),
                r.stats.expanded,
                r.stats.elapsed_ms(),
                move_string(path)
            ),
            (None, Some(_)) => println!(
                "instance {:>3}, line {:>4}: unsolvable ({})",
                entry.instance,
                entry.line,
                unsolvable_hint(board)
            ),
            (None, None) => {
                println!("instance {:>3}, line {:>4}: {}", entry.instance, entry.line, r.status())
            }
        }
    }
    println!(
        "{} of {} solved ({}, heuristic {}) on {} {}; {}",
        d.solved_instances,
        d.instances,
        report.algorithm,
        d.heuristic,
        d.threads,
        common::plural(d.threads as u64, "thread"),
        report.stats
    );
}

// ---------------------------------------------------------------------------------------
// pdb build

/// Arguments of `delve sliding pdb build`.
#[derive(Args, Debug)]
pub(super) struct PdbBuildArgs {
    /// The board (up to 32 cells), e.g. 4x4 or 5x5.
    #[arg(value_name = "MxN", value_parser = board_arg)]
    board: Dims,
    /// The goal (default `1 2 … 15 0`).
    #[arg(long, value_name = "STATE")]
    goal: Option<String>,
    #[command(flatten)]
    pdb: PdbOptions,
    /// Rebuild even if the tables are cached.
    #[arg(long)]
    force: bool,
    /// Print one JSON object instead of text.
    #[arg(long)]
    json: bool,
}

pub(super) fn run_pdb_build(args: PdbBuildArgs) -> Result<Status> {
    let goal = match &args.goal {
        Some(g) => parse_state(g, Some(args.board)).map_err(|e| anyhow::anyhow!("--goal: {e}"))?.0,
        None => Grid::standard_goal(args.board),
    };
    pdb::check_board(args.board)?;
    let dir = args.pdb.dir()?;
    let partition = args.pdb.partition(&goal)?;
    let cached = partition.groups().iter().all(|tiles| pdb::table_path(&dir, &goal, tiles).is_file());
    if !args.json && (args.force || !cached) {
        eprintln!(
            "building the {} pattern database for {}{}; it goes to {}",
            partition.sizes(),
            goal.dims(),
            build_cost(&goal, &partition),
            dir.display()
        );
    }
    let limits = common::interruptible();
    let prepared = if args.force {
        AdditivePdb::build(&goal, &partition, &limits, Display::new("pattern database"))
            .and_then(|prepared| prepared.pdb.save(&dir).map(|_| prepared))
    } else {
        AdditivePdb::load_or_build(&dir, &goal, &partition, &limits, Display::new("pattern database"))
    };
    let prepared = match prepared {
        Err(SlidingError::Stopped { reason, stats }) => {
            let report = PdbTables::stopped(&dir, &goal, &partition, reason, stats);
            if args.json {
                common::print_json(&report);
            } else {
                println!(
                    "stopped: {reason} (after {stats}); the tables finished before the stop are \
                     cached in {} and the next build resumes from them",
                    dir.display()
                );
            }
            return Ok(Status::NotSolved);
        }
        other => other?,
    };
    let report = prepared.report(&dir);
    if args.json {
        common::print_json(&report);
    } else {
        let (stats, report) = (report.stats, report.detail);
        println!(
            "{} pattern database for {} (goal {}): {} in {:.1} s, {}{}",
            partition.sizes(),
            report.board,
            report.goal,
            if report.built { "built" } else { "loaded from the cache" },
            stats.elapsed.as_secs_f64(),
            human::bytes(report.bytes as f64),
            if report.reflection { ", with the reflected lookup" } else { "" }
        );
        for (f, (tiles, m)) in report.files.iter().zip(report.groups.iter().zip(&report.max_values)) {
            println!("  tiles {tiles:?}: largest value {m}; {f}");
        }
        if report.built {
            println!("stats: {stats}");
        }
    }
    Ok(Status::Done)
}

#[cfg(test)]
mod tests {
    use super::*;
    use delve_sliding::notation::format_state;

    #[test]
    fn goals_follow_the_notation() {
        let (s, g, n) = start_and_goal("359B26478", None, None).unwrap();
        assert_eq!((n, format_state(&g, n)), (Notation::Keypad, "789456B23".to_string()));
        assert_eq!(s.dims().cells(), 9);
        let (_, g, _) = start_and_goal("1 2 3 4 5 6 7 8 0", None, Some("0 1 2 3 4 5 6 7 8")).unwrap();
        assert_eq!(g.blank(), 0);
        assert!(
            start_and_goal("1 2 3 4 5 6 7 8 0", None, Some("0 1 2")).unwrap_err().to_string().starts_with("--goal: ")
        );
    }
}
