"""delve: fast, verified state-space search.

The classic AI search algorithms (uninformed, informed, local, constraint satisfaction and
adversarial) on a Rust engine, for your own Python problems and for delve's puzzle domains.

Modules:

- :mod:`delve.search`: every path-search algorithm over any hashable Python states, and
  ``solve(problem)`` for AIMA-style problem objects.
- :mod:`delve.csp`: constraint satisfaction over any Python values.
- :mod:`delve.game`: minimax, alpha-beta and expectimax over AIMA-style games, and CS188's
  game-tree tests.
- :mod:`delve.route`: routes on road maps (Romania built in).
- :mod:`delve.queens`: N-Queens with any algorithm, exact counts, batch files.
- :mod:`delve.sudoku`: Sudoku on the CSP engine.
- :mod:`delve.sliding`: sliding-tile puzzles: solving, enumeration, lookups, analytics.
- :mod:`delve.sokoban`: Sokoban levels, push-optimal or fast, and whole collections.
- :mod:`delve.pacman`: CS188's multi-agent Pacman: games of its agents, and its grading tests.
- :mod:`delve.connect4`: Connect Four positions solved exactly.
- :mod:`delve.tictactoe`: the counts of tic-tac-toe's game tree.
- :mod:`delve.rgb`: RGB Express levels solved optimally.

Every search returns a :class:`Report` whose attributes are the keys of the CLI's ``--json``
(``report.to_dict()`` is that very dict). Limits: ``max_nodes``, ``timeout`` (seconds) and
``max_memory`` (MB) on every call. Ctrl-C raises ``KeyboardInterrupt`` with the stopped
report as ``.result``. Bad level or puzzle text raises :class:`ParseError`, a ``ValueError``
with ``.line`` and ``.column``.
"""

from . import _delve
from ._errors import ParseError
from ._report import Path, Report, Stats
from . import connect4, csp, game, pacman, queens, rgb, route, search, sliding, sokoban, sudoku, tictactoe

__version__ = _delve.__version__

__all__ = [
    "ParseError",
    "Path",
    "Report",
    "Stats",
    "connect4",
    "csp",
    "game",
    "pacman",
    "queens",
    "rgb",
    "route",
    "search",
    "sliding",
    "sokoban",
    "sudoku",
    "tictactoe",
    "__version__",
]
