//! Measures solver configurations on a Pons test file (the experiments behind
//! BENCHMARKS.md): `cargo run --release -p delve-connect4 --example tune -- FILE N BITS DEEP_BITS SPLIT TWO_WAY MIRROR ETC THREADS`
//! (booleans as 0/1). Prints `positions exact mean_micros mean_nodes max_micros`.

use delve_connect4::{Position, Solver, SolverConfig, testset};
use delve_core::Limits;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.len() != 9 {
        eprintln!("usage: tune FILE N BITS DEEP_BITS SPLIT TWO_WAY MIRROR ETC THREADS");
        std::process::exit(2);
    }
    let num = |i: usize| args[i].parse::<usize>().unwrap_or_else(|e| panic!("argument {i}: {e}"));
    // `pos:MOVES` solves one position (score unknown: printed) instead of reading a file.
    let cases = match args[0].strip_prefix("pos:") {
        Some(moves) => {
            let position = Position::parse(moves).unwrap_or_else(|e| panic!("{e}"));
            vec![testset::TestCase { moves: moves.to_string(), position, score: 0 }]
        }
        None => {
            let text = std::fs::read_to_string(&args[0]).unwrap_or_else(|e| panic!("{}: {e}", args[0]));
            testset::parse(&text).unwrap_or_else(|e| panic!("{e}"))
        }
    };
    let config = SolverConfig {
        table_bits: num(2) as u32,
        deep_bits: num(3) as u32,
        split: num(4) as u32,
        two_way: num(5) == 1,
        mirror: num(6) == 1,
        etc: num(7) == 1,
        threads: num(8),
    };
    let mut solver = Solver::new(config);
    let (mut exact, mut micros, mut nodes, mut max) = (0, 0u128, 0u64, 0u128);
    let n = num(1).min(cases.len());
    for case in &cases[..n] {
        let s = solver.solve(&case.position, false, &Limits::none()).unwrap_or_else(|e| panic!("{e:?}"));
        exact += usize::from(s.score == case.score);
        if args[0].starts_with("pos:") {
            println!("score {} nodes {} micros {}", s.score, s.nodes, s.elapsed.as_micros());
            let start = std::time::Instant::now();
            let best =
                solver.best_move(&case.position, s.score, false, &Limits::none()).unwrap_or_else(|e| panic!("{e:?}"));
            println!("best column {} found in {} micros", best + 1, start.elapsed().as_micros());
        }
        micros += s.elapsed.as_micros();
        max = max.max(s.elapsed.as_micros());
        nodes += s.nodes;
    }
    println!("{n} {exact} {:.1} {:.1} {max}", micros as f64 / n as f64, nodes as f64 / n as f64);
}
