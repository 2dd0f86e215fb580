"""The command line end to end, as a user runs it (subprocesses)."""

from __future__ import annotations

import json
import subprocess
import sys
import time
import xml.etree.ElementTree as ET

import pytest

from cpsolve.models.akari import check, parse, solve
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
    assert done.stdout == ("unsolvable: clue 3 at row 1, column 1 has only 2 white neighbours\n"
                           "the clue that cannot hold: row 1, column 1\n")


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
    assert done.stderr == "solved (uniqueness not checked)\n"  # the verdict, as a heading too
    root = ET.fromstring(out.read_text())
    ns = "{http://www.w3.org/2000/svg}"
    assert len(root.findall(f"{ns}circle")) == 10  # the bulbs
    heading, *labels = [t.text for t in root.findall(f"{ns}text")]
    assert heading == "solved (uniqueness not checked)"
    assert sorted(labels) == ["1", "2", "2", "4"]
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
    assert (width, height) == (int(18.5 * 40), int((10.5 + 1) * 40))  # the verdict above
    solution = (data / "akari" / "seed-18x10.solution.txt").read_text().split()

    def pixel(r: int, c: int, dx: float = 0.5, dy: float = 0.5) -> tuple[float, ...]:
        # cell (r, c) spans 40 pixels after a margin of a quarter cell (and the
        # verdict's line above the board)
        return tuple(image[int((r + 1.25 + dy) * 40), int((c + 0.25 + dx) * 40)][:3])

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
    assert done.returncode == 2 and done.stderr == (
        "cpsolve: PNG output needs -o FILE\nTry 'cpsolve akari --help'.\n")


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
    (["https://puzz.link/p?akari/6"], None,
     "cpsolve: <argument>:1:21: expected TYPE/COLS/ROWS/BODY after '?'"),
    (["5x5:a"], None, "cpsolve: <argument>:1:6: description covers 1 cells, 5x5 needs 25"),
    (["5x5#99"], None, "cpsolve: <argument>:1:4: this is a random seed (WxH#seed), not a "
                       "puzzle: use the game ID (WxH:...)"),
    # usage errors: the line, then the usage hint
    (["-", "--solver", "nosuch"], "..\n..\n",
     "cpsolve: unknown SAT solver 'nosuch'\nTry 'cpsolve akari --help'."),
    (["-", "--unique", "--all"], "..\n..\n",
     "cpsolve: choose one of --unique, --count N and --all\nTry 'cpsolve akari --help'."),
])
def test_bad_input_is_one_line_and_exit_2(args, stdin, message):
    done = run("akari", *args, stdin=stdin)
    assert done.returncode == 2
    assert "Traceback" not in done.stderr
    line, *hint = message.split("\n")  # a usage error: the line, then the hint
    assert done.stderr.startswith(line) and done.stderr.splitlines()[1:] == hint


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
    assert data["conflict"] == [[1, 1]]


def test_output_file_that_cannot_be_written(examples, tmp_path):
    target = tmp_path / "no" / "such" / "dir" / "board.svg"
    done = run("akari", str(examples / "akari" / "seed-7x7.txt"), "-o", str(target))
    assert done.returncode == 74 and "Traceback" not in done.stderr  # an output error
    assert done.stderr.count("\n") == 1 and "No such file or directory" in done.stderr
    assert f"cannot write {target}" in done.stderr


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


# What a setter asks: --explain, --redundant, --minimize, --grade, the conflict, --no-solve.

TWO = "..#\n...\n#..\n"  # several solutions


def test_explain_marks_the_undetermined_cells_and_lists_fixes():
    done = run("akari", "-", "--explain", stdin=TWO)
    assert done.returncode == 4, done.stderr
    board, rest = done.stdout.split("\n\n", 1)
    assert "?" in board and rest.startswith("not unique: ")
    assert "fixes, each leaving exactly one solution:" in rest
    data = valid_json(json.loads(run("akari", "-", "--explain", "--json", stdin=TWO).stdout))
    assert data["unique"] is False and data["undetermined"] and data["fixes"]
    marked = {(r + 1, c + 1) for r, row in enumerate(board.split("\n"))
              for c, ch in enumerate(row) if ch == "?"}
    assert marked == {tuple(cell) for cell in data["undetermined"]}
    for fix in data["fixes"]:  # each proven again here, by counting
        rows = [list(row) for row in TWO.split()]
        (r, c), clue = fix["cell"], fix["clue"]
        rows[r - 1][c - 1] = "#" if clue is None else str(clue)
        fixed = solve(parse("\n".join(map("".join, rows))), limit=None)
        assert fixed.complete and fixed.count == 1, fix


def test_explain_on_a_unique_board(examples):
    done = run("akari", str(examples / "akari" / "seed-8x8.txt"), "--explain", "--json")
    data = valid_json(json.loads(done.stdout))
    assert done.returncode == 0
    assert (data["unique"], data["undetermined"], data["fixes"]) == (True, [], [])
    text = run("akari", str(examples / "akari" / "seed-8x8.txt"), "--explain").stdout
    assert text.endswith("\n\nunique: every cell is the same in every solution\n")


def test_explain_draws_two_solutions_side_by_side(tmp_path):
    out = tmp_path / "both.svg"
    done = run("akari", "-", "--explain", "-o", str(out), stdin=TWO)
    assert done.returncode == 4 and done.stdout == ""
    verdict = done.stderr.splitlines()[0]
    assert verdict.startswith("not unique: 2 solutions found; ") and "undetermined" in verdict
    root = ET.fromstring(out.read_text())
    ns = "{http://www.w3.org/2000/svg}"
    marks = [r for r in root.findall(f"{ns}rect") if r.get("stroke") == "#d62728"]
    assert marks and len(marks) % 2 == 0  # the same differing cells in both pictures
    xs = sorted({float(r.get("x")) for r in marks})
    middle = float(root.get("viewBox").split()[2]) / 2 - 0.25
    assert xs[0] < middle < xs[-1]  # marks on the left picture and on the right one
    texts = [t.text for t in root.findall(f"{ns}text")]
    assert texts[0] == verdict and texts[-2:] == ["one solution", "another"]
    png = tmp_path / "both.png"
    assert run("akari", "-", "--explain", "-o", str(png), stdin=TWO).returncode == 4
    assert png.read_bytes()[:4] == b"\x89PNG"


def test_an_unsolvable_board_names_the_clues_in_conflict(tmp_path):
    board = "...2\n11..\n..#.\n"
    data = valid_json(json.loads(run("akari", "-", "--json", stdin=board).stdout))
    assert data["status"] == "unsolvable" and data["conflict"] == [[1, 4], [2, 1], [2, 2]]
    done = run("akari", "-", stdin=board)
    assert done.stdout.splitlines()[-1] == ("clues that cannot hold together: row 1, column 4; "
                                            "row 2, column 1; row 2, column 2")
    out = tmp_path / "conflict.svg"
    done = run("akari", "-", "-o", str(out), stdin=board)
    assert done.returncode == 1
    assert done.stderr.endswith("; 3 numbers in conflict\n") and done.stderr.count("\n") == 1
    root = ET.fromstring(out.read_text())
    rects = root.findall("{http://www.w3.org/2000/svg}rect")
    board_at = next(r for r in rects if r.get("fill") == "#ffffff")  # the board's corner
    x0, y0 = float(board_at.get("x")), float(board_at.get("y"))
    marks = [r for r in rects if r.get("stroke") == "#d62728"]
    assert sorted((round(float(r.get("y")) - y0, 2), round(float(r.get("x")) - x0, 2))
                  for r in marks) == [(0.08, 3.08), (1.08, 0.08), (1.08, 1.08)]


def test_redundant_numbers(examples):
    path = str(examples / "akari" / "seed-18x10.txt")
    data = valid_json(json.loads(run("akari", path, "--redundant", "--json").stdout))
    assert data["redundant"] == [[8, 17]]
    text = run("akari", path, "--redundant").stdout
    assert text.endswith("numbers that can each go, the solution staying unique: "
                         "row 8, column 17\n")
    assert run("akari", "-", "--redundant", stdin=TWO).returncode == 4


def test_minimize_prints_a_board_with_fewer_numbers(examples, tmp_path):
    path = str(examples / "akari" / "seed-18x10.txt")
    done = run("akari", path, "--minimize")
    assert done.returncode == 0 and "numbers, none of which can go alone" in done.stderr
    smaller = tmp_path / "smaller.txt"
    smaller.write_text(done.stdout)
    original = parse((examples / "akari" / "seed-18x10.txt").read_text())
    assert len(parse(done.stdout).clues) < len(original.clues)
    again = run("akari", str(smaller), "--unique", "--redundant")
    assert again.returncode == 0
    lights = [[c for c, ch in enumerate(row) if ch == "*"] for row in again.stdout.split()[:10]]
    assert lights == [[c for c, ch in enumerate(row) if ch == "*"]
                      for row in run("akari", path).stdout.split()]
    assert again.stdout.endswith("\nno number can go: without any one, another solution "
                                 "appears\n")
    data = valid_json(json.loads(run("akari", path, "--minimize", "--json").stdout))
    assert data["minimized"] == done.stdout.split()


def test_grade(examples):
    path = str(examples / "akari" / "seed-18x10.txt")
    data = valid_json(json.loads(run("akari", path, "--grade", "--json").stdout))
    assert data["grade"] == "tricky" and data["unique"] is True
    assert set(data["deductions"]) == {"basic", "trial", "deep"}
    assert sum(data["deductions"].values()) == 146  # every white cell
    text = run("akari", str(examples / "akari" / "seed-7x7.txt"), "--grade").stdout
    assert text.splitlines()[-1].startswith("grade: easy (cells decided by the basic rules ")
    data = valid_json(json.loads(run("akari", "-", "--grade", "--json", stdin=TWO).stdout))
    assert data["grade"] is None


def test_the_board_alone(examples, tmp_path):
    path = examples / "akari" / "seed-7x7.txt"
    done = run("akari", str(path), "--no-solve")
    assert done.returncode == 0 and done.stdout == path.read_text()
    url = "https://puzz.link/p?akari/7/7/n2.h.hb.n7.h.jeg.m"
    assert parse(url) == parse(path.read_text())
    assert run("akari", url, "--no-solve").stdout == path.read_text()
    out = tmp_path / "puzzle.svg"
    assert run("akari", str(path), "--blank", "-o", str(out)).returncode == 0
    root = ET.fromstring(out.read_text())
    assert root.findall("{http://www.w3.org/2000/svg}circle") == []  # no bulbs
    done = run("akari", str(path), "--no-solve", "--json")  # refused before
    assert done.returncode == 0 and json.loads(done.stdout) == {
        "version": 1, "puzzle": "akari", "board": path.read_text().splitlines(),
        "url": url}


@pytest.fixture(scope="module")
def large() -> dict[str, str]:
    """A large board with many solutions (for --explain, whose fixes take long there)
    and a large unique one (for the other questions)."""
    from cpsolve.models.akari.layout import generate, tiled_unique

    return {"several": "\n".join(generate(150, 150, clues=0.5, seed=2)[0].rows) + "\n",
            "unique": "\n".join(tiled_unique(150, 150, seed=1, kinds=3)[0].rows) + "\n"}


@pytest.mark.parametrize("option", ["--explain", "--redundant", "--grade", "--minimize"])
def test_the_questions_keep_the_time_limit(option, large):
    start = time.perf_counter()
    board = large["several" if option == "--explain" else "unique"]
    done = run("akari", "-", option, "--json", "--time-limit", "0.4", stdin=board)
    assert time.perf_counter() - start < 10
    assert done.returncode == 3, done.stderr
    data = valid_json(json.loads(done.stdout))
    assert data["limit_reached"] is True and data["reason"]


@pytest.mark.parametrize("option", ["--explain", "--redundant", "--grade", "--minimize"])
def test_the_questions_keep_located_errors(option):
    done = run("akari", "-", option, stdin="...\n..\n")
    assert done.returncode == 2
    assert done.stderr == "cpsolve: <stdin>:2:3: row has 2 cells, the first row has 3\n"


@pytest.mark.parametrize("name, options", [("seed-7x7", []), ("seed-18x10", ["--unique"])])
def test_a_small_board_loads_no_array_or_solver_library_it_does_not_use(examples, name,
                                                                         options):
    # The start-up of a whole process is most of solving a small board: numpy alone
    # was a third of it. The seed's 7x7 falls to the deductions (no SAT solver); the
    # 18x10 needs the solver, but neither needs numpy, numba nor OR-Tools.
    code = ("import sys; from cpsolve.cli import main\n"
            "try:\n    main()\nexcept SystemExit:\n    pass\n"
            "print(sorted({m.split('.')[0] for m in sys.modules} & "
            "{'numpy', 'numba', 'ortools', 'matplotlib', 'PIL', 'dask', 'pysat'}))")
    done = subprocess.run([sys.executable, "-c", code, "akari",
                           str(examples / "akari" / f"{name}.txt"), *options],
                          capture_output=True, text=True, timeout=120)
    loaded = done.stdout.strip().splitlines()[-1]
    assert loaded == ("[]" if name == "seed-7x7" else "['pysat']"), done.stdout + done.stderr
