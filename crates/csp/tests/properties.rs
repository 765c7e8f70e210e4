//! Property tests: on random CSPs every solver's answers satisfy every constraint, and
//! every backtracking configuration counts exactly what brute force counts.

use delve_core::{Limits, NoObserver};
use delve_csp::{
    Config, Csp, Domain, Inference, MinConflicts, Relation, ValueOrder, VarOrder, count, min_conflicts, solve,
};
use proptest::prelude::*;
use std::sync::Arc;

#[derive(Clone, Debug)]
enum Spec {
    Bin(usize, usize, u8, i64),
    AllDiff(Vec<usize>, Vec<i64>),
    Sum(Vec<usize>, u32),
}

fn build(n: usize, domains: &[Vec<u32>], specs: &[Spec]) -> Csp {
    let mut csp = Csp::new();
    for d in domains.iter().take(n) {
        csp.add_var(Domain::from_values(d.iter().copied()));
    }
    for s in specs {
        match s {
            Spec::Bin(x, y, kind, k) => {
                let (x, y) = (x % n, y % n);
                if x == y {
                    continue;
                }
                let rel = match kind % 6 {
                    0 => Relation::Eq,
                    1 => Relation::Ne,
                    2 => Relation::Lt,
                    3 => Relation::Le,
                    4 => Relation::DiffNotIn(Arc::from([*k, -*k])),
                    _ => {
                        let m = (*k).unsigned_abs() as u32 + 2;
                        Relation::Predicate(Arc::new(move |a, b| (a + b) % m != 0))
                    }
                };
                csp.add_binary(x, y, rel).unwrap();
            }
            Spec::AllDiff(vars, offs) => {
                let mut vs: Vec<usize> = vars.iter().map(|v| v % n).collect();
                vs.sort_unstable();
                vs.dedup();
                let offs: Vec<i64> = vs.iter().enumerate().map(|(i, _)| offs.get(i).copied().unwrap_or(0)).collect();
                csp.add_all_different_offsets(&vs, &offs).unwrap();
            }
            Spec::Sum(vars, target) => {
                let mut vs: Vec<usize> = vars.iter().map(|v| v % n).collect();
                vs.sort_unstable();
                vs.dedup();
                let t = *target;
                csp.add_predicate(&vs, move |v| v.iter().sum::<u32>() <= t).unwrap();
            }
        }
    }
    csp
}

fn brute_force(csp: &Csp) -> u64 {
    let n = csp.num_vars();
    let lists: Vec<Vec<u32>> = (0..n).map(|v| csp.domain(v).iter().collect()).collect();
    if lists.iter().any(Vec::is_empty) {
        return 0;
    }
    let mut idx = vec![0usize; n];
    let mut count = 0;
    loop {
        let values: Vec<u32> = (0..n).map(|i| lists[i][idx[i]]).collect();
        count += u64::from(csp.is_solution(&values));
        let mut i = 0;
        while i < n {
            idx[i] += 1;
            if idx[i] < lists[i].len() {
                break;
            }
            idx[i] = 0;
            i += 1;
        }
        if i == n {
            return count;
        }
    }
}

fn spec() -> impl Strategy<Value = Spec> {
    prop_oneof![
        (0..6usize, 0..6usize, any::<u8>(), -3..4i64).prop_map(|(x, y, k, d)| Spec::Bin(x, y, k, d)),
        (prop::collection::vec(0..6usize, 2..5), prop::collection::vec(-2..3i64, 0..5))
            .prop_map(|(v, o)| Spec::AllDiff(v, o)),
        (prop::collection::vec(0..6usize, 2..4), 0..12u32).prop_map(|(v, t)| Spec::Sum(v, t)),
    ]
}

fn configs() -> Vec<Config> {
    let mut out = Vec::new();
    for var_order in [VarOrder::Static, VarOrder::Mrv, VarOrder::MrvDegree] {
        for value_order in [ValueOrder::Ascending, ValueOrder::Descending, ValueOrder::Lcv, ValueOrder::Shuffled] {
            for inference in [Inference::None, Inference::ForwardChecking, Inference::Mac] {
                let cfg = Config { var_order, value_order, inference, ..Config::default() };
                out.push(cfg);
                out.push(cfg.randomised(u64::from(value_order as u8) * 7 + inference as u64));
            }
        }
    }
    out
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn backtracking_agrees_with_brute_force(
        n in 1..6usize,
        domains in prop::collection::vec(prop::collection::vec(0..5u32, 1..5), 6),
        specs in prop::collection::vec(spec(), 0..7),
    ) {
        let csp = build(n, &domains, &specs);
        let expected = brute_force(&csp);
        for cfg in configs() {
            let c = count(&csp, &cfg, &Limits::none(), &mut NoObserver);
            prop_assert_eq!(c.count, expected, "{:?}", cfg);
            let one = solve(&csp, &cfg, &Limits::none(), &mut NoObserver);
            match one.solution() {
                Some(s) => prop_assert!(csp.is_solution(s), "{:?} returned {:?}", cfg, s),
                None => prop_assert_eq!(expected, 0),
            }
        }
    }

    #[test]
    fn min_conflicts_solutions_satisfy_every_constraint(
        n in 1..6usize,
        domains in prop::collection::vec(prop::collection::vec(0..5u32, 1..5), 6),
        specs in prop::collection::vec(spec(), 0..7),
        seed in any::<u64>(),
    ) {
        let csp = build(n, &domains, &specs);
        let cfg = MinConflicts { max_steps: 300, max_restarts: 3, ..MinConflicts::default() };
        let out = min_conflicts(&csp, &cfg, seed, &Limits::none(), &mut NoObserver);
        if let Some(s) = out.solution() {
            prop_assert!(csp.is_solution(s));
        } else if let delve_core::Outcome::Stopped { best_so_far: Some(best), .. } = &out.outcome {
            // Incomplete, it may miss a solution; when it gives up, the best assignment it
            // reports carries its true violation count.
            prop_assert_eq!(best.cost, csp.violations(best.goal()));
            prop_assert!(best.cost > 0);
        }
    }
}
