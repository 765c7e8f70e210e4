"""delve.csp: map colouring, relations, predicates and all-different, checked by brute force
and against aima3's own CSP objects."""

from __future__ import annotations

import itertools

import pytest

import delve

COLOURS = ["red", "green", "blue"]
REGIONS = ["WA", "NT", "SA", "Q", "NSW", "V", "T"]
BORDERS = [("WA", "NT"), ("WA", "SA"), ("NT", "SA"), ("NT", "Q"), ("SA", "Q"), ("SA", "NSW"),
           ("SA", "V"), ("Q", "NSW"), ("NSW", "V")]


def brute_force(domains, allowed):
    """Every assignment (a dict) that `allowed` accepts, by enumeration."""
    names = list(domains)
    for values in itertools.product(*(domains[v] for v in names)):
        assignment = dict(zip(names, values))
        if allowed(assignment):
            yield assignment


def australia_ok(a):
    return all(a[x] != a[y] for x, y in BORDERS)


@pytest.mark.parametrize("algo", delve.csp.ALGORITHMS)
def test_every_algorithm_colours_australia(algo):
    report = delve.csp.solve({v: COLOURS for v in REGIONS}, [(a, "!=", b) for a, b in BORDERS], algo=algo, seed=3)
    assert report.solved and report.outcome == "solved"
    assert set(report.solution) == set(REGIONS) and australia_ok(report.solution)
    assert set(report.counters) == {"assignments", "backtracks", "checks", "pruned"}


def test_counts_equal_brute_force():
    domains = {v: COLOURS for v in REGIONS}
    expected = sum(1 for _ in brute_force(domains, australia_ok))
    for algo in ("mac", "mrv-fc", "backtracking"):
        report = delve.csp.solve(domains, [(a, "!=", b) for a, b in BORDERS], algo=algo, count=True)
        assert report.count == expected == 18, algo
        assert report.outcome == "complete"


def test_relations_predicates_and_all_different_on_mixed_domains():
    domains = {"x": [1, 2, 3, 4], "y": [2, 3, 4, 5], "z": [0, 1, 2, 3, 4, 5, 6], "w": ["a", "bb", "ccc"]}
    constraints = [
        ("x", "<", "y"),
        ("y", "z", lambda y, z: (y + z) % 3 == 0),
        delve.csp.all_different(["x", "y", "z"]),
        (("x", "z", "w"), lambda x, z, w: x + z >= len(w)),
    ]

    def allowed(a):
        return (a["x"] < a["y"] and (a["y"] + a["z"]) % 3 == 0 and len({a["x"], a["y"], a["z"]}) == 3
                and a["x"] + a["z"] >= len(a["w"]))

    expected = list(brute_force(domains, allowed))
    report = delve.csp.solve(domains, constraints, count=True)
    assert report.count == len(expected) > 0
    solved = delve.csp.solve(domains, constraints)
    assert solved.solution in expected


def test_no_solution_and_limits():
    report = delve.csp.solve({"a": [1, 2], "b": [1, 2], "c": [1, 2]}, [delve.csp.all_different("abc")])
    assert (report.solved, report.outcome, report.solution) == (False, "no_solution", None)
    queens = {i: list(range(40)) for i in range(40)}
    constraints = [(i, j, lambda a, b, d=j - i: a != b and abs(a - b) != d) for i in range(40) for j in range(i + 1, 40)]
    stopped = delve.csp.solve(queens, constraints, algo="backtracking", max_nodes=50)
    assert stopped.outcome == "stopped" and stopped.stop_reason == "node_limit" and stopped.solution is None


def test_aima3_csps():
    aima_csp = pytest.importorskip("aima3.csp", reason="pip install --no-deps aima3")
    for problem in (aima_csp.australia, aima_csp.usa):
        report = delve.csp.solve_aima(problem)
        assert report.solved
        assert all(problem.nconflicts(v, report.solution[v], report.solution) == 0 for v in problem.variables)
        assert aima_csp.backtracking_search(problem) is not None
    # 92 placements of 8 queens (OEIS A000170), on aima3's own N-queens CSP.
    assert delve.csp.solve_aima(aima_csp.NQueensCSP(8), count=True).count == 92


def test_errors():
    with pytest.raises(ValueError, match="not a variable"):
        delve.csp.solve({"a": [1]}, [("a", "!=", "b")])
    with pytest.raises(ValueError, match="unknown relation"):
        delve.csp.solve({"a": [1], "b": [2]}, [("a", "<>", "b")])
    with pytest.raises(TypeError, match="cannot read the constraint"):
        delve.csp.solve({"a": [1], "b": [2]}, ["a != b"])
    with pytest.raises(ValueError, match="has no values"):
        delve.csp.solve({"a": []})
    with pytest.raises(ValueError, match="unknown CSP algorithm"):
        delve.csp.solve({"a": [1]}, algo="dfs")
    with pytest.raises(ValueError, match="cannot count"):
        delve.csp.solve({"a": [1]}, algo="min-conflicts", count=True)
    with pytest.raises(TypeError, match="domains must be a dict"):
        delve.csp.solve([1, 2])

    def explode(a, b, c):
        raise LookupError("predicate failed")

    with pytest.raises(LookupError, match="predicate failed"):
        delve.csp.solve({"a": [1, 2], "b": [1, 2], "c": [1, 2]}, [(("a", "b", "c"), explode)])
