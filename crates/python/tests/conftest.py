"""What the tests share: the CLI to compare with, and reports compared without their timings."""

from __future__ import annotations

import json
import os
import pathlib
import subprocess
from typing import Any, List

import pytest

HERE = pathlib.Path(__file__).resolve().parent
REPO = HERE.parents[2]
DATA = REPO / "crates" / "domains"

#: Keys that hold wall-clock times: they differ from run to run.
TIMING = {"elapsed_ms", "micros", "total_ms", "mean_micros", "max_micros"}


def cli_path() -> pathlib.Path:
    """The `delve` binary: `$DELVE`, else the workspace's debug build."""
    return pathlib.Path(os.environ.get("DELVE") or HERE / ".." / ".." / ".." / "target" / "debug" / "delve")


@pytest.fixture(scope="session")
def delve_cli():
    """Runs the CLI with `--json` and returns its parsed output (skips when there is no
    binary)."""
    binary = cli_path()
    if not binary.is_file():
        pytest.skip(
            f"no delve binary at {binary}: build it (`cargo build -p delve-cli`) or set DELVE to it "
            "to compare with the CLI"
        )

    def run(*args: str, stdin: str | None = None) -> Any:
        out = subprocess.run(
            [str(binary), *args, "--json"], input=stdin, capture_output=True, text=True, timeout=120, cwd=REPO
        )
        assert out.stdout.strip(), f"delve {' '.join(args)} printed nothing: {out.stderr}"
        return json.loads(out.stdout)

    return run


def untimed(value: Any) -> Any:
    """`value` (a report's dict) without its timing fields, at any depth."""
    if isinstance(value, dict):
        return {k: untimed(v) for k, v in value.items() if k not in TIMING}
    if isinstance(value, list):
        return [untimed(v) for v in value]
    return value


def same(report: Any, cli: Any, drop: List[str] = ()) -> None:
    """Asserts that a report equals the CLI's output, timings (and `drop`) aside."""
    mine = untimed(report.to_dict() if hasattr(report, "to_dict") else report)
    theirs = untimed(cli)
    for key in drop:
        mine.pop(key, None)
        theirs.pop(key, None)
    assert mine == theirs
