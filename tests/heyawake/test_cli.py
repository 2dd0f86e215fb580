"""``cpsolve heyawake`` end to end: golden output, checking answers, pictures, exports."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET

import pytest

from tests.support.cli import golden_run, run, valid_json

URL = "https://puzz.link/p?heyawake/6/6/lll155007rs12222j"
GOLDEN = {
    "published-7x7-unique": ["published-7x7.txt", "--unique"],
    "site-6x6-cpsat": ["site-6x6.txt", "--backend", "cpsat", "--unique"],
    "site-6x6-url": ["site-6x6.txt", "--format", "url"],
    "generated-10x10": ["generated-10x10.txt", "--unique"],
}


@pytest.mark.parametrize("name", sorted(GOLDEN))
def test_golden_output(examples, name):
    file, *args = GOLDEN[name]
    golden_run("heyawake", examples / "heyawake" / file, *args, name=name)


def test_check_an_answer(tmp_path):
    good = tmp_path / "good.txt"
    good.write_text("#.#..#\n...#..\n#.#.#.\n......\n.#.#.#\n..#...\n")
    assert run("heyawake", URL, "--check", str(good)).stdout == "valid\n"
    bad = tmp_path / "bad.txt"
    bad.write_text("##...#\n...#..\n#.#.#.\n......\n.#.#.#\n..#...\n")
    done = run("heyawake", URL, "--check", str(bad), "--json")
    data = valid_json(json.loads(done.stdout))
    assert done.returncode == 1 and not data["valid"]
    assert "shaded cells at row 1, column 1 and row 1, column 2 touch" in data["errors"]


def test_json_and_the_url_round_trip(examples):
    done = run("heyawake", str(examples / "heyawake" / "site-6x6.txt"), "--json", "--unique")
    data = valid_json(json.loads(done.stdout))
    assert data["solution"] == ["#.#..#", "...#..", "#.#.#.", "......", ".#.#.#", "..#..."]
    assert data["unique"] is True and data["count"] == 1 and data["complete"] is True
    assert run("heyawake", URL, "--format", "url").stdout.strip() == URL


def test_pictures(tmp_path):
    from matplotlib.image import imread

    svg = tmp_path / "board.svg"
    assert run("heyawake", URL, "-o", str(svg)).returncode == 0
    root = ET.fromstring(svg.read_text())
    ns = "{http://www.w3.org/2000/svg}"
    shaded = [r for r in root.findall(f"{ns}rect") if r.get("fill") == "#1a1a1a"]
    assert len(shaded) == 11  # the answer's shaded cells
    heading, *labels = [t.text for t in root.findall(f"{ns}text")]
    assert heading == "solved (uniqueness not checked)" and labels == ["2", "2", "2", "2"]
    thick = [line for line in root.findall(f"{ns}line") if line.get("stroke-width") == "0.1"]
    assert len(thick) == 14 + 11  # the room borders inside the grid: 14 across, 11 down
    png = tmp_path / "board.png"
    assert run("heyawake", URL, "-o", str(png)).returncode == 0
    image = imread(png)
    assert image.shape[:2] == (int((6.5 + 1) * 40), int(6.5 * 40))  # the verdict above
    r, c = 0, 2  # a shaded cell, away from its number
    assert max(image[int((r + 1.25 + 0.15) * 40), int((c + 0.25 + 0.15) * 40)][:3]) < 0.2
    r, c = 0, 1  # an unshaded cell
    assert min(image[int((r + 1.25 + 0.15) * 40), int((c + 0.25 + 0.15) * 40)][:3]) > 0.9


def test_generate_makes_a_unique_board():
    done = run("generate", "heyawake", "8", "6", "--seed", "5")
    url = done.stdout.strip()
    assert done.returncode == 0 and url.startswith("https://puzz.link/p?heyawake/8/6/")
    assert run("heyawake", url, "--unique").stdout.endswith("\nunique\n")


def test_explain_on_a_board_with_two_solutions(tmp_path):
    board = tmp_path / "two.txt"
    board.write_text("2 2\n- -\n- -\na b\nc d\n")
    done = run("heyawake", str(board), "--explain", "--json")
    assert done.returncode == 4, done.stderr
    shown = valid_json(json.loads(done.stdout))
    assert shown["unique"] is False and shown["undetermined"]
    drawn = run("heyawake", str(board), "--explain", "-o", str(tmp_path / "both.png"))
    assert drawn.returncode == 4 and (tmp_path / "both.png").read_bytes()[:4] == b"\x89PNG"
