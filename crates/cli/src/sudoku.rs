//! `delve sudoku solve <grid|file>`: Sudoku on the general CSP engine. Thin: read the grid
//! (an 81-cell string or a file) with `delve_sudoku`, solve its model with `delve_csp`, check
//! the answer independently, render.

use crate::common::{self, LimitArgs, OutputArgs, Progress, Status};
use anyhow::Context;
use clap::{Args, Subcommand, ValueEnum};
use delve_core::input;
use delve_csp::{Config, count};
use delve_sudoku::{Solver, Sudoku};
use std::path::Path;

/// Arguments of `delve sudoku`.
#[derive(Args, Debug)]
pub struct SudokuArgs {
    #[command(subcommand)]
    command: SudokuCommand,
}

#[derive(Subcommand, Debug)]
enum SudokuCommand {
    /// Solve a 9×9 grid: 81 cells on one line or 9 lines of 9 (`.` or 0 = empty), or a file.
    Solve(SolveArgs),
}

/// Arguments of `delve sudoku solve`.
#[derive(Args, Debug)]
#[command(
    after_help = "Examples:\n  delve sudoku solve 53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79\n  delve sudoku solve 53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79 --algo fc --count --json"
)]
struct SolveArgs {
    /// The grid itself (81 cells) or a file holding it.
    grid: String,
    /// The solver.
    #[arg(long, value_enum, default_value_t = Algo::Mac)]
    algo: Algo,
    /// Also count every solution (a proper puzzle has exactly one).
    #[arg(long)]
    count: bool,
    /// Seed for `--algo min-conflicts`.
    #[arg(long, default_value_t = 0)]
    seed: u64,
    #[command(flatten)]
    limits: LimitArgs,
    #[command(flatten)]
    output: OutputArgs,
}

/// The solvers `delve sudoku solve` offers.
#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
enum Algo {
    /// Backtracking with MRV + degree and maintained arc consistency (hidden singles included).
    Mac,
    /// Backtracking with MRV + degree and forward checking.
    Fc,
    /// Backtracking with MRV + degree, least-constraining value and forward checking.
    FcLcv,
    /// Plain chronological backtracking (slow on hard grids: use --timeout).
    Backtrack,
    /// Min-conflicts local search (incomplete; fine on easy grids).
    MinConflicts,
}

impl Algo {
    /// The domain's solver of this name.
    fn solver(self) -> Solver {
        match self {
            Algo::Mac => Solver::Mac,
            Algo::Fc => Solver::Fc,
            Algo::FcLcv => Solver::FcLcv,
            Algo::Backtrack => Solver::Backtrack,
            Algo::MinConflicts => Solver::MinConflicts,
        }
    }
}

/// Runs `delve sudoku`.
pub fn run(args: SudokuArgs) -> anyhow::Result<Status> {
    match args.command {
        SudokuCommand::Solve(a) => solve(a),
    }
}

/// Reads the puzzle from the argument: a file if anything exists by that name (the reader
/// refuses folders and devices by name), else the text itself.
fn read_puzzle(arg: &str) -> anyhow::Result<Sudoku> {
    let path = Path::new(arg);
    if path.exists() {
        let text = input::read_text(path).with_context(|| format!("cannot read {arg}"))?;
        return Sudoku::parse(&text).with_context(|| arg.to_string());
    }
    let looks_like_grid = arg.chars().all(|c| c.is_ascii_digit() || ".|-+ \n\r\t".contains(c));
    if !looks_like_grid {
        anyhow::bail!("`{arg}`: no such file, and not a grid (81 cells of 1-9, `.` or 0)");
    }
    Sudoku::parse(arg).context("the grid argument")
}

/// The grid with box separators, `.` for empty cells.
fn pretty(grid: &Sudoku) -> String {
    let mut s = String::new();
    for r in 0..9 {
        if r > 0 && r % 3 == 0 {
            s.push_str("------+-------+------\n");
        }
        for c in 0..9 {
            if c > 0 && c % 3 == 0 {
                s.push_str("| ");
            }
            let d = grid.get(r, c);
            s.push(if d == 0 { '.' } else { (b'0' + d) as char });
            if c < 8 {
                s.push(' ');
            }
        }
        s.push('\n');
    }
    s
}

fn solve(args: SolveArgs) -> anyhow::Result<Status> {
    let puzzle = read_puzzle(&args.grid)?;
    let solver = args.algo.solver();
    let limits = args.limits.limits();
    let result = solver.solve(&puzzle, args.seed, &limits, Progress::new("sudoku"));
    if !puzzle.accepts(&result) {
        anyhow::bail!("internal error: {solver} returned a grid that breaks the rules");
    }
    let solution = result.solution().map(Sudoku::from_assignment);
    let counted = args.count.then(|| count(&puzzle.to_csp(), &Config::mac(), &limits, Progress::new("counting")));
    let report = puzzle.report(solver.name(), &result, counted.as_ref());
    if args.output.json {
        common::print_json(&report);
        return Ok(Status::from_solved(report.solved));
    }
    println!("sudoku ({} givens) by {solver}: {}", puzzle.givens(), report.status());
    if let Some(grid) = &solution {
        print!("{}", pretty(grid));
    }
    let c = &result.counters;
    println!(
        "{}; assignments {}, backtracks {}, checks {}, pruned {}",
        report.stats, c.assignments, c.backtracks, c.checks, c.pruned
    );
    if let Some(c) = counted {
        match (c.stop_reason, c.count) {
            (Some(reason), k) => println!("solutions: at least {k} (count stopped: {reason})"),
            (None, 1) => println!("solutions: 1 (unique)"),
            (None, k) => println!("solutions: {k}"),
        }
    }
    Ok(Status::from_solved(report.solved))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pretty_grid_reads_back() {
        let g: Sudoku =
            "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79".parse().unwrap();
        let p = pretty(&g);
        assert!(p.starts_with("5 3 . | . 7 . | . . .\n"));
        assert_eq!(Sudoku::parse(&p).unwrap(), g);
    }
}
