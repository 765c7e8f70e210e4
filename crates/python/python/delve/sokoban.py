"""Sokoban: XSB levels solved with the fewest pushes (then moves), fast, or by any solution,
as ``delve sokoban solve`` does.

::

    import delve

    level = "#######\\n#@ $ .#\\n#######\\n"
    r = delve.sokoban.solve(level)
    r.solution, r.pushes, r.moves        # 'rRR', 2, 3 (LURD: capitals push)
    delve.sokoban.solve(collection_text, level=93, mode="pushes", timeout=10)
    delve.sokoban.levels(collection_text)  # [(number, title, rows), …]

The text is one level or a whole collection (``; title`` lines, blank lines between levels,
run-length rows allowed); ``level=`` picks one (1-based). Text that does not read raises
:class:`delve.ParseError` with its line and column. Every solution is replayed by an
independent checker before it is returned.
"""

from __future__ import annotations

from typing import Any, Callable, List, Optional, Tuple

from . import _delve
from ._native import call, check_int, check_str
from ._report import Report, Stats

__all__ = ["MODES", "solve", "levels"]

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
    than one). The report has ``level``, ``title``, ``solved``, ``optimal``, ``pushes``,
    ``moves``, ``solution`` (LURD), ``stop_reason``, ``nodes_generated``, ``max_nodes`` and
    ``elapsed_ms``: the keys of ``delve sokoban solve --json``.
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
