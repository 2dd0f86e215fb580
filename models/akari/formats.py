"""Reading and writing Akari boards: grid text, puzz.link URLs, Tatham game IDs,
Penpa+ links.

:func:`parse` detects the format. Every error is an :class:`InputError` naming the
line and column (for one-line forms, line 1 and the position in the string).
"""

from __future__ import annotations

import re

from cpsolve.errors import InputError
from cpsolve.grid import forms, penpa, puzzlink
from cpsolve.grid import text as gridtext
from cpsolve.grid.geometry import Broken, where
from cpsolve.models.akari.board import Board, Cell

GRID_SYMBOLS = {".": ".", "-": ".", "#": "#", "x": "#", "X": "#"} | {d: d for d in "01234"}
LIGHT_SYMBOLS = frozenset("*Lo")
URL_TYPES = ("akari", "lightup", "bijutsukan")
TATHAM_RE = re.compile(r"^(?P<w>\d+)x(?P<h>\d+)(?P<params>[a-z0-9]*)"
                       r"(?:(?P<sep>:)(?P<desc>.*)|(?P<seed>#)\d+)$")
MAX_CELLS = 1_000_000


def parse(text: str) -> Board:
    """Read a board in any supported format: grid text, a puzz.link URL (or a
    mirror's, see :mod:`cpsolve.grid.forms`), a Tatham game ID or web link, a
    janko.at or pzprjs file.

    >>> parse("https://puzz.link/p?lightup/6/6/nekcakbl").rows[1]
    '..4...'
    >>> parse("7x7:e0a1c2cBqBcBc3a2e").rows[0]
    '.....0.'
    >>> parse(".1\\n#.").rows
    ('.1', '#.')
    >>> parse("pzprv3\\nlightup\\n1\\n3\\n1 # - \\n").rows
    ('1.#',)
    """
    return FORMS.parse(text)


def _grid_lines(text: str) -> list[tuple[int, str]]:
    """Non-blank lines with their 1-based line numbers; blank lines only at the ends."""
    lines = [(number, line.rstrip()) for number, line in enumerate(text.splitlines(), 1)]
    while lines and not lines[0][1].strip():
        lines.pop(0)
    while lines and not lines[-1][1].strip():
        lines.pop()
    if not lines:
        raise InputError("empty board", line=1, column=1)
    for number, line in lines:
        if not line.strip():
            raise InputError("blank line inside the board", line=number, column=1)
    return lines


def _cells(line: str) -> list[tuple[int, str]]:
    """The symbols of one row with their 1-based columns.

    Rows may be written with a space between symbols (``. 1 # .``).
    """
    indent = len(line) - len(line.lstrip())
    tokens = line.split()
    if len(tokens) > 1 and all(len(token) == 1 for token in tokens):
        return [(col + 1, ch) for col, ch in enumerate(line) if not ch.isspace()]
    return [(col + 1, ch) for col, ch in enumerate(line) if col >= indent]


def parse_grid(text: str) -> Board:
    """Read grid text."""
    return _read_grid(text, lights=False)[0]


def parse_answer(text: str) -> tuple[Board, frozenset[Cell]]:
    """Read an answer: grid text with lights as ``*``, ``L`` or ``o`` (a lit white cell
    may be ``+``); the board without its lights, and the lights."""
    return _read_grid(text, lights=True)


# Grid text whose rows hold board symbols only (no spaces, no lights) is read at once.
PLAIN = str.maketrans({"-": ".", "x": "#", "X": "#"})
PLAIN_SYMBOLS = frozenset(GRID_SYMBOLS)


def _plain_rows(text: str) -> tuple[str, ...] | None:
    """The rows of ``text`` when it is a plain grid (symbols only, rows of one
    length, no blank line inside), else ``None`` (the careful reader says what is
    wrong, and where)."""
    rows = text.strip().split("\n")
    rows = [row.rstrip() for row in rows]
    _size_check_grid(len(rows[0]), len(rows))
    if not rows[0] or any(len(row) != len(rows[0]) for row in rows):
        return None
    if not set("".join(rows)) <= PLAIN_SYMBOLS:
        return None
    return tuple(row.translate(PLAIN) for row in rows)


def _read_grid(text: str, *, lights: bool) -> tuple[Board, frozenset[Cell]]:
    if not lights:
        plain = _plain_rows(text)
        if plain is not None:
            return Board(plain), frozenset()
    rows: list[str] = []
    found: set[Cell] = set()
    width = None
    lines = _grid_lines(text)
    _size_check_grid(len(_cells(lines[0][1])), len(lines))
    for number, line in lines:
        row = []
        cells = _cells(line)
        for col, ch in cells:
            if ch in GRID_SYMBOLS:
                row.append(GRID_SYMBOLS[ch])
            elif lights and ch in LIGHT_SYMBOLS:
                found.add((len(rows), len(row)))
                row.append(".")
            elif lights and ch == "+":
                row.append(".")
            else:
                expected = "'.', '#', '0'-'4'" + (", a light '*'" if lights else "")
                raise InputError(f"unknown cell {ch!r} (expected {expected})",
                                 line=number, column=col)
        if width is None:
            width = len(row)
        elif len(row) != width:
            column = cells[min(width, len(cells) - 1)][0] if len(row) > width else len(line) + 1
            raise InputError(f"row has {len(row)} cells, the first row has {width}",
                             line=number, column=column)
        rows.append("".join(row))
    return Board(tuple(rows)), frozenset(found)


def _size_check_grid(width: int, height: int) -> None:
    """Grid text of more than :data:`MAX_CELLS` cells is refused before it is read,
    as a URL is.

    >>> _size_check_grid(1001, 1000)
    Traceback (most recent call last):
    ...
    cpsolve.errors.InputError: 1:1: 1001x1000 is too large (at most 1,000,000 cells)
    """
    if width * height > MAX_CELLS:
        raise InputError(f"{width}x{height} is too large (at most {MAX_CELLS:,} cells)",
                         line=1, column=1)


def _url_error(message: str, position: int) -> InputError:
    return InputError(message, line=1, column=position + 1)


def parse_url(url: str) -> Board:
    """Read a puzz.link / pzv.jp URL (``akari``, ``lightup`` or ``bijutsukan``) as the
    site does: the body is read until the board is full and what follows is ignored;
    a body that ends before the board is full leaves the cells after it white; a
    character that means nothing is an error at its position.

    >>> parse_url("https://puzz.link/p?akari/3/1/1h/").rows
    ('1..',)
    >>> parse_url("https://puzz.link/p?akari/3/1/1h.zz").rows  # trailing text ignored
    ('1..',)
    """
    link = puzzlink.split(url, {kind: "Akari" for kind in URL_TYPES}, max_cells=MAX_CELLS)
    body = link.body
    cells = ["."] * link.cells
    cursor = 0
    index = 0
    while cursor < len(cells):
        if index >= len(body):
            break
        ch = body[index]
        if "0" <= ch <= "4":
            cells[cursor], step = ch, 1
        elif "5" <= ch <= "9":
            cells[cursor], step = str(int(ch) - 5), 2
        elif "a" <= ch <= "e":
            cells[cursor], step = str(ord(ch) - ord("a")), 3
        elif "g" <= ch <= "z":
            step = int(ch, 36) - 15
        elif ch == ".":
            cells[cursor], step = "#", 1
        else:
            raise link.error(f"unexpected character {ch!r} in the board body", index)
        cursor += step
        index += 1
    width, height = link.cols, link.rows
    return Board(tuple("".join(cells[r * width:(r + 1) * width]) for r in range(height)))


def _size_check(width: int, height: int, position: int) -> None:
    if width * height > MAX_CELLS:
        raise _url_error(f"{width}x{height} is too large (at most {MAX_CELLS:,} cells)",
                         position)


def parse_tatham(game_id: str) -> Board:
    """Read a Simon Tatham Light Up game ID ``WxH:desc``."""
    match = TATHAM_RE.match(game_id)
    if not match:
        raise _url_error("not a game ID of the form WxH:description", 0)
    if match.group("seed"):
        raise _url_error(
            "this is a random seed (WxH#seed), not a puzzle: use the game ID (WxH:...)",
            match.start("seed"))
    width, height = int(match.group("w")), int(match.group("h"))
    if width < 1 or height < 1:
        raise _url_error(f"bad size {width}x{height}", 0)
    _size_check(width, height, 0)
    start = match.start("desc")
    cells: list[str] = []
    for index, ch in enumerate(match.group("desc")):
        if ch in "01234":
            cells.append(ch)
        elif ch == "B":
            cells.append("#")
        elif "a" <= ch <= "z":
            cells.extend("." * (ord(ch) - ord("a") + 1))
        else:
            raise _url_error(f"unexpected character {ch!r} in the description", start + index)
        if len(cells) > width * height:
            raise _url_error(f"description covers more than {width}x{height} = "
                             f"{width * height} cells", start + index)
    if len(cells) != width * height:
        raise _url_error(f"description covers {len(cells)} cells, {width}x{height} needs "
                         f"{width * height}", start + len(match.group("desc")))
    return Board(tuple("".join(cells[r * width:(r + 1) * width]) for r in range(height)))


def to_grid(board: Board, lights: frozenset[Cell] = frozenset()) -> str:
    """Grid text, lights as ``*``.

    >>> print(to_grid(Board(("..", ".1")), frozenset({(1, 0)})))
    ..
    *1
    """
    return "\n".join(
        "".join("*" if (r, c) in lights else ch for c, ch in enumerate(row))
        for r, row in enumerate(board.rows)
    )


def _runs(board: Board) -> list[tuple[str, int]]:
    """Row-major (cell, length of the white run after it) pairs; '' for a leading run."""
    flat = "".join(board.rows)
    out: list[tuple[str, int]] = []
    run, head = 0, ""
    for ch in flat:
        if ch == ".":
            run += 1
        else:
            if head or run:
                out.append((head, run))
            head, run = ch, 0
    out.append((head, run))
    return out


def to_url(board: Board, kind: str = "akari") -> str:
    """The puzz.link URL of ``board``.

    >>> to_url(parse("https://puzz.link/p?lightup/6/6/nekcakbl"), "lightup")
    'https://puzz.link/p?lightup/6/6/nekcakbl'
    """
    body = []
    for head, run in _runs(board):
        if head in tuple("01234"):
            # A clue carries up to two following white cells: 0-4, 5-9, a-e.
            shift = min(run, 2)
            body.append(str(int(head) + 5 * shift) if shift < 2 else chr(ord("a") + int(head)))
            run -= shift
        elif head == "#":
            body.append(".")
        while run > 0:
            step = min(run, 20)
            body.append(chr(ord("g") + step - 1))
            run -= step
    return puzzlink.url(kind, board.width, board.height, "".join(body))


def to_tatham(board: Board) -> str:
    """The Tatham Light Up game ID of ``board``.

    >>> to_tatham(parse("7x7:e0a1c2cBqBcBc3a2e"))
    '7x7:e0a1c2cBqBcBc3a2e'
    """
    desc = []
    for head, run in _runs(board):
        if head:
            desc.append("B" if head == "#" else head)
        while run > 0:
            step = min(run, 26)
            desc.append(chr(ord("a") + step - 1))
            run -= step
    return f"{board.width}x{board.height}:{''.join(desc)}"


def read_answer(text: str, board: Board) -> tuple[frozenset[Cell], list[str]]:
    """A user's answer (lights as ``*``, ``L`` or ``o``) and the cells where it does
    not copy the board."""
    answer, lights = parse_answer(text)
    if (answer.height, answer.width) != (board.height, board.width):
        raise InputError(f"answer is {answer.width}x{answer.height}, the board is "
                         f"{board.width}x{board.height}")
    errors: list[str] = []
    for r, (want, got) in enumerate(zip(board.rows, answer.rows)):
        for c, (a, b) in enumerate(zip(want, got)):
            if a != b and (r, c) not in lights:
                errors.append(Broken(f"cell at {where((r, c))} is {b!r} in the answer, "
                                     f"{a!r} on the board", (r, c)))
    return lights, errors


# pzprjs save files: a number, '-' a black cell without one, '#' a light, '+' a dot.
PZPRV3_SYMBOLS = {".": ".", "#": ".", "+": ".", "-": "#"} | {d: d for d in "01234"}


def _from_tokens(grid: gridtext.Grid, symbols: dict[str, str]) -> Board:
    """A board from a janko.at or pzprjs file's grid of tokens."""
    rows = []
    for row in grid:
        cells = []
        for token in row:
            if token.text not in symbols:
                raise token.error(f"unknown cell {token.text!r} (expected "
                                  f"{', '.join(repr(k) for k in symbols)})")
            cells.append(symbols[token.text])
        rows.append("".join(cells))
    return Board(tuple(rows))


def _is_answer(text: str) -> bool:
    return bool(parse_answer(text)[1])


DARK = (1, 4)  # the surfaces a Penpa+ link shades a black cell with: dark grey, black


def parse_penpa(shown: penpa.Board) -> Board:
    """A Penpa+ link's board: its black cells (dark grey or black), a number on one
    its clue (a blank one none)."""
    shown.only("Akari", "surface", "numbers")
    rows = [["."] * shown.cols for _ in range(shown.rows)]
    for (r, c), colour in sorted(shown.surface.items()):
        if colour not in DARK:
            raise InputError(f"a cell shaded in colour {colour} ({penpa.at((r, c))}): a "
                             "black cell is black or dark grey")
        rows[r][c] = "#"
    for (r, c), text in sorted(shown.numbers.items()):
        text = text.strip()
        if rows[r][c] != "#":
            raise InputError(f"a number on a white cell ({penpa.at((r, c))}): an Akari's "
                             "numbers are on black cells")
        if text and (len(text) != 1 or text not in "01234"):
            raise InputError(f"a black cell's number is 0 to 4, not {text!r} "
                             f"({penpa.at((r, c))})")
        rows[r][c] = text or "#"
    return Board(tuple("".join(row) for row in rows))


def to_penpa(board: Board) -> str:
    """The Penpa+ link of ``board``: black cells, their numbers in white."""
    black = {(r, c): ch for r, row in enumerate(board.rows) for c, ch in enumerate(row)
             if ch != "."}
    return penpa.write(penpa.Board(
        board.height, board.width, surface={cell: 4 for cell in black},
        numbers={cell: ch for cell, ch in black.items() if ch != "#"}))


FORMS: forms.Forms[Board] = forms.Forms(
    kinds={kind: "Akari" for kind in URL_TYPES},
    url=parse_url,
    grid=parse_grid,
    janko=lambda framed: _from_tokens(framed.grid("problem"), GRID_SYMBOLS),
    pzprv3=lambda framed: _from_tokens(framed.grid("0"), PZPRV3_SYMBOLS),
    game_id=(TATHAM_RE, parse_tatham),
    tatham="lightup",
    answer=_is_answer,
    penpa=parse_penpa,
)
