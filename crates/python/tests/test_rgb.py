"""delve.rgb: the same reports as `delve rgb solve … --json`."""

import pytest

import delve
from conftest import DATA, same

LEVELS = DATA / "rgb" / "data"


@pytest.mark.parametrize(
    "name, algo, rules",
    [("Custom.txt", "astar", "pairwise"), ("P-7.txt", "ils", "pairwise"), ("A-4.txt", "ucs", "reference"),
     ("archiloque/E-1.txt", "idastar", "archiloque")],
)
def test_solve_matches_the_cli(delve_cli, name, algo, rules):
    path = LEVELS / name
    report = delve.rgb.solve(path=path, algo=algo, rules=rules)
    same(report, delve_cli("rgb", "solve", str(path), "--algo", algo, "--rules", rules))


def test_text_and_path_agree():
    path = LEVELS / "Custom.txt"
    by_path = delve.rgb.solve(path=path).to_dict()
    by_text = delve.rgb.solve(path.read_text()).to_dict()
    assert by_path.pop("level") == "Custom"
    by_text.pop("level")
    assert by_text["cost"] == by_path["cost"] == 6 and by_text["plan"] == by_path["plan"]


def test_parse_errors_have_line_and_column():
    text = (LEVELS / "Custom.txt").read_text().replace("capacity", "capacty", 1)
    with pytest.raises(delve.ParseError) as e:
        delve.rgb.solve(text)
    assert e.value.line is not None and e.value.column is not None
    assert "unknown key" in str(e.value)


def test_bad_arguments():
    with pytest.raises(ValueError, match="does not find optimal plans"):
        delve.rgb.solve(path=LEVELS / "Custom.txt", algo="bfs")
    with pytest.raises(ValueError, match="unknown rule set"):
        delve.rgb.solve(path=LEVELS / "Custom.txt", rules="strict")
    with pytest.raises(OSError):
        delve.rgb.solve(path=LEVELS / "missing.txt")
    with pytest.raises(ValueError, match="exactly one"):
        delve.rgb.solve()
