"""Tic-tac-toe: the counts of its whole game tree, as ``delve tictactoe count`` gives them.

::

    import delve

    c = delve.tictactoe.count()
    c.games, c.x_wins, c.o_wins, c.draws    # 255168 131184 77904 46080
    c.positions, c.tree_nodes
"""

from __future__ import annotations

from . import _delve
from ._report import Report

__all__ = ["count"]


def count() -> Report:
    """Walks the whole game tree: ``games`` by result (``x_wins``, ``o_wins``, ``draws``),
    ``positions`` reachable and ``tree_nodes`` (the keys of ``delve tictactoe count
    --json``)."""
    return Report(_delve.tictactoe_count())
