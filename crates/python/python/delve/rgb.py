"""RGB Express: delivery plans of optimal cost, as ``delve rgb solve`` finds them.

::

    import delve

    r = delve.rgb.solve(path="crates/domains/rgb/data/P-7.txt")
    r.cost, r.routes, r.plan
    delve.rgb.solve(level_text, algo="ils", rules="reference")

A level is an ``rgbx-grid`` file (v1, or v2 with white trucks, switches and bumps), given as
its text or by ``path=``. Text that does not read raises :class:`delve.ParseError` with its
line and column. Every plan found is replayed by an independent simulator before it is
returned.
"""

from __future__ import annotations

import os
from typing import Any, Callable, Optional, Union

from . import _delve
from ._native import call, check_str
from ._report import Report, Stats

__all__ = ["ALGORITHMS", "RULES", "solve"]

#: The optimal searches that solve levels.
ALGORITHMS = ("ucs", "ils", "astar", "idastar")

#: The rule sets: ``pairwise`` (head-on collisions tested per pair of moves), ``reference``
#: (the original solver's one-sided pruning) and ``archiloque`` (an empty truck may stop
#: anywhere; the goal is every warehouse served).
RULES = ("pairwise", "reference", "archiloque")


def solve(
    text: Optional[str] = None,
    *,
    path: Optional[Union[str, os.PathLike]] = None,
    algo: str = "astar",
    rules: str = "pairwise",
    max_nodes: Optional[int] = None,
    timeout: Optional[float] = None,
    max_memory: Optional[float] = None,
    progress: bool = False,
    on_progress: Optional[Callable[[Stats], Any]] = None,
) -> Report:
    """Solves the level `text` (or the file at `path`) with `algo` (one of
    :data:`ALGORITHMS`) under `rules` (one of :data:`RULES`).

    The report has ``level``, ``rules``, ``cost``, ``routes`` (each truck's route in arrows),
    ``plan`` (step by step), ``cost_limits`` (iterative lengthening's), and the counts; the
    keys of ``delve rgb solve --json``.
    """
    if (text is None) == (path is None):
        raise ValueError("give the level as text or as path=, exactly one of them")
    if text is not None:
        check_str("text", text)
    return call(
        _delve.rgb_solve, "rgb", progress, on_progress, text=text, path=None if path is None else os.fspath(path),
        algo=check_str("algo", algo), rules=check_str("rules", rules), max_nodes=max_nodes, timeout=timeout,
        max_memory=max_memory,
    )
