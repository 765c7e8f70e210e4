//! `delve sokoban`: solve one level of a level file (push-optimal by default), bench a whole
//! collection, play a level in the terminal, or write a file in the other format. Levels are
//! XSB or the original course solver's `levels.txt` (`--format`). Thin: read the file, call
//! `delve_sokoban::solve` (a `delve-core` search plus the independent replay of every
//! solution), render the report.

mod play;

use crate::common::{self, ClusterArgs, LimitArgs, OutputArgs, Progress, Status, TimeArgs};
use anyhow::{Context, bail};
use clap::{ArgGroup, Args, Subcommand, ValueEnum};
use delve_core::{Limits, input};
use delve_sokoban::bench;
use delve_sokoban::{Format, Level, LevelFile, Mode, ParseError, Report, SokobanObserver, SolveError, solve_parallel};
use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::time::Instant;

/// Arguments of `delve sokoban`.
#[derive(Args, Debug)]
pub struct SokobanArgs {
    #[command(subcommand)]
    command: SokobanCommand,
}

#[derive(Subcommand, Debug)]
enum SokobanCommand {
    /// Solve one level: fewest pushes, then fewest moves (or another --mode), as LURD.
    #[command(after_help = "Examples:\n  \
        delve sokoban solve crates/domains/sokoban/data/microban.xsb --level 3\n  \
        delve sokoban solve crates/domains/sokoban/data/microban.xsb --level 2 --json\n  \
        delve sokoban solve crates/domains/sokoban/data/microban.xsb --level 93 --mode pushes --threads 2\n  \
        delve sokoban solve crates/domains/sokoban/data/xsokoban90.xsb --level 1 --mode any --timeout 5\n  \
        delve sokoban solve crates/domains/sokoban/data/microban.xsb --level 4 --ordered\n  \
        delve sokoban solve crates/domains/sokoban/data/microban-course.txt --level 0")]
    Solve(SolveArgs),
    /// Solve every level of a collection: a progress bar, a table and the total.
    #[command(after_help = "Examples:\n  \
        delve sokoban bench crates/domains/sokoban/data/microban.xsb --levels 1-10\n  \
        delve sokoban bench crates/domains/sokoban/data/microban.xsb --levels 1-5 --mode fast --json\n  \
        delve sokoban bench crates/domains/sokoban/data/microban.xsb --levels 90-92 --timeout 2 --max-memory 500\n  \
        delve sokoban bench crates/domains/sokoban/data/microban.xsb --levels 98-104 --mode pushes --jobs 2\n  \
        delve sokoban bench crates/domains/sokoban/data/microban.xsb --levels 90-95 --mode pushes --jobs 1 --threads 2\n  \
        delve sokoban bench crates/domains/sokoban/data/xsokoban90.xsb --levels 1-2 --mode any --timeout 1\n  \
        delve sokoban bench crates/domains/sokoban/data/microban-course.txt --levels 0-2")]
    Bench(BenchArgs),
    /// Play a level in the terminal: arrows move, D undo, R restart, P fast solve, Space
    /// optimal solve (then the solution plays back, and the search's time and nodes are
    /// shown), Q quit; a push into a dead position says so. Without a terminal, reads LURD
    /// moves from standard input (P and O solve fast and optimally from there) and prints the
    /// final position.
    #[command(after_help = "Examples:\n  \
        delve sokoban play crates/domains/sokoban/data/microban.xsb --level 2\n  \
        delve sokoban play crates/domains/sokoban/data/microban-course.txt --level 0 --ordered\n  \
        echo rddLruulDuullddR | delve sokoban play crates/domains/sokoban/data/microban.xsb --level 2\n  \
        echo rO | delve sokoban play crates/domains/sokoban/data/microban.xsb --level 2")]
    Play(PlayArgs),
    /// Write a level file in XSB or in the original course format (`Level N` headers, levels
    /// from 0, `*` the player on a goal), to standard output or `-o FILE`.
    #[command(after_help = "Examples:\n  \
        delve sokoban convert crates/domains/sokoban/data/microban-course.txt --to xsb\n  \
        delve sokoban convert crates/domains/sokoban/data/microban-course.txt --to course")]
    Convert(ConvertArgs),
}

/// `--format`: how to read a level file.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
enum FormatArg {
    /// The course format when the file has `Level N` headers and no level holds `+` or both
    /// `@` and `*`; else XSB.
    Auto,
    /// XSB: levels from 1, `*` a box on a goal, `+` the player on a goal.
    Xsb,
    /// The original course solver's `levels.txt`: `Level N` headers, levels from 0, `*` the
    /// player (mouse) on a goal (target).
    Course,
}

/// The level file a command reads, and its format.
#[derive(Args, Debug)]
struct FileArgs {
    /// A level file: one level or a collection, in XSB or the course format (see --format).
    file: PathBuf,
    /// The file's format.
    #[arg(long, value_name = "FORMAT", value_enum, default_value_t = FormatArg::Auto)]
    format: FormatArg,
}

/// `--level N`'s help: how a file's levels are numbered.
const LEVEL_HELP: &str = "Which level of the file: XSB levels count from 1, course-format \
    levels by their `Level N` headers (from 0) [default: the first]";

#[derive(Args, Debug)]
#[command(mut_arg("timeout", |a| a.default_value("30").help("Seconds a P or Space solve may take")))]
struct PlayArgs {
    #[command(flatten)]
    input: FileArgs,
    #[arg(long, value_name = "N", help = LEVEL_HELP)]
    level: Option<usize>,
    /// Box i must reach goal i (reading order); each box and its goal are drawn with one
    /// letter (box `A`, goal `a`) and, on a terminal, one colour.
    #[arg(long)]
    ordered: bool,
    #[command(flatten)]
    time: TimeArgs,
}

#[derive(Args, Debug)]
struct ConvertArgs {
    #[command(flatten)]
    input: FileArgs,
    /// The format to write: xsb or course (which has no symbol for a box on a goal, nor for
    /// the ordered-mode letters).
    #[arg(long, value_name = "FORMAT", value_parser = common::parse_name::<Format>)]
    to: Format,
    /// Write to FILE instead of standard output.
    #[arg(short, long, value_name = "FILE")]
    output: Option<PathBuf>,
}

/// `--mode`'s help: what each mode finds.
const MODE_HELP: &str = "What to look for [default: optimal]:
  optimal  fewest pushes, then fewest moves among those
  pushes   fewest pushes only (moves as they come): a smaller search than optimal
  fast     weighted A* (3 × the matching bound): fast, not guaranteed optimal
  any      any solution, for hard levels (tunnel and goal-room macros, corral deadlocks; two
           FESS-style feature-cycling searches, advisor moves first, with different
           advisors, raced on two threads)";

/// The mode (`--mode`, or one of the old flags it replaces, kept hidden so scripts still run)
/// and the settings of a level's search.
#[derive(Args, Debug, Clone, Copy)]
#[command(group(ArgGroup::new("modes").args(["mode", "optimal", "pushes", "fast", "any"])))]
struct ModeArgs {
    /// What to look for: optimal (the default), pushes, fast or any.
    #[arg(long, value_name = "MODE", value_parser = common::parse_name::<Mode>, long_help = MODE_HELP)]
    mode: Option<Mode>,
    /// Same as `--mode optimal`.
    #[arg(long, hide = true)]
    optimal: bool,
    /// Same as `--mode pushes`.
    #[arg(long, hide = true)]
    pushes: bool,
    /// Same as `--mode fast`.
    #[arg(long, hide = true)]
    fast: bool,
    /// Same as `--mode any`.
    #[arg(long, hide = true)]
    any: bool,
    /// Box i must reach goal i (both in reading order); levels written with letters
    /// (boxes `A`-`Z`, goals `a`-`z`) are always ordered.
    #[arg(long)]
    ordered: bool,
    /// Threads one level's A* runs on, at most the cores (modes optimal, pushes, fast:
    /// hash-distributed A*, the same push counts; node counts vary from run to run) [default:
    /// solve: the cores; bench: the cores shared out between the --jobs]. Mode any always
    /// races two threads.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..=256))]
    threads: Option<u64>,
}

impl ModeArgs {
    fn mode(self) -> Mode {
        match self.mode {
            Some(mode) => mode,
            None if self.pushes => Mode::Pushes,
            None if self.fast => Mode::Fast,
            None if self.any => Mode::Any,
            None => Mode::Optimal,
        }
    }
}

#[derive(Args, Debug)]
struct SolveArgs {
    #[command(flatten)]
    input: FileArgs,
    #[arg(long, value_name = "N", help = LEVEL_HELP)]
    level: Option<usize>,
    #[command(flatten)]
    mode: ModeArgs,
    #[command(flatten)]
    limits: LimitArgs,
    #[command(flatten)]
    output: OutputArgs,
}

#[derive(Args, Debug)]
struct BenchArgs {
    #[command(flatten)]
    input: FileArgs,
    /// Only these levels: `N` or `A-B` (inclusive; numbered as for `solve --level`).
    #[arg(long, value_name = "RANGE", value_parser = parse_range)]
    levels: Option<(usize, usize)>,
    #[command(flatten)]
    mode: ModeArgs,
    /// The limits of each level (`--timeout` was once `--timeout-per-level`).
    #[command(flatten)]
    limits: LimitArgs,
    /// Levels solved at once, each on its own thread (two for `--any`, `--threads` for the
    /// others), taken in level order from a queue; the table and the JSON stay in level order
    /// [default: the cores over the threads a level takes]. Levels on several threads are
    /// run at most as many at once as the cores hold (`--jobs 20 --threads 64` on two cores
    /// runs 1 × 2, and says so). The limits (`--timeout`, `--max-nodes`, `--max-memory`)
    /// hold for each level, so N jobs may hold N times `--max-memory` at once;
    /// Ctrl-C stops every running level (each reports its stats, `"cancelled"`) and starts no
    /// more.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..=1024))]
    jobs: Option<u64>,
    #[command(flatten)]
    output: OutputArgs,
    #[command(flatten)]
    cluster: ClusterArgs,
}

impl BenchArgs {
    /// How many levels run at once, and on how many threads each: `--jobs` and `--threads`;
    /// without `--jobs`, the cores over the threads a level takes (two for `--any`, else
    /// `--threads`, else one); without `--threads`, the cores over the jobs (`--any`: its two
    /// racing searches). At least one each.
    fn jobs_and_threads(&self) -> (usize, usize) {
        let (jobs, threads) = self.jobs_and_threads_on(cores());
        let asked = (self.jobs.map(|n| n as usize), self.mode.threads.map(|n| n as usize));
        if asked.0.is_some_and(|j| j != jobs) || asked.1.is_some_and(|t| t != threads && self.mode.mode() != Mode::Any)
        {
            eprintln!(
                "note: {} × {} threads is more than this machine's {} cores can run without starving \
                 the parallel searches: running {jobs} × {threads}",
                asked.0.map_or("the default jobs".to_string(), |j| format!("{j} jobs")),
                asked.1.map_or("the default".to_string(), |t| t.to_string()),
                cores()
            );
        }
        (jobs, threads)
    }

    /// Jobs and threads a level on `cores` cores ([`delve_sokoban::bench::jobs_and_threads`]).
    fn jobs_and_threads_on(&self, cores: usize) -> (usize, usize) {
        let (jobs, threads) = (self.jobs.map(|n| n as usize), self.mode.threads.map(|n| n as usize));
        bench::jobs_and_threads(self.mode.mode(), jobs, threads, cores)
    }
}

/// The cores this machine offers (one if it cannot tell).
fn cores() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get())
}

/// Parses `N` or `A-B` (whether the file has those levels is checked once it is read).
fn parse_range(s: &str) -> Result<(usize, usize), String> {
    let number = |t: &str| t.trim().parse::<usize>().ok();
    let range = match s.split_once('-') {
        Some((a, b)) => number(a).zip(number(b)),
        None => number(s).map(|n| (n, n)),
    };
    match range {
        Some((a, b)) if a <= b => Ok((a, b)),
        _ => Err(format!("expected a level number or a range `A-B` (A ≤ B), got `{s}`")),
    }
}

/// Runs `delve sokoban`.
pub fn run(args: SokobanArgs) -> anyhow::Result<Status> {
    match args.command {
        SokobanCommand::Solve(a) => run_solve(a),
        SokobanCommand::Bench(a) => run_bench(a),
        SokobanCommand::Play(a) => run_play(a),
        SokobanCommand::Convert(a) => run_convert(a),
    }
}

fn run_play(args: PlayArgs) -> anyhow::Result<Status> {
    let levels = load(&args.input)?;
    let level = pick(&args.input.file, &levels, args.level)?;
    let game = delve_sokoban::Playthrough::new(&level, args.ordered);
    Ok(Status::from_solved(play::play(game, &args.time.limits())?))
}

fn run_convert(args: ConvertArgs) -> anyhow::Result<Status> {
    let file = &args.input.file;
    let levels = load(&args.input)?;
    let levels = levels.levels.into_iter().collect::<Result<Vec<Level>, ParseError>>()?;
    let text = args.to.write(&levels).map_err(|mut e| {
        e.file = Some(file.clone());
        e
    })?;
    match &args.output {
        Some(out) => std::fs::write(out, text).with_context(|| format!("writing {}", out.display()))?,
        None => print!("{text}"),
    }
    Ok(Status::Done)
}

/// Level `n` of a file (its first when `None`), or an error that says how the levels are
/// numbered, or what is wrong with that level (the others may be fine).
fn pick(file: &Path, levels: &LevelFile, n: Option<usize>) -> anyhow::Result<Level> {
    let n = n.unwrap_or(levels.first);
    match levels.get(n) {
        Some(Ok(level)) => Ok(level.clone()),
        Some(Err(e)) => Err(anyhow::Error::new(e.clone())),
        None => bail!("{}: no level {n} ({})", file.display(), numbering(levels)),
    }
}

/// How many levels a file has and where their numbers start: `the file has 155 levels,
/// numbered from 1`.
fn numbering(levels: &LevelFile) -> String {
    let count = levels.levels.len();
    let noun = common::plural(count as u64, "level");
    format!("the file has {count} {noun}, numbered from {}", levels.first)
}

/// Every level of the file, each parsed on its own: a malformed level is an error in its
/// place, naming the file, line and column, and the others are still there.
fn load(args: &FileArgs) -> anyhow::Result<LevelFile> {
    let file = &args.file;
    let text = input::read_text(file).with_context(|| format!("reading {}", file.display()))?;
    let named = |mut e: ParseError| {
        e.file = Some(file.to_path_buf());
        e
    };
    let format = match args.format {
        FormatArg::Auto => None,
        FormatArg::Xsb => Some(Format::Xsb),
        FormatArg::Course => Some(Format::Course),
    };
    let mut levels = LevelFile::read(&text, format).map_err(|e| anyhow::Error::new(named(e)))?;
    levels.levels = levels.levels.into_iter().map(|level| level.map_err(named)).collect();
    Ok(levels)
}

/// Solves one level; a level past the solver's limits is bad input (the error names it).
fn solve_level<O>(
    file: &Path,
    level: &Level,
    (mode, threads): (ModeArgs, usize),
    limits: &Limits,
    observer: O,
) -> anyhow::Result<Report>
where
    O: SokobanObserver,
{
    let solved = solve_parallel(level, mode.ordered, mode.mode(), threads, limits, observer)
        .map_err(|e| solve_error(file, e))?;
    Ok(solved.report(level))
}

/// A solve error as bad input: a level past the solver's limits names the file.
fn solve_error(file: &Path, e: SolveError) -> anyhow::Error {
    match e {
        SolveError::TooLarge(mut p) => {
            p.file = Some(file.to_path_buf());
            anyhow::Error::new(p)
        }
        other => anyhow::Error::new(other),
    }
}

fn run_solve(args: SolveArgs) -> anyhow::Result<Status> {
    let levels = load(&args.input)?;
    let level = pick(&args.input.file, &levels, args.level)?;
    let progress = Progress::new(&format!("level {}", level.number));
    // A parallel A* with more threads than cores only starves its own threads.
    let threads = args.mode.threads.map_or_else(cores, |n| (n as usize).min(cores()));
    let report = solve_level(&args.input.file, &level, (args.mode, threads), &args.limits.limits(), progress)?;
    if args.output.json {
        common::print_json(&report);
    } else {
        print_report(&level, &report, args.mode.mode());
    }
    Ok(Status::from_solved(report.solved))
}

fn print_report(level: &Level, report: &Report, mode: Mode) {
    let (detail, stop_reason) = (&report.detail, report.stop_name());
    println!("Level {} \"{}\" ({} mode)", detail.level, detail.title, mode.name());
    print!("{level}");
    match (&detail.solution, stop_reason) {
        (Some(solution), _) => {
            println!(
                "solved: {} pushes, {} moves ({})",
                detail.pushes.unwrap_or_default(),
                detail.moves.unwrap_or_default(),
                quality(mode)
            );
            println!("solution: {solution}");
        }
        (None, Some("no_solution")) => println!("no solution: the whole search space was searched"),
        (None, reason) => println!("not solved: {}", reason.unwrap_or("stopped")),
    }
    print!(
        "nodes generated {}, max nodes held {}, {:.1} ms",
        detail.nodes_generated, detail.max_nodes, detail.elapsed_ms
    );
    match report.stats.branching_factor() {
        Some(b) => println!(", b* {b:.3}"),
        None => println!(),
    }
}

/// What a solution found in `mode` is guaranteed to be.
fn quality(mode: Mode) -> &'static str {
    match mode {
        Mode::Optimal => "optimal: fewest pushes, then fewest moves",
        Mode::Pushes => "optimal in pushes",
        Mode::Fast | Mode::Any => "not guaranteed optimal",
    }
}

fn run_bench(args: BenchArgs) -> anyhow::Result<Status> {
    let file = &args.input.file;
    let all = load(&args.input)?;
    let (from, to) = args.levels.unwrap_or((all.first, all.last()));
    if let Some(n) = [from, to].into_iter().find(|&n| all.get(n).is_none()) {
        bail!("{}: no level {n} ({})", file.display(), numbering(&all));
    }
    // A malformed level is reported, and the others still run.
    let (chosen, mut errors) = bench::choose(all.levels, all.first, from, to);
    for e in &errors {
        common::print_error(&e.error);
    }
    let limits = args.limits.limits();
    let cluster = args.cluster.cluster()?;
    if cluster.is_some() && args.jobs.is_some() {
        bail!("--jobs is for one process; a dataflow solves one level at a time on each of its --workers");
    }
    let (jobs, threads) = match &cluster {
        // One level per worker, on the threads a level takes.
        Some(c) => (c.peers(), args.jobs_and_threads_on(1).1),
        None => args.jobs_and_threads(),
    };
    let start = Instant::now();
    let failed = errors.len();
    // A level past the solvers' size limits is not solved, and the bench goes on.
    let (rows, unsupported) = match &cluster {
        None => {
            let results = solve_levels(&chosen, args.mode, (jobs, threads), &limits);
            bench::sort_results(&chosen, results, Some(file), &mut errors)
        }
        Some(cluster) => match distributed(cluster, file, &chosen, args.mode, threads, &limits)? {
            Some(results) => bench::sort_level_results(results, &mut errors),
            // Process 0 prints the table.
            None => return Ok(Status::Done),
        },
    };
    for e in &unsupported {
        common::print_error(format!("unsupported: {}", e.error));
    }
    for e in &errors[failed..] {
        common::print_error(&e.error);
    }
    let report = bench::report(args.mode.mode(), rows, (errors, unsupported), start.elapsed(), (jobs, threads));
    let detail = &report.detail;
    if args.output.json {
        common::print_json(&report);
    } else {
        println!("{}", header());
        for r in &detail.levels {
            println!("{}", row(r));
        }
        let generated: u64 = detail.levels.iter().map(|r| r.detail.nodes_generated).sum();
        let search_ms: f64 = detail.levels.iter().map(|r| r.detail.elapsed_ms).sum();
        let rate = if search_ms > 0.0 { generated as f64 / (search_ms / 1e3) } else { 0.0 };
        println!(
            "{} of {} solved ({} mode); total {:.1} s, {} nodes generated, {:.0} nodes/s",
            detail.solved_levels,
            detail.levels.len(),
            args.mode.mode().name(),
            detail.total_ms / 1e3,
            generated,
            rate
        );
    }
    let total = detail.levels.len() + detail.unsupported.len();
    common::bench_status(file, detail.errors.len(), "level", detail.solved_levels, total)
}

/// Solves `levels` as a dataflow on `cluster`, one level at a time on each worker (on
/// `threads` threads): the results in level order on process 0, `None` on the others.
fn distributed(
    cluster: &delve_dist::Cluster,
    file: &Path,
    levels: &[Level],
    mode: ModeArgs,
    threads: usize,
    limits: &Limits,
) -> anyhow::Result<Option<Vec<bench::LevelResult>>> {
    let numbers: Vec<usize> = levels.iter().map(|l| l.number).collect();
    let name =
        format!("sokoban bench {} {numbers:?} {} {} {threads}", file.display(), mode.mode().name(), mode.ordered);
    let (levels, file, each) = (levels.to_vec(), file.to_path_buf(), limits.clone());
    let progress = Mutex::new(Progress::new("bench"));
    let solve = move |i: usize| {
        let level = &levels[i];
        bench::LevelResult::new(
            level,
            bench::solve_level(level, (mode.ordered, mode.mode()), threads, &each),
            Some(&file),
        )
    };
    let shown = move |done: usize, total: usize| {
        common::with(&progress, |p| p.show("levels", done as u64, Some(total as u64)));
    };
    Ok(delve_dist::batch::batch(cluster, &name, numbers.len(), solve, shown, limits)?)
}

/// Solves `levels` as [`bench::solve_levels`] does, showing the levels running and the
/// count done. After Ctrl-C no level is started.
fn solve_levels(
    levels: &[Level],
    mode: ModeArgs,
    jobs_and_threads: (usize, usize),
    limits: &Limits,
) -> Vec<Result<Report, SolveError>> {
    let total = levels.len() as u64;
    // The progress bar, the numbers of the levels running and how many are done.
    let shown = Mutex::new((Progress::new("bench"), BTreeSet::new(), 0u64));
    let show = |(progress, running, done): &mut (Progress, BTreeSet<usize>, u64)| {
        let names: Vec<String> = running.iter().map(ToString::to_string).collect();
        let phase = match names.len() {
            0 => "done".to_string(),
            1 => format!("level {}", names[0]),
            _ => format!("levels {}", names.join(", ")),
        };
        progress.show(&phase, *done, Some(total));
    };
    let on_level = |number: usize, started: bool| {
        common::with(&shown, |s| {
            if started {
                s.1.insert(number);
            } else {
                s.1.remove(&number);
                s.2 += 1;
            }
            show(s);
        });
    };
    bench::solve_levels(levels, (mode.ordered, mode.mode()), jobs_and_threads, limits, &on_level)
}

fn header() -> String {
    format!(
        "{:>6} {:<10} {:>7} {:>7} {:>12} {:>10} {:>10}",
        "level", "result", "pushes", "moves", "generated", "max held", "ms"
    )
}

fn row(r: &Report) -> String {
    let d = &r.detail;
    let result = r.stop_name().unwrap_or(if d.optimal { "optimal" } else { "solved" });
    let num = |n: Option<u32>| n.map_or("-".to_string(), |n| n.to_string());
    format!(
        "{:>6} {:<10} {:>7} {:>7} {:>12} {:>10} {:>10.1}",
        d.level,
        result,
        num(d.pushes),
        num(d.moves),
        d.nodes_generated,
        d.max_nodes,
        d.elapsed_ms
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn jobs_share_out_the_cores_and_any_takes_two_threads() {
        #[derive(clap::Parser)]
        struct Cli {
            #[command(flatten)]
            bench: BenchArgs,
        }
        let split = |cores: usize, args: &[&str]| {
            let cli = <Cli as clap::Parser>::parse_from(["bench", "x.xsb"].iter().chain(args));
            cli.bench.jobs_and_threads_on(cores)
        };
        assert_eq!(split(4, &["--jobs", "1", "--threads", "3"]), (1, 3));
        assert_eq!(split(4, &["--jobs", "1"]), (1, 4));
        assert_eq!(split(4, &["--threads", "1"]), (4, 1));
        assert_eq!(split(4, &["--jobs", "8", "--threads", "1"]), (8, 1));
        assert_eq!(split(2, &["--mode", "any", "--jobs", "3"]), (3, 2));
        assert_eq!(split(1, &["--any"]), (1, 2));
        // More parallel threads than cores would starve: clamped to the cores.
        assert_eq!(split(2, &["--jobs", "20", "--threads", "64"]), (1, 2));
        assert_eq!(split(8, &["--jobs", "20", "--threads", "2"]), (4, 2));
        assert_eq!(split(2, &["--threads", "64"]), (1, 2));
        for cores in 1..=9 {
            let (jobs, threads) = split(cores, &[]);
            assert!(jobs * threads <= cores && jobs >= 1 && threads >= 1, "{cores}: {jobs} × {threads}");
        }
    }

    #[test]
    fn ranges_parse() {
        assert_eq!(parse_range("3"), Ok((3, 3)));
        assert_eq!(parse_range("2-10"), Ok((2, 10)));
        assert_eq!(parse_range("0-6"), Ok((0, 6)), "course files count from 0");
        for bad in ["5-2", "a", "1-", ""] {
            assert!(parse_range(bad).is_err(), "{bad}");
        }
    }
}
