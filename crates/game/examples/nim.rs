//! Nim with three heaps, written once as a `ZeroSum` game: the negamax engine (transposition
//! table, iterative deepening) runs on it directly, and `TwoPlayer` makes it a `Game` for
//! minimax, alpha-beta and expectimax (with and without a depth cut-off). Whoever takes the
//! last stick wins.
//!
//! Run: `cargo run --release -p delve-game --example nim`

use delve_core::{Limits, NoObserver};
use delve_game::{Negamax, NegamaxOptions, TwoPlayer, ZeroSum, alpha_beta, expectimax, minimax};

/// Take `.1` sticks from heap `.0`.
type Take = (usize, u8);

struct Nim;

impl ZeroSum for Nim {
    /// The heaps (the side to move is implicit; values are for it).
    type Position = [u8; 3];
    type Move = Take;
    /// Every move: each heap, each amount, smallest heap index and amount first.
    fn moves(&self, p: &[u8; 3]) -> Vec<Take> {
        (0..3).flat_map(|h| (1..=p[h]).map(move |n| (h, n))).collect()
    }
    fn play(&self, p: &[u8; 3], (h, n): Take) -> [u8; 3] {
        let mut next = *p;
        next[h] -= n;
        next
    }
    /// No stick left: the other side took the last one, so the side to move has lost.
    fn terminal(&self, p: &[u8; 3]) -> Option<i32> {
        (*p == [0, 0, 0]).then_some(-1)
    }
    /// Bouton's rule: the side to move wins exactly when the heaps' XOR is not zero. Used
    /// only where a depth cut-off stops the search.
    fn evaluate(&self, p: &[u8; 3]) -> i32 {
        if p[0] ^ p[1] ^ p[2] != 0 { 1 } else { -1 }
    }
    fn key(&self, p: &[u8; 3]) -> u64 {
        u64::from(p[0]) | u64::from(p[1]) << 8 | u64::from(p[2]) << 16
    }
    fn value_bounds(&self, _: &[u8; 3]) -> (i32, i32) {
        (-1, 1)
    }
}

fn main() {
    let none = Limits::none();
    let game = TwoPlayer::new(Nim, [2, 3, 4]);
    let start = game.start();

    // Full-depth searches (`None`: play to the end); values are agent 0's.
    for (name, out) in [
        ("minimax", minimax(&game, &start, None, &none, NoObserver)),
        ("alpha-beta", alpha_beta(&game, &start, None, &none, NoObserver)),
        ("expectimax", expectimax(&game, &start, None, &none, NoObserver)),
    ] {
        let d = out.decision().expect("no limits");
        println!("{name:<11} value {:+.3}, move {:?}, {} states generated", d.value, d.action, out.stats.generated);
    }
    let best = minimax(&game, &start, None, &none, NoObserver);
    assert_eq!(best.decision().map(|d| (d.value, d.action)), Some((1.0, Some((2, 3)))));

    // One round deep (each agent moves once), then the evaluation: Bouton's rule finds the
    // same winning move from a tiny tree.
    let shallow = minimax(&game, &start, Some(1), &none, NoObserver);
    let d = shallow.decision().expect("no limits");
    assert_eq!(d.action, Some((2, 3)));
    println!("depth 1     value {:+.3}, move {:?}, {} states generated", d.value, d.action, shallow.stats.generated);

    // Heaps 3-4-5: CS188's strict cuts prune little when every payoff is ±1, while the
    // negamax engine's table merges transpositions (the same heaps reached in another order).
    let heaps = [3, 4, 5];
    let tree = alpha_beta(&TwoPlayer::new(Nim, heaps), &(heaps, 0), None, &none, NoObserver);
    let engine = Negamax::new(&Nim).solve(&heaps, &NegamaxOptions::default(), &none, NoObserver);
    let solved = engine.outcome.as_ref().expect("no limits");
    assert_eq!((tree.decision().expect("no limits").value, solved.value), (1.0, 1));
    println!("3-4-5       alpha-beta expanded {} nodes, negamax {}", tree.stats.expanded, engine.stats.expanded);

    // The engine on bigger heaps.
    let big = [5, 7, 9];
    let out = Negamax::new(&Nim).solve(&big, &NegamaxOptions::default(), &none, NoObserver);
    let solved = out.outcome.as_ref().expect("no limits");
    assert_eq!(solved.value, 1); // 5 ^ 7 ^ 9 = 11: the side to move wins
    assert!(!solved.cut_off); // the game-theoretic value
    let after = Nim.play(&big, solved.best.expect("a move"));
    assert_eq!(after[0] ^ after[1] ^ after[2], 0); // it leaves a zero XOR
    println!("negamax     {big:?}: value {}, move {:?} leaves {after:?} ({})", solved.value, solved.best, out.stats);
}
