"""Speed against aima-python: the same 8-puzzle instances and Romania, side by side in one run.

    python crates/python/benches/aima_speed.py [INSTANCES] [--native]

For each instance (seeded random walks from the goal, kept when A* needs 20 to 26 moves) it
times aima3's `astar_search`, delve's A* on the very same aima3 `Problem` object (Python
callbacks), and with `--native` delve's sliding domain from Python (`delve.sliding.solve`: A*
with its additive pattern database, built into a fresh temporary folder by the first call, the
build counted in the total), checks that all three costs agree, and prints the totals and
ratios. Then Romania, and the call overhead of a trivial native solve.
"""

from __future__ import annotations

import random
import sys
import tempfile
import time

from aima3 import search as aima

import delve

sys.path.insert(0, __file__.rsplit("/", 2)[0] + "/tests")
from test_aima import EightPuzzle  # noqa: E402


def instances(count: int, seed: int = 2026):
    rng = random.Random(seed)
    found = []
    while len(found) < count:
        state = EightPuzzle.GOAL
        p = EightPuzzle(state)
        for _ in range(rng.randrange(40, 200)):
            state = p.result(state, rng.choice(p.actions(state)))
        cost = delve.search.solve(EightPuzzle(state), algo="astar").cost
        if 20 <= cost <= 26:
            found.append(state)
    return found


def timed(f):
    start = time.perf_counter()
    value = f()
    return value, time.perf_counter() - start


def main() -> None:
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    native = "--native" in sys.argv
    count = int(args[0]) if args else 20
    totals = {"aima3": 0.0, "delve-callbacks": 0.0, "delve-native": 0.0}
    pdb_dir = tempfile.mkdtemp(prefix="delve-pdb-")
    starts = instances(count)
    for start in starts:
        p = EightPuzzle(start)
        node, t_aima = timed(lambda: aima.astar_search(p))
        report, t_cb = timed(lambda: delve.search.solve(p, algo="astar"))
        assert report.cost == node.path_cost
        totals["aima3"] += t_aima
        totals["delve-callbacks"] += t_cb
        line = f"{start}: {node.path_cost} moves  aima3 {t_aima * 1000:9.1f} ms  delve (callbacks) {t_cb * 1000:7.2f} ms"
        if native:
            board = " ".join(map(str, start))
            goal = " ".join(map(str, EightPuzzle.GOAL))
            native_report, t_nat = timed(lambda: delve.sliding.solve(board, goal=goal, algo="astar", heuristic="pdb", pdb_dir=pdb_dir))
            assert native_report.moves == node.path_cost
            totals["delve-native"] += t_nat
            line += f"  delve (native) {t_nat * 1000:7.3f} ms"
        print(line, flush=True)
    print(f"8-puzzle, {count} instances: aima3 {totals['aima3']:.2f} s, delve with callbacks "
          f"{totals['delve-callbacks']:.3f} s ({totals['aima3'] / totals['delve-callbacks']:.1f}x)")
    if native:
        print(f"  delve native {totals['delve-native']:.4f} s ({totals['aima3'] / totals['delve-native']:.0f}x), "
              "the pattern database's build in the first call included")
        goal = " ".join(map(str, EightPuzzle.GOAL))
        boards = [" ".join(map(str, start)) for start in starts]
        _, again = timed(lambda: [delve.sliding.solve(b, goal=goal, algo="astar", heuristic="pdb", pdb_dir=pdb_dir)
                                  for b in boards])
        print(f"  delve native again, tables built: {again:.4f} s ({totals['aima3'] / again:.0f}x)")
    romania = aima.GraphProblem("Arad", "Bucharest", aima.romania_map)
    reps = 200
    _, t_aima = timed(lambda: [aima.astar_search(romania) for _ in range(reps)])
    _, t_cb = timed(lambda: [delve.search.solve(romania, algo="astar") for _ in range(reps)])
    _, t_nat = timed(lambda: [delve.route.solve("Arad", "Bucharest") for _ in range(reps)])
    print(f"Romania A*, per search: aima3 {t_aima / reps * 1e6:.0f} us, delve with callbacks "
          f"{t_cb / reps * 1e6:.0f} us ({t_aima / t_cb:.1f}x), delve native {t_nat / reps * 1e6:.0f} us "
          f"({t_aima / t_nat:.1f}x)")
    trivial = 2000
    _, t = timed(lambda: [delve.route.solve("Arad", "Arad") for _ in range(trivial)])
    print(f"trivial native solve (route Arad to Arad): {t / trivial * 1e6:.1f} us per call")


if __name__ == "__main__":
    main()
