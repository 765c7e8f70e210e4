//! `delve game`: adversarial search. `delve game cs188 FILE...` runs the Berkeley CS188
//! game-tree tests (`GraphGameTreeTest`) on `delve_game`'s minimax, alpha-beta and
//! expectimax and says PASS or FAIL per file; `delve game solve TREE` solves a game tree of
//! one's own, minimax and alpha-beta side by side. Thin: `delve_game::cs188`,
//! `delve_game::tree` and `delve_game::pruning` read, run and compare; this module finds the
//! files and renders.

use crate::common::{self, LimitArgs, OutputArgs, Status};
use clap::{Args, Subcommand};
use delve_core::Report;
use delve_game::cs188::{Cs188Report, Verdict, check, test_files};
use delve_game::pruning::{Prune, PruningReport, Visits};
use delve_game::tree::{TreeFile, TreeFormat};
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
    /// Solve a game tree of your own: its minimax value and best move, and the nodes minimax
    /// and alpha-beta visit, side by side.
    #[command(after_help = "TREE is a file in the text form, nested parentheses with optional move labels \
(`(a1: (3 12 8) a2: (2 4 6))`), in JSON (`*.json`: `[{\"a1\": [3, 12, 8]}, [2, 4, 6]]`), or a CS188 \
game-tree test (`*.test`; no `*.solution` needed, its `alg` is not read, its depth is the cut-off); `-` \
reads stdin. MAX moves at the root. Exit status: 0 when solved, 1 when a limit stopped a search, 2 for bad \
input.\n\n\
Examples:\n  delve game solve crates/game/data/trees/figure-5-2.tree\n  \
delve game solve crates/game/data/trees/tied.tree --prune non-strict --explain\n  \
delve game solve crates/game/data/trees/figure-5-2.json --json\n  \
delve game solve crates/game/data/cs188/q3/6-tied-root.test --explain")]
    Solve(SolveArgs),
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

#[derive(Args, Debug)]
struct SolveArgs {
    /// The tree file, or `-` for stdin.
    #[arg(value_name = "TREE")]
    tree: PathBuf,
    /// The tree's form: `text`, `json` or `cs188` [default: by the file's name: `*.json` is
    /// JSON, `*.test` CS188, anything else (and stdin) text].
    #[arg(long, value_name = "FORM", value_parser = common::parse_name::<TreeFormat>)]
    format: Option<TreeFormat>,
    /// Alpha-beta's cuts: `strict`, CS188's (`v > beta` at MAX, `v < alpha` at MIN), or
    /// `non-strict`, the textbook's (`v >= beta`, `v <= alpha`), which also cuts on ties.
    #[arg(long, value_name = "RULE", default_value = "strict", value_parser = common::parse_name::<Prune>)]
    prune: Prune,
    /// Also list each branch alpha-beta pruned: the node, the value and the bound that cut
    /// it, and the moves never searched.
    #[arg(long)]
    explain: bool,
    /// Limits for each of the two searches, and `--json`.
    #[command(flatten)]
    limits: LimitArgs,
    #[command(flatten)]
    output: OutputArgs,
}

/// Runs `delve game`.
pub fn run(args: GameArgs) -> anyhow::Result<Status> {
    match args.command {
        GameCommand::Cs188(args) => cs188(&args),
        GameCommand::Solve(args) => solve(&args),
    }
}

fn solve(args: &SolveArgs) -> anyhow::Result<Status> {
    let file = if args.tree.as_os_str() == "-" {
        TreeFile::read_stdin(args.format.unwrap_or(TreeFormat::Text))?
    } else {
        TreeFile::read(&args.tree, args.format)?
    };
    let report = file.solve(args.prune, args.explain, &args.limits.limits());
    if args.output.json {
        common::print_json(&report);
    } else {
        print_solution(&report);
    }
    Ok(Status::from_solved(report.solved))
}

/// The value and move, the two searches' visits, b and m, and the cuts when asked for.
fn print_solution(report: &Report<PruningReport>) {
    let r = &report.detail;
    match (r.value, &r.best_move) {
        (Some(v), Some(m)) => println!("value {v}, best move {m}"),
        (Some(v), None) => println!("value {v}, no move: the root is a leaf"),
        (None, _) => {}
    }
    if !report.solved {
        println!("{}", report.status());
    }
    let row = |name: &str, v: &Visits, note: &str| println!("{name:<12}{:>7}{:>8}{note}", v.nodes, v.leaves);
    println!("{:<12}{:>7}{:>8}", "", "nodes", "leaves");
    row("minimax", &r.minimax, "");
    row("alpha-beta", &r.alpha_beta, &format!("  ({} cuts)", r.prune.name()));
    if report.solved {
        println!(
            "b = {}, m = {}: minimax's work grows as b^m = {}, alpha-beta's at best as b^(m/2) = {}",
            r.b,
            r.m,
            power(r.b_pow_m),
            power(r.b_pow_half_m)
        );
    }
    let Some(cuts) = &r.cuts else { return };
    if cuts.is_empty() {
        println!("pruned branches: none");
        return;
    }
    println!("pruned branches ({}):", cuts.len());
    for c in cuts {
        let at = if c.path.is_empty() { "the root".to_string() } else { c.path.join(" → ") };
        let relation = match (c.value == c.bound_value, c.node) {
            (true, _) => "=",
            (false, "max") => ">",
            (false, _) => "<",
        };
        let pruned = match &c.pruned[..] {
            [one] => format!("move {one} is"),
            more => format!("moves {} are", more.join(" ")),
        };
        println!(
            "  at {at}, a {} node: value {} {relation} {} {}, so {pruned} pruned",
            c.node.to_uppercase(),
            c.value,
            c.bound,
            c.bound_value
        );
    }
}

/// `b^m` and `b^(m/2)` as text: whole when whole, else two decimals, or in scientific
/// notation when large.
fn power(v: f64) -> String {
    if !v.is_finite() {
        "more than 10^308".to_string()
    } else if v >= 1e15 {
        format!("{v:.3e}")
    } else if v.fract() == 0.0 {
        format!("{v:.0}")
    } else {
        format!("{v:.2}")
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
