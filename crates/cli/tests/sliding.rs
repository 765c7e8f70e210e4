//! End-to-end tests of `delve sliding`: JSON shapes, exit codes (0 ok, 1 no solution or
//! limit, 2 bad input with a one-line error), paths replayed by a checker written here,
//! plots written as real PNG/SVG files, and the analytics on a hand-made CSV.

mod common;

use common::delve;
use serde_json::Value;
use std::path::PathBuf;

/// Runs `delve sliding ARGS`, checks the exit code, returns stdout.
fn run(args: &[&str], code: i32) -> String {
    common::run("sliding", args, code)
}

/// Runs with `--json` and parses the single line.
fn json(args: &[&str], code: i32) -> Value {
    common::json("sliding", args, code)
}

/// Bad input: exit 2, one line on stderr starting with `error:`, nothing on stdout.
fn bad_input(args: &[&str]) -> String {
    common::bad_input("sliding", args)
}

fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("delve-sliding-test-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Replays move letters (the blank's direction) on a row-major grid from the rules.
fn replay(rows: usize, cols: usize, start: &[u32], path: &Value) -> Vec<u32> {
    let mut t = start.to_vec();
    let mut blank = t.iter().position(|&x| x == 0).unwrap();
    for m in path.as_array().unwrap() {
        let (r, c) = (blank / cols, blank % cols);
        let next = match m.as_str().unwrap() {
            "U" if r > 0 => blank - cols,
            "D" if r + 1 < rows => blank + cols,
            "L" if c > 0 => blank - 1,
            "R" if c + 1 < cols => blank + 1,
            other => panic!("illegal move {other} from cell {blank}"),
        };
        t.swap(blank, next);
        blank = next;
    }
    t
}

/// Keypad `789456B23` → row-major tile numbers (keypad label k is tile k − 1, B is 0).
fn keypad_tiles(s: &str) -> Vec<u32> {
    s.chars().map(|c| if c == 'B' { 0 } else { c.to_digit(10).unwrap() - 1 }).collect()
}

#[test]
fn enumerate_3x3_json() {
    let v = json(&["enumerate", "3x3"], 0);
    assert_eq!(v["board"], "3x3");
    assert_eq!(v["goal"], "789456B23");
    assert_eq!(v["states"], 181_440);
    assert_eq!(v["max_depth"], 31);
    assert_eq!(v["states_at_max_depth"], 2);
    assert_eq!(v["average_depth"].as_f64(), Some(21.972398589065257));
    let per: Vec<u64> = v["per_depth"].as_array().unwrap().iter().map(|x| x.as_u64().unwrap()).collect();
    assert_eq!(per.len(), 32);
    assert_eq!(per.iter().sum::<u64>(), 181_440);
    assert_eq!(&per[..4], &[1, 2, 4, 8]);
    assert_eq!(v["algorithm"], "table-bfs");
    assert_eq!((v["solved"].as_bool(), v["outcome"].as_str()), (Some(true), Some("solved")));
    assert!(v["stop_reason"].is_null());
    assert_eq!(v["stats"]["expanded"], 181_440, "each state expanded once");
    assert!(v["stats"]["elapsed_ms"].as_f64().unwrap() >= 0.0);
}

#[test]
fn enumerate_writes_csv_and_plots() {
    let dir = temp_dir("enum");
    let csv = dir.join("d.csv");
    let png = dir.join("d.png");
    let svg = dir.join("d.svg");
    let text = run(&["enumerate", "2x4", "--csv", csv.to_str().unwrap(), "--plot", png.to_str().unwrap()], 0);
    assert!(text.contains("20,160 states"), "{text}");
    let rows = std::fs::read_to_string(&csv).unwrap();
    assert!(rows.starts_with("depth,states\n0,1\n"));
    assert_eq!(rows.lines().skip(1).map(|l| l.split(',').nth(1).unwrap().parse::<u64>().unwrap()).sum::<u64>(), 20_160);
    let bytes = std::fs::read(&png).unwrap();
    assert_eq!(&bytes[..8], b"\x89PNG\r\n\x1a\n");
    run(&["enumerate", "2x2", "--plot", svg.to_str().unwrap()], 0);
    let s = std::fs::read_to_string(&svg).unwrap();
    assert!(s.contains("<svg") && s.contains("Minimum number of moves"), "axis label in the SVG");
}

#[test]
fn enumerate_refuses_what_does_not_fit() {
    let e = bad_input(&["enumerate", "5x5"]);
    assert!(e.contains("needs") && e.contains("available"), "{e}");
    let e = bad_input(&["enumerate", "1x1"]);
    assert!(e.contains("at least 2 cells"), "{e}");
    bad_input(&["enumerate", "3x3", "--plot", "out.gif"]);
}

#[test]
fn solve_keypad_state_with_every_algorithm() {
    let start = "9B6358247";
    for algo in ["astar", "idastar", "bfs", "ucs"] {
        let v = json(&["solve", start, "--algo", algo], 0);
        assert_eq!(v["solved"], true);
        assert_eq!(v["moves"], 27, "{algo}: the original study's hardest sample needs 27 moves");
        assert_eq!(replay(3, 3, &keypad_tiles(start), &v["path"]), keypad_tiles("789456B23"), "{algo}");
        assert!(v["stats"]["expanded"].as_u64().unwrap() > 0);
        assert_eq!(v["algorithm"], algo);
        assert_eq!(v["optimal"], true);
        assert!(v["stop_reason"].is_null());
    }
    let v = json(&["solve", "7894562B3", "--algo", "ils"], 0);
    assert_eq!(v["moves"], 1);
    assert_eq!(v["path"], serde_json::json!(["L"]));
    let v = json(&["solve", "78945B623", "--algo", "ils"], 0);
    assert_eq!(replay(3, 3, &keypad_tiles("78945B623"), &v["path"]), keypad_tiles("789456B23"));
    assert_eq!(v["moves"], json(&["solve", "78945B623", "--algo", "bfs"], 0)["moves"]);
}

#[test]
fn solve_prints_boards_and_move_string() {
    let text = run(&["solve", "789B56423", "--path"], 0);
    assert!(text.contains(": 1 move (optimal"), "{text}");
    assert!(text.contains("moves: D"), "{text}");
    assert!(text.contains("Step 0\n7 8 9\nB 5 6\n4 2 3\n"), "{text}");
    assert!(text.contains("Step 1 (blank D)\n7 8 9\n4 5 6\nB 2 3\n"), "{text}");
}

#[test]
fn solve_row_major_with_goal_and_size() {
    let v = json(&["solve", "1 2 3 4 5 6 7 8 9 10 0 11", "--size", "3x4", "--heuristic", "linear-conflict"], 0);
    assert_eq!(v["moves"], 1);
    assert_eq!(v["path"], serde_json::json!(["R"]));
    let v = json(&["solve", "1 0 2 3 4 5 6 7 8", "--goal", "0 1 2 3 4 5 6 7 8", "--heuristic", "manhattan"], 0);
    assert_eq!(v["moves"], 1);
    assert_eq!(v["path"], serde_json::json!(["L"]));
}

#[test]
fn unsolvable_and_limits_exit_1() {
    let v = json(&["solve", "879456B23"], 1);
    assert_eq!(v["solved"], false);
    assert_eq!(v["outcome"], "no_solution");
    assert_eq!(v["stop_reason"], "no_solution", "proved unsolvable: the shared report says so in stop_reason too");
    assert!(v["unsolvable"].as_str().unwrap().starts_with("unsolvable: 879456B23 cannot reach"), "{v}");
    let text = run(&["solve", "2 1 3 4 5 6 7 8 0"], 1);
    assert!(text.starts_with("unsolvable: 2 1 3 4 5 6 7 8 0 cannot reach the goal 1 2 3 4 5 6 7 8 0"), "{text}");
    let v =
        json(&["solve", "15 14 13 12 11 10 9 8 7 6 5 4 3 1 2 0", "--heuristic", "manhattan", "--max-nodes", "500"], 1);
    assert_eq!(v["solved"], false);
    assert_eq!(v["outcome"], "stopped");
    assert_eq!(v["stop_reason"], "node_limit");
    assert_eq!(v["stats"]["expanded"], 500);
    let text =
        run(&["solve", "15 14 13 12 11 10 9 8 7 6 5 4 3 1 2 0", "--heuristic", "manhattan", "--max-nodes", "500"], 1);
    assert!(text.contains("stopped (node limit reached) before finding a solution"), "{text}");
    assert!(text.contains("stats: expanded 500,"), "{text}");
}

#[test]
fn every_core_algorithm_is_offered() {
    // Each of the core's algorithms by its name; the ones that guarantee the fewest moves
    // agree on the length, the others give a legal path.
    let start = "78945B623";
    let shortest = json(&["solve", start, "--algo", "bfs"], 0)["moves"].as_u64().unwrap();
    for algo in ["bfs", "dfs", "dls", "iddfs", "ucs", "ils", "bibfs", "greedy", "astar", "wastar", "idastar", "ida*"] {
        let v = json(&["solve", start, "--algo", algo], 0);
        assert_eq!(replay(3, 3, &keypad_tiles(start), &v["path"]), keypad_tiles("789456B23"), "{algo}");
        let optimal = v["optimal"].as_bool().unwrap();
        assert_eq!(optimal, !["dfs", "dls", "greedy", "wastar"].contains(&algo), "{algo}");
        if optimal {
            assert_eq!(v["moves"].as_u64(), Some(shortest), "{algo}");
        }
        let uses_h = ["greedy", "astar", "wastar", "idastar", "ida*"].contains(&algo);
        assert_eq!(v["heuristic"] == "none", !uses_h, "{algo}: {}", v["heuristic"]);
    }
    let e = bad_input(&["solve", start, "--algo", "warp"]);
    assert!(e.contains("unknown algorithm `warp`") && e.contains("bibfs"), "{e}");
    let help = String::from_utf8(delve().args(["sliding", "solve", "--help"]).output().unwrap().stdout).unwrap();
    for name in ["bfs", "dls", "iddfs", "bibfs", "greedy", "wastar", "idastar", "linear-conflict"] {
        assert!(help.contains(name), "--help lists {name}");
    }
}

#[test]
fn bad_states_exit_2_with_one_line() {
    let six_by_six: String = (1..36).chain([0]).map(|t| format!("{t} ")).collect();
    for (args, needle) in [
        (vec!["solve", "1 2 3 4 5 6 7 8 9"], "tile 9 does not exist"),
        (vec!["solve", "1 2 3 4 5 6 7 7 0"], "tile 7 appears twice"),
        (vec!["solve", "1 2 3 4 5 6 7 0"], "cannot tell the board size"),
        (vec!["solve", "78945B621"], "not a keypad tile"),
        (vec!["solve", "1 2 3 4 5 6 7 8 0", "--goal", "1 2 3"], "--goal"),
        (vec!["solve", "1 2 3 4 5 6 7 8 0", "--size", "9x9"], "at most 36 cells"),
        (vec!["lookup", "3x3", "1 2 3"], "9 cells"),
        (vec!["solve", &six_by_six, "--heuristic", "pdb"], "up to 32 cells"),
        (vec!["pdb", "build", "6x6"], "up to 32 cells"),
    ] {
        let e = bad_input(&args);
        let first = e.lines().next().unwrap();
        assert!(first.contains(needle), "{args:?}: {e}");
        // Our own errors are one line; clap adds a `--help` hint after its usage errors.
        assert!(e.trim_end().lines().count() == 1 || e.contains("try '--help'"), "{e}");
    }
}

#[test]
fn pattern_databases_build_cache_and_solve() {
    let dir = temp_dir("pdb");
    let d = dir.to_str().unwrap();
    let v = json(&["pdb", "build", "3x3", "--partition", "4-4", "--pdb-dir", d], 0);
    assert_eq!(v["built"], true);
    assert_eq!(v["groups"], serde_json::json!([[1, 2, 3, 4], [5, 6, 7, 8]]));
    assert!(v["stats"]["expanded"].as_u64().unwrap() > 0);
    assert_eq!(v["files"].as_array().unwrap().len(), 2);
    let v = json(&["pdb", "build", "3x3", "--partition", "4-4", "--pdb-dir", d], 0);
    assert_eq!(v["built"], false, "second run reads the cache");
    let text = run(&["pdb", "build", "3x3", "--partition", "4-4", "--pdb-dir", d], 0);
    assert!(
        text.contains("4-4 pattern database for 3x3 (goal 1 2 3 4 5 6 7 8 0): loaded from the cache in "),
        "{text}"
    );
    // 15-puzzle with a small 5-5-5 database (built on first use, quickly).
    let start = "1 2 3 4 5 6 7 8 9 10 11 12 0 13 14 15";
    let with_pdb = json(&["solve", start, "--heuristic", "pdb", "--partition", "5-5-5", "--pdb-dir", d], 0);
    let with_lc = json(&["solve", start, "--heuristic", "linear-conflict"], 0);
    assert_eq!(with_pdb["moves"], 3);
    assert_eq!(with_pdb["heuristic"], "pdb");
    assert_eq!(with_lc["moves"], 3);
    let goal: Vec<u32> = (1..16).chain([0]).collect();
    let tiles: Vec<u32> = start.split(' ').map(|t| t.parse().unwrap()).collect();
    assert_eq!(replay(4, 4, &tiles, &with_pdb["path"]), goal);
    let e = bad_input(&["pdb", "build", "3x3", "--partition", "4-3", "--pdb-dir", d]);
    assert!(e.contains("add up to 7"), "{e}");
}

/// The 24-puzzle's path (IDA* over a pattern database above 16 cells, every thread on one
/// instance at a time) with small tables (eight groups of three: 13,800 entries each): the
/// lengths equal the generic IDA* with linear conflict, and the paths replay to the goal.
#[test]
fn the_24_puzzle_batch_takes_one_instance_at_a_time() {
    let dir = temp_dir("24");
    let d = dir.to_str().unwrap();
    let goal = (0..25).map(|t| t.to_string()).collect::<Vec<_>>().join(" ");
    let small = "3-3-3-3-3-3-3-3";
    let v = json(&["pdb", "build", "5x5", "--goal", &goal, "--partition", small, "--pdb-dir", d], 0);
    assert_eq!((v["bytes"].as_u64(), v["reflection"].as_bool()), (Some(8 * 13_800), Some(true)));
    // Walks of the blank from the goal (blank top-left).
    let goal_tiles: Vec<u32> = (0..25).collect();
    let walks = ["D", "RD", "RDRDL", "RRDDLURDDRRULLDLURRDRULLDRDLUR"];
    let states: Vec<String> = walks
        .iter()
        .map(|w| {
            let moves: Vec<String> = w.chars().map(String::from).collect();
            let tiles = replay(5, 5, &goal_tiles, &serde_json::json!(moves));
            tiles.iter().map(u32::to_string).collect::<Vec<_>>().join(" ")
        })
        .collect();
    let file = dir.join("five.txt");
    std::fs::write(&file, states.join("\n")).unwrap();
    let f = file.to_str().unwrap();
    let v = json(&["solve", "--from-file", f, "--goal", &goal, "--partition", small, "--pdb-dir", d], 0);
    assert_eq!((v["heuristic"].as_str(), v["solved_instances"].as_u64()), (Some("pdb"), Some(4)));
    let lc = json(&["solve", "--from-file", f, "--goal", &goal, "--heuristic", "linear-conflict"], 0);
    for (i, state) in states.iter().enumerate() {
        let (ours, theirs) = (&v["results"][i], &lc["results"][i]);
        assert_eq!(ours["moves"], theirs["moves"], "instance {}", i + 1);
        let tiles: Vec<u32> = state.split(' ').map(|t| t.parse().unwrap()).collect();
        assert_eq!(replay(5, 5, &tiles, &ours["path"]), goal_tiles, "instance {}", i + 1);
    }
    assert_eq!(v["results"][0]["moves"], 1);
    let text = run(&["solve", "--from-file", f, "--goal", &goal, "--partition", small, "--pdb-dir", d], 0);
    assert!(text.contains("4 of 4 solved (idastar, heuristic pdb)"), "{text}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn solve_from_file_in_parallel() {
    let dir = temp_dir("batch");
    let file = dir.join("states.txt");
    std::fs::write(&file, "# two easy ones\n789B56423\n\n9B6358247  # the hardest sample\n").unwrap();
    let v = json(&["solve", "--from-file", file.to_str().unwrap()], 0);
    assert_eq!(v["instances"], 2);
    assert_eq!(v["solved_instances"], 2);
    assert_eq!((v["solved"].as_bool(), v["algorithm"].as_str()), (Some(true), Some("idastar")));
    let r = v["results"].as_array().unwrap();
    assert_eq!((r[0]["line"].as_u64(), r[0]["moves"].as_u64()), (Some(2), Some(1)));
    assert_eq!((r[1]["line"].as_u64(), r[1]["moves"].as_u64()), (Some(4), Some(27)));
    let expanded: u64 = r.iter().map(|x| x["stats"]["expanded"].as_u64().unwrap()).sum();
    assert_eq!(v["stats"]["expanded"].as_u64(), Some(expanded), "the batch adds up its instances");
    // An unsolvable line is reported, not searched; the batch then has no solution (exit 1).
    std::fs::write(&file, "789B56423\n879456B23\n").unwrap();
    let v = json(&["solve", "--from-file", file.to_str().unwrap()], 1);
    assert_eq!((v["solved_instances"].as_u64(), v["outcome"].as_str()), (Some(1), Some("no_solution")));
    assert!(v["results"][1]["unsolvable"].is_string());
    let text = run(&["solve", "--from-file", file.to_str().unwrap()], 1);
    assert!(text.contains("line    2: unsolvable") && text.contains("1 of 2 solved (idastar"), "{text}");
    // Text lines are numbered by instance; a failed one also names its line in the file.
    assert!(
        text.contains("instance   1:   1 move   expanded") && text.contains("instance   2, line    2: unsolvable"),
        "{text}"
    );
    std::fs::write(&file, "# a header\n\n789B56423  # one move\n9B6358247\n").unwrap();
    let text = run(&["solve", "--from-file", file.to_str().unwrap()], 0);
    let numbers: Vec<&str> = text.lines().filter_map(|l| l.split(':').next()?.strip_prefix("instance")).collect();
    assert_eq!(numbers.iter().map(|n| n.trim()).collect::<Vec<_>>(), ["1", "2"], "{text}");
    let v = json(&["solve", "--from-file", file.to_str().unwrap()], 0);
    let r = v["results"].as_array().unwrap();
    assert_eq!((r[1]["instance"].as_u64(), r[1]["line"].as_u64()), (Some(2), Some(4)));
    std::fs::write(&file, "789B56423\n78945\n").unwrap();
    let e = bad_input(&["solve", "--from-file", file.to_str().unwrap()]);
    assert!(e.contains("states.txt:2:"), "{e}");
}

#[test]
fn lookup_many_states() {
    let v = json(&["lookup", "3x3", "789456B23", "9B6358247", "879456B23", "--path"], 1);
    let r = v["results"].as_array().unwrap();
    assert_eq!(r[0]["moves"], 0);
    assert_eq!(r[1]["moves"], 27);
    assert_eq!(replay(3, 3, &keypad_tiles("9B6358247"), &r[1]["path"]), keypad_tiles("789456B23"));
    assert_eq!(r[1]["path"].as_array().unwrap().len(), 27);
    assert!(r[2]["moves"].is_null());
    assert_eq!(r[2]["unsolvable"], true);
    assert_eq!((v["outcome"].as_str(), v["algorithm"].as_str()), (Some("no_solution"), Some("table-bfs")));
    assert_eq!(v["stats"]["expanded"], 181_440);
    let text = run(&["lookup", "2x3", "1 2 3 4 0 5"], 0);
    assert_eq!(text.trim(), "1 2 3 4 0 5    1");
}

const HAND_CSV: &str = "\u{feff}puzzle_number,pattern\r\n\"1\",\"789456B23\"\r\n1,789B56423\r\n2,\"789B56423\"\r\n2,78945623B\r\n2,78945623B\r\n3,78945623B\r\n";

#[test]
fn analyze_hand_made_csv_with_plots() {
    let dir = temp_dir("analyze");
    let csv = dir.join("samples.csv");
    std::fs::write(&csv, HAND_CSV).unwrap();
    let plots = dir.join("plots");
    let v = json(&["analyze", csv.to_str().unwrap(), "--plot-dir", plots.to_str().unwrap()], 0);
    assert_eq!(v["samples"], 6);
    assert_eq!(v["distinct_patterns"], 3);
    assert_eq!(v["pattern_average_moves"].as_f64(), Some(1.0));
    assert_eq!(v["weighted_average_moves"].as_f64(), Some(8.0 / 6.0));
    assert_eq!(v["similarity"], serde_json::json!([[2, 1, 0], [1, 2, 1], [0, 1, 1]]));
    assert_eq!(v["by_moves"][2], serde_json::json!({"moves": 2, "patterns": 1, "samples": 3}));
    assert_eq!(v["puzzles"][1], serde_json::json!({"puzzle": "2", "count": 3, "patterns": 2}));
    assert_eq!(
        (v["min_moves"].as_u64(), v["max_moves"].as_u64(), v["median_moves"].as_f64()),
        (Some(0), Some(2), Some(1.0))
    );
    assert_eq!(v["moves_from"], "enumeration");
    assert_eq!(v["board"], "3x3");
    let files = v["plots"].as_array().unwrap();
    assert_eq!(files.len(), 7);
    for f in files {
        let bytes = std::fs::read(f.as_str().unwrap()).unwrap();
        assert_eq!(&bytes[..4], b"\x89PNG", "{f}");
    }
    std::fs::write(&csv, "1,789456B23\n2,\"78945\n").unwrap();
    let e = bad_input(&["analyze", csv.to_str().unwrap()]);
    assert!(e.contains("samples.csv:2:3: unterminated quoted field"), "{e}");
    std::fs::write(&csv, "1,789456B23\n2,78945B\n").unwrap();
    let e = bad_input(&["analyze", csv.to_str().unwrap()]);
    assert!(e.contains("samples.csv:2:3:"), "{e}");
}

#[test]
fn pool_and_samples_needed() {
    let v = json(&["pool", "--samples", "80", "--observed", "48"], 0);
    let c = v["crossing"].as_u64().unwrap();
    assert!((66..=75).contains(&c), "the original study estimates about 70, got {c}");
    let e = v["expected_crossing"].as_f64().unwrap();
    assert!((70.0..71.0).contains(&e), "{e}");
    assert_eq!(v["average"].as_array().unwrap().len(), 100);
    let again = json(&["pool", "--samples", "80", "--observed", "48"], 0);
    assert_eq!(common::untimed(again), common::untimed(v), "seeded: same answer twice");
    let v = json(&["samples-needed", "--pool", "70", "--confidence", "0.999"], 0);
    assert_eq!(v["samples"], 487);
    assert!((v["probability"].as_f64().unwrap() - 0.0009998380510145163).abs() < 1e-15);
    let v = json(&["samples-needed", "--pool", "80", "--have", "500"], 0);
    assert_eq!(v["samples"], 557);
    assert!((v["have"]["confidence"].as_f64().unwrap() - 0.998).abs() < 0.0005);
    let dir = temp_dir("pool");
    let png = dir.join("pool.png");
    run(&["pool", "--samples", "80", "--observed", "48", "--plot", png.to_str().unwrap()], 0);
    assert_eq!(&std::fs::read(&png).unwrap()[..4], b"\x89PNG");
    // `--mark N`: the probability (P/(P+1))^N at each mark, and a line on the plot for each.
    let svg = dir.join("needed.svg");
    let v =
        json(&["samples-needed", "--pool", "70", "--mark", "70", "--mark", "80", "--plot", svg.to_str().unwrap()], 0);
    for (mark, n) in v["marks"].as_array().unwrap().iter().zip([70, 80]) {
        let expected = (70.0f64 / 71.0).powi(n);
        assert_eq!(mark["samples"], n);
        assert!((mark["probability"].as_f64().unwrap() - expected).abs() < 1e-12, "{mark}");
    }
    let drawn = std::fs::read_to_string(&svg).unwrap();
    assert!(drawn.contains("70 samples: 37.0%") && drawn.contains("80 samples: 32.1%"), "the marks' legend");
    // The pool plot's "every pattern seen" line is the original's y = x over the whole range:
    // one straight segment (orange), not a curve flattening at the samples drawn.
    let svg = dir.join("pool.svg");
    run(&["pool", "--samples", "10", "--observed", "8", "--max-pool", "40", "--plot", svg.to_str().unwrap()], 0);
    let drawn = std::fs::read_to_string(&svg).unwrap();
    let points = drawn.split("stroke=\"#FF7F0E\"").nth(1).and_then(|s| s.split("points=\"").nth(1)).unwrap();
    let points: Vec<(f64, f64)> = points
        .split('"')
        .next()
        .unwrap()
        .split_whitespace()
        .map(|p| p.split_once(',').map(|(x, y)| (x.parse().unwrap(), y.parse().unwrap())).unwrap())
        .collect();
    assert_eq!(points.len(), 2, "{points:?}");
    assert!(points[1].0 > points[0].0 && points[1].1 < points[0].1, "rising to the right: {points:?}");
    bad_input(&["pool", "--samples", "10", "--observed", "11"]);
    bad_input(&["samples-needed", "--pool", "70", "--confidence", "1.5"]);
    let text = run(&["samples-needed", "--pool", "70", "--have", "1"], 0);
    assert!(
        text.starts_with(
            "With 487 samples, the probability that one more pattern exists but was never seen is 0.000999"
        ) && text.contains("(below 0.1%, pool of 70)\nWith 1 sample, that probability is 0.98"),
        "{text}"
    );
}

/// 1xN and Nx1 boards: the tiles never pass each other, so a goal has N states, one per cell
/// of the blank (the original counts 4 for 1x4), and a state with the tiles in another order
/// is unsolvable, whatever its parity.
#[test]
fn lines_have_one_state_per_blank_cell() {
    let v = json(&["enumerate", "1x4"], 0);
    assert_eq!((v["goal"].as_str(), v["states"].as_u64()), (Some("B234"), Some(4)));
    assert_eq!(v["per_depth"], serde_json::json!([1, 1, 1, 1]), "a corner blank: one state per depth");
    assert_eq!(v["max_depth"], 3);
    let v = json(&["enumerate", "5x1", "--goal", "1/2/0/3/4"], 0);
    assert_eq!(v["per_depth"], serde_json::json!([1, 2, 2]), "the blank in the middle of five cells");

    let v = json(&["lookup", "1x4", "234B", "2B34", "32B4", "--path"], 1);
    let results = v["results"].as_array().unwrap();
    assert_eq!(results[0]["moves"], 3);
    assert_eq!(replay(1, 4, &keypad_tiles("234B"), &results[0]["path"]), keypad_tiles("B234"));
    assert_eq!(results[1]["moves"], 1);
    assert_eq!(results[2]["unsolvable"], true);
    let text = run(&["lookup", "1x4", "32B4"], 1);
    assert!(text.contains("unsolvable (tile order differs from the goal's)"), "{text}");

    let v = json(&["solve", "0 1 2 3 4 5 6", "--size", "1x7"], 0);
    assert_eq!((v["moves"].as_u64(), v["heuristic"].as_str()), (Some(6), Some("manhattan")));
    assert_eq!(replay(1, 7, &[0, 1, 2, 3, 4, 5, 6], &v["path"]), [1, 2, 3, 4, 5, 6, 0]);
    let v = json(&["solve", "1/0/2", "--algo", "bfs"], 0);
    assert_eq!(v["path"], serde_json::json!(["D"]));
    // 2 3 1 4 0 is an even permutation: the parity rule of 2-D boards would call it solvable.
    let v = json(&["solve", "2 3 1 4 0", "--size", "1x5"], 1);
    assert_eq!(v["outcome"], "no_solution");
    let why = v["unsolvable"].as_str().unwrap();
    assert!(why.contains("never pass each other") && why.contains("2 3 1 4 here, 1 2 3 4 in the goal"), "{why}");
    let e = bad_input(&["solve", "1 2 3 0", "--size", "1x4", "--heuristic", "pdb"]);
    assert!(e.contains("tiles never pass each other"), "{e}");
    let e = bad_input(&["pdb", "build", "1x4"]);
    assert!(e.contains("tiles never pass each other"), "{e}");
}

/// A shuffled state of a `rows`x`cols` board in row-major numbers, from a small generator
/// written here (half of them cannot reach the goal).
fn random_states(rows: usize, cols: usize, count: usize, seed: &mut u64) -> Vec<String> {
    (0..count)
        .map(|_| {
            let mut tiles: Vec<u32> = (0..(rows * cols) as u32).collect();
            for i in (1..tiles.len()).rev() {
                *seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
                tiles.swap(i, (*seed >> 33) as usize % (i + 1));
            }
            tiles.iter().map(u32::to_string).collect::<Vec<_>>().join(" ")
        })
        .collect()
}

/// `enumerate --save` then `lookup --table` answers as `lookup` by enumeration does, paths
/// included, from CSV and binary tables, on random states of 2x3 and 3x3.
#[test]
fn saved_tables_answer_as_the_enumeration_does() {
    let dir = temp_dir("tables");
    let mut seed = 51;
    for board in ["2x3", "3x3"] {
        let (rows, cols) = (board.as_bytes()[0] - b'0', board.as_bytes()[2] - b'0');
        let states = random_states(rows.into(), cols.into(), 60, &mut seed);
        let list = dir.join(format!("{board}.txt"));
        std::fs::write(&list, states.join("\n")).unwrap();
        let list = list.to_str().unwrap();
        let by_search = json(&["lookup", board, "--from-file", list, "--path"], 1);
        assert_eq!(by_search["algorithm"], "table-bfs");
        for ext in ["csv", "bin"] {
            let file = dir.join(format!("{board}.{ext}"));
            let file = file.to_str().unwrap();
            let saved = json(&["enumerate", board, "--row-major", "--save", file], 0);
            assert_eq!(saved["table"], file);
            let by_table = json(&["lookup", board, "--from-file", list, "--path", "--table", file], 1);
            assert_eq!((by_table["algorithm"].as_str(), by_table["table"].as_str()), (Some("table-file"), Some(file)));
            assert_eq!(by_table["goal"], by_search["goal"]);
            assert_eq!(by_table["results"], by_search["results"], "{board} {ext}");
        }
        let answered = by_search["results"].as_array().unwrap().iter().filter(|r| !r["unsolvable"].as_bool().unwrap());
        assert!(answered.count() > 10, "{board}: both halves of the states are tried");
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

/// The 2x2 table, checked against a count by hand: the blank circles the four cells, so the
/// 12 states form one cycle through the goal and lie 0, 1, 1, 2, 2, … 5, 5, 6 moves from it.
#[test]
fn the_2x2_table_matches_a_hand_count() {
    let dir = temp_dir("table-2x2");
    let file = dir.join("2x2.csv");
    let text = run(&["enumerate", "2x2", "--save", file.to_str().unwrap()], 0);
    assert!(text.contains("(csv, 12 states)"), "{text}");
    let csv = std::fs::read_to_string(&file).unwrap();
    let mut lines = csv.lines();
    assert_eq!(lines.next(), Some("state,depth"));
    let depths: Vec<u32> = lines.map(|l| l.split_once(',').unwrap().1.parse().unwrap()).collect();
    assert_eq!(depths, [0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6]);
    assert!(csv.contains("\n34B2,0\n") && csv.contains("\n2B43,6\n"), "{csv}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn damaged_or_mismatched_tables_are_refused() {
    let dir = temp_dir("table-bad");
    let bin = dir.join("t.bin");
    let csv = dir.join("t.csv");
    run(&["enumerate", "2x3", "--save", bin.to_str().unwrap()], 0);
    run(&["enumerate", "2x3", "--save", csv.to_str().unwrap()], 0);
    let bytes = std::fs::read(&bin).unwrap();
    assert_eq!(bytes.len(), 16 + 6 + 360, "header, goal, a byte per state");
    assert_eq!(&bytes[..8], b"DELVETAB");
    let lookup = |file: &std::path::Path, board: &str| {
        bad_input(&["lookup", board, "1 2 3 4 5 0", "--table", file.to_str().unwrap()])
    };
    let cut = dir.join("cut.bin");
    std::fs::write(&cut, &bytes[..200]).unwrap();
    let e = lookup(&cut, "2x3");
    assert!(e.contains("cut.bin: truncated: a table of a 2x3 board has 382 bytes"), "{e}");
    let flipped = dir.join("flipped.bin");
    let mut damaged = bytes.clone();
    damaged[100] = damaged[100].wrapping_add(2);
    std::fs::write(&flipped, &damaged).unwrap();
    let e = lookup(&flipped, "2x3");
    assert!(e.contains("byte 100") && e.contains("the table is damaged"), "{e}");
    let e = lookup(&bin, "3x2");
    assert!(e.contains("the table is for a 2x3 board, not 3x2"), "{e}");
    let e = bad_input(&["lookup", "3x3", "789456B23", "--table", bin.to_str().unwrap()]);
    assert!(e.contains("the table is for a 2x3 board, not 3x3"), "{e}");

    let text = std::fs::read_to_string(&csv).unwrap();
    let short = dir.join("short.csv");
    std::fs::write(&short, text.lines().take(300).collect::<Vec<_>>().join("\n")).unwrap();
    let e = lookup(&short, "2x3");
    assert!(e.contains("short.csv:300:1: the table has 299 of the 360 states"), "{e}");
    let bad = dir.join("bad.csv");
    std::fs::write(&bad, text.replacen(",1\n", ",one\n", 1)).unwrap();
    let e = lookup(&bad, "2x3");
    assert!(e.contains("bad.csv:3:8: expected a depth"), "{e}");
    let e = bad_input(&["lookup", "2x3", "456B23", "--table", dir.join("t.dat").to_str().unwrap()]);
    assert!(e.contains("name it .csv or .bin"), "{e}");
    let e = bad_input(&["enumerate", "3x4", "--save", bin.to_str().unwrap()]);
    assert!(e.contains("239,500,800 states"), "refused before enumerating: {e}");
    std::fs::remove_dir_all(&dir).unwrap();
}
