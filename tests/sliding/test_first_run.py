"""A first run on a new board: databases built with a line each (size, expected time,
then how long it took), and under a time limit the build either fits or gives way to
IDA* with distances and linear conflicts: an answer or an honest status, never a
failure caused by an unfinished build."""

from __future__ import annotations

import json

from cpsolve.models.sliding import check, parse, solve
from cpsolve.result import Status
from cpsolve.search import pdb
from tests.support.cli import run

# Goals no other test builds databases for (the blank inside the board), each with a
# start some 40 moves away that IDA* on distances and linear conflicts solves at once.
BOARDS = {
    5: "12 5 8 2\n13 9 4 6\n10 3 1 11\n14 0 15 7\ngoal\n1 2 3 4\n5 0 6 7\n8 9 10 11\n"
       "12 13 14 15",
    6: "9 3 7 13\n1 2 10 6\n14 0 11 15\n5 4 8 12\ngoal\n1 2 3 4\n5 6 0 7\n8 9 10 11\n"
       "12 13 14 15",
    9: "5 0 10 3\n14 1 15 4\n8 9 13 12\n7 2 11 6\ngoal\n1 2 3 4\n5 6 7 8\n9 0 10 11\n"
       "12 13 14 15",
}


def fresh(blank: int) -> str:
    return BOARDS[blank]


def test_a_short_limit_searches_without_building():
    puzzle = parse(fresh(5))
    lines: list[str] = []
    result = solve(puzzle, method="ida", time_limit=5, log=lines.append)
    assert result.status is Status.OPTIMAL and check(puzzle, result.solution) == []
    assert result.stats.extra["heuristic"] == "manhattan + linear conflict"
    assert "not built" in result.stats.extra["heuristic_reason"]
    assert any("not built" in line and "manhattan" in line for line in lines)
    assert result.method["heuristic"] == "pdb"  # what was asked


def test_a_build_past_its_share_of_the_limit_gives_way(monkeypatch):
    monkeypatch.setattr(pdb, "SECONDS_PER_ENTRY", 0.0)  # as if the build were instant
    puzzle = parse(fresh(6))
    solve(parse("1 2\n0 3"), method="ida")  # the kernels loaded: their time is not the test's
    result = solve(puzzle, method="ida", time_limit=4)  # 2 s for a build of 6 s or more
    assert result.status is Status.OPTIMAL and check(puzzle, result.solution) == []
    assert result.stats.extra["heuristic"] == "manhattan + linear conflict"
    assert result.stats.extra["heuristic_reason"] == (
        "pattern databases stopped at half the time left")
    sources = [d["source"] for d in result.stats.extra["pattern_databases"]]
    assert sources[-1] == "stopped by the time limit"


def test_each_database_gets_a_line_with_its_size_and_time():
    puzzle = parse("4 1 2\n5 0 3\n7 8 6\ngoal\n1 2 3\n4 0 5\n6 7 8")
    lines: list[str] = []
    result = solve(puzzle, method="ida", log=lines.append)
    assert result.status is Status.OPTIMAL
    lines = [line for line in lines if line.startswith("pattern database")]
    assert lines[0].startswith("pattern database 1 of 1: tiles 1 2 3 4 5 6 7 8, 362,880 "
                               "entries (0.2 MB), about ")
    assert lines[1].startswith("pattern database 1 of 1 (1 2 3 4 5 6 7 8): built in ")
    again: list[str] = []
    solve(puzzle, method="ida", log=again.append)
    again = [line for line in again if line.startswith("pattern database")]
    assert again[0].startswith("pattern database 1 of 1 (1 2 3 4 5 6 7 8): cache in ")


def test_the_command_under_a_short_limit():
    done = run("slide", "-", "--method", "ida", "--time-limit", "5", "--json", "-v",
               stdin=fresh(9))
    assert done.returncode in (0, 3), done.stderr
    data = json.loads(done.stdout)
    assert data["status"] in ("optimal", "unknown")
    assert data["stats"]["extra"]["heuristic"] == "manhattan + linear conflict"
    assert "not built" in done.stderr and "Traceback" not in done.stderr
