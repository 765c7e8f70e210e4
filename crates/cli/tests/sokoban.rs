//! End-to-end tests of `delve sokoban`: solve (text, the exact --json keys, ordered mode, a
//! proved unsolvable level, limits), bench (--json totals), bad input (exit 2 with a message
//! naming file, line and column), the course format (read by every command, `convert` both
//! ways), and play driven by stdin (solves with their statistics, dead positions, ordered
//! letters).

mod common;

use common::{bad_input, repo_path};
use serde_json::Value;

fn data(name: &str) -> String {
    repo_path(&format!("crates/domains/sokoban/data/{name}"))
}

/// A level written to a fresh temporary file, for levels the data folder does not hold.
fn temp_level(name: &str, text: &str) -> String {
    let path = std::env::temp_dir().join(format!("delve-sokoban-{}-{name}.xsb", std::process::id()));
    std::fs::write(&path, text).unwrap();
    path.to_str().unwrap().to_string()
}

fn json(args: &[&str], code: i32) -> Value {
    common::json("sokoban", args, code)
}

#[test]
fn solve_json_has_exactly_the_shared_and_the_level_keys() {
    let line = common::run("sokoban", &["solve", &data("microban.xsb"), "--level", "2", "--json"], 0);
    let keys = [
        "algorithm",
        "solved",
        "outcome",
        "stop_reason",
        "level",
        "title",
        "optimal",
        "pushes",
        "moves",
        "solution",
        "nodes_generated",
        "max_nodes",
        "elapsed_ms",
        "stats",
    ];
    // In this order, and nothing else.
    let at: Vec<usize> = keys.iter().map(|k| line.find(&format!("\"{k}\":")).expect(k)).collect();
    assert!(at.windows(2).all(|w| w[0] < w[1]), "{line}");
    let v: Value = serde_json::from_str(&line).unwrap();
    assert_eq!(v.as_object().unwrap().len(), keys.len());
    assert_eq!((v["level"].as_u64(), v["title"].as_str()), (Some(2), Some("2")));
    assert_eq!((v["solved"].as_bool(), v["optimal"].as_bool()), (Some(true), Some(true)));
    // microban_optimal.tsv: level 2 takes 3 pushes and 16 moves.
    assert_eq!((v["pushes"].as_u64(), v["moves"].as_u64()), (Some(3), Some(16)));
    let solution = v["solution"].as_str().unwrap();
    assert_eq!(solution.len(), 16);
    assert_eq!(solution.chars().filter(char::is_ascii_uppercase).count(), 3);
}

#[test]
fn solve_prints_the_board_and_the_counts() {
    let out = common::run("sokoban", &["solve", &data("microban.xsb"), "--level", "3"], 0);
    assert!(out.contains("13 pushes, 41 moves"), "{out}");
    assert!(out.contains("# . .#@ #"), "the board is drawn: {out}");
    assert!(out.contains("solution: "), "{out}");
}

#[test]
fn other_modes_solve_but_do_not_claim_optimality() {
    for (mode, algorithm) in [("fast", "wastar"), ("any", "portfolio")] {
        let v = json(&["solve", &data("microban.xsb"), "--level", "5", "--mode", mode], 0);
        assert_eq!((v["solved"].as_bool(), v["optimal"].as_bool()), (Some(true), Some(false)), "{mode}");
        assert_eq!(v["algorithm"], algorithm, "{mode}");
    }
    let v = json(&["solve", &data("microban.xsb"), "--level", "5", "--mode", "pushes"], 0);
    assert_eq!((v["optimal"].as_bool(), v["pushes"].as_u64()), (Some(true), Some(6)), "microban_optimal.tsv");
    // The flags `--mode` replaced still work, hidden from the help.
    let old = json(&["solve", &data("microban.xsb"), "--level", "5", "--pushes", "--threads", "1"], 0);
    let new = json(&["solve", &data("microban.xsb"), "--level", "5", "--mode", "pushes", "--threads", "1"], 0);
    let solution = |v: &Value| (v["pushes"].clone(), v["moves"].clone(), v["nodes_generated"].clone());
    assert_eq!(solution(&old), solution(&new));
    let help = common::run("sokoban", &["solve", "--help"], 0);
    assert!(help.contains("--mode") && !help.contains("--pushes") && !help.contains("--any"), "{help}");
}

#[test]
fn ordered_levels_cost_more_or_are_proved_unsolvable() {
    let room = "#########\n#@      #\n# A b   #\n#       #\n# B a   #\n#       #\n#########\n";
    let v = json(&["solve", &temp_level("room", room)], 0);
    assert_eq!(v["pushes"], 8);
    let pocket = "######\n#@   #\n# AB #\n##ba##\n######\n";
    let v = json(&["solve", &temp_level("pocket", pocket)], 1);
    assert_eq!((v["solved"].as_bool(), v["stop_reason"].as_str()), (Some(false), Some("no_solution")));
    assert!(v.get("pushes").is_none() && v.get("solution").is_none());
    let out = common::run("sokoban", &["solve", &temp_level("pocket2", pocket)], 1);
    assert!(out.contains("no solution"), "{out}");
    // Plain XSB with --ordered pairs in reading order.
    let v = json(&["solve", &data("microban.xsb"), "--level", "4", "--ordered"], 0);
    assert!(v["pushes"].as_u64().unwrap() > 7, "unordered takes 7: {v}");
}

#[test]
fn limits_stop_with_a_reason_and_exit_one() {
    let v = json(&["solve", &data("microban.xsb"), "--level", "93", "--max-nodes", "100"], 1);
    assert_eq!((v["solved"].as_bool(), v["stop_reason"].as_str()), (Some(false), Some("node_limit")));
    let v = json(&["solve", &data("microban.xsb"), "--level", "93", "--timeout", "0.2"], 1);
    assert_eq!(v["stop_reason"], "timeout");
}

#[test]
fn bench_reports_every_level_and_the_total() {
    let v = json(&["bench", &data("microban.xsb"), "--levels", "1-6", "--timeout", "10"], 0);
    let levels = v["levels"].as_array().unwrap();
    assert_eq!(levels.len(), 6);
    assert_eq!((v["solved"].as_bool(), v["solved_levels"].as_u64()), (Some(true), Some(6)), "{v}");
    assert!(v["total_ms"].is_number());
    let pushes: Vec<u64> = levels.iter().map(|l| l["pushes"].as_u64().unwrap()).collect();
    assert_eq!(pushes, [8, 3, 13, 7, 6, 29], "microban_optimal.tsv");
    let out = common::run("sokoban", &["bench", &data("microban.xsb"), "--levels", "2"], 0);
    assert!(out.contains("1 of 1 solved") && out.contains("optimal"), "{out}");
    // A level that a limit stops makes the bench exit 1, with the report all the same.
    let v = json(&["bench", &data("microban.xsb"), "--levels", "1-2", "--timeout-per-level", "0.000001"], 1);
    assert_eq!((v["solved_levels"].as_u64(), v["stop_reason"].as_str()), (Some(0), Some("timeout")), "{v}");
    assert_eq!(v["levels"][0]["stop_reason"], "timeout", "{v}");
}

#[test]
fn bench_jobs_give_the_same_reports_in_level_order() {
    // #98 and #99 take a thousand times the nodes of #100-#104, so with two jobs the small
    // levels finish before #99. One thread a level: the same searches, node for node.
    let bench = |jobs: &str| {
        let args = [
            "bench",
            &data("microban.xsb"),
            "--levels",
            "98-104",
            "--mode",
            "pushes",
            "--jobs",
            jobs,
            "--threads",
            "1",
        ];
        let v = json(&args, 0);
        assert_eq!(v["jobs"].to_string(), jobs);
        assert_eq!(v["threads"], 1);
        let mut levels = v["levels"].as_array().unwrap().clone();
        for level in &mut levels {
            level.as_object_mut().unwrap().remove("elapsed_ms");
            *level = common::untimed(level.clone());
        }
        (levels, v["solved_levels"].clone())
    };
    let (one, solved) = bench("1");
    let numbers: Vec<u64> = one.iter().map(|l| l["level"].as_u64().unwrap()).collect();
    assert_eq!(numbers, (98..=104).collect::<Vec<u64>>());
    assert_eq!(solved, 7);
    assert_eq!(bench("2"), (one.clone(), solved));
    // Two threads a level: the same push counts (the solutions and node counts may differ).
    let v = json(
        &["bench", &data("microban.xsb"), "--levels", "98-104", "--mode", "pushes", "--jobs", "1", "--threads", "2"],
        0,
    );
    assert_eq!((v["jobs"].as_u64(), v["threads"].as_u64()), (Some(1), Some(2)));
    let pushes = |levels: &[Value]| levels.iter().map(|l| l["pushes"].as_u64()).collect::<Vec<_>>();
    assert_eq!(pushes(v["levels"].as_array().unwrap()), pushes(&one));
    // Far more parallel threads than cores: clamped (and said), so the levels still solve.
    let out = common::delve()
        .args(["sokoban", "bench", &data("microban.xsb"), "--levels", "1-4", "--jobs", "20", "--threads", "64"])
        .arg("--json")
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
    let v: Value = serde_json::from_slice(&out.stdout).unwrap();
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get()) as u64;
    let (jobs, threads) = (v["jobs"].as_u64().unwrap(), v["threads"].as_u64().unwrap());
    assert!(threads <= cores && (threads == 1 || jobs * threads <= cores) && v["solved_levels"] == 4, "{v}");
    assert!(String::from_utf8(out.stderr).unwrap().contains("note: 20 jobs × 64 threads"));
}

#[test]
fn bad_input_names_the_place() {
    let err = bad_input("sokoban", &["solve", &temp_level("twoplayers", "#####\n#@$.#\n#@  #\n#####\n")]);
    assert!(err.contains(":3:2: a second player"), "{err}");
    let err = bad_input("sokoban", &["solve", &temp_level("unknown", "#####\n#@$?#\n#####\n")]);
    assert!(err.contains(":2:4: unknown character `?`"), "{err}");
    let err = bad_input("sokoban", &["solve", &temp_level("open", "#####\n#@$. \n#####\n")]);
    assert!(err.contains(":2:4: the level is not closed"), "{err}");
    let err = bad_input("sokoban", &["solve", &temp_level("counts", "######\n#@$$.#\n######\n")]);
    assert!(err.contains("2 boxes but 1 goal ("), "{err}");
    let err = bad_input("sokoban", &["solve", &temp_level("noplayer", "####\n#$.#\n####\n")]);
    assert!(err.contains(":1:1: no player"), "{err}");
    let err = bad_input("sokoban", &["solve", &data("microban.xsb"), "--level", "156"]);
    assert!(err.contains("no level 156"), "{err}");
    let err = bad_input("sokoban", &["solve", "no/such/file.xsb"]);
    assert!(err.contains("no/such/file.xsb"), "{err}");
    bad_input("sokoban", &["solve", &data("microban.xsb"), "--fast", "--any"]);
    bad_input("sokoban", &["solve", &data("microban.xsb"), "--mode", "fast", "--any"]);
    let err = bad_input("sokoban", &["bench", &data("microban.xsb"), "--mode", "best"]);
    assert!(err.contains("expected optimal, pushes, fast or any"), "{err}");
    bad_input("sokoban", &["bench", &data("microban.xsb"), "--levels", "9-3"]);
    bad_input("sokoban", &["bench", &data("microban.xsb"), "--jobs", "0"]);
    let wide = format!("{}\n#@$.{}#\n#{}#\n{}\n", "#".repeat(700), " ".repeat(694), " ".repeat(698), "#".repeat(700));
    let err = bad_input("sokoban", &["solve", &temp_level("wide", &wide)]);
    assert!(err.contains("1395 floor squares the player can reach; the solver's limit is 1279"), "{err}");
}

#[test]
fn errors_never_pass_control_characters_or_huge_quotes_to_the_terminal() {
    // An OSC sequence in a level would retitle the terminal: it is shown escaped.
    let err = bad_input("sokoban", &["solve", &temp_level("esc", "#####\n#@$\u{1b}]0;x\u{7}.#\n#####\n")]);
    assert!(!err.contains('\u{1b}') && !err.contains('\u{7}') && err.contains("\\u{1b}"), "{err:?}");
    // A huge argument quoted back is cut, saying how much was left out.
    let err = bad_input("sudoku", &["solve", &"x".repeat(100_000)]);
    assert!(err.len() < 1000 && err.contains("more characters)"), "{} bytes", err.len());
}

#[test]
fn one_bad_level_leaves_the_others_usable() {
    // Level 2 has an unknown character, level 3 is past the solver's limits.
    let wide = format!("{}\n#@$.{}#\n#{}#\n{}\n", "#".repeat(700), " ".repeat(694), " ".repeat(698), "#".repeat(700));
    let text = format!("#####\n#@$.#\n#####\n\n#####\n#@$!#\n#####\n\n{wide}\n######\n#@ $.#\n######\n");
    let file = temp_level("mixed", &text);
    // The good levels solve; the bad one is named with its line and column.
    assert_eq!(json(&["solve", &file, "--level", "4"], 0)["pushes"], 1);
    let err = bad_input("sokoban", &["solve", &file, "--level", "2"]);
    assert!(err.contains("mixed.xsb:6:4: unknown character `!`"), "{err}");
    // The bench runs every good level, reports the malformed one as an error and the one past
    // the solvers' limits as unsupported, and exits 2 at the end (bad input).
    let out = common::delve().args(["sokoban", "bench", &file, "--json"]).output().unwrap();
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    let v: Value = serde_json::from_slice(&out.stdout).unwrap();
    let solved: Vec<u64> = v["levels"].as_array().unwrap().iter().map(|l| l["level"].as_u64().unwrap()).collect();
    assert_eq!((solved, v["solved_levels"].as_u64()), (vec![1, 4], Some(2)), "{v}");
    let errors: Vec<u64> = v["errors"].as_array().unwrap().iter().map(|e| e["level"].as_u64().unwrap()).collect();
    assert_eq!(errors, [2], "{v}");
    let unsupported = &v["unsupported"][0];
    assert_eq!(unsupported["level"], 3, "{v}");
    assert!(unsupported["error"].as_str().unwrap().contains("limit is 1279"), "{v}");
    assert_eq!((v["solved"].as_bool(), v["outcome"].as_str()), (Some(false), Some("no_solution")), "{v}");
    assert!(stderr.contains(":6:4: unknown character") && stderr.contains("unsupported: "), "{stderr}");
    assert!(stderr.contains("1 level could not be solved (above); the others ran"), "{stderr}");
    common::assert_said_once(&stderr);
}

#[test]
fn bench_goes_on_past_a_level_the_solvers_cannot_take() {
    // 128 boxes, one more than the solvers take, between two levels they solve: both are
    // solved, the big one is `unsupported` with the reason, and the bench exits 1 (not all
    // solved), not 2 (the input is good).
    let wide = 128;
    let big = format!(
        "{}\n#@{}#\n# {}#\n# {}#\n# {}#\n{}\n",
        "#".repeat(wide + 3),
        " ".repeat(wide),
        "$".repeat(wide),
        " ".repeat(wide),
        ".".repeat(wide),
        "#".repeat(wide + 3)
    );
    let file = temp_level("big", &format!("#####\n#@$.#\n#####\n\n{big}\n######\n#@ $.#\n######\n"));
    let out = common::delve().args(["sokoban", "bench", &file, "--mode", "fast", "--json"]).output().unwrap();
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert_eq!(out.status.code(), Some(1), "{stderr}");
    let v: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!((v["solved_levels"].as_u64(), v["errors"].as_array().map(Vec::len)), (Some(2), Some(0)), "{v}");
    assert_eq!(v["unsupported"][0]["level"], 2, "{v}");
    assert!(v["unsupported"][0]["error"].as_str().unwrap().contains("128 boxes; the solver's limit is 127"), "{v}");
    assert!(stderr.contains("unsupported: ") && stderr.contains("big.xsb"), "{stderr}");
}

#[test]
fn play_without_a_terminal_replays_moves_from_stdin() {
    let play = |moves: &str| {
        common::delve()
            .args(["sokoban", "play", &data("microban.xsb"), "--level", "2"])
            .write_stdin(moves)
            .output()
            .unwrap()
    };
    let out = play("rddLruulDuullddR\n");
    let stdout = String::from_utf8(out.stdout).unwrap();
    assert_eq!(out.status.code(), Some(0), "{stdout}");
    assert!(stdout.ends_with("solved: 3 pushes, 16 moves\n"), "{stdout}");
    let out = play("rdd");
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8(out.stdout).unwrap().contains("not solved: 0 pushes, 3 moves"));
    let out = play("uuuu");
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8(out.stderr).unwrap().contains("move 2: `u` is not a legal move"));
}

/// Runs `delve sokoban ARGS` with `stdin`; returns the exit code, stdout and stderr.
fn with_stdin(args: &[&str], stdin: &str) -> (Option<i32>, String, String) {
    let out = common::delve().arg("sokoban").args(args).write_stdin(stdin).output().unwrap();
    (out.status.code(), String::from_utf8(out.stdout).unwrap(), String::from_utf8(out.stderr).unwrap())
}

#[test]
fn course_files_are_read_by_their_headers_from_level_0() {
    // Microban 3, 5 and 40 as `Level 0`, `1` and `2`; Microban 40's player stands on a goal,
    // which the course format writes `*`.
    let course = data("microban-course.txt");
    let v = json(&["solve", &course, "--level", "2", "--threads", "1"], 0);
    // microban_optimal.tsv: level 40 takes 7 pushes and 20 moves.
    assert_eq!((v["level"].as_u64(), v["title"].as_str()), (Some(2), Some("2")));
    assert_eq!((v["pushes"].as_u64(), v["moves"].as_u64()), (Some(7), Some(20)));
    let named = json(&["solve", &course, "--level", "2", "--format", "course", "--threads", "1"], 0);
    assert_eq!(common::untimed(named)["solution"], common::untimed(v)["solution"]);
    // The first level is the default: Microban 3, 13 pushes and 41 moves.
    let first = json(&["solve", &course, "--threads", "1"], 0);
    assert_eq!(
        (first["level"].as_u64(), first["pushes"].as_u64(), first["moves"].as_u64()),
        (Some(0), Some(13), Some(41))
    );
    let err = bad_input("sokoban", &["solve", &course, "--level", "3"]);
    assert!(err.contains("no level 3 (the file has 3 levels, numbered from 0)"), "{err}");
    // Read as XSB, the mouse on its target is a box on a goal: no player.
    let err = bad_input("sokoban", &["solve", &course, "--level", "3", "--format", "xsb"]);
    assert!(err.contains("microban-course.txt:19:1: no player"), "{err}");
    // The bench takes the same numbers; microban_optimal.tsv: 13, 6 and 7 pushes.
    let v = json(&["bench", &course, "--levels", "0-2", "--jobs", "1", "--threads", "1"], 0);
    let levels = v["levels"].as_array().unwrap();
    let numbers: Vec<u64> = levels.iter().map(|l| l["level"].as_u64().unwrap()).collect();
    let pushes: Vec<u64> = levels.iter().map(|l| l["pushes"].as_u64().unwrap()).collect();
    assert_eq!((numbers, pushes), (vec![0, 1, 2], vec![13, 6, 7]));
    let err = bad_input("sokoban", &["bench", &course, "--levels", "1-3"]);
    assert!(err.contains("no level 3 (the file has 3 levels, numbered from 0)"), "{err}");
    // Play reads it too: an optimal solve from the start of Level 2.
    let (code, stdout, _) = with_stdin(&["play", &course, "--level", "2"], "O");
    assert_eq!(code, Some(0), "{stdout}");
    assert!(stdout.starts_with("optimal solve: 7 pushes, 20 moves (optimal: "), "{stdout}");
    assert!(stdout.ends_with("solved: 7 pushes, 20 moves\n"), "{stdout}");
}

#[test]
fn course_errors_name_the_place() {
    let err = bad_input(
        "sokoban",
        &["solve", &temp_level("course-char", "Level 0\n#####\n#@$+#\n#####\n"), "--format", "course"],
    );
    assert!(err.contains(":3:4: unknown character `+` in a course-format row"), "{err}");
    let text = "Level 0\n#####\n#*$ #\n#####\n\nLevel 2\n#####\n#@$.#\n#####\n";
    let err = bad_input("sokoban", &["solve", &temp_level("course-order", text)]);
    assert!(err.contains(":6:1: `Level 2` is out of order: expected `Level 1`"), "{err}");
    let err = bad_input(
        "sokoban",
        &["solve", &temp_level("course-mouse", "Level 0\n#####\n# $.#\n#####\n"), "--format", "course"],
    );
    assert!(err.contains(":2:1: no mouse (`@`, or `*` for the mouse on a target)"), "{err}");
    bad_input("sokoban", &["solve", &data("microban.xsb"), "--format", "txt"]);
}

#[test]
fn convert_writes_either_format_and_round_trips() {
    let course = data("microban-course.txt");
    let xsb = common::run("sokoban", &["convert", &course, "--to", "xsb"], 0);
    assert!(xsb.starts_with("; 0\n\n  ####\n") && xsb.contains("# .+. #"), "{xsb}");
    let dir = common::scratch("sokoban-convert");
    let written = dir.join("levels.xsb");
    let out = common::run("sokoban", &["convert", &course, "--to", "xsb", "-o", written.to_str().unwrap()], 0);
    assert!(out.is_empty());
    assert_eq!(std::fs::read_to_string(&written).unwrap(), xsb);
    // Back to the course format: the file as it was.
    let back = common::run("sokoban", &["convert", written.to_str().unwrap(), "--to", "course"], 0);
    assert_eq!(back, common::repo_file("crates/domains/sokoban/data/microban-course.txt"));
    // The same level either way: XSB level 3 is course level 2.
    let a = json(&["solve", written.to_str().unwrap(), "--level", "3", "--threads", "1"], 0);
    assert_eq!((a["pushes"].as_u64(), a["moves"].as_u64()), (Some(7), Some(20)));
    // A box on a goal has no course symbol: an error at the cell.
    let err = bad_input("sokoban", &["convert", &data("microban.xsb"), "--to", "course"]);
    assert!(err.contains("microban.xsb:10:2: a box on a goal (`*`) cannot be written in the course format"), "{err}");
    bad_input("sokoban", &["convert", &course]);
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn play_says_the_search_stats_after_a_solve() {
    // Microban 2's optimum is 3 pushes and 16 moves (microban_optimal.tsv), and its optimal
    // solution starts with `r`: from there, 3 pushes and 15 moves.
    let (code, stdout, _) = with_stdin(&["play", &data("microban.xsb"), "--level", "2"], "r O");
    assert_eq!(code, Some(0), "{stdout}");
    let said = stdout.lines().next().unwrap();
    let (head, stats) = said.split_once("; ").unwrap();
    assert_eq!(head, "optimal solve: 3 pushes, 15 moves (optimal: fewest pushes, then fewest moves)");
    let parts: Vec<&str> = stats.split(", ").collect();
    assert_eq!(parts.len(), 4, "{said}");
    assert!(parts[0].starts_with("search time ") && parts[0].ends_with(" ms"), "{said}");
    let count = |part: &str, name: &str| part.strip_prefix(name).unwrap().parse::<u64>().unwrap();
    assert!(
        count(parts[1], "nodes generated ") >= count(parts[2], "max nodes held ")
            && count(parts[2], "max nodes held ") > 0
    );
    // b* over the solution's 3 pushes: generated = b* + b*² + b*³.
    let b: f64 = parts[3].strip_prefix("b* ").unwrap().parse().unwrap();
    let generated = count(parts[1], "nodes generated ") as f64;
    assert!((b + b * b + b * b * b - generated).abs() < 0.01 * generated, "{said}");
    assert!(stdout.ends_with("solved: 3 pushes, 16 moves\n"), "{stdout}");
    // P: the fast solve, which promises nothing.
    let (code, stdout, _) = with_stdin(&["play", &data("microban.xsb"), "--level", "3"], "p");
    assert_eq!(code, Some(0), "{stdout}");
    assert!(
        stdout.starts_with("fast solve: ") && stdout.contains("(not guaranteed optimal); search time "),
        "{stdout}"
    );
}

#[test]
fn play_says_when_a_push_leaves_a_dead_position() {
    // The goal is on the top row: the box may travel along it, but not into its corner.
    let corner = temp_level("corner", "######\n#  . #\n# $  #\n#   @#\n######\n");
    let (code, stdout, _) = with_stdin(&["play", &corner], "llU ruL r");
    assert_eq!(code, Some(1), "{stdout}");
    let dead =
        "move 6: no valid moves, please go back: the box at row 2, column 2 can never reach its goal from there\n";
    assert!(stdout.starts_with(dead), "{stdout}");
    assert_eq!(stdout.matches("no valid moves").count(), 1, "said once, on the push that made it: {stdout}");
    // Three boxes in an L and a fourth pushed in: a 2×2 block that can never move again. The
    // solver then searches the whole space from there, and finds nothing.
    let block = temp_level("block", "########\n#      #\n# $$   #\n# $ $@ #\n#   ...#\n#  .   #\n########\n");
    let (code, stdout, _) = with_stdin(&["play", &block], "L O");
    assert_eq!(code, Some(1), "{stdout}");
    let mut lines = stdout.lines();
    let frozen = "move 1: no valid moves, please go back: the box at row 3, column 3 is frozen: it can never move \
                  again, and it or a box holding it is off its goal";
    assert_eq!(lines.next(), Some(frozen));
    assert!(lines.next().unwrap().starts_with("optimal solve: no solution from here; search time "), "{stdout}");
}

#[test]
fn play_draws_each_ordered_box_and_its_goal_with_one_letter() {
    // Microban 2 ordered: box A (3, 2) belongs on goal a (3, 3), B (3, 3) on b (4, 2), C (4, 3)
    // on c (4, 3). `rddL` pushes C onto b; the player stands on c.
    let (code, stdout, _) = with_stdin(&["play", &data("microban.xsb"), "--level", "2", "--ordered"], "rddL");
    assert_eq!(code, Some(1), "{stdout}");
    assert_eq!(stdout, "######\n#    #\n# #  #\n# AB #\n# C+ #\n#    #\n######\nnot solved: 1 pushes, 4 moves\n");
    let (_, stdout, _) = with_stdin(&["play", &data("microban.xsb"), "--level", "3", "--ordered"], "");
    assert!(stdout.contains("#     A #\n# #  #B #\n# a b#@ #\n"), "{stdout}");
}
