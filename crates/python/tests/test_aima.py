"""AIMA compatibility: aima-python's own problems and games (aima3, its 2018 packaging), run
unchanged on delve, give aima3's own answers."""

from __future__ import annotations

import random

import pytest

aima_search = pytest.importorskip("aima3.search", reason="pip install --no-deps aima3")
aima_games = pytest.importorskip("aima3.games", reason="pip install --no-deps aima3")

import delve  # noqa: E402


class EightPuzzle(aima_search.Problem):
    """The 8-puzzle as an aima3 Problem: a state is a tuple of 9 cells, 0 the blank."""

    GOAL = (1, 2, 3, 4, 5, 6, 7, 8, 0)

    def __init__(self, initial):
        super().__init__(initial, self.GOAL)

    def actions(self, state):
        blank = state.index(0)
        moves = []
        if blank % 3 > 0:
            moves.append("L")
        if blank % 3 < 2:
            moves.append("R")
        if blank >= 3:
            moves.append("U")
        if blank < 6:
            moves.append("D")
        return moves

    def result(self, state, action):
        blank = state.index(0)
        other = blank + {"L": -1, "R": 1, "U": -3, "D": 3}[action]
        cells = list(state)
        cells[blank], cells[other] = cells[other], cells[blank]
        return tuple(cells)

    def h(self, node):
        total = 0
        for i, tile in enumerate(node.state):
            if tile:
                goal = tile - 1
                total += abs(i // 3 - goal // 3) + abs(i % 3 - goal % 3)
        return total


def scrambled(moves, seed):
    """A start `moves` random moves from the goal (no immediate undo)."""
    rng = random.Random(seed)
    p = EightPuzzle(EightPuzzle.GOAL)
    state, last = EightPuzzle.GOAL, None
    undo = {"L": "R", "R": "L", "U": "D", "D": "U"}
    for _ in range(moves):
        action = rng.choice([a for a in p.actions(state) if a != undo.get(last)])
        state, last = p.result(state, action), action
    return state


@pytest.mark.parametrize("seed", range(4))
def test_eight_puzzle_costs_equal_aima3s(seed):
    p = EightPuzzle(scrambled(14, seed))
    expected = {
        "astar": aima_search.astar_search(p).path_cost,
        "bfs": aima_search.breadth_first_search(p).path_cost,
        "ucs": aima_search.uniform_cost_search(p).path_cost,
    }
    for algo, cost in expected.items():
        report = delve.search.solve(p, algo=algo)
        assert report.cost == cost, algo
        # The actions replay to the goal under aima3's own rules.
        state = p.initial
        for action in report.solution:
            state = p.result(state, action)
        assert p.goal_test(state)
    assert delve.search.solve(p, algo="idastar").cost == expected["astar"]


def test_romania_costs_equal_aima3s():
    p = aima_search.GraphProblem("Arad", "Bucharest", aima_search.romania_map)
    for algo, search in [("astar", aima_search.astar_search), ("bfs", aima_search.breadth_first_search),
                         ("ucs", aima_search.uniform_cost_search)]:
        node = search(p)
        report = delve.search.solve(p, algo=algo)
        assert report.cost == node.path_cost, algo
        assert report.states == [n.state for n in node.path()], algo
    # The same map built into delve gives the same cheapest route.
    assert delve.search.solve(p, algo="astar").cost == delve.route.solve("Arad", "Bucharest").cost == 418


def test_n_queens_as_aima3_writes_it():
    # aima3's N-queens states are lists, which its graph searches cannot hash (they raise
    # TypeError); delve compares lists by value. Its tree searches give the cost to match.
    p = aima_search.NQueensProblem(8)
    expected = aima_search.depth_first_tree_search(p)
    for algo in ("bfs", "ucs", "astar", "dfs", "iddfs"):
        report = delve.search.solve(p, algo=algo, heuristic=lambda s: 0)
        assert report.cost == expected.path_cost == 8, algo
        assert p.goal_test(report.states[-1]), algo


def minimax_value(game, state, player):
    """Plain minimax, written here, as the oracle for values."""
    if game.terminal_test(state):
        return game.utility(state, player)
    values = [minimax_value(game, game.result(state, a), player) for a in game.actions(state)]
    return max(values) if game.to_move(state) == player else min(values)


def tictactoe_positions():
    game = aima_games.TicTacToe()
    start = game.initial
    yield game, start
    yield game, game.result(start, (2, 2))
    yield game, game.result(game.result(start, (1, 1)), (2, 2))
    yield game, game.result(game.result(game.result(start, (1, 1)), (3, 3)), (1, 3))


class CountingTicTacToe(aima_games.TicTacToe):
    """TicTacToe that counts the states it creates."""

    created = 0

    def result(self, state, move):
        CountingTicTacToe.created += 1
        return super().result(state, move)


@pytest.mark.parametrize("index", range(4))
def test_tictactoe_moves_and_values_equal_aima3s(index):
    game, state = list(tictactoe_positions())[index]
    counting = CountingTicTacToe()
    CountingTicTacToe.created = 0
    move = aima_games.alphabeta_search(state, counting)
    aima_states = CountingTicTacToe.created
    report = delve.game.alphabeta(game, state)
    assert report.action == move
    assert report.value == minimax_value(game, state, game.to_move(state))
    # AIMA's cut rule: the very states aima3 creates.
    assert report.stats.generated == aima_states
    # CS188's strict rule and plain minimax agree on the move and the value.
    for other in (delve.game.alphabeta(game, state, strict=True), delve.game.minimax(game, state)):
        assert (other.action, other.value) == (move, report.value)
    if index > 0:  # aima3's plain minimax takes seconds from the empty board
        assert aima_games.minimax_decision(state, game) == move


def test_fig52_game():
    game = aima_games.Fig52Game()
    for state in ("A", "B", "C", "D"):
        report = delve.game.alphabeta(game, state)
        assert report.action == aima_games.alphabeta_search(state, game)
        assert report.action == aima_games.minimax_decision(state, game)
        assert report.value == minimax_value(game, state, game.to_move(state))
    assert delve.game.alphabeta(game, "A").value == 3
