"""Sokoban: XSB levels solved with the fewest pushes (then moves), fast, or by any solution,
as ``delve sokoban solve`` does.

::

    import delve

    level = "#######\\n#@ $ .#\\n#######\\n"
    r = delve.sokoban.solve(level)
    r.solution, r.pushes, r.moves        # 'rRR', 2, 3 (LURD: capitals push)
    delve.sokoban.solve(collection_text, level=93, mode="pushes", timeout=10)
    delve.sokoban.levels(collection_text)  # [(number, title, rows), …]
    delve.sokoban.bench("microban.xsb", "fast", levels=(1, 10))  # a whole collection

The text is one level or a whole collection (``; title`` lines, blank lines between levels,
run-length rows allowed); ``level=`` picks one (1-based). Text that does not read raises
:class:`delve.ParseError` with its line and column. Every solution is replayed by an
independent checker before it is returned.
"""

from __future__ import annotations

import os
from typing import Any, Callable, List, Optional, Tuple, Union

from . import _delve
from ._native import call, check_int, check_str
from ._report import Report, Stats

__all__ = ["MODES", "solve", "levels", "bench"]

#: The modes: ``optimal`` (fewest pushes, then fewest moves), ``pushes`` (fewest pushes
#: only: a smaller search), ``fast`` (weighted A*, not guaranteed optimal) and ``any`` (any
#: solution, for hard levels: macros, corral deadlocks, two feature-cycling searches raced).
MODES = ("optimal", "pushes", "fast", "any")


def solve(
    xsb: str,
    mode: str = "optimal",
    *,
    level: int = 1,
    ordered: bool = False,
    threads: Optional[int] = None,
    max_nodes: Optional[int] = None,
    timeout: Optional[float] = None,
    max_memory: Optional[float] = None,
    progress: bool = False,
    on_progress: Optional[Callable[[Stats], Any]] = None,
) -> Report:
    """Solves level `level` of the XSB text `xsb` in `mode` (one of :data:`MODES`).

    ``ordered=True`` makes box i belong on goal i (reading order; levels written with letters
    always are). ``threads`` is the number of threads the A* of the optimal, pushes and fast
    modes runs on (default and at most: the cores; node counts vary from run to run on more
    than one). The report has the keys every report has (``algorithm``, ``solved``,
    ``outcome``, ``stop_reason``, ``stats``) and ``level``, ``title``, ``optimal``, ``pushes``,
    ``moves``, ``solution`` (LURD), ``nodes_generated``, ``max_nodes`` and ``elapsed_ms``: the
    keys of ``delve sokoban solve --json``.
    """
    check_str("xsb", xsb)
    level = check_int("level", level, 1)
    if threads is not None:
        threads = check_int("threads", threads, 1, 256)
    if mode not in MODES:
        raise ValueError(f"unknown mode {mode!r} (expected one of: {', '.join(MODES)})")
    return call(
        _delve.sokoban_solve, f"level {level}", progress, on_progress, xsb, level=level, mode=mode,
        ordered=bool(ordered), threads=threads, max_nodes=max_nodes, timeout=timeout, max_memory=max_memory,
    )


def levels(xsb: str) -> List[Tuple[int, str, str]]:
    """The levels of the XSB text `xsb`: ``(number, title, rows)`` for each (``rows`` in
    normalised XSB); raises :class:`delve.ParseError` for the first malformed level."""
    return _delve.sokoban_levels(check_str("xsb", xsb))


def bench(
    xsb: Union[str, "os.PathLike[str]"],
    mode: str = "optimal",
    *,
    levels: Optional[Union[int, Tuple[int, int]]] = None,
    ordered: bool = False,
    jobs: Optional[int] = None,
    threads: Optional[int] = None,
    max_nodes: Optional[int] = None,
    timeout: Optional[float] = None,
    max_memory: Optional[float] = None,
    progress: bool = False,
    on_progress: Optional[Callable[[Stats], Any]] = None,
) -> Report:
    """Solves every level of a collection in `mode`, as ``delve sokoban bench`` does.

    `xsb` is the collection's text or an XSB file (a path object, or a one-line str naming
    a file). ``levels`` picks level N or the levels ``(from, to)`` (1-based,
    inclusive). ``jobs`` levels run at once, each on ``threads`` threads (two for ``any``);
    by default they share out the cores, and a parallel A* never gets more threads than
    there are cores. The limits (``timeout`` in seconds, ``max_nodes``, ``max_memory`` in MB)
    hold for each level. A malformed level is reported in ``errors`` (``level``, ``error``),
    one past the solvers' size limits in ``unsupported`` (``level``, ``error``), and the
    others still run. The report has the keys of
    ``delve sokoban bench --json``: the shared ones (``solved`` when every level was,
    ``stop_reason`` the first limit that stopped one, ``stats`` added up), ``levels`` (one
    :func:`solve` report each), ``solved_levels``, ``total_ms``, ``jobs``, ``threads``,
    ``errors`` and ``unsupported``.
    """
    text = path = None
    if isinstance(xsb, os.PathLike):
        path = os.fspath(xsb)
    elif isinstance(xsb, str):
        one_line = "\n" not in xsb
        if one_line and (os.path.isfile(xsb) or os.sep in xsb or xsb.endswith((".xsb", ".txt", ".sok"))):
            path = xsb  # a missing file raises OSError
        else:
            text = xsb
    else:
        raise TypeError(f"xsb must be a str or a path, got {type(xsb).__name__}")
    if mode not in MODES:
        raise ValueError(f"unknown mode {mode!r} (expected one of: {', '.join(MODES)})")
    if levels is not None:
        if isinstance(levels, tuple) and len(levels) == 2:
            span = (check_int("levels[0]", levels[0], 1), check_int("levels[1]", levels[1], 1))
        else:
            n = check_int("levels", levels, 1)
            span = (n, n)
        if span[0] > span[1]:
            raise ValueError(f"levels must be (from, to) with from <= to, got {span}")
        levels = span
    if jobs is not None:
        jobs = check_int("jobs", jobs, 1, 1024)
    if threads is not None:
        threads = check_int("threads", threads, 1, 1024)
    return call(
        _delve.sokoban_bench, "bench", progress, on_progress, xsb=text, path=path, levels=levels, mode=mode,
        ordered=bool(ordered), jobs=jobs, threads=threads, max_nodes=max_nodes, timeout=timeout,
        max_memory=max_memory,
    )
