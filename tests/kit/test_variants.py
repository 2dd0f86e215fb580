"""pzprjs's variant rules of four genres, each a flag of the puzz.link URL: Masyu's and
Slitherlink's full loop (``f``: every cell, every grid point), Fillomino's tri rule
(``t``: no area larger than 3) and Country Road's empty regions (``e``: a region need
not be visited). Each is held to brute force on small boards by every method (every
answer by the genre's brute force, judged by its checker under the rule), read from a
URL, solved under it and written back with it, written in grid text and read back; and
every genre's other URL flags of pzprjs's rules stay refused by name."""

from __future__ import annotations

import importlib
import random
from dataclasses import dataclass, replace
from typing import Any

import pytest

from cpsolve import registry
from cpsolve.errors import InputError, UsageError
from cpsolve.grid import editor
from cpsolve.grid.geometry import Grid
from tests.support.oracles import fillomino_solutions, oracle


@dataclass(frozen=True)
class Case:
    """A genre's variant: its flag's ``word``, its URL ``letter``, small ``boards``
    (each with the rule on) and ``brute(board)``: every answer under the rule."""

    word: str
    letter: str
    url: str  # a board unique under the rule, with the flag
    boards: Any
    brute: Any


def _on(name: str, board: Any) -> Any:
    return registry.load(name).grid.variant.apply(board, True)


def _masyu_boards() -> list[Any]:
    """The oracle's boards, and pearls a loop through every cell allows."""
    from cpsolve.models.masyu import Board
    from cpsolve.models.masyu.board import EMPTY
    from cpsolve.models.masyu.layout import candidates
    from tests.support.masyu_brute import _cycles

    rng = random.Random(3)
    out = [_on("masyu", b) for b in oracle("masyu").boards()[:40:2]]
    for rows, cols in [(2, 3), (2, 4), (3, 4), (4, 4), (4, 3)]:
        full = [loop for loop, cells in _cycles(rows, cols) if cells == (1 << rows * cols) - 1]
        for loop in rng.sample(full, min(4, len(full))):
            fits = candidates(rows, cols, loop)
            keep = {c: p for c, p in fits.items() if rng.random() < rng.choice([0.3, 0.6])}
            out.append(Board(rows, cols, tuple(keep.get(c, EMPTY) for c in range(rows * cols)),
                             full=True))
    return out


def _masyu_brute(board: Any) -> set[Any]:
    from tests.support.masyu_brute import solutions

    return set(solutions(board))  # the checker, under the rule, has the last word


def _slitherlink_boards() -> list[Any]:
    """The oracle's boards, and numbers a loop through every grid point gives."""
    from cpsolve.models.slitherlink import Board
    from tests.support.slitherlink_brute import solutions

    rng = random.Random(4)
    out = [_on("slitherlink", b) for b in oracle("slitherlink").boards()[:40:2]]
    for rows, cols in [(1, 3), (3, 1), (1, 5), (3, 3), (2, 2)]:
        empty = Board(rows, cols, (None,) * (rows * cols))
        full = [loop for loop in solutions(empty) if len(loop) == empty.points.cells]
        for loop in rng.sample(full, min(4, len(full))):
            on = {empty.points.edge_at[pair] for pair in loop}
            numbers = [sum(k in on for k in empty.side_table[c]) for c in range(empty.cells)]
            out.append(Board(rows, cols, tuple(n if rng.random() < 0.5 else None
                                               for n in numbers), full=True))
    return out


def _slitherlink_brute(board: Any) -> set[Any]:
    from cpsolve.models.slitherlink import check
    from tests.support.slitherlink_brute import solutions

    return {loop for loop in solutions(board.filled(False)) if not check(board, loop)}


def _fillomino_boards() -> list[Any]:
    """The oracle's boards, and numbers of fillings of areas up to 3."""
    from cpsolve.models.fillomino import Board
    from cpsolve.models.fillomino.layout import random_filling

    rng = random.Random(5)
    out = [_on("fillomino", b) for b in oracle("fillomino").boards()[:40:2]]
    for _ in range(20):
        rows, cols = rng.choice([(2, 3), (3, 3), (3, 4), (4, 3)])
        filling = None
        while filling is None:
            filling = random_filling(Grid(rows, cols), 3, rng)
        keep = rng.choice([0.3, 0.5, 0.7])
        out.append(Board(rows, cols, tuple(n if rng.random() < keep else None for n in filling),
                         tri=True))
    return out


def _fillomino_brute(board: Any) -> set[Any]:
    from cpsolve.models.fillomino import check

    return {f for f in fillomino_solutions(board) if not check(board, f)}


def _country_boards() -> list[Any]:
    return [_on("country", b) for b in oracle("country").boards()[:80:2]]


def _country_brute(board: Any) -> set[Any]:
    from tests.support.country_brute import solutions

    return set(solutions(board))


CASES = {
    "masyu": Case("full", "f", "https://puzz.link/p?mashu/f/3/4/099i", _masyu_boards,
                  _masyu_brute),
    "slitherlink": Case("full", "f", "https://puzz.link/p?slither/f/3/3/3dhd", _slitherlink_boards,
                        _slitherlink_brute),
    "fillomino": Case("tri", "t", "https://puzz.link/p?fillomino/t/4/3/12i1j1g", _fillomino_boards,
                      _fillomino_brute),
    "country": Case("empty", "e", "https://puzz.link/p?country/e/4/4/2lofpo2g3j", _country_boards,
                    _country_brute),
}


def solver(name: str) -> Any:
    """The genre's ``solve``."""
    return importlib.import_module(f"cpsolve.models.{name}").solve


def methods(name: str) -> list[dict[str, Any]]:
    """Every method of the genre, each by its backend and name."""
    statement = registry.load(name).grid.statement
    return [{"backend": m.backend, "encoding": m.name,
             **({"workers": 1} if m.backend == "cpsat" else {})} for m in statement.methods]


@pytest.mark.parametrize("name", sorted(CASES))
def test_every_method_meets_brute_force_under_the_variant(name):
    case, grid = CASES[name], registry.load(name).grid
    outcomes = set()
    for board in case.boards():
        assert getattr(board, case.word), board
        expected = case.brute(board)
        for answer in expected:
            assert grid.check(board, answer) == []
        outcomes.add(min(len(expected), 2))
        for options in methods(name):
            found = solver(name)(board, limit=None, **options)
            assert set(found.solutions) == expected, (options, board)
            unique = solver(name)(board, unique=True, **options)
            assert unique.unique is (len(expected) == 1), (options, board)
    assert outcomes == {0, 1, 2}, outcomes


@pytest.mark.parametrize("name", sorted(CASES))
def test_a_url_with_the_flag_is_solved_under_it_and_written_back(name):
    case, grid = CASES[name], registry.load(name).grid
    board = grid.parse(case.url)
    assert getattr(board, case.word) and grid.rule(board)
    assert grid.exports["url"](board) == case.url
    ruled = solver(name)(board, unique=True)
    assert ruled.unique is True and grid.check(board, ruled.solution) == []
    plain = grid.variant.apply(board, False)
    assert not getattr(plain, case.word) and grid.rule(plain) is None
    assert f"/{case.letter}/" not in grid.exports["url"](plain)
    assert solver(name)(plain, unique=True).solution != ruled.solution or not solver(name)(
        plain, unique=True).unique
    assert case.word in grid.picture(board, ruled.solution).title
    for form in set(grid.exports) - {"url", "grid"}:  # Penpa+, Loopy: no word for the rule
        with pytest.raises(UsageError, match=f"the {case.word} rule"):
            grid.exports[form](board)
        assert grid.exports[form](plain)


@pytest.mark.parametrize("name", sorted(CASES))
def test_the_variant_round_trips_in_grid_text(name):
    case, grid = CASES[name], registry.load(name).grid
    board = grid.parse(case.url)
    text = grid.exports["grid"](board)
    assert text.splitlines()[0].endswith(f" {case.word}")
    assert grid.parse(text) == board
    plain = grid.variant.apply(board, False)
    assert grid.parse(grid.exports["grid"](plain)) == plain
    with pytest.raises(InputError, match=case.word):
        grid.parse(text.replace(f" {case.word}", " nope", 1))


@pytest.mark.parametrize("name", sorted(CASES))
def test_the_page_and_the_command_carry_the_flag(name):
    case, grid = CASES[name], registry.load(name).grid
    assert grid.editor.flags == (case.word,)
    assert grid.variant.option.name == case.word
    board = grid.parse(case.url)
    other = replace(board, **{case.word: False})
    assert grid.variant.apply(other, True) == board
    draft = editor.to_draft(grid, board)  # the page's board, its checkbox ticked
    assert draft.flags == [case.word]
    assert editor.to_board(grid, draft) == board
    draft.flags = []
    assert editor.to_board(grid, draft) == other


def test_a_flag_no_genre_reads_is_refused_and_others_ignored():
    """The flag letters a genre reads are its own: Masyu's f is not Country Road's."""
    with pytest.raises(InputError, match="old LITS encoding"):
        registry.load("lits").grid.parse("https://puzz.link/p?lits/d/4/4/00")
    masyu = registry.load("masyu").grid
    assert not masyu.parse("https://puzz.link/p?mashu/x/3/4/099i").full
    assert masyu.parse("https://puzz.link/p?mashu/fx/3/4/099i").full


def test_variant_rules_a_url_or_file_marks_but_does_not_state_are_refused_in_every_genre():
    """pzprjs's "this puzzle uses variant rules" (a ``v:`` segment, or a save file's
    first line) says the rules are not the genre's without saying what they are: every
    genre refuses it at its place, never solving another puzzle under the base rules."""
    from cpsolve.grid import cases

    seen = 0
    for name in registry.names():
        family = registry.load(name)
        if family.grid is None:
            continue
        published = cases.of(registry.target(name).split(":")[0]).published
        urls = [c.board for c in published
                if c.board.startswith("https://puzz.link/p?") and c.outcome != "bad input"]
        if not urls:
            continue
        url = urls[0]
        kind = url.split("?", 1)[1].split("/", 1)[0]
        marked = url.replace(f"?{kind}/", f"?{kind}/v:abc/", 1)
        with pytest.raises(InputError, match=r"variant rules \('v:abc'\).*remove 'v:abc/'") as e:
            family.grid.parse(marked)
        assert e.value.column == marked.index("v:abc") + 1, name
        seen += 1
    assert seen >= 30
    with pytest.raises(InputError, match="remove that first line") as e:
        registry.load("masyu").grid.parse("v:\npzprv3\nmashu\n1\n2\n1 . \n")
    assert (e.value.line, e.value.column) == (1, 1)


@pytest.mark.parametrize("name", ["fillomino", "masyu", "slitherlink"])
def test_pzprjs_accepts_the_variant_answers_by_the_rules_it_has(name):
    """The pzprjs the judge runs (pzpr 0.10.1 on npm) predates these variant rules and
    cannot set their flags; a rule that only adds to the genre's (a full loop, areas up
    to 3) leaves answers its base checker must still accept, on the URL without the
    flag. (Country Road's empty rule takes a rule away: its answers are not the base
    genre's.)"""
    from tests.support.pzprjs import Judge, drawn

    case, grid = CASES[name], registry.load(name).grid
    judge = Judge()
    try:
        board = grid.parse(case.url)
        answer = solver(name)(board, unique=True).solution
        plain = grid.exports["url"](grid.variant.apply(board, False))
        said = judge(plain, drawn(grid, board, answer))
        assert said["complete"], (plain, said)
    finally:
        judge.close()


def test_arukone_is_numberlink_under_the_fill_rule_as_pzprjs_reads_it():
    """pzprjs's ``arukone`` is Numberlink under the fill rule (``arukone/e/``: without
    it): read so, written so, and its answers judged by pzprjs as an arukone board,
    whose checker refuses an answer that leaves a cell empty where numlin's accepts it."""
    from cpsolve.grid.solve import solve
    from tests.support.pzprjs import Judge, drawn

    grid = registry.load("numberlink").grid
    url = "https://puzz.link/p?arukone/5/5/1j2h3m1h2j3"
    board = grid.parse(url)
    assert board.fill and grid.exports["url"](board) == url
    assert grid.exports["grid"](board).startswith("5 5 fill")
    loose = grid.parse("https://puzz.link/p?arukone/e/5/5/1j2h3m1h2j3")
    assert not loose.fill and loose == grid.parse("https://puzz.link/p?numlin/5/5/1j2h3m1h2j3")
    assert grid.exports["url"](loose) == "https://puzz.link/p?numlin/5/5/1j2h3m1h2j3"
    result = solve(grid, board, unique=True)
    assert result.unique
    small = grid.parse("2 2 fill\n1 1\n- -\n")  # a path round all four cells, or 1-1
    ruled = grid.exports["url"](small)
    plain = grid.exports["url"](replace(small, fill=False))
    assert ruled.startswith("https://puzz.link/p?arukone/") and "numlin" in plain
    short = solve(grid, replace(small, fill=False), unique=True).solution  # cells left out
    judge = Judge()
    try:
        assert judge(url, drawn(grid, board, result.solution))["complete"]
        assert judge(ruled, drawn(grid, small, solve(grid, small).solution))["complete"]
        assert judge(plain, drawn(grid, small, short))["complete"]
        assert not judge(ruled, drawn(grid, small, short))["complete"]  # arukone's rule
    finally:
        judge.close()
