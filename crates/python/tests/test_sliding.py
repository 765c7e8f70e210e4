"""delve.sliding: the same reports as `delve sliding … --json`."""

import shutil
import subprocess

import pytest

import delve
from conftest import DATA, same

SAMPLES = "\ufeffpuzzle_number,pattern\r\n\"1\",\"789456B23\"\r\n1,789B56423\r\n2,\"789B56423\"\r\n2,78945623B\r\n2,78945623B\r\n3,78945623B\r\n"


@pytest.mark.parametrize(
    "args",
    [
        ["8734B9265"],
        ["8734B9265", "--algo", "astar"],
        ["1 2 3 4 5 6 7 8 0", "--goal", "0 1 2 3 4 5 6 7 8", "--algo", "bfs"],
        ["2 1 3 4 5 6 7 8 0"],
        ["1,2,3,4/5,6,0,7", "--heuristic", "manhattan", "--algo", "wastar"],
        ["8734B9265", "--max-nodes", "20"],
    ],
)
def test_solve_matches_the_cli(delve_cli, args):
    state, rest = args[0], args[1:]
    options = dict(zip([a.lstrip("-").replace("-", "_") for a in rest[::2]], rest[1::2]))
    if "max_nodes" in options:
        options["max_nodes"] = int(options["max_nodes"])
    same(delve.sliding.solve(state, **options), delve_cli("sliding", "solve", *args))


def test_solve_report():
    r = delve.sliding.solve("8734B9265")
    assert (r.moves, r.optimal, r.heuristic, r.goal) == (18, True, "linear-conflict", "789456B23")
    assert len(r.path) == 18 and r.states[-1] == "789456B23"
    r = delve.sliding.solve("2 1 3 4 5 6 7 8 0")
    assert r.outcome == "no_solution" and "parity" in r.unsolvable


def test_solve_many_matches_the_cli(delve_cli, tmp_path):
    states = ["8734B9265", "359B26478", "7B9456823"]
    f = tmp_path / "states.txt"
    f.write_text("\n".join(states) + "\n")
    report = delve.sliding.solve(states)
    cli = delve_cli("sliding", "solve", "--from-file", str(f))
    drop = ["threads"] if report.threads != cli["threads"] else []
    same(report, cli, drop)
    assert report.solved_instances == 3


def test_enumerate_matches_the_cli(delve_cli):
    e = delve.sliding.enumerate("2x4")
    same(e, delve_cli("sliding", "enumerate", "2x4"))
    same(delve.sliding.enumerate("2x3", row_major=True), delve_cli("sliding", "enumerate", "2x3", "--row-major"))
    same(
        delve.sliding.enumerate("2x3", goal="0 1 2 3 4 5"),
        delve_cli("sliding", "enumerate", "2x3", "--goal", "0 1 2 3 4 5"),
    )


def test_enumeration_depths():
    e = delve.sliding.enumerate("3x3")
    assert (e.states, e.max_depth, e.states_at_max_depth) == (181440, 31, 2)
    assert e.depths[0] == 1 and sum(e.depths.values()) == 181440 and max(e.depths) == 31
    numpy = pytest.importorskip("numpy")
    a = e.to_numpy()
    assert a.dtype == numpy.uint64 and a.sum() == 181440 and list(a) == e.per_depth


def test_lookup_matches_the_cli(delve_cli):
    states = ["1 2 3 4 5 0", "2 1 3 4 5 0", "1 2 3 4 0 5"]
    same(delve.sliding.lookup("2x3", states, paths=True), delve_cli("sliding", "lookup", "2x3", *states, "--path"))
    same(delve.sliding.lookup("3x3", ["789B56423"]), delve_cli("sliding", "lookup", "3x3", "789B56423"))


def test_lines_and_saved_tables_match_the_cli(delve_cli, tmp_path):
    same(delve.sliding.enumerate("1x4"), delve_cli("sliding", "enumerate", "1x4"))
    assert delve.sliding.enumerate("1x4").per_depth == [1, 1, 1, 1]
    same(delve.sliding.lookup("1x4", ["234B", "32B4"]), delve_cli("sliding", "lookup", "1x4", "234B", "32B4"))
    table = tmp_path / "2x3.bin"
    saved = delve.sliding.enumerate("2x3", save=table)
    assert saved.table == str(table)
    states = ["456B23", "4B5623", "B45623"]
    same(
        delve.sliding.lookup("2x3", states, paths=True, table=table),
        delve_cli("sliding", "lookup", "2x3", *states, "--path", "--table", str(table)),
    )
    table.write_bytes(table.read_bytes()[:100])
    with pytest.raises(delve.ParseError, match="truncated"):
        delve.sliding.lookup("2x3", states, table=table)


def test_analyze_matches_the_cli(delve_cli, tmp_path):
    f = tmp_path / "samples.csv"
    f.write_bytes(SAMPLES.encode())
    report = delve.sliding.analyze(path=f)
    cli = delve_cli("sliding", "analyze", str(f))
    assert cli.pop("plots") == []
    same(report, cli)
    same(delve.sliding.analyze(SAMPLES), cli)


def test_analyze_records_are_records():
    r = delve.sliding.analyze(SAMPLES)
    assert r.patterns == [
        {"pattern": "789456B23", "count": 1, "moves": 0},
        {"pattern": "789B56423", "count": 2, "moves": 1},
        {"pattern": "78945623B", "count": 3, "moves": 2},
    ]
    assert all(set(p) == {"puzzle", "count", "patterns"} for p in r.puzzles)
    pandas = pytest.importorskip("pandas")
    assert list(pandas.DataFrame(r.patterns).columns) == ["pattern", "count", "moves"]


def test_pool_and_samples_needed_match_the_cli(delve_cli):
    same(
        delve.sliding.pool(80, 48, trials=50, max_pool=90, seed=3),
        delve_cli("sliding", "pool", "--samples", "80", "--observed", "48", "--trials", "50", "--max-pool", "90",
                  "--seed", "3"),
    )
    same(delve.sliding.samples_needed(70, have=100), delve_cli("sliding", "samples-needed", "--pool", "70",
                                                                "--have", "100"))
    assert delve.sliding.samples_needed(70).samples == 487
    marked = delve.sliding.samples_needed(70, marks=[70, 80])
    same(marked, delve_cli("sliding", "samples-needed", "--pool", "70", "--mark", "70", "--mark", "80"))
    assert [m["samples"] for m in marked.marks] == [70, 80]
    assert abs(marked.marks[0]["probability"] - (70 / 71) ** 70) < 1e-12


def test_parse_errors():
    with pytest.raises(delve.ParseError, match="state"):
        delve.sliding.solve("12345")
    with pytest.raises(delve.ParseError, match="board size"):
        delve.sliding.enumerate("3by3")
    with pytest.raises(delve.ParseError) as e:
        delve.sliding.analyze("1,789456B23\n2,\"78945\n")
    assert (e.value.line, e.value.column) == (2, 3)
    assert "unterminated quoted field" in str(e.value)


def test_bad_arguments():
    with pytest.raises(ValueError, match="unknown"):
        delve.sliding.solve("8734B9265", algo="nope")
    with pytest.raises(ValueError, match="heuristic"):
        delve.sliding.solve("8734B9265", heuristic="nope")
    with pytest.raises(ValueError, match="between 1 and the number of samples"):
        delve.sliding.pool(10, 11)
    with pytest.raises(ValueError, match="confidence"):
        delve.sliding.samples_needed(70, 1.5)
    with pytest.raises(TypeError, match="samples must be an integer"):
        delve.sliding.pool("80", 48)
    with pytest.raises(ValueError, match="exactly one"):
        delve.sliding.analyze()
    with pytest.raises(MemoryError):
        delve.sliding.enumerate("6x6")


DEMO = DATA / "sliding-vision" / "data" / "demo"


def test_read_matches_the_cli(delve_cli, tmp_path):
    templates, frames = DEMO / "templates", DEMO / "frames"
    mine, theirs = tmp_path / "mine.csv", tmp_path / "theirs.csv"
    report = delve.sliding.read(frames, templates=templates, csv=mine)
    cli = delve_cli("sliding", "read", "--templates", str(templates), "--frames", str(frames), "--csv", str(theirs))
    cli["csv"] = str(mine)
    same(report, cli)
    assert report.frames == 5 and len(report.boards) > 0
    assert mine.read_text() == theirs.read_text()
    one = sorted(frames.iterdir())[0]
    same(
        delve.sliding.read(one, templates=templates),
        delve_cli("sliding", "read", "--templates", str(templates), str(one)),
    )


@pytest.mark.skipif(shutil.which("ffmpeg") is None, reason="needs ffmpeg (apt-get install ffmpeg)")
def test_read_a_video_matches_the_cli(delve_cli, tmp_path):
    # The demo frames as a lossless video, two video frames per picture.
    for i, frame in enumerate(sorted((DEMO / "frames").iterdir())):
        for k in range(2):
            shutil.copy(frame, tmp_path / f"f{2 * i + k + 1:03}{frame.suffix}")
    suffix = sorted((DEMO / "frames").iterdir())[0].suffix
    video = tmp_path / "clip.mkv"
    subprocess.run(["ffmpeg", "-v", "error", "-y", "-framerate", "10", "-i", str(tmp_path / f"f%03d{suffix}"),
                    "-vf", "crop=230:170:0:0", "-c:v", "ffv1", "-pix_fmt", "bgr0", str(video)], check=True)
    report = delve.sliding.read(video, templates=DEMO / "templates", video=True)
    cli = delve_cli("sliding", "read", "--templates", str(DEMO / "templates"), "--video", str(video))
    same(report, cli)
    assert report.frames == 10


def test_read_bad_templates_and_arguments(tmp_path):
    manifest = tmp_path / "manifest.json"
    manifest.write_text("{ not json")
    with pytest.raises(delve.ParseError):
        delve.sliding.read(DEMO / "frames", templates=manifest)
    with pytest.raises(ValueError, match="threshold"):
        delve.sliding.read(DEMO / "frames", templates=DEMO / "templates", threshold=1.5)
    with pytest.raises(ValueError, match="no frames given"):
        delve.sliding.read([], templates=DEMO / "templates")
    with pytest.raises(TypeError, match="templates must be"):
        delve.sliding.read(DEMO / "frames", templates=3)
    with pytest.raises(OSError):
        delve.sliding.read(tmp_path / "missing.png", templates=DEMO / "templates")
