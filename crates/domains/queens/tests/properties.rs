//! Property tests: min-conflicts, hill climbing and CSP backtracking answers always satisfy
//! every constraint (checked by the independent checker and by the CSP model itself).

use delve_core::{Limits, NoObserver};
use delve_csp::{Config, ValueOrder, solve as csp_solve};
use delve_queens::{Algorithm, Found, McOutcome, attacking_pairs, csp_model, min_conflicts, solve, verify};
use proptest::prelude::*;

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    fn min_conflicts_placements_are_valid(n in 4usize..400, seed in any::<u64>()) {
        let out = min_conflicts(n, seed, &Limits::none(), NoObserver);
        let McOutcome::Solved(rows) = out.outcome else { panic!("N = {n} unsolved") };
        prop_assert_eq!(verify(n, &rows), Ok(()));
        prop_assert_eq!(attacking_pairs(&rows), 0);
    }

    #[test]
    fn backtracking_placements_satisfy_the_csp(n in 4usize..40, lcv in any::<bool>()) {
        let csp = csp_model(n);
        for cfg in [Config::mrv_fc(), Config::mac()] {
            let cfg = if lcv { cfg.with_values(ValueOrder::Lcv) } else { cfg };
            let out = csp_solve(&csp, &cfg, &Limits::none(), NoObserver);
            let rows = out.solution().expect("N ≥ 4 is solvable");
            prop_assert!(csp.is_solution(rows));
            prop_assert_eq!(verify(n, rows), Ok(()));
        }
    }

    #[test]
    fn hill_climbing_placements_are_valid(n in 4usize..14, seed in any::<u64>()) {
        for algo in [Algorithm::Hc, Algorithm::HcRestart, Algorithm::Sa] {
            let r = solve(n, algo, seed, &Limits::none(), NoObserver).unwrap();
            let Found::Solved(rows) = r.found else { panic!("{algo} N = {n} unsolved") };
            prop_assert_eq!(verify(n, &rows), Ok(()));
        }
    }
}
