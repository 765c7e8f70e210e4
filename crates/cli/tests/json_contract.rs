//! The report and exit-code contract of every command: each subcommand with `--json` prints
//! the keys every report has (`algorithm`, `solved`, `outcome`, `stop_reason`, `stats` with
//! `elapsed_ms`), and each one that takes a limit, given a tiny one, exits 1 with a
//! `stop_reason` naming it. The subcommands are read from `delve --help`, so a new one fails
//! here until it keeps the contract (and has a line in the tables below).

mod common;

use common::{delve, repo_file, repo_path, scratch};
use serde_json::Value;
use std::path::PathBuf;

/// The subcommands (as their words after `delve`) listed under `Commands:` in `help`.
fn listed(help: &str) -> Vec<String> {
    help.lines()
        .skip_while(|l| !l.starts_with("Commands:"))
        .skip(1)
        .take_while(|l| l.starts_with("  "))
        .filter_map(|l| l.split_whitespace().next())
        .filter(|&name| name != "help")
        .map(str::to_string)
        .collect()
}

fn help_of(words: &[String]) -> String {
    let out = delve().args(words).arg("--help").output().unwrap();
    assert!(out.status.success(), "{words:?} --help");
    String::from_utf8(out.stdout).unwrap()
}

/// Every leaf subcommand, with its help.
fn leaves(words: Vec<String>) -> Vec<(String, String)> {
    let help = help_of(&words);
    let subs = listed(&help);
    if subs.is_empty() {
        return vec![(words.join(" "), help)];
    }
    subs.into_iter()
        .flat_map(|sub| {
            let mut next = words.clone();
            next.push(sub);
            leaves(next)
        })
        .collect()
}

/// The scratch files the tiny runs read.
struct Files {
    dir: PathBuf,
}

impl Files {
    /// The files in a scratch folder of their own, `name` (tests run at once).
    fn new(name: &str) -> Self {
        let dir = scratch(name);
        std::fs::write(dir.join("batch.txt"), "5 bfs\n").unwrap();
        std::fs::write(dir.join("hard.txt"), "8 bfs\n").unwrap();
        std::fs::write(dir.join("c4-easy"), "4455 18\n").unwrap();
        std::fs::write(dir.join("c4-hard"), "4 -1\n").unwrap();
        std::fs::write(dir.join("samples.csv"), "puzzle_number,pattern\n1,789456B23\n2,789B56423\n").unwrap();
        let rgb = dir.join("rgb");
        std::fs::create_dir_all(&rgb).unwrap();
        std::fs::write(rgb.join("A-4.txt"), repo_file("crates/domains/rgb/data/A-4.txt")).unwrap();
        std::fs::create_dir_all(dir.join("out")).unwrap();
        Files { dir }
    }

    fn path(&self, name: &str) -> String {
        self.dir.join(name).display().to_string()
    }
}

impl Drop for Files {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

/// A tiny run of each subcommand with `--json`: its arguments and exit code.
fn tiny(command: &str, f: &Files) -> Option<(Vec<String>, i32)> {
    let microban = repo_path("crates/domains/sokoban/data/microban.xsb");
    let args: Vec<String> = match command {
        "queens solve" => vec!["5".into()],
        "queens batch" => vec![f.path("batch.txt"), "--out-dir".into(), f.path("out")],
        "queens count" => vec!["6".into()],
        "sudoku solve" => {
            vec!["8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..".into()]
        }
        "route" => ["--from", "Arad", "--to", "Bucharest"].map(String::from).to_vec(),
        "sliding enumerate" => vec!["2x2".into()],
        "sliding solve" => vec!["123456708".into()],
        "sliding lookup" => vec!["2x2".into(), "4B32".into()],
        "sliding analyze" => vec![f.path("samples.csv")],
        "sliding pool" => {
            ["--samples", "10", "--observed", "5", "--trials", "5", "--max-pool", "10"].map(String::from).to_vec()
        }
        "sliding samples-needed" => vec!["--pool".into(), "10".into()],
        "sliding read" => vec![
            "--templates".into(),
            repo_path("crates/domains/sliding-vision/data/demo/templates"),
            repo_path("crates/domains/sliding-vision/data/demo/frames/frame1.jpg"),
        ],
        "sliding pdb build" => {
            ["2x3", "--partition", "3-2", "--pdb-dir"].map(String::from).into_iter().chain([f.path("out")]).collect()
        }
        "rgb solve" => vec![repo_path("crates/domains/rgb/data/A-4.txt")],
        "rgb bench" => vec![f.path("rgb")],
        "game cs188" => vec![repo_path("crates/game/data/cs188/q2/0-lecture-6-tree.test")],
        "game solve" => vec![repo_path("crates/game/data/trees/figure-5-2.tree"), "--explain".into()],
        "tictactoe count" => vec![],
        "pacman play" => ["--layout", "testClassic", "--agent", "minimax", "--quiet"].map(String::from).to_vec(),
        "pacman grade" => vec![repo_path("crates/domains/pacman/data/cs188/q1")],
        "sokoban solve" => vec![microban, "--level".into(), "1".into()],
        "sokoban bench" => vec![microban, "--levels".into(), "1-2".into()],
        "connect4 solve" => vec!["4455".into()],
        "connect4 bench" => vec![f.path("c4-easy")],
        "connect4 book info" => vec![repo_path("crates/domains/connect4/data/book-44455554221-d2.c4b")],
        _ => return None,
    };
    Some((args, 0))
}

/// A run of each subcommand that takes a limit, with a tiny one: its arguments and the
/// `stop_reason` it must give.
fn limited(command: &str, f: &Files) -> Option<(Vec<String>, &'static str)> {
    let microban = repo_path("crates/domains/sokoban/data/microban.xsb");
    let nodes =
        |args: Vec<String>| Some((args.into_iter().chain(["--max-nodes".into(), "1".into()]).collect(), "node_limit"));
    match command {
        "queens solve" => nodes(["8", "--algo", "bfs"].map(String::from).to_vec()),
        "queens batch" => nodes(vec![f.path("hard.txt"), "--out-dir".into(), f.path("out")]),
        "queens count" => Some((["24", "--timeout", "0.2"].map(String::from).to_vec(), "timeout")),
        "sudoku solve" => {
            nodes(vec!["8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..".into()])
        }
        "route" => nodes(["--from", "Arad", "--to", "Bucharest"].map(String::from).to_vec()),
        "sliding solve" => nodes(vec!["867254301".into()]),
        "rgb solve" => nodes(vec![repo_path("crates/domains/rgb/data/A-4.txt")]),
        "rgb bench" => nodes(vec![f.path("rgb")]),
        "game cs188" => nodes(vec![repo_path("crates/game/data/cs188/q2/0-lecture-6-tree.test")]),
        "game solve" => nodes(vec![repo_path("crates/game/data/trees/figure-5-2.tree")]),
        "pacman grade" => nodes(vec![repo_path("crates/domains/pacman/data/cs188/q2")]),
        "sokoban solve" => nodes(vec![microban, "--level".into(), "93".into()]),
        "sokoban bench" => nodes(vec![microban, "--levels".into(), "1-2".into()]),
        "connect4 solve" => nodes(vec!["4".into()]),
        "connect4 bench" => nodes(vec![f.path("c4-hard")]),
        _ => None,
    }
}

/// The problems with the shared keys of `v`, if any.
fn shared_keys(v: &Value) -> Vec<String> {
    let mut wrong = Vec::new();
    let mut check = |key: &str, ok: bool| {
        if !ok {
            wrong.push(format!("`{key}` missing or of the wrong type"));
        }
    };
    check("algorithm", v["algorithm"].is_string());
    check("solved", v["solved"].is_boolean());
    let outcomes = ["solved", "no_solution", "stopped", "complete"];
    check("outcome", v["outcome"].as_str().is_some_and(|o| outcomes.contains(&o)));
    check("stop_reason", v["stop_reason"].is_null() || v["stop_reason"].is_string());
    check("stats", v["stats"].is_object());
    for key in ["expanded", "generated", "max_frontier", "iterations"] {
        check(&format!("stats.{key}"), v["stats"][key].is_u64());
    }
    check("stats.elapsed_ms", v["stats"]["elapsed_ms"].is_number());
    wrong
}

/// Runs `delve WORDS ARGS --json`, checks the exit code, and returns the one JSON line.
fn report(command: &str, args: &[String], code: i32) -> Value {
    let out = delve().args(command.split(' ')).args(args).arg("--json").output().unwrap();
    let stdout = String::from_utf8(out.stdout).unwrap();
    assert_eq!(
        out.status.code(),
        Some(code),
        "{command} {args:?}: stdout {stdout} stderr {}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(stdout.lines().count(), 1, "{command}: one JSON object on one line: {stdout}");
    serde_json::from_str(&stdout).unwrap_or_else(|e| panic!("{command}: {e}: {stdout}"))
}

#[test]
fn every_json_report_has_the_shared_keys() {
    let f = Files::new("json-contract-keys");
    let with_json: Vec<(String, String)> =
        leaves(Vec::new()).into_iter().filter(|(_, help)| help.contains("--json")).collect();
    assert!(with_json.len() >= 20, "{with_json:?}");
    let mut failures = Vec::new();
    for (command, _) in &with_json {
        let Some((args, code)) = tiny(command, &f) else {
            failures.push(format!("{command}: no tiny run in this test's table"));
            continue;
        };
        let wrong = shared_keys(&report(command, &args, code));
        if !wrong.is_empty() {
            failures.push(format!("{command}: {}", wrong.join(", ")));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn a_tiny_limit_exits_1_and_names_the_limit() {
    let f = Files::new("json-contract-limits");
    let takes_limits = |help: &str| help.contains("--max-nodes") || help.contains("--timeout");
    let mut failures = Vec::new();
    for (command, help) in leaves(Vec::new()) {
        if !help.contains("--json") || !takes_limits(&help) {
            continue;
        }
        let Some((args, reason)) = limited(&command, &f) else {
            failures.push(format!("{command}: takes a limit but has no limited run in this test's table"));
            continue;
        };
        let v = report(&command, &args, 1);
        if v["stop_reason"] != reason {
            failures.push(format!("{command}: stop_reason {} instead of {reason}", v["stop_reason"]));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// `rgb solve --algo ucs,ils`: one report for the runs, with the shared keys (`algorithm`
/// joining the names, `stats` adding them up), the level and rules, and under `runs` each
/// search's own report, as `--algo` with one search prints it.
#[test]
fn several_rgb_searches_make_one_report_holding_each_searchs_report() {
    let args = [repo_path("crates/domains/rgb/data/Custom.txt"), "--algo".into(), "ucs,ils".into()];
    let v = report("rgb solve", &args, 0);
    assert_eq!(shared_keys(&v), Vec::<String>::new(), "{v}");
    assert_eq!((v["algorithm"].as_str(), v["solved"].as_bool()), (Some("ucs,ils"), Some(true)), "{v}");
    assert_eq!((v["level"].as_str(), v["rules"].as_str()), (Some("Custom"), Some("pairwise")), "{v}");
    assert!(v.get("cost").is_none() && v.get("plan").is_none(), "a run's keys stay in its own report: {v}");
    let runs = v["runs"].as_array().expect("runs");
    assert_eq!(runs.len(), 2, "{v}");
    for (run, algorithm) in runs.iter().zip(["ucs", "ils"]) {
        assert_eq!(shared_keys(run), Vec::<String>::new(), "{run}");
        let alone = report("rgb solve", &[args[0].clone(), "--algo".into(), algorithm.into()], 0);
        let keys = |r: &Value| r.as_object().unwrap().keys().cloned().collect::<Vec<_>>();
        assert_eq!(keys(run), keys(&alone), "{algorithm}");
        assert_eq!((run["algorithm"].as_str(), run["cost"].as_u64()), (Some(algorithm), Some(6)), "{run}");
    }
    for key in ["expanded", "generated", "iterations"] {
        let sum: u64 = runs.iter().map(|r| r["stats"][key].as_u64().unwrap()).sum();
        assert_eq!(v["stats"][key].as_u64(), Some(sum), "{key}: {v}");
    }
}
