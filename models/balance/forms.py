"""Balance Loop's forms: the kit's grid of numbers (:func:`cpsolve.grid.codecs.number_grid`,
a circle held as pzprjs's code, the number its URL writes), with grid text that says a
circle as players and data sets write it (``w``, ``b``, ``w4``, ``b5``; ``4w`` too, and the
codes themselves), and pzprjs's files (a cell ``ques,qnum``: ``0,4`` a white circle 4,
``1,-2`` a black circle without a number, ``.`` none).
"""

from __future__ import annotations

import re
from dataclasses import replace

from cpsolve.grid import codecs, forms
from cpsolve.grid.answers import LOOP
from cpsolve.grid.flags import Flag
from cpsolve.models.balance.board import BLACK, WHITE, Board, code, colour, number

CIRCLE = re.compile(r"(?:([wb])(\d*)|(\d+)([wb]))$", re.IGNORECASE)

_BASE = codecs.number_grid(
    Board, {"balance": "Balance Loop"}, codecs.NUMBER16, looks=LOOP.looks,
    unknown="a circle is written by its code (0 white, 1 black, 2n white n, 2n+1 black "
            "n), never '?'",
    flags=[Flag("full", "the loop passes every cell", "f")])


def _coded(token: str) -> str:
    """A circle's token as its code, padded to the token's width (so that an error
    later on the line keeps its column); any other token as it is.

    >>> _coded("w4"), _coded("3b"), _coded("b"), _coded("-")
    ('8 ', '7 ', '1', '-')
    """
    found = CIRCLE.match(token)
    if not found:
        return token
    letter = (found.group(1) or found.group(4)).lower()
    digits = found.group(2) if found.group(1) else found.group(3)
    made = str(code(WHITE if letter == "w" else BLACK, int(digits) if digits else None))
    return made.ljust(len(token)) if len(made) <= len(token) else made


def parse_grid(text: str) -> Board:
    lines = text.split("\n")
    head, rest = (lines[:1], lines[1:]) if lines and re.match(r"\s*\d+\s+\d+", lines[0]) \
        else ([], lines)
    body = [re.sub(r"\S+", lambda m: _coded(m.group(0)), line) for line in rest]
    return _BASE.forms.grid("\n".join(head + body))


def token(value: int | None) -> str:
    """A cell as grid text writes it: ``-``, ``w``, ``b``, ``w4``, ``b5``."""
    if value is None:
        return "-"
    letter = "w" if colour(value) == WHITE else "b"
    shown = number(value)
    return letter + ("" if shown is None else str(shown))


def to_text(board: Board) -> str:
    head = _BASE.text(board).split("\n")[0]
    rows = [" ".join(token(board.numbers[r * board.cols + c]) for c in range(board.cols))
            for r in range(board.rows)]
    return "\n".join([head, *rows])


def parse_pzprv3(framed: forms.Framed) -> Board:
    codes: list[int | None] = []
    for row in framed.grid("0"):
        for cell in row:
            if cell.text == ".":
                codes.append(None)
                continue
            parts = cell.text.split(",")
            if len(parts) != 2 or parts[0] not in ("0", "1") or not re.fullmatch(
                    r"-?\d+", parts[1]):
                raise cell.error(f"a cell is '.' or 'ques,qnum' (0,4; 1,-2), not {cell.text!r}")
            value = int(parts[1])
            codes.append(code(int(parts[0]), None if value < 0 else value))
    return Board(framed.rows, framed.cols, tuple(codes))


FORMATS = replace(_BASE, forms=replace(_BASE.forms, grid=parse_grid, pzprv3=parse_pzprv3),
                  text=to_text, exports={**_BASE.exports, "grid": to_text})
