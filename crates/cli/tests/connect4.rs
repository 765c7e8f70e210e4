//! End-to-end tests of `delve connect4`: solve (text, JSON, weak, batch), bench, play driven
//! through stdin, and clear errors with exit code 2 for bad positions.

mod common;

use common::delve;

#[test]
fn solve_json_has_the_shared_keys_and_pons_scores() {
    let v = common::json("connect4", &["solve", "4455"], 0);
    // algorithm, solved, outcome, stop_reason, stats; position, score, nodes, micros, best_move.
    assert_eq!(v.as_object().unwrap().len(), 10, "{v}");
    assert_eq!((v["algorithm"].as_str(), v["solved"].as_bool()), (Some("negamax"), Some(true)), "{v}");
    assert_eq!(v["stats"]["expanded"], v["nodes"], "{v}");
    assert_eq!(v["stop_reason"], serde_json::Value::Null, "{v}");
    assert_eq!(v["position"], "4455");
    assert_eq!(v["score"], 18);
    assert!(v["nodes"].as_u64().is_some() && v["micros"].as_u64().is_some(), "{v}");
    // Columns 3 and 6 both make an open three on the bottom row.
    let best = v["best_move"].as_u64().unwrap();
    assert!(best == 3 || best == 6, "{v}");
    let v = common::json("connect4", &["solve", "44455554221"], 0);
    assert_eq!(v["score"], -15);
    let v = common::json("connect4", &["solve", "44455554221", "--weak"], 0);
    assert_eq!(v["score"], -1);
}

#[test]
fn solve_text_explains_the_score() {
    let text = common::run("connect4", &["solve", "4455"], 0);
    assert!(text.contains(". . . X X . .\n1 2 3 4 5 6 7"), "{text}");
    assert!(text.contains("score:     18 for the first player (X) to move (wins with its stone number 4)"), "{text}");
}

#[test]
fn batch_mode_reads_stdin_in_pons_format() {
    let out = delve()
        .args(["connect4", "solve", "-"])
        .write_stdin("4455\n44455554221 -15\n\n7422341735647741166133573473242566\n")
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
    let text = String::from_utf8(out.stdout).unwrap();
    let scores: Vec<(&str, &str)> = text
        .lines()
        .map(|l| {
            let f: Vec<&str> = l.split(' ').collect();
            assert_eq!(f.len(), 4, "position score nodes micros: {l}");
            (f[0], f[1])
        })
        .collect();
    assert_eq!(scores, [("4455", "18"), ("44455554221", "-15"), ("7422341735647741166133573473242566", "1")]);
    // No POSITION and stdin not a terminal: batch mode too; a bad line is reported, exit 2.
    let out = delve().args(["connect4", "solve"]).write_stdin("4455\n48\n").output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(String::from_utf8(out.stdout).unwrap().lines().count(), 1);
    assert!(String::from_utf8(out.stderr).unwrap().contains("line 2: position \"48\""));
}

#[test]
fn a_timeout_is_a_report_with_exit_1() {
    // The empty board takes the solver minutes: a quarter of a second stops it.
    let v = common::json("connect4", &["solve", "", "--timeout", "0.25"], 1);
    assert_eq!((v["position"].as_str(), v["stop_reason"].as_str()), (Some(""), Some("timeout")), "{v}");
    assert!(v["score"].is_null() && v["best_move"].is_null(), "{v}");
    // The search ran until the limit: nodes and time so far (at least the quarter second).
    assert!(v["nodes"].as_u64() > Some(0) && v["micros"].as_u64() >= Some(250_000), "{v}");
    let text = common::run("connect4", &["solve", "", "--timeout", "0.25"], 1);
    assert!(text.contains("stopped:   time limit reached, before the score was settled"), "{text}");
    assert!(!text.contains("score:"), "{text}");
}

#[test]
fn a_batch_line_that_times_out_is_reported_and_the_batch_goes_on() {
    // Line 2 (one stone) takes minutes; lines 1 and 3 are solved in microseconds.
    let input = "4455\n4\n44455554221\n";
    let out = delve().args(["connect4", "solve", "-", "--timeout", "0.2"]).write_stdin(input).output().unwrap();
    let (stdout, stderr) = (String::from_utf8(out.stdout).unwrap(), String::from_utf8(out.stderr).unwrap());
    assert_eq!(out.status.code(), Some(1), "{stdout}{stderr}");
    let positions: Vec<&str> = stdout.lines().filter_map(|l| l.split(' ').next()).collect();
    assert_eq!(positions, ["4455", "44455554221"], "{stdout}");
    assert!(stdout.contains("44455554221 -15 "), "{stdout}");
    assert_eq!(stderr.trim(), "line 2: position \"4\": stopped (time limit reached)");
    // With --json: one report per line, the stopped one with its reason.
    let out =
        delve().args(["connect4", "solve", "-", "--timeout", "0.2", "--json"]).write_stdin(input).output().unwrap();
    assert_eq!(out.status.code(), Some(1));
    let reports: Vec<serde_json::Value> =
        String::from_utf8(out.stdout).unwrap().lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    let summary: Vec<(&str, Option<i64>, Option<&str>)> = reports
        .iter()
        .map(|r| (r["position"].as_str().unwrap(), r["score"].as_i64(), r["stop_reason"].as_str()))
        .collect();
    assert_eq!(summary, [("4455", Some(18), None), ("4", None, Some("timeout")), ("44455554221", Some(-15), None)]);
    assert!(String::from_utf8(out.stderr).unwrap().contains("line 2: position \"4\": stopped (time limit reached)"));
}

#[test]
fn bench_checks_a_test_file() {
    let v = common::json(
        "connect4",
        &["bench", "../../crates/domains/connect4/data/Test_L3_R1", "--limit", "100", "--table-bits", "18"],
        0,
    );
    assert_eq!((v["positions"].as_u64(), v["exact"].as_u64()), (Some(100), Some(100)), "{v}");
    for key in ["mean_micros", "mean_nodes", "max_micros"] {
        assert!(v[key].as_f64().is_some(), "{key}: {v}");
    }
    assert_eq!((v["stopped"].as_u64(), v["stop_reason"].is_null()), (Some(0), true), "{v}");
    assert_eq!(v.as_object().unwrap().len(), 6 + 5);
}

#[test]
fn bench_timeout_stops_each_position_and_goes_on() {
    // The empty board takes minutes: at a millisecond a position, every search is stopped,
    // each is reported, and the bench still ends with its report and exit 1.
    let dir = common::scratch("c4-timeout");
    let file = dir.join("slow");
    std::fs::write(&file, "4 1\n3 -1\n").unwrap();
    let out =
        delve().args(["connect4", "bench", file.to_str().unwrap(), "--timeout", "0.001", "--json"]).output().unwrap();
    assert_eq!(out.status.code(), Some(1));
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!((v["positions"].as_u64(), v["exact"].as_u64(), v["stopped"].as_u64()), (Some(2), Some(0), Some(2)));
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert!(stderr.contains("4: stopped (timeout)") && stderr.contains("3: stopped (timeout)"), "{stderr}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn bench_reports_a_wrong_score() {
    let dir = common::scratch("c4");
    let file = dir.join("wrong");
    std::fs::write(&file, "4455 18\n44455554221 15\n").unwrap();
    let v = common::json("connect4", &["bench", file.to_str().unwrap(), "--table-bits", "16"], 1);
    assert_eq!((v["positions"].as_u64(), v["exact"].as_u64()), (Some(2), Some(1)), "{v}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn bad_positions_are_clear_errors() {
    for (position, says) in [
        ("408", "move 2: '0' is not a column (columns are 1 to 7)"),
        ("48", "'8' is not a column"),
        ("4444444", "move 7: column 4 is already full"),
        ("1212121", "move 7 (column 1) wins the game: the position is already over"),
        ("547125662261271266215743771576315353334444", "the board is full"),
    ] {
        let stderr = common::bad_input("connect4", &["solve", position]);
        assert!(stderr.contains(says), "{position}: {stderr}");
    }
    let stderr = common::bad_input("connect4", &["bench", "no/such/file"]);
    assert!(stderr.contains("no/such/file"), "{stderr}");
    // A bad line of a test set: its number and what is wrong, said once.
    let dir = common::scratch("c4-bad-set");
    let set = dir.join("set");
    std::fs::write(&set, "4455 1\n44x 2\n").unwrap();
    let stderr = common::bad_input("connect4", &["bench", set.to_str().unwrap()]);
    assert!(stderr.contains("line 2: move 3: 'x' is not a column"), "{stderr}");
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn play_through_piped_stdin() {
    // O to move; O's only non-losing column is 6 (score -1), column 7 loses faster (-2).
    let out = delve()
        .args(["connect4", "play", "--start", "2252576253462244111563365343671351441", "--table-bits", "16"])
        .write_stdin("9\n4\n6\n")
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("You play O, the solver plays X."), "{text}");
    assert!(text.contains("scores for O: - - - - - -1 -2"), "{text}");
    assert!(text.contains("\"9\" is not a column"), "{text}");
    assert!(text.contains("column 4 is full"), "{text}");
    assert!(text.contains("the solver plays column"), "{text}");
    // The game runs to its end or to the end of stdin.
    assert!(text.contains("wins") || text.contains("draw") || text.ends_with("bye\n"), "{text}");
}

#[test]
fn play_with_the_solver_first_wins_a_won_position() {
    // X to move wins with its 4th stone (score 18); the human answers badly.
    let out = delve()
        .args(["connect4", "play", "--start", "4455", "--first", "ai", "--table-bits", "18"])
        .write_stdin("1\n1\n1\n1\n")
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("scores for X: "), "{text}");
    assert!(text.contains("X connects four: the solver wins"), "{text}");
}

#[test]
fn a_book_is_built_resumed_read_and_answers_without_search() {
    let dir = common::scratch("c4-book");
    let file = dir.join("small.c4b");
    let path = file.to_str().unwrap();
    let text = common::run("connect4", &["book", "build", "--start", "44455554221", "--depth", "2", "--out", path], 0);
    assert!(text.contains("50 positions up to 2 plies") && text.contains("score of the start: -15"), "{text}");
    // Run again: everything is already in the file (resumed), same book.
    let bytes = std::fs::read(&file).unwrap();
    common::run("connect4", &["book", "build", "--start", "44455554221", "--depth", "2", "--out", path], 0);
    assert_eq!(std::fs::read(&file).unwrap(), bytes);
    let v = common::json("connect4", &["book", "info", path], 0);
    assert_eq!(v["positions"], 50);
    assert_eq!(v["by_stones"], serde_json::json!([[11, 1], [12, 7], [13, 42]]));
    // A book hit: the score with 0 nodes, in single and batch mode, and the solver agrees.
    let v = common::json("connect4", &["solve", "44455554221", "--book", path], 0);
    assert_eq!((v["score"].as_i64(), v["nodes"].as_u64()), (Some(-15), Some(0)), "{v}");
    let plain = common::json("connect4", &["solve", "444555542213"], 0);
    let booked = common::json("connect4", &["solve", "444555542213", "--book", path], 0);
    assert_eq!(booked["score"], plain["score"]);
    assert_eq!(booked["nodes"], 0);
    let out =
        delve().args(["connect4", "solve", "-", "--book", path]).write_stdin("44455554221\n4455\n").output().unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.starts_with("44455554221 -15 0 "), "{text}");
    assert!(text.contains("\n4455 18 "), "{text}");
    // Corrupt books are errors that say so (exit 2), for solve and play alike.
    let mut bad = bytes.clone();
    bad[20] ^= 4;
    let corrupt = dir.join("corrupt.c4b");
    std::fs::write(&corrupt, &bad).unwrap();
    let stderr = common::bad_input("connect4", &["solve", "4", "--book", corrupt.to_str().unwrap()]);
    assert!(stderr.contains("checksum does not match"), "{stderr}");
    std::fs::write(&corrupt, &bytes[..40]).unwrap();
    let stderr = common::bad_input("connect4", &["play", "--book", corrupt.to_str().unwrap()]);
    assert!(stderr.contains("truncated or corrupt"), "{stderr}");
    // --out that is not a book is not overwritten.
    std::fs::write(&corrupt, b"my notes").unwrap();
    let stderr = common::bad_input("connect4", &["book", "build", "--depth", "0", "--out", corrupt.to_str().unwrap()]);
    assert!(stderr.contains("cannot be resumed"), "{stderr}");
    assert_eq!(std::fs::read(&corrupt).unwrap(), b"my notes");
    std::fs::remove_dir_all(&dir).unwrap();
}
