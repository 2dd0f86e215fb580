"""puzzlekit (``pip install puzzlekit==0.3.4``), called as its users call it:
``puzzlekit.solve(text, "genre", solver_options={"time_limit_sec": limit})`` on the board
written as its grid text. It solves only (no second answer is looked for), so a board it
solves counts as decided with "solved".

Most genres' grid text is cpsolve's own; the writers below are for the genres whose
reader differs, and ``takes`` leaves out the boards it cannot read.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from peers.outcome import SOLVED, Outcome

from cpsolve.grid.boards import UNKNOWN


def version() -> str | None:
    """puzzlekit's version, or None when it is not installed."""
    try:
        from importlib.metadata import version as installed

        import puzzlekit  # noqa: F401
    except ImportError:
        return None
    return installed("puzzlekit")


def akari_text(board: Any) -> str:
    """Akari as puzzlekit reads it: ``-`` a white cell, ``x`` a black one, a number."""
    rows = [" ".join("-" if ch == "." else "x" if ch == "#" else ch for ch in row)
            for row in board.rows]
    return f"{board.height} {board.width}\n" + "\n".join(rows)


def yajilin_text(board: Any) -> str:
    """Yajilin: its tokens, a clue cell that counts nothing (no number or no arrow)
    written ``x``."""
    tokens = [("x" if not clue.counts else clue.token) if clue else "-"
              for clue in board.clues]
    rows = [" ".join(tokens[r * board.cols:(r + 1) * board.cols]) for r in range(board.rows)]
    return f"{board.rows} {board.cols}\n" + "\n".join(rows)


def country_text(board: Any) -> str:
    """Country Road as puzzlekit's example writes it: regions numbered 1, 2, ... (its
    reader takes the region names ``x``, ``#`` and ``@`` for cells the loop must avoid,
    so the letters cpsolve's grid text names regions with would change the board)."""
    numbers = {cell: board.label(room) for room, cell in enumerate(board.clue_cell)
               if board.numbers[room] is not None}
    rows = [f"{board.rows} {board.cols}"]
    rows += [" ".join(numbers.get(r * board.cols + c) or "-" for c in range(board.cols))
             for r in range(board.rows)]
    rows += [" ".join(str(board.room[r * board.cols + c] + 1) for c in range(board.cols))
             for r in range(board.rows)]
    return "\n".join(rows)


def sudoku_text(board: Any) -> str:
    """Sudoku: ``ROWS COLS``, rows of numbers and ``-``."""
    n = board.size
    return f"{n} {n}\n" + "\n".join(" ".join("-" if v is None else str(v)
                                             for v in board.givens[r * n:(r + 1) * n])
                                    for r in range(n))


def skyscrapers_text(board: Any) -> str:
    """Skyscrapers: ``N N N`` (the tallest height), the clues above, below, left and
    right, then rows of given heights, ``-`` for none."""
    n = board.size
    show = lambda v: "-" if v is None else str(v)  # noqa: E731
    return "\n".join([f"{n} {n} {n}", *(" ".join(map(show, side)) for side in board.sides),
                      *(" ".join(map(show, board.numbers[r * n:(r + 1) * n]))
                        for r in range(n))])


def tents_text(board: Any) -> str:
    """Tents: ``ROWS COLS``, the numbers above the columns, those left of the rows, then
    rows of ``x`` (a tree) and ``-``."""
    rows = [" ".join("x" if board.trees[r * board.cols + c] else "-"
                     for c in range(board.cols)) for r in range(board.rows)]
    return "\n".join([f"{board.rows} {board.cols}",
                      *(" ".join(map(str, side)) for side in board.sides), *rows])


def kakuro_text(board: Any) -> str:
    """Kakuro: the janko.at text of its data set, the board with its frame, sized, ``0``
    a white cell."""
    from cpsolve.models.kakuro.board import to_text

    rows = [[("0" if t == "." else t) for t in line.split()]
            for line in to_text(board).splitlines()]
    return "\n".join([f"{board.rows + 1} {board.cols + 1}", *(" ".join(r) for r in rows)])


# The genres whose board puzzlekit reads in another text than cpsolve's grid text.
WRITERS: dict[str, Callable[[Any], str]] = {
    "akari": akari_text, "yajilin": yajilin_text, "country": country_text,
    "sudoku": sudoku_text, "skyscrapers": skyscrapers_text, "tents": tents_text,
    "kakuro": kakuro_text,
}


def takes(genre: str, board: Any) -> bool:
    """Whether puzzlekit reads the board: its readers take no number shown as ``?``
    (a number whose value is not told) but Nurimisaki's (a circle without a number),
    and its Hitori reader no empty cell, its Tents reader no row or column without its
    number."""
    numbers = getattr(board, "numbers", ())
    if genre == "tents":
        return all(n is not None for side in board.sides for n in side)
    if genre == "nurimisaki":
        return True
    if genre == "hitori" and None in numbers:
        return False
    return UNKNOWN not in numbers


def solver(genre: str, name: str, text: Callable[[Any], str],
           limit: float) -> Callable[[Any], Outcome | None]:
    """The peer on a board of ``genre`` (``name``: puzzlekit's name of it; ``text``: the
    genre's grid text, used where :data:`WRITERS` has no writer of its own): the
    outcome, or None where it does not read the board."""
    import puzzlekit

    write = WRITERS.get(genre, text)

    def run(board: Any) -> Outcome | None:
        if not takes(genre, board):
            return None
        result = puzzlekit.solve(write(board), name, solver_options={"time_limit_sec": limit})
        if result.is_solved:
            return Outcome(SOLVED)
        status = str((result.solution_data or {}).get("status", "")).lower()
        return Outcome("no solution" if "infeasible" in status else None)

    return run
