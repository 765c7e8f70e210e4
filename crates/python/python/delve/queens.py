"""N-Queens: place N non-attacking queens with any algorithm, count every solution exactly,
or run the original assignment's batch files, as ``delve queens`` does.

::

    import delve

    r = delve.queens.solve(8, algo="hc", seed=1)
    r.rows                 # 1-based rows, column by column: [5, 1, 8, 4, 2, 7, 3, 6] …
    r.counters, r.stats.expanded
    delve.queens.solve(5, algo="bfs")               # any of delve.queens.ALGORITHMS
    delve.queens.solve(1_000_000)                   # min-conflicts: a million queens
    delve.queens.count(12).solutions                # 14200 (and .unique: 1787)
    delve.queens.batch("5 bfs\\n8 csp\\n", out_dir="out")

Reports have the keys of ``delve queens … --json``. Every placement found is checked by an
independent verifier before it is returned. The searches take the limits ``max_nodes``,
``timeout`` (seconds) and ``max_memory`` (MB), and ``progress=True`` or ``on_progress=f``.
"""

from __future__ import annotations

import os
from typing import Any, Callable, Optional, Union

from . import _delve
from ._native import call, check_int, check_str
from ._report import Report, Stats

__all__ = ["ALGORITHMS", "solve", "count", "batch"]

#: The algorithms' names, as ``delve queens solve --algo`` takes them (every other search of
#: :data:`delve.search.ALGORITHMS` but ``bibfs`` runs too).
ALGORITHMS = tuple(_delve.queens_algorithms())

#: The largest board :func:`count` counts.
MAX_COUNT_N = 27


def solve(
    n: int,
    algo: str = "min-conflicts",
    *,
    seed: Optional[int] = None,
    max_nodes: Optional[int] = None,
    timeout: Optional[float] = None,
    max_memory: Optional[float] = None,
    progress: bool = False,
    on_progress: Optional[Callable[[Stats], Any]] = None,
) -> Report:
    """Places `n` queens with `algo` (one of :data:`ALGORITHMS`; case-insensitive).

    ``seed`` drives the randomised algorithms (``hc``, ``hc-restart``, ``sa``,
    ``min-conflicts``, and the MRV ties of ``csp-mrv-fc`` and ``mac``). Without one, ``hc``
    and ``hc-restart`` draw a fresh seed, so each call may find another placement, as the
    original assignment's hill climbing did; the others use 0. The report's ``seed`` is the
    seed used, so a call can be repeated. The report's ``rows``
    are the 1-based rows of the queens column by column (``None`` unless solved); ``counters``
    holds the algorithm's own counts (backtracks, restarts, …). A board that cannot fit in the
    memory available raises ``MemoryError``; an N beyond what the algorithm supports,
    ``ValueError``.
    """
    n = check_int("n", n, 1)
    if seed is not None:
        seed = check_int("seed", seed, 0, 2**64 - 1)
    return call(
        _delve.queens_solve, f"{n}-queens {algo}", progress, on_progress, n, check_str("algo", algo), seed=seed,
        max_nodes=max_nodes, timeout=timeout, max_memory=max_memory,
    )


def count(
    n: int,
    *,
    threads: Optional[int] = None,
    timeout: Optional[float] = None,
    progress: bool = False,
    on_progress: Optional[Callable[[Stats], Any]] = None,
) -> Report:
    """Counts every solution of the N×N board (N up to :data:`MAX_COUNT_N`) on `threads`
    threads (default: every core): ``solutions``, ``unique`` (up to the square's symmetries)
    and ``tasks``. The outcome is ``"complete"``, or ``"stopped"`` by ``timeout`` (the counts
    are then ``None``)."""
    n = check_int("n", n, 1)
    if threads is not None:
        threads = check_int("threads", threads, 1, 1024)
    return call(_delve.queens_count, f"counting {n}-queens", progress, on_progress, n, threads=threads, timeout=timeout)


def batch(
    text: Optional[str] = None,
    *,
    path: Optional[Union[str, os.PathLike]] = None,
    out_dir: Optional[Union[str, os.PathLike]] = None,
    seed: Optional[int] = None,
    max_nodes: Optional[int] = None,
    timeout: Optional[float] = None,
    max_memory: Optional[float] = None,
    progress: bool = False,
    on_progress: Optional[Callable[[Stats], Any]] = None,
) -> Report:
    """Runs a batch of ``N algorithm`` lines, given as `text` or read from `path` (blank
    lines and ``#`` comments skipped), each line within the limits.

    With `out_dir`, each line solved or proved unsolvable writes ``N_algorithm_output.txt``
    there (1-based rows, or ``no solution``), as the original assignment asks. The report
    has ``input``, ``results`` (``line``, ``file`` and the line's report) and ``errors``
    (malformed lines and lines the solver refused, with their line numbers: the other lines
    still run). Without `seed`, each ``hc`` and ``hc-restart`` line draws its own, as
    :func:`solve` does.
    """
    if (text is None) == (path is None):
        raise ValueError("give the batch as text or as path=, exactly one of them")
    if text is not None:
        check_str("text", text)
    if seed is not None:
        seed = check_int("seed", seed, 0, 2**64 - 1)
    return call(
        _delve.queens_batch, "queens batch", progress, on_progress, text=text,
        path=None if path is None else os.fspath(path), out_dir=None if out_dir is None else os.fspath(out_dir),
        seed=seed, max_nodes=max_nodes, timeout=timeout, max_memory=max_memory,
    )
