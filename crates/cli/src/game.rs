//! `delve game`: adversarial search. `delve game cs188 FILE...` runs the Berkeley CS188
//! game-tree tests (`GraphGameTreeTest`) on `delve_game`'s minimax, alpha-beta and
//! expectimax and says PASS or FAIL per file. Thin: `delve_game::cs188` reads, runs and
//! compares; this module finds the files and renders.

use crate::common::{self, LimitArgs, OutputArgs, Status};
use clap::{Args, Subcommand};
use delve_game::cs188::{Cs188Report, Verdict, check, test_files};
use std::path::PathBuf;

/// Arguments of `delve game`.
#[derive(Args, Debug)]
pub struct GameArgs {
    #[command(subcommand)]
    command: GameCommand,
}

#[derive(Subcommand, Debug)]
enum GameCommand {
    /// Run CS188 game-tree tests: the agent's move and generated states against the solution.
    #[command(after_help = "Each FILE is a `*.test` file (its `*.solution` sits beside it) or a folder, whose \
`*.test` files all run. Exit status: 0 when every test passes, 1 when one fails, 2 for bad input.\n\n\
Examples:\n  delve game cs188 crates/game/data/cs188/q2/0-small-tree.test\n  \
delve game cs188 crates/game/data/cs188/q2 crates/game/data/cs188/q3 crates/game/data/cs188/q4\n  \
delve game cs188 crates/game/data/cs188/q3/6-tied-root.test --json")]
    Cs188(Cs188Args),
}

#[derive(Args, Debug)]
struct Cs188Args {
    /// Test files (`*.test`) or folders of them.
    #[arg(required = true, value_name = "FILE")]
    files: Vec<PathBuf>,
    /// Limits for each test's search (a stopped search fails its test), and `--json`.
    #[command(flatten)]
    limits: LimitArgs,
    #[command(flatten)]
    output: OutputArgs,
}

/// Runs `delve game`.
pub fn run(args: GameArgs) -> anyhow::Result<Status> {
    match args.command {
        GameCommand::Cs188(args) => cs188(&args),
    }
}

fn cs188(args: &Cs188Args) -> anyhow::Result<Status> {
    let limits = args.limits.limits();
    let start = std::time::Instant::now();
    let verdicts: Vec<Verdict> =
        test_files(&args.files)?.iter().map(|f| check(f, &limits)).collect::<Result<_, _>>()?;
    let report = Cs188Report::of(&verdicts, start.elapsed());
    let (passed, failed) = (report.detail.passed, report.detail.failed);
    if args.output.json {
        common::print_json(&report);
    } else {
        for v in &verdicts {
            print_verdict(v);
        }
        println!("{passed} passed, {failed} failed");
    }
    Ok(Status::from_solved(failed == 0))
}

/// `PASS file (agent, depth)` or `FAIL file` with what differs.
fn print_verdict(v: &Verdict) {
    let file = v.file.display();
    let action = v.run.action.as_deref().unwrap_or("(none)");
    if v.passed() {
        println!("PASS {file}  {}: {action}, {} generated", v.method.name(), v.run.generated.len());
        return;
    }
    println!("FAIL {file}  {}", v.method.name());
    if let Some(reason) = v.run.stop_reason {
        println!("     stopped ({reason}) after {} nodes expanded", v.run.stats.expanded);
        return;
    }
    if v.run.action.as_deref() != Some(v.expected.action.as_str()) {
        println!("     move {action}, expected {}", v.expected.action);
    }
    if v.run.generated != v.expected.generated {
        let join = |s: &mut dyn Iterator<Item = &String>| s.map(String::as_str).collect::<Vec<_>>().join(" ");
        let extra = join(&mut v.run.generated.difference(&v.expected.generated));
        let missing = join(&mut v.expected.generated.difference(&v.run.generated));
        println!("     generated too: [{extra}], never generated: [{missing}]");
    }
}
