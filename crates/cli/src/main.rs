//! `delve`: the command-line face of the delve search toolkit. Thin by design: each
//! subcommand module turns raw arguments into a validated configuration, calls the
//! libraries, and renders the result as text or `--json`.

mod common;
mod queens;
mod route;
mod sliding;
mod sudoku;

use clap::{Parser, Subcommand};
use common::Status;
use std::process::ExitCode;

/// Fast, verified state-space search: classic AI search algorithms and puzzles.
#[derive(Parser, Debug)]
#[command(name = "delve", version, about, long_about = None)]
struct Cli {
    #[command(subcommand)]
    command: Command,
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
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result: anyhow::Result<Status> = match cli.command {
        Command::Queens(args) => queens::run(args),
        Command::Sudoku(args) => sudoku::run(args),
        Command::Route(args) => route::run(args),
        Command::Sliding(args) => sliding::run(args),
    };
    match result {
        Ok(Status::Done) => ExitCode::SUCCESS,
        Ok(Status::NotSolved) => ExitCode::from(1),
        Err(err) => {
            eprintln!("error: {err:#}");
            ExitCode::from(2)
        }
    }
}
