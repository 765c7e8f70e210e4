"""delve.tictactoe: the same counts as `delve tictactoe count --json`."""

import pytest

import delve
from conftest import same


def test_count_matches_the_cli(delve_cli):
    same(delve.tictactoe.count(), delve_cli("tictactoe", "count"))


def test_count():
    c = delve.tictactoe.count()
    assert (c.games, c.x_wins, c.o_wins, c.draws, c.positions) == (255168, 131184, 77904, 46080, 5478)


def test_bad_arguments():
    with pytest.raises(TypeError):
        delve.tictactoe.count(3)
