//! `delve`: the command-line face of the delve search toolkit. Thin by design: each
//! subcommand module turns raw arguments into a validated configuration, calls the
//! libraries, and renders the result as text or `--json`.
//!
//! | module | what it does |
//! | --- | --- |
//! | `common` | conventions every subcommand shares: limits flags, exit status, report printing |
//! | `route` | `delve route`: routes on road maps |
//! | `queens` | `delve queens`: N-Queens with any algorithm, batch files, counts |
//! | `sudoku` | `delve sudoku`: Sudoku on the general CSP engine |
//! | `sliding` | `delve sliding`: sliding-tile puzzles: enumeration, solving, pattern databases, analytics, reading boards |
//! | `rgb` | `delve rgb`: RGB Express levels |
//! | `sokoban` | `delve sokoban`: solving, benchmarking and playing Sokoban levels |
//! | `connect4` | `delve connect4`: solving positions, benchmarks, opening books, play |
//! | `tictactoe` | `delve tictactoe`: the counts of the whole game tree |
//! | `game` | `delve game`: adversarial search, and Berkeley CS188's game-tree tests |
//! | `pacman` | `delve pacman`: CS188's multi-agent Pacman: play, replay, grade |
//! | `serve` | `delve serve`: the local web page |

mod common;
mod connect4;
mod game;
mod pacman;
mod queens;
mod rgb;
mod route;
mod serve;
mod sliding;
mod sokoban;
mod sudoku;
mod tictactoe;

use clap::{Parser, Subcommand};
use common::Status;
use std::process::ExitCode;

/// Fast, verified state-space search: classic AI search algorithms and puzzles.
#[derive(Parser, Debug)]
#[command(name = "delve", version, about, long_about = None)]
struct Cli {
    #[command(subcommand)]
    command: Command,
    /// The most megabytes read from one input file or from stdin.
    #[arg(long, global = true, value_name = "MB", default_value_t = 64, value_parser = clap::value_parser!(u64).range(1..=1 << 20))]
    max_input: u64,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// N-Queens: solve with any algorithm, run batch files, count every solution.
    Queens(queens::QueensArgs),
    /// Sudoku on the general CSP engine.
    Sudoku(sudoku::SudokuArgs),
    /// Find a route between two cities of a road map.
    Route(route::RouteArgs),
    /// Sliding-tile puzzles: enumerate, solve optimally, look up, analyse samples.
    Sliding(sliding::SlidingArgs),
    /// RGB Express: optimal delivery plans, a folder benchmark, levels drawn and animated.
    Rgb(rgb::RgbArgs),
    /// Adversarial search: minimax, alpha-beta, expectimax; the CS188 game-tree tests.
    Game(game::GameArgs),
    /// Tic-tac-toe: the counts of its game tree, and a game against the engine.
    Tictactoe(tictactoe::TicTacToeArgs),
    /// The local web page: play, solve and watch every domain in a browser.
    Serve(serve::ServeArgs),
    /// Multi-agent Pacman (CS188): play games of search agents, replay them, run the CS188 grader.
    Pacman(pacman::PacmanArgs),
    /// Sokoban: push-optimal solutions of XSB levels, a collection benchmark.
    Sokoban(sokoban::SokobanArgs),
    /// Connect Four: solve positions (Pons's scores), benchmark test sets, play the solver.
    Connect4(connect4::Connect4Args),
}

/// Whether a panic is the standard library's report that stdout was closed under us (a pipe
/// into `head`, say): a normal way for a command-line tool to end, not a crash.
fn is_closed_stdout(info: &std::panic::PanicHookInfo<'_>) -> bool {
    let message = info
        .payload()
        .downcast_ref::<String>()
        .map(String::as_str)
        .or_else(|| info.payload().downcast_ref::<&str>().copied())
        .unwrap_or("");
    message.starts_with("failed printing to stdout") && message.contains("Broken pipe")
}

fn main() -> ExitCode {
    // `println!` panics when the reader of a pipe goes away; end quietly instead, as `cat` does.
    let default_hook = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        if is_closed_stdout(info) {
            std::process::exit(0);
        }
        default_hook(info);
    }));
    let cli = Cli::parse();
    delve_core::input::set_max_input(cli.max_input << 20);
    let result: anyhow::Result<Status> = match cli.command {
        Command::Queens(args) => queens::run(args),
        Command::Sudoku(args) => sudoku::run(args),
        Command::Route(args) => route::run(args),
        Command::Sliding(args) => sliding::run(args),
        Command::Rgb(args) => rgb::run(args),
        Command::Game(args) => game::run(args),
        Command::Tictactoe(args) => tictactoe::run(args),
        Command::Serve(args) => serve::run(args),
        Command::Pacman(args) => pacman::run(args),
        Command::Sokoban(args) => sokoban::run(args),
        Command::Connect4(args) => connect4::run(args),
    };
    match result {
        Ok(Status::Done) => ExitCode::SUCCESS,
        Ok(Status::NotSolved) => ExitCode::from(1),
        // The reader of stdout went away (`| head`): nothing more to say to anyone.
        Err(err)
            if err.downcast_ref::<std::io::Error>().is_some_and(|e| e.kind() == std::io::ErrorKind::BrokenPipe) =>
        {
            ExitCode::SUCCESS
        }
        Err(err) => {
            common::print_error(format!("{err:#}"));
            let too_big = |e: &(dyn std::error::Error + 'static)| {
                e.downcast_ref::<std::io::Error>().is_some_and(|e| e.kind() == std::io::ErrorKind::FileTooLarge)
            };
            if err.chain().any(too_big) {
                eprintln!("hint: raise the limit with --max-input MB");
            }
            ExitCode::from(2)
        }
    }
}
