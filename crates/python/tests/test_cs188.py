"""delve.game.cs188: the same reports as `delve game cs188 … --json`."""

import pytest

import delve
from conftest import REPO, same

TESTS = REPO / "crates" / "game" / "data" / "cs188"


def test_folders_match_the_cli(delve_cli):
    folders = [TESTS / "q2", TESTS / "q3"]
    report = delve.game.cs188(folders)
    same(report, delve_cli("game", "cs188", *map(str, folders)))
    assert report.failed == 0 and report.passed == len(report.files) > 0


def test_one_file_matches_the_cli(delve_cli):
    test = sorted((TESTS / "q4").glob("*.test"))[0]
    same(delve.game.cs188(test), delve_cli("game", "cs188", str(test)))
    same(delve.game.cs188(str(test)), delve_cli("game", "cs188", str(test)))


def test_a_test_as_text():
    test = sorted((TESTS / "q2").glob("*.test"))[0]
    r = delve.game.cs188(test.read_text(), solution=test.with_suffix(".solution").read_text())
    assert (r.passed, r.failed, r.files[0]["file"], r.files[0]["question"]) == (1, 0, "text", None)


def test_limits_fail_a_test():
    r = delve.game.cs188(TESTS / "q2", max_nodes=1)
    assert r.failed > 0 and any(f.get("stop_reason") == "node_limit" for f in r.files)


def test_parse_errors_have_line_and_column():
    with pytest.raises(delve.ParseError) as e:
        delve.game.cs188('class: "GraphGameTreeTest"\nalg: "nope"\n', solution='action: "a"\ngenerated: "A"\n')
    assert e.value.line is not None and e.value.column is not None


def test_bad_arguments():
    with pytest.raises(ValueError, match="solution"):
        delve.game.cs188('class: "GraphGameTreeTest"\n')
    with pytest.raises(TypeError, match="path_or_text"):
        delve.game.cs188(42)
    with pytest.raises(ValueError, match="no tests given"):
        delve.game.cs188([])
    with pytest.raises(OSError):
        delve.game.cs188(TESTS / "q2" / "no-such.test")
