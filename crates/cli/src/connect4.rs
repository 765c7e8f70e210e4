//! `delve connect4`: solve positions (one, or a batch on stdin), benchmark a Pons test set,
//! and play against the solver. Thin: the solver is `delve_connect4`.

use crate::common::{self, LimitArgs, OutputArgs, Progress, Status, TimeArgs};
use anyhow::{Context, bail};
use clap::{Args, Subcommand};
use delve_connect4::{Book, CELLS, Position, Solver, SolverConfig, book, choose, testset};
use delve_core::{Limits, OutcomeKind, Report, Stats, StopReason, batch_outcome, input, jobs};
use serde::Serialize;
use std::io::{IsTerminal, Write};

/// Arguments of `delve connect4`.
#[derive(Args, Debug)]
pub struct Connect4Args {
    #[command(subcommand)]
    command: Connect4Command,
}

#[derive(Subcommand, Debug)]
enum Connect4Command {
    /// Solve a position: Pons's score for the side to move, and a best move.
    ///
    /// POSITION lists the columns played from the empty board (1 = leftmost, 7 = rightmost),
    /// e.g. 4455; "" is the empty board. The score is 0 for a draw, 22 - n when the side to
    /// move wins with its n-th stone, minus that when it loses.
    ///
    /// Batch mode: with POSITION `-`, or with no POSITION and stdin not a terminal, reads one
    /// position per line and prints `position score nodes micros` per line (Pons's format).
    #[command(
        after_help = "Examples:\n  delve connect4 solve 4455\n  delve connect4 solve 44455554221 --json\n  delve connect4 solve 4455 --weak\n  printf '4455\\n44455554221\\n' | delve connect4 solve -\n  delve connect4 solve 4 --book crates/domains/connect4/data/opening.c4b --json\n  delve connect4 solve 444555542213 --book crates/domains/connect4/data/book-44455554221-d2.c4b --json"
    )]
    Solve(SolveArgs),
    /// Solve every position of a Pons test file (`moves score` lines) and compare.
    #[command(
        after_help = "Examples:\n  delve connect4 bench crates/domains/connect4/data/Test_L3_R1\n  delve connect4 bench crates/domains/connect4/data/Test_L2_R1 --json\n  delve connect4 bench crates/domains/connect4/data/Test_L1_R1 --weak --limit 50\n  delve connect4 bench crates/domains/connect4/data/Test_L2_R1 --limit 20 --timeout 0.5"
    )]
    Bench(BenchArgs),
    /// Play against the solver in the terminal; each column's score is shown before a move.
    ///
    /// Type a column (1-7) and Enter; `q` quits. Works with piped stdin too (one column per
    /// line). Early in the game a column the solver cannot settle within --timeout seconds
    /// shows `?`, and the solver then plays the most promising such column.
    /// (`--timeout` was once `--think`, which still works.)
    #[command(
        after_help = "Examples:\n  delve connect4 play --start 44455554221 --first ai\n  printf '4\\n' | delve connect4 play --start 44455554221 --first human\n  delve connect4 play --start 44455554221 --book crates/domains/connect4/data/book-44455554221-d2.c4b --first human --timeout 0.1"
    )]
    Play(PlayArgs),
    /// Build or inspect an opening book (optional: exact scores near the start, answered
    /// without a search by `solve --book` and `play --book`).
    #[command(subcommand)]
    Book(BookCommand),
}

#[derive(Subcommand, Debug)]
enum BookCommand {
    /// Solve every position up to --depth plies from --start (mirror images once) and write
    /// them to --out.
    ///
    /// Only the deepest level is searched; shallower scores follow from their children. The
    /// file is rewritten as a checkpoint every 30 seconds and when stopped (Ctrl-C): running
    /// the same command again resumes from it. The empty board's own book is costly: depth 0
    /// takes a long search, depth 1 (four positions) several times that (it ships as
    /// crates/domains/connect4/data/opening.c4b), each further ply many more.
    #[command(
        after_help = "Examples:\n  delve connect4 book build --start 44455554221 --depth 2 --out /tmp/delve-c4-example.c4b\n  delve connect4 book info crates/domains/connect4/data/opening.c4b"
    )]
    Build(BookBuildArgs),
    /// Show what a book holds (checking the whole file).
    #[command(
        after_help = "Examples:\n  delve connect4 book info crates/domains/connect4/data/opening.c4b\n  delve connect4 book info crates/domains/connect4/data/book-44455554221-d2.c4b --json"
    )]
    Info(BookInfoArgs),
}

#[derive(Args, Debug)]
struct BookBuildArgs {
    /// The book holds every position up to this many plies after --start.
    #[arg(long, value_name = "PLIES", value_parser = clap::value_parser!(u8).range(0..=41))]
    depth: u8,
    /// The book file to write (resumed when it already holds a book).
    #[arg(long, value_name = "FILE")]
    out: std::path::PathBuf,
    /// The position the book starts from (columns 1-7 in the order played; default the
    /// empty board).
    #[arg(long, value_name = "POSITION", default_value = "")]
    start: String,
    #[command(flatten)]
    solver: SolverArgs,
}

#[derive(Args, Debug)]
struct BookInfoArgs {
    /// The book file.
    file: std::path::PathBuf,
    /// With `--json`: `file`, `depth`, `positions`, `by_stones` (`[[stones, count], …]`) and
    /// `empty_board_score` beside the keys every report has.
    #[command(flatten)]
    output: OutputArgs,
}

/// Solver settings shared by the subcommands.
#[derive(Args, Debug, Clone)]
struct SolverArgs {
    /// Table for the first --split plies: 2^BITS two-entry buckets of 16 bytes (22 = 64 MiB).
    #[arg(long, value_name = "BITS", default_value_t = SolverConfig::default().table_bits, value_parser = clap::value_parser!(u32).range(12..=28))]
    table_bits: u32,
    /// Table for the deeper positions, kept small to stay in cache (16 = 1 MiB) [default: 16 with one thread, 18 with more].
    #[arg(long, value_name = "BITS", value_parser = clap::value_parser!(u32).range(12..=28))]
    deep_bits: Option<u32>,
    /// Positions with at least this many stones use the deep table.
    #[arg(long, value_name = "STONES", default_value_t = SolverConfig::default().split, value_parser = clap::value_parser!(u32).range(0..=42))]
    split: u32,
    /// Threads per position (2 = both cores split the null-window tests of the score).
    #[arg(long, value_name = "N", default_value_t = 1, value_parser = clap::value_parser!(u64).range(1..=64))]
    threads: u64,
}

impl SolverArgs {
    fn solver(&self) -> Solver {
        let base = SolverConfig::for_threads(self.threads as usize);
        Solver::new(SolverConfig {
            table_bits: self.table_bits,
            deep_bits: self.deep_bits.unwrap_or(base.deep_bits),
            split: self.split,
            ..base
        })
    }
}

#[derive(Args, Debug)]
struct SolveArgs {
    /// The position (columns 1-7 in the order played), or `-` for a batch on stdin.
    position: Option<String>,
    /// Only win, draw or loss: the score is 1, 0 or -1.
    #[arg(long)]
    weak: bool,
    #[command(flatten)]
    limits: LimitArgs,
    /// With `--json`: `position`, `score`, `nodes`, `micros` and `best_move` beside the keys
    /// every report has (score and best_move null when a limit stopped the search); in batch
    /// mode, one object per line.
    #[command(flatten)]
    output: OutputArgs,
    /// An opening book (from `delve connect4 book build`): its positions are answered
    /// without a search (0 nodes).
    #[arg(long, value_name = "FILE")]
    book: Option<std::path::PathBuf>,
    #[command(flatten)]
    solver: SolverArgs,
}

#[derive(Args, Debug)]
struct BenchArgs {
    /// A Pons test file: one `moves score` per line.
    file: std::path::PathBuf,
    /// Only win, draw or loss: a position is exact when the sign matches.
    #[arg(long)]
    weak: bool,
    /// Only the first N positions.
    #[arg(long, value_name = "N")]
    limit: Option<usize>,
    /// The limits of each position's search: a position a limit stops is reported as
    /// stopped and the bench goes on.
    #[command(flatten)]
    limits: LimitArgs,
    /// With `--json`: `positions`, `exact`, `stopped`, `mean_micros`, `mean_nodes` and
    /// `max_micros` beside the keys every report has (`stop_reason`: the first limit that
    /// stopped a position).
    #[command(flatten)]
    output: OutputArgs,
    #[command(flatten)]
    solver: SolverArgs,
}

#[derive(Args, Debug)]
#[command(mut_arg("timeout", |a| a.default_value("2").alias("think").help("Seconds the solver may spend on each column's score")))]
struct PlayArgs {
    /// Who plays the next move of the starting position.
    #[arg(long, value_enum, default_value_t = common::First::Human)]
    first: common::First,
    /// Start from this position instead of the empty board.
    #[arg(long, value_name = "POSITION", default_value = "")]
    start: String,
    #[command(flatten)]
    time: TimeArgs,
    /// An opening book (from `delve connect4 book build`): its positions' scores are shown
    /// and played without a search.
    #[arg(long, value_name = "FILE")]
    book: Option<std::path::PathBuf>,
    #[command(flatten)]
    solver: SolverArgs,
}

/// Runs `delve connect4`.
pub fn run(args: Connect4Args) -> anyhow::Result<Status> {
    match args.command {
        Connect4Command::Solve(args) => solve(args),
        Connect4Command::Bench(args) => bench(args),
        Connect4Command::Play(args) => play(args),
        Connect4Command::Book(BookCommand::Build(args)) => book_build(args),
        Connect4Command::Book(BookCommand::Info(args)) => book_info(args),
    }
}

/// Reads a book file, with the file's name in the error.
fn read_book(path: &std::path::Path) -> anyhow::Result<Book> {
    let bytes = input::read_bytes(path).with_context(|| format!("reading book {}", path.display()))?;
    Book::parse(&bytes).with_context(|| format!("book {}", path.display()))
}

/// The solver, with the book at `book` when one is given.
fn solver_with_book(args: &SolverArgs, book: Option<&std::path::Path>) -> anyhow::Result<Solver> {
    let solver = args.solver();
    Ok(match book {
        Some(path) => solver.with_book(read_book(path)?),
        None => solver,
    })
}

/// Writes `book` to `path` through a temporary file, so that a stop never leaves half a book.
fn write_book(book: &Book, path: &std::path::Path) -> anyhow::Result<()> {
    let mut tmp = path.as_os_str().to_owned();
    tmp.push(".tmp");
    let tmp = std::path::PathBuf::from(tmp);
    std::fs::write(&tmp, book.to_bytes()).with_context(|| format!("writing {}", tmp.display()))?;
    std::fs::rename(&tmp, path).with_context(|| format!("renaming {} to {}", tmp.display(), path.display()))
}

fn book_build(args: BookBuildArgs) -> anyhow::Result<Status> {
    let start = parse(&args.start)?;
    let existed = args.out.exists();
    let mut book = if existed {
        let old =
            read_book(&args.out).context("--out exists but cannot be resumed (remove it or choose another file)")?;
        eprintln!("resuming from {} ({} positions)", args.out.display(), old.len());
        old
    } else {
        Book::new(args.depth)
    };
    book.set_depth(args.depth);
    let mut solver = args.solver.solver();
    let limits = common::interruptible();
    let mut progress = Progress::new("connect4 book");
    let mut saved = std::time::Instant::now();
    let mut failed = None;
    let mut reached = None;
    let before = book.len();
    let out = &args.out;
    let result = book::build(&start, u32::from(args.depth), &mut solver, &limits, &mut book, |book, done, total| {
        reached = Some((done, total));
        progress.show("positions", done as u64, Some(total as u64));
        if saved.elapsed().as_secs() >= 30 && done < total {
            saved = std::time::Instant::now();
            match write_book(book, out) {
                Ok(()) => {
                    progress.println(&format!("checkpoint: {done} of {total} positions, {} in the book", book.len()))
                }
                Err(e) => failed = Some(e),
            }
        }
    });
    drop(progress);
    if let Some(e) = failed {
        return Err(e);
    }
    // A stop before anything was added leaves the file as it was (or absent): nothing to resume.
    if result.is_ok() || book.len() != before {
        write_book(&book, out)?;
    }
    match result {
        Ok(()) => {
            let score = book.get(&start).map_or_else(|| "?".into(), |s| s.to_string());
            println!(
                "{} positions up to {} plies after {:?} in {} (score of the start: {score})",
                book.len(),
                args.depth,
                args.start.trim(),
                out.display()
            );
            Ok(Status::Done)
        }
        Err(reason) => {
            let whence = match reached {
                Some((done, total)) => format!("after {done} of {total} positions"),
                None => "while listing the positions".to_string(),
            };
            let kept = if book.len() != before {
                format!("{} positions saved in {}; run the same command to resume", book.len(), out.display())
            } else if existed {
                format!("nothing new to save; {} left as it was", out.display())
            } else {
                "nothing to save".to_string()
            };
            eprintln!("stopped ({}) {whence}: {kept}", reason.name());
            Ok(Status::NotSolved)
        }
    }
}

#[derive(Serialize)]
struct BookInfo {
    file: String,
    depth: u8,
    positions: usize,
    by_stones: Vec<(u32, usize)>,
    empty_board_score: Option<i32>,
}

fn book_info(args: BookInfoArgs) -> anyhow::Result<Status> {
    let book = read_book(&args.file)?;
    let mut by_stones = std::collections::BTreeMap::new();
    for p in book.positions() {
        *by_stones.entry(p.moves()).or_insert(0usize) += 1;
    }
    let info = BookInfo {
        file: args.file.display().to_string(),
        depth: book.depth(),
        positions: book.len(),
        by_stones: by_stones.into_iter().collect(),
        empty_board_score: book.get(&Position::new()),
    };
    if args.output.json {
        common::print_job_report("book-info", None, Stats::default(), &info);
    } else {
        println!("book:       {}", info.file);
        println!("depth:      {} plies", info.depth);
        println!("positions:  {} (mirror images once)", info.positions);
        for (stones, n) in &info.by_stones {
            println!("  {stones:>2} stones: {n}");
        }
        if let Some(s) = info.empty_board_score {
            println!("empty board: score {s}");
        }
    }
    Ok(Status::Done)
}

fn parse(moves: &str) -> anyhow::Result<Position> {
    Position::parse(moves).with_context(|| format!("position {:?}", moves.trim()))
}

fn solve(args: SolveArgs) -> anyhow::Result<Status> {
    let batch = match args.position.as_deref() {
        Some("-") => true,
        Some(_) => false,
        None if !std::io::stdin().is_terminal() => true,
        None => bail!("give a POSITION (e.g. 4455), or `-` to read positions from stdin"),
    };
    let mut solver = solver_with_book(&args.solver, args.book.as_deref())?;
    let limits = args.limits.limits();
    if batch {
        return solve_batch(&mut solver, &args, &limits);
    }
    let moves = args.position.unwrap_or_default();
    let position = parse(&moves)?;
    let report = solver.report(&moves, &position, args.weak, &limits);
    if args.output.json {
        common::print_json(&report);
    } else {
        println!("{}", position.render());
        let d = &report.detail;
        match (d.score, d.best_move, report.stop_reason) {
            (Some(score), Some(best), _) => {
                let who = if position.moves().is_multiple_of(2) { "first player (X)" } else { "second player (O)" };
                println!("score:     {score} for the {who} to move ({})", describe(score, args.weak));
                println!("best move: column {best}");
            }
            (_, _, reason) => {
                let why = reason.map_or_else(|| "stopped".to_string(), |r| r.to_string());
                println!("stopped:   {why}, before the score was settled");
            }
        }
        println!("nodes:     {} in {} µs", d.nodes, d.micros);
    }
    Ok(Status::from_solved(report.stop_reason.is_none()))
}

/// What a score means, in words.
fn describe(score: i32, weak: bool) -> String {
    match (score.signum(), weak) {
        (0, _) => "a draw".into(),
        (1, true) => "a win".into(),
        (-1, true) => "a loss".into(),
        (1, false) => format!("wins with its stone number {}", 22 - score),
        _ => format!("loses to the opponent's stone number {}", 22 + score),
    }
}

/// Solves one position per line of stdin: Pons's `position score nodes micros` lines, or with
/// `--json` one report per line. A line a limit stops is reported (on stderr, with its line
/// number) and the batch goes on; Ctrl-C ends it there.
fn solve_batch(solver: &mut Solver, args: &SolveArgs, limits: &Limits) -> anyhow::Result<Status> {
    let stdin = std::io::stdin();
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    let (mut bad, mut stopped) = (0usize, 0usize);
    for (i, line) in input::lines(stdin.lock()).enumerate() {
        let line = line.context("reading stdin")?;
        // Pons's files carry the score after the moves: only the first field is read.
        let Some(moves) = line.split_whitespace().next() else { continue };
        let position = match Position::parse(moves) {
            Ok(p) => p,
            Err(e) => {
                common::print_error(format!("line {}: position {moves:?}: {e}", i + 1));
                bad += 1;
                continue;
            }
        };
        let stop = if args.output.json {
            let report = solver.report(moves, &position, args.weak, limits);
            writeln!(out, "{}", serde_json::to_string(&report)?)?;
            report.stop_reason
        } else {
            match solver.solve(&position, args.weak, limits) {
                Ok(s) => {
                    writeln!(out, "{moves} {} {} {}", s.score, s.nodes, s.elapsed.as_micros())?;
                    None
                }
                Err(reason) => Some(reason),
            }
        };
        out.flush()?;
        if let Some(reason) = stop {
            stopped += 1;
            eprintln!("line {}: position {moves:?}: stopped ({reason})", i + 1);
            if reason == StopReason::Cancelled {
                break;
            }
        }
    }
    if bad > 0 {
        bail!("{bad} {} could not be read", common::plural(bad as u64, "line"));
    }
    Ok(Status::from_solved(stopped == 0))
}

/// The bench's own keys of its report, beside the keys every report shares.
#[derive(Serialize)]
struct BenchDetail {
    /// Positions searched (all of the file's, or its first `--limit`; fewer after Ctrl-C).
    positions: usize,
    /// Positions whose score matched the file's.
    exact: usize,
    /// Positions whose search a limit stopped (`--timeout`, Ctrl-C).
    stopped: usize,
    /// Means and maximum over the positions whose search finished.
    mean_micros: f64,
    mean_nodes: f64,
    max_micros: u128,
}

fn bench(args: BenchArgs) -> anyhow::Result<Status> {
    let text = input::read_text(&args.file).with_context(|| format!("reading {}", args.file.display()))?;
    let mut cases = testset::parse(&text).with_context(|| format!("in {}", args.file.display()))?;
    if let Some(n) = args.limit {
        cases.truncate(n);
    }
    if cases.is_empty() {
        bail!("{} holds no positions", args.file.display());
    }
    let limits = args.limits.limits();
    let total = cases.len() as u64;
    let start = std::time::Instant::now();
    // One solver, its tables kept from position to position; Ctrl-C starts no further one.
    let progress = std::sync::Mutex::new((Progress::new("connect4 bench"), 0u64));
    let results = jobs::map_in_order(
        &cases,
        1,
        &limits,
        || args.solver.solver(),
        |solver, case| {
            let result = solver.solve(&case.position, args.weak, &limits);
            let want = if args.weak { case.score.signum() } else { case.score };
            common::with(&progress, |(bar, done)| {
                match &result {
                    Err(reason) => bar.println(&format!("{}: stopped ({})", case.moves, reason.name())),
                    Ok(s) if s.score != want => {
                        bar.println(&format!("{}: expected {want}, got {}", case.moves, s.score))
                    }
                    Ok(_) => {}
                }
                *done += 1;
                bar.show("positions", *done, Some(total));
            });
            result.map(|s| (s, s.score == want))
        },
    );
    drop(progress);
    let mut stats = Stats { elapsed: start.elapsed(), ..Stats::default() };
    let (mut exact, mut micros, mut max_micros) = (0, 0u128, 0u128);
    for (s, matched) in results.iter().flatten() {
        exact += usize::from(*matched);
        let us = s.elapsed.as_micros();
        micros += us;
        max_micros = max_micros.max(us);
        stats.expanded += s.nodes;
    }
    let searched = results.len();
    let stopped = results.iter().filter(|r| r.is_err()).count();
    let finished = (searched - stopped).max(1) as f64;
    let (outcome, stop_reason) = batch_outcome(results.iter().map(|r| match r {
        Ok(_) => (OutcomeKind::Solved, None),
        Err(reason) => (OutcomeKind::Stopped, Some(*reason)),
    }));
    let detail = BenchDetail {
        positions: searched,
        exact,
        stopped,
        mean_micros: micros as f64 / finished,
        mean_nodes: stats.expanded as f64 / finished,
        max_micros,
    };
    let n = cases.len();
    if args.output.json {
        common::print_json(&Report::from_parts(delve_connect4::play::ALGORITHM, outcome, stop_reason, stats, &detail));
    } else {
        println!("positions:   {searched}");
        println!("exact:       {exact}");
        if stopped > 0 {
            println!("stopped:     {stopped}");
        }
        println!("mean time:   {:.1} µs (max {} µs)", detail.mean_micros, detail.max_micros);
        println!("mean nodes:  {:.1}", detail.mean_nodes);
        if searched < n {
            println!("stopped:     cancelled after {searched} of {n} positions");
        }
    }
    Ok(Status::from_solved(exact == n))
}

fn play(args: PlayArgs) -> anyhow::Result<Status> {
    let mut position = parse(&args.start)?;
    let mut solver = solver_with_book(&args.solver, args.book.as_deref())?;
    let think = args.time.limits();
    let human_first_stone =
        if args.first == common::First::Human { position.moves() % 2 } else { (position.moves() + 1) % 2 };
    let human_is_x = human_first_stone == 0;
    let mark = |x: bool| if x { 'X' } else { 'O' };
    println!(
        "You play {}, the solver plays {}. Type a column (1-7), or q to quit.",
        mark(human_is_x),
        mark(!human_is_x)
    );
    let stdin = std::io::stdin();
    let mut lines = input::lines(stdin.lock());
    loop {
        println!("\n{}", position.render());
        let x_to_move = position.moves().is_multiple_of(2);
        // Each column's score for the side to move; `?` where the solver ran out of time.
        let scores = solver.column_scores(&position, &think);
        let shown: Vec<String> = scores.iter().map(ToString::to_string).collect();
        println!("scores for {}: {}", mark(x_to_move), shown.join(" "));
        let column = if x_to_move == human_is_x {
            print!("your move ({}): ", mark(x_to_move));
            std::io::stdout().flush()?;
            let Some(line) = lines.next() else {
                println!("\nbye");
                return Ok(Status::Done);
            };
            let line = line.context("reading stdin")?;
            let text = line.trim();
            if text.eq_ignore_ascii_case("q") {
                println!("bye");
                return Ok(Status::Done);
            }
            match text.parse::<usize>() {
                Ok(c @ 1..=7) if position.can_play(c - 1) => {
                    println!("{c}");
                    c - 1
                }
                Ok(c @ 1..=7) => {
                    println!("{text}\ncolumn {c} is full");
                    continue;
                }
                _ => {
                    println!("{text}\n{text:?} is not a column: type 1 to 7, or q");
                    continue;
                }
            }
        } else {
            let c = choose(&position, &scores);
            println!("the solver plays column {}", c + 1);
            c
        };
        if position.is_winning_move(column) {
            position.play_column(column);
            println!("\n{}", position.render());
            let winner = if x_to_move == human_is_x { "you win" } else { "the solver wins" };
            println!("{} connects four: {winner}", mark(x_to_move));
            return Ok(Status::Done);
        }
        position.play_column(column);
        if position.moves() == CELLS {
            println!("\n{}", position.render());
            println!("the board is full: a draw");
            return Ok(Status::Done);
        }
    }
}
