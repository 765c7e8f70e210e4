"""Multi-agent Pacman, Berkeley CS188's game with its rules exactly, as ``delve pacman play``
and ``delve pacman grade`` run it.

::

    import delve

    r = delve.pacman.play("testClassic", "reflex", games=3)
    r.wins, r.average_score, r.scores
    delve.pacman.play("smallClassic", "expectimax", depth=2, eval="better", games=3, seed=1)
    delve.pacman.play(text=my_layout, agent="alphabeta", depth=3)
    g = delve.pacman.grade("crates/domains/pacman/data/cs188/q2")
    g.points, g.max_points, g.passed, g.failed

``play`` returns the keys of ``delve pacman play --json`` (``games``, ``wins``,
``win_rate``, ``average_score``, ``scores``, ``ms_per_move``, ``generated_per_move``, the
settings and ``stop_reason``); ``grade`` those of ``delve pacman grade --json``
(``questions`` with each test's verdict, ``points``, ``max_points``, ``passed``,
``failed``, ``stop_reason``). A layout that does not read raises :class:`delve.ParseError`
with its line and column; an unknown agent, evaluation or ghost name raises ``ValueError``.
"""

from __future__ import annotations

import os
from typing import Any, Callable, List, Optional, Union

from . import _delve
from ._native import call, check_int, check_str
from ._report import Report, Stats

__all__ = ["AGENTS", "EVALS", "GHOSTS", "GHOST_MODELS", "layouts", "play", "grade"]

#: Pacman's agents: one move ahead (``reflex``) or a search of ``depth`` rounds.
AGENTS = ("reflex", "minimax", "alphabeta", "expectimax")
#: The searches' evaluation functions: the game score, or score plus maze-distance features.
EVALS = ("score", "better")
#: The ghosts: every legal move equally likely, or towards Pacman with probability 0.8.
GHOSTS = ("random", "directional")
#: How expectimax expects the ghosts to move: uniformly (CS188's model) or as directional
#: ghosts do.
GHOST_MODELS = ("uniform", "directional")


def layouts() -> List[str]:
    """The names of the built-in layouts (``testClassic``, ``smallClassic``, …)."""
    return list(_delve.pacman_layouts())


def play(
    layout: Union[str, "os.PathLike[str]"] = "testClassic",
    agent: str = "reflex",
    *,
    text: Optional[str] = None,
    depth: int = 2,
    eval: str = "better",
    ghosts: str = "random",
    ghost_model: str = "uniform",
    far_ghosts: Optional[int] = None,
    num_ghosts: Optional[int] = None,
    games: int = 1,
    seed: int = 0,
    max_moves: int = 5000,
    timeout: Optional[float] = None,
    progress: bool = False,
    on_progress: Optional[Callable[[Stats], Any]] = None,
) -> Report:
    """Plays `games` games of `agent` (one of :data:`AGENTS`) against the ghosts on `layout`
    (a built-in name, see :func:`layouts`, or a ``.lay`` file), or on the layout `text`.

    ``depth`` counts rounds (one move of Pacman and of every ghost, 1 to 8); ``eval`` is one
    of :data:`EVALS`, ``ghosts`` one of :data:`GHOSTS`, ``ghost_model`` one of
    :data:`GHOST_MODELS`; ``far_ghosts`` (with the directional model) lets ghosts farther than
    that many steps make only their likeliest move. ``num_ghosts`` plays with only the first
    K ghosts; ``seed`` seeds the ghosts' moves (same seed, same games); a game ends after
    ``max_moves`` Pacman moves (not won). ``timeout`` (seconds) bounds the whole series: a
    game it stops ends the series, and the report's ``stop_reason`` says so.
    """
    if isinstance(layout, os.PathLike):
        layout = os.fspath(layout)
    check_str("layout", layout)
    check_str("agent", agent)
    if text is not None:
        check_str("text", text)
    depth = check_int("depth", depth, 1, 8)
    games = check_int("games", games, 1)
    seed = check_int("seed", seed, 0, 2**64 - 1)
    max_moves = check_int("max_moves", max_moves, 0)
    if far_ghosts is not None:
        far_ghosts = check_int("far_ghosts", far_ghosts, 0, 2**32 - 1)
    if num_ghosts is not None:
        num_ghosts = check_int("num_ghosts", num_ghosts, 0)
    return call(
        _delve.pacman_play, "pacman", progress, on_progress, layout=layout, text=text, agent=agent, depth=depth,
        eval=check_str("eval", eval), ghosts=check_str("ghosts", ghosts),
        ghost_model=check_str("ghost_model", ghost_model), far_ghosts=far_ghosts, num_ghosts=num_ghosts,
        games=games, seed=seed, max_moves=max_moves, timeout=timeout,
    )


def grade(
    path: Union[str, "os.PathLike[str]"],
    *,
    max_nodes: Optional[int] = None,
    timeout: Optional[float] = None,
    max_memory: Optional[float] = None,
    progress: bool = False,
    on_progress: Optional[Callable[[Stats], Any]] = None,
) -> Report:
    """Runs CS188's test files for Pacman games in `path` (a question folder with a
    ``CONFIG`` file, or a folder of them) and gives the points its autograder would.

    Runs the ``PacmanGameTreeTest`` (a graded game where the states the agent creates per
    move must match the counts of Berkeley's own agents), the ``EvalAgentTest`` (games with
    thresholds on wins and average score) and any ``GraphGameTreeTest`` beside them. The
    limits hold for each test and each of its searches; a stop ends the grading
    (``stop_reason``). A malformed test file raises :class:`delve.ParseError`.
    """
    if not isinstance(path, (str, os.PathLike)):
        raise TypeError(f"path must be a str or a path, got {type(path).__name__}")
    return call(
        _delve.pacman_grade, "grading", progress, on_progress, os.fspath(path), max_nodes=max_nodes,
        timeout=timeout, max_memory=max_memory,
    )
