//! End-to-end tests of `delve rgb`: solve (text, --json, --log, each rule set), bench, show,
//! and bad input (exit 2 with a one-line error naming file, line and column).

mod common;

use common::{bad_input, delve, repo_path};
use serde_json::Value;

fn data(name: &str) -> String {
    repo_path(&format!("crates/domains/rgb/data/{name}"))
}

fn run(args: &[&str], code: i32) -> String {
    common::run("rgb", args, code)
}

/// `delve rgb ARGS` whose arguments already hold `--json`.
fn json(args: &[&str], code: i32) -> Value {
    let args: Vec<&str> = args.iter().copied().filter(|a| *a != "--json").collect();
    common::json("rgb", &args, code)
}

#[test]
fn solve_prints_the_optimal_cost_and_the_reference_routes() {
    let out = run(&["solve", &data("Custom.txt"), "--algo", "ils", "--rules", "reference"], 0);
    assert!(out.contains("optimal cost 6"), "{out}");
    assert!(out.contains("[Truck 0] →↑.→.↓*") && out.contains("[Truck 1] ←↑.↑*"), "{out}");
    assert!(out.contains("plan:  [(0,R,1),(1,L,1)] [(0,U,2),(1,U,2)]"), "{out}");
}

#[test]
fn json_reports_carry_the_shared_and_the_rgb_keys() {
    let v = json(&["solve", &data("A-9.txt"), "--algo", "ils", "--json"], 0);
    assert_eq!(
        (v["algorithm"].as_str(), v["solved"].as_bool(), v["cost"].as_u64()),
        (Some("ils"), Some(true), Some(20))
    );
    assert!(v["stop_reason"].is_null() && v["outcome"] == "solved");
    assert_eq!(v["routes"].as_array().map(Vec::len), Some(2));
    let limits: Vec<u64> = v["cost_limits"].as_array().unwrap().iter().map(|c| c.as_u64().unwrap()).collect();
    assert_eq!(limits, [0, 1, 3, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20], "EXPECTED.md");
    let plan = v["plan"].as_array().unwrap();
    let total: u64 = plan.iter().map(|s| s["cost"].as_u64().unwrap()).sum();
    assert_eq!(total, 20);
    assert_eq!(plan[0]["moves"][0]["action"], "U");
    for key in ["expanded", "generated", "elapsed_ms"] {
        assert!(v[key].is_number() && v["stats"][key].is_number(), "{key}: {v}");
    }
}

#[test]
fn unsolvable_levels_exit_one_after_the_whole_search() {
    // G-1 is unsolvable only under the original solver's one-sided pruning (EXPECTED.md).
    let v = json(&["solve", &data("archiloque/G-1.txt"), "--rules", "reference", "--json"], 1);
    assert_eq!((v["solved"].as_bool(), v["stop_reason"].as_str()), (Some(false), Some("no_solution")));
    let v = json(&["solve", &data("archiloque/G-1.txt"), "--json"], 0);
    assert_eq!(v["cost"], 23);
    let v = json(&["solve", &data("P-7.txt"), "--algo", "ucs", "--max-nodes", "10", "--json"], 1);
    assert_eq!((v["solved"].as_bool(), v["stop_reason"].as_str()), (Some(false), Some("node_limit")));
}

#[test]
fn log_prints_find_cost_lines() {
    let out = run(&["solve", &data("Custom.txt"), "--algo", "ils", "--log"], 0);
    let lines: Vec<&str> = out.lines().filter(|l| l.starts_with("Find Cost: ")).collect();
    assert_eq!(lines, ["Find Cost: 0", "Find Cost: 1", "Find Cost: 3", "Find Cost: 4", "Find Cost: 5", "Find Cost: 6"]);
    // With --json the log goes to stderr and stdout stays one object.
    let out = delve().args(["rgb", "solve", &data("Custom.txt"), "--algo", "ils", "--log", "--json"]).output().unwrap();
    assert!(String::from_utf8_lossy(&out.stderr).contains("Find Cost: 6"));
    assert_eq!(String::from_utf8_lossy(&out.stdout).lines().count(), 1);
}

#[test]
fn bench_solves_a_folder() {
    let v = json(&["bench", &data(""), "--json"], 0);
    let levels = v["levels"].as_array().unwrap();
    assert_eq!(levels.len(), 7);
    assert_eq!((v["solved"].as_bool(), v["solved_levels"].as_u64()), (Some(true), Some(7)), "{v}");
    let costs: Vec<(String, u64)> =
        levels.iter().map(|l| (l["level"].as_str().unwrap().to_string(), l["cost"].as_u64().unwrap())).collect();
    assert!(costs.contains(&("P-7".into(), 19)) && costs.contains(&("C-2".into(), 34)), "{costs:?}");
    assert!(v["total_ms"].is_number());
    assert_eq!(v["errors"].as_array().map(Vec::len), Some(0), "{v}");
}

#[test]
fn bench_reports_a_bad_file_and_runs_the_others() {
    let dir = common::scratch("rgb-bench-bad");
    std::fs::copy(data("A-4.txt"), dir.join("A-4.txt")).unwrap();
    std::fs::write(dir.join("B-1.txt"), "not a level\n").unwrap();
    let out = delve().args(["rgb", "bench", dir.to_str().unwrap(), "--json"]).output().unwrap();
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    let v: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!((v["solved_levels"].as_u64(), v["levels"][0]["level"].as_str()), (Some(1), Some("A-4")), "{v}");
    assert!(v["errors"][0]["file"].as_str().unwrap().ends_with("B-1.txt"), "{v}");
    assert!(
        stderr.contains("B-1.txt:1:1") && stderr.contains("1 level file could not be solved (above); the others ran"),
        "{stderr}"
    );
    common::assert_said_once(&stderr);
    // A limit that stops a level: the bench ends with its report and exit 1.
    std::fs::remove_file(dir.join("B-1.txt")).unwrap();
    let v = json(&["bench", dir.to_str().unwrap(), "--timeout-per-level", "0.000000001", "--json"], 1);
    assert_eq!((v["solved_levels"].as_u64(), v["stop_reason"].as_str()), (Some(0), Some("timeout")), "{v}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn show_draws_the_level_and_animates_the_plan() {
    let out = run(&["show", &data("Custom.txt")], 0);
    assert!(out.contains("0─┴───┴───┴─1"), "{out}");
    let out = run(&["show", &data("Custom.txt"), "--plan", "--delay", "0"], 0);
    assert_eq!(out.matches("— time ").count(), 7, "frames for times 0..=6: {out}");
}

#[test]
fn bad_input_exits_two_with_file_line_and_column() {
    let dir = common::scratch("rgb-cli");
    let bad = dir.join("bad.txt");
    std::fs::write(&bad, "rows: 1\ncols: 3\ntruck: 0 red -\ngrid:\n0-x-R\nend\n").unwrap();
    let err = bad_input("rgb", &["solve", bad.to_str().unwrap()]);
    assert!(err.contains("bad.txt:5:3: expected a cell"), "{err}");
    let err = bad_input("rgb", &["solve", "/no/such/level.txt"]);
    assert!(err.starts_with("error: cannot read level file /no/such/level.txt"), "{err}");
    let err = bad_input("rgb", &["solve", &data("Custom.txt"), "--algo", "dfs"]);
    assert!(err.contains("does not find optimal plans"), "{err}");
    for command in ["solve", "show"] {
        let err = bad_input("rgb", &[command, &data("Custom.txt"), "--algo", "bibfs"]);
        assert!(err.contains("`bibfs` does not find optimal plans"), "{err}");
        assert!(err.contains("supported: ucs, ils, astar, idastar"), "{err}");
    }
    let err = bad_input("rgb", &["bench", &data("archiloque"), "--algo", "bibfs"]);
    assert!(err.contains("supported: ucs, ils, astar, idastar"), "{err}");
    let err = bad_input("rgb", &["solve", &data("Custom.txt"), "--rules", "house"]);
    assert!(err.contains("unknown rule set `house`"), "{err}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn version_two_levels_solve_and_draw() {
    // White trucks (archiloque D-10) and switches (E-1), format version 2.
    let v = json(&["solve", &data("archiloque/D-10.txt"), "--json"], 0);
    assert_eq!((v["cost"].as_u64(), v["solved"].as_bool()), (Some(23), Some(true)), "{v}");
    let v = json(&["solve", &data("archiloque/E-1.txt"), "--rules", "archiloque", "--json"], 0);
    assert_eq!(v["cost"].as_u64(), Some(11), "{v}");
    let out = run(&["show", &data("archiloque/E-1.txt")], 0);
    assert!(out.contains('◉') && out.contains('╳'), "a button and a closed gate: {out}");
    let err = bad_input("rgb", &["solve", &data("archiloque/D-10.txt"), "--algo", "greedy"]);
    assert!(err.contains("supported: ucs, ils, astar, idastar"), "{err}");
}

#[test]
fn bump_levels_say_which_bumps_the_plan_enables() {
    // archiloque F-1 (format version 2, EXPECTED.md §6): one bump, at (4, 4), enabled.
    let v = json(&["solve", &data("archiloque/F-1.txt"), "--json"], 0);
    assert_eq!(v["cost"].as_u64(), Some(13), "{v}");
    assert_eq!(v["bumps_enabled"], serde_json::json!([[4, 4]]), "{v}");
    // The red truck (1) leaves the bump at time 4 having dropped the yellow item there.
    let moves: Vec<&serde_json::Value> =
        v["plan"].as_array().unwrap().iter().flat_map(|s| s["moves"].as_array().unwrap()).collect();
    let drops: Vec<_> = moves.iter().filter(|m| m.get("bump").is_some()).collect();
    assert_eq!(drops.len(), 1, "{v}");
    assert_eq!((drops[0]["truck"].as_u64(), drops[0]["bump"].as_bool()), (Some(1), Some(true)), "{v}");
    let v = json(&["solve", &data("Custom.txt"), "--json"], 0);
    assert!(v.get("bumps_enabled").is_none(), "no key for levels without bumps: {v}");
    let out = run(&["solve", &data("archiloque/F-1.txt")], 0);
    assert!(out.contains("bumps enabled: (4, 4) (the other 0 disabled)"), "{out}");
    let out = run(&["show", &data("archiloque/F-1.txt")], 0);
    assert!(out.contains('○'), "the bump is drawn: {out}");
    // In the animation the dropped yellow item lies on the bump (4, 4) from time 5 to 7.
    let out = run(&["show", &data("archiloque/F-1.txt"), "--plan", "--delay", "0"], 0);
    let frame = out.split("time 6 of 13").nth(1).unwrap();
    let row4 = frame.lines().nth(5).unwrap();
    assert_eq!(row4.chars().nth(8), Some('y'), "{frame}");
}

/// The lines of the original's printed run of the Custom level (the report's section 7),
/// with the time as a pattern.
const ORIGINAL_ILS_LOG: [&str; 10] = [
    "Find Cost: 0",
    "Find Cost: 1",
    "Find Cost: 3",
    "Find Cost: 4",
    "Find Cost: 5",
    "Find Cost: 6",
    "< Optimal Cost 6 >",
    "Iterative Lengthening Search Result: SECONDS",
    "[Truck 0] →↑.→.↓*",
    "[Truck 1] ←↑.↑*",
];

/// `line` with a number of seconds after `Result: ` written as `SECONDS`.
fn seconds_hidden(line: &str) -> String {
    match line.split_once("Result: ") {
        Some((head, secs)) if secs.parse::<f64>().is_ok_and(|s| s >= 0.0) => format!("{head}Result: SECONDS"),
        _ => line.to_string(),
    }
}

#[test]
fn ucs_then_ils_prints_both_with_the_originals_log_lines() {
    let out = run(&["solve", &data("dict/Custom.py"), "--algo", "ucs,ils", "--log"], 0);
    let (ucs, ils) = out.split_once("\n\n").unwrap_or_else(|| panic!("two runs, a blank line between: {out}"));
    // The original's own lines, in its order (ours, the header, plan and stats, between them).
    let theirs = |block: &str| -> Vec<String> {
        block
            .lines()
            .filter(|l| ["Find Cost", "< Optimal", "Uniform", "Iterative", "[Truck"].iter().any(|p| l.starts_with(p)))
            .map(seconds_hidden)
            .collect()
    };
    assert_eq!(theirs(ils), ORIGINAL_ILS_LOG, "{ils}");
    assert_eq!(
        theirs(ucs),
        ["< Optimal Cost 6 >", "Uniform Search Result: SECONDS", "[Truck 0] →↑.→.↓*", "[Truck 1] ←↑.↑*"],
        "{ucs}"
    );
    assert!(ucs.contains("Custom (pairwise rules) by ucs: optimal cost 6"), "{ucs}");
    assert!(ils.contains("Custom (pairwise rules) by ils: optimal cost 6"), "{ils}");
    // Without --log, only the two results.
    let out = run(&["solve", &data("Custom.txt"), "--algo", "ucs,ils"], 0);
    assert!(!out.contains("Find Cost") && !out.contains("< Optimal"), "{out}");
    assert_eq!(out.matches("stats: ").count(), 2, "{out}");
    // With --json the log lines go to stderr, the one report to stdout.
    let out =
        delve().args(["rgb", "solve", &data("Custom.txt"), "--algo", "ucs,ils", "--log", "--json"]).output().unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("< Optimal Cost 6 >\nUniform Search Result: "), "{stderr}");
    assert!(stderr.contains("< Optimal Cost 6 >\nIterative Lengthening Search Result: "), "{stderr}");
    assert_eq!(String::from_utf8_lossy(&out.stdout).lines().count(), 1);
}

#[test]
fn several_searches_exit_one_when_one_is_stopped() {
    let v = json(&["solve", &data("P-7.txt"), "--algo", "astar,ucs", "--max-nodes", "2000", "--json"], 1);
    let runs = v["runs"].as_array().unwrap();
    assert_eq!((runs[0]["solved"].as_bool(), runs[1]["solved"].as_bool()), (Some(true), Some(false)), "{v}");
    assert_eq!((v["solved"].as_bool(), v["stop_reason"].as_str()), (Some(false), Some("node_limit")), "{v}");
    let err = bad_input("rgb", &["solve", &data("Custom.txt"), "--algo", "ucs,greedy"]);
    assert!(err.contains("`greedy` does not find optimal plans"), "{err}");
}

#[test]
fn dict_levels_load_directly_and_convert_both_ways() {
    // Told by the first line, or named by --format.
    let v = json(&["solve", &data("dict/A-9.py"), "--algo", "ils", "--json"], 0);
    assert_eq!((v["level"].as_str(), v["cost"].as_u64()), (Some("A-9"), Some(20)), "{v}");
    let v = json(&["solve", &data("dict/P-7.py"), "--format", "dict", "--json"], 0);
    assert_eq!(v["cost"].as_u64(), Some(19), "{v}");
    let out = run(&["show", &data("dict/Custom.py")], 0);
    assert!(out.contains("0─┴───┴───┴─1"), "{out}");
    let v = json(&["bench", &data("dict"), "--json"], 0);
    assert_eq!(v["solved_levels"].as_u64(), Some(7), "{v}");
    // Both directions, byte for byte with the shipped files (the grid's comments aside).
    let dict = run(&["convert", &data("A-9.txt"), "--to", "dict"], 0);
    assert_eq!(dict, common::repo_file("crates/domains/rgb/data/dict/A-9.py"));
    let grid = run(&["convert", &data("dict/P-7.py"), "--to", "grid"], 0);
    let shipped: String = common::repo_file("crates/domains/rgb/data/P-7.txt")
        .lines()
        .filter(|l| !l.starts_with('#'))
        .map(|l| format!("{l}\n"))
        .collect();
    assert_eq!(grid, shipped);
    let same = run(&["convert", &data("Custom.txt"), "--to", "grid"], 0);
    assert!(same.starts_with("name: Custom\nrows: 5\n"), "{same}");
}

#[test]
fn bad_dict_levels_exit_two_naming_the_key_line_and_column() {
    let dir = common::scratch("rgb-dict");
    let bad = dir.join("bad.py");
    let text = common::repo_file("crates/domains/rgb/data/dict/Custom.py").replace("(2, 3)", "(2, 9)");
    std::fs::write(&bad, text).unwrap();
    let err = bad_input("rgb", &["solve", bad.to_str().unwrap()]);
    assert!(
        err.contains("bad.py:13:21: in `Items[Color.Red]`: (2, 9) is outside the roads (5 rows, 7 columns)"),
        "{err}"
    );
    let err = bad_input("rgb", &["solve", &data("Custom.txt"), "--format", "dict"]);
    assert!(
        err.contains(
            "Custom.txt:4:1: expected a level's dict, or its name in quotes before `:`, found the name `name`"
        ),
        "{err}"
    );
    let err = bad_input("rgb", &["solve", &data("Custom.txt"), "--format", "python"]);
    assert!(err.contains("unknown level format `python` (expected grid or dict)"), "{err}");
    let err = bad_input("rgb", &["convert", &data("archiloque/D-10.txt"), "--to", "dict"]);
    assert!(err.contains("the dict format cannot hold level D-10: it has a white truck"), "{err}");
    std::fs::remove_dir_all(&dir).unwrap();
}
