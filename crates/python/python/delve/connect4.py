"""Connect Four: positions solved exactly (Pascal Pons's scores), as ``delve connect4 solve``
does.

::

    import delve

    r = delve.connect4.solve("4455")
    r.score, r.best_move      # the side to move's score and a best column (1-7)
    delve.connect4.solve("44455554221", weak=True).score   # 1, 0 or -1

A position is the columns played from the empty board, 1 (leftmost) to 7, e.g. ``"4455"``;
``""`` is the empty board (a long search). The score is 0 for a draw, ``22 - n`` when the side
to move wins with its n-th stone, minus that when it loses. A position that does not read
(or is already over) raises :class:`delve.ParseError` whose ``column`` is the move's place in
the string.
"""

from __future__ import annotations

from typing import Any, Callable, Optional

from . import _delve
from ._native import call, check_int, check_str
from ._report import Report, Stats

__all__ = ["solve"]


def solve(
    position: str,
    *,
    weak: bool = False,
    threads: int = 1,
    table_bits: Optional[int] = None,
    timeout: Optional[float] = None,
    progress: bool = False,
    on_progress: Optional[Callable[[Stats], Any]] = None,
) -> Report:
    """Solves `position`: the report has ``position``, ``score`` (only its sign with
    ``weak=True``), ``best_move`` (a column 1-7), ``nodes``, ``micros`` and ``stop_reason``
    (``None`` unless ``timeout`` or Ctrl-C stopped it; ``score`` and ``best_move`` are then
    ``None``). ``threads`` (1-64) split the null-window tests; ``table_bits`` (12-28) sizes
    the transposition table."""
    check_str("position", position)
    threads = check_int("threads", threads, 1, 64)
    if table_bits is not None:
        table_bits = check_int("table_bits", table_bits, 12, 28)
    return call(
        _delve.connect4_solve, "connect4", progress, on_progress, position, weak=bool(weak), threads=threads,
        table_bits=table_bits, timeout=timeout,
    )
