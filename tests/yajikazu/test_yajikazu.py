"""Yajisan-Kazusan: published boards solved to their setters' answers, the forms it
reads (published puzz.link URLs round trip; pzprjs files and Penpa+ links), the
checker's messages against pzprjs's failing answers, the rules' counts against brute
force, the command, the setter's tools and the generator."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from cpsolve.grid import setter
from cpsolve.grid.api import family
from cpsolve.grid.hints import clue_model
from cpsolve.grid.uniqueness import count_in, open_session
from cpsolve.models.yajikazu import FORMATS, YAJIKAZU, check, parse, show, solve, to_text, to_url
from cpsolve.models.yajikazu.rules import STATEMENT, chains
from cpsolve.result import Status
from tests.support.cli import run, valid_json
from tests.support.oracles import yajikazu_solutions

EXAMPLES = Path(__file__).parents[2] / "examples" / "yajikazu"
SMALL = "https://puzz.link/p?yajikazu/6/6/40d23663i32h12b32a12a11c"  # pzprjs's sample board
# pzprjs's sample board as its file (test/script/yajikazu.js), then its answer and its
# failing answers, each named by the rule pzprjs says it breaks first: "#" shaded.
PZPRV3 = ("pzprv3/yajikazu/6/6/4,0 . . . . 2,3 /1,99 . . . . . /. . . . 3,2 . /. . . . . . /"
          ". 1,2 . . 3,2 . /1,2 . 1,1 . . . /")
ANSWER = "+ + + + + + /# + # + + # /+ # + # + + /+ + + . + # /+ # + # + + /# + + . + # /"
FAILING = {
    "no cell": ". . . . . . /. . . . . . /. . . . . . /. . . . . . /. . . . . . /. . . . . . /",
    "touch": "+ + . . . . /# + . . . . /# . . . . . /. . . . . . /. . . . . . /. . . . . . /",
    "cut off": "+ + + + + + /# + . . + # /+ # . . + + /. . # . + # /. . . # + + /. . # . + # /",
    "sees": "+ + + + + + /# + . + + # /+ # . # + + /+ + . . + # /. + . . + + /. . . . + # /",
}
# semiexp/cspuz_core's test board and its answer (yajikazu.rs): a 23 only shading holds.
CSPUZ = ("https://puzz.link/p?yajikazu/6/5/g4022b32f41c12e817a",
         "....#.\n.#.#..\n..#.#.\n#.....\n..#.#.")
# The 14x9 board of noqx's examples, as its Penpa+ link.
PENPA = (
    "https://swaroopg92.github.io/penpa-edit/#m=edit&p=7Vbdb5swEH/nr6j8fA/+gGB4y7pmL1m6LZmqCi"
    "FEGFWjEdGRME2O+N93PqOFFSp1D2ulabJ8On6+j5/ts83hW5s3JQgfIlAaOAhsQcjxg4MWmjrv22Z3rMr4Aubt8"
    "b5uUAG4XizgLq8OpZf0Vql3MlFs5mDexQmTDKgLloL5GJ/M+9iswKxxiIFGbImaYCBRvTqrNzRutUsHCo76ygUU"
    "qN6iWuyaoiqzpUM+xInZALN53pC3Vdm+/l4yF4K+i3q/3Vlgmx9xMof73UM/cmi/1F/b3lakHZi5o7ueoKvOdN"
    "Uvumqarvz7dKO063DZPyHhLE4s989nVZ/VdXzqLK8T86V19TOFbOwOYUQ/sJDM5ACKKEEmzlDALcSHVjN/5DijW"
    "GoYPgyd1SBWGDkSA0etRo5ROIZ6XgNHwcWImODK5Ry4CiEcxofYbMKuTzuMJ/XYTkZjTHHH7zdsgouayKsmcvh8"
    "AhMTmB4tqJiF4/mGarRjQsuxnY4erQFWj6AauiW5IClJbrDEwCiSb0lykgHJJdlckbwheUnSJzkjm9AW6TPLmNl"
    "lkliOODvtavoFuCV4RYonW/Bvj6VewtZtc5cXJd5Bq3a/LZuLVd3s84rhpd957Aejnig09/+/A6/0Dtgt4H/0Gr"
    "z+qU5wdYMQzDWwhzbLs6KuGP5KgMXxzD3GX5w9Hv3U+wk=")
NOQX = ("https://puzz.link/p?yajikazu/14/9/d24b42c3140i4223g32a44c23i23a41a40a22c12d2243f2222"
        "21b22b22a22a2222b44n12e42d12f43f")


def _rows(grid: str) -> frozenset[int]:
    cells = [t for row in grid.split("/") for t in row.split()]
    return frozenset(k for k, t in enumerate(cells) if t == "#")


def test_published_boards_have_their_setters_answers():
    board = parse(SMALL)
    result = solve(board, unique=True)
    assert result.unique is True and result.solution == _rows(ANSWER)
    board = parse(CSPUZ[0])
    assert show(board, solve(board, unique=True).solution) == CSPUZ[1]


def test_the_forms_read_the_same_board():
    board = parse(SMALL)
    assert to_url(board) == SMALL and parse(to_text(board)) == board
    assert parse((EXAMPLES / "pzprjs-6x6.txt").read_text()) == board
    assert parse(PZPRV3.replace("/", "\n")) == board
    assert parse("6 6\ne0 - - - - s3\nn99 - - - - -\n- - - - w2 -\n- - - - - -\n"
                 "- n2 - - w2 -\nn2 - n1 - - -\n") == board  # the letter first
    assert parse(PENPA) == parse(NOQX)
    assert parse(FORMATS.exports["penpa"](board)) == board
    wide = parse("1 3\n4095e - 300w\n")
    assert parse(to_url(wide)) == wide
    odd = parse("https://puzz.link/p?yajikazu/6/3/1122334400a1.2.3.4.0.a-13e3-23e4-33e5962563")
    assert parse(to_url(odd)) == odd  # "?", numbers without arrows, every width


def test_a_number_cut_short_at_the_end_is_read_as_pzprjs_reads_it():
    cut = parse("https://puzz.link/p?yajikazu/3/1/91")  # pzprjs: 4 then "1" as 0x1
    assert cut.clues[0] is not None and cut.clues[0].token == "1e" and cut.clues[1] is None


def test_the_checker_names_each_broken_rule_as_pzprjs_does():
    board = parse(SMALL)
    for word, grid in FAILING.items():
        errors = check(board, _rows(grid))
        assert errors and word in errors[0], (word, errors)  # pzprjs's first failure
    assert check(board, _rows(ANSWER)) == []
    errors = check(parse("1 3\n1e - -\n"), frozenset({2}) | {0})
    assert errors == []  # the clue shaded: it says nothing
    assert check(parse("2 3\n2e - -\n- - -\n"), frozenset({2})) == [
        "the 2 pointing right at row 1, column 1 sees 1 shaded cell"]


@pytest.mark.parametrize("text", [
    "1 7\n2e - - 0w - - 1w\n",            # a shaded clue says nothing; counts to the edge
    "3 4\n9e - - -\n- 1s - 2w\n- - - 0n\n",  # a number no ray holds: its cell is shaded
    "3 3\n1s - 1w\n- - -\n1n - 0e\n",
])
def test_a_count_is_held_to_brute_force(text):
    board = parse(text)
    every = yajikazu_solutions(board)
    for encoding in ("lazy", "order", "flow"):
        backend = "sat" if encoding == "lazy" else "cpsat"
        found = solve(board, limit=None, backend=backend, encoding=encoding)
        assert sorted(found.solutions, key=sorted) == every, (text, encoding)


def test_a_chain_goes_no_farther_than_its_numbers_need():
    board = parse("1 6\n1e - - - 0w -\n")
    assert chains(board) == {(0, "e"): 2, (1, "e"): 2, (2, "e"): 2, (3, "e"): 2, (4, "e"): 1,
                             (1, "w"): 1, (2, "w"): 1, (3, "w"): 1, (4, "w"): 1}
    # the cells' variables, then the counts (the 1 reads "at least 2" too; the 0 only 1)
    assert STATEMENT.model(board).nvars == 6 + 9 + 4


def test_the_command_solves_checks_draws_and_prints_json(tmp_path):
    done = run("yajikazu", NOQX, "--unique", "--json")
    data = valid_json(json.loads(done.stdout))
    assert done.returncode == 0 and data["unique"] is True
    rows = data["solution"]
    good = tmp_path / "good.txt"
    good.write_text("\n".join(rows) + "\n")
    assert run("yajikazu", NOQX, "--check", str(good)).stdout == "valid\n"
    bad = tmp_path / "bad.txt"
    bad.write_text("\n".join([rows[0][::-1]] + rows[1:]) + "\n")
    checked = run("yajikazu", NOQX, "--check", str(bad))
    assert checked.returncode == 1 and "shaded cell" in checked.stdout
    picture = tmp_path / "answer.svg"
    assert run("yajikazu", NOQX, "-o", str(picture)).returncode == 0
    texts = [t.text for t in ET.parse(picture).iter() if t.tag.endswith("text")]
    assert sum(t is not None and t[0].isdigit() for t in texts) == len(parse(NOQX).clue_cells)


def test_not_unique_says_where_and_how_to_fix_it():
    text = (EXAMPLES / "not-unique-6x6.txt").read_text()
    explained = run("yajikazu", "-", "--explain", "--json", stdin=text)
    data = valid_json(json.loads(explained.stdout))
    assert explained.returncode == 4 and data["unique"] is False and data["fixes"]
    found = setter.explain(YAJIKAZU, parse(text))
    assert [fix.to_json() for fix in found.fixes] == data["fixes"]
    for fix in found.fixes[:4]:  # each leaves one solution
        assert solve(fix.board, unique=True, backend="cpsat").unique is True, fix.text


def test_no_solution_names_the_clues_in_conflict():
    board = parse((EXAMPLES / "conflict-2x2.txt").read_text())
    found = setter.conflict(YAJIKAZU, board)
    assert found.minimal and len(found.clues) == 2
    assert not yajikazu_solutions(board)


def test_a_clue_taken_away_leaves_its_cell_plain():
    board = parse(SMALL)
    hints = YAJIKAZU.require_hints()
    clues = hints.clues(board)
    assert len(clues) == 8 and all(c.number is not None for c in clues)
    fewer = hints.without(board, clues[:2])
    assert fewer.clues[0] is None and fewer.clues[5] is None
    done = run("yajikazu", SMALL, "--minimize", "--grade")
    assert done.returncode == 0 and "grade: " in done.stdout


@pytest.mark.parametrize("text", ["1 7\n- - - - - 0w -\n", "2 5\n- - - - -\n- - 1e - -\n",
                                  "3 4\n- 0e - -\n- 1s - -\n- - - 2w\n"])
def test_a_clue_a_fix_adds_holds_on_the_open_solver_what_it_holds_on_its_board(text):
    """Each clue a fix would add to the board itself (where the board's chains reach
    or not: its guarded counts), switched on in the board's clue model, leaves exactly
    the answers brute force finds on the board that shows it."""
    board = parse(text)
    hints = YAJIKAZU.require_hints()
    every = {board.grid.rc(cell) for cell in range(board.cells)}
    added = [e for e in hints.edits(board, every) if e.clue is not None and e.base is None]
    assert len(added) > 10
    clued = clue_model(hints, board, [e.clue for e in added])
    shown = len(hints.clues(board))
    with open_session(clued.model, "cadical153") as session:
        for k, edit in enumerate(added):
            on = [*clued.selectors[:shown], clued.selectors[shown + k]]
            found = count_in(session, clued.projection, limit=1000, assumptions=on,
                             refine=clued.model.refine)
            assert len(found.solutions) == len(yajikazu_solutions(edit.board)), edit.text


def test_generated_boards_are_unique_and_look_published():
    done = run("generate", "yajikazu", "8", "8", "--seed", "4")
    assert done.returncode == 0, done.stderr
    board = parse(done.stdout)
    result = solve(board, unique=True, backend="cpsat")
    assert result.status is Status.SOLVED and result.unique is True
    shaded = result.solution
    assert all(set(board.grid.orbit(cell, "rot2")) <= shaded for cell in shaded)
    clued = board.clue_cells
    assert len(clued) < 0.4 * board.cells  # clues taken away, as published boards
    assert any(cell in shaded for cell in clued)  # and some of them shaded


def test_the_family_is_the_kit_s():
    assert YAJIKAZU.hints is not None and YAJIKAZU.layout is not None
    assert family(YAJIKAZU).problems() == []
    assert show(parse(SMALL), frozenset()).splitlines()[0] == "......"
