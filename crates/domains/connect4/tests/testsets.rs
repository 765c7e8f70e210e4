//! The easy Pons test sets, solved exactly (strong and weak). The long sets are in the
//! criterion bench and `delve connect4 bench`.

use delve_connect4::{Solver, SolverConfig, testset};
use delve_core::Limits;

fn check(name: &str, text: &str, take: usize, config: SolverConfig) {
    let cases = testset::parse(text).unwrap();
    assert_eq!(cases.len(), 1000, "{name}");
    let mut solver = Solver::new(config);
    let mut nodes = 0;
    for case in cases.iter().take(take) {
        let s = solver.solve(&case.position, false, &Limits::none()).unwrap();
        assert_eq!(s.score, case.score, "{name}: {}", case.moves);
        nodes += s.nodes;
    }
    assert!(nodes > 0, "{name}: the solver searched");
    for case in cases.iter().take(take.min(200)) {
        let s = solver.solve(&case.position, true, &Limits::none()).unwrap();
        assert_eq!(s.score, case.score.signum(), "{name} weak: {}", case.moves);
    }
}

fn config() -> SolverConfig {
    SolverConfig { table_bits: 14, ..SolverConfig::default() }
}

#[test]
fn end_easy_all_exact() {
    check("Test_L3_R1", include_str!("../data/Test_L3_R1"), 1000, config());
}

#[test]
fn middle_easy_all_exact() {
    check("Test_L2_R1", include_str!("../data/Test_L2_R1"), 1000, config());
}

#[test]
fn begin_easy_all_exact() {
    check("Test_L1_R1", include_str!("../data/Test_L1_R1"), 1000, config());
}

#[test]
fn middle_medium_first_hundred_exact() {
    check("Test_L2_R2", include_str!("../data/Test_L2_R2"), 100, config());
}

#[test]
fn two_threads_agree_on_middle_easy() {
    let threads = SolverConfig { threads: 2, ..config() };
    check("Test_L2_R1", include_str!("../data/Test_L2_R1"), 300, threads);
}
