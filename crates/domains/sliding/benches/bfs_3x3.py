#!/usr/bin/env python3
"""A straightforward breadth-first enumeration of a sliding puzzle, the way one writes it in
Python by hand: states are tuples, a dict records each state's depth, a deque is the queue.

The comparison point for `delve sliding enumerate 3x3` in BENCHMARKS.md (the original study
program, with lists and `in` on a list, took about two hours).

    python3 crates/domains/sliding/benches/bfs_3x3.py [ROWS COLS]
"""

import sys
import time
from collections import deque


def enumerate_space(rows, cols):
    n = rows * cols
    goal = tuple(range(1, n)) + (0,)
    depth = {goal: 0}
    queue = deque([goal])
    while queue:
        state = queue.popleft()
        d = depth[state] + 1
        blank = state.index(0)
        r, c = divmod(blank, cols)
        for nr, nc in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
            if 0 <= nr < rows and 0 <= nc < cols:
                other = nr * cols + nc
                cells = list(state)
                cells[blank], cells[other] = cells[other], cells[blank]
                child = tuple(cells)
                if child not in depth:
                    depth[child] = d
                    queue.append(child)
    return depth


def main():
    rows, cols = (int(sys.argv[1]), int(sys.argv[2])) if len(sys.argv) == 3 else (3, 3)
    start = time.perf_counter()
    depth = enumerate_space(rows, cols)
    elapsed = time.perf_counter() - start
    per_depth = [0] * (max(depth.values()) + 1)
    for d in depth.values():
        per_depth[d] += 1
    average = sum(d * c for d, c in enumerate(per_depth)) / len(depth)
    print(f"{rows}x{cols}: {len(depth)} states, hardest {len(per_depth) - 1} "
          f"({per_depth[-1]} states), average {average!r}; {elapsed * 1000:.1f} ms")


if __name__ == "__main__":
    main()
