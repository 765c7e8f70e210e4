"""delve.queens: the same reports as `delve queens … --json`."""

import pytest

import delve
from conftest import same


@pytest.mark.parametrize(
    "n, algo, seed",
    [(8, "csp", 0), (6, "mac", 3), (5, "bfs", 0), (8, "hc", 1), (12, "min-conflicts", 7), (3, "csp-mrv-fc", 0),
     (30, "construct", 0), (7, "sa", 2)],
)
def test_solve_matches_the_cli(delve_cli, n, algo, seed):
    report = delve.queens.solve(n, algo, seed=seed)
    same(report, delve_cli("queens", "solve", str(n), "--algo", algo, "--seed", str(seed)))


def test_solve_report():
    r = delve.queens.solve(8, "csp")
    assert (r.solved, r.outcome, r.rows) == (True, "solved", [8, 4, 1, 3, 6, 2, 7, 5])
    assert r.stats.expanded == 876
    assert delve.queens.solve(3, "bfs").outcome == "no_solution"
    assert set(delve.queens.ALGORITHMS) >= {"bfs", "csp", "mac", "min-conflicts", "construct"}


def test_limits_stop_a_search():
    r = delve.queens.solve(14, "bfs", max_nodes=100)
    assert (r.outcome, r.stop_reason, r.rows) == ("stopped", "node_limit", None)


def test_count_matches_the_cli(delve_cli):
    same(delve.queens.count(8), delve_cli("queens", "count", "8"))
    same(delve.queens.count(6, threads=1), delve_cli("queens", "count", "6", "--threads", "1"))


def test_count():
    r = delve.queens.count(10)
    assert (r.solutions, r.unique, r.outcome) == (724, 92, "complete")


def test_progress_is_reported():
    seen = []
    delve.queens.count(12, on_progress=seen.append)
    assert all(isinstance(s, delve.Stats) for s in seen)


def test_hill_climbing_draws_a_seed_that_repeats_the_call():
    first, second = delve.queens.solve(8, "hc"), delve.queens.solve(8, "hc")
    assert isinstance(first.seed, int) and first.seed != second.seed
    again = delve.queens.solve(8, "hc", seed=first.seed)
    assert (again.rows, again.seed) == (first.rows, first.seed)
    assert delve.queens.solve(8, "min-conflicts").seed == 0


def test_batch_matches_the_cli(delve_cli, tmp_path):
    text = "5 bfs\n6 csp\nx y\n8 hc\n4 nope\n"
    batch = tmp_path / "batch.txt"
    batch.write_text(text)
    mine, theirs = tmp_path / "mine", tmp_path / "theirs"
    report = delve.queens.batch(path=batch, out_dir=mine, seed=0)
    cli = delve_cli("queens", "batch", str(batch), "--out-dir", str(theirs), "--seed", "0")
    for r in cli["results"]:
        r["file"] = r["file"].replace(str(theirs), str(mine))
    same(report, cli)
    assert sorted(p.name for p in mine.iterdir()) == ["5_bfs_output.txt", "6_csp_output.txt", "8_hc_output.txt"]
    assert (mine / "5_bfs_output.txt").read_text() == (theirs / "5_bfs_output.txt").read_text()


def test_batch_from_text_writes_nothing_without_out_dir():
    r = delve.queens.batch("# a comment\n5 csp\n")
    assert [(x["line"], x["file"], x["rows"]) for x in r.results] == [(2, None, [5, 3, 1, 4, 2])]
    assert r.errors == []


def test_batch_refusals_are_errors():
    r = delve.queens.batch("5 csp\n3000 mac\n")
    assert len(r.results) == 1
    assert r.errors == ["line 2: mac supports N up to 2000, got 3000"]


def test_empty_batch_is_a_parse_error():
    with pytest.raises(delve.ParseError):
        delve.queens.batch("# nothing\n\n")


def test_bad_arguments():
    with pytest.raises(ValueError, match="unknown algorithm `nope`"):
        delve.queens.solve(8, "nope")
    with pytest.raises(ValueError, match="n must be at least 1"):
        delve.queens.solve(0)
    with pytest.raises(TypeError, match="n must be an integer"):
        delve.queens.solve(8.5)
    with pytest.raises(ValueError, match="count supports N up to 27"):
        delve.queens.count(28)
    with pytest.raises(ValueError, match="threads"):
        delve.queens.count(8, threads=0)
    with pytest.raises(ValueError, match="timeout"):
        delve.queens.solve(8, timeout=-1)
    with pytest.raises(MemoryError, match="needs about"):
        delve.queens.solve(4_294_967_295, "sa")
    with pytest.raises(ValueError, match="exactly one"):
        delve.queens.batch()
