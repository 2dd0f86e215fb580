"""A plan as a person follows it: the boards after each move, as text (``--steps``),
as a sheet of small boards (``-o plan.svg``, ``plan.png``) and as an animation
(``-o plan.gif``), and the board where a plan given to ``--check`` goes wrong.

A planning family replays a plan into a :class:`Walk` (its own rules: which tile
moved, which square turned) and draws one board; this module lays the boards out
the same way for every family.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from cpsolve.grid.render import GridPicture, Sheet

# A sheet shows every board up to this many, else the start and every second (third,
# ...) board counted back from the last, as many as fit.
SHEET_BOARDS = 32
# How long a GIF shows the start, each move and the end, in milliseconds.
FIRST_FRAME, MOVE_FRAME, LAST_FRAME = 1200, 600, 2400


@dataclass(frozen=True)
class Step:
    """One move of a plan: as the plan writes it (``U``, ``A+``), as a person says it
    (``tile 5 down``), in a few characters for a caption (``5↓``), the board after
    it, and the cells it changed (marked in pictures)."""

    move: str
    says: str
    short: str
    board: Any
    cells: tuple[int, ...] = ()


@dataclass(frozen=True)
class Walk:
    """A plan replayed from the start: a :class:`Step` per move made, and whether
    every move of the plan could be made (``False``: it stopped before the first move
    that cannot be, which ``--check`` names)."""

    start: Any
    goal: Any
    steps: list[Step] = field(default_factory=list)
    complete: bool = True

    @property
    def last(self) -> Any:
        """The board after the last move made."""
        return self.steps[-1].board if self.steps else self.start


Draw = Callable[[Any, tuple[int, ...]], GridPicture]


def steps_text(walk: Walk, show: Callable[[Any], str]) -> str:
    """The start and the board after each move, as text (``--steps``).

    >>> walk = Walk("ab", "ba", [Step("S", "swap a and b", "ab", "ba", (0, 1))])
    >>> print(steps_text(walk, lambda board: " ".join(board)))
    start
    a b
    <BLANKLINE>
    move 1: S (swap a and b)
    b a
    <BLANKLINE>
    the goal
    """
    blocks = ["start\n" + show(walk.start)]
    for number, step in enumerate(walk.steps, 1):
        blocks.append(f"move {number}: {step.move} ({step.says})\n" + show(step.board))
    ending = "the goal" if walk.complete and walk.last == walk.goal else (
        "not the goal:\n" + show(walk.goal) if walk.complete else
        f"move {len(walk.steps) + 1} cannot be made from here")
    return "\n\n".join([*blocks, ending])


def where_it_fails(walk: Walk, show: Callable[[Any], str]) -> list[str]:
    """The lines ``--check`` adds under a plan's errors: the board where it goes
    wrong (before the move that cannot be made, or after the last move beside the
    goal)."""
    if not walk.complete:
        moves = len(walk.steps)
        return ["", f"the board before move {moves + 1}:", show(walk.last)]
    moves = len(walk.steps)
    return ["", f"the board after {moves} move{'s' if moves != 1 else ''}:", show(walk.last),
            "", "the goal:", show(walk.goal)]


def sampled(moves: int, at_most: int = SHEET_BOARDS) -> list[int]:
    """Which boards a sheet shows (0 the start, k the board after move k): all of
    them up to ``at_most``, else the start and the boards of every ``stride``-th move
    counted back from the last, the smallest stride that fits (so a sheet can say
    which moves it shows: :func:`shown_text`).

    >>> sampled(3), sampled(10, 4)
    ([0, 1, 2, 3], [0, 2, 6, 10])
    >>> len(sampled(55)), sampled(55)[:4], sampled(55)[-1]
    (29, [0, 1, 3, 5], 55)
    """
    if moves + 1 <= at_most:
        return list(range(moves + 1))
    stride = -(-moves // (at_most - 1))
    return [0, *sorted(range(moves, 0, -stride))]


ORDINALS = ("", "", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth",
            "ninth", "tenth")


def shown_text(shown: list[int]) -> str:
    """What a sheet of the boards ``shown`` (:func:`sampled`) says it shows.

    >>> shown_text([0, 1, 2, 3])
    'the start and the boards after moves 1-3'
    >>> shown_text(sampled(55))
    'the start and the boards after moves 1-55, every second one'
    >>> shown_text([0]), shown_text([0, 1])
    ('the start', 'the start and the board after move 1')
    >>> shown_text([0, 4, 16, 28])
    'the start and the boards after moves 4-28, every 12th one'
    """
    moves = shown[1:]
    if not moves:
        return "the start"
    if len(moves) == 1:
        return f"the start and the board after move {moves[0]}"
    said = f"the start and the boards after moves {moves[0]}-{moves[-1]}"
    stride = moves[1] - moves[0]
    if stride > 1:
        said += f", every {ORDINALS[stride] if stride < len(ORDINALS) else f'{stride}th'} one"
    return said


def sheet(walk: Walk, draw: Draw, heading: str) -> Sheet:
    """The plan as a grid of small boards: the start, the boards along the way (every
    one, or every second, third, ... board of a long plan, each captioned with its
    move number) and the goal when the plan does not end on it; the heading says which
    boards are shown (:func:`shown_text`)."""
    shown = sampled(len(walk.steps))
    pictures, captions = [], []
    for k in shown:
        if k == 0:
            pictures.append(draw(walk.start, ()))
            captions.append("start")
        else:
            step = walk.steps[k - 1]
            pictures.append(draw(step.board, step.cells))
            ends = k == len(walk.steps) and walk.complete and step.board == walk.goal
            captions.append(f"{k}: {step.short}" + (", goal" if ends else ""))
    if walk.last != walk.goal:
        pictures.append(draw(walk.goal, ()))
        captions.append("goal")
    width = max(1, pictures[0].width)
    columns = min(len(pictures), max(3, 30 // width))
    return Sheet(pictures, captions, columns=columns,
                 heading=f"{heading}; {shown_text(shown)}", title=heading)


def frames(walk: Walk, draw: Draw, heading: str) -> tuple[list[Sheet], list[int]]:
    """The plan as an animation: each frame the board after one more move beside
    the goal, and how long each is shown (ms)."""
    goal = draw(walk.goal, ())
    total = len(walk.steps)
    out = [Sheet([draw(walk.start, ()), goal], ["start", "goal"], heading=heading)]
    for number, step in enumerate(walk.steps, 1):
        out.append(Sheet([draw(step.board, step.cells), goal],
                         [f"{number}/{total}: {step.short}", "goal"], heading=heading))
    durations = [FIRST_FRAME] + [MOVE_FRAME] * total
    durations[-1] = LAST_FRAME
    return out, durations
