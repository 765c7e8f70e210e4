"""Sudoku on delve's general CSP engine, as ``delve sudoku solve`` runs it.

::

    import delve

    r = delve.sudoku.solve("53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79")
    r.grid                  # the solved grid as one 81-character line
    r.counters              # assignments, backtracks, checks, pruned
    delve.sudoku.solve(puzzle, algo="fc", count=True).solutions   # 1 for a proper puzzle

A grid is 81 cells on one line or 9 lines of 9; a cell is 1-9, or ``.`` / ``0`` when empty;
spaces and the separators ``|``, ``-``, ``+`` are ignored, so a pretty-printed grid reads
back, and ``#`` starts a comment line. Text that does not read raises
:class:`delve.ParseError` (with its line and column where it has one). Every solution is
checked independently before it is returned.
"""

from __future__ import annotations

from typing import Any, Callable, Optional

from . import _delve
from ._native import call, check_int, check_str
from ._report import Report, Stats

__all__ = ["ALGORITHMS", "solve", "parse"]

#: The solvers, as ``delve sudoku solve --algo`` takes them: ``mac`` (maintained arc
#: consistency), ``fc`` (forward checking), ``fc-lcv`` (with least-constraining values),
#: ``backtrack`` (plain) and ``min-conflicts`` (local search, incomplete).
ALGORITHMS = ("mac", "fc", "fc-lcv", "backtrack", "min-conflicts")


def solve(
    grid: str,
    algo: str = "mac",
    *,
    count: bool = False,
    seed: int = 0,
    max_nodes: Optional[int] = None,
    timeout: Optional[float] = None,
    max_memory: Optional[float] = None,
    progress: bool = False,
    on_progress: Optional[Callable[[Stats], Any]] = None,
) -> Report:
    """Solves `grid` with `algo` (one of :data:`ALGORITHMS`).

    The report has ``givens``, ``puzzle`` and ``grid`` (one line each; ``grid`` is ``None``
    unless solved) and the engine's ``counters``. With ``count=True`` it also counts every
    solution: ``solutions``, and ``count_complete`` (``False`` when a limit stopped the
    count, so ``solutions`` is a lower bound). ``seed`` drives min-conflicts, which gives up
    after 50 restarts unless a ``timeout`` or ``max_nodes`` is given.
    """
    check_str("grid", grid)
    seed = check_int("seed", seed, 0, 2**64 - 1)
    return call(
        _delve.sudoku_solve, "sudoku", progress, on_progress, grid, check_str("algo", algo),
        count_solutions=bool(count), seed=seed, max_nodes=max_nodes, timeout=timeout, max_memory=max_memory,
    )


def parse(grid: str) -> str:
    """`grid` checked (givens may not clash) and written as one 81-character line, ``.`` for
    an empty cell; raises :class:`delve.ParseError` when it does not read."""
    return _delve.sudoku_parse(check_str("grid", grid))
