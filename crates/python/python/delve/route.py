"""Route finding on road maps: Romania from AIMA is built in, or give a map's text.

::

    r = delve.route.solve("Arad", "Bucharest")            # A*: cost 418
    r.path, r.cost, r.stats.expanded
    delve.route.solve("Arad", "Bucharest", algo="bfs")
    delve.route.solve("a", "c", text="a b 5\\nb c 7\\n")    # a map of your own

The report has the keys of ``delve route --json``. City names are case-insensitive. Every
algorithm of :data:`delve.search.ALGORITHMS` runs (``weight=`` for ``wastar``,
``depth_limit=`` for ``dls``), with the limits ``max_nodes``, ``timeout`` and ``max_memory``.
"""

from __future__ import annotations

from typing import Any, Callable, Optional

from . import _delve
from ._native import call
from ._report import Report, Stats

__all__ = ["solve", "cities"]


def solve(
    start: str,
    goal: str,
    *,
    map: str = "romania",
    text: Optional[str] = None,
    algo: str = "astar",
    weight: Optional[float] = None,
    depth_limit: Optional[int] = None,
    max_nodes: Optional[int] = None,
    timeout: Optional[float] = None,
    max_memory: Optional[float] = None,
    progress: bool = False,
    on_progress: Optional[Callable[[Stats], Any]] = None,
) -> Report:
    """A route from `start` to `goal` on `map` (``"romania"`` or a map file) or on the map
    `text`; raises :class:`delve.ParseError` for a malformed map and ``ValueError`` for an
    unknown city (with the closest name)."""
    return call(
        _delve.route_solve, "route", progress, on_progress, start, goal, map=map, text=text, algo=algo,
        weight=weight, depth_limit=depth_limit, max_nodes=max_nodes, timeout=timeout, max_memory=max_memory,
    )


def cities(*, map: str = "romania", text: Optional[str] = None) -> dict:
    """The map, as ``delve route --list --json`` prints it: its cities (with coordinates when
    it has them), each with its roads as ``{"to", "cost"}``, and the number of roads."""
    return _delve.route_list(map=map, text=text)
