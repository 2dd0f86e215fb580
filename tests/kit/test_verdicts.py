"""Whenever a grid family's answer goes to a file or a picture, the verdict goes to
standard error as one line and the picture carries it as its heading; ``--check
ANSWER`` with a picture draws the answer with the cells of every broken rule marked."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from cpsolve.models.akari import AKARI
from cpsolve.models.heyawake import HEYAWAKE
from cpsolve.models.masyu import MASYU
from tests.support.cli import run

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
SVG = "{http://www.w3.org/2000/svg}"
MARK = "#d62728"

# Per family: a unique board, one with several solutions, one with none (a clue that
# cannot hold), and a noun for its clues.
BOARDS = {
    "akari": (str(EXAMPLES / "akari" / "seed-7x7.txt"), ".....\n.....\n..1..\n.....\n.....\n",
              ".4.\n...\n...\n", "number"),
    "heyawake": (str(EXAMPLES / "heyawake" / "site-6x6.txt"),
                 "3 3\n- - -\n- - -\n- - -\na a a\na a a\na a a\n",
                 "2 2\n3 -\n- -\na a\na a\n", "number"),
    "masyu": (str(EXAMPLES / "masyu" / "site-6x6.txt"), "3 3\n- - -\n- - -\n- - -\n",
              "2 2\nb -\n- -\n", "pearl"),
}


def _heading(svg: Path) -> str:
    return ET.fromstring(svg.read_text()).findall(f"{SVG}text")[0].text or ""


def _one_line(stderr: str) -> str:
    assert stderr.count("\n") == 1, stderr
    return stderr.strip()


@pytest.mark.parametrize("family", sorted(BOARDS))
def test_the_verdict_shows_when_the_answer_goes_to_a_picture(tmp_path, family):
    unique, several, none, noun = BOARDS[family]
    out = tmp_path / "x.svg"
    done = run(family, unique, "--unique", "-o", str(out))
    assert (done.returncode, _one_line(done.stderr), _heading(out)) == (0, "unique", "unique")

    done = run(family, "-", "--unique", "-o", str(out), stdin=several)
    said = _one_line(done.stderr)
    assert done.returncode == 4 and said == "not unique: 2 solutions found" == _heading(out)
    captions = [t.text for t in ET.fromstring(out.read_text()).findall(f"{SVG}text")]
    assert [c for c in captions if c in ("one solution", "another")] == [
        "one solution", "another"]  # the two side by side

    done = run(family, "-", "-o", str(out), stdin=none)
    said = _one_line(done.stderr)
    assert done.returncode == 1 and said.startswith("unsolvable")
    assert said.endswith(f"1 {noun} in conflict") and _heading(out) == said
    marks = [r for r in ET.fromstring(out.read_text()).findall(f"{SVG}rect")
             if r.get("stroke") == MARK]
    assert len(marks) == 1  # the clue that cannot hold, outlined

    done = run(family, "-", "--explain", "-o", str(tmp_path / "x.png"), stdin=several)
    said = _one_line(done.stderr)
    assert done.returncode == 4 and said.startswith("not unique: 2 solutions found; ")
    assert " cells undetermined, " in said and " fix" in said


@pytest.mark.parametrize("family", sorted(BOARDS))
def test_the_verdict_shows_when_the_answer_goes_to_a_file(tmp_path, family):
    unique, several, none, _ = BOARDS[family]
    out = tmp_path / "answer.txt"
    done = run(family, unique, "-o", str(out))
    assert done.returncode == 0 and done.stdout == ""
    assert _one_line(done.stderr) == "solved (uniqueness not checked)"
    done = run(family, "-", "--count", "5", "-o", str(out), stdin=several)
    five = "5 solutions (stopped before the last)"
    assert done.returncode == 0 and _one_line(done.stderr) == five
    assert len(out.read_text().rstrip().split("\n\n")) == 5  # the answers alone
    # The file is an answer --check reads back, one under --unique even when not unique.
    assert run(family, unique, "--unique", "-o", str(out)).returncode == 0
    checked = run(family, unique, "--check", str(out))
    assert (checked.returncode, checked.stdout) == (0, "valid\n"), checked.stderr
    assert run(family, "-", "--unique", "-o", str(out), stdin=several).returncode == 4
    checked = run(family, "-", "--check", str(out), stdin=several)
    assert (checked.returncode, checked.stdout) == (0, "valid\n"), checked.stderr
    # No answer: the verdict replaces what the file held.
    done = run(family, "-", "-o", str(out), stdin=none)
    assert done.returncode == 1 and out.read_text().startswith("unsolvable")
    # On the terminal the answer itself says it: no line is added.
    assert run(family, unique, "--unique").stderr == ""


def _broken(family: str, text: str) -> str:
    """A wrong answer made from the unique board's right one."""
    if family == "akari":
        return "*.*....\n" + "\n".join(text.splitlines()[1:])
    rows = text.splitlines()
    if family == "heyawake":  # the first four cells of the top row shaded
        return "\n".join(["####" + rows[0][4:], *rows[1:]])
    # Masyu: the loop cut short at the first cell it passes
    first = rows[0].split()
    k = next(k for k, link in enumerate(first) if link != "-")
    first[k] = "-"
    return "\n".join([" ".join(first), *rows[1:]])


@pytest.mark.parametrize("family", sorted(BOARDS))
@pytest.mark.parametrize("fmt", ["svg", "png"])
def test_a_checked_answer_is_drawn_with_each_broken_rule_marked(tmp_path, family, fmt):
    puzzle = {"akari": AKARI, "heyawake": HEYAWAKE, "masyu": MASYU}[family]
    board_path = BOARDS[family][0]
    right = run(family, board_path).stdout.split("\n\n")[0]
    answer = tmp_path / "answer.txt"
    answer.write_text(_broken(family, right) + "\n")
    out = tmp_path / f"check.{fmt}"
    done = run(family, board_path, "--check", str(answer), "-o", str(out))
    lines = done.stderr.splitlines()
    assert done.returncode == 1 and lines[0].startswith("invalid: ")
    count = int(lines[0].split()[1])
    assert lines[0].endswith("rules broken" if count > 1 else "rule broken")
    assert len(lines) == 1 + count  # the verdict, then every broken rule
    if fmt == "png":
        assert out.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
        return
    # The marks are exactly the cells the checker's messages name.
    board = puzzle.parse(Path(board_path).read_text())
    given, mismatches = puzzle.read_answer(answer.read_text(), board)
    errors = [*mismatches, *puzzle.check(board, given)]
    named = {cell for error in errors for cell in getattr(error, "cells", ())}
    assert named and [str(e) for e in errors] == lines[1:]
    root = ET.fromstring(out.read_text())
    rects = root.findall(f"{SVG}rect")
    corner = next(r for r in rects if r.get("fill") == "#ffffff")
    x0, y0 = float(corner.get("x") or 0), float(corner.get("y") or 0)
    marked = {(round(float(r.get("y") or 0) - y0 - 0.08),
               round(float(r.get("x") or 0) - x0 - 0.08))
              for r in rects if r.get("stroke") == MARK}
    assert marked == named
    assert _heading(out) == lines[0]


def test_a_valid_answer_drawn_says_so(tmp_path):
    board = str(EXAMPLES / "akari" / "seed-7x7.txt")
    answer = tmp_path / "answer.txt"
    answer.write_text(run("akari", board).stdout)
    out = tmp_path / "check.svg"
    done = run("akari", board, "--check", str(answer), "--format", "svg", "-o", str(out))
    assert (done.returncode, done.stderr, _heading(out)) == (0, "valid\n", "valid")
    assert not [r for r in ET.fromstring(out.read_text()).findall(f"{SVG}rect")
                if r.get("stroke") == MARK]
