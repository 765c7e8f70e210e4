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
}

#[derive(Args, Debug)]
struct CountArgs {
    /// Print one JSON object: {"games","x_wins","o_wins","draws","positions","tree_nodes"}.
    #[arg(long)]
    json: bool,
}

/// Runs `delve tictactoe`.
pub fn run(args: TicTacToeArgs) -> anyhow::Result<Status> {
    match args.command {
        TicTacToeCommand::Count(args) => {
            let c = delve_tictactoe::count();
            if args.json {
                common::print_json(&c);
            } else {
                println!("games:      {} (X wins {}, O wins {}, draws {})", c.games, c.x_wins, c.o_wins, c.draws);
                println!("positions:  {} reachable", c.positions);
                println!("tree nodes: {}", c.tree_nodes);
            }
            Ok(Status::Done)
        }
    }
}
