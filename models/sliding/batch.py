"""Many sliding puzzles under shared move budgets: the DevQuiz 2011 job.

A problem file is the contest's: a line of four limits ``L R U D`` (the totals of each
move letter allowed over all answers together), a line with the number of problems,
then one ``W,H,cells`` line per problem. A plain list of DevQuiz lines (no limits, no
budgets) is read too. The answers file has one line per problem: its moves, or
nothing when it is unsolved.

This module is what ``cpsolve batch`` (:mod:`cpsolve.batch`) needs from the family,
gathered by :func:`job`: :func:`read`, the :data:`PASSES` and :func:`attempt` (run in
worker processes), :func:`check`, :func:`usage`, :func:`plan` (which answers to hand
in under the budgets) and :func:`group` (the rows of the summary).
"""

from __future__ import annotations

import re
import time
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from cpsolve.errors import InputError
from cpsolve.family import BatchJob
from cpsolve.models.sliding import stages
from cpsolve.models.sliding.formats import DEVQUIZ_RE, parse, parse_devquiz

MOVES = "LRUD"
SIDES = range(3, 7)  # the contest's widths and heights
LIMITS_RE = re.compile(r"^\s*(\d+)\s+(\d+)\s+(\d+)\s+(\d+)\s*$")


@dataclass(frozen=True)
class Problem:
    """One board to solve: its answer line ``number`` (1-based), the line it was read
    from, and its text (a DevQuiz line or grid text), which is also its key."""

    number: int
    line: int
    text: str


@dataclass
class Problems:
    """A problem file: the budgets (None: no limits), the boards that parsed, the lines
    skipped with why, and the number of answer lines (bad lines keep theirs, empty)."""

    limits: dict[str, int] | None
    problems: list[Problem] = field(default_factory=list)
    errors: list[tuple[int | str, str]] = field(default_factory=list)
    count: int = 0


def _board_error(text: str, line: int) -> str | None:
    """Why a DevQuiz line is not a contest board (None if it is one)."""
    match = DEVQUIZ_RE.match(text)
    if not match:
        return "not a DevQuiz line W,H,cells"
    width, height = int(match.group(1)), int(match.group(2))
    for what, value in (("width", width), ("height", height)):
        if value not in SIDES:
            return f"{what} {value} is outside 3..6"
    try:
        parse_devquiz(text, line_number=line)
    except InputError as error:
        return f"column {error.column}: {error.message}" if error.column else error.message
    return None


def read(text: str) -> Problems:
    """Read a DevQuiz problem file, or a plain list of DevQuiz lines.

    >>> p = read("3 3 3 3\\n2\\n3,3,168452=30\\n3,3,12345678\\n")
    >>> p.limits, [q.number for q in p.problems], p.errors
    ({'L': 3, 'R': 3, 'U': 3, 'D': 3}, [1], [(4, 'column 13: 8 cells for 3x3 = 9')])
    """
    lines = text.splitlines()
    first = next((i for i, line in enumerate(lines) if line.strip()), None)
    out = Problems(limits=None)
    if first is None:
        return out
    body = list(enumerate(lines, 1))[first:]
    match = LIMITS_RE.match(lines[first])
    if match:
        out.limits = dict(zip(MOVES, (int(g) for g in match.groups())))
        if len(body) < 2 or not body[1][1].strip().isdigit():
            raise InputError("the second line must be the number of problems",
                             line=first + 2, column=1)
        expected = int(body[1][1])
        body = [(n, line) for n, line in body[2:]]
        while body and not body[-1][1].strip():
            body.pop()
        if len(body) != expected:
            out.errors.append((first + 2, f"the file says {expected} problems but has "
                                          f"{len(body)} lines"))
    else:
        body = [(n, line) for n, line in body if line.strip()]
    for number, (line, raw) in enumerate(body, 1):
        board = raw.strip()
        error = _board_error(board, line)
        if error is None:
            out.problems.append(Problem(number, line, board))
        else:
            out.errors.append((line, error))
    out.count = len(body)
    return out


def format_answers(answers: list[str | None]) -> str:
    """The answers file: line i holds the moves for problem i, empty when unsolved.

    >>> format_answers(["LU", None, "R"])
    'LU\\n\\nR\\n'
    """
    return "".join((moves or "") + "\n" for moves in answers)


def read_answers(text: str, count: int) -> list[str | None]:
    """The answers of an answers file for ``count`` problems (None: no answer); an
    InputError for a line that is not a move string or for too many lines.

    >>> read_answers("LU\\n\\nR\\n", 3)
    ['LU', None, 'R']
    """
    lines = text.splitlines()
    if len(lines) > count:
        raise InputError(f"{len(lines)} answer lines for {count} problems", line=count + 1)
    out: list[str | None] = []
    for number, line in enumerate(lines, 1):
        moves = line.strip()
        bad = next((k for k, c in enumerate(moves) if c not in MOVES), None)
        if bad is not None:
            raise InputError(f"{moves[bad]!r} is not a move (L, R, U, D)", line=number,
                             column=bad + 1)
        out.append(moves or None)
    return out + [None] * (count - len(out))


def read_files(files: list[tuple[str, str]]) -> Problems:
    """One board per file (``(text, name)`` pairs, in any format :func:`parse` reads):
    no budgets; a file that does not parse is reported by name and skipped."""
    out = Problems(limits=None, count=len(files))
    for number, (text, name) in enumerate(files, 1):
        try:
            parse(text)
        except InputError as error:
            out.errors.append((name, str(error.located(name))))
            continue
        out.problems.append(Problem(number, 1, text.strip()))
    return out


def check(text: str, moves: str) -> list[str]:
    """Replay ``moves`` on the board ``text`` (the puzzle's own checker)."""
    from cpsolve.models.sliding.check import check as replay

    return replay(parse(text), moves)


def usage(moves: str) -> Counter[str]:
    """How much of each budget an answer takes, the letters in the problem file's
    order (L R U D) whatever the answer's.

    >>> dict(usage("LLUR"))
    {'L': 2, 'R': 1, 'U': 1, 'D': 0}
    """
    return Counter({move: moves.count(move) for move in MOVES})


def group(text: str) -> str:
    """The summary row of a board: its size.

    >>> group("4,3,123456789AB0")
    '4x3'
    """
    puzzle = parse(text)
    return f"{puzzle.width}x{puzzle.height}"


# ---------------------------------------------------------------------------------
# Solving one board. A pass is a level of effort; a board proven optimal (or proven
# unsolvable) is never attempted again, the others are, in every later pass, and
# keep every plan found, so the planner can pick shorter ones when budgets are tight.

@dataclass(frozen=True)
class Effort:
    """What one pass spends on a board."""

    name: str
    sweep_space: int  # bidirectional BFS (optimal) up to this many arrangements
    ida_seconds: float  # optimal IDA* (Manhattan + linear conflicts) for this long
    pdb_cells: int  # optimal IDA* with pattern databases up to this many free cells,
    pdb_seconds: float  # for this long,
    pdb_states: int  # each pattern's search at most this many states
    beams: tuple[tuple[int, int, bool], ...]  # (width, noise, both ends) in turn, until
    improve: tuple[tuple[int, int, bool], ...]  # a plan; these even with a plan known
    stage_seconds: float = 0.0  # then, with no plan yet, stages for this long,
    stage_beams: tuple[int, ...] = stages.BEAMS  # their beams' widths in turn,
    finish_seconds: float = stages.FINISH_SECONDS  # and the last region's search


PASSES = (
    # The quick pass is for an answer to every board within the budgets, soon (issue
    # 23: all 5000 DevQuiz boards in 3 minutes on 2 cores); the later passes shorten
    # them. It gives IDA* a hundredth of a second (three in four of the boards a
    # fiftieth proved; the improve pass proves the rest in its first milliseconds),
    # then beams of 1,000, 2,000 and 5,000 (1,000 is 1.75 times faster than 2,000 and
    # 1% longer; 5,000 after them fails on 50 of the 115 boards 20,000 answered, and
    # stages answer those in less time than 20,000 took). Its stages (about 85 boards)
    # try beams of 2,000 and 10,000 and finish with a fifth of a second of IDA*. On
    # the real set, against 2,000 and 20,000 beams, 0.02 s of IDA*, stages as in the
    # later passes: 287 s -> 156 s, answers 3% longer, 635 proven optimal, not 812.
    Effort("quick", 50_000_000, 0.01, 0, 0.0, 0,
           ((1_000, 0, True), (2_000, 0, True), (5_000, 0, True)), (), 30.0, (2_000, 10_000),
           0.2),
    Effort("improve", 50_000_000, 1.0, 20, 3.0, 3_000_000,
           ((100_000, 4, True),), ((10_000, 4, True),), 120.0),
    Effort("deep", 50_000_000, 3.0, 24, 10.0, 10_000_000,
           ((300_000, 8, True),), ((50_000, 8, False),), 300.0),
)


def attempt(task: tuple[str, int, int | None]) -> dict[str, Any]:
    """Solve board ``text`` with the effort of pass ``index``, knowing an answer of
    ``best`` moves (or none): runs in a worker.

    Optimal methods first where the board is small enough (bidirectional BFS, then
    IDA*, with pattern databases in later passes, each under a time limit), else
    bidirectional beam search, wider and noisier in later passes, and where the beams
    find nothing, solving in stages (:mod:`cpsolve.models.sliding.stages`). Returns a dict with
    ``status`` (``optimal``, ``solved``, ``unsolvable``, ``unknown``), ``plans``
    (each checked here and again by the caller), ``method``, ``reason``,
    ``lower_bound`` and ``seconds``.
    """
    text, index, best = task
    effort = PASSES[index]
    started = time.perf_counter()
    from cpsolve.limits import Deadline
    from cpsolve.models.sliding.analysis import Analysis
    from cpsolve.models.sliding.check import check as replay

    puzzle = parse(text)
    analysis = Analysis(puzzle)
    verdict = analysis.verdict
    lower = analysis.lower_bound
    out: dict[str, Any] = {"plans": [], "lower_bound": lower, "method": "", "reason": ""}

    def done(status: str) -> dict[str, Any]:
        out["status"] = status
        out["seconds"] = time.perf_counter() - started
        out["plans"] = sorted(set(out["plans"]), key=len)
        return out

    if verdict.solvable is False or lower is None:
        out["reason"] = verdict.reason if verdict.solvable is False else (
            "a tile cannot reach its goal")
        out["method"] = "analysis"
        return done("unsolvable")
    if analysis.state_space <= effort.sweep_space:
        from cpsolve.models.sliding.solve import solve

        result = solve(puzzle, method="bibfs")
        out["method"] = "bibfs"
        if result.status.value == "optimal":
            out["plans"] = [result.solution]
            return done("optimal")
        if result.status.value == "unsolvable":
            out["reason"] = result.reason
            return done("unsolvable")
    from cpsolve.models.sliding.search import ida, ida_pdb

    longest = 4 * lower + 60
    methods = []
    plans, search = ida(analysis, deadline=Deadline(effort.ida_seconds), max_length=longest)
    if plans:
        out["plans"], out["method"] = plans[:1], "ida"
        return done("optimal")
    methods.append(f"ida>{int(search.bound)}")
    if len(analysis.free) <= effort.pdb_cells:
        # the 15-puzzle's 6-6-3 databases serve every 4x4 board without walls: cached
        shared = (puzzle.width, puzzle.height) == (4, 4) and not puzzle.start.walls
        plans, search, _ = ida_pdb(analysis, deadline=Deadline(effort.pdb_seconds),
                                   max_length=longest, max_states=effort.pdb_states,
                                   use_cache=shared)
        if plans:
            out["plans"], out["method"] = plans[:1], "ida-pdb"
            return done("optimal")
        methods.append(f"ida-pdb>{int(search.bound)}")
    from cpsolve.models.sliding.search import beam

    tries = effort.improve if best is not None else effort.improve + effort.beams
    for width, noise, both in tries:
        plan = beam(analysis, width=width, noise=noise, max_length=longest, seed=index,
                    bidirectional=both)
        methods.append(f"{'bibeam' if both else 'beam'}{width}" + (f"~{noise}" if noise
                                                                   else ""))
        if plan is not None and not replay(puzzle, plan):
            out["plans"].append(plan)
            if (width, noise, both) in effort.beams:
                break
    if not out["plans"] and best is None and effort.stage_seconds:
        # corridors and loops defeat the estimates: solve in stages, as people do
        found = stages.solve_in_stages(puzzle, deadline=Deadline(effort.stage_seconds),
                                       beams=effort.stage_beams,
                                       finish_seconds=effort.finish_seconds)
        methods.append("stages")
        if found is not None and not replay(puzzle, found.moves):
            out["plans"].append(found.moves)
    out["method"] = " ".join(methods)
    if out["plans"]:
        return done("solved")
    out["reason"] = "no plan found at this effort"
    return done("unknown")


# ---------------------------------------------------------------------------------
# Planning the budgets.

def _total(chosen: list[str | None]) -> Counter[str]:
    total: Counter[str] = Counter()
    for moves in chosen:
        if moves is not None:
            total.update(moves)
    return total


def plan(candidates: list[list[str]], limits: dict[str, int] | None) -> list[str | None]:
    """One answer (or None) per problem, as many answered as the budgets allow.

    Each problem picks the candidate of least weighted cost, a price per move letter;
    while a budget is exceeded its letter's price rises (so boards switch to answers
    that use less of it). If prices alone cannot fit the budgets, the answers that
    cost the most in the exceeded letters are dropped, and dropped ones that still
    fit the slack left are put back, shortest first.

    >>> plan([["LL", "UDLL"], ["RRRR"], ["R"]], {"L": 2, "R": 2, "U": 9, "D": 9})
    ['LL', None, 'R']
    """
    def cheapest(options: list[str], price: dict[str, float]) -> str | None:
        return min(options, key=lambda m: (sum(price[c] for c in m), len(m)), default=None)

    shortest = [cheapest(options, dict.fromkeys(MOVES, 1.0)) for options in candidates]
    if limits is None:
        return shortest
    price = dict.fromkeys(MOVES, 1.0)
    chosen = shortest
    for _ in range(60):
        total = _total(chosen)
        over = [m for m in MOVES if total[m] > limits[m]]
        if not over:
            return chosen
        for m in over:
            price[m] *= 1.25
        chosen = [cheapest(options, price) for options in candidates]
    # Prices alone do not fit: drop the answers dearest in the letters over budget.
    total = _total(chosen)
    tight = {m for m in MOVES if total[m] > limits[m]}
    order = sorted((i for i, moves in enumerate(chosen) if moves is not None),
                   key=lambda i: -sum(price[c] for c in chosen[i] or "" if c in tight))
    dropped = []
    for i in order:
        if all(total[m] <= limits[m] for m in MOVES):
            break
        moves = chosen[i]
        assert moves is not None
        if not any(c in tight for c in moves):
            continue
        total.subtract(moves)
        chosen[i] = None
        dropped.append(i)
    for i in sorted(dropped, key=lambda i: min(len(m) for m in candidates[i])):
        for moves in sorted(candidates[i], key=len):
            need = usage(moves)
            if all(total[m] + need[m] <= limits[m] for m in MOVES):
                chosen[i] = moves
                total.update(moves)
                break
    return chosen


# How long a run spends unless told: on the 2-core machine the first pass answers all
# 5000 DevQuiz boards well within it; the later passes, which go on shortening answers
# (those furthest above their lower bounds first) for hours, get the rest of the hour.
# Each run resumes where the last stopped.
RUN_SECONDS = 3600.0


def job() -> BatchJob:
    """What ``cpsolve batch`` needs from the family (:class:`cpsolve.family.BatchJob`)."""
    return BatchJob(read=read, passes=PASSES, attempt=attempt, check=check, usage=usage,
                    plan=plan, format_answers=format_answers, group=group,
                    read_files=read_files, time_limit=RUN_SECONDS)
