//! `delve queens`: solve one board with any algorithm, run the original assignment's batch files,
//! count every solution. Thin: arguments → `delve_queens` → the independent checker → rendering.

use crate::common::{self, ClusterArgs, LimitArgs, OutputArgs, Progress, Status, TimeArgs};
use anyhow::{Context, bail};
use clap::{Args, Subcommand};
use delve_core::Limits;
use delve_core::input;
use delve_queens::{
    Algorithm, BatchOutput, BatchResult, Found, Run, count_report, count_solutions, format_output, parse_batch,
    rows_line,
};
use std::io::Write;
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

fn parse_size(s: &str) -> Result<usize, String> {
    match s.parse::<usize>() {
        Ok(n) if n >= 1 => Ok(n),
        _ => Err(format!("`{s}` is not a board size (a positive integer)")),
    }
}

/// Arguments of `delve queens solve`.
#[derive(Args, Debug)]
#[command(
    after_help = "Examples:\n  delve queens solve 8 --algo hc --seed 1 --verbose 2\n  delve queens solve 8 --algo hc --zero-based\n  delve queens solve 5 --algo bfs\n  delve queens solve 1000 --algo csp-mrv-fc --json\n  delve queens solve 100000 --algo min-conflicts --verbose 0"
)]
struct SolveArgs {
    /// Board size.
    #[arg(value_parser = parse_size)]
    n: usize,
    /// bfs, dfs, csp, csp-mrv-fc, mac, hc, hc-restart, sa, min-conflicts, ucs, ils or construct.
    #[arg(long, value_parser = common::parse_name::<Algorithm>, default_value = "min-conflicts")]
    algo: Algorithm,
    /// Seed of the randomised algorithms (hc, hc-restart, sa, min-conflicts; MRV ties of
    /// csp-mrv-fc and mac) [default: a fresh one for hc and hc-restart, printed with the
    /// result so the run can be repeated; 0 for the others].
    #[arg(long)]
    seed: Option<u64>,
    #[command(flatten)]
    view: ViewArgs,
    #[command(flatten)]
    limits: LimitArgs,
    #[command(flatten)]
    output: OutputArgs,
}

/// How `solve` and `batch` print an answer on the console.
#[derive(Args, Debug, Clone, Copy)]
struct ViewArgs {
    /// 0: solved or not; 1: the rows (`solve`: and the statistics; `batch`: for boards up to
    /// 32); 2: the rows, the statistics and a drawn board.
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u8).range(0..=2))]
    verbose: u8,
    /// Rows and the drawn board counted from 0, the original's console view (files and
    /// `--json` stay 1-based).
    #[arg(long)]
    zero_based: bool,
}

/// Arguments of `delve queens batch`.
#[derive(Args, Debug)]
struct BatchArgs {
    /// The input file: one `N algorithm` per line (e.g. `5 bfs`).
    input: PathBuf,
    /// Where the output files go.
    #[arg(long, value_name = "DIR", default_value = ".")]
    out_dir: PathBuf,
    /// Seed of the randomised algorithms [default: a fresh one for each hc and hc-restart
    /// line, printed with it; 0 for the others].
    #[arg(long)]
    seed: Option<u64>,
    #[command(flatten)]
    view: ViewArgs,
    /// Limits apply to each line separately.
    #[command(flatten)]
    limits: LimitArgs,
    #[command(flatten)]
    output: OutputArgs,
}

/// Arguments of `delve queens count`.
#[derive(Args, Debug)]
#[command(
    after_help = "Examples:\n  delve queens count 12\n  delve queens count 14 --threads 1 --json\n  delve queens count 24 --timeout 0.5\n  delve queens count 12 --workers 2"
)]
struct CountArgs {
    /// Board size (1..=27; N = 27 is the largest board ever counted).
    #[arg(value_parser = parse_size)]
    n: usize,
    /// Worker threads [default: all cores].
    #[arg(long, value_name = "T", value_parser = clap::value_parser!(u64).range(1..=1024))]
    threads: Option<u64>,
    /// The one limit of a count (a node budget does not apply).
    #[command(flatten)]
    time: TimeArgs,
    #[command(flatten)]
    output: OutputArgs,
    #[command(flatten)]
    cluster: ClusterArgs,
}

/// Runs `delve queens`.
pub fn run(args: QueensArgs) -> anyhow::Result<Status> {
    match args.command {
        QueensCommand::Solve(a) => solve(a),
        QueensCommand::Batch(a) => batch(a),
        QueensCommand::Count(a) => count(a),
    }
}

/// Runs one algorithm with a spinner on a terminal (the domain checks memory and the
/// placement found).
fn run_checked(n: usize, algo: Algorithm, seed: u64, limits: &Limits) -> anyhow::Result<Run> {
    let spinner = Progress::new(&format!("{n}-queens {algo}"));
    Ok(delve_queens::solve_checked(n, algo, seed, limits, spinner)?)
}

fn solve(args: SolveArgs) -> anyhow::Result<Status> {
    let (n, algo) = (args.n, args.algo);
    let run = run_checked(n, algo, algo.seed(args.seed), &args.limits.limits())?;
    let report = run.report();
    if args.output.json {
        common::print_json(&report);
        return Ok(Status::from_solved(report.solved));
    }
    let out = std::io::stdout();
    let mut out = out.lock();
    if args.view.verbose == 0 {
        writeln!(out, "{}", report.status())?;
        return Ok(Status::from_solved(report.solved));
    }
    let seed = report.detail.seed.map(|s| format!(", seed {s}")).unwrap_or_default();
    writeln!(out, "{n}-queens by {algo}{seed}: {}", report.status())?;
    print_answer(&mut out, &run, args.view)?;
    Ok(Status::from_solved(report.solved))
}

/// The rows, the statistics and (at `--verbose 2`) the board of `run`, as `solve` prints them.
fn print_answer(out: &mut impl Write, run: &Run, view: ViewArgs) -> std::io::Result<()> {
    if let Some(rows) = run.rows() {
        writeln!(out, "rows: {}", rows_text(rows, view.zero_based))?;
    }
    let extra: Vec<String> = run.counters.iter().map(|(k, v)| format!("{k} {v}")).collect();
    let extra = if extra.is_empty() { String::new() } else { format!("; {}", extra.join(", ")) };
    writeln!(out, "{}{extra}", run.report().stats)?;
    if view.verbose == 2
        && let Some(rows) = run.rows()
    {
        if rows.len() <= MAX_DRAWN {
            write!(out, "{}", draw(rows, view.zero_based))?;
        } else {
            writeln!(out, "(board not drawn for N > {MAX_DRAWN}; the rows above are the placement)")?;
        }
    }
    Ok(())
}

/// The rows, counted from 1 (or from 0 with `zero_based`), separated by spaces.
fn rows_text(rows: &[u32], zero_based: bool) -> String {
    if zero_based { rows.iter().map(u32::to_string).collect::<Vec<_>>().join(" ") } else { rows_line(rows) }
}

/// The board: the first row at the top, column numbers above (from 1, or from 0 with
/// `zero_based`), `Q` for a queen, `.` for an empty square.
fn draw(rows: &[u32], zero_based: bool) -> String {
    let n = rows.len();
    let first = usize::from(!zero_based);
    let width = (n - 1 + first).to_string().len();
    let mut s = String::new();
    s.push_str(&" ".repeat(width + 1));
    for c in first..n + first {
        s.push_str(&format!(" {:>w$}", c, w = width));
    }
    s.push('\n');
    for r in 0..n {
        s.push_str(&format!("{:>w$} ", r + first, w = width));
        for &q in rows {
            let cell = if q as usize == r { "Q" } else { "." };
            s.push_str(&format!(" {cell:>width$}"));
        }
        s.push('\n');
    }
    s
}

fn batch(args: BatchArgs) -> anyhow::Result<Status> {
    let start = std::time::Instant::now();
    let name = args.input.display().to_string();
    let text = input::read_text(&args.input).with_context(|| format!("cannot read {name}"))?;
    let (lines, errors) = parse_batch(&text);
    for e in &errors {
        common::print_error(format!("{name}: {e}"));
    }
    if lines.is_empty() && errors.is_empty() {
        bail!("{name}: no `N algorithm` lines in the file");
    }
    std::fs::create_dir_all(&args.out_dir)
        .with_context(|| format!("cannot create the output directory {}", args.out_dir.display()))?;
    let mut stopped = false;
    // Lines the library refuses (N too large for the algorithm or for memory): bad input,
    // reported like malformed lines.
    let mut refusals = Vec::new();
    let mut results = Vec::new();
    // One `Limits` for the whole batch: the time limit is counted per line.
    let limits = args.limits.limits();
    for line in &lines {
        let seed = line.algorithm.seed(args.seed);
        let run = match run_checked(line.n, line.algorithm, seed, &limits) {
            Ok(r) => r,
            Err(e) => {
                common::print_error(format!("{name}: line {}: {e:#}", line.line));
                refusals.push(format!("line {}: {e:#}", line.line));
                continue;
            }
        };
        let file = if args.out_dir == Path::new(".") {
            PathBuf::from(line.output_name())
        } else {
            args.out_dir.join(line.output_name())
        };
        let zero = args.view.zero_based;
        let summary = match &run.found {
            Found::Stopped(reason) => {
                eprintln!(
                    "error: {name}: line {}: {} {}: stopped ({reason}); no file written",
                    line.line, line.n, line.algorithm
                );
                stopped = true;
                results.push(BatchResult { line: line.line, file: None, report: run.report() });
                continue;
            }
            Found::Solved(rows) if line.n <= MAX_SUMMARY_ROWS && args.view.verbose == 1 => rows_text(rows, zero),
            Found::Solved(_) => "solved".to_string(),
            Found::NoSolution => "no solution".to_string(),
        };
        std::fs::write(&file, format_output(run.rows())).with_context(|| format!("cannot write {}", file.display()))?;
        results.push(BatchResult { line: line.line, file: Some(file.display().to_string()), report: run.report() });
        if !args.output.json {
            // A drawn seed is printed, so the line can be repeated with `--seed`.
            let drawn = if args.seed.is_none() && line.algorithm.draws_a_seed() {
                format!(", seed {seed}")
            } else {
                String::new()
            };
            println!("line {}: {} {}{drawn} -> {}: {summary}", line.line, line.n, line.algorithm, file.display());
            if args.view.verbose == 2 {
                print_answer(&mut std::io::stdout().lock(), &run, args.view)?;
            }
        }
    }
    let bad = errors.len() + refusals.len();
    if args.output.json {
        let errors = errors.iter().map(ToString::to_string).chain(refusals).collect();
        let output = BatchOutput { input: name.clone(), results, errors };
        common::print_json(&output.report(delve_core::Stats::since(start)));
    }
    if bad > 0 {
        bail!("{name}: {bad} malformed or unsupported line(s); the other lines were processed");
    }
    Ok(if stopped { Status::NotSolved } else { Status::Done })
}

fn count(args: CountArgs) -> anyhow::Result<Status> {
    let limits = args.time.limits();
    let cluster = args.cluster.cluster()?;
    if cluster.is_some() && args.threads.is_some() {
        bail!("--threads is for one process; a dataflow's threads are its --workers");
    }
    let threads = match &cluster {
        Some(c) => c.peers(),
        None => args.threads.map_or_else(rayon::current_num_threads, |t| t as usize),
    };
    let progress = Progress::new(&format!("counting {}-queens", args.n));
    let start = std::time::Instant::now();
    let result = match &cluster {
        None => match count_solutions(args.n, threads, &limits, progress) {
            Ok(c) => Ok(c),
            Err(delve_queens::QueensError::Stopped(reason)) => Err(reason),
            Err(e) => return Err(e.into()),
        },
        Some(cluster) => match delve_dist::queens::count(cluster, args.n, &limits, progress) {
            Ok(Some(c)) => Ok(c),
            // Process 0 prints the count.
            Ok(None) => return Ok(Status::Done),
            Err(delve_dist::Error::Stopped { reason, .. }) if cluster.is_leader() => Err(reason),
            Err(e) => return Err(e.into()),
        },
    };
    let report = count_report(args.n, threads, result, start.elapsed());
    if args.output.json {
        common::print_json(&report);
    } else {
        match (&report.detail.solutions, &report.detail.unique, &report.detail.tasks) {
            (Some(solutions), Some(unique), Some(tasks)) => println!(
                "{}-queens: {solutions} solutions, {unique} unique up to symmetry ({tasks} {} on {threads} {}, {:.1} ms)",
                args.n,
                common::plural(*tasks, "task"),
                common::plural(threads as u64, "thread"),
                report.stats.elapsed_ms()
            ),
            _ => println!("{}-queens: count {}", args.n, report.status()),
        }
    }
    // A count is never "solved": it succeeds when it ran to its end.
    Ok(Status::from_solved(report.outcome == delve_core::OutcomeKind::Complete))
}

#[cfg(test)]
mod tests {
    use super::draw;

    #[test]
    fn boards_are_drawn_row_one_on_top() {
        assert_eq!(draw(&[1, 3, 0, 2], false), "   1 2 3 4\n1  . . Q .\n2  Q . . .\n3  . . . Q\n4  . Q . .\n");
        assert_eq!(draw(&[1, 3, 0, 2], true), "   0 1 2 3\n0  . . Q .\n1  Q . . .\n2  . . . Q\n3  . Q . .\n");
        // Ten rows from 0 end at 9: one digit, as from 1 they would need two.
        assert!(draw(&[0; 10], true).starts_with("   0 1 2"));
        assert!(draw(&[0; 10], false).starts_with("     1  2"));
    }
}
