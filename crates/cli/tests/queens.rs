//! End-to-end tests of `delve queens`: every algorithm through `--json` (answers re-checked here),
//! verbosity levels, the original assignment's batch example, counts against OEIS A000170, and bad
//! input (exit 2 with a clear error).

mod common;

use common::delve;
use serde_json::Value;

/// Runs `delve queens ARGS`: (exit code, stdout, stderr).
fn run(args: &[&str]) -> (i32, String, String) {
    let out = delve().arg("queens").args(args).output().unwrap();
    (out.status.code().unwrap(), String::from_utf8(out.stdout).unwrap(), String::from_utf8(out.stderr).unwrap())
}

/// Runs `delve queens ARGS` (which include `--json`), checks the exit code and the one JSON
/// line, and returns it parsed.
fn json(args: &[&str], code: i32) -> Value {
    let stdout = common::run("queens", args, code);
    assert_eq!(stdout.lines().count(), 1, "one JSON line: {stdout}");
    serde_json::from_str(&stdout).unwrap()
}

/// An independent check of 1-based rows: one queen per column, no shared row or diagonal.
fn valid(n: usize, rows: &[u64]) -> bool {
    rows.len() == n
        && (0..n).all(|i| {
            (rows[i] >= 1 && rows[i] <= n as u64)
                && (i + 1..n).all(|j| rows[i] != rows[j] && rows[i].abs_diff(rows[j]) as usize != j - i)
        })
}

fn rows(v: &Value) -> Vec<u64> {
    v["rows"].as_array().unwrap().iter().map(|r| r.as_u64().unwrap()).collect()
}

const ALGOS: [&str; 12] =
    ["bfs", "dfs", "csp", "csp-mrv-fc", "mac", "hc", "hc-restart", "sa", "min-conflicts", "ucs", "ils", "construct"];

#[test]
fn every_algorithm_answers_in_the_documented_json_shape() {
    for algo in ALGOS {
        for n in [1usize, 4, 8] {
            let v = json(&["solve", &n.to_string(), "--algo", algo, "--seed", "5", "--json"], 0);
            assert_eq!(
                (v["n"].as_u64(), v["algorithm"].as_str(), v["solved"].as_bool(), v["outcome"].as_str()),
                (Some(n as u64), Some(algo), Some(true), Some("solved"))
            );
            assert!(v["stop_reason"].is_null(), "{algo}: {v}");
            assert!(valid(n, &rows(&v)), "{algo} N={n}: {v}");
            for key in ["generated", "expanded", "max_frontier", "iterations", "elapsed_ms"] {
                assert!(v["stats"][key].is_number(), "{algo}: stats.{key} in {v}");
            }
        }
        let v = json(&["solve", "3", "--algo", algo, "--json"], 1);
        assert_eq!((v["solved"].as_bool(), v["rows"].is_null()), (Some(false), true), "{algo}");
        assert_eq!(v["outcome"], "no_solution", "{algo}: 3 queens have no solution, proved by search");
    }
}

#[test]
fn verbosity_levels() {
    let (rc, out, _) = run(&["solve", "5", "--algo", "bfs", "--verbose", "0"]);
    assert_eq!((rc, out.as_str()), (0, "solved\n"));
    let (rc, out, _) = run(&["solve", "2", "--algo", "hc", "--verbose", "0"]);
    assert_eq!((rc, out.as_str()), (1, "no solution\n"));
    let (_, out, _) = run(&["solve", "5", "--algo", "csp", "--verbose", "1"]);
    assert!(out.contains("rows: 5 3 1 4 2\n"), "{out}");
    let (_, out, _) = run(&["solve", "4", "--algo", "bfs", "--verbose", "2"]);
    assert!(out.ends_with("   1 2 3 4\n1  . . Q .\n2  Q . . .\n3  . . . Q\n4  . Q . .\n"), "{out}");
    let (_, out, _) = run(&["solve", "100", "--algo", "construct", "--verbose", "2"]);
    assert!(out.contains("board not drawn for N > 64"), "{out}");
}

#[test]
fn limits_stop_with_exit_one() {
    let v = json(&["solve", "40", "--algo", "bfs", "--max-nodes", "100", "--json"], 1);
    assert_eq!(v["outcome"], "stopped");
    assert_eq!(v["stop_reason"], "node_limit");
    assert_eq!(v["stats"]["expanded"], 100);
    let v = json(&["count", "24", "--timeout", "0.2", "--json"], 1);
    assert_eq!((v["outcome"].as_str(), v["stop_reason"].as_str()), (Some("stopped"), Some("timeout")));
    assert!(v["solutions"].is_null());
}

/// The keys every report carries, present even when null (a missing key would read as null
/// through `Value` indexing, so this looks at the objects themselves).
fn assert_report_keys(v: &Value, what: &str) {
    let object = v.as_object().unwrap_or_else(|| panic!("{what}: not an object: {v}"));
    for key in ["algorithm", "solved", "outcome", "stop_reason", "stats"] {
        assert!(object.contains_key(key), "{what}: no `{key}` in {v}");
    }
    for key in ["expanded", "generated", "elapsed_ms"] {
        assert!(v["stats"][key].is_number(), "{what}: stats.{key} in {v}");
    }
    for old in ["algo", "reason"] {
        assert!(!object.contains_key(old), "{what}: old key `{old}` in {v}");
    }
}

#[test]
fn solve_count_and_batch_reports_carry_the_common_keys() {
    let v = json(&["count", "12", "--json"], 0);
    assert_report_keys(&v, "count 12");
    assert_eq!((v["algorithm"].as_str(), v["stop_reason"].is_null()), (Some("count"), true));
    assert_eq!((v["solutions"].as_u64(), v["unique"].as_u64()), (Some(14200), Some(1787)), "OEIS A000170/A002562");
    assert!(v["tasks"].is_number() && v["threads"].is_number(), "{v}");
    let v = json(&["count", "12", "--threads", "1", "--json"], 0);
    assert_eq!(v["threads"], 1);
    for algo in ["bfs", "csp", "hc", "min-conflicts", "construct"] {
        let v = json(&["solve", "8", "--algo", algo, "--json"], 0);
        assert_report_keys(&v, algo);
        let object = v.as_object().unwrap();
        for key in ["n", "rows", "seed", "counters"] {
            assert!(object.contains_key(key), "{algo}: no `{key}` in {v}");
        }
        assert_eq!(v["seed"].is_null(), ["bfs", "csp", "construct"].contains(&algo), "{algo}: {v}");
    }
    let v = json(&["solve", "20", "--algo", "bfs", "--max-nodes", "10", "--json"], 1);
    assert_report_keys(&v, "stopped bfs");
    assert_eq!((v["stop_reason"].as_str(), v["rows"].is_null()), (Some("node_limit"), true));
    // Batch: {"input", "results": [report…], "errors": […]}.
    let dir = common::scratch("cli-queens-json");
    let input = dir.join("input.txt");
    std::fs::write(&input, "5 bfs\n5 csp\n").unwrap();
    let v = json(&["batch", input.to_str().unwrap(), "--out-dir", dir.to_str().unwrap(), "--json"], 0);
    assert_eq!(v["input"].as_str(), input.to_str());
    assert_eq!(v["errors"].as_array().map(Vec::len), Some(0), "{v}");
    let results = v["results"].as_array().unwrap();
    assert_eq!(results.len(), 2);
    for r in results {
        assert_report_keys(r, "batch");
    }
    assert_eq!(rows(&results[0]), [1, 3, 5, 2, 4]);
    assert_eq!(rows(&results[1]), [5, 3, 1, 4, 2]);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn huge_timeouts_mean_no_limit_and_never_panic() {
    // However large, a timeout is no limit: exit 0, never a panic (exit 101).
    for secs in ["1e19", "1e308", "1.7976931348623157e308", "18446744073709551616", "inf"] {
        let v = json(&["solve", "8", "--algo", "mac", "--timeout", secs, "--json"], 0);
        assert_eq!(v["solved"], true, "--timeout {secs}");
        let v = json(&["count", "8", "--timeout", secs, "--json"], 0);
        assert_eq!(v["solutions"], 92, "--timeout {secs}");
    }
    for secs in ["0", "-1", "nan", "soon"] {
        let (rc, _, stderr) = run(&["solve", "8", "--timeout", secs]);
        assert_eq!(rc, 2, "--timeout {secs}: {stderr}");
    }
}

#[test]
fn reference_batch_example_round_trips() {
    let dir = common::scratch("cli-queens");
    let input = dir.join("input.txt");
    std::fs::write(&input, "5 bfs\n5 hc\n5 csp\n").unwrap();
    let out_dir = dir.join("out");
    let (rc, stdout, stderr) = run(&["batch", input.to_str().unwrap(), "--out-dir", out_dir.to_str().unwrap()]);
    assert_eq!(rc, 0, "{stdout} {stderr}");
    let read = |f: &str| std::fs::read_to_string(out_dir.join(f)).unwrap();
    assert_eq!(read("5_bfs_output.txt"), "1 3 5 2 4\n");
    assert_eq!(read("5_csp_output.txt"), "5 3 1 4 2\n");
    let hc: Vec<u64> = read("5_hc_output.txt").split_whitespace().map(|t| t.parse().unwrap()).collect();
    assert!(valid(5, &hc), "{hc:?}");
    // Malformed lines are named; the others still run.
    std::fs::write(&input, "4 bfs\nfour hc\n6 warp\n2 csp\n").unwrap();
    let (rc, _, stderr) = run(&["batch", input.to_str().unwrap(), "--out-dir", out_dir.to_str().unwrap()]);
    assert_eq!(rc, 2);
    assert!(stderr.contains("line 2, column 1: `four` is not a board size"), "{stderr}");
    assert!(stderr.contains("line 3, column 3: unknown algorithm `warp`"), "{stderr}");
    assert_eq!(read("4_bfs_output.txt"), "2 4 1 3\n");
    assert_eq!(read("2_csp_output.txt"), "no solution\n");
    // A line the algorithm cannot take is bad input too; an empty file does nothing.
    std::fs::write(&input, "3000 mac\n6 csp\n").unwrap();
    let (rc, _, stderr) = run(&["batch", input.to_str().unwrap(), "--out-dir", out_dir.to_str().unwrap()]);
    assert_eq!(rc, 2, "{stderr}");
    assert!(stderr.contains("line 1: mac supports N up to 2000"), "{stderr}");
    assert!(stderr.contains("1 malformed or unsupported line(s)"), "{stderr}");
    assert_eq!(read("6_csp_output.txt"), "5 3 1 6 4 2\n");
    std::fs::write(&input, "\n# nothing\n").unwrap();
    let (rc, _, stderr) = run(&["batch", input.to_str().unwrap(), "--out-dir", out_dir.to_str().unwrap()]);
    assert_eq!(rc, 2);
    assert!(stderr.contains("no `N algorithm` lines"), "{stderr}");
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Hill climbing draws a fresh seed when given none, as the original assignment's did, and
/// says which: that seed repeats the run. The other algorithms start from seed 0.
#[test]
fn hill_climbing_draws_a_seed_that_repeats_the_run() {
    let first = json(&["solve", "8", "--algo", "hc", "--json"], 0);
    let second = json(&["solve", "8", "--algo", "hc-restart", "--json"], 0);
    let (a, b) = (first["seed"].as_u64().unwrap(), second["seed"].as_u64().unwrap());
    let third = json(&["solve", "8", "--algo", "hc", "--json"], 0);
    // Three draws of 64 bits: equal ones would mean no draw at all.
    assert!(a != b && a != third["seed"].as_u64().unwrap(), "{a} {b} {third}");
    let again = json(&["solve", "8", "--algo", "hc", "--seed", &a.to_string(), "--json"], 0);
    assert_eq!((rows(&again), again["seed"].as_u64()), (rows(&first), Some(a)));
    assert_eq!(json(&["solve", "8", "--algo", "min-conflicts", "--json"], 0)["seed"], 0);
    // The text names the seed it drew.
    let (_, out, _) = run(&["solve", "8", "--algo", "hc"]);
    let header = out.lines().next().unwrap();
    let seed: u64 = header.split("seed ").nth(1).and_then(|s| s.split(':').next()).unwrap().parse().unwrap();
    let (_, again, _) = run(&["solve", "8", "--algo", "hc", "--seed", &seed.to_string()]);
    assert_eq!(again.lines().nth(1), out.lines().nth(1), "the same rows");
}

/// `--zero-based` prints the rows and the board counted from 0; `--json` and the files stay
/// 1-based.
#[test]
fn zero_based_rows_and_board() {
    let (_, out, _) = run(&["solve", "4", "--algo", "bfs", "--verbose", "2", "--zero-based"]);
    assert!(out.contains("rows: 1 3 0 2\n"), "{out}");
    assert!(out.ends_with("   0 1 2 3\n0  . . Q .\n1  Q . . .\n2  . . . Q\n3  . Q . .\n"), "{out}");
    let v = json(&["solve", "4", "--algo", "bfs", "--zero-based", "--json"], 0);
    assert_eq!(rows(&v), [2, 4, 1, 3]);
    let dir = common::scratch("cli-queens-zero");
    let input = dir.join("input.txt");
    std::fs::write(&input, "4 bfs\n").unwrap();
    let (rc, out, _) = run(&["batch", input.to_str().unwrap(), "--out-dir", dir.to_str().unwrap(), "--zero-based"]);
    assert_eq!(rc, 0);
    assert!(out.ends_with(": 1 3 0 2\n"), "{out}");
    assert_eq!(std::fs::read_to_string(dir.join("4_bfs_output.txt")).unwrap(), "2 4 1 3\n");
    std::fs::remove_dir_all(&dir).unwrap();
}

/// `batch --verbose`: 0 the status of each line, 1 its rows, 2 each answer as `solve` prints
/// it, with its statistics and board; a drawn seed is named on its line.
#[test]
fn batch_verbosity_levels() {
    let dir = common::scratch("cli-queens-verbose");
    let input = dir.join("input.txt");
    std::fs::write(&input, "4 bfs\n5 hc\n").unwrap();
    let batch = |extra: &[&str]| {
        let mut args = vec!["batch", input.to_str().unwrap(), "--out-dir", dir.to_str().unwrap()];
        args.extend_from_slice(extra);
        let (rc, out, err) = run(&args);
        assert_eq!(rc, 0, "{err}");
        out
    };
    let quiet = batch(&["--verbose", "0", "--seed", "3"]);
    let lines: Vec<&str> = quiet.lines().collect();
    assert_eq!(lines.len(), 2, "{quiet}");
    assert!(lines[0].ends_with("4_bfs_output.txt: solved") && lines[1].ends_with("5_hc_output.txt: solved"), "{quiet}");
    let full = batch(&["--verbose", "2", "--seed", "3"]);
    assert!(full.contains("4_bfs_output.txt: solved\nrows: 2 4 1 3\nexpanded "), "{full}");
    assert!(full.contains("   1 2 3 4\n1  . . Q .\n"), "{full}");
    assert_eq!(full.matches("rows: ").count(), 2, "{full}");
    // Without --seed, the hc line names the seed it drew; with it, no line does.
    let drawn = batch(&[]);
    assert!(drawn.lines().nth(1).is_some_and(|l| l.starts_with("line 2: 5 hc, seed ")), "{drawn}");
    assert!(!quiet.contains("seed"), "{quiet}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn counts_match_oeis() {
    let text = common::repo_file("data/nqueens/nqueens-counts.tsv");
    for line in text.lines().filter(|l| l.chars().next().is_some_and(|c| c.is_ascii_digit())) {
        let f: Vec<&str> = line.split('\t').collect();
        let n: usize = f[0].parse().unwrap();
        if n > 12 {
            continue;
        }
        let v = json(&["count", f[0], "--json"], 0);
        assert_eq!(v["solutions"].as_u64(), Some(f[1].parse().unwrap()), "N = {n}");
        assert_eq!(v["unique"].as_u64(), Some(f[2].parse().unwrap()), "N = {n}");
        assert_eq!((v["algorithm"].as_str(), v["solved"].as_bool()), (Some("count"), Some(false)));
        assert_eq!(v["outcome"].as_str(), Some("complete"));
        assert!(v["stats"]["elapsed_ms"].is_number());
    }
}

#[test]
fn bad_input_is_a_one_line_error() {
    for (args, needle) in [
        (vec!["solve", "0"], "not a board size"),
        (vec!["solve", "8", "--algo", "magic"], "unknown algorithm `magic`"),
        (vec!["solve", "8", "--verbose", "3"], "3"),
        (vec!["count", "28"], "count supports N up to 27"),
        (vec!["solve", "3000", "--algo", "mac"], "mac supports N up to 2000"),
        (vec!["batch", "/nonexistent/input.txt"], "cannot read"),
        (vec!["solve", "4294967295"], "4294967295-queens needs about 288.0 GiB of memory"),
    ] {
        let (rc, _, stderr) = run(&args);
        assert_eq!(rc, 2, "{args:?}");
        assert!(stderr.starts_with("error:") && stderr.contains(needle), "{args:?}: {stderr}");
        assert!(!stderr.contains("panicked"), "{stderr}");
    }
}

/// Wording a new user tripped over: plurals follow the numbers, and `--threads` shows one
/// default (not clap's `[default: 0]` beside our own).
#[test]
fn text_output_reads_as_english() {
    let (code, out, _) = run(&["count", "2", "--threads", "1"]);
    assert_eq!(code, 0);
    assert!(out.contains("(1 task on 1 thread,"), "{out}");
    let (code, help, _) = run(&["count", "--help"]);
    assert_eq!(code, 0);
    let threads = help.lines().find(|l| l.contains("--threads")).expect("--threads is documented");
    assert!(threads.contains("[default: all cores]") && threads.matches("default").count() == 1, "{threads}");
}
