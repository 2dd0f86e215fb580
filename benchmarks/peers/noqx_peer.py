"""noqx (clingo; not on PyPI: a checkout of its repository, with ``pip install clingo``),
called as its users call it: its page sends the board as Penpa+ data, and its server
runs ``noqx.clingo.run_solver(genre, data, parameters)`` with the genre's parameters at
their defaults. That call enumerates up to ten answers (``Config.max_solutions_to_find``)
within ``Config.time_limit`` seconds, one thread (its defaults): a board with one answer
is proven unique, as cpsolve's ``unique=True`` proves it.

Its users import a puzz.link URL into Penpa+ in the browser, which writes the board as
Penpa+ data; here :class:`Penpa` writes the same data from cpsolve's board (the
numbers, the region borders, the pearls, the black cells), and each answer noqx gives
is read back into cpsolve's form and compared with cpsolve's, so a board written wrong
shows as a disagreement.
"""

from __future__ import annotations

import json
import logging
import subprocess
import sys
from base64 import b64encode
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from zlib import compress

from peers.outcome import Outcome

from cpsolve.grid.boards import UNKNOWN

PREFIX = "m=edit&p="
TABLES = ("surface", "number", "sudoku", "symbol", "edge", "deleteedge", "line", "wall")
LISTS = ("killercages", "arrows", "thermo")
# A yaji arrow's direction as Penpa+ writes it after the number: up, left, right, down.
ARROW = {"n": 0, "w": 1, "e": 2, "s": 3}
BLACK, GRAY = 4, 8  # Penpa+'s surface colours


class Penpa:
    """A square board as Penpa+ data: numbers and symbols in cells, black cells, borders
    between cells. Penpa+ numbers every point of a board with a margin of two cells
    around it, a layer (``category``) for cell centres and one for the corners."""

    def __init__(self, rows: int, cols: int) -> None:
        self.rows, self.cols = rows, cols
        self.board: dict[str, Any] = {key: {} for key in TABLES}
        self.board.update({key: [] for key in LISTS})

    def index(self, r: int, c: int, category: int = 0) -> int:
        wide, high = self.cols + 4, self.rows + 4
        return category * wide * high + (r + 2) * wide + c + 2

    def number(self, cell: int, value: int | str) -> None:
        r, c = divmod(cell, self.cols)
        self.board["number"][str(self.index(r, c))] = [str(value), 1, "1"]

    def symbol(self, cell: int, shape: str, style: int) -> None:
        r, c = divmod(cell, self.cols)
        self.board["symbol"][str(self.index(r, c))] = [style, shape, 1]

    def surface(self, cell: int, colour: int = BLACK) -> None:
        r, c = divmod(cell, self.cols)
        self.board["surface"][str(self.index(r, c))] = colour

    def border(self, a: int, b: int) -> None:
        """The border between side-by-side cells ``a < b``: a segment between two
        corners (the corner layer numbers each cell's lower right corner)."""
        r, c = divmod(b, self.cols)
        if b == a + 1:  # the left side of b
            ends = (self.index(r - 1, c - 1, 1), self.index(r, c - 1, 1))
        else:  # the top side of b
            ends = (self.index(r - 1, c - 1, 1), self.index(r - 1, c, 1))
        self.board["edge"][f"{ends[0]},{ends[1]}"] = 2

    def regions(self, region: tuple[int, ...]) -> None:
        """Borders wherever two cells side by side lie in different regions."""
        for cell, here in enumerate(region):
            r, c = divmod(cell, self.cols)
            if c + 1 < self.cols and region[cell + 1] != here:
                self.border(cell, cell + 1)
            if r + 1 < self.rows and region[cell + self.cols] != here:
                self.border(cell, cell + self.cols)

    def data(self) -> str:
        """The data Penpa+ exports (``m=edit&p=...``): the header, the margins, the
        board and an empty answer, deflated and in base 64."""
        empty: dict[str, Any] = {key: {} for key in TABLES} | {key: [] for key in LISTS}
        parts = [f"square,{self.cols},{self.rows},38,0,1,1,0,0,0,0,0,0,0,0", "[0,0,0,0]",
                 "{}", json.dumps(self.board), json.dumps(empty)]
        return PREFIX + b64encode(compress("\n".join(parts).encode())[2:-4]).decode()


# Writers: cpsolve's board as Penpa+ data, and the parameters noqx's page sends with it
# (its defaults, but for what the board itself says: Star Battle's stars, Numberlink's
# rule).

def numbers(board: Any, *, unknown: bool = True) -> Penpa:
    """A number a cell (``?`` where a number is not told; left out with
    ``unknown=False``)."""
    out = Penpa(board.rows, board.cols)
    for cell, value in enumerate(board.numbers):
        if value is None or (value == UNKNOWN and not unknown):
            continue
        out.number(cell, "?" if value == UNKNOWN else value)
    return out


def rooms(board: Any) -> Penpa:
    """Rooms with a number at one cell of each (Heyawake, Country Road)."""
    out = Penpa(board.rows, board.cols)
    out.regions(board.room)
    for room, value in enumerate(board.numbers):
        if value is not None:
            out.number(board.clue_cell[room], "?" if value == UNKNOWN else value)
    return out


def regions(board: Any) -> Penpa:
    out = Penpa(board.rows, board.cols)
    out.regions(board.region)
    return out


def masyu(board: Any) -> Penpa:
    """White pearls as Penpa+'s large circle of style 1, black ones of style 2."""
    out = Penpa(board.rows, board.cols)
    for cell, pearl in enumerate(board.pearls):
        if pearl:
            out.symbol(cell, "circle_L", pearl)
    return out


def akari(board: Any) -> Penpa:
    """Black cells as black surface, numbered or not."""
    out = Penpa(board.height, board.width)
    for r, row in enumerate(board.rows):
        for c, ch in enumerate(row):
            if ch != ".":
                out.surface(r * board.width + c)
            if ch.isdigit():
                out.number(r * board.width + c, int(ch))
    return out


def yajilin(board: Any) -> Penpa:
    """Clue cells: a number with its arrow; one that counts nothing written ``?``."""
    out = Penpa(board.rows, board.cols)
    for cell, clue in enumerate(board.clues):
        if clue is None:
            continue
        if clue.counts:
            out.number(cell, f"{clue.number}_{ARROW[clue.direction]}")
        else:
            out.number(cell, "?")
    return out


def sudoku(board: Any) -> Penpa:
    out = Penpa(board.size, board.size)
    for cell, value in enumerate(board.givens):
        if value is not None:
            out.number(cell, value)
    return out


# Readers: noqx's answer (Penpa+ data with the answer drawn) in cpsolve's form.

def shaded(answer: Any, board: Any) -> frozenset[int]:
    """Cells shaded (a dark surface) or marked (a symbol) in the answer."""
    cols = board.cols
    return frozenset(r * cols + c for (r, c, _, _), colour in answer.surface.items()
                     if colour in (1, 2)) | frozenset(
        r * cols + c for (r, c, _, _), _ in answer.symbol.items() if r >= 0)


def lights(answer: Any, board: Any) -> frozenset[tuple[int, int]]:
    """Akari's lights: the cells with a symbol."""
    return frozenset((r, c) for (r, c, _, _), _ in answer.symbol.items())


STEP = {"right": (0, 1), "left": (0, -1), "bottom": (1, 0), "top": (-1, 0)}


def lines(answer: Any, board: Any) -> frozenset[tuple[int, int]]:
    """A loop or paths through cell centres: the pairs of cells a line joins."""
    cols = board.cols
    out = set()
    for (r, c, d, _), on in answer.line.items():
        if on and d in STEP:
            dr, dc = STEP[d]
            a, b = r * cols + c, (r + dr) * cols + c + dc
            out.add((min(a, b), max(a, b)))
    return frozenset(out)


def sides(answer: Any, board: Any) -> frozenset[tuple[int, int]]:
    """Slitherlink's loop along cell sides: the pairs of corners a side joins (corners
    numbered row by row, ``cols + 1`` to a row)."""
    wide = board.cols + 1
    out = set()
    for (r, c, d, _), on in answer.edge.items():
        if on and d == "top":
            out.add((r * wide + c, r * wide + c + 1))
        elif on and d == "left":
            out.add((r * wide + c, (r + 1) * wide + c))
    return frozenset(out)


def filled(answer: Any, board: Any) -> tuple[int, ...] | None:
    """A number in every cell (Sudoku)."""
    found = {(r, c): v for (r, c, _, label), v in answer.text.items() if label == "normal"}
    values = tuple(found.get(divmod(cell, board.cols)) for cell in range(board.cells))
    return values if all(isinstance(v, int) for v in values) else None  # type: ignore


@dataclass(frozen=True)
class Genre:
    """How one genre goes to noqx: the board as Penpa+ data, the parameters, whether
    noqx takes the board, and how its answer reads back (None: not compared)."""

    write: Callable[[Any], Penpa]
    parameters: Callable[[Any], dict[str, Any]] = lambda board: {}
    takes: Callable[[Any], bool] = lambda board: True
    read: Callable[[Any, Any], Any] | None = None


GENRES: dict[str, Genre] = {
    "akari": Genre(akari, read=lights),
    "heyawake": Genre(rooms, read=shaded),
    "country": Genre(rooms, read=lines),
    "hitori": Genre(lambda board: numbers(board, unknown=False), read=shaded),
    "nurikabe": Genre(numbers, read=shaded),
    "masyu": Genre(masyu, read=lines),
    "slitherlink": Genre(lambda board: numbers(board, unknown=False), read=sides),
    "yajilin": Genre(yajilin, read=lines),
    # Nikoli's rule unless the board is under the fill rule; noqx's "no 2x2 path" is a
    # guess that holds on unique boards only, not a rule, so it stays off.
    "numberlink": Genre(numbers, lambda board: {"visit_all": board.fill, "no_2x2": False},
                        read=lines),
    "lits": Genre(regions, read=shaded),
    "starbattle": Genre(regions, lambda board: {"stars": str(board.stars)}, read=shaded),
    # noqx's Sudoku knows boards of 4, 6, 8 and 9 numbers (boxes of fixed shapes).
    "sudoku": Genre(sudoku, takes=lambda board: board.size in (4, 9), read=filled),
    # noqx's "fast mode" (on by default) allows areas without a given number of five
    # cells at most: a guess that loses boards whose answer has a larger one.
    "fillomino": Genre(numbers, lambda board: {"fast_mode": False}, read=filled),
}


def version(path: Path) -> str:
    """noqx's version and commit in the checkout at ``path``."""
    text = (path / "pyproject.toml").read_text()
    number = next((line.split('"')[1] for line in text.splitlines()
                   if line.startswith("version")), "?")
    commit = subprocess.run(["git", "-C", str(path), "rev-parse", "--short", "HEAD"],
                            capture_output=True, text=True).stdout.strip()
    return f"{number} ({commit})" if commit else number


def solver(genre: str, name: str, path: Path,
           limit: float) -> Callable[[Any], Outcome | None]:
    """noqx on a board of ``genre`` (``name``: noqx's name of it), from the checkout at
    ``path``: the outcome, with the answer in cpsolve's form when it has one; None
    where noqx does not take the board."""
    if genre not in GENRES:
        raise SystemExit(f"the runner cannot write a {genre} board for noqx")
    if str(path) not in sys.path:
        sys.path.insert(0, str(path))
    logging.getLogger().setLevel(logging.ERROR)  # noqx logs every solve at INFO
    from noqx.clingo import Config, run_solver
    from noqx.manager import list_solver_metadata, load_solver
    from noqx.puzzle.penpa import PenpaPuzzle

    if name not in list_solver_metadata():
        load_solver("solver", name)
    Config.time_limit = limit  # type: ignore[assignment]
    defaults = {key: value["default"]
                for key, value in list_solver_metadata()[name]["parameters"].items()}
    entry = GENRES[genre]

    def run(board: Any) -> Outcome | None:
        if not entry.takes(board):
            return None
        parameters = {**defaults, **entry.parameters(board)}
        try:
            found = run_solver(name, entry.write(board).data(), parameters)["url"]
        except TimeoutError:
            return Outcome(None)
        if len(found) != 1:
            return Outcome("no solution" if not found else "not unique")
        answer = None
        if entry.read is not None:
            drawn = PenpaPuzzle(name, found[0], parameters)
            drawn.decode()
            answer = entry.read(drawn, board)
        return Outcome("unique", answer)

    return run
