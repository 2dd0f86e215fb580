"""``cpsolve masyu`` end to end: golden output, checking answers, pictures, exports."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET

import pytest

from tests.support.cli import golden_run, run, valid_json

URL = "https://puzz.link/p?mashu/6/6/1063000i3000"
GOLDEN = {
    "site-6x6-unique": ["site-6x6.txt", "--unique"],
    "site-6x6-circuit": ["site-6x6.txt", "--backend", "cpsat", "--unique"],
    "site-6x6-url": ["site-6x6.txt", "--format", "url"],
    "generated-10x10": ["generated-10x10.txt", "--unique"],
}


@pytest.mark.parametrize("name", sorted(GOLDEN))
def test_golden_output(examples, name):
    file, *args = GOLDEN[name]
    golden_run("masyu", examples / "masyu" / file, *args, name=name)


def test_check_an_answer(tmp_path):
    done = run("masyu", URL, "--json")
    data = valid_json(json.loads(done.stdout))
    good = tmp_path / "good.txt"
    good.write_text("\n".join(data["solution"]) + "\n")
    assert run("masyu", URL, "--check", str(good)).stdout == "valid\n"
    bad = tmp_path / "bad.txt"
    bad.write_text("\n".join(["- " * 6] * 6) + "\n")
    done = run("masyu", URL, "--check", str(bad))
    assert done.returncode == 1 and "there is no loop" in done.stdout


def test_pictures(tmp_path):
    svg = tmp_path / "loop.svg"
    assert run("masyu", URL, "-o", str(svg)).returncode == 0
    root = ET.fromstring(svg.read_text())
    ns = "{http://www.w3.org/2000/svg}"
    circles = root.findall(f"{ns}circle")
    assert sorted(c.get("fill") for c in circles) == ["#1a1a1a"] * 2 + ["#ffffff"] * 3
    segments = [line for line in root.findall(f"{ns}line") if line.get("stroke") == "#1f4e9a"]
    assert len(segments) == 30  # the loop's edges
    png = tmp_path / "loop.png"
    assert run("masyu", URL, "-o", str(png)).returncode == 0
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_generate_makes_a_unique_board():
    done = run("generate", "masyu", "6", "5", "--seed", "5")
    url = done.stdout.strip()
    assert done.returncode == 0 and url.startswith("https://puzz.link/p?mashu/6/5/")
    assert run("masyu", url, "--unique").stdout.endswith("\nunique\n")
