"""Constraint satisfaction: variables with finite domains of any Python values, and
constraints given as relations or as Python predicates, on delve's CSP engine.

::

    colours = ["red", "green", "blue"]
    regions = ["WA", "NT", "SA", "Q", "NSW", "V", "T"]
    borders = [("WA", "NT"), ("WA", "SA"), ("NT", "SA"), ("NT", "Q"), ("SA", "Q"),
               ("SA", "NSW"), ("SA", "V"), ("Q", "NSW"), ("NSW", "V")]
    r = delve.csp.solve({v: colours for v in regions}, [(a, "!=", b) for a, b in borders])
    r.solution            # {'WA': 'red', 'NT': 'green', ...}
    delve.csp.solve(same, same, count=True).count      # 18 colourings

A constraint is one of:

- ``(x, op, y)`` with ``op`` one of ``"=="``, ``"!="``, ``"<"``, ``"<="``, ``">"``, ``">="``,
  comparing the two variables' values;
- ``(x, y, predicate)``: ``predicate(value_of_x, value_of_y)`` is true when allowed;
- ``all_different(vars)``;
- ``(vars, predicate)`` with a tuple or list of variables: ``predicate(*values)``, called
  during the search (the slowest kind: prefer the binary forms where they fit).

Binary constraints are turned into tables of allowed pairs before the search, so the search
itself runs without Python. An aima-python ``CSP`` object (``variables``, ``domains``,
``neighbors``, ``constraints(A, a, B, b)``) is taken as it is by :func:`solve_aima`.

The algorithms: ``"mac"`` (maintaining arc consistency, the default), ``"mrv-fc"``
(smallest domain first with forward checking), ``"backtracking"`` (plain) and
``"min-conflicts"`` (local search, ``seed=``). The report has ``solution`` (a dict, ``None``
when there is none), ``counters`` (assignments, backtracks, checks, pruned) and with
``count=True`` ``count``; the limits ``max_nodes`` (assignments), ``timeout`` and
``max_memory`` apply.
"""

from __future__ import annotations

import operator
from typing import Any, Callable, Dict, Hashable, Iterable, List, Optional, Sequence, Tuple

from . import _delve
from ._report import Report, Stats, finish, with_progress

__all__ = ["ALGORITHMS", "all_different", "solve", "solve_aima"]

#: The algorithms :func:`solve` takes.
ALGORITHMS = ("mac", "mrv-fc", "backtracking", "min-conflicts")

_OPERATORS = {
    "==": operator.eq,
    "!=": operator.ne,
    "<": operator.lt,
    "<=": operator.le,
    ">": operator.gt,
    ">=": operator.ge,
}

#: The most allowed-pair table entries one binary constraint may need.
MAX_TABLE = 4_000_000


class _AllDifferent:
    __slots__ = ("variables",)

    def __init__(self, variables: Iterable[Hashable]) -> None:
        self.variables = list(variables)

    def __repr__(self) -> str:
        return f"all_different({self.variables!r})"


def all_different(variables: Iterable[Hashable]) -> Any:
    """A constraint: the variables all take different values."""
    return _AllDifferent(variables)


def _table(xs: Sequence[Any], ys: Sequence[Any], allowed: Callable[[Any, Any], Any]) -> List[bool]:
    if len(xs) * len(ys) > MAX_TABLE:
        raise ValueError(
            f"a binary constraint over {len(xs)} × {len(ys)} values is too large for a table; "
            "give it as an n-ary predicate ((x, y), predicate) instead"
        )
    return [bool(allowed(a, b)) for a in xs for b in ys]


def solve(
    domains: Dict[Hashable, Iterable[Any]],
    constraints: Iterable[Any] = (),
    *,
    algo: str = "mac",
    count: bool = False,
    seed: int = 0,
    max_nodes: Optional[int] = None,
    timeout: Optional[float] = None,
    max_memory: Optional[float] = None,
    progress: bool = False,
    on_progress: Optional[Callable[[Stats], Any]] = None,
) -> Report:
    """Solves the CSP whose variables are the keys of `domains` (each with its values, in
    the order to try them) under `constraints` (see the module's help for their forms)."""
    if not isinstance(domains, dict):
        raise TypeError(f"domains must be a dict of variable -> values, got {type(domains).__name__}")
    names = list(domains)
    index = {v: i for i, v in enumerate(names)}
    values = [list(domains[v]) for v in names]
    for v, vals in zip(names, values):
        if not vals:
            raise ValueError(f"variable {v!r} has no values")

    def var(v: Hashable) -> int:
        try:
            return index[v]
        except (KeyError, TypeError):
            raise ValueError(f"constraint on {v!r}, which is not a variable (variables: {names!r})") from None

    binary: List[Tuple[int, int, Optional[str], Optional[List[bool]]]] = []
    groups: List[List[int]] = []
    nary: List[Tuple[List[int], Callable[..., bool]]] = []
    for c in constraints:
        if isinstance(c, _AllDifferent):
            ids = [var(v) for v in c.variables]
            if all(values[i] == values[ids[0]] for i in ids):
                groups.append(ids)
            else:
                binary += [(x, y, None, _table(values[x], values[y], operator.ne))
                           for k, x in enumerate(ids) for y in ids[k + 1:]]
        elif isinstance(c, tuple) and len(c) == 3 and callable(c[2]) and not isinstance(c[2], str):
            x, y = var(c[0]), var(c[1])
            binary.append((x, y, None, _table(values[x], values[y], c[2])))
        elif isinstance(c, tuple) and len(c) == 3 and isinstance(c[1], str):
            x, op, y = var(c[0]), c[1], var(c[2])
            if op not in _OPERATORS:
                raise ValueError(f"unknown relation {op!r} in {c!r} (expected one of {', '.join(_OPERATORS)})")
            if op in ("==", "!=") and values[x] == values[y]:
                binary.append((x, y, op, None))
            else:
                binary.append((x, y, None, _table(values[x], values[y], _OPERATORS[op])))
        elif isinstance(c, tuple) and len(c) == 2 and isinstance(c[0], (tuple, list)) and callable(c[1]):
            ids = [var(v) for v in c[0]]
            pred, vals = c[1], [values[i] for i in ids]
            nary.append((ids, lambda *idx, pred=pred, vals=vals: pred(*(vs[i] for vs, i in zip(vals, idx)))))
        else:
            raise TypeError(
                f"cannot read the constraint {c!r}: expected (x, op, y), (x, y, predicate), "
                "all_different(vars) or (vars, predicate)"
            )
    data, solution, interrupted = with_progress(
        _delve.csp_solve, algo, progress, on_progress, [len(v) for v in values], binary, groups, nary,
        algo=algo, count_all=count, seed=seed, max_nodes=max_nodes, timeout=timeout, max_memory=max_memory,
    )
    if not count:
        data["solution"] = None if solution is None else {v: values[i][k] for i, (v, k) in enumerate(zip(names, solution))}
    return finish(Report(data), interrupted)


def solve_aima(csp: Any, **options: Any) -> Report:
    """Solves an aima-python ``CSP`` object as it is: its ``variables``, ``domains``,
    ``neighbors`` and binary ``constraints(A, a, B, b)``. The options are those of
    :func:`solve`."""
    domains = {v: list(csp.domains[v]) for v in csp.variables}
    constraints = []
    for a in csp.variables:
        for b in csp.neighbors[a]:
            if repr(a) < repr(b) or (repr(a) == repr(b) and id(a) < id(b)):
                constraints.append((a, b, lambda x, y, a=a, b=b: csp.constraints(a, x, b, y)))
    return solve(domains, constraints, **options)
