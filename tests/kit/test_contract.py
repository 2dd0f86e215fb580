"""The family contract, checked on every registered family: its example parses and
solves, every answer passes its checker, ``--json`` keeps the schema in every
outcome, ``-v`` speaks the same way, ``--check`` agrees, and no text makes its parser
raise anything but a located InputError."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cpsolve import registry
from cpsolve.errors import InputError
from cpsolve.family import Family, Kind
from cpsolve.result import Status
from tests.support.cli import JSON_KEYS, in_process, run, valid_json

# The families asked these questions through a process of their own, as users run the
# command (a grid genre and a plan family); every other family through the same entry
# point in this process: a process adds only its start, a second on a busy machine,
# and 32 genres ask each question.
PROCESS = {"akari", "slide"}


def command(name: str) -> Any:
    """How the contract runs ``cpsolve NAME ...`` (:data:`PROCESS`)."""
    return run if name in PROCESS else in_process

NAMES = registry.names()

# Boards of each outcome, per family: (arguments, exit status, status).
OUTCOMES = {
    "akari": [
        (["-", "--unique"], "...\n...\n...\n", 4, "solved"),  # not unique
        (["-"], "3.\n..\n", 1, "unsolvable"),
        (["-", "--no-deductions"], "....\n.1.1\n....\n", 0, "solved"),
        (["-", "--time-limit", "0"], "." * 30 + "\n" + "." * 30 + "\n", 3, "unknown"),
    ],
    "slide": [
        (["-"], "6 8 7\n2 5 4\n3 0 1\n", 1, "unsolvable"),
        (["-", "--count-optimal"], "1 2 3\n4 0 6\n7 5 8\n", 0, "optimal"),
        (["-", "--method", "sat", "--time-limit", "0.5"],
         "15 14 13 12\n11 10 9 8\n7 6 5 4\n3 1 2 0\n", 3, "unknown"),
        (["-", "--max-length", "3", "--method", "ida"], "8 6 7\n2 5 4\n3 0 1\n", 3, "unknown"),
    ],
    "heyawake": [
        (["-", "--unique"], "2 2\n- -\n- -\na b\na b\n", 4, "solved"),
        (["-"], "2 2\n2 -\n- -\na a\na a\n", 1, "unsolvable"),
        (["https://puzz.link/p?heyawake/6/6/lll155007rs12222j", "--unique", "--backend",
          "cpsat"], None, 0, "solved"),
        (["-", "--time-limit", "0"], "2 2\n- -\n- -\na b\na b\n", 3, "unknown"),
    ],
    "masyu": [
        (["-", "--unique"], "3 4\n- - - -\n- w - -\n- - - -\n", 4, "solved"),
        (["-"], "2 2\nb - \n- -\n", 1, "unsolvable"),
        (["https://puzz.link/p?mashu/6/6/1063000i3000", "--unique", "--backend", "cpsat"],
         None, 0, "solved"),
        (["-", "--time-limit", "0"], "2 2\nw -\n- -\n", 3, "unknown"),
    ],
    "slitherlink": [
        (["-", "--unique"], "2 2\n- -\n- -\n", 4, "solved"),
        (["-"], "1 2\n3 0\n", 1, "unsolvable"),
        (["https://puzz.link/p?slither/9/9/k0cg35dg1bibjdg53cg38dgbjdi1cg80dg1di", "--unique",
          "--backend", "cpsat"], None, 0, "solved"),
        (["-", "--time-limit", "0"], "2 2\n3 -\n- -\n", 3, "unknown"),
    ],
    "yajilin": [
        (["-", "--unique"], "4 4\n- - - -\n- - - -\n- - - -\n- - - -\n", 4, "solved"),
        (["-"], "1 2\n- -\n", 1, "unsolvable"),
        (["https://puzz.link/p?yajilin/6/6/d41a21g11f10g31a10d", "--unique", "--backend",
          "cpsat"], None, 0, "solved"),
        (["-", "--time-limit", "0"], "2 2\n- -\n- -\n", 3, "unknown"),
    ],
    "country": [
        (["-", "--unique"], "3 3\n- - -\n- - -\n- - -\na a a\na a a\na a a\n", 4, "solved"),
        (["-"], "1 2\n- -\na b\n", 1, "unsolvable"),
        (["https://puzz.link/p?country/6/6/2ad8k06f8qgo6i2", "--unique", "--backend",
          "cpsat"], None, 0, "solved"),
        (["-", "--time-limit", "0"], "2 2\n- -\n- -\na a\nb b\n", 3, "unknown"),
    ],
    "numberlink": [
        (["-", "--unique"], "3 3\n1 - -\n- - -\n- - 1\n", 4, "solved"),
        (["-"], "1 2\n1 2\n", 1, "unsolvable"),
        (["https://puzz.link/p?numlin/5/5/1j2h3m1h2j3", "--unique", "--backend", "cpsat"],
         None, 0, "solved"),
        (["-", "--time-limit", "0"], "2 2\n1 -\n- 1\n", 3, "unknown"),
    ],
    "firefly": [
        (["-", "--unique"], "2 3\n?e - ?\n- - -\n", 4, "solved"),
        (["-"], "1 2\n0e 0w\n", 1, "unsolvable"),
        (["https://puzz.link/p?firefly/5/5/40c21a3.a30g10a22a11c11", "--unique", "--backend",
          "cpsat"], None, 0, "solved"),
        (["-", "--time-limit", "0"], "2 2\n0e -\n- -\n", 3, "unknown"),
    ],
    "sudoku": [
        (["-", "--unique"], "1...\n....\n....\n...4\n", 4, "solved"),
        (["-"], "11..\n....\n....\n....\n", 1, "unsolvable"),
        (["-", "--unique", "--backend", "cpsat"], "1...\n..3.\n.4..\n...2\n", 0, "solved"),
        (["-", "--time-limit", "0"], "." * 81 + "\n", 3, "unknown"),
    ],
    "hitori": [
        (["-", "--unique"], "2 2\n1 2\n3 4\n", 4, "solved"),
        (["-"], "2 2\n1 1\n1 1\n", 1, "unsolvable"),
        (["https://puzz.link/p?hitori/8/8/7113844227266831246771852247731643381555633245178"
          "631347515752264", "--unique", "--backend", "cpsat"], None, 0, "solved"),
        (["-", "--time-limit", "0"], "2 2\n1 2\n3 4\n", 3, "unknown"),
    ],
    "yajikazu": [
        (["-", "--unique"], "2 2\n- -\n- -\n", 4, "solved"),
        (["-"], "2 2\n1e -\n1e -\n", 1, "unsolvable"),
        (["https://puzz.link/p?yajikazu/6/6/40d23663i32h12b32a12a11c", "--unique",
          "--backend", "cpsat"], None, 0, "solved"),
        (["-", "--time-limit", "0"], "2 2\n- -\n- -\n", 3, "unknown"),
    ],
    "kurodoko": [
        (["-", "--unique"], "2 2\n- -\n- -\n", 4, "solved"),
        (["-"], "2 2\n1 -\n- 1\n", 1, "unsolvable"),
        (["https://puzz.link/p?kurodoko/9/9/h3j4g3j4l.j4g3j.ldl.j5g6j.l7j5g6j5h", "--unique",
          "--backend", "cpsat"], None, 0, "solved"),
        (["-", "--time-limit", "0"], "2 2\n- -\n- -\n", 3, "unknown"),
    ],
    "nurikabe": [
        (["-", "--unique"], "3 3\n- - -\n- 3 -\n- - -\n", 4, "solved"),
        (["-"], "2 3\n1 1 -\n- - -\n", 1, "unsolvable"),
        (["https://puzz.link/p?nurikabe/10/10/1k4u1j7i3r6y1w-11m3n2", "--unique",
          "--backend", "cpsat"], None, 0, "solved"),
        (["-", "--time-limit", "0"], "3 3\n- - -\n- 3 -\n- - -\n", 3, "unknown"),
    ],
    "mochikoro": [
        (["-", "--unique"], "2 3\n- - -\n- - -\n", 4, "solved"),
        (["-"], "2 2\n1 1\n- -\n", 1, "unsolvable"),
        (["https://puzz.link/p?mochikoro/7/7/3i2q3i2m4i3q1i3", "--unique", "--backend",
          "cpsat"], None, 0, "solved"),
        (["-", "--time-limit", "0"], "2 3\n- - -\n- - -\n", 3, "unknown"),
    ],
    "nurimisaki": [
        (["-", "--unique"], "3 3\n? - -\n- - -\n- - ?\n", 4, "solved"),
        (["-"], "2 2\n2 2\n2 2\n", 1, "unsolvable"),
        (["https://puzz.link/p?nurimisaki/10/10/j3l3v2t2p.g2j2w2k2n3k", "--unique",
          "--backend", "cpsat"], None, 0, "solved"),
        (["-", "--time-limit", "0"], "3 3\n? - -\n- - -\n- - ?\n", 3, "unknown"),
    ],
    "tapa": [
        (["-", "--unique"], "2 3\n1 - -\n- - -\n", 4, "solved"),
        (["-"], "2 2\n4 -\n- -\n", 1, "unsolvable"),
        (["https://puzz.link/p?tapa/10/10/mbll6lbqzibni3a9iagzibml9la9m", "--unique",
          "--backend", "cpsat"], None, 0, "solved"),
        (["-", "--time-limit", "0"], "2 3\n1 - -\n- - -\n", 3, "unknown"),
    ],
    "shakashaka": [
        (["-", "--unique"], "3 3\n- - -\n- - -\n- - -\n", 4, "solved"),
        (["-"], "1 2\n- -\n", 1, "unsolvable"),
        (["https://puzz.link/p?shakashaka/10/10/hdicreg.hch.znehd.icr.kb", "--unique",
          "--backend", "cpsat"], None, 0, "solved"),
        (["-", "--time-limit", "0"], "3 3\n- - -\n- - -\n- - -\n", 3, "unknown"),
    ],
    "balance": [
        (["-", "--unique"], "3 3\n0 - -\n- - -\n- - -\n", 4, "solved"),
        (["-"], "2 2\n1 -\n- -\n", 1, "unsolvable"),
        (["https://puzz.link/p?balance/5/5/g9m1k0m8g", "--unique", "--backend", "cpsat"],
         None, 0, "solved"),
        (["-", "--time-limit", "0"], "2 2\n0 -\n- -\n", 3, "unknown"),
    ],
    "gokigen": [
        (["-", "--unique"], "2 2\n- - -\n- - -\n- - -\n", 4, "solved"),
        (["-"], "1 2\n4 - -\n- - -\n", 1, "unsolvable"),
        (["https://puzz.link/p?gokigen/4/4/iaegcgcj6a", "--unique", "--backend", "cpsat"],
         None, 0, "solved"),
        (["-", "--time-limit", "0"], "2 2\n- - -\n- - -\n- - -\n", 3, "unknown"),
    ],
    "fillomino": [
        (["-", "--unique"], "2 3\n- 2 -\n- - -\n", 4, "solved"),
        (["-"], "2 2\n2 2\n1 -\n", 1, "unsolvable"),
        (["https://puzz.link/p?fillomino/5/5/g1k34g2h5h4n", "--unique", "--backend", "cpsat"],
         None, 0, "solved"),
        (["-", "--time-limit", "0"], "2 3\n- 2 -\n- - -\n", 3, "unknown"),
    ],
    "dbchoco": [
        (["-", "--unique"], "2 4\n.#.#\n.#.#\n- - - -\n- - - -\n", 4, "solved"),
        (["-"], "1 2\n..\n- -\n", 1, "unsolvable"),
        (["-", "--unique", "--backend", "cpsat"], "2 4\n.#.#\n.#.#\n2 - 1 -\n- - - -\n", 0,
         "solved"),
        (["-", "--time-limit", "0"], "2 4\n.#.#\n.#.#\n- - - -\n- - - -\n", 3, "unknown"),
    ],
    "lits": [
        (["-", "--unique"], "3 4\na a a a\nb b b a\nb b b a\n", 4, "solved"),
        (["-"], "2 4\na a a a\nb b b b\n", 1, "unsolvable"),
        (["https://puzz.link/p?lits/10/10/6961c0ip6rvecctek8co80uufq6i48stecb6", "--unique",
          "--backend", "cpsat"], None, 0, "solved"),
        (["-", "--time-limit", "0"], "3 4\na a a a\nb b b a\nb b b a\n", 3, "unknown"),
    ],
    "norinori": [
        (["-", "--unique"], "2 2\na a\na a\n", 4, "solved"),
        (["-"], "2 2\na b\nc d\n", 1, "unsolvable"),
        (["https://puzz.link/p?norinori/10/10/ebdcb96kfaulotutil9qscvm7ivh0aumd8mc", "--unique",
          "--backend", "cpsat"], None, 0, "solved"),
        (["-", "--time-limit", "0"], "2 2\na a\na a\n", 3, "unknown"),
    ],
    "nurimaze": [
        (["-", "--unique"], "2 3\nS - G\n- - -\na b c\nd e f\n", 4, "solved"),
        (["-"], "2 2\nS -\n- G\na a\na a\n", 1, "unsolvable"),
        (["https://puzz.link/p?nurimaze/6/6/6efjsstsvjun1e374i2547", "--unique",
          "--backend", "cpsat"], None, 0, "solved"),
        (["-", "--time-limit", "0"], "2 3\nS - G\n- - -\na b c\nd e f\n", 3, "unknown"),
    ],
    "starbattle": [
        (["-", "--unique"], "4 4 1\na a b b\na a b b\nc c d d\nc c d d\n", 4, "solved"),
        (["-"], "3 3 1\na a b\na a b\nc c b\n", 1, "unsolvable"),
        (["https://puzz.link/p?starbattle/10/10/2/5g252c2qkgbakk98igse7g88cp3730so000u",
          "--unique", "--backend", "cpsat"], None, 0, "solved"),
        (["-", "--time-limit", "0"], "4 4 1\na a b b\na a b b\nc c d d\nc c d d\n", 3,
         "unknown"),
    ],
    "shikaku": [
        (["-", "--unique"], "2 2\n2 -\n- 2\n", 4, "solved"),
        (["-"], "1 2\n1 3\n", 1, "unsolvable"),
        (["https://puzz.link/p?shikaku/6/6/j3g56h6t6h23g5j", "--unique", "--backend",
          "cpsat"], None, 0, "solved"),
        (["-", "--time-limit", "0"], "2 2\n2 -\n- 2\n", 3, "unknown"),
    ],
    "sashigane": [
        (["-", "--unique"], "2 3\n- - -\n- - -\n", 4, "solved"),
        (["-"], "1 3\no - -\n", 1, "unsolvable"),
        (["https://puzz.link/p?sashigane/5/5/jm.o3khkgojm4", "--unique", "--backend",
          "cpsat"], None, 0, "solved"),
        (["-", "--time-limit", "0"], "2 3\n- - -\n- - -\n", 3, "unknown"),
    ],
    "ripple": [
        (["-", "--unique"], "1 4\n- - - -\na a a a\n", 4, "solved"),
        (["-"], "1 2\n- -\na b\n", 1, "unsolvable"),
        (["https://puzz.link/p?ripple/5/4/ld8g2sug4g3u1", "--unique", "--backend", "cpsat"],
         None, 0, "solved"),
        (["-", "--time-limit", "0"], "1 4\n- - - -\na a a a\n", 3, "unknown"),
    ],
    "skyscrapers": [
        (["-", "--unique"], "......\n......\n......\n......\n......\n......\n", 4, "solved"),
        (["-"], ".2..\n.2..\n....\n....\n", 1, "unsolvable"),
        (["https://puzz.link/p?skyscrapers/4/4/k13h4j3g", "--unique", "--backend", "cpsat"],
         None, 0, "solved"),
        (["-", "--time-limit", "0"], "......\n......\n......\n......\n......\n......\n", 3,
         "unknown"),
    ],
    "tents": [
        (["-", "--unique"], "....\n..T.\n", 4, "solved"),
        (["-"], "..0\n.T.\n", 1, "unsolvable"),
        (["https://puzz.link/p?tents/5/5/2g0h1i1j82323", "--unique", "--backend", "cpsat"],
         None, 0, "solved"),
        (["-", "--time-limit", "0"], "......\n..T..T\n......\n...T..\n......\n..T..T\n", 3,
         "unknown"),
    ],
    "nonogram": [
        (["-", "--unique"], "2 2\n1\n1\n1\n1\n", 4, "solved"),
        (["-"], "2 2\n2\n2\n1\n1\n", 1, "unsolvable"),
        (["https://puzz.link/p?nonogram/6/6/12g1111h11112j12g11g21j11g3h", "--unique",
          "--backend", "cpsat"], None, 0, "solved"),
        (["-", "--time-limit", "0"], "2 2\n1\n1\n1\n1\n", 3, "unknown"),
    ],
    "hashikake": [
        (["-", "--unique"], "1 3\n? - ?\n", 4, "solved"),
        (["-"], "3 3\n1 - 1\n- - -\n1 - 1\n", 1, "unsolvable"),
        (["https://puzz.link/p?hashikake/5/5/4g2i3h23k3g1g3g4g3", "--unique", "--backend",
          "cpsat"], None, 0, "solved"),
        (["-", "--time-limit", "0"], "3 3\n2 - 2\n- - -\n2 - 2\n", 3, "unknown"),
    ],
    "kakuro": [
        (["-", "--unique"], "- - -\n- . .\n- . .\n", 4, "solved"),
        (["-"], "- 3,\n,4 .\n", 1, "unsolvable"),
        (["https://puzz.link/p?kakuro/5/5/48la0.na0lh3l0Bn.0cl.c4a3", "--unique", "--backend",
          "cpsat"], None, 0, "solved"),
        (["-", "--time-limit", "0"], "- - -\n- . .\n- . .\n", 3, "unknown"),
    ],
    "rotate": [
        (["-"], "1 2 3\n4 5 6\n7 9 8\ngoal\n1 2 3\n4 5 6\n7 8 9\nsquares\n0 1 4 3\n", 1,
         "unsolvable"),
        (["-", "--count-optimal"], "4 1 3\n5 2 6\n7 8 9\n", 0, "optimal"),
        (["-", "--max-length", "2", "--method", "sat"], "9 8 7\n4 5 6\n3 2 1\n", 3,
         "unknown"),
    ],
}


@pytest.fixture(params=NAMES)
def family(request: pytest.FixtureRequest) -> Family:
    return registry.load(request.param)


def test_every_family_loads_and_keeps_the_contract(family):
    assert family.problems() == []
    assert family.takes("time_limit")
    assert family.command().name == family.name


def test_the_example_solves_and_every_answer_passes_the_checker(family):
    board = family.parse(family.example)
    result = family.solve(board, time_limit=60)
    assert result.status in (Status.SOLVED, Status.OPTIMAL), result.reason
    for answer in result.solutions:
        assert family.check(board, answer) == []
        encoded = family.encode(board, answer)
        assert isinstance(encoded, list) and all(isinstance(x, str) for x in encoded)
    if family.kind is Kind.PLAN:
        assert result.lower_bound == family.length(board, result.solution)


def test_the_command_prints_json_of_the_schema_and_checks_its_own_answer(family, tmp_path):
    example = tmp_path / "example.txt"
    example.write_text(family.example)
    done = command(family.name)(family.name, str(example), "--json")
    assert done.returncode == 0, done.stderr
    data = valid_json(json.loads(done.stdout))
    assert set(JSON_KEYS) <= set(data) and data["puzzle"] == family.name
    answer = tmp_path / "answer.txt"
    answer.write_text("\n".join(data["solution"]) + "\n" if family.kind is Kind.GRID
                      else " ".join(data["solution"]) + "\n")
    checked = command(family.name)(family.name, str(example), "--check", str(answer),
                                   "--json")
    assert checked.returncode == 0, checked.stdout + checked.stderr
    assert valid_json(json.loads(checked.stdout)) == {
        "version": 1, "puzzle": family.name, "valid": True, "errors": []}


@pytest.mark.parametrize("name, args, stdin, code, status",
                         [(name, *case) for name, cases in OUTCOMES.items() for case in cases])
def test_every_outcome_keeps_the_schema(name, args, stdin, code, status):
    if name not in NAMES:
        pytest.skip(f"{name} is not installed")
    done = command(name)(name, *args, "--json", stdin=stdin)
    assert done.returncode == code, done.stdout + done.stderr
    data = valid_json(json.loads(done.stdout))
    assert data["status"] == status
    assert isinstance(data["solutions"], list) and isinstance(data["count"], int)
    if status in ("unsolvable", "unknown"):
        assert data["solution"] is None and data["solutions"] == [] and data["reason"]
    if code == 4:
        assert data["unique"] is False and data["count"] == 2


def test_verbose_speaks_as_phases_end(family, tmp_path):
    """Every family's ``-v`` opens with what it knew before search, and planning
    families add a line per horizon."""
    example = tmp_path / "example.txt"
    example.write_text(family.example)
    args = ["--method", "sat"] if family.kind is Kind.PLAN else []
    done = command(family.name)(family.name, str(example), "-v", *args)
    assert done.returncode == 0, done.stderr
    lines = done.stderr.splitlines()
    assert any(line.startswith("before search") for line in lines), lines
    if family.kind is Kind.PLAN:
        assert any(line.startswith("horizon ") for line in lines), lines
    else:
        assert any(line.startswith("model built") or "decide every cell" in line
                   for line in lines), lines


@pytest.mark.parametrize("name", NAMES)
@settings(max_examples=150, deadline=2000, suppress_health_check=[HealthCheck.too_slow])
@given(parts=st.lists(st.sampled_from(
    list(".#-=0123456789abcwbABCDExXoL*+ \n,:/?!\t\x00é")
    + ["goal\n", "squares\n", "https://puzz.link/p?", "3,3,", "7x7:", "A: "]),
    max_size=60))
def test_any_text_gives_a_board_or_a_located_error(name, parts):
    text = "".join(parts)
    parse = registry.load(name).parse
    try:
        parse(text)
    except InputError as error:
        assert error.line is not None, f"{error} has no line"
        assert error.line >= 1 and (error.column is None or error.column >= 1)


@pytest.mark.parametrize("name", NAMES)
@settings(max_examples=100, deadline=2000)
@given(text=st.text(max_size=80))
def test_any_unicode_gives_a_board_or_a_located_error(name, text):
    parse = registry.load(name).parse
    try:
        parse(text)
    except InputError as error:
        assert error.line is not None, f"{error} has no line"


# The same board and options, from the command line and from Python: the same method
# record and the same model (variables, clauses, constraints; per horizon for plans).
SAME_MODEL = {
    "akari": [[], ["--card", "totalizer"], ["--no-deductions"], ["--backend", "cpsat"]],
    "heyawake": [[], ["--card", "direct"], ["--encoding", "order"]],
    "masyu": [[], ["--backend", "cpsat"]],
    "slitherlink": [[], ["--no-parity"], ["--backend", "cpsat"], ["--encoding", "flow"]],
    "yajilin": [[], ["--card", "direct"], ["--backend", "cpsat"], ["--encoding", "flow"]],
    "country": [[], ["--card", "direct"], ["--backend", "cpsat"], ["--encoding", "flow"]],
    "numberlink": [[], ["--backend", "cpsat"]],
    "firefly": [[], ["--backend", "cpsat"]],
    "sudoku": [[], ["--encoding", "minimal"], ["--backend", "cpsat"]],
    "hitori": [[], ["--encoding", "flow"]],
    "kurodoko": [[], ["--encoding", "order"], ["--encoding", "flow"]],
    "yajikazu": [[], ["--encoding", "order"], ["--encoding", "flow"]],
    "nurikabe": [[], ["--backend", "cpsat"]],
    "mochikoro": [[], ["--backend", "cpsat"]],
    "nurimisaki": [[], ["--backend", "cpsat"], ["--encoding", "order"]],
    "tapa": [[], ["--backend", "cpsat"]],
    "shakashaka": [[], ["--backend", "cpsat"]],
    "gokigen": [[], ["--backend", "cpsat"]],
    "balance": [[], ["--backend", "cpsat"]],
    "lits": [[], ["--backend", "cpsat"]],
    "norinori": [[], ["--card", "totalizer"], ["--backend", "cpsat"]],
    "nurimaze": [[], ["--backend", "cpsat"], ["--encoding", "order"]],
    "dbchoco": [[], ["--backend", "cpsat"]],
    "fillomino": [[], ["--no-deductions"], ["--backend", "cpsat"]],
    "starbattle": [[], ["--card", "totalizer"], ["--backend", "cpsat"]],
    "shikaku": [[], ["--backend", "cpsat"]],
    "sashigane": [[], ["--backend", "cpsat"]],
    "ripple": [[], ["--backend", "cpsat"]],
    "skyscrapers": [[], ["--backend", "cpsat"]],
    "tents": [[], ["--backend", "cpsat"]],
    "nonogram": [[], ["--backend", "cpsat"]],
    "hashikake": [[], ["--backend", "cpsat"]],
    "kakuro": [[], ["--backend", "cpsat"]],
    "slide": [["--method", "sat"], ["--method", "cpsat"]],
    "rotate": [["--method", "sat"]],
}




def test_every_family_is_compared_from_the_command_line_and_python():
    assert set(NAMES) <= set(SAME_MODEL), "a family without a SAME_MODEL case"


# Boards whose deductions leave a model to build (the examples may need none).
BUILDS = {"akari": (Path(__file__).parents[2] / "examples" / "akari" / "seed-18x10.txt")
          .read_text(),
          "kakuro": "https://puzz.link/p?kakuro/11/9/.H7l..M6m5-EemT--fqfblBdl-3o-Gnh-J-f-maBm-"
                    "hm6-b--hnbEo86l-6lgdq.-hm.-jm..-fl..86a87hDh3f"}


def _options(args: list[str]) -> dict[str, object]:
    """Command-line options as solve()'s keywords."""
    out: dict[str, object] = {}
    k = 0
    while k < len(args):
        name = args[k][2:].replace("-", "_")
        if name.startswith("no_"):
            out[name[3:]] = False
            k += 1
        else:
            out[name] = args[k + 1]
            k += 2
    return out


def _sizes(data: dict) -> dict:
    stats = data["stats"]
    keep = {key: stats.get(key) for key in ("variables", "clauses", "constraints")}
    keep["horizons"] = [{key: h.get(key) for key in ("horizon", "variables", "clauses",
                                                      "constraints")}
                        for h in stats.get("horizons") or []]
    return keep


@pytest.mark.parametrize("name, args", [(name, args) for name, cases in SAME_MODEL.items()
                                        for args in cases])
def test_the_command_line_and_python_build_the_same_model(name, args, tmp_path):
    if name not in NAMES:
        pytest.skip(f"{name} is not installed")
    from cpsolve.result import result_json

    family = registry.load(name)
    text = BUILDS.get(name, family.example)
    example = tmp_path / "example.txt"
    example.write_text(text)
    done = command(name)(name, str(example), "--json", *args)
    assert done.returncode == 0, done.stderr
    cli = json.loads(done.stdout)
    board = family.parse(text)
    result = family.solve(board, **_options(args))
    api = result_json(name, result, lambda a: family.encode(board, a), plans=family.kind is
                      Kind.PLAN)
    assert cli["method"] == api["method"]
    assert _sizes(cli) == _sizes(api)
    assert any(value for value in _sizes(api).values()), "no model size to compare"


def test_an_option_the_method_does_not_take_is_a_usage_error(tmp_path):
    example = tmp_path / "h.txt"
    example.write_text(registry.load("heyawake").example)
    done = run("heyawake", str(example), "--backend", "cpsat", "--card", "seqcounter")
    assert (done.returncode, done.stdout) == (2, "")
    assert done.stderr == ("cpsolve: --card does not apply to the cpsat backend, order "
                           "encoding (it applies to the sat backend, lazy encoding)\n"
                           "Try 'cpsolve heyawake --help'.\n")
    plan = tmp_path / "p.txt"
    plan.write_text("8 6 7\n2 5 4\n3 0 1\n")
    done = run("slide", str(plan), "--method", "sat", "--weight", "2")
    assert done.returncode == 2 and done.stderr.startswith("cpsolve: --weight does not apply")
    # With auto, the first method that takes the option runs, and says why.
    chosen = json.loads(run("slide", str(plan), "--weight", "2", "--json").stdout)
    assert chosen["method"]["method"] == "ida"
    assert chosen["method"]["auto"] == "--weight applies to --method ida"


GRIDS = [name for name in NAMES if registry.load(name).kind is Kind.GRID]


@pytest.mark.parametrize("name", GRIDS)
def test_no_solve_prints_the_board_in_the_main_format(name, tmp_path):
    """``--no-solve`` prints the board as grid text without ``--format``, from a file
    and from the family's URL alike, and that text reads back as the same board."""
    family = registry.load(name)
    board = family.parse(family.example)
    example = tmp_path / "example.txt"
    example.write_text(family.example)
    cpsolve = command(name)
    text = cpsolve(name, str(example), "--no-solve")
    assert text.returncode == 0, text.stderr
    assert family.parse(text.stdout) == board
    url = cpsolve(name, str(example), "--no-solve", "--format", "url")
    assert url.returncode == 0 and url.stdout.startswith("https://"), url.stdout
    again = cpsolve(name, url.stdout.strip(), "--no-solve")
    assert (again.returncode, again.stdout) == (0, text.stdout), again.stderr
    read = cpsolve(name, str(example), "--no-solve", "--json")
    assert read.returncode == 0, read.stderr
    data = valid_json(json.loads(read.stdout))
    assert data["board"] == text.stdout.splitlines() and data["url"] == url.stdout.strip()


def test_a_method_chosen_again_is_the_same_and_its_own():
    """The grid driver keeps the methods it chose: the same choices give an equal
    method, each caller gets values of its own, and a refused choice stays refused."""
    from cpsolve.errors import UsageError
    from cpsolve.grid.solve import method
    from cpsolve.models.akari import AKARI
    from cpsolve.models.heyawake import HEYAWAKE

    first = method(AKARI, "auto", None, {"card": "totalizer"})
    first.values["card"] = "changed by a caller"
    again = method(AKARI, "auto", None, {"card": "totalizer"})
    assert again.values["card"] == "totalizer" and again.method == first.method
    assert method(AKARI, "cpsat", None, {}).method[0] == "cpsat"
    assert method(HEYAWAKE, "auto", None, {}).method != method(AKARI, "auto", None, {}).method
    for _ in range(2):
        with pytest.raises(UsageError, match="--card does not apply"):
            method(AKARI, "cpsat", None, {"card": "totalizer"})
    # An option value that cannot be a key is chosen afresh, not refused for that.
    with pytest.raises(UsageError):
        method(AKARI, "auto", None, {"card": ["direct"]})
