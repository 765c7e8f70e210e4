//! End-to-end tests of `delve sudoku solve`: the famous hard grids (shipped with
//! `delve-sudoku`'s tests, sources in its `tests/data/SOURCES.md`) from the argument and from
//! files, every solver, and bad input with line and column.

mod common;

use serde_json::Value;

use common::delve;

fn run(args: &[&str]) -> (i32, String, String) {
    let out = delve().arg("sudoku").arg("solve").args(args).output().unwrap();
    (out.status.code().unwrap(), String::from_utf8(out.stdout).unwrap(), String::from_utf8(out.stderr).unwrap())
}

fn hard() -> Vec<(String, String, String)> {
    common::repo_file("crates/domains/sudoku/tests/data/hard-sudoku.txt")
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| {
            let f: Vec<&str> = l.split_whitespace().collect();
            (f[0].to_string(), f[1].to_string(), f[2].to_string())
        })
        .collect()
}

#[test]
fn hard_grids_give_their_published_solutions() {
    for (name, puzzle, solution) in hard() {
        for algo in ["mac", "fc", "fc-lcv"] {
            let (rc, out, err) = run(&[&puzzle, "--algo", algo, "--json", "--count"]);
            assert_eq!(rc, 0, "{name} {algo}: {err}");
            let v: Value = serde_json::from_str(&out).unwrap();
            assert_eq!(v["grid"].as_str(), Some(solution.as_str()), "{name} {algo}");
            assert_eq!((v["solutions"].as_u64(), v["count_complete"].as_bool()), (Some(1), Some(true)));
            assert!(v["counters"]["backtracks"].is_number());
            assert_eq!((v["algorithm"].as_str(), v["outcome"].as_str()), (Some(algo), Some("solved")));
            assert!(v["stop_reason"].is_null() && v["stats"]["elapsed_ms"].is_number());
            // Present even when null; never the old names.
            let object = v.as_object().unwrap();
            assert!(
                object.contains_key("stop_reason") && !object.contains_key("algo") && !object.contains_key("reason")
            );
            assert!(v["stats"]["expanded"].is_number() && v["stats"]["generated"].is_number());
        }
    }
}

#[test]
fn grids_from_files_and_human_output() {
    let (_, puzzle, solution) = hard().remove(0);
    let dir = std::env::temp_dir().join(format!("delve-cli-sudoku-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("inkala.txt");
    let nine: Vec<&str> = (0..9).map(|r| &puzzle[r * 9..r * 9 + 9]).collect();
    std::fs::write(&file, nine.join("\n").replace('0', ".")).unwrap();
    let (rc, out, _) = run(&[file.to_str().unwrap()]);
    assert_eq!(rc, 0);
    assert!(out.contains("solved") && out.contains("8 1 2 | 7 5 3 | 6 4 9"), "{out}");
    let digits: String = out.lines().skip(1).take(11).flat_map(|l| l.chars().filter(char::is_ascii_digit)).collect();
    assert_eq!(digits, solution);
    // A bad character is reported with its line and column.
    std::fs::write(&file, "53..7....\n6..195...\n.98x...6.\n").unwrap();
    let (rc, _, err) = run(&[file.to_str().unwrap()]);
    assert_eq!(rc, 2);
    assert!(err.contains("line 3, column 4: unexpected character `x`"), "{err}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn other_solvers_and_outcomes() {
    let easy = "003020600900305001001806400008102900700000008006708200002609500800203009005010300";
    for algo in ["backtrack", "min-conflicts"] {
        let (rc, out, err) = run(&[easy, "--algo", algo, "--json"]);
        assert_eq!(rc, 0, "{algo}: {err}");
        let v: Value = serde_json::from_str(&out).unwrap();
        assert_eq!(v["solved"], true);
    }
    let blocked = format!("12345678.........9{}", ".".repeat(63));
    let (rc, out, _) = run(&[&blocked, "--json"]);
    assert_eq!(rc, 1);
    assert!(out.contains("\"outcome\":\"no_solution\""), "{out}");
    // Min-conflicts on a hard grid, given only a time limit, runs until that limit.
    let hard = "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..";
    let (rc, out, _) = run(&[hard, "--algo", "min-conflicts", "--timeout", "0.3", "--json"]);
    let v: Value = serde_json::from_str(&out).unwrap();
    if v["solved"] != true {
        assert_eq!((rc, v["stop_reason"].as_str()), (1, Some("timeout")), "{out}");
    }
    let (rc, out, _) = run(&[&".".repeat(81), "--count", "--max-nodes", "500", "--json"]);
    assert_eq!(rc, 0, "{out}");
    assert!(out.contains("\"count_complete\":false"), "{out}");
}

#[test]
fn bad_grids_are_one_line_errors() {
    for (arg, needle) in [
        ("1234", "expected 9 cells in a row, found 4"),
        ("no-such-file.txt", "no such file"),
        (&*format!("55{}", ".".repeat(79)), "the digit 5 is given twice in one row"),
    ] {
        let (rc, _, err) = run(&[arg]);
        assert_eq!(rc, 2, "{arg}");
        assert!(err.starts_with("error:") && err.contains(needle) && err.lines().count() == 1, "{arg}: {err}");
    }
}
