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
        delve.search.bfs(0, lambda n: [(n + 1, 1), (n + 2, 1), (n * 2, 1)], lambda n: n < 0)
    except KeyboardInterrupt as interrupt:
        report = interrupt.result
        print(report.outcome, report.stop_reason, report.stats.expanded, flush=True)
        sys.exit(0)
    print("finished without an interrupt", flush=True)
    sys.exit(1)
    """
)


@pytest.mark.skipif(sys.platform == "win32", reason="SIGINT to a child process is POSIX")
def test_sigint_stops_a_long_search_with_its_stats():
    child = subprocess.Popen([sys.executable, "-c", SCRIPT], stdout=subprocess.PIPE, text=True)
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
    assert int(expanded) > 1000
    assert took < 2.0
