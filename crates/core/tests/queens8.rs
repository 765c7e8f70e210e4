//! 8-queens in the incremental formulation: queens are placed column by column,
//! each only on a row no earlier queen attacks; every placement costs 1. Solved by uniform-cost
//! search and by iterative lengthening, and checked by an independent validator.

use delve_core::uninformed::{ils, ucs};
use delve_core::{Limits, NoObserver, Observer, Problem, Solution};

/// The incremental 8-queens problem; a state lists the rows of the queens placed so far.
struct Queens8;

impl Queens8 {
    fn safe(rows: &[u8], row: u8) -> bool {
        let col = rows.len();
        rows.iter().enumerate().all(|(c, &r)| r != row && (col - c) != usize::from(r.abs_diff(row)))
    }
}

impl Problem for Queens8 {
    type State = Vec<u8>;
    type Action = u8;
    type Cost = u32;

    fn initial_state(&self) -> Vec<u8> {
        Vec::new()
    }
    fn is_goal(&self, rows: &Vec<u8>) -> bool {
        rows.len() == 8
    }
    fn expand(&self, state: &Self::State, out: &mut Vec<delve_core::Successor<Self::State, Self::Action, Self::Cost>>) {
        delve_core::expand_by_actions(self, state, out)
    }
}

impl delve_core::Actions for Queens8 {
    fn actions(&self, rows: &Vec<u8>) -> Vec<u8> {
        if rows.len() == 8 { Vec::new() } else { (0..8).filter(|&r| Self::safe(rows, r)).collect() }
    }
    fn result(&self, rows: &Vec<u8>, row: &u8) -> Vec<u8> {
        let mut next = rows.clone();
        next.push(*row);
        next
    }
    fn step_cost(&self, _: &Vec<u8>, _: &u8) -> u32 {
        1
    }
}

/// Independent check on the board itself: 8 queens on an 8x8 board, no two sharing a row,
/// a column or a diagonal.
fn non_attacking(rows: &[u8]) -> bool {
    let queens: Vec<(i32, i32)> = rows.iter().enumerate().map(|(c, &r)| (c as i32, i32::from(r))).collect();
    rows.len() == 8
        && queens.iter().all(|&(_, r)| (0..8).contains(&r))
        && queens.iter().enumerate().all(|(i, &(c1, r1))| {
            queens[i + 1..].iter().all(|&(c2, r2)| r1 != r2 && c1 != c2 && (r1 - r2).abs() != (c1 - c2).abs())
        })
}

fn check(sol: &Solution<Vec<u8>, u8, u32>) {
    assert_eq!(sol.cost, 8);
    assert_eq!(sol.len(), 8);
    assert_eq!(sol.states.first(), Some(&Vec::new()));
    assert_eq!(sol.goal(), &sol.actions);
    assert!(non_attacking(sol.goal()), "attacking placement {:?}", sol.goal());
}

#[test]
fn uniform_cost_search_places_eight_queens() {
    let out = ucs(&Queens8, &Limits::none(), &mut NoObserver);
    check(out.solution().expect("8-queens has solutions"));
}

#[test]
fn iterative_lengthening_places_eight_queens() {
    struct Bounds(Vec<u32>);
    impl Observer<Vec<u8>, u32> for Bounds {
        fn on_event(
            &mut self,
            event: &delve_core::Event<'_, Vec<u8>, u32>,
            _: &delve_core::Live,
        ) -> delve_core::Control {
            if let delve_core::Event::Iteration { bound, .. } = event {
                let delve_core::Bound::Cost(b) = bound else { panic!("iterative lengthening reports its cost limit") };
                self.0.push(*b);
            }
            delve_core::Control::Continue
        }
    }
    let mut bounds = Bounds(Vec::new());
    let out = ils(&Queens8, &Limits::none(), &mut bounds);
    check(out.solution().expect("8-queens has solutions"));
    assert_eq!(bounds.0, (0..=8).collect::<Vec<_>>());
    assert_eq!(out.stats.max_frontier, 9); // the root and eight placements
}

#[test]
fn validator_rejects_attacks() {
    assert!(non_attacking(&[0, 4, 7, 5, 2, 6, 1, 3]));
    assert!(!non_attacking(&[0, 4, 7, 5, 2, 6, 3, 1]));
    assert!(!non_attacking(&[0, 2, 4, 6, 1, 3, 5]));
}
