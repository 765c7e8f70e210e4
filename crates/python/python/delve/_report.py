"""Reports, progress and Ctrl-C: what every module of the package shares."""

from __future__ import annotations

import copy
import json
import warnings
from types import SimpleNamespace
from typing import Any, Callable, Dict, List, NamedTuple, Optional


class Path(NamedTuple):
    """A path found by a generic search: the actions, the states (start first) and the cost."""

    actions: List[Any]
    states: List[Any]
    cost: float


class Stats(SimpleNamespace):
    """What a search did: ``expanded``, ``generated``, ``max_frontier``, ``iterations`` and
    ``elapsed_ms``, the ``stats`` object of the CLI's ``--json``; a solved path search adds
    ``depth`` and ``b_star``, the effective branching factor."""

    def to_dict(self) -> Dict[str, Any]:
        """The statistics as a plain dict."""
        return dict(vars(self))


class Report:
    """The result of a search or a command: the keys of the CLI's ``--json`` as attributes.

    A search's report has ``algorithm``, ``solved``, ``outcome`` (``"solved"``,
    ``"no_solution"``, ``"stopped"``, ``"complete"``), ``stop_reason`` (``None`` when solved,
    ``"no_solution"``, or the limit that stopped it: ``"node_limit"``, ``"timeout"``,
    ``"memory"``, ``"cancelled"``, …) and ``stats``; each domain adds its own keys (``cost``,
    ``path``, ``moves``, …). A few commands print other shapes (counts), and then those attributes
    are ``None``. ``to_dict()`` gives the very
    dict the CLI prints as JSON.

    A generic search (``delve.search``) also sets ``solution`` (the actions), ``states`` and
    ``best_so_far`` (a :class:`Path` to the best node a stopped search reached, or ``None``).
    """

    __slots__ = ("_data", "_path")

    def __init__(
        self,
        data: Dict[str, Any],
        solution: Optional[List[Any]] = None,
        states: Optional[List[Any]] = None,
        best_so_far: Optional[Path] = None,
    ) -> None:
        self._data = data
        # A generic search's path, as Python objects; a domain's report has its own keys.
        self._path = (solution, states, best_so_far) if (solution, states, best_so_far) != (None, None, None) else None

    @property
    def solution(self) -> Any:
        """The actions of a generic search's solution, or a domain report's ``solution`` key
        (``None`` when there is none)."""
        return self._path[0] if self._path is not None else self._data.get("solution")

    @property
    def states(self) -> Any:
        """The states of a generic search's solution (the start first), or a domain report's
        ``states`` key."""
        return self._path[1] if self._path is not None else self._data.get("states")

    @property
    def best_so_far(self) -> Optional[Path]:
        """The path to the best node a stopped generic search reached."""
        return self._path[2] if self._path is not None else self._data.get("best_so_far")

    @property
    def algorithm(self) -> Optional[str]:
        """The algorithm that ran (``None`` for the few reports that do not say)."""
        return self._data.get("algorithm")

    @property
    def solved(self) -> Optional[bool]:
        """True when the search found what it looked for."""
        return self._data.get("solved")

    @property
    def outcome(self) -> Optional[str]:
        """``"solved"``, ``"no_solution"``, ``"stopped"`` or ``"complete"`` (a count or a
        walk of a whole space)."""
        return self._data.get("outcome")

    @property
    def stop_reason(self) -> Optional[str]:
        """Why the search ended unsolved: ``"no_solution"`` or the limit that stopped it;
        ``None`` when it solved or completed."""
        return self._data.get("stop_reason")

    @property
    def stats(self) -> Optional[Stats]:
        """What the search did (``None`` for the few reports that are not searches)."""
        stats = self._data.get("stats")
        return Stats(**stats) if isinstance(stats, dict) else None

    def __getattr__(self, name: str) -> Any:
        try:
            return self._data[name]
        except KeyError:
            keys = ", ".join(sorted(self._data))
            raise AttributeError(f"this report has no `{name}` (its keys: {keys})") from None

    def __dir__(self) -> List[str]:
        return sorted(set(super().__dir__()) | set(self._data))

    def keys(self) -> List[str]:
        """The report's keys, as in the CLI's ``--json``."""
        return list(self._data)

    def to_dict(self) -> Dict[str, Any]:
        """The report as the CLI's ``--json`` prints it (a deep copy)."""
        return copy.deepcopy(self._data)

    def to_json(self) -> str:
        """The report as one line of JSON."""
        return json.dumps(self._data, separators=(",", ":"))

    def __repr__(self) -> str:
        shown = []
        for key in ("algorithm", "outcome", "stop_reason", "cost"):
            if self._data.get(key) is not None:
                shown.append(f"{key}={self._data[key]!r}")
        stats = self._data.get("stats")
        if isinstance(stats, dict):
            shown.append(f"expanded={stats.get('expanded')}")
        return f"Report({', '.join(shown)})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Report) and self._data == other._data

    __hash__ = None  # type: ignore[assignment]


def progress_callback(
    progress: bool, on_progress: Optional[Callable[[Stats], Any]], what: str
) -> "tuple[Optional[Callable[[Dict[str, Any]], None]], Callable[[], None]]":
    """The callback handed to the engine for ``progress=`` and ``on_progress=``, and a function
    that closes the bar. The engine calls it every few milliseconds with the live stats."""
    bar = None
    if progress:
        try:
            from tqdm.auto import tqdm  # type: ignore[import-not-found]

            bar = tqdm(desc=what, unit=" nodes", unit_scale=True)
        except ImportError:
            warnings.warn("progress=True needs tqdm (pip install tqdm); going on without a bar", stacklevel=3)
    if bar is None and on_progress is None:
        return None, lambda: None

    def tick(raw: Dict[str, Any]) -> None:
        stats = Stats(**raw)
        if bar is not None:
            bar.update(max(0, stats.expanded - bar.n))
        if on_progress is not None:
            on_progress(stats)

    def close() -> None:
        if bar is not None:
            bar.close()

    return tick, close


def with_progress(
    native: Callable[..., Any],
    what: str,
    progress: bool,
    on_progress: Optional[Callable[[Stats], Any]],
    *args: Any,
    **kwargs: Any,
) -> Any:
    """Calls `native` with ``on_progress=`` the callback for `progress` and `on_progress`,
    closing the bar however the call ends; returns what `native` returned."""
    tick, close = progress_callback(progress, on_progress, what)
    try:
        return native(*args, on_progress=tick, **kwargs)
    finally:
        close()


def finish(report: Report, interrupted: bool) -> Report:
    """Hands back `report`, or raises ``KeyboardInterrupt`` with it as ``.result`` when Ctrl-C
    stopped the search."""
    if interrupted:
        error = KeyboardInterrupt("search interrupted; the stopped result is in .result")
        error.result = report  # type: ignore[attr-defined]
        raise error
    return report
