"""noqx (clingo; not on PyPI: a checkout of its repository, with ``pip install clingo``),
called as its users call it: its page sends the board as Penpa+ data, and its server
runs ``noqx.clingo.run_solver(genre, data, parameters)`` with the genre's parameters at
their defaults. That call enumerates up to ten answers (``Config.max_solutions_to_find``)
within ``Config.time_limit`` seconds, one thread (its defaults): a board with one answer
is proven unique, as cpsolve's ``unique=True`` proves it.

Its users import a puzz.link URL into Penpa+ in the browser, which writes the board as
Penpa+ data; here the genre's own ``--format penpa`` writes the same data, laid out as
the editor's import lays it out, and each answer noqx gives is read back into cpsolve's
form and compared with cpsolve's, so a board written wrong shows as a disagreement.
"""

from __future__ import annotations

import logging
import subprocess
import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from peers.outcome import Outcome

# Readers: noqx's answer (Penpa+ data with the answer drawn) in cpsolve's form.

def shaded(answer: Any, board: Any) -> frozenset[int]:
    """Cells shaded (a dark surface) or marked (a symbol) in the answer."""
    cols = board.cols
    return frozenset(r * cols + c for (r, c, _, _), colour in answer.surface.items()
                     if colour in (1, 2)) | frozenset(
        r * cols + c for (r, c, _, _), _ in answer.symbol.items() if r >= 0)


def surface(answer: Any, board: Any) -> frozenset[int]:
    """Cells shaded (a dark surface) in the answer, whatever symbols the board has."""
    cols = board.cols
    return frozenset(r * cols + c for (r, c, _, _), colour in answer.surface.items()
                     if colour in (1, 2))


def lights(answer: Any, board: Any) -> frozenset[tuple[int, int]]:
    """Akari's lights: the cells with a symbol."""
    return frozenset((r, c) for (r, c, _, _), _ in answer.symbol.items())


def tents(answer: Any, board: Any) -> frozenset[int]:
    """Tents' tents: the cells with the editor's tent symbol (its trees are another
    style of the same symbol)."""
    return frozenset(r * board.cols + c for (r, c, _, _), symbol in answer.symbol.items()
                     if r >= 0 and c >= 0 and symbol == "tents__2")


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


def bridges(answer: Any, board: Any) -> frozenset[tuple[int, int, int]]:
    """Hashiwokakero's bridges: the pairs of cells a line joins, each with its count
    (noqx draws a double bridge as a line labelled ``double``)."""
    cols = board.cols
    out = set()
    for (r, c, d, label), on in answer.line.items():
        if on and d in STEP:
            dr, dc = STEP[d]
            a, b = r * cols + c, (r + dr) * cols + c + dc
            out.add((min(a, b), max(a, b), 2 if label == "double" else 1))
    return frozenset(out)


def along(answer: Any, wide: int) -> frozenset[tuple[int, int]]:
    """Lines drawn along the sides of the Penpa+ board's cells: the pairs of grid
    points each side joins, the points numbered row by row, ``wide`` to a row."""
    out = set()
    for (r, c, d, _), on in answer.edge.items():
        if on and d == "top":
            out.add((r * wide + c, r * wide + c + 1))
        elif on and d == "left":
            out.add((r * wide + c, (r + 1) * wide + c))
    return frozenset(out)


def sides(answer: Any, board: Any) -> frozenset[tuple[int, int]]:
    """Slitherlink's loop along cell sides: the pairs of corners a side joins."""
    return along(answer, board.cols + 1)


def between_points(answer: Any, board: Any) -> frozenset[tuple[int, int]]:
    """Hotaru Beam's lines, along the sides of the Penpa+ board's cells (one fewer each
    way than the points, which are cpsolve's cells): the pairs of points a side joins."""
    return along(answer, board.cols)


def parted(answer: Any, board: Any) -> frozenset[tuple[int, int]]:
    """Shikaku's division drawn as borders on cell sides: the pairs of neighbouring
    cells no border parts."""
    rows, cols = board.rows, board.cols
    apart = set()
    for (r, c, d, _), on in answer.edge.items():
        if on and d == "top" and 0 < r < rows and 0 <= c < cols:
            apart.add(((r - 1) * cols + c, r * cols + c))
        elif on and d == "left" and 0 < c < cols and 0 <= r < rows:
            apart.add((r * cols + c - 1, r * cols + c))
    return frozenset(pair for pair in board.grid.pairs if pair not in apart)


def filled(answer: Any, board: Any) -> tuple[int, ...] | None:
    """A number in every cell (Sudoku)."""
    found = {(r, c): v for (r, c, _, label), v in answer.text.items() if label == "normal"}
    values = tuple(found.get(divmod(cell, board.cols)) for cell in range(board.cells))
    return values if all(isinstance(v, int) for v in values) else None  # type: ignore


def digits(answer: Any, board: Any) -> tuple[int, ...] | None:
    """Kakuro's digits, 0 in a black cell: the Penpa+ board has the frame as its first
    row and column, so a cell is one down and one right there."""
    found = {(r - 1, c - 1): v for (r, c, _, label), v in answer.text.items()
             if label == "normal"}
    values = tuple(0 if board.black[cell] else found.get(divmod(cell, board.cols))
                   for cell in range(board.cells))
    return values if all(isinstance(v, int) for v in values) else None  # type: ignore


def diagonals(answer: Any, board: Any) -> tuple[str, ...]:
    """Gokigen Naname's diagonals: a cell's ``top_left`` edge is its ``\\``, any other
    cell's diagonal its ``/``."""
    down = {(r, c) for (r, c, d, _), on in answer.edge.items() if on and d == "top_left"}
    return tuple("\\" if divmod(cell, board.cols) in down else "/"
                 for cell in range(board.cells))


def heads_runs(board: Any) -> bool:
    """Whether every sum of a Kakuro board heads a run and asks something: noqx refuses
    a sum that heads none, and a sum of 0 (pzprjs's "none") is one."""
    heads = {(run.way, run.key) for run in board.runs}
    return all(total and key in heads for key, total in board.sums.items())


@dataclass(frozen=True)
class Genre:
    """How one genre goes to noqx: the parameters its page sends with the board (its
    defaults, but for what the board itself says), whether noqx takes the board, and
    how its answer reads back (None: not compared)."""

    parameters: Callable[[Any], dict[str, Any]] = lambda board: {}
    takes: Callable[[Any], bool] = lambda board: True
    read: Callable[[Any, Any], Any] | None = None


GENRES: dict[str, Genre] = {
    "akari": Genre(read=lights),
    "heyawake": Genre(read=shaded),
    "country": Genre(read=lines),
    "hitori": Genre(read=shaded),
    "kurodoko": Genre(read=shaded),
    "nurikabe": Genre(read=shaded),
    "mochikoro": Genre(read=shaded),
    "nurimisaki": Genre(read=shaded),
    "tapa": Genre(read=shaded),
    "masyu": Genre(read=lines),
    "slitherlink": Genre(read=sides),
    "yajilin": Genre(read=lines),
    # noqx takes a clue only as a number with an arrow ("?" or a bare number: refused).
    "yajikazu": Genre(takes=lambda board: all(c is None or c.counts for c in board.clues),
                      read=shaded),
    # Nikoli's rule unless the board is under the fill rule; noqx's "no 2x2 path" is a
    # guess that holds on unique boards only, not a rule, so it stays off.
    "numberlink": Genre(lambda board: {"visit_all": board.fill, "no_2x2": False},
                        read=lines),
    "lits": Genre(read=shaded),
    "norinori": Genre(read=shaded),
    "nurimaze": Genre(read=surface),  # its circles and triangles are symbols
    "starbattle": Genre(lambda board: {"stars": str(board.stars)}, read=shaded),
    # noqx's Sudoku knows boards of 4, 6, 8 and 9 numbers (boxes of fixed shapes).
    "sudoku": Genre(takes=lambda board: board.size in (4, 9), read=filled),
    # noqx's "fast mode" (on by default) allows areas without a given number of five
    # cells at most: a guess that loses boards whose answer has a larger one.
    "fillomino": Genre(lambda board: {"fast_mode": False}, read=filled),
    "shikaku": Genre(read=parted),
    "ripple": Genre(read=filled),
    "kakuro": Genre(takes=heads_runs, read=digits),
    "skyscrapers": Genre(read=filled),
    # Triangles come back as symbols of noqx's own; the answers are not compared.
    "shakashaka": Genre(),
    "gokigen": Genre(read=diagonals),
    "nonogram": Genre(read=surface),
    "balance": Genre(read=lines),
    "tents": Genre(read=tents),
    "hashikake": Genre(read=bridges),
    # Fireflies as penpa-edit draws them, on the points: a firefly without a dot, or a
    # board of one row or column of points, has no such form, and is not sent.
    "firefly": Genre(takes=lambda board: board.rows > 1 and board.cols > 1 and all(
        c is None or c.direction is not None for c in board.clues), read=between_points),
}


def data(genre: str, board: Any) -> str:
    """The board as the Penpa+ data noqx's page sends (``m=edit&p=...``): the genre's
    own Penpa+ link, after its address."""
    from cpsolve import registry

    return registry.load(genre).grid.exports["penpa"](board).split("#", 1)[1]


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
            found = run_solver(name, data(genre, board), parameters)["url"]
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
