"""The command line end to end, as a user runs it (subprocesses)."""

from __future__ import annotations

import json
import subprocess
import sys
import xml.etree.ElementTree as ET

import pytest

from cpsolve.models.akari import check, parse
from tests.support.cli import CPSOLVE, JSON_KEYS, golden, run, valid_json


@pytest.mark.parametrize("name", ["seed-7x7", "seed-8x8", "seed-18x10"])
def test_solve_and_prove_unique(examples, data, name):
    done = run("akari", str(examples / "akari" / f"{name}.txt"), "--unique")
    assert done.returncode == 0, done.stderr
    golden("akari", name, done.stdout)
    assert done.stdout.endswith("\n\nunique\n")


def test_python_module_entry_point(examples):
    done = subprocess.run([sys.executable, "-m", "cpsolve", "akari",
                           str(examples / "akari" / "seed-7x7.txt")],
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0 and done.stdout.count("*") == 10


def test_not_unique_exits_4_with_a_second_solution():
    done = run("akari", "-", "--unique", stdin="...\n...\n...\n")
    assert done.returncode == 4
    first, second = done.stdout.split("\n\nnot unique; a second solution:\n\n")
    assert first != second.strip()


def test_unsolvable_exits_1_naming_the_cell():
    done = run("akari", "-", stdin="3.\n..\n")
    assert done.returncode == 1
    assert done.stdout == "unsolvable: clue 3 at row 1, column 1 has only 2 white neighbours\n"


def test_count_and_all():
    done = run("akari", "-", "--count", "2", stdin="....\n....\n")
    assert done.returncode == 0 and done.stdout.endswith("2 solutions (stopped before the last)\n")
    everything = run("akari", "-", "--all", stdin="..\n..\n")
    assert everything.stdout == "*.\n.*\n\n.*\n*.\n\n2 solutions\n" or \
        everything.stdout == ".*\n*.\n\n*.\n.*\n\n2 solutions\n"


@pytest.mark.parametrize("backend", ["sat", "cpsat"])
def test_json(examples, backend):
    done = run("akari", str(examples / "akari" / "seed-8x8.txt"), "--json", "--unique",
               "--backend", backend)
    data = valid_json(json.loads(done.stdout))
    assert set(data) == JSON_KEYS
    assert data["puzzle"] == "akari" and data["status"] == "solved"
    assert data["unique"] is True and data["count"] == 1
    assert data["method"]["backend"] == backend
    board = parse((examples / "akari" / "seed-8x8.txt").read_text())
    lights = {(r, c) for r, row in enumerate(data["solution"]) for c, ch in enumerate(row)
              if ch == "*"}
    assert check(board, frozenset(lights)) == []
    assert data["stats"]["solve_seconds"] >= 0


def test_svg_picture(examples, tmp_path):
    out = tmp_path / "board.svg"
    done = run("akari", str(examples / "akari" / "seed-7x7.txt"), "-o", str(out))
    assert done.returncode == 0 and done.stdout == ""
    root = ET.fromstring(out.read_text())
    ns = "{http://www.w3.org/2000/svg}"
    assert len(root.findall(f"{ns}circle")) == 10  # the bulbs
    assert sorted(t.text for t in root.findall(f"{ns}text")) == ["1", "2", "2", "4"]
    assert root.get("width") == str(int((7 + 0.5) * 40))


def test_png_picture(examples, data, tmp_path):
    from matplotlib.image import imread

    out = tmp_path / "board.png"
    done = run("akari", str(examples / "akari" / "seed-18x10.txt"), "--format", "png",
               "-o", str(out))
    assert done.returncode == 0, done.stderr
    assert out.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    image = imread(out)
    height, width, _ = image.shape
    assert (width, height) == (int(18.5 * 40), int(10.5 * 40))
    solution = (data / "akari" / "seed-18x10.solution.txt").read_text().split()

    def pixel(r: int, c: int, dx: float = 0.5, dy: float = 0.5) -> tuple[float, ...]:
        # cell (r, c) spans 40 pixels after a margin of a quarter cell
        return tuple(image[int((r + 0.25 + dy) * 40), int((c + 0.25 + dx) * 40)][:3])

    for r, row in enumerate(solution):
        for c, ch in enumerate(row):
            red, green, blue = pixel(r, c, 0.15, 0.15)  # away from the bulb and digits
            if ch in "#01234":
                assert max(red, green, blue) < 0.2, (r, c)  # black cell
            else:
                assert red > 0.9 and green > 0.85 and blue < 0.8, (r, c)  # lit: yellow
            if ch == "*":
                red, green, blue = pixel(r, c)  # the bulb's centre
                assert red > 0.9 and 0.6 < green < 0.85 and blue < 0.2, (r, c)


def test_png_needs_an_output_file(examples):
    done = run("akari", str(examples / "akari" / "seed-7x7.txt"), "--format", "png")
    assert done.returncode == 2 and done.stderr == "cpsolve: PNG output needs -o FILE\n"


def test_url_and_tatham_round_trip(examples):
    path = str(examples / "akari" / "seed-18x10.txt")
    url = run("akari", path, "--format", "url").stdout.strip()
    tatham = run("akari", path, "--format", "tatham").stdout.strip()
    assert url.startswith("https://puzz.link/p?akari/18/10/")
    assert tatham.startswith("18x10:")
    original = parse((examples / "akari" / "seed-18x10.txt").read_text())
    assert parse(url) == original and parse(tatham) == original
    assert run("akari", url, "--unique").stdout == run("akari", path, "--unique").stdout


def test_check_answer(tmp_path):
    board = tmp_path / "b.txt"
    board.write_text("...\n.1#\n...\n")
    good = tmp_path / "good.txt"
    good.write_text("*..\n.1#\n.*.\n")
    bad = tmp_path / "bad.txt"
    bad.write_text("L.L\n.1#\n...\n")
    assert run("akari", str(board), "--check", str(good)).stdout == "valid\n"
    done = run("akari", str(board), "--check", str(bad))
    assert done.returncode == 1
    assert done.stdout.splitlines() == [
        "invalid",
        "lights at row 1, column 1 and row 1, column 3 shine on each other",
        "cell at row 3, column 2 is not lit",
        "cell at row 3, column 3 is not lit",
        "clue 1 at row 2, column 2 has 0 lights around it",
    ]


def test_verbose_reports_method_and_statistics(examples):
    done = run("akari", str(examples / "akari" / "seed-7x7.txt"), "-v", "--solver", "glucose4",
               "--backend", "sat")
    assert "backend=sat solver=glucose4" in done.stderr and "build" in done.stderr


@pytest.mark.parametrize("args, stdin, message", [
    (["-"], "...\n..\n", "cpsolve: <stdin>:2:3: row has 2 cells, the first row has 3"),
    (["-"], "", "cpsolve: <stdin>:1:1: empty board"),
    (["-"], ".z\n", "cpsolve: <stdin>:1:2: unknown cell 'z' (expected '.', '#', '0'-'4')"),
    (["nosuch.txt"], None, "cpsolve: nosuch.txt: no such file (and not a one-line board)"),
    (["https://puzz.link/p?akari/6/6"], None,
     "cpsolve: <argument>:1:21: expected TYPE/COLS/ROWS/BODY after '?'"),
    (["5x5:a"], None, "cpsolve: <argument>:1:6: description covers 1 cells, 5x5 needs 25"),
    (["5x5#99"], None, "cpsolve: <argument>:1:4: this is a random seed (WxH#seed), not a "
                       "puzzle: use the game ID (WxH:...)"),
    (["-", "--solver", "nosuch"], "..\n..\n", "cpsolve: unknown SAT solver 'nosuch'"),
    (["-", "--unique", "--all"], "..\n..\n",
     "cpsolve: choose one of --unique, --count N and --all"),
])
def test_bad_input_is_one_line_and_exit_2(args, stdin, message):
    done = run("akari", *args, stdin=stdin)
    assert done.returncode == 2
    assert "Traceback" not in done.stderr
    assert done.stderr.startswith(message)
    assert done.stderr.count("\n") == 1


def test_bad_file_contents(tmp_path):
    board = tmp_path / "ragged.txt"
    board.write_text("....\n...\n")
    done = run("akari", str(board))
    assert (done.returncode, done.stderr) == (2, f"cpsolve: {board}:2:4: row has 3 cells, "
                                                 "the first row has 4\n")
    binary = tmp_path / "binary.txt"
    binary.write_bytes(b"\xff\xfe\x00")
    assert run("akari", str(binary)).returncode == 2


def test_limit_reached_exits_3():
    done = run("akari", "-", "--all", "--time-limit", "0.3", stdin=("." * 30 + "\n") * 30)
    assert done.returncode == 3
    assert "(stopped before the last)" in done.stdout


def test_json_for_an_unsolvable_board():
    done = run("akari", "-", "--json", "--unique", stdin="3.\n..\n")
    data = json.loads(done.stdout)
    assert done.returncode == 1
    assert (data["status"], data["unique"], data["count"], data["solution"]) == (
        "unsolvable", False, 0, None)
    assert data["reason"] == "clue 3 at row 1, column 1 has only 2 white neighbours"


def test_output_file_that_cannot_be_written(examples, tmp_path):
    target = tmp_path / "no" / "such" / "dir" / "board.svg"
    done = run("akari", str(examples / "akari" / "seed-7x7.txt"), "-o", str(target))
    assert done.returncode == 2 and "Traceback" not in done.stderr
    assert "No such file or directory" in done.stderr


def test_binary_standard_input():
    done = subprocess.run([str(CPSOLVE), "akari", "-"], input=b"\xff\xfe\x00",
                          capture_output=True, timeout=60)
    assert done.returncode == 2
    assert done.stderr.decode().startswith("cpsolve: <stdin>: not a text file")


def test_unknown_option_is_a_usage_error():
    done = run("akari", "-", "--backend", "nosuch", stdin="..\n")
    assert done.returncode == 2 and "Traceback" not in done.stderr


def test_plain_solve_prints_the_board_alone(examples, data):
    done = run("akari", str(examples / "akari" / "seed-18x10.txt"))
    assert done.returncode == 0
    assert done.stdout == (data / "akari" / "seed-18x10.solution.txt").read_text()
