"""The examples run as they are shipped."""

from __future__ import annotations

import runpy
import sys

import pytest


def test_akari_api_example(examples, tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(sys, "argv", ["akari_api.py"])
    runpy.run_path(str(examples / "akari_api.py"), run_name="__main__")
    out = capsys.readouterr().out
    assert "status: solved, unique: True" in out
    assert "SAT and CP-SAT agree: 1 solution(s)" in out
    assert (tmp_path / "akari.svg").read_text().startswith("<svg")


@pytest.mark.parametrize("name", ["seed-7x7", "seed-8x8", "seed-18x10"])
def test_example_boards_parse(examples, name):
    from cpsolve.models.akari import parse

    board = parse((examples / "akari" / f"{name}.txt").read_text())
    assert board.clues
