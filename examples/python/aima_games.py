"""Game-tree search on AIMA-style games: delve.game.alphabeta next to aima-python's own.

1. Tic-tac-toe, aima-python's TicTacToe class as it is (pip install --no-deps aima3): delve
   and aima3's alphabeta_search pick the same move, and the value of the empty board is a
   draw, 0, as every tic-tac-toe player knows. Skipped when aima3 is not installed.
2. Nim, written here as an AIMA-style game: delve's value of each position must agree with
   Bouton's theorem (1901): the player to move wins exactly when the heaps' XOR is not 0,
   and a winning move leaves an XOR of 0.

Exits non-zero when a result is wrong.

    python examples/python/aima_games.py
"""

import time
from functools import reduce
from operator import xor

import delve

# --- 1. aima-python's TicTacToe --------------------------------------------------------
try:
    from aima3.games import TicTacToe, alphabeta_search
except ImportError:
    print("tic-tac-toe: skipped (pip install --no-deps aima3 to compare with aima-python)")
else:
    game = TicTacToe()
    start = time.perf_counter()
    aima_move = alphabeta_search(game.initial, game)
    aima_s = time.perf_counter() - start
    r = delve.game.alphabeta(game, game.initial)
    print(f"tic-tac-toe, empty board: delve plays {r.action} (value {r.value:g}, "
          f"{r.stats.generated} states, {r.stats.elapsed_ms:.0f} ms); "
          f"aima3 plays {aima_move} ({aima_s * 1000:.0f} ms)")
    assert r.action == aima_move  # both take the first of the equally good moves
    assert r.value == 0  # perfect play draws


# --- 2. Nim, an AIMA-style game written by hand ----------------------------------------
class Nim:
    """Heaps of stones; a move takes one or more stones from one heap; whoever takes the
    last stone wins. A state is (heaps, player to move)."""

    def __init__(self, heaps):
        self.initial = (tuple(heaps), "A")

    def actions(self, state):
        heaps, _ = state
        return [(i, k) for i, n in enumerate(heaps) for k in range(1, n + 1)]

    def result(self, state, move):
        (heaps, player), (i, k) = state, move
        heaps = heaps[:i] + (heaps[i] - k,) + heaps[i + 1:]
        return heaps, "B" if player == "A" else "A"

    def terminal_test(self, state):
        return not any(state[0])

    def to_move(self, state):
        return state[1]

    def utility(self, state, player):
        # At the end, the player to move has nothing left: the other one took the last stone.
        return -1 if player == self.to_move(state) else 1


for heaps in [(1, 2, 3), (3, 4, 5), (2, 2, 5), (1, 4, 5)]:
    game = Nim(heaps)
    r = delve.game.alphabeta(game, game.initial)
    nim_sum = reduce(xor, heaps)
    after = game.result(game.initial, r.action)[0]
    print(f"nim {heaps}: value {r.value:+g} for the player to move, best move {r.action} "
          f"-> {after} ({r.stats.generated} states); XOR {nim_sum}")
    assert r.value == (1 if nim_sum else -1), heaps  # Bouton's theorem
    if nim_sum:
        assert reduce(xor, after) == 0, heaps  # a winning move leaves XOR 0

print("ok: the moves and values agree with aima3 and with Bouton's theorem")
