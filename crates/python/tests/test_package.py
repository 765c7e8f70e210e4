"""The package as a whole: every module imports, has help, and the type stubs cover the
native module."""

from __future__ import annotations

import importlib
import pathlib
import re

import delve
from delve import _delve

MODULES = ["search", "game", "csp", "route", "queens", "sudoku", "sliding", "sokoban", "connect4", "tictactoe", "rgb", "pacman"]


def test_every_module_imports_and_documents_itself():
    for name in MODULES:
        module = importlib.import_module(f"delve.{name}")
        assert module.__doc__ and len(module.__doc__) > 100, name
        for attr in getattr(module, "__all__", []):
            obj = getattr(module, attr)
            if callable(obj):
                assert obj.__doc__, f"delve.{name}.{attr} has no docstring"
    assert delve.__version__ == _delve.__version__


def test_stubs_list_every_native_function():
    stub = pathlib.Path(delve.__file__).with_name("_delve.pyi").read_text()
    stubbed = set(re.findall(r"^def (\w+)\(", stub, re.M))
    native = {n for n in dir(_delve) if not n.startswith("_") and callable(getattr(_delve, n))}
    assert stubbed == native
    assert (pathlib.Path(delve.__file__).parent / "py.typed").exists()


def test_progress_bar(capsys):
    report = delve.search.bfs(0, lambda n: [(n + 1, 1), (n + 2, 1)], lambda n: n < 0, timeout=0.2, progress=True)
    assert report.stop_reason == "timeout"
    assert "nodes" in capsys.readouterr().err
