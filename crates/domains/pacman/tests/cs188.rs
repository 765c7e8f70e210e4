//! CS188's own Pacman grading tests (shipped in `data/cs188`, see data/SOURCES.md): the
//! `8-pacman-game` game-tree tests of q2 (minimax), q3 (alpha-beta) and `7-pacman-game` of q4
//! (expectimax) pass move for move, with the autograder's distinct-state counts.

use delve_core::Limits;
use delve_pacman::grade::grade_test;
use std::path::Path;

fn data(path: &str) -> std::path::PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("data/cs188").join(path)
}

fn check(path: &str, first_counts: &[i64]) {
    let out = grade_test(&data(path), &Limits::none()).unwrap_or_else(|e| panic!("{e}"));
    assert!(out.passed, "{path}: {:?}", out.messages);
    assert_eq!(out.numbers.len(), 146, "{path}: one count per Pacman move");
    assert_eq!(&out.numbers[..first_counts.len()], first_counts, "{path}");
}

#[test]
fn minimax_pacman_game() {
    check("q2/8-pacman-game.test", &[59, 190, 190, 120]);
}

#[test]
fn alpha_beta_pacman_game() {
    check("q3/8-pacman-game.test", &[]);
}

#[test]
fn expectimax_pacman_game() {
    check("q4/7-pacman-game.test", &[59, 190, 190, 120]);
}

#[test]
fn eval_agent_tests_earn_full_points() {
    // q1: reflex on openClassic, q5: expectimax + better on smallClassic, 10 games each.
    for (path, points) in [("q1/grade-agent.test", 4), ("q5/grade-agent.test", 6)] {
        let out = grade_test(&data(path), &Limits::none()).unwrap_or_else(|e| panic!("{e}"));
        assert!(out.passed, "{path}: {:?}", out.messages);
        assert_eq!((out.points, out.max_points), (points, points), "{path}: {:?}", out.messages);
        assert_eq!(out.numbers.len(), 10);
        assert!(out.numbers.iter().all(|&s| s > 1000), "{path}: {:?}", out.numbers);
    }
}

#[test]
fn a_raised_cancel_flag_stops_a_graded_game() {
    use delve_pacman::grade::GradeError;
    let cancel = Limits::none().cancel_flag(std::sync::Arc::new(std::sync::atomic::AtomicBool::new(true)));
    for path in ["q2/8-pacman-game.test", "q1/grade-agent.test"] {
        let out = grade_test(&data(path), &cancel);
        assert!(matches!(out, Err(GradeError::Stopped(delve_core::StopReason::Cancelled))), "{path}: {out:?}");
    }
}
