//! Local search on eight queens: a `LocalProblem` (one queen per column, minimise the
//! attacking pairs) solved by steepest-ascent hill climbing, first-choice hill climbing and
//! simulated annealing, every run seeded; and a climb without restarts that gets stuck and
//! reports the best board it held.
//!
//! Run: `cargo run --release -p delve-core --example local_search`

use delve_core::local::{
    Annealing, FirstChoice, HillClimbing, LocalProblem, Schedule, SeededRng, first_choice, hill_climbing,
    simulated_annealing,
};
use delve_core::rand::Rng as _;
use delve_core::{Limits, NoObserver, Outcome};

/// N queens, one per column: `state[c]` is the row of column `c`'s queen.
struct Queens(usize);

impl LocalProblem for Queens {
    type State = Vec<usize>;
    /// Move the queen of column `.0` to row `.1`.
    type Move = (usize, usize);

    fn random_state(&self, rng: &mut SeededRng) -> Vec<usize> {
        (0..self.0).map(|_| rng.random_range(0..self.0)).collect()
    }
    fn objective(&self, rows: &Vec<usize>) -> f64 {
        let mut pairs = 0;
        for (a, &ra) in rows.iter().enumerate() {
            for (b, &rb) in rows.iter().enumerate().skip(a + 1) {
                if ra == rb || ra.abs_diff(rb) == b - a {
                    pairs += 1;
                }
            }
        }
        f64::from(pairs)
    }
    fn is_goal(&self, rows: &Vec<usize>) -> bool {
        self.objective(rows) == 0.0
    }
    fn moves(&self, rows: &Vec<usize>, out: &mut Vec<(usize, usize)>) {
        for (c, &row) in rows.iter().enumerate() {
            out.extend((0..self.0).filter(|&r| r != row).map(|r| (c, r)));
        }
    }
    fn apply(&self, rows: &mut Vec<usize>, &(c, r): &(usize, usize)) {
        rows[c] = r;
    }
}

fn main() {
    let queens = Queens(8);
    let none = Limits::none();
    let runs = [
        ("hill climbing", hill_climbing(&queens, &HillClimbing { seed: 1, ..Default::default() }, &none, NoObserver)),
        ("first choice", first_choice(&queens, &FirstChoice { seed: 1, ..Default::default() }, &none, NoObserver)),
        (
            "annealing",
            simulated_annealing(
                &queens,
                &Annealing { seed: 1, schedule: Schedule::Exponential { t0: 2.0, alpha: 0.999 }, ..Default::default() },
                &none,
                NoObserver,
            ),
        ),
    ];
    for (name, out) in &runs {
        let board = out.solution().expect("eight queens are solvable");
        assert!(queens.is_goal(&board.states[0]));
        println!("{name:<14} rows {:?}  ({})", board.states[0], out.stats);
    }

    // No sideways moves and no restarts: the first local minimum ends the run, which reports
    // the best board it met (cost = attacking pairs) as `best_so_far`.
    let stuck = HillClimbing { seed: 1, max_sideways: 0, max_restarts: 0 };
    let out = hill_climbing(&queens, &stuck, &none, NoObserver);
    if let Outcome::Stopped { reason, best_so_far: Some(best) } = &out.outcome {
        let pairs = if best.cost == 1.0 { "pair" } else { "pairs" };
        println!("stuck: {reason}; best rows {:?} with {} attacking {pairs}", best.states[0], best.cost);
    } else {
        println!("this seed happened to climb straight to a solution");
    }
}
