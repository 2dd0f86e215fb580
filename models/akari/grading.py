"""How hard an Akari is for a person: the deductions at three strengths, and the grade.

The scale follows Simon Tatham's Light Up (easy, tricky, hard), each level defined by
the deductions it may use, all sound (each records only what every solution has):

``easy``
    The basic rules alone, as :func:`cpsolve.models.akari.analysis.deduce` applies
    them: a light darkens the rest of its row and column segments; a clue with all
    its lights has no more, and one with just enough open neighbours has them all;
    a cell that nothing lights yet, with a single open cell able to light it, gets
    a light there.
``tricky``
    Also one step of trial: "if this cell were a light, a clue would break" (it
    would get too many lights, or lose the room for the ones it needs) "or a cell
    could no longer be lit", looking only at what the light does at once (the cells
    it darkens, the clues around it that it completes), so the cell stays empty.
    This is reasoning over pairs of cells, Tatham's "discounting sets".
``hard``
    Also deeper trials: a value (light or empty) followed through the basic rules
    to their end; when that breaks a rule, the cell takes the other value.
``search``
    None of these decides every cell: a person must guess and backtrack.

A board is graded by the weakest level whose deductions decide every cell, the
cheaper deductions always tried first. Deciding every cell proves the board unique
(the deductions are sound), and the cells decided are its solution (the checker
confirms it). A board with no solution or several has no grade: no sound deduction
can decide all of its cells.

The engine works on flat arrays with numba: the state of each white cell (open,
light, empty), counts per segment (lights, open cells) and per clue (lights, open
neighbours), and a trail of the cells set, which is both the queue of the
propagation and the way back after a trial. A clue can be switched off (its
number forgotten, the cell stays black), which the generator uses to remove numbers.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
from numba import njit

from cpsolve.grid.grading import Graded
from cpsolve.grid.hints import Clue
from cpsolve.interrupts import kernels
from cpsolve.limits import Deadline, TimeUp
from cpsolve.models.akari.board import Board, Cell
from cpsolve.search.kernels import past

OPEN, EMPTY, LIGHT = -1, 0, 1
GRADES = ("easy", "tricky", "hard", "search")
LEVELS = {name: level for level, name in enumerate(GRADES)}
HARDEST = 2  # the level of the strongest deductions (hard)
NEAR = 3  # rows and columns around a number whose cells a quick test leaves open
CHECK_EVERY = 256  # trials between two looks at the clock
BIG = 1 << 62  # no limit on the trail positions that spread
Layout = tuple[np.ndarray, ...]  # the board's arrays, as the kernels take them
State = tuple[np.ndarray, ...]  # the state's arrays


# The kernels take the board as one tuple ``g`` = (seg_of, seg_start, seg_cells,
# cell_clues, clue_cells, clue_num) and the state as one tuple ``st`` = (val, seg_lit,
# seg_open, clue_yes, clue_open, used, trail, top, req, base): see :class:`Engine` for
# their meaning. ``used[k]`` is, once clue k first decides a cell or breaks, one more
# than the number of cells then decided for good (``base``: the trail's length before
# the trial that runs, -1 outside trials), so the cells decided before it never
# depended on it. ``req`` holds the cells the rules ask to set (cell, value, the clue
# asking or -1); the propagation is one loop (calls between compiled functions that
# pass arrays cost more than the work).


@njit(cache=True)
def _propagate(head: int, pending: int, full: int, g: Layout, st: State) -> bool:
    """The basic rules to a fixpoint: first the ``pending`` requests in ``req``, then
    every cell on the trail from ``head`` on (the queue); False on a contradiction.
    Only the cells at trail positions below ``full`` spread their consequences; the
    later ones are only checked (a cell left unlit with no open cell to light it)."""
    seg_of, seg_start, seg_cells, cell_clues, clue_cells, clue_num = g
    val, seg_lit, seg_open, clue_yes, clue_open, used, trail, top, req, base = st
    now = (top[0] if base[0] < 0 else base[0]) + 1  # what ``used`` records
    while True:
        if pending > 0:
            # Set the cell asked for, or find the rule it breaks.
            pending -= 1
            x = req[pending, 0]
            v = req[pending, 1]
            current = val[x]
            if current == v:
                continue
            r = seg_of[x, 0]
            c = seg_of[x, 1]
            if current != OPEN or (v == LIGHT and (seg_lit[r] > 0 or seg_lit[c] > 0)):
                if req[pending, 2] >= 0 and used[req[pending, 2]] == 0:
                    used[req[pending, 2]] = now if base[0] >= 0 else top[0] + 1
                return False
            val[x] = v
            trail[top[0]] = x
            top[0] += 1
            seg_open[r] -= 1
            seg_open[c] -= 1
            if v == LIGHT:
                seg_lit[r] += 1
                seg_lit[c] += 1
            broken = False  # every count is updated first: the undo reverses them all
            for t in range(4):
                k = cell_clues[x, t]
                if k >= 0:
                    clue_open[k] -= 1
                    if v == LIGHT:
                        clue_yes[k] += 1
                    number = clue_num[k]
                    if number >= 0 and (clue_yes[k] > number
                                         or clue_yes[k] + clue_open[k] < number):
                        if used[k] == 0:
                            used[k] = now if base[0] >= 0 else top[0] + 1
                        broken = True
            if broken:
                return False
            continue
        if head >= top[0]:
            return True
        i = trail[head]
        head += 1
        spread = head <= full
        if spread and val[i] == LIGHT:  # a light darkens the rest of its segments
            for s in (seg_of[i, 0], seg_of[i, 1]):
                for p in range(seg_start[s], seg_start[s + 1]):
                    x = seg_cells[p]
                    if x != i and val[x] == OPEN:
                        req[pending, 0] = x
                        req[pending, 1] = EMPTY
                        req[pending, 2] = -1
                        pending += 1
        for t in range(4):  # the clues around: all lights there, or just enough room
            k = cell_clues[i, t]
            number = clue_num[k] if k >= 0 and spread else -1
            if number < 0 or clue_open[k] == 0:
                continue
            if clue_yes[k] == number:
                v = EMPTY
            elif clue_yes[k] + clue_open[k] == number:
                v = LIGHT
            else:
                continue
            if used[k] == 0:
                used[k] = now if base[0] >= 0 else top[0] + 1
            for u in range(4):
                x = clue_cells[k, u]
                if x >= 0 and val[x] == OPEN:
                    req[pending, 0] = x
                    req[pending, 1] = v
                    req[pending, 2] = k
                    pending += 1
        if val[i] == EMPTY:  # the cells it could have lit: one candidate left, a light
            for s in (seg_of[i, 0], seg_of[i, 1]):
                for p in range(seg_start[s], seg_start[s + 1]):
                    j = seg_cells[p]
                    r = seg_of[j, 0]
                    c = seg_of[j, 1]
                    if seg_lit[r] > 0 or seg_lit[c] > 0:
                        continue
                    left = seg_open[r] + seg_open[c] - (1 if val[j] == OPEN else 0)
                    if left == 0:
                        return False
                    if left == 1 and spread:
                        for q in (r, c):
                            for w in range(seg_start[q], seg_start[q + 1]):
                                x = seg_cells[w]
                                if val[x] == OPEN:
                                    req[pending, 0] = x
                                    req[pending, 1] = LIGHT
                                    req[pending, 2] = -1
                                    pending += 1


@njit(cache=True)
def _undo(mark: int, g: Layout, st: State) -> None:
    """Take back every cell set since the trail was ``mark`` long."""
    seg_of, cell_clues = g[0], g[3]
    val, seg_lit, seg_open, clue_yes, clue_open, used, trail, top, req, base = st
    while top[0] > mark:
        top[0] -= 1
        i = trail[top[0]]
        r = seg_of[i, 0]
        c = seg_of[i, 1]
        seg_open[r] += 1
        seg_open[c] += 1
        light = val[i] == LIGHT
        if light:
            seg_lit[r] -= 1
            seg_lit[c] -= 1
        for t in range(4):
            k = cell_clues[i, t]
            if k >= 0:
                clue_open[k] += 1
                if light:
                    clue_yes[k] -= 1
        val[i] = OPEN


@njit(cache=True)
def _start(given: np.ndarray, order: np.ndarray, g: Layout, st: State) -> bool:
    """The cells ``given`` set first, in ``order`` (they come first on the trail, in
    that order), then every rule once on the board (clues, lone cells), then the
    propagation."""
    seg_of, clue_cells, clue_num = g[0], g[4], g[5]
    val, seg_open, clue_open, used, req = st[0], st[2], st[4], st[5], st[8]
    pending = 0
    for k in range(len(clue_num)):
        number = clue_num[k]
        if number < 0:
            continue
        if clue_open[k] < number:
            used[k] = 1
            return False
        if number == 0 or clue_open[k] == number:
            used[k] = 1
            for u in range(4):
                x = clue_cells[k, u]
                if x >= 0:
                    req[pending, 0] = x
                    req[pending, 1] = LIGHT if number else EMPTY
                    req[pending, 2] = k
                    pending += 1
    for j in range(len(val)):
        if seg_open[seg_of[j, 0]] + seg_open[seg_of[j, 1]] == 2:  # nothing else sees it
            req[pending, 0] = j
            req[pending, 1] = LIGHT
            req[pending, 2] = -1
            pending += 1
    for p in range(len(order) - 1, -1, -1):  # the last asked is the first set
        j = order[p]
        req[pending, 0] = j
        req[pending, 1] = given[j]
        req[pending, 2] = -1
        pending += 1
    return _propagate(0, pending, BIG, g, st)


@njit(cache=True)
def _decide(i: int, v: int, g: Layout, st: State) -> bool:
    """Set cell ``i`` to ``v`` and apply the basic rules; False on a contradiction.
    The caller takes it back with :func:`_undo` or keeps it."""
    req = st[8]
    req[0, 0] = i
    req[0, 1] = v
    req[0, 2] = -1
    return _propagate(st[7][0], 1, BIG, g, st)


@njit(cache=True)
def _glance(i: int, g: Layout, st: State) -> bool:
    """Whether a light on cell ``i`` survives what it does at once (the cells it
    darkens, the clues around it it completes); the state is left as it was."""
    top, req, base = st[7], st[8], st[9]
    mark = top[0]
    base[0] = mark
    req[0, 0] = i
    req[0, 1] = LIGHT
    req[0, 2] = -1
    ok = _propagate(mark, 1, mark + 1, g, st)
    _undo(mark, g, st)
    base[0] = -1
    return ok


@njit(cache=True)
def _glances(g: Layout, st: State, end: float) -> tuple[int, int]:
    """One-step trials of a light on every open cell, until none decides anything
    more. Returns the status (1 done, 0 contradiction, -1 out of time) and the trials
    that decided a cell."""
    val = st[0]
    found = 0
    tried = 0
    progress = True
    while progress:
        progress = False
        for i in range(len(val)):
            if val[i] != OPEN:
                continue
            tried += 1
            if tried % CHECK_EVERY == 0 and past(end):
                return -1, found
            if _glance(i, g, st):
                continue
            found += 1  # a light here breaks a rule at once: the cell stays empty
            progress = True
            if not _decide(i, EMPTY, g, st):
                return 0, found
    return 1, found


@njit(cache=True)
def _trials(g: Layout, st: State, end: float) -> tuple[int, int, int]:
    """Deep trials, light and empty, each followed to the end of the basic rules, in
    sweeps over the open cells until a sweep decides nothing; the one-step trials run
    again after each sweep that decided something. Returns the status, the one-step
    trials and the deep trials that decided a cell."""
    val, trail, top, base = st[0], st[6], st[7], st[9]
    shallow = 0
    deeper = 0
    tried = 0
    # A trial that breaks nothing shows that every value it sets breaks nothing either
    # (their consequences are a part of its own): those are skipped for the rest of
    # the sweep (skip[x, v] == stamp). The state may grow meanwhile; the next sweep,
    # with no marks, tries them again, and the last sweep decides nothing.
    skip = np.zeros((len(val), 2), dtype=np.int64)
    stamp = 0
    progress = True
    while progress:
        progress = False
        stamp += 1
        for i in range(len(val)):
            if val[i] != OPEN:
                continue
            for v in (LIGHT, EMPTY):
                if skip[i, v] == stamp:
                    continue
                tried += 1
                if tried % CHECK_EVERY == 0 and past(end):
                    return -1, shallow, deeper
                mark = top[0]
                base[0] = mark
                ok = _decide(i, v, g, st)
                if ok:
                    for p in range(mark, top[0]):
                        x = trail[p]
                        skip[x, val[x]] = stamp
                _undo(mark, g, st)
                base[0] = -1
                if ok:
                    continue
                # v breaks the rules: the cell is the other way.
                deeper += 1
                progress = True
                if not _decide(i, 1 - v, g, st):
                    return 0, shallow, deeper
                break
        if progress:
            status, found = _glances(g, st, end)
            shallow += found
            if status != 1:
                return status, shallow, deeper
    return 1, shallow, deeper


@njit(cache=True)
def _run(level: int, given: np.ndarray, order: np.ndarray, g: Layout, st: State,
         end: float, counts: np.ndarray) -> int:
    """The deductions up to ``level`` (0 easy, 1 tricky, 2 hard) from the cells
    ``given``: 1 done (``val`` holds what they decide), 0 contradiction, -1 out of
    time. ``counts``: one-step trials and deep trials that decided a cell."""
    n = len(st[0])
    top = st[7]
    if not _start(given, order, g, st):
        return 0
    if level >= 1 and top[0] < n:
        status, found = _glances(g, st, end)
        counts[0] += found
        if status != 1:
            return status
    if level >= 2 and top[0] < n:
        status, shallow, deeper = _trials(g, st, end)
        counts[0] += shallow
        counts[1] += deeper
        if status != 1:
            return status
    return 1


@dataclass(frozen=True)
class Outcome:
    """What the deductions of one level decided: per white cell (in
    :attr:`Board.whites` order) OPEN, EMPTY or LIGHT; ``contradiction`` when they
    refute the board; ``timed_out`` when the deadline came first; ``counts`` of
    cells decided by the basic rules (``basic``), by one-step trials (``trial``) and
    by deep trials (``deep``);
    ``level`` the strongest deductions that were needed (0 easy, 1 tricky, 2 hard);
    ``order`` the cells decided, in the order they were; ``first_use`` per clue, 0
    when it never decided a cell nor broke (in the run or in a trial), else one more
    than the number of cells of ``order`` decided before it first did: those never
    depended on it.

    The clues never used can all go at once: the same steps decide the same cells
    without them. Without one clue, the cells decided before its first use are still
    decided, so a run without it may start from them."""

    state: np.ndarray
    contradiction: bool
    timed_out: bool
    first_use: np.ndarray
    order: np.ndarray
    counts: dict[str, int]
    level: int

    @property
    def used(self) -> np.ndarray:
        """Per clue, whether it decided a cell or broke."""
        return self.first_use > 0

    @property
    def solved(self) -> bool:
        return not (self.contradiction or self.timed_out) and not (self.state == OPEN).any()

    @property
    def open(self) -> np.ndarray:
        """The white-cell indices still open."""
        return np.nonzero(self.state == OPEN)[0]


class Engine:
    """The deductions on one board layout; numbers can be switched off and on
    (:meth:`run` takes the clue numbers to use), so the generator removes numbers
    without rebuilding anything.

    >>> from cpsolve.models.akari.formats import parse
    >>> board = parse("7x7:e0a1c2cBqBcBc3a2e")
    >>> Engine(board).run(0).solved  # Tatham's example falls to the basic rules
    True
    """

    def __init__(self, board: Board) -> None:
        self.board = board
        seg = board.segments
        n = len(seg.row)
        self.seg_of = np.stack([seg.row, seg.col], axis=1).astype(np.int64)
        flat, bounds = seg.table()
        self.seg_cells = flat.astype(np.int64)
        self.seg_start = bounds.astype(np.int64)
        self.seg_size = np.diff(bounds).astype(np.int64)
        cells, numbers, around = board.clue_table
        self.clue_at = [(int(r), int(c)) for r, c in cells.tolist()]
        self.clue_cells = around.astype(np.int64)
        self.numbers = numbers.astype(np.int64)
        self.clue_size = (around >= 0).sum(axis=1).astype(np.int64)
        cell_clues = np.full((n, 4), -1, dtype=np.int64)
        filled = np.zeros(n, dtype=np.int64)
        for k, row in enumerate(around.tolist()):
            for x in row:
                if x >= 0:
                    cell_clues[x, filled[x]] = k
                    filled[x] += 1
        self.cell_clues = cell_clues
        self.n = n

    def run(self, level: int, numbers: np.ndarray | None = None,
            deadline: Deadline | None = None, given: np.ndarray | None = None,
            order: np.ndarray | None = None) -> Outcome:
        """The deductions up to ``level`` (0 easy, 1 tricky, 2 hard) with these clue
        numbers (default: the board's; -1 switches a clue off), from the cells
        ``given`` (per white cell OPEN, EMPTY or LIGHT; default: none), set first in
        ``order`` (default: by index).

        The deductions are monotone: from more given cells they decide at least as
        much. So when cells of a known solution are given and they still leave some
        open, the deductions from nothing leave those open too, which makes a cheap
        test that a change spoils a board. And when the given cells are ones the
        deductions decide from nothing, they decide exactly as much as from nothing,
        in less time (:attr:`Outcome.first_use` finds such cells)."""
        numbers = self.numbers if numbers is None else numbers
        if given is None:
            given = np.full(self.n, OPEN, dtype=np.int8)
        if order is None:
            order = np.nonzero(given != OPEN)[0]
        val = np.full(self.n, OPEN, dtype=np.int8)
        # Requests between two cells of the queue: at most two per cell of its two
        # segments and four per clue around it; at the start, four per clue and one
        # per cell.
        room = 4 * (self.n + len(numbers)) + 64
        state = (val, np.zeros(len(self.seg_size), dtype=np.int64), self.seg_size.copy(),
                 np.zeros(len(numbers), dtype=np.int64), self.clue_size.copy(),
                 np.zeros(len(numbers), dtype=np.int64), np.zeros(self.n, dtype=np.int64),
                 np.zeros(1, dtype=np.int64), np.zeros((room, 3), dtype=np.int64),
                 np.full(1, -1, dtype=np.int64))
        counts = np.zeros(2, dtype=np.int64)
        end = deadline.at if deadline is not None else np.inf
        layout = (self.seg_of, self.seg_start, self.seg_cells, self.cell_clues,
                  self.clue_cells, numbers)
        with kernels():  # Ctrl-C: the kernel stops at its next look at the clock
            status = _run(level, given, order.astype(np.int64), layout, state, end, counts)
        trials, nested = int(counts[0]), int(counts[1])
        decided = int((val != OPEN).sum())
        return Outcome(val, contradiction=status == 0, timed_out=status == -1,
                       first_use=state[5], order=state[6][:state[7][0]].copy(),
                       counts={"basic": decided - trials - nested, "trial": trials,
                               "deep": nested},
                       level=2 if nested else 1 if trials else 0)

    def lights(self, outcome: Outcome) -> frozenset[Cell]:
        whites = self.board.whites
        return frozenset(whites[int(i)] for i in np.nonzero(outcome.state == LIGHT)[0])


def grade(board: Board, deadline: Deadline | None = None) -> Graded:
    """The grade of ``board``: the weakest deductions that decide every cell, or
    ``search``; ``None`` when the deductions refute the board. A board graded
    ``search`` may still have several solutions: the caller proves uniqueness.

    >>> from cpsolve.models.akari.formats import parse
    >>> grade(parse("7x7:e0a1c2cBqBcBc3a2e")).name
    'easy'
    >>> grade(parse("...\\n.1.\\n...")).name is None  # no solution
    True
    """
    if deadline is not None and deadline.expired():
        return Graded(None, timed_out=True)
    engine = Engine(board)
    outcome = engine.run(HARDEST, deadline=deadline)
    if outcome.timed_out:
        return Graded(None, dict(outcome.counts), timed_out=True)
    if outcome.contradiction:
        return Graded(None, dict(outcome.counts), contradiction=True)
    if not outcome.solved:
        return Graded("search", dict(outcome.counts))
    return Graded(GRADES[outcome.level], dict(outcome.counts), answer=engine.lights(outcome))


class Grader:
    """Akari's own grading for the kit (``--grade`` and the generator): the scale
    above, the engine's deductions, and the generator's fast removal of numbers
    (:meth:`fewest`). For no grade, the generator mends a layout until the hardest
    deductions decide it (a board they decide is unique), then takes numbers away with
    them before the solver takes the rest."""

    grades = GRADES
    targets = GRADES[:-1]
    mend_level = HARDEST

    def grade(self, board: Board, deadline: Deadline | None = None) -> Graded:
        return grade(board, deadline)

    def open_cells(self, board: Board, level: int, deadline: Deadline | None = None
                   ) -> set[Cell] | None:
        """The cells the deductions of ``level`` leave open (``None``: out of time)."""
        whites = board.whites
        outcome = Engine(board).run(level, deadline=deadline)
        if outcome.timed_out:
            return None
        if outcome.contradiction:
            raise RuntimeError("the deductions refute a board built around a solution")
        return {whites[int(i)] for i in outcome.open}

    def fewest(self, board: Board, answer: frozenset[Cell], level: int | None,
               order: Sequence[int], groups: Sequence[Sequence[int]], keep: Sequence[int],
               deadline: Deadline, patience: int | None = None) -> Board:
        """Numbers taken away in ``order`` while the deductions of ``level`` decide
        every cell (for no grade: the hardest deductions first, then the solver while
        the solution stays unique; Akari has no lazy rules, so ``patience`` has
        nothing to count)."""
        from cpsolve.grid.setter import fewest_for_uniqueness
        from cpsolve.models.akari import AKARI

        if level is not None:
            return _fewest_for_level(board, answer, level, order, deadline)
        # The deductions take most numbers away quickly; the solver the rest, in the
        # same order.
        cells = sorted(board.clues)
        fewer = _fewest_for_level(board, answer, HARDEST, order, deadline)
        left = {cell: i for i, cell in enumerate(sorted(fewer.clues))}
        again = [left[cells[k]] for k in order if cells[k] in left]
        return fewest_for_uniqueness(AKARI, fewer, answer, again,
                                     [[i] for i in range(len(left))], (), deadline, patience)


def _fewest_for_level(board: Board, lights: frozenset[Cell], level: int,
                      order: Sequence[int], deadline: Deadline) -> Board:
    """Numbers removed in ``order`` (indices of ``board``'s clues in reading order)
    while the deductions of ``level`` still decide every cell; those a successful run
    did not use go with the one tried.

    Two things keep this fast on large boards. Most removals fail, and fail near the
    number removed, so each is first tried from the solution with only the cells near
    the number open (:data:`NEAR`): when the deductions cannot decide those, they
    cannot from nothing either (:meth:`Engine.run`). And a removal that passes is
    run from the cells the last successful run decided before it first used that
    number, which it decides again without it (:attr:`Outcome.first_use`)."""
    from cpsolve.models.akari.hints import without

    engine = Engine(board)
    numbers = engine.numbers.copy()
    outcome = engine.run(level, numbers, deadline)
    if outcome.timed_out:
        raise TimeUp("time limit reached while the numbers were taken away")
    if not outcome.solved:
        raise RuntimeError("a repaired board is not decided by its deductions")
    numbers[~outcome.used] = -1
    first, trail = outcome.first_use, outcome.order
    solution = np.array([LIGHT if cell in lights else EMPTY for cell in board.whites],
                        dtype=np.int8)
    where_ = np.array(board.whites, dtype=np.int64).reshape(-1, 2)
    for k in order:
        if numbers[k] < 0:
            continue
        kept = numbers[k]
        numbers[k] = -1
        r, c = engine.clue_at[k]
        near = (np.abs(where_[:, 0] - r) <= NEAR) & (np.abs(where_[:, 1] - c) <= NEAR)
        outcome = engine.run(level, numbers, deadline,
                             given=np.where(near, OPEN, solution).astype(np.int8))
        if outcome.solved:
            before = int(first[k]) - 1  # the cells decided before number k was used
            given = np.full(len(solution), OPEN, dtype=np.int8)
            given[trail[:before]] = solution[trail[:before]]
            outcome = engine.run(level, numbers, deadline, given=given,
                                 order=trail[:before])
        if outcome.timed_out:
            raise TimeUp("time limit reached while the numbers were taken away")
        if not outcome.solved:
            numbers[k] = kept
            continue
        # The cells given were decided using the numbers used before them: those
        # numbers count as used where they were, unless this run used them earlier.
        found = outcome.first_use.copy()
        inherited = (first > 0) & (first - 1 <= before)
        found[inherited] = np.where(found[inherited] > 0,
                                    np.minimum(found[inherited], first[inherited]),
                                    first[inherited])
        first, trail = found, outcome.order
        numbers[first == 0] = -1
    gone = [Clue(cell, "", cell, None) for cell, number in zip(engine.clue_at, numbers)
            if number < 0]
    return without(board, gone)
