//! `delve sliding`: sliding-tile puzzles. Whole-space enumeration with a depth histogram,
//! optimal solving (A*, IDA*, BFS, UCS, iterative lengthening; Manhattan, linear conflict or
//! additive pattern databases), depth lookups, the reference's sample analytics and its
//! pool-size estimates — each as text or `--json`, with plots where a picture helps.
//!
//! Thin: arguments become a validated configuration, `delve-sliding` and `delve-core` do the
//! work, this module renders.

mod plot;

use crate::common::{self, Progress, SearchArgs, Status};
use anyhow::{Context, Result, bail};
use clap::{Args, Subcommand, ValueEnum};
use delve_core::{Limits, NoObserver, Outcome, SearchResult};
use delve_sliding::analytics::{Analysis, analyze, parse_samples};
use delve_sliding::enumerate::{Enumeration, LayerProgress, enumerate};
use delve_sliding::error::{human_bytes, human_count};
use delve_sliding::notation::{Notation, default_goal, format_board, format_state, parse_state};
use delve_sliding::pdb::{AdditivePdb, BuildProgress, Partition};
use delve_sliding::pool::{expected_distinct, samples_needed, simulate_pool, unseen_probability};
use delve_sliding::solve::{Algorithm, HeuristicChoice, check_solvable, solve};
use delve_sliding::{Board, Error as SlidingError, Grid, Move, move_string};
use indicatif::{ProgressBar, ProgressStyle};
use rayon::prelude::*;
use serde_json::{Value, json};
use std::io::IsTerminal;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Instant;

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
        SlidingCommand::Enumerate(a) => run_enumerate(a),
        SlidingCommand::Solve(a) => run_solve(a),
        SlidingCommand::Lookup(a) => run_lookup(a),
        SlidingCommand::Analyze(a) => run_analyze(a),
        SlidingCommand::Pool(a) => run_pool(a),
        SlidingCommand::SamplesNeeded(a) => run_samples_needed(a),
        SlidingCommand::Pdb { command: PdbCommand::Build(a) } => run_pdb_build(a),
    }
}

// ---------------------------------------------------------------------------------------
// Shared helpers

fn board_arg(text: &str) -> Result<Board, String> {
    Board::parse(text).map_err(|e| e.to_string())
}

/// The start (and its notation) plus the goal: `--goal` or the notation's default.
fn start_and_goal(state: &str, size: Option<Board>, goal: Option<&str>) -> Result<(Grid, Grid, Notation)> {
    let (start, notation) = parse_state(state, size)?;
    let goal = resolve_goal(goal, start.board(), notation)?;
    Ok((start, goal, notation))
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

/// Enumerates `goal`'s space with a progress bar, refusing boards that do not fit.
fn enumerate_space(goal: &Grid) -> Result<Enumeration> {
    let progress = LayerBar(bar());
    Ok(enumerate(goal, memory_available(), &interruptible(), &progress)?)
}

fn stats_json(stats: &delve_core::Stats) -> Value {
    common::stats_json(stats)
}

fn path_json(moves: &[Move]) -> Value {
    Value::Array(moves.iter().map(|m| Value::String(m.letter().to_string())).collect())
}

// ---------------------------------------------------------------------------------------
// enumerate

/// Arguments of `delve sliding enumerate`.
#[derive(Args, Debug)]
pub struct EnumerateArgs {
    /// The board, rows x columns (e.g. 3x3, 3x4, 2x6).
    #[arg(value_name = "MxN", value_parser = board_arg)]
    board: Board,
    /// The goal (default: the reference's keypad goal, `789456B23` on 3x3, on boards of up
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
    /// Print one JSON object instead of text.
    #[arg(long)]
    json: bool,
}

fn run_enumerate(args: EnumerateArgs) -> Result<Status> {
    if let Some(p) = &args.plot {
        plot::check_path(p)?;
    }
    let board = args.board;
    let (goal, notation) = match &args.goal {
        Some(g) => parse_state(g, Some(board)).map_err(|e| anyhow::anyhow!("--goal: {e}"))?,
        None if board.cells() <= 9 && !args.row_major => (default_goal(board, Notation::Keypad), Notation::Keypad),
        None => (Grid::standard_goal(board), Notation::RowMajor),
    };
    let space = enumerate_space(&goal)?;
    let per_depth = space.per_depth();
    if let Some(path) = &args.csv {
        let mut text = String::from("depth,states\n");
        for (d, c) in per_depth.iter().enumerate() {
            text.push_str(&format!("{d},{c}\n"));
        }
        std::fs::write(path, text).with_context(|| format!("writing {}", path.display()))?;
    }
    if let Some(path) = &args.plot {
        let title = format!(
            "{board} sliding puzzle: states by minimum number of moves ({} states)",
            human_count(space.states() as f64)
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
    let elapsed_ms = space.elapsed().as_secs_f64() * 1000.0;
    if args.json {
        common::print_json(&json!({
            "board": board.to_string(),
            "goal": format_state(&goal, notation),
            "states": space.states(),
            "max_depth": space.max_depth(),
            "states_at_max_depth": space.states_at_max_depth(),
            "average_depth": space.average_depth(),
            "per_depth": per_depth,
            "elapsed_ms": elapsed_ms,
        }));
    } else {
        println!(
            "{board} board, goal {}: {} states",
            format_state(&goal, notation),
            human_count(space.states() as f64)
        );
        println!("hardest: {} moves ({} states)", space.max_depth(), human_count(space.states_at_max_depth() as f64));
        println!("average: {} moves", space.average_depth());
        println!("time:    {elapsed_ms:.3} ms");
        println!("moves  states");
        for (d, c) in per_depth.iter().enumerate() {
            println!("{d:>5}  {}", human_count(*c as f64));
        }
        if let Some(p) = &args.plot {
            println!("plot:    {}", p.display());
        }
    }
    Ok(Status::Done)
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
enum HeuristicArg {
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
struct PdbOptions {
    /// Directory of cached pattern databases (default: the user cache dir, `…/delve/pdb`).
    #[arg(long, value_name = "DIR")]
    pdb_dir: Option<PathBuf>,
    /// Tile groups: sizes in the goal's reading order (`7-8`, `6-6-3`) or explicit tiles
    /// (`1,2,3,4,5,6,7/8,9,10,11,12,13,14,15`). Default: two halves.
    #[arg(long, value_name = "GROUPS")]
    partition: Option<String>,
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
pub struct SolveArgs {
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

fn choose_heuristic(
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

fn run_solve(args: SolveArgs) -> Result<Status> {
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
pub struct PdbBuildArgs {
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

fn run_pdb_build(args: PdbBuildArgs) -> Result<Status> {
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

// ---------------------------------------------------------------------------------------
// lookup

/// Arguments of `delve sliding lookup`.
#[derive(Args, Debug)]
pub struct LookupArgs {
    /// The board, e.g. 3x3.
    #[arg(value_name = "MxN", value_parser = board_arg)]
    board: Board,
    /// States to look up.
    #[arg(value_name = "STATE")]
    states: Vec<String>,
    /// Also read states from FILE (one per line, `#` comments).
    #[arg(long, value_name = "FILE")]
    from_file: Option<PathBuf>,
    /// The goal (default: keypad goal for keypad input, else `1 2 … 0`).
    #[arg(long, value_name = "STATE")]
    goal: Option<String>,
    /// Also give one optimal move sequence per state.
    #[arg(long)]
    path: bool,
    /// Print one JSON object instead of text.
    #[arg(long)]
    json: bool,
}

fn run_lookup(args: LookupArgs) -> Result<Status> {
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
    let goal = resolve_goal(args.goal.as_deref(), args.board, notation)?;
    let space = enumerate_space(&goal)?;
    let mut rows = Vec::new();
    let mut all = true;
    for (g, n) in &grids {
        let state = format_state(g, *n);
        match space.path(g) {
            Some(p) => {
                let mut row = json!({"state": state, "moves": p.len()});
                if args.path {
                    row["path"] = json!(move_string(&p));
                }
                rows.push(row);
            }
            None => {
                all = false;
                rows.push(json!({"state": state, "moves": null, "reason": "unsolvable"}));
            }
        }
    }
    if args.json {
        common::print_json(&json!({
            "board": args.board.to_string(),
            "goal": format_state(&goal, notation),
            "results": rows,
        }));
    } else {
        for r in &rows {
            let state = r["state"].as_str().unwrap_or("");
            match r["moves"].as_u64() {
                Some(m) if args.path => println!("{state}  {m:>3}  {}", r["path"].as_str().unwrap_or("")),
                Some(m) => println!("{state}  {m:>3}"),
                None => println!("{state}  unsolvable (wrong parity for this goal)"),
            }
        }
    }
    Ok(if all { Status::Done } else { Status::NotSolved })
}

// ---------------------------------------------------------------------------------------
// analyze

#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
enum PlotFormat {
    /// PNG images.
    Png,
    /// SVG drawings.
    Svg,
}

/// Arguments of `delve sliding analyze`.
#[derive(Args, Debug)]
pub struct AnalyzeArgs {
    /// CSV of `puzzle_number,pattern` rows (quotes, a header row and a UTF-8 BOM allowed).
    #[arg(value_name = "SAMPLES.csv")]
    file: PathBuf,
    /// The board, when the patterns alone do not tell.
    #[arg(long, value_name = "MxN", value_parser = board_arg)]
    size: Option<Board>,
    /// The goal (default: keypad goal for keypad patterns, else `1 2 … 0`).
    #[arg(long, value_name = "STATE")]
    goal: Option<String>,
    /// Write the charts into DIR (created if missing).
    #[arg(long, value_name = "DIR")]
    plot_dir: Option<PathBuf>,
    /// Image format of the charts.
    #[arg(long, value_enum, default_value_t = PlotFormat::Png)]
    plot_format: PlotFormat,
    /// Print one JSON object instead of text.
    #[arg(long)]
    json: bool,
}

fn run_analyze(args: AnalyzeArgs) -> Result<Status> {
    let name = args.file.display().to_string();
    let bytes = std::fs::read(&args.file).with_context(|| format!("reading {name}"))?;
    let text = String::from_utf8(bytes)
        .map_err(|e| anyhow::anyhow!("{name}: not UTF-8 text (byte {})", e.utf8_error().valid_up_to()))?;
    let samples = parse_samples(&name, &text, args.size)?;
    let goal = resolve_goal(args.goal.as_deref(), samples.board, samples.notation)?;
    let analysis = match enumerate_space(&goal) {
        Ok(space) => analyze(&name, &samples, |g| space.depth(g))?,
        Err(_) => {
            // Too large to enumerate: solve each distinct pattern optimally instead.
            let heuristic = choose_heuristic(
                HeuristicArg::Auto,
                Algorithm::Idastar,
                &goal,
                &PdbOptions { pdb_dir: None, partition: None },
                args.json,
            )?;
            analyze(&name, &samples, |g| {
                solve(g, &goal, Algorithm::Idastar, &heuristic, samples.notation, &interruptible(), NoObserver)
                    .ok()
                    .and_then(|r| r.solution().map(|s| s.cost))
            })?
        }
    };
    let plots = match &args.plot_dir {
        Some(dir) => analysis_plots(&analysis, dir, args.plot_format)?,
        None => Vec::new(),
    };
    if args.json {
        let mut v = analysis_json(&analysis);
        v["board"] = json!(samples.board.to_string());
        v["goal"] = json!(format_state(&goal, samples.notation));
        v["plots"] = json!(plots.iter().map(|p| p.display().to_string()).collect::<Vec<_>>());
        common::print_json(&v);
    } else {
        print_analysis(&analysis, &goal, samples.notation);
        for p in &plots {
            println!("plot: {}", p.display());
        }
    }
    Ok(Status::Done)
}

fn analysis_json(a: &Analysis) -> Value {
    json!({
        "samples": a.samples,
        "distinct_patterns": a.patterns.len(),
        "patterns": a.patterns.iter().map(|p| json!({"pattern": p.pattern, "count": p.count, "moves": p.moves})).collect::<Vec<_>>(),
        "puzzles": a.puzzles.iter().map(|p| json!({"puzzle": p.puzzle, "count": p.count, "patterns": p.patterns})).collect::<Vec<_>>(),
        "min_moves": a.min_moves(),
        "max_moves": a.max_moves(),
        "pattern_average_moves": a.pattern_average,
        "weighted_average_moves": a.weighted_average,
        "median_moves": a.median,
        "mode_moves": a.modes,
        "by_moves": a.by_moves.iter().map(|b| json!({"moves": b.moves, "patterns": b.patterns, "samples": b.samples})).collect::<Vec<_>>(),
        "similarity": a.similarity,
    })
}

fn print_analysis(a: &Analysis, goal: &Grid, notation: Notation) {
    println!("samples: {}, distinct patterns: {} (goal {})", a.samples, a.patterns.len(), format_state(goal, notation));
    println!("minimum moves: {} to {}, median {}, mode {:?}", a.min_moves(), a.max_moves(), a.median, a.modes);
    println!("average minimum moves over patterns:        {}", a.pattern_average);
    println!("average minimum moves over samples (weighted by appearances): {}", a.weighted_average);
    println!("\npuzzle  samples  patterns");
    for p in &a.puzzles {
        println!("{:>6}  {:>7}  {:>8}", p.puzzle, p.count, p.patterns);
    }
    println!("\nmoves  patterns  samples");
    for b in &a.by_moves {
        println!("{:>5}  {:>8}  {:>7}", b.moves, b.patterns, b.samples);
    }
    println!("\nsimilarity (patterns two puzzle numbers share):");
    let w = a
        .similarity
        .iter()
        .flatten()
        .map(|v| v.to_string().len())
        .max()
        .unwrap_or(1)
        .max(a.puzzles.iter().map(|p| p.puzzle.len()).max().unwrap_or(1));
    print!("{:>w$} ", "");
    for p in &a.puzzles {
        print!(" {:>w$}", p.puzzle);
    }
    println!();
    for (p, row) in a.puzzles.iter().zip(&a.similarity) {
        print!("{:>w$} ", p.puzzle);
        for v in row {
            print!(" {v:>w$}");
        }
        println!();
    }
    println!("\npattern     count  moves");
    for p in &a.patterns {
        println!("{:<10} {:>6} {:>6}", p.pattern, p.count, p.moves);
    }
}

fn analysis_plots(a: &Analysis, dir: &Path, format: PlotFormat) -> Result<Vec<PathBuf>> {
    std::fs::create_dir_all(dir).with_context(|| format!("creating {}", dir.display()))?;
    let ext = match format {
        PlotFormat::Png => "png",
        PlotFormat::Svg => "svg",
    };
    let n = a.samples;
    let mut out = Vec::new();
    let mut bars = |name: &str,
                    title: String,
                    x: &str,
                    y: &str,
                    bars: Vec<(String, f64)>,
                    max_labels: usize,
                    values: bool|
     -> Result<()> {
        let path = dir.join(format!("{name}.{ext}"));
        plot::bar_chart(
            &path,
            &plot::Bars { title: &title, x_desc: x, y_desc: y, bars, max_labels, values_on_bars: values },
        )?;
        out.push(path);
        Ok(())
    };
    let few = a.puzzles.len() <= 40;
    bars(
        "puzzle-frequency",
        format!("Appearances by puzzle number ({n} samples, {} puzzle numbers)", a.puzzles.len()),
        "Puzzle number",
        "Appearances",
        a.puzzles.iter().map(|p| (p.puzzle.clone(), p.count as f64)).collect(),
        40,
        few,
    )?;
    bars(
        "pattern-frequency",
        format!("Appearances by pattern ({} distinct patterns in {n} samples)", a.patterns.len()),
        "Pattern (in order of first appearance)",
        "Appearances",
        a.patterns.iter().map(|p| (p.pattern.clone(), p.count as f64)).collect(),
        if a.patterns.len() <= 12 { 12 } else { 0 },
        a.patterns.len() <= 30,
    )?;
    bars(
        "moves-by-pattern",
        format!("Minimum moves by pattern (average {:.3})", a.pattern_average),
        "Pattern (in order of first appearance)",
        "Minimum number of moves",
        a.patterns.iter().map(|p| (p.pattern.clone(), p.moves as f64)).collect(),
        if a.patterns.len() <= 12 { 12 } else { 0 },
        a.patterns.len() <= 30,
    )?;
    bars(
        "patterns-by-moves",
        "Distinct patterns by minimum number of moves".to_string(),
        "Minimum number of moves",
        "Patterns",
        a.by_moves.iter().map(|b| (b.moves.to_string(), b.patterns as f64)).collect(),
        40,
        true,
    )?;
    bars(
        "samples-by-moves",
        format!("Samples by minimum number of moves (weighted average {:.4})", a.weighted_average),
        "Minimum number of moves",
        "Samples",
        a.by_moves.iter().map(|b| (b.moves.to_string(), b.samples as f64)).collect(),
        40,
        true,
    )?;
    bars(
        "patterns-by-puzzle",
        "Distinct patterns by puzzle number".to_string(),
        "Puzzle number",
        "Distinct patterns",
        a.puzzles.iter().map(|p| (p.puzzle.clone(), p.patterns as f64)).collect(),
        40,
        few,
    )?;
    let path = dir.join(format!("similarity.{ext}"));
    let labels: Vec<String> = a.puzzles.iter().map(|p| p.puzzle.clone()).collect();
    plot::heat_map(
        &path,
        "Patterns shared by two puzzle numbers (similarity matrix)",
        "Puzzle number",
        &labels,
        &a.similarity,
    )?;
    out.push(path);
    Ok(out)
}

// ---------------------------------------------------------------------------------------
// pool and samples-needed

/// Arguments of `delve sliding pool`.
#[derive(Args, Debug)]
pub struct PoolArgs {
    /// Samples drawn (S), e.g. 80.
    #[arg(long, value_name = "S")]
    samples: usize,
    /// Distinct patterns observed among them (K), e.g. 48.
    #[arg(long, value_name = "K")]
    observed: usize,
    /// Simulated draws averaged per pool size.
    #[arg(long, value_name = "T", default_value_t = 100)]
    trials: usize,
    /// Largest pool size simulated (pools 1..=P).
    #[arg(long, value_name = "P", default_value_t = 100)]
    max_pool: usize,
    /// Seed of the random generator.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Draw the curve to FILE (.png or .svg).
    #[arg(long, value_name = "FILE")]
    plot: Option<PathBuf>,
    /// Print one JSON object instead of text.
    #[arg(long)]
    json: bool,
}

fn run_pool(args: PoolArgs) -> Result<Status> {
    if let Some(p) = &args.plot {
        plot::check_path(p)?;
    }
    if args.observed == 0 || args.observed > args.samples {
        bail!("--observed must be between 1 and the number of samples ({}), got {}", args.samples, args.observed);
    }
    let curve = simulate_pool(args.samples, args.trials, args.max_pool, args.seed)?;
    let k = args.observed as f64;
    let crossing = curve.crossing(k);
    let expected = curve.expected_crossing(k);
    if let Some(path) = &args.plot {
        let title =
            format!("Distinct patterns seen in {} samples, by pool size ({} trials each)", args.samples, args.trials);
        let xs = 1..=args.max_pool;
        let mut marks = Vec::new();
        if let Some(c) = crossing {
            marks.push((c as f64, curve.average[c - 1], format!("  pool ≈ {c}")));
        }
        plot::line_chart(
            path,
            &plot::Lines {
                title: &title,
                x_desc: "Pool size (patterns)",
                y_desc: "Distinct patterns observed",
                lines: vec![
                    plot::Line {
                        name: "simulated average".into(),
                        points: xs.clone().map(|p| (p as f64, curve.average[p - 1])).collect(),
                        color: plot::BLUE_LINE,
                    },
                    plot::Line {
                        name: "expected P(1-(1-1/P)^S)".into(),
                        points: xs.clone().map(|p| (p as f64, expected_distinct(p as f64, args.samples))).collect(),
                        color: plot::GREEN_LINE,
                    },
                    plot::Line {
                        name: "every pattern seen".into(),
                        points: xs.clone().map(|p| (p as f64, (p as f64).min(args.samples as f64))).collect(),
                        color: plot::ORANGE_LINE,
                    },
                    plot::Line {
                        name: format!("{} observed", args.observed),
                        points: vec![(1.0, k), (args.max_pool as f64, k)],
                        color: plot::BLACK_LINE,
                    },
                ],
                marks,
                legend: plotters::prelude::SeriesLabelPosition::LowerRight,
            },
        )?;
    }
    if args.json {
        common::print_json(&json!({
            "samples": args.samples,
            "observed": args.observed,
            "trials": args.trials,
            "max_pool": args.max_pool,
            "seed": args.seed,
            "crossing": crossing,
            "expected_crossing": expected,
            "average": curve.average,
        }));
    } else {
        println!(
            "simulated {} trials of {} samples for pools of 1..{} patterns (seed {})",
            args.trials, args.samples, args.max_pool, args.seed
        );
        match crossing {
            Some(c) => println!(
                "{} distinct patterns observed → estimated pool: {c} patterns (simulated average there {:.2})",
                args.observed,
                curve.average[c - 1]
            ),
            None => println!(
                "{} distinct patterns observed: no pool up to {} reaches it on average; try a larger --max-pool",
                args.observed, args.max_pool
            ),
        }
        if let Some(e) = expected {
            println!("closed form P(1-(1-1/P)^S) = {}: P = {e:.2}", args.observed);
        }
        if let Some(p) = &args.plot {
            println!("plot: {}", p.display());
        }
    }
    Ok(Status::Done)
}

/// Arguments of `delve sliding samples-needed`.
#[derive(Args, Debug)]
pub struct SamplesNeededArgs {
    /// The pool size believed (P), e.g. 70.
    #[arg(long, value_name = "P")]
    pool: u64,
    /// Confidence that no further pattern exists (e.g. 0.999 for 0.1%).
    #[arg(long, value_name = "C", default_value_t = 0.999)]
    confidence: f64,
    /// Also report the probability after N samples.
    #[arg(long, value_name = "N")]
    have: Option<u64>,
    /// Draw the probability curve to FILE (.png or .svg).
    #[arg(long, value_name = "FILE")]
    plot: Option<PathBuf>,
    /// Print one JSON object instead of text.
    #[arg(long)]
    json: bool,
}

/// `0.0010000000000000009` → `0.1` (percent, float noise trimmed).
fn percent(fraction: f64) -> String {
    let s = format!("{:.6}", fraction * 100.0);
    s.trim_end_matches('0').trim_end_matches('.').to_string()
}

fn run_samples_needed(args: SamplesNeededArgs) -> Result<Status> {
    if let Some(p) = &args.plot {
        plot::check_path(p)?;
    }
    let s = samples_needed(args.pool, args.confidence)?;
    let have = args.have.map(|n| (n, unseen_probability(args.pool, n)));
    if let Some(path) = &args.plot {
        let title = format!(
            "Probability that one pattern beyond {} is never seen, (P/(P+1))^n; {}% reached at n = {}",
            args.pool,
            percent(1.0 - args.confidence),
            s.samples
        );
        let end = s.samples.max(args.have.unwrap_or(0)) as usize + s.samples as usize / 10 + 1;
        let points: Vec<(f64, f64)> =
            (0..=end).map(|n| (n as f64, unseen_probability(args.pool, n as u64) * 100.0)).collect();
        let mut lines = vec![
            plot::Line { name: "probability".into(), points, color: plot::BLUE_LINE },
            plot::Line {
                name: format!("{} samples", s.samples),
                points: vec![(s.samples as f64, 0.0), (s.samples as f64, 100.0)],
                color: plot::ORANGE_LINE,
            },
        ];
        if let Some((n, _)) = have {
            lines.push(plot::Line {
                name: format!("{n} samples"),
                points: vec![(n as f64, 0.0), (n as f64, 100.0)],
                color: plot::GREEN_LINE,
            });
        }
        plot::line_chart(
            path,
            &plot::Lines {
                title: &title,
                x_desc: "Number of samples (n)",
                y_desc: "Unseen-pattern probability (%)",
                lines,
                marks: vec![(s.samples as f64, s.probability * 100.0, format!("  n = {}", s.samples))],
                legend: plotters::prelude::SeriesLabelPosition::UpperRight,
            },
        )?;
    }
    if args.json {
        let mut v = json!({
            "pool": args.pool,
            "confidence": args.confidence,
            "samples": s.samples,
            "probability": s.probability,
        });
        if let Some((n, p)) = have {
            v["have"] = json!({"samples": n, "probability": p, "confidence": 1.0 - p});
        }
        common::print_json(&v);
    } else {
        println!(
            "With {} samples, 1 unseen pattern exist probability: {} (below {}%, pool of {})",
            s.samples,
            s.probability,
            percent(1.0 - args.confidence),
            args.pool
        );
        if let Some((n, p)) = have {
            println!("with {n} samples: probability {p:.6} (confidence {:.2}%)", (1.0 - p) * 100.0);
        }
        if let Some(p) = &args.plot {
            println!("plot: {}", p.display());
        }
    }
    Ok(Status::Done)
}

#[cfg(test)]
mod tests {
    use super::*;
    use delve_sliding::replay;

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
