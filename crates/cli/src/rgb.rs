//! `delve rgb`: RGB Express levels — solve one optimally (by one search, or several one after
//! the other), bench a folder, draw a level and animate its plan, convert a level between the
//! grid format and the original solver's dict. Thin: parse the level, call `delve_rgb::solve`
//! (a `delve-core` search plus the independent replay), render the report.

use crate::common::{self, LimitArgs, OutputArgs, Progress, Status};
use anyhow::{Context, bail};
use clap::{Args, Subcommand};
use delve_core::{Algorithm, Bound, Control, Event, Live, Observer, OutcomeKind, Report, Stats, batch_outcome, jobs};
use delve_rgb::{
    Cell, Colour, Dir, Format, Frame, Level, Plan, RgbProblem, RgbReport, Rules, SUPPORTED, SolveError, State,
    runs_report, simulate_with, solve,
};
use serde::Serialize;
use std::io::IsTerminal;
use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// Arguments of `delve rgb`.
#[derive(Args, Debug)]
pub struct RgbArgs {
    #[command(subcommand)]
    command: RgbCommand,
}

#[derive(Subcommand, Debug)]
enum RgbCommand {
    /// Solve a level optimally: the cost, each truck's route, the plan step by step.
    #[command(
        after_help = "Examples:\n  delve rgb solve crates/domains/rgb/data/P-7.txt\n  delve rgb solve crates/domains/rgb/data/A-9.txt --algo ils --log\n  delve rgb solve crates/domains/rgb/data/dict/Custom.py --algo ucs,ils --log\n  delve rgb solve crates/domains/rgb/data/archiloque/G-1.txt --rules reference --json\n  delve rgb solve crates/domains/rgb/data/archiloque/F-1.txt"
    )]
    Solve(SolveArgs),
    /// Solve every level file (*.txt, and *.py dicts) of a folder: a table and the total time.
    #[command(
        after_help = "Examples:\n  delve rgb bench crates/domains/rgb/data/archiloque\n  delve rgb bench crates/domains/rgb/data --algo ils --json"
    )]
    Bench(BenchArgs),
    /// Draw a level in the terminal; with --plan, animate its optimal plan.
    #[command(
        after_help = "Examples:\n  delve rgb show crates/domains/rgb/data/Custom.txt\n  delve rgb show crates/domains/rgb/data/P-7.txt --plan --delay 0\n  delve rgb show crates/domains/rgb/data/archiloque/E-1.txt --plan --delay 0"
    )]
    Show(ShowArgs),
    /// Convert a level between the grid format and the original solver's Python dict.
    #[command(
        after_help = "Examples:\n  delve rgb convert crates/domains/rgb/data/A-9.txt --to dict\n  delve rgb convert crates/domains/rgb/data/dict/A-9.py --to grid"
    )]
    Convert(ConvertArgs),
}

/// The format of the level files read.
#[derive(Args, Debug, Clone, Copy)]
struct FormatArg {
    /// The level files' format: grid (rgbx-grid) or dict (the original solver's Python dict
    /// with Roads, Trucks, Items and Cargos). Default: told by each file's first line that is
    /// not blank or a `#` comment (a dict starts with `{` or its quoted name).
    #[arg(long, value_name = "FORMAT")]
    format: Option<Format>,
}

/// The rule set.
#[derive(Args, Debug, Clone, Copy)]
struct RulesArg {
    /// The rules: pairwise (head-on collisions tested per pair of moves), reference (the
    /// original solver's one-sided pruning) or archiloque (an empty truck may stop anywhere;
    /// the goal is every warehouse served).
    #[arg(long, value_name = "RULES", default_value = "pairwise")]
    rules: Rules,
}

/// Options shared by the commands that run one search per level.
#[derive(Args, Debug, Clone)]
struct PlayArgs {
    /// The search: ucs, ils (iterative lengthening) or astar (with an admissible heuristic);
    /// idastar also works. All are optimal.
    #[arg(long, value_name = "ALGO", default_value = "astar", value_parser = parse_optimal)]
    algo: Algorithm,
    #[command(flatten)]
    rules: RulesArg,
}

#[derive(Args, Debug)]
struct SolveArgs {
    /// The level file: rgbx-grid (v1, or v2 with white trucks, switches and bumps) or the
    /// original solver's dict.
    file: PathBuf,
    /// The search: ucs, ils (iterative lengthening) or astar (with an admissible heuristic);
    /// idastar also works. All are optimal. Several, comma-separated (ucs,ils), run one after
    /// the other, as the original's main.py runs UCS and then ILS.
    #[arg(long, value_name = "ALGO", default_value = "astar", value_delimiter = ',', value_parser = parse_optimal)]
    algo: Vec<Algorithm>,
    #[command(flatten)]
    rules: RulesArg,
    #[command(flatten)]
    format: FormatArg,
    /// Log each iteration's cost limit (`Find Cost: L`, iterative lengthening) or bound
    /// (`Find Bound: B`, IDA*), then the original's `< Optimal Cost N >` and
    /// `… Search Result: SECONDS` lines; on stderr with --json.
    #[arg(long)]
    log: bool,
    #[command(flatten)]
    limits: LimitArgs,
    #[command(flatten)]
    output: OutputArgs,
}

#[derive(Args, Debug)]
struct BenchArgs {
    /// A folder of level files (*.txt, and *.py in the dict format; other files are ignored).
    dir: PathBuf,
    #[command(flatten)]
    play: PlayArgs,
    #[command(flatten)]
    format: FormatArg,
    /// The limits of each level (`--timeout` was once `--timeout-per-level`).
    #[command(flatten)]
    limits: LimitArgs,
    #[command(flatten)]
    output: OutputArgs,
}

#[derive(Args, Debug)]
struct ShowArgs {
    /// The level file (grid or dict).
    file: PathBuf,
    /// Solve the level and animate the plan, one time unit per frame.
    #[arg(long)]
    plan: bool,
    #[command(flatten)]
    play: PlayArgs,
    #[command(flatten)]
    format: FormatArg,
    /// Milliseconds between frames of the animation (0: print every frame at once).
    #[arg(long, value_name = "MS", default_value_t = 300)]
    delay: u64,
}

#[derive(Args, Debug)]
struct ConvertArgs {
    /// The level file (grid or dict).
    file: PathBuf,
    /// The format to write: grid (rgbx-grid) or dict (the original solver's Python dict, as
    /// its testcases.py lays out a level). Printed on stdout.
    #[arg(long, value_name = "FORMAT")]
    to: Format,
    #[command(flatten)]
    format: FormatArg,
}

/// An algorithm `delve_rgb::solve` runs (its `SUPPORTED` list); any other is a usage error
/// (exit 2) naming the supported ones.
fn parse_optimal(s: &str) -> Result<Algorithm, String> {
    let algorithm = s.parse::<Algorithm>().map_err(|e| e.to_string())?;
    if !SUPPORTED.contains(&algorithm) {
        return Err(SolveError::Unsupported(algorithm).to_string());
    }
    Ok(algorithm)
}

/// Runs `delve rgb`.
pub fn run(args: RgbArgs) -> anyhow::Result<Status> {
    match args.command {
        RgbCommand::Solve(a) => run_solve(a),
        RgbCommand::Bench(a) => run_bench(a),
        RgbCommand::Show(a) => run_show(a),
        RgbCommand::Convert(a) => run_convert(a),
    }
}

fn open(file: &Path, format: FormatArg, rules: Rules) -> anyhow::Result<RgbProblem> {
    let level = Level::load_in(file, format.format)?;
    let problem = RgbProblem::new(level, rules).map_err(|mut e| {
        e.file = Some(file.to_path_buf());
        e
    })?;
    Ok(problem)
}

/// `--log` lines plus the progress spinner.
struct SolveObserver {
    /// The log line's label (`Find Cost` for iterative lengthening, `Find Bound` for IDA*),
    /// or `None` without `--log`.
    log: Option<&'static str>,
    to_stderr: bool,
    progress: Progress,
}

impl Observer<State, u32> for SolveObserver {
    fn on_event(&mut self, event: &Event<'_, State, u32>, live: &Live) -> Control {
        self.progress.on_event(event, live);
        if let (Some(label), Event::Iteration { bound, .. }) = (self.log, event) {
            let line = match bound {
                Bound::Cost(c) => format!("{label}: {c}"),
                Bound::Depth(d) => format!("{label}: {d}"),
                _ => return Control::Continue,
            };
            if self.to_stderr { eprintln!("{line}") } else { println!("{line}") }
        }
        Control::Continue
    }
}

/// The original's name for a search's result line (`Uniform Search Result: 0.004`), and the
/// same words for the searches it did not have.
fn result_label(algorithm: Algorithm) -> String {
    match algorithm {
        Algorithm::Ucs => "Uniform Search Result".to_string(),
        Algorithm::Ils => "Iterative Lengthening Search Result".to_string(),
        Algorithm::Astar => "A* Search Result".to_string(),
        Algorithm::Idastar => "IDA* Search Result".to_string(),
        other => format!("{other} Search Result"),
    }
}

fn run_solve(args: SolveArgs) -> anyhow::Result<Status> {
    let problem = open(&args.file, args.format, args.rules.rules)?;
    let limits = args.limits.limits();
    let json = args.output.json;
    let log = |line: String| if json { eprintln!("{line}") } else { println!("{line}") };
    let mut reports = Vec::with_capacity(args.algo.len());
    for (k, &algorithm) in args.algo.iter().enumerate() {
        if k > 0 && !json {
            println!();
        }
        let label = if algorithm == Algorithm::Idastar { "Find Bound" } else { "Find Cost" };
        let observer =
            SolveObserver { log: args.log.then_some(label), to_stderr: json, progress: Progress::new("solving") };
        let solved = solve(&problem, algorithm, &limits, observer)?;
        let report = solved.report(&problem);
        if args.log {
            // The original's own lines: the cost as its searches print it, then main.py's time.
            if let Some(cost) = report.detail.cost {
                log(format!("< Optimal Cost {cost} >"));
            }
            log(format!("{}: {}", result_label(algorithm), report.stats.elapsed.as_secs_f64()));
        }
        if !json {
            print_solution(&problem, &report, solved.plan.as_ref());
        }
        reports.push(report);
    }
    let solved = reports.iter().all(|r| r.solved);
    if json {
        match <[RgbReport; 1]>::try_from(reports) {
            Ok([report]) => common::print_json(&report),
            Err(reports) => common::print_json(&runs_report(&problem, reports)),
        }
    }
    Ok(Status::from_solved(solved))
}

fn print_solution(problem: &RgbProblem, report: &RgbReport, plan: Option<&Plan>) {
    let d = &report.detail;
    let head = format!("{} ({} rules) by {}", d.level, d.rules, report.algorithm);
    match (plan, report.outcome) {
        (Some(plan), _) => {
            println!("{head}: optimal cost {}", plan.cost);
            let arrows = plan.arrows(problem.trucks());
            for t in plan.truck_order(problem.trucks()) {
                println!("[Truck {t}] {}", arrows[t]);
            }
            let steps: Vec<String> = plan.steps.iter().map(ToString::to_string).collect();
            println!("plan:  {}", steps.join(" "));
            if let Some(bumps) = &d.bumps_enabled {
                let cells: Vec<String> = bumps.iter().map(|(r, c)| format!("({r}, {c})")).collect();
                let others = problem.level().bumps.len() - bumps.len();
                let used = if cells.is_empty() { "none".to_string() } else { cells.join(" ") };
                println!("bumps enabled: {used} (the other {others} disabled)");
            }
        }
        (None, OutcomeKind::NoSolution) => println!("{head}: no solution (the whole state space was searched)"),
        (None, _) => println!("{head}: {}", report.status()),
    }
    println!("stats: {}", report.stats);
}

/// One row of `bench --json`.
#[derive(Serialize)]
struct BenchRow {
    file: String,
    level: String,
    solved: bool,
    outcome: OutcomeKind,
    stop_reason: Option<&'static str>,
    cost: Option<u32>,
    expanded: u64,
    elapsed_ms: f64,
}

/// The bench's own keys of its report, beside the keys every report shares (`solved` when
/// every level was, `stop_reason` the first limit that stopped one, `stats` added up).
#[derive(Serialize)]
struct BenchDetail {
    rules: Rules,
    levels: Vec<BenchRow>,
    solved_levels: usize,
    total_ms: f64,
    /// Files that are not levels the rules can take: each with its message.
    errors: Vec<BenchError>,
}

/// A level file of the folder that could not be solved at all (bad input).
#[derive(Serialize)]
struct BenchError {
    file: String,
    error: String,
}

fn run_bench(args: BenchArgs) -> anyhow::Result<Status> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(&args.dir)
        .with_context(|| format!("reading folder {}", args.dir.display()))?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "txt" || x == "py"))
        .collect();
    if files.is_empty() {
        bail!("{}: no level files (*.txt, *.py) in this folder", args.dir.display());
    }
    files.sort_by_key(|p| natural_key(p));
    let limits = args.limits.limits();
    let total = files.len() as u64;
    let progress = Mutex::new((Progress::new("bench"), 0u64));
    let start = Instant::now();
    // One level at a time from the queue; Ctrl-C starts no further one.
    let results = jobs::map_in_order(
        &files,
        1,
        &limits,
        || (),
        |(), file| {
            common::with(&progress, |(bar, done)| bar.show(&file.display().to_string(), *done, Some(total)));
            // A bad file is reported, and the others still run. Only regular files are opened: a
            // named pipe among the levels would wait for a writer forever.
            let regular = if delve_core::input::is_regular_file(file) {
                Ok(())
            } else {
                Err(anyhow::anyhow!("{}: not a regular file", file.display()))
            };
            let attempt = regular.and_then(|()| open(file, args.format, args.play.rules.rules)).and_then(|problem| {
                let solved = solve(&problem, args.play.algo, &limits, delve_core::NoObserver)
                    .with_context(|| file.display().to_string())?;
                Ok(solved.report(&problem))
            });
            common::with(&progress, |(bar, done)| {
                *done += 1;
                if let Err(e) = &attempt {
                    bar.println(&format!("error: {}", common::for_terminal(&format!("{e:#}"))));
                }
            });
            attempt
        },
    );
    drop(progress);
    let mut rows = Vec::with_capacity(files.len());
    let mut errors = Vec::new();
    let mut stats = Stats { elapsed: start.elapsed(), ..Stats::default() };
    let mut runs = Vec::new();
    for (file, result) in files.iter().zip(results) {
        let report = match result {
            Ok(report) => report,
            Err(e) => {
                errors.push(BenchError { file: file.display().to_string(), error: format!("{e:#}") });
                continue;
            }
        };
        stats.absorb(&report.stats);
        runs.push((report.outcome, report.stop_reason));
        rows.push(BenchRow {
            file: file.display().to_string(),
            level: report.detail.level.clone(),
            solved: report.solved,
            outcome: report.outcome,
            stop_reason: report.stop_name(),
            cost: report.detail.cost,
            expanded: report.stats.expanded,
            elapsed_ms: report.stats.elapsed_ms(),
        });
    }
    let (outcome, stop_reason) = batch_outcome(runs);
    let solved_levels = rows.iter().filter(|r| r.solved).count();
    let detail =
        BenchDetail { rules: args.play.rules.rules, levels: rows, solved_levels, total_ms: stats.elapsed_ms(), errors };
    let report = Report::from_parts(args.play.algo.name(), outcome, stop_reason, stats, detail);
    let d = &report.detail;
    if args.output.json {
        common::print_json(&report);
    } else {
        println!("{:<12} {:<12} {:>6} {:>12} {:>10}", "level", "result", "cost", "expanded", "ms");
        for r in &d.levels {
            let result = r.stop_reason.unwrap_or("solved");
            let cost = r.cost.map_or("-".to_string(), |c| c.to_string());
            println!("{:<12} {:<12} {:>6} {:>12} {:>10.2}", r.level, result, cost, r.expanded, r.elapsed_ms);
        }
        println!(
            "{} of {} solved by {} under {} rules; total {:.1} ms",
            d.solved_levels,
            d.levels.len(),
            report.algorithm,
            d.rules,
            d.total_ms
        );
    }
    common::bench_status(&args.dir, d.errors.len(), "level file", d.solved_levels, d.levels.len())
}

/// Sorts `A-2` before `A-10`.
fn natural_key(path: &Path) -> (String, u64) {
    let stem = path.file_stem().map(|s| s.to_string_lossy().into_owned()).unwrap_or_default();
    let digits: String =
        stem.chars().rev().take_while(char::is_ascii_digit).collect::<Vec<_>>().into_iter().rev().collect();
    let number = digits.parse().unwrap_or(0);
    (stem[..stem.len() - digits.len()].to_string(), number)
}

fn run_show(args: ShowArgs) -> anyhow::Result<Status> {
    let problem = open(&args.file, args.format, args.play.rules.rules)?;
    let level = problem.level();
    let colour = std::io::stdout().is_terminal() && std::env::var_os("NO_COLOR").is_none();
    let start = Frame {
        time: 0,
        trucks: level.trucks.iter().map(|t| (t.start, false)).collect(),
        items: (0..level.cells.len()).filter(|&i| matches!(level.cells[i], Cell::Item(_))).collect(),
        served: Vec::new(),
        closed: level.gates.iter().filter(|g| !g.on).map(|g| g.cell).collect(),
        dropped: Vec::new(),
    };
    if !args.plan {
        println!(
            "{} ({}×{}, {} trucks, capacity {})",
            level.name,
            level.rows,
            level.cols,
            level.trucks.len(),
            level.capacity
        );
        print!("{}", draw(level, &start, colour));
        return Ok(Status::Done);
    }
    let solved = solve(&problem, args.play.algo, &common::interruptible(), delve_core::NoObserver)?;
    let Some(plan) = solved.plan else {
        println!("{}: {}", level.name, solved.report(&problem).status());
        return Ok(Status::NotSolved);
    };
    let animate = std::io::stdout().is_terminal() && args.delay > 0;
    simulate_with(level, problem.rules(), &plan.routes(problem.trucks()), &plan.bumps, plan.cost, |frame| {
        if animate {
            print!("\x1b[2J\x1b[H");
        }
        println!("{} — time {} of {}", level.name, frame.time, plan.cost);
        print!("{}", draw(level, frame, colour));
        if animate {
            std::thread::sleep(Duration::from_millis(args.delay));
        } else {
            println!();
        }
    })
    .context("internal error: the plan fails the independent replay")?;
    Ok(Status::Done)
}

fn run_convert(args: ConvertArgs) -> anyhow::Result<Status> {
    let level = Level::load_in(&args.file, args.format.format)?;
    match args.to {
        Format::Grid => print!("{level}"),
        Format::Dict => print!("{}", level.to_dict()?),
    }
    Ok(Status::Done)
}

/// The level as text: roads in box-drawing characters, trucks as their digits, items in
/// lower case, warehouses in upper case (`✓` once served), switch buttons `◉`, closed
/// gates `╳` and bumps `○` (an item dropped on one in lower case); in colour on a terminal.
fn draw(level: &Level, frame: &Frame, colour: bool) -> String {
    let paint = |c: Colour, s: String| {
        if !colour {
            return s;
        }
        let code = match c {
            Colour::Red => 31,
            Colour::Green => 32,
            Colour::Blue => 34,
            Colour::Yellow => 33,
            Colour::White => 37,
        };
        format!("\x1b[1;{code}m{s}\x1b[0m")
    };
    let mut out = String::new();
    for r in 0..level.rows {
        for c in 0..level.cols {
            let i = r * level.cols + c;
            let truck = frame.trucks.iter().position(|&(cell, _)| cell == i);
            let glyph = match (truck, level.cells[i]) {
                (Some(t), _) => paint(level.trucks[t].colour, t.to_string()),
                (None, Cell::Item(col)) if frame.items.contains(&i) => paint(col, col.letter().to_string()),
                (None, Cell::Warehouse(col)) if !frame.served.contains(&i) => {
                    paint(col, col.letter().to_ascii_uppercase().to_string())
                }
                (None, Cell::Warehouse(col)) => paint(col, "✓".to_string()),
                (None, Cell::Empty) => " ".to_string(),
                (None, _) if let Some(&(_, col)) = frame.dropped.iter().find(|&&(cell, _)| cell == i) => {
                    paint(col, col.letter().to_string())
                }
                (None, _) if level.bump(i) => "○".to_string(),
                (None, _) if frame.closed.contains(&i) => "╳".to_string(),
                (None, _) if level.button(i).is_some() => "◉".to_string(),
                (None, _) => road(level, i).to_string(),
            };
            out.push_str(&glyph);
            let right = if c + 1 < level.cols && level.linked(i, Dir::Right) { '─' } else { ' ' };
            out.push(right);
        }
        out.push('\n');
    }
    out
}

/// The box-drawing character for a road cell's links.
fn road(level: &Level, i: usize) -> char {
    let l = |d| level.linked(i, d);
    match (l(Dir::Up), l(Dir::Down), l(Dir::Left), l(Dir::Right)) {
        (true, true, true, true) => '┼',
        (true, true, true, false) => '┤',
        (true, true, false, true) => '├',
        (true, false, true, true) => '┴',
        (false, true, true, true) => '┬',
        (true, true, false, false) => '│',
        (false, false, true, true) => '─',
        (true, false, true, false) => '┘',
        (true, false, false, true) => '└',
        (false, true, true, false) => '┐',
        (false, true, false, true) => '┌',
        (true, false, false, false) | (false, true, false, false) => '╵',
        _ => '╴',
    }
}
