"""delve.pacman: the same reports as `delve pacman play|grade … --json`."""

import pytest

import delve
from conftest import DATA, same

CS188 = DATA / "pacman" / "data" / "cs188"


@pytest.mark.parametrize(
    "layout, agent, extra",
    [
        ("testClassic", "reflex", {"games": 3, "seed": 1}),
        ("minimaxClassic", "alphabeta", {"depth": 2, "games": 2, "seed": 4}),
        ("testClassic", "expectimax", {"depth": 1, "eval": "score", "ghosts": "directional"}),
    ],
)
def test_play_matches_the_cli(delve_cli, layout, agent, extra):
    report = delve.pacman.play(layout, agent, **extra)
    args = ["pacman", "play", "--layout", layout, "--agent", agent]
    for key, value in extra.items():
        args += [f"--{key.replace('_', '-')}", str(value)]
    # The thinking time per move is a timing too.
    same(report, delve_cli(*args), ["ms_per_move"])


def test_play_report():
    r = delve.pacman.play("testClassic", "reflex", games=2, seed=3)
    assert (r.games, r.agent, r.layout, r.stop_reason) == (2, "reflex", "testClassic", None)
    assert len(r.scores) == 2 and r.win_rate == r.wins / 2
    assert "testClassic" in delve.pacman.layouts()


def test_play_a_layout_text():
    text = "%%%%%\n%P .%\n%%%%%\n"
    r = delve.pacman.play(text=text, agent="reflex")
    assert (r.layout, r.wins, r.games) == ("text", 1, 1)


def test_grade_matches_the_cli(delve_cli):
    q3 = CS188 / "q3"
    report = delve.pacman.grade(q3)
    same(report, delve_cli("pacman", "grade", str(q3)))
    assert (report.points, report.max_points, report.passed, report.failed) == (5, 5, 1, 0)


def test_layout_parse_errors_have_line_and_column():
    with pytest.raises(delve.ParseError) as e:
        delve.pacman.play(text="%%%%%\n%P x%\n%%%%%\n")
    assert (e.value.line, e.value.column) == (2, 4)


def test_bad_arguments():
    with pytest.raises(ValueError, match="agent: unknown `greedy`"):
        delve.pacman.play("testClassic", "greedy")
    with pytest.raises(ValueError, match="eval: unknown `best`"):
        delve.pacman.play("testClassic", "minimax", eval="best")
    with pytest.raises(ValueError, match="far_ghosts needs ghost_model directional"):
        delve.pacman.play("testClassic", "expectimax", far_ghosts=6)
    with pytest.raises(ValueError, match="depth must be at least 1 and at most 8"):
        delve.pacman.play("testClassic", "minimax", depth=9)
    with pytest.raises(ValueError, match="no layout `nosuchClassic`"):
        delve.pacman.play("nosuchClassic")
    with pytest.raises(ValueError, match="games must be at least 1"):
        delve.pacman.play(games=0)
    with pytest.raises(TypeError, match="path must be a str or a path"):
        delve.pacman.grade(3)
    with pytest.raises(ValueError, match="no CS188 question here"):
        delve.pacman.grade(DATA / "pacman" / "data" / "layouts")
