"""Every Slitherlink loop of a small board, by brute force over what the loop
encloses rather than its edges: a single loop along the grid's lines is the outline of
a nonempty set of cells that is connected, leaves no hole (the other cells reach the
board's edge), and never touches itself at a corner alone (two cells diagonal across a
corner, the other two out: the loop would pass that corner twice). Independent of
every encoding and of the kit's loops; boards up to 16 cells."""

from __future__ import annotations

from functools import cache

from cpsolve.models.slitherlink import Board, check


def _connected(members: int, rows: int, cols: int, start: int, outside: bool) -> bool:
    """Whether the cells of the bit set ``members`` are connected (with ``outside``,
    through the region beyond the board, which every border cell touches)."""
    cells = rows * cols
    if outside:
        seen = 0
        stack = [c for c in range(cells) if members >> c & 1 and (
            c < cols or c >= cells - cols or c % cols in (0, cols - 1))]
        for c in stack:
            seen |= 1 << c
    else:
        seen, stack = 1 << start, [start]
    while stack:
        cell = stack.pop()
        r, c = divmod(cell, cols)
        for r2, c2 in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
            if 0 <= r2 < rows and 0 <= c2 < cols:
                other = r2 * cols + c2
                if members >> other & 1 and not seen >> other & 1:
                    seen |= 1 << other
                    stack.append(other)
    return seen == members


@cache
def _regions(rows: int, cols: int) -> list[tuple[int, tuple[int, ...]]]:
    """Every set of cells a single loop encloses, with each cell's count of sides on
    its outline."""
    cells = rows * cols
    full = (1 << cells) - 1
    found = []
    for members in range(1, 1 << cells):
        start = (members & -members).bit_length() - 1
        if not _connected(members, rows, cols, start, False):
            continue
        if not _connected(full ^ members, rows, cols, 0, True):
            continue

        def inside(r: int, c: int, members: int = members) -> bool:
            return 0 <= r < rows and 0 <= c < cols and bool(members >> (r * cols + c) & 1)

        pinched = any(inside(r, c) == inside(r + 1, c + 1) != inside(r, c + 1) == inside(r + 1, c)
                      for r in range(-1, rows) for c in range(-1, cols))
        if pinched:
            continue
        counts = tuple(sum(inside(r, c) != inside(r + dr, c + dc)
                           for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1)))
                       for r in range(rows) for c in range(cols))
        found.append((members, counts))
    return found


def _outline(board: Board, members: int) -> frozenset[tuple[int, int]]:
    """The loop around ``members``: each side between a cell inside and one outside."""
    rows, cols = board.rows, board.cols
    edges = set()
    for cell in range(rows * cols):
        if not members >> cell & 1:
            continue
        r, c = divmod(cell, cols)
        top_left, top_right = board.point(r, c), board.point(r, c + 1)
        bottom_left, bottom_right = board.point(r + 1, c), board.point(r + 1, c + 1)
        for (dr, dc), (a, b) in (((-1, 0), (top_left, top_right)),
                                 ((1, 0), (bottom_left, bottom_right)),
                                 ((0, -1), (top_left, bottom_left)),
                                 ((0, 1), (top_right, bottom_right))):
            r2, c2 = r + dr, c + dc
            if not (0 <= r2 < rows and 0 <= c2 < cols and members >> (r2 * cols + c2) & 1):
                edges.add((a, b))
    return frozenset(edges)


def solutions(board: Board) -> list[frozenset[tuple[int, int]]]:
    """Every loop that meets the numbers (the checker accepts each)."""
    out = []
    for members, counts in _regions(board.rows, board.cols):
        if all(n is None or n == counts[cell] for cell, n in enumerate(board.numbers)):
            loop = _outline(board, members)
            assert not check(board, loop), check(board, loop)
            out.append(loop)
    return out
