"""Plans a person can follow, for every planning family (subprocesses): what is proven
about a plan first, --steps, --moves tiles, --check in lower case and the board where
a plan goes wrong, and pictures of a plan (a sheet of boards, a replay), checked by
size and a few pixels."""

from __future__ import annotations

import io
import re

from PIL import Image

from tests.support.cli import run

EIGHT = "8 6 7\n2 5 4\n3 0 1\n"  # 31 moves
WALLED = "3,3,168452=30"  # a wall at row 3, column 1; 16 moves
SEED = "9 8 7\n4 5 6\n3 2 1\n"  # the rotation seed: 11 moves
CELL, MARGIN, HEADING = 40, 10, 40  # pixels: a sheet's cell, margin and heading


def pixel(path, x: float, y: float) -> tuple[int, int, int]:
    """The colour at (x, y) in cells of a plan sheet's first row (the heading above)."""
    image = Image.open(path).convert("RGB")
    return image.getpixel((round(MARGIN + x * CELL), round(MARGIN + HEADING + y * CELL)))


def near(colour: tuple[int, int, int], hex_colour: str, slack: int = 24) -> bool:
    want = tuple(int(hex_colour[k:k + 2], 16) for k in (1, 3, 5))
    return all(abs(a - b) <= slack for a, b in zip(colour, want))


def test_text_says_what_is_proven_before_the_moves():
    done = run("slide", "-", stdin=EIGHT)
    assert done.returncode == 0
    assert done.stdout.splitlines()[0] == "31 moves, optimal"
    assert len(done.stdout.splitlines()[1]) == 31
    assert run("rotate", "-", stdin=SEED).stdout.splitlines()[0] == "11 moves, optimal"


def test_a_weighted_plan_says_its_factor_and_lower_bound_never_optimal():
    done = run("slide", "-", "--method", "ida", "--weight", "2", stdin=EIGHT)
    said = done.stdout.splitlines()[0]
    found = re.fullmatch(r"(\d+) moves, at most 2x optimal; lower bound (\d+)", said)
    assert found and done.returncode == 0, said
    length, bound = int(found.group(1)), int(found.group(2))
    assert 31 <= length <= 62 and length // 2 <= bound <= 31 and bound % 2 == 1


def test_a_weighted_search_reaches_plans_longer_than_half_the_default_length():
    board = "14 13 15 7\n11 12 9 5\n6 0 2 1\n4 8 3 10\n"  # lower bound 51: 2h > 100 at once
    done = run("slide", "-", "--method", "ida", "--weight", "2", stdin=board)
    assert done.returncode == 0 and "at most 2x optimal" in done.stdout.splitlines()[0]


def test_steps_print_every_board_and_end_on_the_goal():
    done = run("slide", WALLED, "--steps")
    text = done.stdout
    assert done.returncode == 0
    assert "start\n1 6 8\n4 5 2\n# 3 ." in text
    assert len(re.findall(r"^move \d+: [UDLR] \(tile \w+ (up|down|left|right)\)$", text,
                          re.MULTILINE)) == 16
    assert text.rstrip().endswith("1 2 3\n4 5 6\n# 8 .\n\nthe goal")
    rotated = run("rotate", "-", "--steps", stdin=SEED).stdout
    assert "move 1: A- (square A counter-clockwise)\n8 5 7\n9 4 6\n3 2 1" in rotated


def test_moves_tiles_names_the_tile_moved():
    plan = run("slide", "-", stdin=EIGHT).stdout.splitlines()[1]
    tiles = run("slide", "-", "--moves", "tiles", stdin=EIGHT).stdout.splitlines()[1]
    said = tiles.split(", ")
    assert len(said) == 31 and said[0] == "5 down"  # the blank goes up first
    assert plan.startswith("U")


def test_check_reads_lower_case_and_shows_where_a_plan_fails():
    plan = run("slide", "-", stdin=EIGHT).stdout.splitlines()[1]
    assert run("slide", "-", "--check", plan.lower(), stdin=EIGHT).stdout == "valid\n"
    done = run("slide", "-", "--check", "uuu", stdin=EIGHT)
    assert done.returncode == 1
    assert done.stdout.splitlines() == [
        "invalid", "move 3 'U': the blank at row 1, column 2 would leave the board", "",
        "the board before move 3:", "8 . 7", "2 6 4", "3 5 1"]
    rotated = run("rotate", "-", "--check", "a- a- b- a+ d- c+ a+ a+ d- b+ a-", stdin=SEED)
    assert rotated.stdout == "valid\n"
    short = run("rotate", "-", "--check", "a-", stdin=SEED)
    assert "the board after 1 move:\n8 5 7\n9 4 6\n3 2 1\n\nthe goal:\n1 2 3" in short.stdout


def test_plan_sheet_png_draws_start_walls_and_the_moved_tile(tmp_path):
    path = tmp_path / "plan.png"
    done = run("slide", WALLED, "-o", str(path))
    assert done.returncode == 0 and done.stdout == ""
    width, height = Image.open(path).size
    # 17 boards of 3x3 cells, 10 a row, a gap of one cell: 2 rows under a heading
    assert (width, height) == (2 * MARGIN + (10 * 3 + 9) * CELL,
                               2 * MARGIN + HEADING + (2 * 3.8 + 0.5) * CELL)
    assert near(pixel(path, 0.5, 2.5), "#3c3c3c")  # the wall, start board
    assert near(pixel(path, 2.5, 2.5), "#ffffff")  # the blank
    assert near(pixel(path, 1.2, 0.2), "#dde6f2")  # a tile
    # move 1 (L): tile 3 slides right into row 3, column 3 of the second board: marked
    assert near(pixel(path, 4 + 2.3, 2.3), "#ffd966")
    assert near(pixel(path, 4 + 2.1, 2.5), "#d62728", slack=40)  # its red outline


def test_plan_sheet_svg_and_gif_replay(tmp_path):
    svg = run("rotate", "-", "-o", str(tmp_path / "plan.svg"), stdin=SEED)
    text = (tmp_path / "plan.svg").read_text()
    assert svg.returncode == 0 and text.startswith("<svg")
    assert "11 moves, optimal" in text and ">11: A-, goal<" in text
    gif = tmp_path / "plan.gif"
    assert run("slide", WALLED, "-o", str(gif)).returncode == 0
    image = Image.open(gif)
    assert image.n_frames == 17 and image.info["loop"] == 0
    durations = []
    for k in range(image.n_frames):
        image.seek(k)
        durations.append(image.info["duration"])
    assert durations[0] > durations[1] and durations[-1] > durations[1]
    frame = io.BytesIO()
    image.seek(1)
    image.convert("RGB").save(frame, format="PNG")
    assert Image.open(frame).size == image.size


def test_rotation_sheet_shades_the_turned_square(tmp_path):
    path = tmp_path / "rotate.png"
    assert run("rotate", "-", "-o", str(path), stdin=SEED).returncode == 0
    assert near(pixel(path, 4 + 0.2, 0.2), "#ffd966")  # move 1: A- turned cells 0 1 3 4
    assert near(pixel(path, 4 + 2.2, 0.2), "#dde6f2")  # cell 2 did not move
    assert near(pixel(path, 0.2, 0.2), "#dde6f2")  # the start: nothing turned


def test_pictures_refused_where_they_make_no_sense():
    done = run("slide", WALLED, "--steps", "--json")
    assert done.returncode == 2 and "--steps" in done.stderr
    assert run("slide", WALLED, "--format", "gif").returncode == 2  # a GIF needs -o FILE


def test_a_sheet_says_which_boards_it_shows(tmp_path):
    every = run("slide", "-", "-o", str(tmp_path / "all.svg"), stdin=EIGHT)
    text = (tmp_path / "all.svg").read_text()
    assert every.returncode == 0
    assert "31 moves, optimal; the start and the boards after moves 1-31" in text
    # the optimal plan, then up and down 15 times: 61 moves, every second board shown
    plan = run("slide", "-", stdin=EIGHT).stdout.splitlines()[1] + "UD" * 15
    done = run("slide", "-", "--check", plan, "-o", str(tmp_path / "long.svg"), stdin=EIGHT)
    assert done.returncode == 0
    text = (tmp_path / "long.svg").read_text()
    assert "valid plan; the start and the boards after moves 1-61, every second one" in text
    assert ">1: " in text and ">61: " in text and ">2: " not in text and ">60: " not in text
    path = tmp_path / "long.png"
    assert run("slide", "-", "--check", plan, "-o", str(path), stdin=EIGHT).returncode == 0
    assert Image.open(path).size[0] > 0
    walk = run("slide", "-", "--check", plan, "--steps", stdin=EIGHT).stdout
    assert len(re.findall(r"^move \d+: ", walk, re.MULTILINE)) == 61  # --steps: every move
    gif = tmp_path / "long.gif"
    assert run("slide", "-", "--check", plan, "-o", str(gif), stdin=EIGHT).returncode == 0
    assert Image.open(gif).n_frames == 62  # the replay: every move


def test_the_verdict_shows_when_the_plan_goes_to_a_file_or_a_picture(tmp_path):
    """With -o, what is proven about the plan is one line on standard error, for
    plans found and plans checked, text and pictures alike."""
    for family, board, said in (("slide", EIGHT, "31 moves, optimal"),
                                ("rotate", SEED, "11 moves, optimal")):
        for name in (("plan.txt", "plan.png") if family == "slide" else ("plan.svg",)):
            out = tmp_path / f"{family}-{name}"
            done = run(family, "-", "-o", str(out), stdin=board)
            assert (done.returncode, done.stdout) == (0, ""), done.stderr
            assert done.stderr.splitlines() == [said], (family, name)
            assert out.stat().st_size > 0
    wrong = tmp_path / "wrong.txt"
    wrong.write_text("U\n")
    for name in ("check.txt", "check.png"):
        done = run("slide", "-", "--check", str(wrong), "-o", str(tmp_path / name),
                   stdin=EIGHT)
        assert done.returncode != 0 and done.stdout == ""
        assert done.stderr.splitlines()[0].startswith("invalid"), done.stderr
