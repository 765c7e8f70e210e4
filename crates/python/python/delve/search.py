"""Search over any Python states: every algorithm of delve's engine, on your own problem.

Give a start state (anything hashable), a ``successors(state)`` function yielding
``(action, next_state, cost)`` triples (or ``(next_state, cost)`` pairs), a goal test, and for
the informed searches a heuristic::

    import delve

    def successors(n):
        yield ("+1", n + 1, 1)
        yield ("*2", n * 2, 1)

    r = delve.search.astar(1, successors, lambda n: n == 37, heuristic=lambda n: 0)
    r.solution   # ['*2', '*2', '*2', '+1', '*2', '*2', '+1'] … (a cheapest path)
    r.cost, r.stats.expanded

Or hand over an AIMA-style problem object unchanged (``initial``, ``actions``, ``result``,
``goal_test``, ``path_cost`` and optionally ``h(node)``)::

    r = delve.search.solve(problem, algo="astar")

Every function takes the limits ``max_nodes`` (expanded states), ``timeout`` (seconds) and
``max_memory`` (MB), and ``progress=True`` (a tqdm bar) or ``on_progress=f`` (called with
the live stats every few milliseconds). A stopped search returns its report with
``outcome == "stopped"``, ``stop_reason`` saying which limit, and ``best_so_far``. Ctrl-C
raises ``KeyboardInterrupt`` with the stopped report as its ``.result``. An exception raised
by one of your functions stops the search and propagates with its traceback.
"""

from __future__ import annotations

from typing import Any, Callable, Hashable, Iterable, Optional, Tuple

from . import _delve
from ._report import Path, Report, Stats, finish, with_progress

__all__ = [
    "ALGORITHMS",
    "run",
    "solve",
    "bfs",
    "dfs",
    "dls",
    "iddfs",
    "ucs",
    "ils",
    "bibfs",
    "greedy",
    "astar",
    "wastar",
    "idastar",
]

#: Every algorithm's name, as the CLI's ``--algo`` takes it.
ALGORITHMS = ("bfs", "dfs", "dls", "iddfs", "ucs", "ils", "bibfs", "greedy", "astar", "wastar", "idastar")

#: The algorithms that use a heuristic.
INFORMED = ("greedy", "astar", "wastar", "idastar")

Successors = Callable[[Any], Iterable[Tuple[Any, ...]]]


def run(
    algo: str,
    start: Hashable,
    successors: Successors,
    is_goal: Callable[[Any], bool],
    heuristic: Optional[Callable[[Any], float]] = None,
    *,
    predecessors: Optional[Successors] = None,
    goals: Optional[Iterable[Hashable]] = None,
    weight: Optional[float] = None,
    depth_limit: Optional[int] = None,
    max_nodes: Optional[int] = None,
    timeout: Optional[float] = None,
    max_memory: Optional[float] = None,
    progress: bool = False,
    on_progress: Optional[Callable[[Stats], Any]] = None,
) -> Report:
    """Runs the algorithm named `algo` (one of :data:`ALGORITHMS`).

    ``weight`` is weighted A*'s (default 2), ``depth_limit`` depth-limited search's (default
    50); ``predecessors`` and ``goals`` are what bidirectional search (``bibfs``) needs to
    search backwards from the goals.
    """
    data, solution, best, interrupted = with_progress(
        _delve.search, algo, progress, on_progress, algo, start, successors, is_goal,
        heuristic=heuristic, predecessors=predecessors, goals=None if goals is None else list(goals),
        weight=weight, depth_limit=depth_limit, max_nodes=max_nodes, timeout=timeout, max_memory=max_memory,
    )
    actions, states = (solution[0], solution[1]) if solution is not None else (None, None)
    best_path = Path(*best) if best is not None else None
    return finish(Report(data, actions, states, best_path), interrupted)


def _named(algo: str, doc: str) -> Callable[..., Report]:
    def search(
        start: Hashable,
        successors: Successors,
        is_goal: Callable[[Any], bool],
        heuristic: Optional[Callable[[Any], float]] = None,
        **options: Any,
    ) -> Report:
        return run(algo, start, successors, is_goal, heuristic, **options)

    search.__name__ = search.__qualname__ = algo
    search.__doc__ = (
        f"{doc}\n\n``{algo}(start, successors, is_goal, heuristic=None, **options)``: see :func:`run` "
        "for the options (limits, progress)."
    )
    return search


bfs = _named("bfs", "Breadth-first search: a path with the fewest actions.")
dfs = _named("dfs", "Depth-first graph search: some path.")
dls = _named("dls", "Depth-limited search (``depth_limit=``, default 50).")
iddfs = _named("iddfs", "Iterative deepening: the fewest actions, in little memory.")
ucs = _named("ucs", "Uniform-cost search: a cheapest path.")
ils = _named("ils", "Iterative lengthening: a cheapest path, in little memory.")
bibfs = _named("bibfs", "Bidirectional breadth-first search (needs ``predecessors=`` and ``goals=``).")
greedy = _named("greedy", "Greedy best-first search on the heuristic: fast, not optimal.")
astar = _named("astar", "A*: a cheapest path, given an admissible heuristic.")
wastar = _named("wastar", "Weighted A* (``weight=``, default 2): at most weight × the cheapest cost.")
idastar = _named("idastar", "IDA*: a cheapest path in little memory, given an admissible heuristic.")


class _Node:
    """What an AIMA heuristic ``h(node)`` reads: the node's ``state``."""

    __slots__ = ("state",)

    def __init__(self, state: Any) -> None:
        self.state = state


def solve(problem: Any, algo: str = "astar", *, heuristic: Optional[Callable[[Any], float]] = None, **options: Any) -> Report:
    """Solves an AIMA-style problem object as it is.

    The problem gives ``initial``, ``actions(s)``, ``result(s, a)``, ``goal_test(s)`` (or a
    ``goal`` compared with ``==``), optionally ``path_cost(c, s1, a, s2)`` (default: one per
    step) and, for the informed algorithms, ``h(node)`` reading ``node.state``. `heuristic`,
    a function of the state, overrides ``h``. The options are those of :func:`run`.
    """
    actions, result = problem.actions, problem.result
    path_cost = getattr(problem, "path_cost", None)

    def successors(state: Any) -> list:
        out = []
        for action in actions(state):
            after = result(state, action)
            cost = path_cost(0, state, action, after) if path_cost is not None else 1
            out.append((action, after, cost))
        return out

    goal_test = getattr(problem, "goal_test", None)
    if goal_test is None:
        goal = problem.goal
        goal_test = lambda state: state == goal  # noqa: E731
    h = heuristic
    if h is None and algo.lower() in INFORMED and callable(getattr(problem, "h", None)):
        aima_h = problem.h
        h = lambda state: aima_h(_Node(state))  # noqa: E731
    return run(algo, problem.initial, successors, goal_test, h, **options)
