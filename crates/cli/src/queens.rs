//! `delve queens`: solve one board with any algorithm, run the reference's batch files, count
//! every solution. Thin: arguments → `delve_queens` → the independent checker → rendering.

use crate::common::{self, Progress, SearchArgs, Status};
use anyhow::{Context, bail};
use clap::{Args, Subcommand};
use delve_core::{Limits, Observer, Stats};
use delve_queens::{Algorithm, Found, Report, count_solutions, format_output, parse_batch, rows_line, verify};
use indicatif::{ProgressBar, ProgressStyle};
use serde_json::{Value, json};
use std::io::{IsTerminal, Write};
use std::path::{Path, PathBuf};

/// Largest board `--verbose 2` draws.
const MAX_DRAWN: usize = 64;
/// Largest board whose rows the batch summary prints (the files always hold them).
const MAX_SUMMARY_ROWS: usize = 32;

/// Arguments of `delve queens`.
#[derive(Args, Debug)]
pub struct QueensArgs {
    #[command(subcommand)]
    command: QueensCommand,
}

#[derive(Subcommand, Debug)]
enum QueensCommand {
    /// Place N non-attacking queens with one algorithm.
    Solve(SolveArgs),
    /// Run a batch file of `N algorithm` lines, writing `N_algorithm_output.txt` for each.
    Batch(BatchArgs),
    /// Count every solution exactly (bitboards, the square's 8 symmetries, all cores).
    Count(CountArgs),
}

fn parse_algorithm(s: &str) -> Result<Algorithm, String> {
    s.parse::<Algorithm>().map_err(|e| e.to_string())
}

fn parse_size(s: &str) -> Result<usize, String> {
    match s.parse::<usize>() {
        Ok(n) if n >= 1 => Ok(n),
        _ => Err(format!("`{s}` is not a board size (a positive integer)")),
    }
}

/// Arguments of `delve queens solve`.
#[derive(Args, Debug)]
struct SolveArgs {
    /// Board size.
    #[arg(value_parser = parse_size)]
    n: usize,
    /// bfs, dfs, csp, csp-mrv-fc, mac, hc, hc-restart, sa, min-conflicts, ucs, ils or construct.
    #[arg(long, value_parser = parse_algorithm, default_value = "min-conflicts")]
    algo: Algorithm,
    /// Seed of the randomised algorithms (hc, hc-restart, sa, min-conflicts; MRV ties of
    /// csp-mrv-fc and mac).
    #[arg(long, default_value_t = 0)]
    seed: u64,
    /// 0: solved or not; 1: the 1-based rows and statistics; 2: also a drawn board.
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u8).range(0..=2))]
    verbose: u8,
    #[command(flatten)]
    search: SearchArgs,
}

/// Arguments of `delve queens batch`.
#[derive(Args, Debug)]
struct BatchArgs {
    /// The input file: one `N algorithm` per line (e.g. `5 bfs`).
    input: PathBuf,
    /// Where the output files go.
    #[arg(long, value_name = "DIR", default_value = ".")]
    out_dir: PathBuf,
    /// Seed of the randomised algorithms.
    #[arg(long, default_value_t = 0)]
    seed: u64,
    /// Limits apply to each line separately.
    #[command(flatten)]
    search: SearchArgs,
}

/// Arguments of `delve queens count`.
#[derive(Args, Debug)]
struct CountArgs {
    /// Board size (1..=27; N = 27 is the largest board ever counted).
    #[arg(value_parser = parse_size)]
    n: usize,
    /// Worker threads (default: all cores).
    #[arg(long, value_name = "T", default_value_t = 0)]
    threads: usize,
    /// Stop after this many seconds.
    #[arg(long, value_name = "SECS")]
    timeout: Option<f64>,
    /// Print one JSON object.
    #[arg(long)]
    json: bool,
}

/// Runs `delve queens`.
pub fn run(args: QueensArgs) -> anyhow::Result<Status> {
    match args.command {
        QueensCommand::Solve(a) => solve(a),
        QueensCommand::Batch(a) => batch(a),
        QueensCommand::Count(a) => count(a),
    }
}

/// Runs one algorithm with a spinner on a terminal, and checks any placement it returns.
fn run_checked(n: usize, algo: Algorithm, seed: u64, limits: &Limits) -> anyhow::Result<Report> {
    let mut spinner = Progress::new(&format!("{n}-queens {algo}"));
    let report = delve_queens::solve(n, algo, seed, limits, &mut |stats: &Stats| {
        Observer::<(), ()>::expanded(&mut spinner, &(), stats);
    })?;
    drop(spinner);
    if let Found::Solved(rows) = &report.found {
        verify(n, rows).with_context(|| format!("internal error: {algo} returned an invalid placement"))?;
    }
    Ok(report)
}

fn status_of(found: &Found) -> Status {
    match found {
        Found::Solved(_) => Status::Done,
        Found::NoSolution | Found::Stopped(_) => Status::NotSolved,
    }
}

fn outcome_word(found: &Found) -> String {
    match found {
        Found::Solved(_) => "solved".into(),
        Found::NoSolution => "no solution".into(),
        Found::Stopped(reason) => format!("stopped: {reason}"),
    }
}

/// The statistics object: the shared fields plus the algorithm's own counters.
fn stats_value(report: &Report) -> Value {
    let mut v = common::stats_json(&report.stats);
    if let Value::Object(map) = &mut v {
        for (k, c) in &report.counters {
            map.insert((*k).to_string(), json!(c));
        }
    }
    v
}

fn solve(args: SolveArgs) -> anyhow::Result<Status> {
    let (n, algo) = (args.n, args.algo);
    let report = run_checked(n, algo, args.seed, &args.search.limits())?;
    let rows = report.rows();
    let out = std::io::stdout();
    let mut out = out.lock();
    if args.search.json {
        let mut v = json!({
            "n": n,
            "algo": algo.name(),
            "solved": rows.is_some(),
            "rows": rows.map(|r| r.iter().map(|&x| u64::from(x) + 1).collect::<Vec<_>>()),
            "outcome": match &report.found {
                Found::Solved(_) => "solved",
                Found::NoSolution => "no_solution",
                Found::Stopped(_) => "stopped",
            },
            "stats": stats_value(&report),
        });
        if let Some(seed) = report.seed {
            v["seed"] = json!(seed);
        }
        if let Found::Stopped(reason) = &report.found {
            v["stop_reason"] = json!(reason.to_string());
        }
        writeln!(out, "{v}")?;
        return Ok(status_of(&report.found));
    }
    if args.verbose == 0 {
        writeln!(out, "{}", outcome_word(&report.found))?;
        return Ok(status_of(&report.found));
    }
    let seed = report.seed.map(|s| format!(", seed {s}")).unwrap_or_default();
    writeln!(out, "{n}-queens by {algo}{seed}: {}", outcome_word(&report.found))?;
    if let Some(rows) = rows {
        writeln!(out, "rows: {}", rows_line(rows))?;
    }
    let extra: Vec<String> = report.counters.iter().map(|(k, v)| format!("{k} {v}")).collect();
    let extra = if extra.is_empty() { String::new() } else { format!("; {}", extra.join(", ")) };
    writeln!(out, "{}{extra}", common::stats_line(&report.stats))?;
    if args.verbose == 2
        && let Some(rows) = rows
    {
        if n <= MAX_DRAWN {
            write!(out, "{}", draw(rows))?;
        } else {
            writeln!(out, "(board not drawn for N > {MAX_DRAWN}; the rows above are the placement)")?;
        }
    }
    Ok(status_of(&report.found))
}

/// The board: row 1 at the top, column numbers above, `Q` for a queen, `.` for an empty square.
fn draw(rows: &[u32]) -> String {
    let n = rows.len();
    let width = n.to_string().len();
    let mut s = String::new();
    s.push_str(&" ".repeat(width + 1));
    for c in 1..=n {
        s.push_str(&format!(" {:>w$}", c, w = width));
    }
    s.push('\n');
    for r in 0..n {
        s.push_str(&format!("{:>w$} ", r + 1, w = width));
        for &q in rows {
            let cell = if q as usize == r { "Q" } else { "." };
            s.push_str(&format!(" {cell:>width$}"));
        }
        s.push('\n');
    }
    s
}

fn batch(args: BatchArgs) -> anyhow::Result<Status> {
    let name = args.input.display().to_string();
    let text = std::fs::read_to_string(&args.input).with_context(|| format!("cannot read {name}"))?;
    let (lines, errors) = parse_batch(&text);
    for e in &errors {
        eprintln!("error: {name}: {e}");
    }
    std::fs::create_dir_all(&args.out_dir)
        .with_context(|| format!("cannot create the output directory {}", args.out_dir.display()))?;
    let mut stopped = false;
    let mut results = Vec::new();
    for line in &lines {
        let report = match run_checked(line.n, line.algorithm, args.seed, &args.search.limits()) {
            Ok(r) => r,
            Err(e) => {
                eprintln!("error: {name}: line {}: {e:#}", line.line);
                stopped = true;
                continue;
            }
        };
        let file = if args.out_dir == Path::new(".") {
            PathBuf::from(line.output_name())
        } else {
            args.out_dir.join(line.output_name())
        };
        let summary = match &report.found {
            Found::Stopped(reason) => {
                eprintln!(
                    "error: {name}: line {}: {} {}: stopped ({reason}); no file written",
                    line.line, line.n, line.algorithm
                );
                stopped = true;
                results.push(json!({"line": line.line, "n": line.n, "algo": line.algorithm.name(), "file": Value::Null, "solved": false, "stop_reason": reason.to_string()}));
                continue;
            }
            Found::Solved(rows) if line.n <= MAX_SUMMARY_ROWS => rows_line(rows),
            Found::Solved(_) => "solved".to_string(),
            Found::NoSolution => "no solution".to_string(),
        };
        std::fs::write(&file, format_output(report.rows()))
            .with_context(|| format!("cannot write {}", file.display()))?;
        results.push(json!({
            "line": line.line,
            "n": line.n,
            "algo": line.algorithm.name(),
            "file": file.display().to_string(),
            "solved": report.rows().is_some(),
            "stats": stats_value(&report),
        }));
        if !args.search.json {
            println!("line {}: {} {} -> {}: {summary}", line.line, line.n, line.algorithm, file.display());
        }
    }
    if args.search.json {
        let errs: Vec<String> = errors.iter().map(ToString::to_string).collect();
        common::print_json(&json!({"input": name, "results": results, "errors": errs}));
    }
    if !errors.is_empty() {
        bail!("{name}: {} malformed line(s); the other lines were processed", errors.len());
    }
    Ok(if stopped { Status::NotSolved } else { Status::Done })
}

fn count(args: CountArgs) -> anyhow::Result<Status> {
    let mut limits = Limits::none().cancel_flag(common::cancel_flag());
    if let Some(secs) = args.timeout {
        if !(secs.is_finite() && secs > 0.0) {
            bail!("--timeout expects a positive number of seconds, got {secs}");
        }
        limits = limits.timeout(std::time::Duration::from_secs_f64(secs));
    }
    let bar = std::io::stderr().is_terminal().then(|| {
        let bar = ProgressBar::new(0);
        bar.set_style(
            ProgressStyle::with_template("{prefix} [{bar:30}] {pos}/{len} tasks [{elapsed} / ~{eta}]")
                .expect("valid template")
                .progress_chars("=> "),
        );
        bar.set_prefix(format!("counting {}-queens", args.n));
        bar
    });
    let progress = |done: u64, total: u64| {
        if let Some(bar) = &bar {
            bar.set_length(total);
            bar.set_position(done);
        }
    };
    let result = count_solutions(args.n, args.threads, &limits, &progress);
    if let Some(bar) = &bar {
        bar.finish_and_clear();
    }
    let c = match result {
        Ok(c) => c,
        Err(delve_queens::QueensError::Stopped(reason)) => {
            if args.json {
                common::print_json(&json!({"n": args.n, "solutions": Value::Null, "stop_reason": reason.to_string()}));
            } else {
                println!("{}-queens: count stopped ({reason})", args.n);
            }
            return Ok(Status::NotSolved);
        }
        Err(e) => return Err(e.into()),
    };
    let ms = c.elapsed.as_secs_f64() * 1000.0;
    if args.json {
        common::print_json(
            &json!({"n": c.n, "solutions": c.solutions, "unique": c.unique, "elapsed_ms": ms, "tasks": c.tasks}),
        );
    } else {
        let threads = if args.threads == 0 { rayon::current_num_threads() } else { args.threads };
        println!(
            "{}-queens: {} solutions, {} unique up to symmetry ({} tasks on {threads} thread{}, {ms:.1} ms)",
            c.n,
            c.solutions,
            c.unique,
            c.tasks,
            if threads == 1 { "" } else { "s" }
        );
    }
    Ok(Status::Done)
}

#[cfg(test)]
mod tests {
    use super::draw;

    #[test]
    fn boards_are_drawn_row_one_on_top() {
        assert_eq!(draw(&[1, 3, 0, 2]), "   1 2 3 4\n1  . . Q .\n2  Q . . .\n3  . . . Q\n4  . Q . .\n");
    }
}
