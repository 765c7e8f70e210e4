//! `delve game`: adversarial search. `delve game cs188 FILE...` runs the Berkeley CS188
//! game-tree tests (`GraphGameTreeTest`) on `delve_game`'s minimax, alpha-beta and
//! expectimax and says PASS or FAIL per file. Thin: `delve_game::cs188` reads, runs and
//! compares; this module finds the files and renders.

use crate::common::{self, SearchArgs, Status};
use anyhow::bail;
use clap::{Args, Subcommand};
use delve_core::StopReason;
use delve_game::cs188::{Verdict, check};
use serde::Serialize;
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
    search: SearchArgs,
}

/// One test in the `--json` report.
#[derive(Serialize)]
struct FileReport {
    file: String,
    question: Option<String>,
    passed: bool,
    action: Option<String>,
    expected_action: String,
    /// Why the search stopped before deciding, if a limit stopped it.
    #[serde(skip_serializing_if = "Option::is_none")]
    stop_reason: Option<&'static str>,
}

/// The `--json` report.
#[derive(Serialize)]
struct Cs188Report {
    files: Vec<FileReport>,
    passed: usize,
    failed: usize,
}

/// Runs `delve game`.
pub fn run(args: GameArgs) -> anyhow::Result<Status> {
    match args.command {
        GameCommand::Cs188(args) => cs188(&args),
    }
}

/// The test files named by `paths`: files as given, folders' `*.test` files sorted by name.
fn test_files(paths: &[PathBuf]) -> anyhow::Result<Vec<PathBuf>> {
    let mut files = Vec::new();
    for path in paths {
        if path.is_dir() {
            let mut inside: Vec<PathBuf> = std::fs::read_dir(path)
                .map_err(|e| anyhow::anyhow!("{}: {e}", path.display()))?
                .filter_map(|e| e.ok().map(|e| e.path()))
                .filter(|p| p.extension().is_some_and(|e| e == "test"))
                .collect();
            if inside.is_empty() {
                bail!("{}: no `*.test` files in this folder", path.display());
            }
            inside.sort();
            files.extend(inside);
        } else {
            files.push(path.clone());
        }
    }
    Ok(files)
}

fn cs188(args: &Cs188Args) -> anyhow::Result<Status> {
    let limits = args.search.limits();
    let verdicts: Vec<Verdict> =
        test_files(&args.files)?.iter().map(|f| check(f, &limits)).collect::<Result<_, _>>()?;
    let passed = verdicts.iter().filter(|v| v.passed()).count();
    let failed = verdicts.len() - passed;
    if args.search.json {
        let files = verdicts
            .iter()
            .map(|v| FileReport {
                file: v.file.display().to_string(),
                question: v.question.clone(),
                passed: v.passed(),
                action: v.run.action.clone(),
                expected_action: v.expected.action.clone(),
                stop_reason: v.run.stop_reason.map(StopReason::name),
            })
            .collect();
        common::print_json(&Cs188Report { files, passed, failed });
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
