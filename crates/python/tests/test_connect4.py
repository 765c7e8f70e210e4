"""delve.connect4: the same reports as `delve connect4 solve … --json`."""

import pytest

import delve
from conftest import same


@pytest.mark.parametrize("position, weak", [("44455554221", False), ("4455", False), ("44455554221", True),
                                            ("33322214", False)])
def test_solve_matches_the_cli(delve_cli, position, weak):
    report = delve.connect4.solve(position, weak=weak)
    same(report, delve_cli("connect4", "solve", position, *(["--weak"] if weak else [])))


def test_solve_report():
    r = delve.connect4.solve("44455554221")
    assert (r.score, r.best_move, r.stop_reason) == (-15, 4, None)


def test_timeout_stops():
    r = delve.connect4.solve("", timeout=0.05)
    assert (r.score, r.best_move, r.stop_reason) == (None, None, "timeout")


def test_parse_errors_have_line_and_column():
    with pytest.raises(delve.ParseError) as e:
        delve.connect4.solve("448x")
    assert (e.value.line, e.value.column) == (1, 3)
    with pytest.raises(delve.ParseError) as e:
        delve.connect4.solve("1111111")
    assert e.value.column == 7 and "full" in str(e.value)


def test_bad_arguments():
    with pytest.raises(ValueError, match="threads must be at least 1"):
        delve.connect4.solve("4455", threads=0)
    with pytest.raises(ValueError, match="table_bits"):
        delve.connect4.solve("4455", table_bits=40)
    with pytest.raises(TypeError, match="position must be a str"):
        delve.connect4.solve(4455)
