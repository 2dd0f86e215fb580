"""Every Numberlink answer of a small board, by brute force: every set of edges in
which each numbered cell has one edge and every other cell two or none (two under the
fill rule), decided cell by cell in reading order, kept when walking each line from an
end reaches a cell with the same number and no line closes on itself (all counted
here); the family's checker must agree. Independent of every encoding; boards up to
about 4x4."""

from __future__ import annotations

from cpsolve.models.numberlink import Board, check

Edge = tuple[int, int]


def solutions(board: Board) -> set[frozenset[Edge]]:
    """Every valid answer of ``board``."""
    rows, cols = board.rows, board.cols
    cells = rows * cols
    degree = [0] * cells
    chosen: list[Edge] = []
    found: set[frozenset[Edge]] = set()

    def wanted(cell: int, value: int) -> bool:
        if board.numbers[cell] is not None:
            return value == 1
        return value == 2 or (value == 0 and not board.fill)

    def visit(cell: int) -> None:
        if cell == cells:
            answer = frozenset(chosen)
            if _valid(board, answer):
                found.add(answer)
            return
        r, c = divmod(cell, cols)
        options_right = (0, 1) if c + 1 < cols else (0,)
        options_down = (0, 1) if r + 1 < rows else (0,)
        for right in options_right:
            for down in options_down:
                if not wanted(cell, degree[cell] + right + down):
                    continue
                added = []
                if right:
                    added.append((cell, cell + 1))
                if down:
                    added.append((cell, cell + cols))
                if any(degree[b] + 1 > 2 for _, b in added):
                    continue
                for a, b in added:
                    degree[a] += 1
                    degree[b] += 1
                    chosen.append((a, b))
                visit(cell + 1)
                for a, b in added:
                    degree[a] -= 1
                    degree[b] -= 1
                    chosen.pop()

    visit(0)
    for answer in found:
        assert not check(board, answer), (board, sorted(answer), check(board, answer))
    return found


def _valid(board: Board, answer: frozenset[Edge]) -> bool:
    """Each line walked from a numbered cell ends at the same number, and every cell
    with a line is on such a walk (no cycle)."""
    links: list[list[int]] = [[] for _ in range(board.rows * board.cols)]
    for a, b in answer:
        links[a].append(b)
        links[b].append(a)
    reached: set[int] = set()
    for start, number in enumerate(board.numbers):
        if number is None:
            continue
        previous, cell = -1, start
        reached.add(cell)
        while True:
            nxt = [o for o in links[cell] if o != previous]
            if not nxt:
                break
            previous, cell = cell, nxt[0]
            reached.add(cell)
        if board.numbers[cell] != number or cell == start:
            return False
    return all(not links[cell] or cell in reached for cell in range(len(links)))
