//! `delve tictactoe count`: the counts of tic-tac-toe's whole game tree. Thin: the walk is
//! `delve_tictactoe::count`; this module renders it.

use crate::common::{self, Status};
use clap::{Args, Subcommand};

/// Arguments of `delve tictactoe`.
#[derive(Args, Debug)]
pub struct TicTacToeArgs {
    #[command(subcommand)]
    command: TicTacToeCommand,
}

#[derive(Subcommand, Debug)]
enum TicTacToeCommand {
    /// Count the whole game tree: games by result, reachable positions, tree nodes.
    #[command(after_help = "Examples:\n  delve tictactoe count\n  delve tictactoe count --json")]
    Count(CountArgs),
    /// Play against the engine (negamax to the end) in the terminal: type a cell 1-9.
    ///
    /// Cells are numbered 1-9 row by row from the top left. Works with piped stdin (one cell
    /// per line); `q` quits.
    #[command(
        after_help = "Examples:\n  delve tictactoe play --first ai\n  printf '5\\n1\\n' | delve tictactoe play --first human"
    )]
    Play(PlayArgs),
}

#[derive(Args, Debug)]
struct PlayArgs {
    /// Who plays X (and so moves first).
    #[arg(long, value_enum, default_value_t = common::First::Human)]
    first: common::First,
}

#[derive(Args, Debug)]
struct CountArgs {
    /// With `--json`: `games`, `x_wins`, `o_wins`, `draws`, `positions` and `tree_nodes`
    /// beside the keys every report has.
    #[command(flatten)]
    output: common::OutputArgs,
}

/// Runs `delve tictactoe`.
pub fn run(args: TicTacToeArgs) -> anyhow::Result<Status> {
    match args.command {
        TicTacToeCommand::Count(args) => {
            let start = std::time::Instant::now();
            let c = delve_tictactoe::count();
            if args.output.json {
                common::print_job_report("count", None, delve_core::Stats::since(start), c);
            } else {
                println!("games:      {} (X wins {}, O wins {}, draws {})", c.games, c.x_wins, c.o_wins, c.draws);
                println!("positions:  {} reachable", c.positions);
                println!("tree nodes: {}", c.tree_nodes);
            }
            Ok(Status::Done)
        }
        TicTacToeCommand::Play(args) => play(args.first == common::First::Human),
    }
}

fn render(b: &delve_tictactoe::Board) -> String {
    let mut s = String::new();
    for row in 0..3 {
        let cells: Vec<String> = (0..3)
            .map(|col| {
                let i = row * 3 + col;
                if b.x & (1 << i) != 0 {
                    "X".to_string()
                } else if b.o & (1 << i) != 0 {
                    "O".to_string()
                } else {
                    (i + 1).to_string()
                }
            })
            .collect();
        s.push_str(&format!(" {}\n", cells.join(" | ")));
    }
    s
}

fn play(human_is_x: bool) -> anyhow::Result<Status> {
    use anyhow::Context;
    use delve_tictactoe::{Board, Winner};
    use std::io::Write;
    let (me, ai) = if human_is_x { ('X', 'O') } else { ('O', 'X') };
    println!("You play {me}, the engine plays {ai}. Type a cell (1-9), or q to quit.");
    let mut board = Board::empty();
    let stdin = std::io::stdin();
    let mut lines = delve_core::input::lines(stdin.lock());
    loop {
        println!("\n{}", render(&board));
        if let Some(w) = board.winner() {
            let text = match (w, human_is_x) {
                (Winner::Draw, _) => "a draw",
                (Winner::X, true) | (Winner::O, false) => "you win",
                _ => "the engine wins",
            };
            println!("{text}");
            return Ok(Status::Done);
        }
        if board.x_to_move() == human_is_x {
            print!("your move ({me}): ");
            std::io::stdout().flush()?;
            let Some(line) = lines.next() else {
                println!("\nbye");
                return Ok(Status::Done);
            };
            let line = line.context("reading stdin")?;
            let text = line.trim();
            println!("{text}");
            if text.eq_ignore_ascii_case("q") {
                println!("bye");
                return Ok(Status::Done);
            }
            match text.parse::<u8>() {
                Ok(c @ 1..=9) if board.free().any(|f| f == c - 1) => board = board.play(c - 1),
                Ok(c @ 1..=9) => println!("cell {c} is taken"),
                _ => println!("{text:?} is not a cell: type 1 to 9, or q"),
            }
        } else {
            let (cell, value) = delve_tictactoe::best_move(&board);
            let outlook = match value.signum() {
                1 => "a win for the engine",
                0 => "a draw",
                _ => "a loss for the engine",
            };
            println!("the engine plays {} (with best play: {outlook})", cell + 1);
            board = board.play(cell);
        }
    }
}
