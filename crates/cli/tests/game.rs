//! End-to-end tests of `delve game cs188`: every shipped CS188 game-tree test passes (text and
//! `--json`), a wrong solution fails with exit 1, bad input exits 2 naming file, line and
//! column. And of `delve game solve`: the textbook's tree in both forms and CS188's, from a
//! file or stdin, each cut rule, `--explain`, limits and bad input.

mod common;

/// A path under the shipped example trees (`crates/game/data/trees`).
fn tree(name: &str) -> String {
    common::repo_path(&format!("crates/game/data/trees/{name}"))
}

/// A path under the shipped CS188 tests (`crates/game/data/cs188`, see its SOURCES.md).
fn data(path: &str) -> String {
    common::repo_path(&format!("crates/game/data/cs188/{path}"))
}

#[test]
fn every_shipped_test_passes_in_json() {
    let v = common::json("game", &["cs188", &data("q2"), &data("q3"), &data("q4")], 0);
    assert_eq!((v["passed"].as_u64(), v["failed"].as_u64()), (Some(82), Some(0)));
    let files = v["files"].as_array().unwrap();
    assert_eq!(files.len(), 82);
    let per_question = |q: &str| files.iter().filter(|f| f["question"] == q && f["passed"] == true).count();
    assert_eq!((per_question("q2"), per_question("q3"), per_question("q4")), (33, 33, 16));
    let tied = files.iter().find(|f| f["file"].as_str().unwrap().ends_with("q3/6-tied-root.test")).unwrap();
    assert_eq!((tied["action"].as_str(), tied["expected_action"].as_str()), (Some("Left"), Some("Left")));
    for f in files {
        assert_eq!(f["action"], f["expected_action"], "{f}");
    }
}

#[test]
fn text_output_says_pass_per_file() {
    let out = common::run("game", &["cs188", &data("q2/0-small-tree.test"), &data("q4/0-expectimax1.test")], 0);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 3, "{out}");
    assert!(
        lines[0].starts_with("PASS ")
            && lines[0].contains("0-small-tree.test")
            && lines[0].contains("minimax: pacLeft")
    );
    assert!(lines[1].starts_with("PASS ") && lines[1].contains("expectimax"));
    assert_eq!(lines[2], "2 passed, 0 failed");
}

#[test]
fn a_wrong_solution_fails_with_exit_1() {
    let dir = common::scratch("game-test-wrong");
    let test = std::fs::read_to_string(data("q3/6-tied-root.test")).unwrap();
    std::fs::write(dir.join("tied.test"), &test).unwrap();
    // The right move, but generated states of a non-strict cut (C missing) and a wrong move.
    std::fs::write(dir.join("tied.solution"), "action: \"Right\"\ngenerated: \"A B max min1 min2\"\n").unwrap();
    let tied = dir.join("tied.test").display().to_string();
    let out = common::run("game", &["cs188", &tied, &data("q3/0-small-tree.test")], 1);
    assert!(out.starts_with("FAIL "), "{out}");
    assert!(out.contains("move Left, expected Right"), "{out}");
    assert!(out.contains("generated too: [C], never generated: []"), "{out}");
    assert!(out.ends_with("1 passed, 1 failed\n"), "{out}");
    let v = common::json("game", &["cs188", &tied], 1);
    assert_eq!((v["passed"].as_u64(), v["failed"].as_u64()), (Some(0), Some(1)));
    assert_eq!(v["files"][0]["passed"], false);
    assert_eq!(
        (v["files"][0]["action"].as_str(), v["files"][0]["expected_action"].as_str()),
        (Some("Left"), Some("Right"))
    );
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn bad_input_names_file_line_and_column() {
    let dir = common::scratch("game-test-bad");
    let test = std::fs::read_to_string(data("q2/0-small-tree.test")).unwrap();
    std::fs::write(dir.join("bad.test"), test.replace("depth: \"3\"", "depth: \"three\"")).unwrap();
    std::fs::copy(data("q2/0-small-tree.solution"), dir.join("bad.solution")).unwrap();
    let bad = dir.join("bad.test").display().to_string();
    let err = common::bad_input("game", &["cs188", &bad]);
    assert!(err.contains("bad.test:3:9: `depth`: expected a whole number"), "{err}");
    // No solution beside the test, a missing file, an empty folder, a Pacman test.
    std::fs::remove_file(dir.join("bad.solution")).unwrap();
    std::fs::write(dir.join("bad.test"), &test).unwrap();
    assert!(common::bad_input("game", &["cs188", &bad]).contains("bad.solution"));
    let missing = common::bad_input("game", &["cs188", "no/such.test"]);
    assert!(missing.contains("no/such.test") && missing.contains("No such file"), "{missing}");
    // A test file under another name is read as it is, and named as it is.
    let txt = common::scratch("game-test-txt").join("empty.txt");
    std::fs::write(&txt, "").unwrap();
    let err = common::bad_input("game", &["cs188", txt.to_str().unwrap()]);
    assert!(err.contains("empty.txt:") && !err.contains("empty.test"), "{err}");
    let empty = common::scratch("game-test-empty").display().to_string();
    assert!(common::bad_input("game", &["cs188", &empty]).contains("no `*.test` files"));
    std::fs::write(dir.join("pac.test"), "class: \"PacmanGameTreeTest\"\n").unwrap();
    let pac = dir.join("pac.test").display().to_string();
    assert!(common::bad_input("game", &["cs188", &pac]).contains("pac.test:1:9: expected class `GraphGameTreeTest`"));
    common::bad_input("game", &["cs188"]);
    std::fs::remove_dir_all(dir).unwrap();
    std::fs::remove_dir_all(empty).unwrap();
}

/// A test whose two states lead to each other by two moves each: 2^(2 × depth) paths.
fn cycle_test(dir: &std::path::Path, depth: u32) -> String {
    let test = dir.join("cycle.test");
    std::fs::write(
        &test,
        format!(
            "class: \"GraphGameTreeTest\"\nalg: \"AlphaBetaAgent\"\ndepth: \"{depth}\"\nnum_agents: \"2\"\n\
             start_state: \"a\"\nwin_states: \"\"\nlose_states: \"\"\nsuccessors: \"\"\"\na x b\na z b\nb y a\nb w a\n\"\"\"\n\
             evaluation: \"\"\"\na 1.0\nb 2.0\n\"\"\"\n"
        ),
    )
    .unwrap();
    std::fs::write(dir.join("cycle.solution"), "action: \"x\"\ngenerated: \"a b\"\n").unwrap();
    test.display().to_string()
}

#[test]
fn a_tree_too_big_to_search_stops_at_the_limits() {
    let dir = common::scratch("game-test-cycle");
    let test = cycle_test(&dir, 40);
    let v = common::json("game", &["cs188", &test, "--timeout", "0.3"], 1);
    assert_eq!(v["files"][0]["stop_reason"], "timeout", "{v}");
    assert_eq!((v["passed"].as_u64(), v["failed"].as_u64()), (Some(0), Some(1)));
    let out = common::run("game", &["cs188", &test, "--max-nodes", "1000"], 1);
    assert!(out.contains("stopped (node limit reached) after 1000 nodes expanded"), "{out}");
    // As deep as the reader goes, the search runs on its own stack, not the thread's.
    let deep = cycle_test(&dir, 5_000);
    let out = common::run("game", &["cs188", &deep, "--max-nodes", "20000"], 1);
    assert!(out.contains("stopped (node limit reached)"), "{out}");
    // Deeper is refused where the depth is written.
    let deeper = cycle_test(&dir, 100_000);
    let stderr = common::bad_input("game", &["cs188", &deeper]);
    assert!(stderr.contains("cycle.test:3:9: `depth` × `num_agents` is 200000 moves; at most 10000"), "{stderr}");
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn pacman_grade_stops_a_game_tree_test_at_the_limits() {
    // The same tree as a CS188 question folder.
    let dir = common::scratch("game-test-grade-cycle");
    let q = dir.join("q9");
    std::fs::create_dir_all(&q).unwrap();
    std::fs::write(q.join("CONFIG"), "max_points: \"1\"\nclass: \"PassAllTestsQuestion\"\n").unwrap();
    cycle_test(&q, 40);
    let out = common::delve().args(["pacman", "grade"]).arg(&q).args(["--timeout", "0.3", "--json"]).output().unwrap();
    assert_eq!(out.status.code(), Some(1), "{}", String::from_utf8_lossy(&out.stderr));
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["stop_reason"], "timeout", "{v}");
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn solve_prints_value_move_visits_and_cuts() {
    // Figure 5.2's tree, counted by hand: minimax visits all 13 nodes (9 leaves); alpha-beta
    // stops a2's MIN node at its first leaf, 2 < alpha = 3, and never visits c2 or c3.
    let out = common::run("game", &["solve", &tree("figure-5-2.tree"), "--explain"], 0);
    assert_eq!(
        out.lines().collect::<Vec<_>>(),
        [
            "value 3, best move a1",
            "              nodes  leaves",
            "minimax          13       9",
            "alpha-beta       11       7  (strict cuts)",
            "b = 3, m = 2: minimax's work grows as b^m = 9, alpha-beta's at best as b^(m/2) = 3",
            "pruned branches (1):",
            "  at a2, a MIN node: value 2 < alpha 3, so moves c2 c3 are pruned",
        ]
    );
    // Without --explain, no cuts.
    let out = common::run("game", &["solve", &tree("figure-5-2.tree")], 0);
    assert!(!out.contains("pruned"), "{out}");
}

#[test]
fn solve_json_has_the_comparison_and_both_forms_agree() {
    let v = common::json("game", &["solve", &tree("figure-5-2.tree"), "--explain"], 0);
    assert_eq!((v["algorithm"].as_str(), v["solved"].as_bool()), (Some("minimax+alphabeta"), Some(true)));
    assert_eq!((v["value"].as_f64(), v["best_move"].as_str()), (Some(3.0), Some("a1")));
    assert_eq!((v["minimax"]["nodes"].as_u64(), v["alpha_beta"]["nodes"].as_u64()), (Some(13), Some(11)));
    assert_eq!((v["b"].as_u64(), v["m"].as_u64()), (Some(3), Some(2)));
    assert_eq!((v["b_pow_m"].as_f64(), v["b_pow_half_m"].as_f64()), (Some(9.0), Some(3.0)));
    assert_eq!(v["prune"], "strict");
    let cut = &v["cuts"][0];
    assert_eq!((cut["path"][0].as_str(), cut["node"].as_str()), (Some("a2"), Some("min")));
    assert_eq!(
        (cut["bound"].as_str(), cut["bound_value"].as_f64(), cut["value"].as_f64()),
        (Some("alpha"), Some(3.0), Some(2.0))
    );
    assert_eq!(cut["pruned"], serde_json::json!(["c2", "c3"]));
    // The JSON form of the same tree, and the text form named as such, give the same report.
    let json = common::json("game", &["solve", &tree("figure-5-2.json"), "--explain"], 0);
    assert_eq!(common::untimed(json), common::untimed(v.clone()));
    let dir = common::scratch("game-solve-forms");
    let renamed = dir.join("figure.json.txt");
    std::fs::copy(tree("figure-5-2.json"), &renamed).unwrap();
    let named = common::json("game", &["solve", renamed.to_str().unwrap(), "--format", "json", "--explain"], 0);
    assert_eq!(common::untimed(named), common::untimed(v.clone()));
    std::fs::remove_dir_all(dir).unwrap();
    // No cuts asked for, no key.
    let plain = common::json("game", &["solve", &tree("figure-5-2.tree")], 0);
    assert!(plain.get("cuts").is_none(), "{plain}");
}

#[test]
fn solve_non_strict_cuts_on_ties() {
    // tied.tree: c1 = 3 ties alpha = 3. The textbook's `v <= alpha` stops there (11 nodes),
    // CS188's `v < alpha` does not (13, all of them); the value and move are the same.
    let strict = common::json("game", &["solve", &tree("tied.tree")], 0);
    let loose = common::json("game", &["solve", &tree("tied.tree"), "--prune", "non-strict", "--explain"], 0);
    assert_eq!((strict["alpha_beta"]["nodes"].as_u64(), loose["alpha_beta"]["nodes"].as_u64()), (Some(13), Some(11)));
    assert_eq!(
        (strict["value"].clone(), strict["best_move"].clone()),
        (loose["value"].clone(), loose["best_move"].clone())
    );
    assert_eq!(loose["prune"], "non-strict");
    let out = common::run("game", &["solve", &tree("tied.tree"), "--prune", "non-strict", "--explain"], 0);
    assert!(out.contains("  at a2, a MIN node: value 3 = alpha 3, so moves c2 c3 are pruned"), "{out}");
}

#[test]
fn solve_reads_a_cs188_test_without_its_solution_and_stdin() {
    // The test alone in a folder: no `*.solution` beside it. Its solution's move is Left.
    let dir = common::scratch("game-solve-cs188");
    let test = dir.join("tied.test");
    std::fs::copy(data("q3/6-tied-root.test"), &test).unwrap();
    let v = common::json("game", &["solve", test.to_str().unwrap()], 0);
    assert_eq!((v["value"].as_f64(), v["best_move"].as_str()), (Some(10.0), Some("Left")));
    // Its solution lists 6 states generated, the root included: the strict rule's nodes.
    assert_eq!(v["alpha_beta"]["nodes"].as_u64(), Some(6));
    std::fs::remove_dir_all(dir).unwrap();
    // stdin is read as the text form unless told.
    let out =
        common::delve().args(["game", "solve", "-", "--json"]).write_stdin("(a: (3 5) b: (2 9 7))").output().unwrap();
    assert_eq!(out.status.code(), Some(0));
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!((v["best_move"].as_str(), v["alpha_beta"]["nodes"].as_u64()), (Some("a"), Some(6)));
    let out =
        common::delve().args(["game", "solve", "-", "--format", "json"]).write_stdin("[3, [1, 5]]").output().unwrap();
    assert_eq!(String::from_utf8(out.stdout).unwrap().lines().next(), Some("value 3, best move 1"));
}

#[test]
fn solve_stops_at_a_limit_and_refuses_bad_input() {
    let v = common::json("game", &["solve", &tree("figure-5-2.tree"), "--max-nodes", "1"], 1);
    assert_eq!((v["solved"].as_bool(), v["stop_reason"].as_str()), (Some(false), Some("node_limit")));
    let out = common::run("game", &["solve", &tree("figure-5-2.tree"), "--max-nodes", "1"], 1);
    assert!(out.starts_with("stopped (node limit reached)\n"), "{out}");
    let dir = common::scratch("game-solve-bad");
    let bad = dir.join("bad.tree");
    std::fs::write(&bad, "(a1: (3 12 8)\n a2: (2 four 6))\n").unwrap();
    let err = common::bad_input("game", &["solve", bad.to_str().unwrap()]);
    assert!(err.contains("bad.tree:2:9: expected a number (a leaf's value), `(` or `label:`, found `four`"), "{err}");
    let bad_json = dir.join("bad.json");
    std::fs::write(&bad_json, "[{\"a1\": [3, 12]},\n {\"a1\": [2]}]").unwrap();
    let err = common::bad_input("game", &["solve", bad_json.to_str().unwrap()]);
    assert!(err.contains("bad.json:2:13: move `a1` given twice at this node"), "{err}");
    let big = dir.join("big.tree");
    std::fs::write(&big, format!("({})", "1 ".repeat(600_000))).unwrap();
    let err = common::bad_input("game", &["solve", big.to_str().unwrap()]);
    assert!(err.contains("big.tree: larger than the input limit of 1"), "{err}");
    assert!(common::bad_input("game", &["solve", "no/such.tree"]).contains("no/such.tree: No such file"));
    let err = common::bad_input("game", &["solve", &tree("figure-5-2.tree"), "--prune", "loose"]);
    assert!(err.contains("expected `strict` or `non-strict`, found `loose`"), "{err}");
    let err = common::bad_input("game", &["solve", &tree("figure-5-2.tree"), "--format", "yaml"]);
    assert!(err.contains("expected `text`, `json` or `cs188`, found `yaml`"), "{err}");
    std::fs::remove_dir_all(dir).unwrap();
}
