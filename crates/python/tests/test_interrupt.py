"""Ctrl-C: SIGINT stops a long search within 2 s and raises KeyboardInterrupt carrying the
stopped report."""

from __future__ import annotations

import signal
import subprocess
import sys
import textwrap
import time

import pytest

SCRIPT = textwrap.dedent(
    """
    import sys
    import delve

    print("ready", flush=True)
    try:
        SEARCH
    except KeyboardInterrupt as interrupt:
        report = interrupt.result
        print(report.outcome, report.stop_reason, report.stats.expanded, flush=True)
        sys.exit(0)
    print("finished without an interrupt", flush=True)
    sys.exit(1)
    """
)


SEARCHES = {
    # Python callbacks: the signal is felt between callbacks, or raised inside one.
    "callbacks": "delve.search.bfs(0, lambda n: [(n + 1, 1), (n + 2, 1), (n * 2, 1)], lambda n: n < 0)",
    # A native search on the calling thread: its observer checks the signals.
    "native": "delve.sliding.solve('1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 0 16 17 18 19 20 21 22 23 24',"
    " goal='0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 24', algo='bfs')",
    # A parallel native search: the calling thread checks the signals while it runs.
    "parallel": "delve.queens.count(18)",
}


@pytest.mark.skipif(sys.platform == "win32", reason="SIGINT to a child process is POSIX")
@pytest.mark.parametrize("kind", SEARCHES)
def test_sigint_stops_a_long_search_with_its_stats(kind):
    script = SCRIPT.replace("SEARCH", SEARCHES[kind])
    child = subprocess.Popen([sys.executable, "-c", script], stdout=subprocess.PIPE, text=True)
    try:
        assert child.stdout.readline().strip() == "ready"
        time.sleep(1.0)
        sent = time.monotonic()
        child.send_signal(signal.SIGINT)
        out, _ = child.communicate(timeout=10)
        took = time.monotonic() - sent
    finally:
        child.kill()
    assert child.returncode == 0, out
    outcome, reason, expanded = out.split()
    assert (outcome, reason) == ("stopped", "cancelled")
    if kind != "parallel":  # a count reports its work when it ends
        assert int(expanded) > 1000
    assert took < 2.0
