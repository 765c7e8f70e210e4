//! Nim with three heaps, written twice: as a `Game` for minimax, alpha-beta and expectimax
//! (with and without a depth cut-off), and as a `ZeroSum` game for the negamax engine with
//! its transposition table and iterative deepening. Whoever takes the last stick wins.
//!
//! Run: `cargo run --release -p delve-game --example nim`

use delve_core::{Limits, NoObserver};
use delve_game::{Game, Negamax, NegamaxOptions, ZeroSum, alpha_beta, expectimax, minimax};

/// The heaps and the agent to move (0 or 1).
type State = ([u8; 3], usize);
/// Take `.1` sticks from heap `.0`.
type Take = (usize, u8);

struct Nim {
    heaps: [u8; 3],
}

/// Every move of a position: each heap, each amount, smallest heap index and amount first.
fn takes(heaps: &[u8; 3]) -> Vec<Take> {
    (0..3).flat_map(|h| (1..=heaps[h]).map(move |n| (h, n))).collect()
}

fn take(heaps: &[u8; 3], (h, n): Take) -> [u8; 3] {
    let mut next = *heaps;
    next[h] -= n;
    next
}

impl Game for Nim {
    type State = State;
    type Action = Take;
    fn num_agents(&self) -> usize {
        2
    }
    fn initial_state(&self) -> State {
        (self.heaps, 0)
    }
    fn to_move(&self, s: &State) -> usize {
        s.1
    }
    fn actions(&self, s: &State) -> Vec<Take> {
        takes(&s.0)
    }
    fn result(&self, s: &State, t: &Take) -> State {
        (take(&s.0, *t), 1 - s.1)
    }
    fn is_terminal(&self, s: &State) -> bool {
        s.0 == [0, 0, 0]
    }
    /// The agent who just moved took the last stick and won.
    fn utility(&self, s: &State, agent: usize) -> f64 {
        if s.1 == agent { -1.0 } else { 1.0 }
    }
    /// Bouton's rule: the side to move wins exactly when the heaps' XOR is not zero. Used
    /// only where a depth cut-off stops the search.
    fn evaluate(&self, s: &State) -> f64 {
        let to_move_wins = s.0[0] ^ s.0[1] ^ s.0[2] != 0;
        if to_move_wins == (s.1 == 0) { 1.0 } else { -1.0 }
    }
}

/// The same game in the negamax form: a position is just the heaps (the side to move is
/// implicit) and values are for the side to move.
impl ZeroSum for Nim {
    type Position = [u8; 3];
    type Move = Take;
    fn moves(&self, p: &[u8; 3]) -> Vec<Take> {
        takes(p)
    }
    fn play(&self, p: &[u8; 3], t: Take) -> [u8; 3] {
        take(p, t)
    }
    /// No stick left: the other side took the last one, so the side to move has lost.
    fn terminal(&self, p: &[u8; 3]) -> Option<i32> {
        (*p == [0, 0, 0]).then_some(-1)
    }
    fn evaluate(&self, _: &[u8; 3]) -> i32 {
        0
    }
    fn key(&self, p: &[u8; 3]) -> u64 {
        u64::from(p[0]) | u64::from(p[1]) << 8 | u64::from(p[2]) << 16
    }
    fn value_bounds(&self, _: &[u8; 3]) -> (i32, i32) {
        (-1, 1)
    }
}

fn main() {
    let nim = Nim { heaps: [2, 3, 4] };
    let start = nim.initial_state();
    let none = Limits::none();

    // Full-depth searches (`None`: play to the end).
    for (name, out) in [
        ("minimax", minimax(&nim, &start, None, &none, NoObserver)),
        ("alpha-beta", alpha_beta(&nim, &start, None, &none, NoObserver)),
        ("expectimax", expectimax(&nim, &start, None, &none, NoObserver)),
    ] {
        let d = out.decision().expect("no limits");
        println!("{name:<11} value {:+.3}, move {:?}, {} states generated", d.value, d.action, out.stats.generated);
    }
    let best = minimax(&nim, &start, None, &none, NoObserver);
    assert_eq!(best.decision().map(|d| (d.value, d.action)), Some((1.0, Some((2, 3)))));

    // One round deep (each agent moves once), then the evaluation: Bouton's rule finds the
    // same winning move from a tiny tree.
    let shallow = minimax(&nim, &start, Some(1), &none, NoObserver);
    let d = shallow.decision().expect("no limits");
    assert_eq!(d.action, Some((2, 3)));
    println!("depth 1     value {:+.3}, move {:?}, {} states generated", d.value, d.action, shallow.stats.generated);

    // The negamax engine on bigger heaps: its table merges transpositions (the same heaps
    // reached in another order), which the tree searches above visit again and again.
    let big = Nim { heaps: [5, 7, 9] };
    let mut engine = Negamax::new(&big, 16);
    let out = engine.solve(&big.heaps, &NegamaxOptions::default(), &none, NoObserver);
    let solved = out.outcome.as_ref().expect("no limits");
    assert_eq!(solved.value, 1); // 5 ^ 7 ^ 9 = 11: the side to move wins
    assert!(!solved.cut_off); // the game-theoretic value
    let after = big.play(&big.heaps, solved.best.expect("a move"));
    assert_eq!(after[0] ^ after[1] ^ after[2], 0); // it leaves a zero XOR
    println!(
        "negamax     [5, 7, 9]: value {}, move {:?} leaves {:?} ({})",
        solved.value, solved.best, after, out.stats
    );
}
