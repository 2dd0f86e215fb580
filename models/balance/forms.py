"""Balance Loop's forms: the kit's grid of numbers (:func:`cpsolve.grid.codecs.number_grid`,
a circle held as pzprjs's code, the number its URL writes), with grid text that says a
circle as players and data sets write it (``w``, ``b``, ``w4``, ``b5``; ``4w`` too, and the
codes themselves), and pzprjs's files (a cell ``ques,qnum``: ``0,4`` a white circle 4,
``1,-2`` a black circle without a number, ``.`` none).
"""

from __future__ import annotations

import re
from dataclasses import replace

from cpsolve.errors import InputError, UsageError
from cpsolve.grid import codecs, forms, penpa
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


STYLES = {1: WHITE, 8: WHITE, 2: BLACK}  # Penpa+'s large circles: white, thick white, black


def parse_penpa(shown: penpa.Board) -> Board:
    """A Penpa+ link's large circles (white: style 1 or 8; black: 2), each with the
    number written in its cell, if any, as noqx's page sends them."""
    shown.only("Balance Loop", "numbers", "symbols")
    codes: list[int | None] = [None] * (shown.rows * shown.cols)
    for (row, col), (shape, style) in sorted(shown.symbols.items()):
        if shape != "circle_L" or style not in STYLES:
            raise InputError(f"a cell holds a white or black circle, not {shape} "
                             f"{style} ({penpa.at((row, col))})")
        text = shown.numbers.get((row, col), "").strip()
        if text and not text.isdigit():
            raise InputError(f"{text!r} is no number ({penpa.at((row, col))})")
        codes[row * shown.cols + col] = code(STYLES[style], int(text) if text else None)
    for at in shown.numbers:
        if at not in shown.symbols:
            raise InputError(f"a number outside a circle ({penpa.at(at)})")
    return Board(shown.rows, shown.cols, tuple(codes))


def to_penpa(board: Board) -> str:
    if board.full:
        raise UsageError("a Penpa+ link cannot say the full rule: write the board as grid text or "
                         "a puzz.link URL")
    shown = penpa.Board(board.rows, board.cols)
    for cell in board.circles:
        value = board.numbers[cell]
        assert value is not None
        at = divmod(cell, board.cols)
        shown.symbols[at] = ("circle_L", 1 if colour(value) == WHITE else 2)
        if number(value) is not None:
            shown.numbers[at] = str(number(value))
    return penpa.write(shown)


FORMATS = replace(_BASE, forms=replace(_BASE.forms, grid=parse_grid, pzprv3=parse_pzprv3,
                                       penpa=parse_penpa),
                  text=to_text, exports={**_BASE.exports, "grid": to_text, "penpa": to_penpa})
