//! Every CS188 `GraphGameTreeTest` shipped in `data/cs188` (sources in its SOURCES.md):
//! minimax (q2), alpha-beta (q3) and expectimax (q4) give the solution's move and exactly its
//! set of generated states.

use delve_core::Limits;
use delve_game::Method;
use delve_game::cs188::check;
use std::path::Path;

#[test]
fn every_graph_game_tree_test_passes() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("data/cs188");
    let mut counts = Vec::new();
    let mut failures = Vec::new();
    for (question, method) in [("q2", Method::Minimax), ("q3", Method::AlphaBeta), ("q4", Method::Expectimax)] {
        let dir = root.join(question);
        let mut tests: Vec<_> = std::fs::read_dir(&dir)
            .unwrap_or_else(|e| panic!("cannot read {} ({e}); it ships with the repository", dir.display()))
            .map(|e| e.unwrap().path())
            .filter(|p| p.extension().is_some_and(|e| e == "test"))
            .collect();
        tests.sort();
        for test in &tests {
            let verdict = check(test, &Limits::none()).unwrap_or_else(|e| panic!("{e}"));
            assert_eq!(verdict.method, method, "{}", test.display());
            assert_eq!(verdict.question.as_deref(), Some(question));
            if !verdict.passed() {
                failures.push(format!(
                    "{}: action {:?} (expected {}), generated {:?} (expected {:?})",
                    test.display(),
                    verdict.run.action,
                    verdict.expected.action,
                    verdict.run.generated,
                    verdict.expected.generated
                ));
            }
        }
        counts.push(tests.len());
    }
    assert!(failures.is_empty(), "{} failed:\n{}", failures.len(), failures.join("\n"));
    assert_eq!(counts, [33, 33, 16]);
}
