"""Sliding-tile puzzles, as ``delve sliding`` runs them: optimal solving, whole-space
enumeration, depth lookups, the original study's sample analytics and its pool estimates.

::

    import delve

    r = delve.sliding.solve("8734B9265")          # keypad notation: 3x3, blank B
    r.moves, r.path, r.heuristic                  # 27 …, 'linear-conflict'
    delve.sliding.solve("1 2 3 4 5 6 7 8 0", algo="astar", heuristic="manhattan")
    delve.sliding.solve(["8734B9265", "359B26478"])     # a batch, solved in parallel

    e = delve.sliding.enumerate("3x3")
    e.states, e.max_depth, e.depths               # 181440, 31, {0: 1, 1: 2, …}
    e.to_numpy()                                  # the states per depth as a NumPy array
    delve.sliding.enumerate("1x4").per_depth      # [1, 1, 1, 1]: on a line only the blank moves

    delve.sliding.lookup("3x3", ["789B56423", "879456B23"], paths=True).results
    delve.sliding.enumerate("3x3", save="3x3.bin")            # every state's depth, to a file
    delve.sliding.lookup("3x3", ["9B6358247"], table="3x3.bin")   # answered from it
    a = delve.sliding.analyze(path="samples.csv")
    pandas.DataFrame(a.patterns)                  # pattern, count, moves
    delve.sliding.pool(samples=80, observed=48).crossing
    delve.sliding.samples_needed(70).samples      # 487
    delve.sliding.read("frames/", templates="templates/").boards   # boards from screenshots

States: keypad ``789456B23`` (boards up to 9 cells), digits ``123456780``, or numbers
``"1 2 3 … 15 0"``; ``/`` may separate rows. The default goal is the keypad goal for keypad
input, ``1 2 … 0`` otherwise. Text that does not read raises :class:`delve.ParseError`.
"""

from __future__ import annotations

import os
from typing import Any, Callable, Dict, Iterable, Optional, Sequence, Union

from . import _delve
from ._native import call, check_int, check_str
from ._report import Report, Stats

__all__ = [
    "HEURISTICS", "Enumeration", "solve", "enumerate", "lookup", "analyze", "pool", "samples_needed", "read",
]

#: The heuristics of the informed searches: ``auto`` (a pattern database on boards of 10 to
#: 25 cells, Manhattan distance on 1xN boards, linear conflict on the others), ``manhattan``,
#: ``linear-conflict`` and ``pdb``.
HEURISTICS = ("auto", "manhattan", "linear-conflict", "pdb")

_PathLike = Union[str, "os.PathLike[str]"]


class Enumeration(Report):
    """The report of :func:`enumerate`, with the states per depth as a dict (:attr:`depths`)
    and as a NumPy array (:meth:`to_numpy`)."""

    __slots__ = ()

    @property
    def depths(self) -> Dict[int, int]:
        """``{moves: states}`` for every number of moves from 0 to ``max_depth`` (empty when
        the enumeration was stopped)."""
        per_depth = self._data.get("per_depth") or []
        return dict(zip(range(len(per_depth)), per_depth))

    def to_numpy(self) -> Any:
        """The states per depth as a NumPy ``uint64`` array (index = moves); needs numpy."""
        try:
            import numpy  # type: ignore[import-not-found]
        except ImportError as e:  # pragma: no cover - depends on the environment
            raise ImportError("Enumeration.to_numpy() needs numpy (pip install numpy)") from e
        return numpy.asarray(self._data.get("per_depth") or [], dtype=numpy.uint64)


def _pdb_options(pdb_dir: Optional[_PathLike], partition: Optional[str]) -> Dict[str, Any]:
    return {
        "pdb_dir": None if pdb_dir is None else os.fspath(pdb_dir),
        "partition": None if partition is None else check_str("partition", partition),
    }


def solve(
    state: Union[str, Iterable[str]],
    *,
    size: Optional[str] = None,
    goal: Optional[str] = None,
    algo: str = "idastar",
    heuristic: str = "auto",
    pdb_dir: Optional[_PathLike] = None,
    partition: Optional[str] = None,
    max_nodes: Optional[int] = None,
    timeout: Optional[float] = None,
    max_memory: Optional[float] = None,
    progress: bool = False,
    on_progress: Optional[Callable[[Stats], Any]] = None,
) -> Report:
    """Solves `state` toward `goal` with `algo` (any of :data:`delve.search.ALGORITHMS`;
    IDA* by default) and `heuristic` (one of :data:`HEURISTICS`).

    ``size`` (``"3x4"``) fixes the board when the state alone does not tell. The report has
    ``start``, ``goal``, ``moves``, ``path`` (the blank's moves), ``optimal``, ``heuristic``
    and ``unsolvable`` (why, when the start has the other permutation parity): the keys of
    ``delve sliding solve --json``.

    Given a list of states (one board), solves them all in parallel, the limits holding for
    each, and returns the batch report of ``delve sliding solve --from-file --json``
    (``results``, one per state, numbered from 1).

    The ``pdb`` heuristic (and ``auto`` on 10 to 25 cells) loads a pattern database from
    `pdb_dir` (default: the user's cache folder, ``…/delve/pdb``), building and caching it
    the first time (4x4: about 2 minutes and 2.7 GB; 5x5, Korf and Felner's 6-6-6-6 tables:
    about 3 minutes and 1.5 GB); `partition` groups the tiles (``"7-8"``, ``"6-6-3"``, or
    explicit tiles ``"1,2,3/4,5,6"``). On 5x5 IDA* runs each state on every thread, one state
    after another.
    """
    options = dict(
        size=None if size is None else check_str("size", size),
        goal=None if goal is None else check_str("goal", goal),
        algo=check_str("algo", algo),
        heuristic=check_str("heuristic", heuristic),
        max_nodes=max_nodes,
        timeout=timeout,
        max_memory=max_memory,
        **_pdb_options(pdb_dir, partition),
    )
    if isinstance(state, str):
        return call(_delve.sliding_solve, "solving", progress, on_progress, state, **options)
    states = [check_str("each state", s) for s in state]
    return call(_delve.sliding_solve_many, "solving", progress, on_progress, states, **options)


def enumerate(
    board: str,
    *,
    goal: Optional[str] = None,
    row_major: bool = False,
    save: Optional[_PathLike] = None,
    table_format: Optional[str] = None,
    max_nodes: Optional[int] = None,
    timeout: Optional[float] = None,
    max_memory: Optional[float] = None,
    progress: bool = False,
    on_progress: Optional[Callable[[Stats], Any]] = None,
) -> Enumeration:
    """Enumerates every state of `board` (``"3x3"``, ``"2x4"``, ``"1x4"``; up to 16 cells, as
    memory allows, and any 1xN board) by breadth-first search from `goal` (default: the keypad
    goal on boards of up to 9 cells unless ``row_major``, else ``1 2 … 0``).

    The report has ``states``, ``max_depth``, ``states_at_max_depth``, ``average_depth`` and
    ``per_depth`` (the states per number of moves, as a list; :attr:`Enumeration.depths` is
    the same as a dict, :meth:`Enumeration.to_numpy` as an array). A board too large for the
    memory available raises ``MemoryError``.

    ``save`` writes every state with its depth to a file for :func:`lookup`'s ``table``:
    ``state,depth`` rows (``.csv``) or the compact binary table (``.bin``); ``table_format``
    (``"csv"`` or ``"bin"``) overrides the extension. Boards of up to 10 cells, and 1xN.
    """
    report = call(
        _delve.sliding_enumerate, "enumerating", progress, on_progress, check_str("board", board),
        goal=None if goal is None else check_str("goal", goal), row_major=bool(row_major),
        save=None if save is None else os.fspath(save),
        table_format=None if table_format is None else check_str("table_format", table_format),
        max_nodes=max_nodes, timeout=timeout, max_memory=max_memory,
    )
    return Enumeration(report._data)


def lookup(
    board: str,
    states: Iterable[str],
    *,
    goal: Optional[str] = None,
    paths: bool = False,
    table: Optional[_PathLike] = None,
    table_format: Optional[str] = None,
    max_nodes: Optional[int] = None,
    timeout: Optional[float] = None,
    max_memory: Optional[float] = None,
    progress: bool = False,
    on_progress: Optional[Callable[[Stats], Any]] = None,
) -> Report:
    """The minimum number of moves of each of `states` on `board`, from one enumeration
    (with one optimal move sequence each when ``paths=True``). ``results`` holds a record per
    state (``state``, ``moves``, ``path``, ``unsolvable``); the outcome is ``"solved"`` when
    every state can reach the goal.

    ``table`` answers from a file :func:`enumerate` saved instead (checked on load; a damaged
    file or one of another board raises :class:`delve.ParseError`); ``goal``, if given, must
    be the table's."""
    if isinstance(states, str):
        states = [states]
    states = [check_str("each state", s) for s in states]
    return call(
        _delve.sliding_lookup, "enumerating", progress, on_progress, check_str("board", board), states,
        goal=None if goal is None else check_str("goal", goal), paths=bool(paths),
        table=None if table is None else os.fspath(table),
        table_format=None if table_format is None else check_str("table_format", table_format),
        max_nodes=max_nodes, timeout=timeout, max_memory=max_memory,
    )


def analyze(
    text: Optional[str] = None,
    *,
    path: Optional[_PathLike] = None,
    size: Optional[str] = None,
    goal: Optional[str] = None,
    timeout: Optional[float] = None,
    progress: bool = False,
    on_progress: Optional[Callable[[Stats], Any]] = None,
) -> Report:
    """The original study's analytics on observed puzzles: a CSV of ``puzzle_number,pattern``
    rows (quotes, a header row and a UTF-8 BOM allowed) given as `text` or read from `path`.

    Each distinct pattern's minimum moves come from one enumeration when the board fits in
    memory, else from IDA*. The report's ``patterns`` (``pattern``, ``count``, ``moves``),
    ``puzzles`` (``puzzle``, ``count``, ``patterns``) and ``by_moves`` (``moves``,
    ``patterns``, ``samples``) are lists of records that ``pandas.DataFrame`` takes as they
    are; ``similarity`` is the matrix of patterns two puzzle numbers share. A malformed file
    raises :class:`delve.ParseError` with the line and column.
    """
    if (text is None) == (path is None):
        raise ValueError("give the samples as text or as path=, exactly one of them")
    if text is not None:
        check_str("text", text)
    return call(
        _delve.sliding_analyze, "analyzing", progress, on_progress, text=text,
        path=None if path is None else os.fspath(path), size=None if size is None else check_str("size", size),
        goal=None if goal is None else check_str("goal", goal), timeout=timeout,
    )


def pool(samples: int, observed: int, *, trials: int = 100, max_pool: int = 100, seed: int = 1) -> Report:
    """Estimates a hidden pattern pool from `samples` draws that showed `observed` distinct
    patterns: for every pool size up to `max_pool`, `trials` simulated draws are averaged
    (``average``); ``crossing`` is the smallest pool whose average reaches `observed`, and
    ``expected_crossing`` where the closed form ``P(1-(1-1/P)^S)`` does."""
    samples = check_int("samples", samples, 1)
    observed = check_int("observed", observed, 1)
    trials = check_int("trials", trials, 1)
    max_pool = check_int("max_pool", max_pool, 1)
    seed = check_int("seed", seed, 0, 2**64 - 1)
    return Report(_delve.sliding_pool(samples, observed, trials=trials, max_pool=max_pool, seed=seed))


def samples_needed(
    pool: int, confidence: float = 0.999, *, have: Optional[int] = None, marks: Sequence[int] = ()
) -> Report:
    """How many samples make one pattern beyond a pool of `pool` improbable: the smallest n
    with ``(P/(P+1))^n`` at most ``1 - confidence`` (``samples``, ``probability``), and the
    same figures for the `have` samples you have (``have``) and at each of `marks`
    (``marks``, as ``--mark`` gives them; absent when there are none)."""
    pool = check_int("pool", pool, 1)
    if isinstance(confidence, bool) or not isinstance(confidence, (int, float)):
        raise TypeError(f"confidence must be a number, got {type(confidence).__name__}")
    if have is not None:
        have = check_int("have", have, 0)
    if isinstance(marks, (str, bytes)):
        raise TypeError("marks must be a sequence of sample counts, not a string")
    marks = [check_int("marks", m, 0) for m in marks]
    return Report(_delve.sliding_samples_needed(pool, float(confidence), have=have, marks=marks))


def read(
    image_path: Union[_PathLike, Iterable[_PathLike]],
    *,
    templates: _PathLike,
    video: bool = False,
    threshold: float = 0.95,
    csv: Optional[_PathLike] = None,
    max_megapixels: Optional[float] = None,
    progress: bool = False,
    on_progress: Optional[Callable[[Stats], Any]] = None,
) -> Report:
    """Reads boards from screenshots by tile templates (the original study's §4-3), as
    ``delve sliding read`` does.

    `image_path` is a frame (PNG or JPEG), a list of frames (read in the order given), a
    folder of frames (read in name order: frame2 before frame10) or, with ``video=True``, a
    video decoded by the ``ffmpeg`` program. `templates` is a folder of
    ``{puzzle}{piece}.png|jpg`` crops or a JSON manifest. A piece matches when its normalised
    cross-correlation is at least `threshold`. Frames with no puzzle, a piece missing, a
    piece between two cells or two pieces on one cell are skipped and counted; consecutive
    frames of one board count once. ``csv`` also writes the boards as the
    ``puzzle_number,pattern`` CSV :func:`analyze` reads; a frame of more than
    ``max_megapixels`` million pixels (default 40) is refused before it is decoded.

    The report has the keys of ``delve sliding read --json``: ``boards`` (``frame``,
    ``puzzle``, ``pattern``, ``score``), ``frames``, ``skipped``, ``repeats``, ``skips`` (by
    reason) and ``csv``. Templates that do not read raise :class:`delve.ParseError`; a frame
    that cannot be read or decoded raises ``OSError``.
    """
    if not isinstance(templates, (str, os.PathLike)):
        raise TypeError(f"templates must be a str or a path, got {type(templates).__name__}")
    frames = folder = movie = None
    if isinstance(image_path, (str, os.PathLike)):
        path = os.fspath(image_path)
        if video:
            movie = path
        elif os.path.isdir(path):
            folder = path
        else:
            frames = [path]
    elif video:
        raise TypeError("video=True takes one video file")
    else:
        try:
            frames = [os.fspath(p) for p in image_path]
        except TypeError:
            raise TypeError(
                f"image_path must be a path, a list of paths or a folder, got {type(image_path).__name__}"
            ) from None
        if not frames:
            raise ValueError("no frames given")
    if isinstance(threshold, bool) or not isinstance(threshold, (int, float)):
        raise TypeError(f"threshold must be a number, got {type(threshold).__name__}")
    return call(
        _delve.sliding_read, "reading frames", progress, on_progress, os.fspath(templates), frames=frames,
        folder=folder, video=movie, threshold=float(threshold), csv=None if csv is None else os.fspath(csv),
        max_megapixels=max_megapixels,
    )
