//! End-to-end tests of `delve pacman`: `play` (JSON shape, seeded reproducibility, drawing,
//! replay files), `replay`, `grade` on the shipped CS188 tests, and bad input.

mod common;

/// A path under the shipped Pacman data (`crates/domains/pacman/data`, see its SOURCES.md).
fn data(path: &str) -> String {
    common::repo_path(&format!("crates/domains/pacman/data/{path}"))
}

#[test]
fn play_json_has_the_documented_fields() {
    let v = common::json("pacman", &["play", "--layout", "testClassic", "--agent", "reflex", "--games", "3"], 0);
    for key in ["games", "wins", "win_rate", "average_score", "scores", "ms_per_move"] {
        assert!(v.get(key).is_some(), "{key} missing: {v}");
    }
    assert_eq!((v["games"].as_u64(), v["wins"].as_u64(), v["win_rate"].as_f64()), (Some(3), Some(3), Some(1.0)));
    let scores: Vec<i64> = v["scores"].as_array().unwrap().iter().map(|s| s.as_i64().unwrap()).collect();
    assert_eq!(scores.len(), 3);
    // testClassic has 8 dots: a win is 80 + 500 minus one point per move.
    assert!(scores.iter().all(|&s| s > 500 && s < 580), "{scores:?}");
    let mean = scores.iter().sum::<i64>() as f64 / 3.0;
    assert!((v["average_score"].as_f64().unwrap() - mean).abs() < 1e-9);
}

#[test]
fn same_seed_same_games() {
    let args = |seed: &'static str| {
        vec![
            "play",
            "--layout",
            "smallClassic",
            "--agent",
            "expectimax",
            "--depth",
            "1",
            "--ghosts",
            "directional",
            "--games",
            "3",
            "--seed",
            seed,
        ]
    };
    let run = |seed| {
        let mut a = args(seed);
        a.push("--json");
        let out = common::delve().arg("pacman").args(&a).output().unwrap();
        let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
        v["scores"].clone()
    };
    assert_eq!(run("5"), run("5"));
    assert_ne!(run("5"), run("6"));
}

#[test]
fn a_lost_game_exits_1() {
    // trappedClassic: boxed in between two ghosts, alpha-beta (which expects the worst) runs
    // into one to end it sooner; a lost game makes the exit status 1.
    let v = common::json(
        "pacman",
        &[
            "play",
            "--layout",
            "trappedClassic",
            "--agent",
            "alphabeta",
            "--depth",
            "3",
            "--eval",
            "score",
            "--ghosts",
            "directional",
        ],
        1,
    );
    assert_eq!((v["games"].as_u64(), v["wins"].as_u64()), (Some(1), Some(0)));
    assert!(v["average_score"].as_f64().unwrap() < 0.0, "{v}");
}

#[test]
fn play_draws_the_maze_and_saves_a_replay() {
    let dir = common::scratch("pacman-test-replay");
    let file = dir.join("games.jsonl").display().to_string();
    let out = common::run(
        "pacman",
        &["play", "--layout", "testClassic", "--agent", "reflex", "--games", "2", "--seed", "4", "--replay", &file],
        0,
    );
    assert!(out.contains("%%%%%\n"), "{out}");
    assert!(out.contains("game 1 of 2, move 0, score 0"), "{out}");
    let summary: Vec<&str> = out.lines().filter(|l| l.starts_with("game 2: won, score ")).collect();
    assert_eq!(summary.len(), 1, "{out}");
    let score = summary[0].split("score ").nth(1).unwrap().split(' ').next().unwrap();
    assert_eq!(std::fs::read_to_string(&file).unwrap().lines().count(), 2);
    let shown = common::run("pacman", &["replay", &file, "--game", "2"], 0);
    assert!(shown.ends_with(&format!("testClassic: won, score {score}\n")), "{shown}");
    let err = common::bad_input("pacman", &["replay", &file, "--game", "3"]);
    assert!(err.contains("game 3 asked for, the file has 2"), "{err}");
}

#[test]
fn grade_gives_cs188s_points() {
    let out = common::run("pacman", &["grade", &data("cs188/q3")], 0);
    assert!(out.contains("*** PASS: ") && out.contains("8-pacman-game.test"), "{out}");
    assert!(out.ends_with("### Question q3: 5/5\n\nTotal: 5/5 (1 tests passed, 0 failed)\n"), "{out}");
    let v = common::json("pacman", &["grade", &data("cs188")], 0);
    // 25 of 25, plus the extra question's extra credit (its maximum is 0, as in CS188): two
    // points for the contest agent's average of 2900 or more on its five games.
    assert_eq!((v["points"].as_u64(), v["max_points"].as_u64(), v["failed"].as_u64()), (Some(27), Some(25), Some(0)));
    let names: Vec<&str> = v["questions"].as_array().unwrap().iter().map(|q| q["question"].as_str().unwrap()).collect();
    assert_eq!(names, ["q1", "q2", "q3", "q4", "extra", "q5"]);
    assert_eq!((v["questions"][4]["points"].as_u64(), v["questions"][4]["max_points"].as_u64()), (Some(2), Some(0)));
    let q1 = &v["questions"][0]["tests"][0];
    assert_eq!((q1["points"].as_u64(), q1["max_points"].as_u64()), (Some(4), Some(4)));
}

#[test]
fn a_wrong_state_count_fails_grading_with_exit_1() {
    let dir = common::scratch("pacman-test-wrong").join("q2");
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::copy(data("cs188/q2/CONFIG"), dir.join("CONFIG")).unwrap();
    std::fs::copy(data("cs188/q2/8-pacman-game.test"), dir.join("8-pacman-game.test")).unwrap();
    let solution = std::fs::read_to_string(data("cs188/q2/8-pacman-game.solution")).unwrap();
    let solution =
        solution.replacen("[[[\"West\"], 190], [[\"West\"], 127]]", "[[[\"West\"], 191], [[\"West\"], 127]]", 1);
    std::fs::write(dir.join("8-pacman-game.solution"), solution).unwrap();
    let out = common::run("pacman", &["grade", &dir.display().to_string()], 1);
    assert!(out.contains("Bug: Wrong number of states expanded (move 2: 190, accepted [191, 127])"), "{out}");
    assert!(out.contains("### Question q2: 0/5"), "{out}");
}

#[test]
fn bad_input_says_what_and_where() {
    // A 2000 × 2000 maze (it aborted, asking for 31 TB of distances): refused at once.
    let huge = std::env::temp_dir().join(format!("delve-pacman-huge-{}.lay", std::process::id()));
    let inside = format!("%{}%\n", " ".repeat(1998));
    let text = format!("{}\n%P{}%\n{}{}\n", "%".repeat(2000), " ".repeat(1997), inside.repeat(1997), "%".repeat(2000));
    std::fs::write(&huge, text).unwrap();
    let started = std::time::Instant::now();
    let err = common::bad_input("pacman", &["play", "--layout", huge.to_str().unwrap(), "--agent", "reflex"]);
    assert!(err.contains(":1:1: the maze is 2000 × 2000 = 4000000 cells; a maze may have at most 10000"), "{err}");
    assert!(started.elapsed() < std::time::Duration::from_secs(10));
    std::fs::remove_file(&huge).ok();
    // A missing file or folder: named, with the system's reason said once.
    let err = common::bad_input("pacman", &["grade", "no/such/folder"]);
    assert!(err.contains("no/such/folder") && err.contains("No such file"), "{err}");
    let err = common::bad_input("pacman", &["play", "--layout", "nosuchClassic", "--agent", "reflex"]);
    assert!(err.contains("no layout `nosuchClassic`") && err.contains("smallClassic"), "{err}");
    let dir = common::scratch("pacman-test-bad");
    let lay = dir.join("bad.lay");
    std::fs::write(&lay, "%%%%\n%P.%\n%.x%\n%%%%\n").unwrap();
    let lay = lay.display().to_string();
    let err = common::bad_input("pacman", &["play", "--layout", &lay, "--agent", "reflex"]);
    assert!(err.contains("bad.lay:3:3: unknown character 'x'"), "{err}");
    std::fs::write(dir.join("open.lay"), "%%%%\n%P. \n%%%%\n").unwrap();
    let err = common::bad_input(
        "pacman",
        &["play", "--layout", &dir.join("open.lay").display().to_string(), "--agent", "reflex"],
    );
    assert!(err.contains("open.lay:2:4"), "{err}");
    std::fs::write(dir.join("nopac.lay"), "%%%%\n%..%\n%%%%\n").unwrap();
    let err = common::bad_input(
        "pacman",
        &["play", "--layout", &dir.join("nopac.lay").display().to_string(), "--agent", "reflex"],
    );
    assert!(err.contains("no Pacman"), "{err}");
    let err = common::bad_input("pacman", &["grade", &dir.display().to_string()]);
    assert!(err.contains("no CS188 question here"), "{err}");
}
