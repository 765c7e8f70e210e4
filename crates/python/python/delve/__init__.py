"""delve: fast, verified state-space search.

The classic AI search algorithms (uninformed, informed, local, constraint satisfaction and
adversarial) on a Rust engine, for your own Python problems and for delve's puzzle domains.

Modules:

- :mod:`delve.search`: every path-search algorithm over any hashable Python states, and
  ``solve(problem)`` for AIMA-style problem objects.

Every search returns a :class:`Report` whose attributes are the keys of the CLI's ``--json``
(``report.to_dict()`` is that very dict). Limits: ``max_nodes``, ``timeout`` (seconds) and
``max_memory`` (MB) on every call. Ctrl-C raises ``KeyboardInterrupt`` with the stopped
report as ``.result``. Bad level or puzzle text raises :class:`ParseError`, a ``ValueError``
with ``.line`` and ``.column``.
"""

from . import _delve
from ._errors import ParseError
from ._report import Path, Report, Stats
from . import game, route, search

__version__ = _delve.__version__

__all__ = ["ParseError", "Path", "Report", "Stats", "game", "route", "search", "__version__"]
