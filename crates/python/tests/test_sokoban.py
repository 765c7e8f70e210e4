"""delve.sokoban: the same reports as `delve sokoban solve … --json`."""

import pytest

import delve
from conftest import DATA, same

MICROBAN = DATA / "sokoban" / "data" / "microban.xsb"


@pytest.mark.parametrize(
    "level, mode", [(1, "optimal"), (2, "optimal"), (3, "pushes"), (4, "fast"), (5, "optimal"), (2, "any")]
)
def test_solve_matches_the_cli(delve_cli, level, mode):
    report = delve.sokoban.solve(MICROBAN.read_text(), mode, level=level, threads=1)
    cli = delve_cli("sokoban", "solve", str(MICROBAN), "--level", str(level), "--mode", mode, "--threads", "1")
    # `any` races two searches: which one wins, and so the node counts, vary from run to run.
    same(report, cli, ["nodes_generated", "max_nodes", "stats"] if mode == "any" else [])


def test_solve_report():
    r = delve.sokoban.solve("#######\n#@ $ .#\n#######\n")
    assert (r.solution, r.pushes, r.moves, r.optimal) == ("rRR", 2, 3, True)
    assert (r.algorithm, r.outcome, r.stop_reason, r.stats.generated) == ("astar", "solved", None, r.nodes_generated)


def test_no_solution_and_limits():
    stuck = "#####\n#@ $#\n#  .#\n#####\n"
    assert delve.sokoban.solve(stuck).stop_reason == "no_solution"
    r = delve.sokoban.solve(MICROBAN.read_text(), level=93, max_nodes=50, threads=1)
    assert (r.solved, r.stop_reason) == (False, "node_limit")


def test_levels():
    levels = delve.sokoban.levels(MICROBAN.read_text())
    assert len(levels) == 155 and levels[0][0] == 1


def test_parse_errors_have_line_and_column():
    text = "#####\n#@$.#\n#####\n\n#####\n#@$!#\n#####\n"
    with pytest.raises(delve.ParseError) as e:
        delve.sokoban.solve(text, level=2)
    assert (e.value.line, e.value.column) == (6, 4)
    assert delve.sokoban.solve(text, level=1).solved
    with pytest.raises(delve.ParseError, match="no player"):
        delve.sokoban.solve("#####\n# $.#\n#####\n")
    with pytest.raises(delve.ParseError, match="no level found"):
        delve.sokoban.solve("")


def test_bad_arguments():
    with pytest.raises(ValueError, match="no level 3"):
        delve.sokoban.solve("#####\n#@$.#\n#####\n", level=3)
    with pytest.raises(ValueError, match="unknown mode"):
        delve.sokoban.solve("#####\n#@$.#\n#####\n", "best")
    with pytest.raises(ValueError, match="level must be at least 1"):
        delve.sokoban.solve("#####\n#@$.#\n#####\n", level=0)
    with pytest.raises(TypeError, match="xsb must be a str"):
        delve.sokoban.solve(None)


def test_bench_matches_the_cli(delve_cli):
    report = delve.sokoban.bench(MICROBAN, "fast", levels=(1, 4), jobs=1, threads=1)
    cli = delve_cli("sokoban", "bench", str(MICROBAN), "--levels", "1-4", "--mode", "fast", "--jobs", "1", "--threads", "1")
    same(report, cli)
    assert (report.solved, report.solved_levels, len(report.levels), report.errors) == (True, 4, 4, [])


def test_bench_reports_bad_levels_and_runs_the_others(delve_cli, tmp_path):
    text = "#####\n#@$.#\n#####\n\n#####\n#@$!#\n#####\n\n#####\n#@ $.#\n#####\n"
    path = tmp_path / "three.xsb"
    path.write_text(text)
    report = delve.sokoban.bench(path, jobs=1, threads=1)
    same(report, delve_cli("sokoban", "bench", str(path), "--jobs", "1", "--threads", "1"))
    assert [r["level"] for r in report.levels] == [1, 3]
    assert [e["level"] for e in report.errors] == [2]
    r = delve.sokoban.bench(text, levels=2)
    assert (r.levels, [e["level"] for e in r.errors]) == ([], [2])


def test_bench_parse_errors_and_bad_arguments():
    with pytest.raises(delve.ParseError, match="no level found"):
        delve.sokoban.bench("")
    with pytest.raises(ValueError, match="no level 9"):
        delve.sokoban.bench("#####\n#@$.#\n#####\n", levels=(1, 9))
    with pytest.raises(ValueError, match="unknown mode"):
        delve.sokoban.bench("#####\n#@$.#\n#####\n", "best")
    with pytest.raises(ValueError, match="jobs must be at least 1"):
        delve.sokoban.bench("#####\n#@$.#\n#####\n", jobs=0)
    with pytest.raises(TypeError, match="xsb must be a str or a path"):
        delve.sokoban.bench(None)


def test_bench_reports_a_level_the_solver_refuses(delve_cli, tmp_path):
    wide = 128  # one box more than the solver takes
    rows = ["#" * (wide + 3), "#@" + " " * wide + "#", "# " + "$" * wide + "#", "# " + " " * wide + "#",
            "# " + "." * wide + "#", "#" * (wide + 3)]
    path = tmp_path / "refused.xsb"
    path.write_text("#####\n#@$.#\n#####\n\n" + "\n".join(rows) + "\n")
    report = delve.sokoban.bench(path, jobs=1, threads=1)
    same(report, delve_cli("sokoban", "bench", str(path), "--jobs", "1", "--threads", "1"))
    assert report.solved_levels == 1 and report.errors == [] and report.unsupported[0]["level"] == 2
    assert "the solver's limit is 127" in report.unsupported[0]["error"]


def test_bench_a_missing_file_is_an_os_error(tmp_path):
    with pytest.raises(OSError, match="missing.xsb"):
        delve.sokoban.bench(str(tmp_path / "missing.xsb"))
