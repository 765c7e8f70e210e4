"""delve.sudoku: the same reports as `delve sudoku solve … --json`."""

import pytest

import delve
from conftest import same

EASY = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
HARD = "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4.."


SOLVED = "534678912672195348198342567859761423426853791713924856961537284287419635345286179"
# Plain backtracking takes long on real puzzles (in the CLI's debug build): a few holes will do.
HOLES = "".join("." if i % 7 == 3 else c for i, c in enumerate(SOLVED))


@pytest.mark.parametrize("algo", ["mac", "fc", "fc-lcv", "backtrack", "min-conflicts"])
def test_solve_matches_the_cli(delve_cli, algo):
    grid = HOLES if algo == "backtrack" else EASY
    same(delve.sudoku.solve(grid, algo), delve_cli("sudoku", "solve", grid, "--algo", algo))


def test_count_matches_the_cli(delve_cli):
    same(delve.sudoku.solve(HARD, count=True), delve_cli("sudoku", "solve", HARD, "--count"))
    two = "." * 81
    same(
        delve.sudoku.solve(two, "fc", count=True, max_nodes=500),
        delve_cli("sudoku", "solve", two, "--algo", "fc", "--count", "--max-nodes", "500"),
    )


def test_solve_report():
    r = delve.sudoku.solve(EASY)
    assert r.solved and r.grid.startswith("534678912") and r.givens == 30
    assert r.solutions is None
    assert delve.sudoku.solve(EASY, count=True).solutions == 1


def test_pretty_grids_read():
    rows = [EASY[i : i + 9] for i in range(0, 81, 9)]
    pretty = "\n".join(" | ".join(r[j : j + 3] for j in range(0, 9, 3)) for r in rows)
    assert delve.sudoku.parse(pretty) == EASY


def test_parse_errors_have_line_and_column():
    bad = EASY[:9] + "\n" + EASY[9:18] + "\n" + "12x" + EASY[21:27]
    with pytest.raises(delve.ParseError) as e:
        delve.sudoku.solve(bad)
    assert (e.value.line, e.value.column) == (3, 3)
    assert "unexpected character `x`" in str(e.value)
    with pytest.raises(delve.ParseError, match="given twice"):
        delve.sudoku.solve("55" + "." * 79)
    with pytest.raises(delve.ParseError) as e:
        delve.sudoku.solve("123")
    assert (e.value.line, e.value.column) == (1, None)


def test_bad_arguments():
    with pytest.raises(ValueError, match="unknown Sudoku solver `dfs`"):
        delve.sudoku.solve(EASY, "dfs")
    with pytest.raises(TypeError, match="grid must be a str"):
        delve.sudoku.solve(42)
    with pytest.raises(ValueError, match="max_memory"):
        delve.sudoku.solve(EASY, max_memory=0)
