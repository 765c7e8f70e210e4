//! `delve sliding solve` (one state, or `--from-file` in parallel) and `delve sliding pdb build`.

use super::{bar, board_arg, interruptible, read_states, resolve_goal};
use crate::common::{self, Progress, SearchArgs, Status};
use anyhow::{Context, Result, bail};
use clap::{Args, ValueEnum};
use delve_core::{NoObserver, Outcome, SearchResult};
use delve_sliding::error::{human_bytes, human_count};
use delve_sliding::notation::{Notation, format_board, format_state, parse_state};
use delve_sliding::pdb::{AdditivePdb, BuildProgress, Partition};
use delve_sliding::solve::{Algorithm, HeuristicChoice, check_solvable, solve};
use delve_sliding::{Board, Error as SlidingError, Grid, Move, move_string};
use indicatif::ProgressBar;
use rayon::prelude::*;
use serde_json::{Value, json};
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Instant;

/// The start (and its notation) plus the goal: `--goal` or the notation's default.
pub(super) fn start_and_goal(state: &str, size: Option<Board>, goal: Option<&str>) -> Result<(Grid, Grid, Notation)> {
    let (start, notation) = parse_state(state, size)?;
    let goal = resolve_goal(goal, start.board(), notation)?;
    Ok((start, goal, notation))
}

/// Progress of a pattern-database build.
struct BuildBar(Option<ProgressBar>);

impl BuildProgress for BuildBar {
    fn group_start(&self, tiles: &[u8], entries: u64) {
        if let Some(b) = &self.0 {
            let t: Vec<String> = tiles.iter().map(|t| t.to_string()).collect();
            b.println(format!("pattern database for tiles {} ({} entries)", t.join(","), human_count(entries as f64)));
        }
    }
    fn layer_start(&self, depth: u32, frontier: u64) {
        if let Some(b) = &self.0 {
            b.set_length(frontier.max(1));
            b.set_position(0);
            b.set_message(format!("depth {depth}"));
        }
    }
    fn advance(&self, states: u64) {
        if let Some(b) = &self.0 {
            b.inc(states);
        }
    }
}

impl Drop for BuildBar {
    fn drop(&mut self) {
        if let Some(b) = &self.0 {
            b.finish_and_clear();
        }
    }
}

fn stats_json(stats: &delve_core::Stats) -> Value {
    common::stats_json(stats)
}

fn path_json(moves: &[Move]) -> Value {
    Value::Array(moves.iter().map(|m| Value::String(m.letter().to_string())).collect())
}

// ---------------------------------------------------------------------------------------
// solve

#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
enum AlgoArg {
    /// A* graph search.
    Astar,
    /// IDA*: linear memory; the choice for 15-puzzles.
    Idastar,
    /// Breadth-first search.
    Bfs,
    /// Uniform-cost search.
    Ucs,
    /// Iterative lengthening search.
    Ils,
}

impl AlgoArg {
    fn algorithm(self) -> Algorithm {
        match self {
            AlgoArg::Astar => Algorithm::Astar,
            AlgoArg::Idastar => Algorithm::Idastar,
            AlgoArg::Bfs => Algorithm::Bfs,
            AlgoArg::Ucs => Algorithm::Ucs,
            AlgoArg::Ils => Algorithm::Ils,
        }
    }
}

#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum HeuristicArg {
    /// Pattern database on boards of 10 to 16 cells, linear conflict otherwise.
    Auto,
    /// Manhattan distance.
    Manhattan,
    /// Manhattan distance plus linear conflicts.
    LinearConflict,
    /// Additive pattern database (boards up to 16 cells; built once and cached).
    Pdb,
}

/// Where pattern databases live and how the tiles are grouped.
#[derive(Args, Debug, Clone)]
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
    fn dir(&self) -> Result<PathBuf> {
        match &self.pdb_dir {
            Some(d) => Ok(d.clone()),
            None => dirs::cache_dir()
                .map(|d| d.join("delve").join("pdb"))
                .context("no user cache directory is known here; pass --pdb-dir DIR"),
        }
    }
    fn partition(&self, goal: &Grid) -> Result<Partition> {
        Ok(match &self.partition {
            Some(p) => Partition::parse(p, goal)?,
            None => Partition::default_for(goal),
        })
    }
    /// Loads the database, building and caching what is missing (with a progress bar).
    fn load(&self, goal: &Grid, quiet: bool) -> Result<Arc<AdditivePdb>> {
        let dir = self.dir()?;
        let partition = self.partition(goal)?;
        if let Ok(db) = AdditivePdb::load(&dir, goal, &partition) {
            return Ok(Arc::new(db));
        }
        if !quiet {
            eprintln!(
                "building the {} pattern database for {} (one time; cached in {})",
                sizes(&partition),
                goal.board(),
                dir.display()
            );
        }
        let t = Instant::now();
        let (db, _) = AdditivePdb::load_or_build(&dir, goal, &partition, &interruptible(), &BuildBar(bar()))?;
        if !quiet {
            eprintln!("pattern database ready in {:.1} s", t.elapsed().as_secs_f64());
        }
        Ok(Arc::new(db))
    }
}

fn sizes(p: &Partition) -> String {
    p.groups().iter().map(|g| g.len().to_string()).collect::<Vec<_>>().join("-")
}

/// Arguments of `delve sliding solve`.
#[derive(Args, Debug)]
pub(super) struct SolveArgs {
    /// The state: keypad `789456B23`, digits `123456780`, or numbers `1 2 3 … 15 0`
    /// (quote it); `/` may separate rows.
    #[arg(value_name = "STATE", required_unless_present = "from_file", conflicts_with = "from_file")]
    state: Option<String>,
    /// Solve every state in FILE (one per line, `#` comments), in parallel.
    #[arg(long, value_name = "FILE")]
    from_file: Option<PathBuf>,
    /// The board, when the state alone does not tell (e.g. 3x4).
    #[arg(long, value_name = "MxN", value_parser = board_arg)]
    size: Option<Board>,
    /// The goal (default: keypad goal for keypad input, else `1 2 … 0`).
    #[arg(long, value_name = "STATE")]
    goal: Option<String>,
    /// The search algorithm.
    #[arg(long, value_enum, default_value_t = AlgoArg::Idastar)]
    algo: AlgoArg,
    /// The heuristic of A* and IDA*.
    #[arg(long, value_enum, default_value_t = HeuristicArg::Auto)]
    heuristic: HeuristicArg,
    #[command(flatten)]
    pdb: PdbOptions,
    /// Print the path board by board.
    #[arg(long)]
    path: bool,
    #[command(flatten)]
    search: SearchArgs,
}

pub(super) fn choose_heuristic(
    arg: HeuristicArg,
    algo: Algorithm,
    goal: &Grid,
    pdb: &PdbOptions,
    quiet: bool,
) -> Result<HeuristicChoice> {
    let cells = goal.board().cells();
    Ok(match arg {
        _ if !algo.informed() => HeuristicChoice::Manhattan,
        HeuristicArg::Manhattan => HeuristicChoice::Manhattan,
        HeuristicArg::LinearConflict => HeuristicChoice::LinearConflict,
        HeuristicArg::Auto if !(10..=16).contains(&cells) => HeuristicChoice::LinearConflict,
        HeuristicArg::Auto | HeuristicArg::Pdb => {
            if cells > 16 {
                bail!(
                    "pattern databases cover boards up to 16 cells, not {}; use --heuristic linear-conflict",
                    goal.board()
                );
            }
            HeuristicChoice::Pdb(pdb.load(goal, quiet)?)
        }
    })
}

pub(super) fn run_solve(args: SolveArgs) -> Result<Status> {
    if let Some(file) = &args.from_file {
        return run_solve_batch(&args, file);
    }
    let state = args.state.as_deref().expect("clap requires STATE or --from-file");
    let (start, goal, notation) = start_and_goal(state, args.size, args.goal.as_deref())?;
    let algo = args.algo.algorithm();
    if let Err(e @ SlidingError::Unsolvable { .. }) = check_solvable(&start, &goal, notation) {
        if args.search.json {
            common::print_json(&json!({"solved": false, "reason": "unsolvable", "message": e.to_string()}));
        } else {
            println!("{e}");
        }
        return Ok(Status::NotSolved);
    }
    let heuristic = choose_heuristic(args.heuristic, algo, &goal, &args.pdb, args.search.json)?;
    let result = solve(&start, &goal, algo, &heuristic, notation, &args.search.limits(), Progress::new("solving"))?;
    let report = SolveReport { start: &start, goal: &goal, notation, algo, heuristic: &heuristic, result: &result };
    if args.search.json {
        common::print_json(&report.json());
    } else {
        report.print(args.path);
    }
    Ok(if result.is_solved() { Status::Done } else { Status::NotSolved })
}

struct SolveReport<'a> {
    start: &'a Grid,
    goal: &'a Grid,
    notation: Notation,
    algo: Algorithm,
    heuristic: &'a HeuristicChoice,
    result: &'a SearchResult<Grid, Move, u32>,
}

impl SolveReport<'_> {
    fn heuristic_name(&self) -> &'static str {
        if self.algo.informed() { self.heuristic.name() } else { "none" }
    }
    fn json(&self) -> Value {
        let mut v = json!({
            "board": self.start.board().to_string(),
            "start": format_state(self.start, self.notation),
            "goal": format_state(self.goal, self.notation),
            "algorithm": self.algo.name(),
            "heuristic": self.heuristic_name(),
            "stats": stats_json(&self.result.stats),
        });
        match &self.result.outcome {
            Outcome::Solved(s) => {
                v["solved"] = json!(true);
                v["moves"] = json!(s.len());
                v["path"] = path_json(&s.actions);
                v["states"] = Value::Array(s.states.iter().map(|g| json!(format_state(g, self.notation))).collect());
            }
            Outcome::NoSolution => {
                v["solved"] = json!(false);
                v["reason"] = json!("no solution");
            }
            Outcome::Stopped { reason, .. } => {
                v["solved"] = json!(false);
                v["reason"] = json!(reason.to_string());
            }
        }
        v
    }
    fn print(&self, boards: bool) {
        let start = format_state(self.start, self.notation);
        match &self.result.outcome {
            Outcome::Solved(s) => {
                println!(
                    "{start} → {}: {} move{} (optimal; {}, heuristic {})",
                    format_state(self.goal, self.notation),
                    s.len(),
                    if s.len() == 1 { "" } else { "s" },
                    self.algo,
                    self.heuristic_name()
                );
                println!(
                    "moves: {}",
                    if s.is_empty() { "(already solved)".to_string() } else { move_string(&s.actions) }
                );
                if boards {
                    for (i, g) in s.states.iter().enumerate() {
                        let how =
                            if i == 0 { String::new() } else { format!(" (blank {})", s.actions[i - 1].letter()) };
                        println!("\nStep {i}{how}");
                        print!("{}", format_board(g, self.notation));
                    }
                    println!();
                }
            }
            Outcome::NoSolution => println!("{start}: no solution"),
            Outcome::Stopped { reason, .. } => println!("{start}: stopped ({reason}) before finding a solution"),
        }
        println!("stats: {}", common::stats_line(&self.result.stats));
    }
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
        board.get_or_insert(g.board());
        if starts.is_empty() {
            notation = n;
        }
        starts.push((*line, g));
    }
    let board = board.expect("at least one state");
    let goal = resolve_goal(args.goal.as_deref(), board, notation)?;
    let algo = args.algo.algorithm();
    let heuristic = choose_heuristic(args.heuristic, algo, &goal, &args.pdb, args.search.json)?;
    let limits = args.search.limits();
    let t = Instant::now();
    let results: Vec<Result<SearchResult<Grid, Move, u32>, SlidingError>> =
        starts.par_iter().map(|(_, s)| solve(s, &goal, algo, &heuristic, notation, &limits, NoObserver)).collect();
    let wall = t.elapsed().as_secs_f64();
    let mut solved = 0usize;
    let mut rows = Vec::new();
    let (mut expanded, mut generated) = (0u64, 0u64);
    for ((line, start), r) in starts.iter().zip(&results) {
        let state = format_state(start, notation);
        let row = match r {
            Ok(r) => {
                expanded += r.stats.expanded;
                generated += r.stats.generated;
                match &r.outcome {
                    Outcome::Solved(s) => {
                        solved += 1;
                        json!({"line": line, "state": state, "solved": true, "moves": s.len(), "path": path_json(&s.actions), "stats": stats_json(&r.stats)})
                    }
                    Outcome::NoSolution => {
                        json!({"line": line, "state": state, "solved": false, "reason": "no solution", "stats": stats_json(&r.stats)})
                    }
                    Outcome::Stopped { reason, .. } => {
                        json!({"line": line, "state": state, "solved": false, "reason": reason.to_string(), "stats": stats_json(&r.stats)})
                    }
                }
            }
            Err(e) => {
                json!({"line": line, "state": state, "solved": false, "reason": "unsolvable", "message": e.to_string()})
            }
        };
        rows.push(row);
    }
    let summary = json!({
        "board": board.to_string(),
        "goal": format_state(&goal, notation),
        "algorithm": algo.name(),
        "heuristic": if algo.informed() { heuristic.name() } else { "none" },
        "instances": rows.len(),
        "solved": solved,
        "expanded": expanded,
        "generated": generated,
        "elapsed_ms": wall * 1000.0,
        "threads": rayon::current_num_threads(),
    });
    if args.search.json {
        let mut v = summary;
        v["results"] = Value::Array(rows.clone());
        common::print_json(&v);
    } else {
        for row in &rows {
            let line = row["line"].as_u64().unwrap_or(0);
            if row["solved"] == json!(true) {
                let st = &row["stats"];
                println!(
                    "line {line:>4}: {:>3} moves  expanded {:>12}  {:>10.3} ms  {}",
                    row["moves"],
                    st["expanded"],
                    st["elapsed_ms"].as_f64().unwrap_or(0.0),
                    row["path"]
                        .as_array()
                        .map(|p| p.iter().filter_map(|m| m.as_str()).collect::<String>())
                        .unwrap_or_default()
                );
            } else {
                println!("line {line:>4}: not solved ({})", row["reason"].as_str().unwrap_or("?"));
            }
        }
        println!(
            "{solved} of {} solved ({}, heuristic {}); expanded {expanded}, generated {generated}; {:.3} s on {} threads",
            rows.len(),
            algo,
            if algo.informed() { heuristic.name() } else { "none" },
            wall,
            rayon::current_num_threads()
        );
    }
    Ok(if solved == rows.len() { Status::Done } else { Status::NotSolved })
}

// ---------------------------------------------------------------------------------------
// pdb build

/// Arguments of `delve sliding pdb build`.
#[derive(Args, Debug)]
pub(super) struct PdbBuildArgs {
    /// The board (up to 16 cells), e.g. 4x4.
    #[arg(value_name = "MxN", value_parser = board_arg)]
    board: Board,
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
    if args.board.cells() > 16 {
        bail!("pattern databases cover boards up to 16 cells, not {}", args.board);
    }
    let dir = args.pdb.dir()?;
    let partition = args.pdb.partition(&goal)?;
    let t = Instant::now();
    let progress = BuildBar(bar());
    let (db, built) = if args.force {
        let db = AdditivePdb::build(&goal, &partition, &interruptible(), &progress)?;
        db.save(&dir)?;
        (db, true)
    } else {
        AdditivePdb::load_or_build(&dir, &goal, &partition, &interruptible(), &progress)?
    };
    drop(progress);
    let secs = t.elapsed().as_secs_f64();
    let files: Vec<String> = db
        .groups()
        .iter()
        .map(|g| delve_sliding::pdb::table_path(&dir, &goal, g.tiles()).display().to_string())
        .collect();
    let bytes: usize = db.groups().iter().map(|g| g.table().len()).sum();
    let max_values: Vec<u8> = db.groups().iter().map(|g| g.table().iter().copied().max().unwrap_or(0)).collect();
    if args.json {
        common::print_json(&json!({
            "board": args.board.to_string(),
            "goal": format_state(&goal, Notation::RowMajor),
            "groups": partition.groups(),
            "max_values": max_values,
            "reflection": db.reflects(),
            "built": built,
            "bytes": bytes,
            "files": files,
            "elapsed_ms": secs * 1000.0,
        }));
    } else {
        println!(
            "{} pattern database for {} (goal {}): {} in {secs:.1} s, {}{}",
            sizes(&partition),
            args.board,
            format_state(&goal, Notation::RowMajor),
            if built { "built" } else { "already cached" },
            human_bytes(bytes as f64),
            if db.reflects() { ", with the reflected lookup" } else { "" }
        );
        for (f, (g, m)) in files.iter().zip(db.groups().iter().zip(&max_values)) {
            println!("  tiles {:?}: largest value {m}; {f}", g.tiles());
        }
    }
    Ok(Status::Done)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn goals_follow_the_notation() {
        let (s, g, n) = start_and_goal("359B26478", None, None).unwrap();
        assert_eq!((n, format_state(&g, n)), (Notation::Keypad, "789456B23".to_string()));
        assert_eq!(s.board().cells(), 9);
        let (_, g, _) = start_and_goal("1 2 3 4 5 6 7 8 0", None, Some("0 1 2 3 4 5 6 7 8")).unwrap();
        assert_eq!(g.blank(), 0);
        assert!(
            start_and_goal("1 2 3 4 5 6 7 8 0", None, Some("0 1 2")).unwrap_err().to_string().starts_with("--goal: ")
        );
    }
}
