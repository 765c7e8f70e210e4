"""CS188's game-tree tests (``GraphGameTreeTest``), as ``delve game cs188`` runs them;
re-exported as :func:`delve.game.cs188`."""

from __future__ import annotations

import os
from typing import Any, Callable, Optional, Sequence, Union

from . import _delve
from ._native import call
from ._report import Report, Stats

__all__ = ["cs188"]

PathLike = Union[str, "os.PathLike[str]"]


def _is_text(value: str) -> bool:
    """Whether `value` is a test's text rather than a path: it spans lines or opens with a
    field (``class: "GraphGameTreeTest"``)."""
    return "\n" in value or value.lstrip().startswith(("class:", "#"))


def cs188(
    path_or_text: Union[PathLike, Sequence[PathLike]],
    *,
    solution: Optional[str] = None,
    max_nodes: Optional[int] = None,
    timeout: Optional[float] = None,
    max_memory: Optional[float] = None,
    progress: bool = False,
    on_progress: Optional[Callable[[Stats], Any]] = None,
) -> Report:
    """Runs Berkeley CS188's game-tree tests on delve's minimax, alpha-beta and expectimax:
    the agent's move and the states it generates against the solution.

    `path_or_text` is a ``*.test`` file (its ``*.solution`` sits beside it), a folder (its
    ``*.test`` files all run, sorted by name), a list of them, or a test's text, whose
    solution's text is then ``solution=``. The report has the keys of
    ``delve game cs188 --json``: ``files`` (each with ``file``, ``question``, ``passed``,
    ``action``, ``expected_action`` and, when a limit stopped its search, ``stop_reason``),
    ``passed`` and ``failed``. The limits hold for each test's search; a stopped search fails
    its test. A malformed test raises :class:`delve.ParseError` with its line and column.
    """
    paths = None
    text = None
    if isinstance(path_or_text, str) and _is_text(path_or_text):
        if solution is None:
            raise ValueError("a test given as text needs its solution's text as solution=")
        text = path_or_text
    elif isinstance(path_or_text, (str, os.PathLike)):
        paths = [os.fspath(path_or_text)]
    elif isinstance(path_or_text, (list, tuple)):
        if not path_or_text:
            raise ValueError("no tests given")
        for p in path_or_text:
            if not isinstance(p, (str, os.PathLike)):
                raise TypeError(f"each test must be a str or a path, got {type(p).__name__}")
        paths = [os.fspath(p) for p in path_or_text]
    else:
        raise TypeError(f"path_or_text must be a path, a list of paths or a test's text, got {type(path_or_text).__name__}")
    if solution is not None and not isinstance(solution, str):
        raise TypeError(f"solution must be a str, got {type(solution).__name__}")
    if paths is not None and solution is not None:
        raise ValueError("solution= goes with a test given as text; a test file's solution sits beside it")
    return call(
        _delve.game_cs188, "cs188", progress, on_progress, paths=paths, text=text, solution=solution,
        max_nodes=max_nodes, timeout=timeout, max_memory=max_memory,
    )
