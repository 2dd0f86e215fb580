"""Reading and writing Yajilin boards and answers.

Boards:

* grid text (:func:`parse_grid`): a first line ``ROWS COLS``, then ROWS rows of
  whitespace-separated tokens: ``-`` (or ``.``) a cell that is shaded or on the loop;
  a clue cell as its number and the direction of its arrow, ``n`` up, ``s`` down, ``e``
  right, ``w`` left (``2e``; the letter first, ``e2``, reads too); a number without a
  letter (``3``) has no arrow, ``?`` (or ``@``) is a clue cell without a number, ``?e``
  an arrow without a number;
* puzz.link / pzv.jp URLs (:func:`parse_url`): ``https://puzz.link/p?yajilin/COLS/ROWS/BODY``
  (also ``yajirin``; the display flag ``b`` changes nothing), pzprjs's arrow-and-number
  encoding.

Answers, as text (:func:`show`) and JSON rows (:func:`to_rows`): a token a cell, the
directions the loop leaves it by (``ns``, ``ew``, ``ne``, ...), ``#`` a shaded cell, a
clue cell's own token; ``--check`` reads them (``x`` for shaded too).
"""

from __future__ import annotations

import re

from cpsolve.errors import InputError
from cpsolve.grid import forms, loops, puzzlink
from cpsolve.grid import text as gridtext
from cpsolve.grid.geometry import Broken
from cpsolve.models.yajilin.board import BLANK, Arrow, Board, Loop

URL_KINDS = {"yajilin": "Yajilin", "yajirin": "Yajilin"}
TOKEN_RE = re.compile(r"^(?:(?P<n>[0-9]+|\?)(?P<d>[nsew])?|(?P<d2>[nsew])(?P<n2>[0-9]+|\?))$",
                      re.IGNORECASE)
URL_DIRECTIONS = (None, "n", "s", "w", "e")  # pzprjs's qdir 0-4: none, up, down, left, right
SHADED = "#"
MOST = 4095  # the largest number a URL writes (three hex digits); no ray is that long


def parse(text: str) -> Board:
    """Read a board in any supported form (see the module docstring).

    >>> parse("https://puzz.link/p?yajilin/3/2/40c").clues[0]
    Arrow(number=0, direction='e')
    >>> [c.token if c else "-" for c in parse("2 3\\n2e - -\\n- ? n1\\n").clues]
    ['2e', '-', '-', '-', '?', '1n']
    """
    return FORMS.parse(text)


def read_token(text: str) -> Arrow | None:
    """A cell's token as a clue (``None``: not a clue cell); a ValueError if it is
    neither.

    >>> read_token("2e"), read_token("-")
    (Arrow(number=2, direction='e'), None)
    """
    if text in ("-", "."):
        return None
    if text == "@":
        return BLANK
    match = TOKEN_RE.match(text)
    if not match:
        raise ValueError(text)
    number = match.group("n") or match.group("n2")
    direction = (match.group("d") or match.group("d2") or "").lower() or None
    if number is not None and number != "?" and (len(number) > 4 or int(number) > MOST):
        raise ValueError(text)
    return Arrow(None if number in (None, "?") else int(number), direction)


def _board(rows: int, cols: int, grid: gridtext.Grid) -> Board:
    """A board from its grid of tokens, wherever they were read."""
    clues: list[Arrow | None] = []
    for token in (t for row in grid for t in row):
        try:
            clues.append(read_token(token.text))
        except ValueError:
            raise token.error(f"a cell is '-' (no clue) or a clue: a number up to {MOST} "
                              f"and the direction of its arrow (n, s, e, w: '2e'), '?' or "
                              f"a number alone; not {token.text!r}") from None
    return Board(rows, cols, tuple(clues))


def parse_grid(text: str) -> Board:
    """Read grid text (see the module docstring)."""
    rows, cols, (grid,) = gridtext.read(text, 1, names=("clues",), words=True)
    return _board(rows, cols, grid)


def parse_url(url: str) -> Board:
    """Read a puzz.link / pzv.jp Yajilin URL (pzprjs ``decodeArrowNumber16``: a clue as
    its direction 0-4 and a hex digit, ``.`` for no number; ``5``-``9`` the direction
    plus 5 and two hex digits; ``-``, the direction and three; ``a``-``z`` 1-26 cells
    without a clue). A body that ends before the board does leaves the cells after it
    without a clue, as the site reads it.

    >>> b = parse_url("https://puzz.link/p?yajilin/b/4/2/20b3.a0.")
    >>> [c.token if c else "-" for c in b.clues]
    ['0s', '-', '-', '?w', '-', '?', '-', '-']
    """
    link = puzzlink.split(url, URL_KINDS, max_cells=gridtext.MAX_CELLS)
    _refuse_variants(url)
    body = link.body
    clues: list[Arrow | None] = []
    index = 0
    hexdigits = "0123456789abcdef"

    def digits(start: int, count: int) -> int:
        found = body[start:start + count]
        if len(found) < count or any(ch not in hexdigits for ch in found.lower()):
            words = "a hex digit" if count == 1 else f"{count} hex digits"
            raise link.error(f"{words} expected here", start)
        return int(found, 16)

    while index < len(body) and len(clues) < link.cells:
        ch = body[index]
        if ch in "01234":
            if index + 1 >= len(body):
                raise link.error("a clue's number is missing after its direction", index + 1)
            number = None if body[index + 1] == "." else digits(index + 1, 1)
            clues.append(Arrow(number, URL_DIRECTIONS[int(ch)]))
            index += 2
        elif ch in "56789":
            clues.append(Arrow(digits(index + 1, 2), URL_DIRECTIONS[int(ch) - 5]))
            index += 3
        elif ch == "-":
            if body[index + 1:index + 2] not in tuple("01234"):
                raise link.error("a direction 0-4 expected after '-'", index + 1)
            clues.append(Arrow(digits(index + 2, 3), URL_DIRECTIONS[int(body[index + 1])]))
            index += 5
        elif "a" <= ch <= "z":
            clues.extend([None] * (int(ch, 36) - 9))
            index += 1
        else:
            raise link.error(f"unexpected character {ch!r} in a Yajilin body", index)
    clues = clues[:link.cells] + [None] * (link.cells - len(clues))
    return Board(link.rows, link.cols, tuple(clues))


def _refuse_variants(url: str) -> None:
    """A located error for the flag ``o`` (pzprjs's "every shaded cell outside the
    loop", another rule than Yajilin's); the flag ``b`` only changes how the site
    draws clue cells.

    >>> try:
    ...     _refuse_variants("https://puzz.link/p?yajilin/o/7/7/x")
    ... except InputError as error:
    ...     print(str(error)[:37])
    1:29: the flag 'o' (every shaded cell
    """
    query = url.find("?")
    position = query + 1
    parts = url[position:].split("/")
    position += len(parts[0]) + 1
    for part in parts[1:]:
        if not part or part.isdigit():
            break
        if not part.startswith("v:") and "o" in part:
            raise puzzlink.error("the flag 'o' (every shaded cell outside the loop) is a "
                                 "variant with another rule, not Yajilin's", position)
        position += len(part) + 1


def _url_clue(clue: Arrow) -> str:
    direction = URL_DIRECTIONS.index(clue.direction)
    number = clue.number
    if number is None:
        return f"{direction}."
    if number < 16:
        return f"{direction}{number:x}"
    if number < 256:
        return f"{direction + 5}{number:02x}"
    if number < 4096:
        return f"-{direction}{number:03x}"
    raise InputError(f"{number} cannot be written in a Yajilin URL (at most {MOST})")


def to_url(board: Board) -> str:
    """The puzz.link URL of ``board``.

    >>> url = "https://puzz.link/p?yajilin/10/10/40u23k10h20l10h20k13l40i"
    >>> to_url(parse_url(url)) == url
    True
    """
    body = puzzlink.gaps([None if clue is None else _url_clue(clue) for clue in board.clues],
                         puzzlink.GAPS26)
    return puzzlink.url("yajilin", board.cols, board.rows, body)


def to_text(board: Board) -> str:
    """The board as grid text (the sized form).

    >>> print(to_text(parse("https://puzz.link/p?yajilin/3/2/40c")))
    2 3
    0e -  -
    -  -  -
    """
    tokens = [clue.token if clue else "-" for clue in board.clues]
    return f"{board.rows} {board.cols}\n" + loops.aligned(tokens, board.cols)


def shaded(board: Board, loop: Loop) -> frozenset[int]:
    """The cells ``loop`` leaves out that are not clue cells: the shaded cells."""
    passed = {cell for edge in loop for cell in edge}
    return frozenset(cell for cell in board.open_cells if cell not in passed)


def tokens(board: Board, loop: Loop) -> list[str]:
    """Each cell's token in an answer."""
    out = loops.tokens(board.grid, loop)
    for cell in shaded(board, loop):
        out[cell] = SHADED
    for cell in board.clue_cells:
        out[cell] = board.clues[cell].token  # type: ignore[union-attr]
    return out


def to_rows(board: Board, loop: Loop) -> list[str]:
    """An answer as rows of space-separated tokens, one a cell (as the JSON writes it).

    >>> b = parse("2 3\\n- - -\\n- - 1w")
    >>> to_rows(b, frozenset({(0, 1), (0, 3), (1, 4), (3, 4)}))
    ['se sw #', 'ne nw 1w']
    """
    cells = tokens(board, loop)
    return [" ".join(cells[r * board.cols:(r + 1) * board.cols]) for r in range(board.rows)]


def show(board: Board, loop: Loop) -> str:
    """An answer as text, tokens aligned in columns."""
    return loops.aligned(tokens(board, loop), board.cols)


def read_answer(text: str, board: Board) -> tuple[Loop, list[str]]:
    """An answer written as :func:`show` writes it, and where it disagrees with itself
    or the board: a direction off the board or not pointed back, an open cell neither
    shaded nor on the loop, a clue cell shaded, a clue where the board has none."""
    clue_tokens = {clue.token for clue in board.clues if clue is not None}
    loop, texts, problems = loops.read_tokens(text, board.grid,
                                              other=(SHADED, "x", *sorted(clue_tokens)))
    grid = board.grid
    for cell, written in enumerate(texts):
        clue = board.clues[cell]
        where = grid.where(cell)
        if clue is None and written == "-":
            problems.append(Broken(f"the cell at {where} is neither shaded nor on the loop",
                                   grid.rc(cell)))
        elif clue is None and written in clue_tokens:
            problems.append(Broken(f"the answer has a clue at {where}, the board has none",
                                   grid.rc(cell)))
        elif clue is not None and written in (SHADED, "x"):
            problems.append(Broken(f"the clue cell at {where} is shaded", grid.rc(cell)))
    return loop, problems


def looks_like_answer(text: str) -> bool:
    """Whether ``text`` reads as an answer (a loop's two-letter tokens or ``#``) rather
    than a board."""
    try:
        _, _, (found,) = gridtext.read(text, 1, names=("answer",), words=True)
    except InputError:
        return False
    said = {t.text.lower() for row in found for t in row}
    return any(t == SHADED or (len(t) == 2 and set(t) <= set(loops.DIRECTIONS)
                               and len(set(t)) == 2) for t in said)


FORMS: forms.Forms[Board] = forms.Forms(
    kinds=URL_KINDS,
    url=parse_url,
    grid=parse_grid,
    answer=looks_like_answer,
)
