"""delve.game on small games written here: expectimax, depth cut-offs, limits, errors."""

from __future__ import annotations

import pytest

import delve


class Nim:
    """Nim on heaps (a tuple); whoever takes the last object wins. State: (heaps, player)."""

    def actions(self, state):
        heaps, _ = state
        return [(i, k) for i, h in enumerate(heaps) for k in range(1, h + 1)]

    def result(self, state, move):
        heaps, player = state
        i, k = move
        return (heaps[:i] + (heaps[i] - k,) + heaps[i + 1:], 1 - player)

    def terminal_test(self, state):
        return sum(state[0]) == 0

    def to_move(self, state):
        return state[1]

    def utility(self, state, player):
        # The player who just moved took the last object.
        return 1 if state[1] != player else -1


def test_nim_values_follow_the_xor_rule():
    nim = Nim()
    for heaps in [(1, 2), (1, 2, 3), (2, 3), (1, 1, 1), (3, 4)]:
        win = 0
        for h in heaps:
            win ^= h
        for search in (delve.game.minimax, delve.game.alphabeta):
            report = search(nim, (heaps, 0))
            assert report.value == (1 if win else -1), heaps
        if win:
            # The winning move leaves heaps whose xor is 0.
            after, _ = nim.result((heaps, 0), delve.game.alphabeta(nim, (heaps, 0)).action)
            rest = 0
            for h in after:
                rest ^= h
            assert rest == 0


def test_expectimax_and_depth():
    nim = Nim()
    # One heap of 2: take both and win (+1), or take 1 and the random opponent takes the last.
    report = delve.game.expectimax(nim, ((2,), 0))
    assert (report.value, report.action) == (1, (0, 2))
    # Depth 0 evaluates the root itself: no move.
    cut = delve.game.minimax(nim, ((3, 4), 0), depth=0, eval=lambda s: 0.25)
    assert (cut.value, cut.action) == (0.25, None)


def test_limits_and_errors():
    nim = Nim()
    stopped = delve.game.minimax(nim, ((4, 5, 6), 0), max_nodes=100)
    assert stopped.outcome == "stopped" and stopped.stop_reason == "node_limit"
    assert stopped.value is None and stopped.action is None

    class Broken(Nim):
        def utility(self, state, player):
            raise ArithmeticError("no payoff")

    with pytest.raises(ArithmeticError, match="no payoff"):
        delve.game.alphabeta(Broken(), ((1, 2), 0))
    with pytest.raises(TypeError, match="the game has no `actions` method"):
        delve.game.minimax(object(), None)
    with pytest.raises(TypeError, match="eval must be callable"):
        delve.game.minimax(nim, ((1,), 0), depth=1, eval=3)
