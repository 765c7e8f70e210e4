"""delve.search over Python states: every algorithm against a plain Python oracle, limits,
best-so-far, progress, and errors raised by callbacks or arguments."""

from __future__ import annotations

import heapq
import itertools
import traceback

import pytest

import delve
from delve.search import ALGORITHMS

# A small weighted multigraph: parallel edges with different costs, a cycle, a dead end.
EDGES = {
    "s": [("toll", "a", 5), ("free", "a", 1), ("s-b", "b", 4)],
    "a": [("a-b", "b", 1), ("a-c", "c", 7), ("a-s", "s", 1)],
    "b": [("b-c", "c", 2), ("b-d", "d", 9)],
    "c": [("c-g", "g", 3)],
    "d": [],
    "g": [],
}
H = {"s": 5, "a": 5, "b": 4, "c": 3, "d": 9, "g": 0}
PREDECESSORS = {}
for _src, _edges in EDGES.items():
    for _act, _dst, _cost in _edges:
        PREDECESSORS.setdefault(_dst, []).append((_act, _src, _cost))


def successors(state):
    return EDGES[state]


def oracle_cheapest(start, goal):
    """Dijkstra, written here: the cheapest cost from start to goal."""
    best = {start: 0}
    queue = [(0, start)]
    while queue:
        cost, state = heapq.heappop(queue)
        if state == goal:
            return cost
        for _action, nxt, step in EDGES[state]:
            if cost + step < best.get(nxt, float("inf")):
                best[nxt] = cost + step
                heapq.heappush(queue, (cost + step, nxt))
    return None


def oracle_fewest(start, goal):
    """Breadth-first, written here: the fewest actions from start to goal."""
    layer, seen, depth = {start}, {start}, 0
    while layer:
        if goal in layer:
            return depth
        layer = {n for s in layer for _a, n, _c in EDGES[s]} - seen
        seen |= layer
        depth += 1
    return None


def replay(report):
    """The actions of a solution, replayed from the start: (states, cost)."""
    states, cost = [report.states[0]], 0
    for action in report.solution:
        (step,) = [(n, c) for a, n, c in EDGES[states[-1]] if a == action]
        states.append(step[0])
        cost += step[1]
    return states, cost


@pytest.mark.parametrize("algo", ALGORITHMS)
def test_every_algorithm_returns_a_path_that_replays(algo):
    options = {"predecessors": lambda s: PREDECESSORS.get(s, []), "goals": ["g"]} if algo == "bibfs" else {}
    report = delve.search.run(algo, "s", successors, lambda s: s == "g", lambda s: H[s], **options)
    assert report.solved and report.outcome == "solved" and report.stop_reason is None
    states, cost = replay(report)
    assert states == report.states and states[0] == "s" and states[-1] == "g"
    assert cost == report.cost == report.to_dict()["cost"]
    assert report.length == len(report.solution)
    if algo in ("ucs", "ils", "astar", "idastar"):
        assert report.cost == oracle_cheapest("s", "g")
    if algo in ("bfs", "iddfs", "bibfs"):
        assert len(report.solution) == oracle_fewest("s", "g")
    assert report.stats.expanded > 0 and report.algorithm == algo


def test_the_report_has_the_cli_keys():
    report = delve.search.astar("s", successors, lambda s: s == "g", lambda s: H[s])
    data = report.to_dict()
    assert set(data) == {"algorithm", "solved", "outcome", "stop_reason", "cost", "length", "stats"}
    assert set(data["stats"]) == {"generated", "expanded", "max_frontier", "iterations", "elapsed_ms",
                                  "depth", "b_star"}
    assert "astar" in repr(report)


def test_b_star_is_the_root_of_the_node_sum():
    # The path s -free-> a -a-b-> b -b-c-> c -c-g-> g has 4 steps; b* solves
    # generated = b* + b*^2 + b*^3 + b*^4 (to the four decimals reported).
    report = delve.search.astar("s", successors, lambda s: s == "g", lambda s: H[s])
    stats = report.stats
    assert stats.depth == len(report.solution) == 4
    total = sum(stats.b_star ** i for i in range(1, stats.depth + 1))
    assert abs(total - stats.generated) < 1e-3 * stats.generated
    # No solution, no depth and no b*.
    unsolved = delve.search.bfs(0, lambda n: [(n + 1, 1)] if n < 5 else [], lambda n: n < 0)
    assert "b_star" not in unsolved.to_dict()["stats"]


def test_pairs_without_actions_and_lists_as_states():
    # (state, cost) pairs: the action is the state reached. A list state is compared by value.
    report = delve.search.bfs([0], lambda s: [([s[0] + 1], 1), ([s[0] * 3], 1)], lambda s: s[0] == 10)
    assert report.states == [[0], [1], [3], [9], [10]]
    assert report.solution == report.states[1:]


def test_no_solution_and_limits():
    finite = delve.search.ucs(0, lambda n: [(n + 1, 1)] if n < 50 else [], lambda n: n < 0)
    assert (finite.solved, finite.outcome, finite.stop_reason) == (False, "no_solution", "no_solution")
    endless = delve.search.astar(0, lambda n: [(n + 1, 1), (n - 1, 1)], lambda n: n == 10**9,
                                 heuristic=lambda n: abs(10**9 - n) / 2, max_nodes=500)
    assert endless.outcome == "stopped" and endless.stop_reason == "node_limit"
    assert endless.stats.expanded == 500
    # The best node it selected: the lowest h, so the largest n it reached, by the path there.
    best = endless.best_so_far
    assert best.states[0] == 0 and best.states == list(range(len(best.states)))
    assert best.cost == len(best.actions) == best.states[-1] > 0
    timed = delve.search.bfs(0, lambda n: [(n + 1, 1), (n + 2, 1)], lambda n: n < 0, timeout=0.2)
    assert timed.stop_reason == "timeout"


def test_progress_is_reported():
    seen = []
    delve.search.bfs(0, lambda n: [(n + 1, 1), (n + 2, 1)], lambda n: n < 0, timeout=0.3,
                     on_progress=seen.append)
    assert seen and all(s.expanded >= 0 for s in seen)
    assert seen[-1].expanded >= seen[0].expanded


def test_an_exception_in_a_callback_propagates_with_its_traceback():
    calls = itertools.count()

    def exploding(state):
        if next(calls) == 3:
            raise ZeroDivisionError("boom in successors")
        return [(state + 1, 1)]

    with pytest.raises(ZeroDivisionError, match="boom in successors") as info:
        delve.search.astar(0, exploding, lambda n: n == 100)
    assert "exploding" in "".join(traceback.format_tb(info.value.__traceback__))
    with pytest.raises(KeyError):
        delve.search.bfs(0, lambda n: [(n + 1, 1)], lambda n: {}[n])
    with pytest.raises(RuntimeError, match="h failed"):
        delve.search.greedy(0, lambda n: [(n + 1, 1)], lambda n: n == 5,
                            heuristic=lambda n: (_ for _ in ()).throw(RuntimeError("h failed")))


def test_bad_arguments_are_clear():
    with pytest.raises(ValueError, match="unknown algorithm `nope`"):
        delve.search.run("nope", 0, successors, bool)
    with pytest.raises(ValueError, match="weight must be a finite number of at least 1"):
        delve.search.wastar("s", successors, lambda s: s == "g", weight=0.5)
    with pytest.raises(ValueError, match="only applies to wastar"):
        delve.search.astar("s", successors, lambda s: s == "g", weight=2)
    with pytest.raises(TypeError, match="successors must be callable"):
        delve.search.bfs("s", 42, lambda s: s == "g")
    with pytest.raises(TypeError, match="states must be hashable"):
        delve.search.bfs({}, lambda s: [], lambda s: True)
    with pytest.raises(ValueError, match="non-negative"):
        delve.search.ucs(0, lambda n: [(n + 1, -1)], lambda n: n == 3)
    with pytest.raises(TypeError, match=r"\(action, state, cost\)"):
        delve.search.bfs(0, lambda n: [n + 1], lambda n: n == 3)
    with pytest.raises(ValueError, match="bibfs"):
        delve.search.bibfs("s", successors, lambda s: s == "g")
    with pytest.raises(ValueError, match="timeout"):
        delve.search.bfs("s", successors, lambda s: s == "g", timeout=-1)
