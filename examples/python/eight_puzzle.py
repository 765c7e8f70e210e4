"""The 8-puzzle as an AIMA-style Problem subclass, solved by A* and by IDA*.

A* keeps every state it has seen; IDA* keeps only the current path and pays for it by
expanding states again on each deeper iteration. Both are optimal with an admissible
heuristic (Manhattan distance here). Exits non-zero when a result is wrong: the start is
one of the two 8-puzzle states farthest from the goal, known to need 31 moves (Reinefeld,
1993), and every solution must replay to the goal under the problem's own rules.

    python examples/python/eight_puzzle.py
"""

import delve

try:  # aima-python's base class (pip install --no-deps aima3), when it is there
    from aima3.search import Problem
except ImportError:

    class Problem:
        """What aima-python's Problem provides that this example uses."""

        def __init__(self, initial, goal=None):
            self.initial, self.goal = initial, goal

        def goal_test(self, state):
            return state == self.goal

        def path_cost(self, c, state1, action, state2):
            return c + 1


class EightPuzzle(Problem):
    """A state is a tuple of the 9 cells, row by row, 0 for the blank. An action names the
    way the blank moves: U, D, L or R."""

    GOAL = (1, 2, 3, 4, 5, 6, 7, 8, 0)
    STEP = {"U": -3, "D": 3, "L": -1, "R": 1}

    def __init__(self, initial):
        super().__init__(tuple(initial), self.GOAL)

    def actions(self, state):
        blank = state.index(0)
        row, col = divmod(blank, 3)
        return [a for a, ok in (("U", row > 0), ("D", row < 2), ("L", col > 0), ("R", col < 2)) if ok]

    def result(self, state, action):
        blank = state.index(0)
        other = blank + self.STEP[action]
        cells = list(state)
        cells[blank], cells[other] = cells[other], cells[blank]
        return tuple(cells)

    def h(self, node):
        """Manhattan distance: each tile's rows plus columns away from its goal cell."""
        return sum(
            abs(i // 3 - (tile - 1) // 3) + abs(i % 3 - (tile - 1) % 3)
            for i, tile in enumerate(node.state)
            if tile
        )


HARDEST = (8, 6, 7, 2, 5, 4, 3, 0, 1)  # 31 moves from the goal, as far as any state is
problem = EightPuzzle(HARDEST)

print(f"{'algorithm':<8} {'moves':>5} {'expanded':>8} {'generated':>9} {'max frontier':>12} {'ms':>6}")
for algo in ("astar", "idastar"):
    r = delve.search.solve(problem, algo=algo)
    s = r.stats
    print(f"{algo:<8} {r.cost:>5g} {s.expanded:>8} {s.generated:>9} {s.max_frontier:>12} {s.elapsed_ms:>6.0f}")
    print(f"         {''.join(r.solution)}")

    # Independent checks: the known optimum, and a replay under the problem's own rules.
    assert r.cost == 31 == len(r.solution), algo
    state = problem.initial
    for action in r.solution:
        assert action in problem.actions(state), (algo, action)
        state = problem.result(state, action)
    assert problem.goal_test(state), algo
    assert r.states[0] == problem.initial and r.states[-1] == problem.GOAL, algo

print("ok: A* and IDA* both found a 31-move solution that replays to the goal")
