"""Reading and writing sliding puzzles: DevQuiz lines and grid text.

:func:`parse` detects the format. A DevQuiz line ``W,H,cells`` takes its goal by the
DevQuiz convention; grid text may carry its goal after a line ``goal``, and
otherwise takes the usual goal (labels in natural order, the blank last).
"""

from __future__ import annotations

import re

from cpsolve.errors import InputError
from cpsolve.labels import natural_key
from cpsolve.models.sliding.board import BLANK, MOVES, WALL, Board, Puzzle
from cpsolve.planning.replay import Step, Walk

DEVQUIZ_RE = re.compile(r"^\s*(\d+)\s*,\s*(\d+)\s*,\s*(\S*)\s*$")
DEVQUIZ_TILES = "123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"
BLANK_TOKENS = {"0", "."}
WALL_TOKENS = {"=", "#"}
# The largest board read: the facts before any search (distances from every goal cell,
# Wilson's theorem) take seconds at 50x50 and grow with the square of the cells.
MAX_CELLS = 2_500

Located = tuple[str, int, int]  # token, line, column (1-based)


def parse(text: str) -> Puzzle:
    """Read a puzzle in any supported format.

    >>> p = parse("3,3,168452=30")
    >>> "".join(p.goal.cells)
    '123456=80'
    >>> print(parse("1 2 3\\n4 5 6\\n7 0 8").goal.text())
    1 2 3
    4 5 6
    7 8 .
    """
    stripped = text.strip()
    if not stripped:
        raise InputError("empty board", line=1, column=1)
    if "\n" not in stripped and DEVQUIZ_RE.match(stripped):
        return parse_devquiz(stripped)
    return parse_grid(text)


def devquiz_goal(board: Board) -> Board:
    """The DevQuiz goal: cell k holds the (k+1)-th of 1-9, A-Z; walls stay; the blank
    in the last cell that is not a wall."""
    last = max(k for k, cell in enumerate(board.cells) if cell != WALL)
    cells = [WALL if cell == WALL else BLANK if k == last else DEVQUIZ_TILES[k]
             for k, cell in enumerate(board.cells)]
    return Board(board.width, board.height, tuple(cells))


def parse_devquiz(line: str, *, line_number: int = 1) -> Puzzle:
    """Read ``W,H,cells`` (``0`` blank, ``=`` wall, tiles ``1``-``9``, ``A``-``Z``)."""
    match = DEVQUIZ_RE.match(line)
    if not match:
        raise InputError("not a DevQuiz line W,H,cells", line=line_number, column=1)
    width, height, cells = int(match.group(1)), int(match.group(2)), match.group(3)
    for group, value in ((1, width), (2, height)):
        if value < 2:
            raise InputError(f"{'width' if group == 1 else 'height'} {value} is below 2",
                             line=line_number, column=match.start(group) + 1)
    _not_too_large(width, height, line_number)
    start = match.start(3)
    for index, ch in enumerate(cells):
        if ch not in DEVQUIZ_TILES and ch not in (BLANK, WALL):
            raise InputError(f"unknown cell {ch!r} (expected 0, =, 1-9 or A-Z)",
                             line=line_number, column=start + index + 1)
    if len(cells) != width * height:
        raise InputError(f"{len(cells)} cells for {width}x{height} = {width * height}",
                         line=line_number, column=start + min(len(cells), width * height) + 1)
    blanks = [i for i, ch in enumerate(cells) if ch == BLANK]
    if len(blanks) != 1:
        column = start + (blanks[1] if blanks else 0) + 1
        raise InputError("no blank (0)" if not blanks else "a second blank (0)",
                         line=line_number, column=column)
    # the goal gives cell k the (k+1)-th label: a cell past the last label (a 7x7 board
    # has 48 tiles, the labels run out at Z) has none, unless it is a wall or the blank's
    free = [k for k, ch in enumerate(cells) if ch != WALL]
    short = next((k for k in free[:-1] if k >= len(DEVQUIZ_TILES)), None)
    if short is not None:
        raise InputError(f"cell {short + 1} has no DevQuiz label: the goal's labels run out "
                         f"at {DEVQUIZ_TILES[-1]} ({len(DEVQUIZ_TILES)} tiles)",
                         line=line_number, column=start + short + 1)
    board = Board(width, height, tuple(cells))
    goal = devquiz_goal(board)
    if board.labels != goal.labels:
        parts = [f"{what} {' '.join(sorted(labels.elements(), key=natural_key))}"
                 for what, labels in (("missing", goal.labels - board.labels),
                                      ("extra", board.labels - goal.labels)) if labels]
        raise InputError(f"tiles do not match the DevQuiz goal ({', '.join(parts)})",
                         line=line_number, column=start + 1)
    return Puzzle(board, goal)


def _not_too_large(width: int, height: int, line: int = 1) -> None:
    """Boards of more than :data:`MAX_CELLS` cells are refused before they are read.

    >>> _not_too_large(51, 50)
    Traceback (most recent call last):
    ...
    cpsolve.errors.InputError: 1:1: 51x50 is too large (at most 2,500 cells)
    """
    if width * height > MAX_CELLS:
        raise InputError(f"{width}x{height} is too large (at most {MAX_CELLS:,} cells)",
                         line=line, column=1)


def _first_size(text: str) -> tuple[int, int]:
    """The width of the first row and the number of rows of grid text, cheaply."""
    rows = [line for line in text.splitlines() if line.strip()]
    return (len(rows[0].split()), len(rows)) if rows else (0, 0)


def _tokens(text: str, first_line: int) -> list[list[Located]]:
    rows = []
    for offset, line in enumerate(text.splitlines()):
        found = [(m.group(), first_line + offset, m.start() + 1)
                 for m in re.finditer(r"\S+", line)]
        if found:
            rows.append(found)
    return rows


def _grid(rows: list[list[Located]], what: str) -> tuple[Board, dict[int, Located]]:
    """A board from located tokens, and where each cell came from."""
    if not rows:
        raise InputError(f"empty {what}", line=1, column=1)
    width = len(rows[0])
    cells: list[str] = []
    origin: dict[int, Located] = {}
    blank_seen: Located | None = None
    for row in rows:
        if len(row) != width:
            token, line, column = row[min(width, len(row) - 1)]
            column = column if len(row) > width else column + len(token)
            raise InputError(f"row has {len(row)} cells, the first row of the {what} has "
                             f"{width}", line=line, column=column)
        for located in row:
            token = located[0]
            if token in BLANK_TOKENS:
                if blank_seen is not None:
                    raise InputError(f"a second blank in the {what} (the first at line "
                                     f"{blank_seen[1]}, column {blank_seen[2]})",
                                     line=located[1], column=located[2])
                blank_seen, token = located, BLANK
            elif token in WALL_TOKENS:
                token = WALL
            origin[len(cells)] = located
            cells.append(token)
    if blank_seen is None:
        raise InputError(f"no blank (0 or .) in the {what}", line=rows[0][0][1], column=1)
    if len(rows) < 2 or width < 2:
        raise InputError(f"the {what} is {width}x{len(rows)}; sliding boards are at least 2x2",
                         line=rows[0][0][1], column=1)
    return Board(width, len(rows), tuple(cells)), origin


def default_goal(board: Board) -> Board:
    """The usual goal: labels in natural order row-major, the blank in the last free cell.

    >>> default_goal(Board(3, 2, ("B", "0", "A", "=", "10", "2"))).cells
    ('2', '10', 'A', '=', 'B', '0')
    """
    free = [i for i, cell in enumerate(board.cells) if cell != WALL]
    labels = sorted(board.labels.elements(), key=natural_key)
    cells = [WALL] * len(board.cells)
    for cell, label in zip(free, [*labels, BLANK]):
        cells[cell] = label
    return Board(board.width, board.height, tuple(cells))


def check_goal(start: Board, goal: Board, origin: dict[int, Located] | None = None) -> None:
    """An InputError unless ``goal`` has ``start``'s shape, walls and labels."""
    def fail(message: str, cell: int) -> InputError:
        if origin is None or cell not in origin:
            return InputError(message)
        return InputError(message, line=origin[cell][1], column=origin[cell][2])

    if (goal.width, goal.height) != (start.width, start.height):
        raise fail(f"the goal is {goal.width}x{goal.height}, the start "
                   f"{start.width}x{start.height}", 0)
    for cell in range(len(start.cells)):
        if (start.cells[cell] == WALL) != (goal.cells[cell] == WALL):
            raise fail("the goal has other walls than the start", cell)
    if start.labels != goal.labels:
        extra = goal.labels - start.labels
        cell = next((i for i, c in enumerate(goal.cells) if c in extra), 0)
        missing = start.labels - goal.labels
        what = (f"label {goal.cells[cell]!r} is not on the start" if extra
                else f"label {sorted(missing)[0]!r} of the start is missing")
        raise fail(f"the goal has other labels than the start: {what}", cell)


def parse_grid(text: str) -> Puzzle:
    """Read grid text with an optional goal after a line ``goal``."""
    lines = text.splitlines()
    split = next((i for i, line in enumerate(lines) if line.strip().lower() == "goal"), None)
    start_text = "\n".join(lines if split is None else lines[:split])
    _not_too_large(*_first_size(start_text))
    start, _ = _grid(_tokens(start_text, 1), "board")
    if split is None:
        return Puzzle(start, default_goal(start))
    goal_text = "\n".join(lines[split + 1:])
    _not_too_large(*_first_size(goal_text), split + 2)
    goal, origin = _grid(_tokens(goal_text, split + 2), "goal")
    check_goal(start, goal, origin)
    return Puzzle(start, goal)


def parse_goal(text: str, start: Board) -> Board:
    """Read a goal given apart (``--goal FILE``): grid text or a DevQuiz line."""
    stripped = text.strip()
    match = DEVQUIZ_RE.match(stripped) if "\n" not in stripped else None
    if match:
        width, height, cells = int(match.group(1)), int(match.group(2)), match.group(3)
        if len(cells) != width * height:
            raise InputError(f"{len(cells)} cells for {width}x{height} = {width * height}",
                             line=1, column=match.start(3) + 1)
        first = match.start(3) + 1
        rows = [[(cells[k], 1, first + k) for k in range(r * width, (r + 1) * width)]
                for r in range(height)]
        goal, origin = _grid(rows, "goal")
    else:
        _not_too_large(*_first_size(text))
        goal, origin = _grid(_tokens(text, 1), "goal")
    check_goal(start, goal, origin)
    return goal


def moves_to_cells(puzzle: Puzzle, moves: str) -> list[int]:
    """The cell index of the tile each move slides (the line puzzle page's form)."""
    board, out = puzzle.start, []
    for move in moves:
        target = board.neighbour(board.blank, move)
        if target is None:
            raise ValueError(f"blank cannot move {move}")
        out.append(target)
        board = board.apply(move)
    return out


# How a person says where a tile goes: the tile moves the other way from the blank.
TILE_WAY = {"U": "down", "D": "up", "L": "right", "R": "left"}
TILE_ARROW = {"U": "\u2193", "D": "\u2191", "L": "\u2192", "R": "\u2190"}


def walk(puzzle: Puzzle, moves: str) -> Walk:
    """``moves`` (blank directions) replayed from the start: the board after each,
    the tile each slides, as far as the moves can be made.

    >>> w = walk(parse("1 2 3\\n4 5 6\\n7 0 8"), "RU")
    >>> [(s.move, s.says, s.short) for s in w.steps], w.complete
    ([('R', 'tile 8 left', '8\u2190'), ('U', 'tile 6 down', '6\u2193')], True)
    >>> walk(parse("1 2 3\\n4 5 6\\n7 0 8"), "DR").complete
    False
    """
    board, steps = puzzle.start, list[Step]()
    for move in moves:
        target = board.neighbour(board.blank, move) if move in MOVES else None
        if target is None or board.cells[target] == WALL:
            return Walk(puzzle.start, puzzle.goal, steps, complete=False)
        tile, cell = board.cells[target], board.blank
        board = board.apply(move)
        steps.append(Step(move, f"tile {tile} {TILE_WAY[move]}", f"{tile}{TILE_ARROW[move]}",
                          board, (cell,)))
    return Walk(puzzle.start, puzzle.goal, steps)


def tiles(puzzle: Puzzle, moves: str) -> str:
    """The plan as a person says it, the tile moved and where it goes.

    >>> tiles(parse("1 2 3\\n4 5 6\\n7 0 8"), "RU")
    '8 left, 6 down'
    """
    return ", ".join(step.says.removeprefix("tile ") for step in walk(puzzle, moves).steps)
