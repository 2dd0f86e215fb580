"""Shakashaka's answers as text: a character a cell, ``.`` a white cell left white, a
triangle drawn as its glyph (its black right angle in the corner the glyph fills:
``◣`` south-west, ``◢`` south-east, ``◥`` north-east, ``◤`` north-west), and a black
cell as its number (``#`` for one without). Read back for ``--check``, where pzprjs's
codes of the triangles (2-5) are taken too on a white cell.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from cpsolve.grid import text as gridtext
from cpsolve.grid.geometry import Broken

GLYPHS = {2: "◣", 3: "◢", 4: "◥", 5: "◤"}
CODES = {glyph: code for code, glyph in GLYPHS.items()}
WHITE = ".+-_"
BLACK = "#?01234"


@dataclass(frozen=True)
class Triangles:
    """The answer kind: a tuple of a triangle's code (2-5) or 0, cell by cell."""

    def rows(self, board: Any, answer: tuple[int, ...]) -> list[str]:
        def token(cell: int) -> str:
            number = board.numbers[cell]
            if number is not None:
                return "#" if number < 0 else str(number)
            return GLYPHS.get(answer[cell], "?") if answer[cell] else "."

        return ["".join(token(r * board.cols + c) for c in range(board.cols))
                for r in range(board.rows)]

    def show(self, board: Any, answer: tuple[int, ...]) -> str:
        return "\n".join(self.rows(board, answer))

    def read(self, text: str, board: Any) -> tuple[tuple[int, ...], list[str]]:
        """The answer ``text`` writes, with where it contradicts the board (a triangle
        or a white cell on a black one, a black cell on a white one).

        >>> from cpsolve.grid.boards import NumberGrid
        >>> Triangles().read("◣.\\n.1", NumberGrid(2, 2, (None, None, None, 1)))
        ((2, 0, 0, 0), [])
        """
        rows, cols, (grid,) = gridtext.read(text, 1, names=("answer",))
        if (rows, cols) != (board.rows, board.cols):
            raise gridtext.Token("", grid[0][0].line, 1).error(
                f"the answer is {rows}x{cols}, the board {board.rows}x{board.cols}")
        out: list[int] = []
        clash: list[str] = []
        where, rc = board.grid.where, board.grid.rc
        for cell, token in enumerate(t for row in grid for t in row):
            black = board.numbers[cell] is not None
            said = token.text
            if said in CODES or (not black and said in "2345"):
                code = CODES.get(said) or int(said)
                out.append(code)
                if black:
                    clash.append(Broken(f"a triangle on the black cell at {where(cell)}",
                                        rc(cell)))
            elif said in WHITE or said in BLACK:
                out.append(0)
                if black != (said in BLACK):
                    state = "white" if black else "black"
                    clash.append(Broken(f"the cell at {where(cell)} is written {state}",
                                        rc(cell)))
            else:
                raise token.error("a cell of an answer is '.', a triangle (◣ ◢ ◥ ◤) or a "
                                  f"black cell's number or '#', not {said!r}")
        return tuple(out), clash

    def looks(self, text: str) -> bool:
        """Whether ``text`` reads as an answer rather than a board (a triangle in it)."""
        return any(glyph in text for glyph in CODES)


TRIANGLES = Triangles()
