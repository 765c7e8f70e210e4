//! `delve game solve`'s reading of CS188 game-tree tests without their solutions: for every
//! minimax (q2) and alpha-beta (q3) test shipped in `data/cs188` (sources in its SOURCES.md),
//! the best move is the one the `*.solution` file beside it gives, by either cut rule, and
//! on q3 the strict rule's alpha-beta visits as many nodes as the solution lists states.

use delve_core::Limits;
use delve_game::cs188::Expected;
use delve_game::pruning::Prune;
use delve_game::tree::{TreeFile, TreeFormat};
use std::path::Path;

#[test]
fn every_minimax_and_alpha_beta_test_gives_its_solutions_move() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("data/cs188");
    let mut checked = 0;
    let mut counted = 0;
    for question in ["q2", "q3"] {
        let dir = root.join(question);
        let mut tests: Vec<_> = std::fs::read_dir(&dir)
            .unwrap_or_else(|e| panic!("cannot read {} ({e}); it ships with the repository", dir.display()))
            .map(|e| e.unwrap().path())
            .filter(|p| p.extension().is_some_and(|e| e == "test"))
            .collect();
        tests.sort();
        for test in &tests {
            let solution = test.with_extension("solution");
            let expected = Expected::parse("solution", &std::fs::read_to_string(&solution).unwrap())
                .unwrap_or_else(|e| panic!("{e}"));
            // Read by its name, as `delve game solve` does: no solution is looked for.
            let file = TreeFile::read(test, None).unwrap_or_else(|e| panic!("{e}"));
            assert!(matches!(file, TreeFile::Cs188(_)));
            for prune in [Prune::Strict, Prune::NonStrict] {
                let report = file.solve(prune, false, &Limits::none());
                assert!(report.solved, "{}", test.display());
                let r = &report.detail;
                assert_eq!(r.best_move.as_deref(), Some(expected.action.as_str()), "{} {prune:?}", test.display());
                assert!(r.alpha_beta.nodes <= r.minimax.nodes);
            }
            // A q3 solution lists the states alpha-beta generated, and the root: in these
            // trees every state is reached by one path, so their number is the strict rule's
            // node count.
            if question == "q3" {
                let r = file.solve(Prune::Strict, false, &Limits::none()).detail;
                assert_eq!(r.alpha_beta.nodes, expected.generated.len() as u64, "{}", test.display());
                counted += 1;
            }
            checked += 1;
        }
    }
    assert_eq!(checked, 66);
    assert_eq!(counted, 33);
}

#[test]
fn a_test_is_read_as_cs188_by_its_name_or_by_the_format_given() {
    let test = Path::new(env!("CARGO_MANIFEST_DIR")).join("data/cs188/q3/0-lecture-6-tree.test");
    let file = TreeFile::read(&test, Some(TreeFormat::Cs188)).unwrap();
    let r = file.solve(Prune::Strict, true, &Limits::none()).detail;
    // The course's lecture tree: min1 = 3, min2 = 4 (D 5, E 4, F 6), min3 stops at H = 1 < 4.
    assert_eq!((r.value, r.best_move.as_deref()), (Some(4.0), Some("Center")));
    let cuts = r.cuts.unwrap();
    assert_eq!(
        (cuts.len(), cuts[0].path.as_slice(), cuts[0].pruned.as_slice()),
        (1, &["Right".to_string()][..], &["Right".to_string()][..])
    );
    // Read as the text form, the same bytes are refused where they stop being a tree.
    let err = TreeFile::read(&test, Some(TreeFormat::Text)).unwrap_err().to_string();
    assert!(err.ends_with("0-lecture-6-tree.test:1:1: a label (`class:`) goes before a move, inside `( )`"), "{err}");
}
