//! The published facts of tic-tac-toe: the game-tree counts, and the empty board's value by
//! minimax and alpha-beta (a draw), with minimax visiting the whole tree.

use delve_core::{Limits, NoObserver};
use delve_game::{Game, Method, alpha_beta, expectimax, minimax, search};
use delve_tictactoe::{Board, TicTacToe, count};

#[test]
fn the_game_tree_counts() {
    let c = count();
    assert_eq!((c.games, c.x_wins, c.o_wins, c.draws), (255_168, 131_184, 77_904, 46_080));
    assert_eq!(c.positions, 5_478);
    assert_eq!(c.tree_nodes, 549_946);
}

#[test]
fn the_empty_board_is_a_draw() {
    let start = TicTacToe.initial_state();
    let mm = minimax(&TicTacToe, &start, None, &Limits::none(), NoObserver);
    assert_eq!(mm.decision().unwrap().value, 0.0);
    // Minimax creates every node but the root and expands every unfinished one.
    assert_eq!(mm.stats.generated, 549_945);
    assert_eq!(mm.stats.expanded, 549_946 - 255_168);
    assert_eq!(mm.stats.max_frontier, 9);
    let ab = alpha_beta(&TicTacToe, &start, None, &Limits::none(), NoObserver);
    assert_eq!(ab.decision(), mm.decision());
    // Strict (CS188) cuts on ±1 payoffs still skip three states in four.
    assert_eq!((ab.stats.generated, ab.stats.expanded), (146_119, 83_958));
    // AIMA's rule, cutting on ties too, generates the 18,296 states aima-python's own
    // `alphabeta_search` plays from the empty board (its moves are ours, transposed).
    let aima = search(&TicTacToe, &start, Method::AlphaBetaAima, None, &Limits::none(), NoObserver);
    assert_eq!(aima.decision(), mm.decision());
    assert_eq!(aima.stats.generated, 18_296);
}

#[test]
fn o_blocks_and_a_random_o_is_worth_more_to_x() {
    // X: 0 1, O: 4 — O (the minimiser) must block at 2, and then it is a draw.
    let b = [0, 4, 1].iter().fold(Board::empty(), |b, &c| b.play(c));
    assert_eq!(TicTacToe.to_move(&b), 1);
    for out in [
        minimax(&TicTacToe, &b, None, &Limits::none(), NoObserver),
        alpha_beta(&TicTacToe, &b, None, &Limits::none(), NoObserver),
    ] {
        assert_eq!((out.decision().unwrap().value, out.decision().unwrap().action), (0.0, Some(2)));
    }
    // Against an O that moves at random, X's expected value from the start is positive.
    let ex = expectimax(&TicTacToe, &Board::empty(), None, &Limits::none(), NoObserver);
    assert!(ex.decision().unwrap().value > 0.0);
}
