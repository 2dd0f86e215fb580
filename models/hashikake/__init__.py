"""Hashiwokakero (Bridges): islands are cells with a number from 1 to 8 (``?``: an island
whose number is not given). Join them by bridges along rows and columns, each running
straight from one island to another over empty cells; at most two bridges join a pair;
bridges never cross each other or an island; each island's number is how many bridges
end at it; all the islands are joined into one network.

Boards: grid text (``ROWS COLS``, then rows of numbers, ``?`` and ``-``; or rows of one
character a cell), puzz.link URLs (``hashikake``, ``hashi``), pzprjs and janko.at files,
Penpa+ links, Simon Tatham's Bridges game IDs (``7x7m2:...``). Bridges are written as a
token a cell: on a cell without an island the directions they run, ``ew`` or ``ns``
(capitals for two bridges, ``EW``); on an island the directions they leave it by, a
capital for two (``nE``: one north, two east); ``-`` where none.

>>> from cpsolve.models.hashikake import parse, show, solve
>>> board = parse("https://puzz.link/p?hashikake/5/5/4g2i3h23k3g1g3g4g3")
>>> print(show(board, solve(board, unique=True).solution))
SE EW W  -  -
NS Se ew ew sw
Ns NS -  -  ns
ns Ne ew w  ns
nE EW EW EW nW
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, replace

from cpsolve.errors import InputError, UsageError
from cpsolve.grid import boards, codecs
from cpsolve.grid import text as gridtext
from cpsolve.grid.api import api
from cpsolve.grid.boards import UNKNOWN, NumberGrid
from cpsolve.grid.editor import Editor
from cpsolve.grid.geometry import Broken
from cpsolve.grid.hints import Clue, Edit, Hints
from cpsolve.grid.loops import aligned
from cpsolve.grid.puzzle import GridPuzzle
from cpsolve.grid.render import GridPicture
from cpsolve.models.hashikake.check import Bridges, check
from cpsolve.models.hashikake.layout import LAYOUT
from cpsolve.models.hashikake.rules import STATEMENT

Board = NumberGrid
LETTERS = {"n": (-1, 0), "s": (1, 0), "e": (0, 1), "w": (0, -1)}
ORDER = "nsew"


@dataclass(frozen=True)
class BridgeTokens:
    """Bridges as a token a cell: the directions they run through it or leave it by,
    a capital for two bridges, ``-`` for none."""

    what: str = "bridge"

    def tokens(self, board: NumberGrid, bridges: Bridges) -> list[str]:
        grid = board.grid
        count = {(a, b): n for a, b, n in bridges}
        out = []
        for cell in range(grid.cells):
            token = ""
            for letter in ORDER:
                other = grid.step(cell, *LETTERS[letter])
                n = 0 if other is None else count.get((min(cell, other), max(cell, other)), 0)
                token += letter * (n == 1) + letter.upper() * (n == 2)
            out.append(token or "-")
        return out

    def rows(self, board: NumberGrid, bridges: Bridges) -> list[str]:
        cells, cols = self.tokens(board, bridges), board.cols
        return [" ".join(cells[r * cols:(r + 1) * cols]) for r in range(board.rows)]

    def show(self, board: NumberGrid, bridges: Bridges) -> str:
        return aligned(self.tokens(board, bridges), board.cols, 1)

    def read(self, text: str, board: NumberGrid) -> tuple[Bridges, list[str]]:
        grid = board.grid
        rows, cols, (found,) = gridtext.read(text, 1, names=(self.what,), words=True)
        if (rows, cols) != (grid.rows, grid.cols):
            raise InputError(f"the answer is {rows}x{cols}, the board {grid.rows}x{grid.cols}",
                             line=found[0][0].line, column=1)
        said: list[dict[str, int]] = []
        for token in (t for row in found for t in row):
            letters = token.text if token.text != "-" else ""
            if not set(letters.lower()) <= set(ORDER) or \
                    len(set(letters.lower())) != len(letters):
                raise token.error("a cell is '-' or the directions its bridges run (n, e, s, "
                                  "w; a capital for two: 'ew', 'EW', 'nE'), not "
                                  f"{token.text!r}")
            said.append({c.lower(): 1 + c.isupper() for c in letters})
        built: dict[tuple[int, int], int] = {}
        problems: list[str] = []
        where, rc = grid.where, grid.rc
        for cell, ways in enumerate(said):
            for letter, n in ways.items():
                other = grid.step(cell, *LETTERS[letter])
                if other is None:
                    problems.append(Broken(f"a bridge leaves the board from {where(cell)} "
                                           f"({letter})", rc(cell)))
                    continue
                back = "nsew"["snwe".index(letter)]
                if said[other].get(back) != n:
                    go = "2 bridges go" if n > 1 else "1 bridge goes"
                    problems.append(Broken(f"{go} {letter} from {where(cell)} but the cell "
                                           f"there does not say so", rc(cell), rc(other)))
                key = (min(cell, other), max(cell, other))
                built[key] = max(built.get(key, 0), n)
        return frozenset((a, b, n) for (a, b), n in built.items()), problems

    def looks(self, text: str) -> bool:
        try:
            _, _, (found,) = gridtext.read(text, 1, names=(self.what,), words=True)
        except InputError:
            return False
        texts = {t.text for row in found for t in row} - {"-"}
        return bool(texts) and all(set(t.lower()) <= set(ORDER) and len(set(t.lower())) == len(t)
                                   for t in texts)


ANSWER = BridgeTokens()


def _two_bridges(match: re.Match[str]) -> None:
    """Refuse the Bridges parameters cpsolve does not play: more (or fewer) than two
    bridges a pair, and ``L``, a board whose bridges make no loop."""
    if match.group("most") not in (None, "2"):
        raise InputError(f"at most {match.group('most')} bridges a pair: cpsolve plays "
                         "two (m2)", line=1, column=match.start("most"))
    if match.group("loops"):
        raise InputError("a board whose bridges make no loop (L): cpsolve plays the "
                         "rule without it", line=1, column=match.start("loops") + 1)


# Simon Tatham's Bridges: islands 1-9 and A-G (10-16), a-z runs of water.
BRIDGES = codecs.Tatham(
    "bridges", "Bridges", "WxHm2",
    {**{str(n): n for n in range(1, 10)}, **{chr(ord("A") + k): 10 + k for k in range(7)}},
    r"(?:i\d+)?(?:e\d+)?(?:m(?P<most>\d+))?(?P<loops>L)?(?:d\d+)?", "m2", _two_bridges)
# puzz.link's body: pzprjs decodeNumber16 ("." a "?").
_FORMS = codecs.number_grid(Board, {"hashikake": "Hashiwokakero", "hashi": "Hashiwokakero"},
                            codecs.NUMBER16, least=1, most=8,
                            why="an island's number is 1 to 8", looks=ANSWER.looks,
                            janko={"hashi": "Hashiwokakero"})


def to_tatham(board: NumberGrid) -> str:
    """The board as a Bridges game ID (``WxHm2:DESC``)."""
    if UNKNOWN in board.numbers:
        raise UsageError("a Bridges game ID cannot say a '?': write the board as grid text "
                         "or a puzz.link URL")
    return BRIDGES.write(board.rows, board.cols, board.numbers)


FORMATS = codecs.Formats(
    replace(_FORMS.forms, game_id=(BRIDGES.pattern,
                                   lambda text: Board(*BRIDGES.read(text))), tatham="bridges"),
    _FORMS.text, {**_FORMS.exports, "tatham": to_tatham})


def without(board: NumberGrid, gone: Sequence[Clue]) -> NumberGrid:
    """``board`` with the numbers of ``gone`` taken away: their islands stay, as ``?``."""
    return board.renumbered({clue.index: UNKNOWN for clue in gone})


def edits(board: NumberGrid, cells: set[tuple[int, int]]) -> list[Edit[NumberGrid]]:
    """A number on a ``?`` island where solutions differ (or beside it), then an
    island's number changed; 1 to 8."""
    grid = board.grid
    near = grid.around(cells)
    out: list[Edit[NumberGrid]] = []
    for cell in near:
        current = board.numbers[cell]
        if current is None:
            continue
        r, c = grid.rc(cell)
        for n in range(1, 9):
            if n == current:
                continue
            clue = Clue((r, c), f"number {n}", cell, n)
            changed = board.renumbered({cell: n})
            if current == UNKNOWN:
                out.append(Edit((r, c), "number", f"number {n} on the island at "
                                f"{grid.where(cell)}", changed, clue=clue, number=n))
            else:
                out.append(Edit((r, c), "number", f"the island at {grid.where(cell)} "
                                f"numbered {n}", changed, clue=clue,
                                base=board.renumbered({cell: UNKNOWN}), number=n, cost=2))
    return sorted(out, key=lambda e: e.cost)


INK = "#1a1a1a"


def picture(board: NumberGrid, bridges: Bridges | None = None) -> GridPicture:
    """Islands as circles with their numbers; bridges as one or two bars."""
    rc = board.grid.rc
    pic = GridPicture(board.rows, board.cols,
                      title=f"Hashiwokakero {board.cols}x{board.rows}")
    for a, b, n in sorted(bridges or ()):
        (ra, ca), (rb, cb) = rc(a), rc(b)
        across = ra == rb
        for k in range(n):
            shift = 0.0 if n == 1 else (-0.12 if k == 0 else 0.12)
            w = 0.035
            if across:
                y = ra + 0.5 + shift
                x0, x1 = ca + 0.5, cb + 0.5
                pic.polygons.append((((x0, y - w), (x1, y - w), (x1, y + w), (x0, y + w)), INK))
            else:
                x = ca + 0.5 + shift
                y0, y1 = ra + 0.5, rb + 0.5
                pic.polygons.append((((x - w, y0), (x + w, y0), (x + w, y1), (x - w, y1)), INK))
    for cell in board.clue_cells:
        number = board.numbers[cell]
        pic.disc[rc(cell)] = ("#ffffff", INK)
        pic.label[rc(cell)] = ("?" if number == UNKNOWN else str(number), INK)
    return pic


HASHIKAKE: GridPuzzle[NumberGrid, Bridges] = GridPuzzle(
    name="hashikake",
    summary="Hashiwokakero (Bridges): join the islands by bridges; by SAT cuts or a "
            "CP-SAT flow.",
    help="Solve the Hashiwokakero BOARD: grid text (ROWS COLS, then rows of numbers 1 to "
         "8, ? and -) or a puzz.link URL. Join the islands by straight bridges along rows "
         "and columns, at most two between a pair, never crossing; each number is how "
         "many bridges end at its island; all islands form one network. Answers: a token "
         "per cell, the directions bridges run through it or leave it by (ew, ns; nE at "
         "an island), a capital for two bridges, - where none.",
    example="https://puzz.link/p?hashikake/5/5/4g2i3h23k3g1g3g4g3",
    formats=FORMATS, answer=ANSWER, check=check, statement=STATEMENT, picture=picture,
    auto="sat", nothing="no bridges join the islands by the rules",
    hints=Hints(clues=boards.number_clues(), without=without, edits=edits,
                noun="number", unit="edges"),
    layout=LAYOUT,
    editor=Editor(cycle=("-", "?", "1", "2", "3", "4"), numbers=(1, 8), size=(7, 7)),
)
FAMILY, solve, parse, show, to_rows, read_answer, to_text, to_url = api(HASHIKAKE)
