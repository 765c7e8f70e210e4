"""What the domain modules share: argument checks and the call of a native function."""

from __future__ import annotations

import numbers
from typing import Any, Callable, Optional

from ._report import Report, Stats, finish, with_progress


def check_int(name: str, value: Any, minimum: int = 0, maximum: Optional[int] = None) -> int:
    """`value` as an ``int`` from `minimum` (to `maximum`): ``TypeError`` when it is no
    integer (a ``bool`` is none either), ``ValueError`` when it is out of range."""
    if isinstance(value, bool) or not isinstance(value, numbers.Integral):
        raise TypeError(f"{name} must be an integer, got {type(value).__name__}")
    value = int(value)
    if value < minimum or (maximum is not None and value > maximum):
        upper = f" and at most {maximum}" if maximum is not None else ""
        raise ValueError(f"{name} must be at least {minimum}{upper}, got {value}")
    return value


def check_str(name: str, value: Any) -> str:
    """`value` when it is a ``str``, else a ``TypeError``."""
    if not isinstance(value, str):
        raise TypeError(f"{name} must be a str, got {type(value).__name__}")
    return value


def call(
    native: Callable[..., Any],
    what: str,
    progress: bool,
    on_progress: Optional[Callable[[Stats], Any]],
    *args: Any,
    **kwargs: Any,
) -> Report:
    """Runs `native` (which returns its report and whether Ctrl-C stopped it) with a progress
    bar or callback, and hands back the :class:`Report` (or raises ``KeyboardInterrupt``)."""
    data, interrupted = with_progress(native, what, progress, on_progress, *args, **kwargs)
    return finish(Report(data), interrupted)
