"""What the setter's page asks of a board, answered as the command line answers it:
the same solve, the same setter's questions (:func:`cpsolve.grid.report.report`), the
same JSON object (``--json``), the same pictures. Nothing here knows the web: the
server (:mod:`cpsolve.serve.app`) calls these functions in worker threads.

One board's work is asked by a client (one open page) with a revision that grows with
every edit; :class:`Desk` keeps the newest revision of each client and cancels the
deadline of an older one still running, so a board edited again stops being solved.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from cpsolve.errors import CpsolveError, ForeignPuzzle, InputError, UsageError
from cpsolve.grid.api import family
from cpsolve.grid.editor import (
    MAX_SIDE,
    Draft,
    blank,
    drawable,
    require_editor,
    size_of,
    to_board,
    to_draft,
)
from cpsolve.grid.solve import solve
from cpsolve.limits import Deadline

if TYPE_CHECKING:
    from cpsolve.grid.puzzle import GridPuzzle

BOUND = 10  # solutions counted after every edit: "at least 10" beyond
ASKS = ("status", "fixes", "redundant", "grade", "answer", "hint")
EXPORTS = ("url", "penpa", "grid", "svg", "png", "certificate")
MAX_TEXT = 200_000  # characters of pasted text


def families() -> dict[str, GridPuzzle[Any, Any]]:
    """Every grid family the registry knows that declares an editor, by name."""
    from cpsolve import registry

    out = {}
    for name in registry.names():
        grid = registry.load(name).grid
        if grid is not None and grid.editor is not None:
            out[name] = grid
    return out


def catalogue() -> list[dict[str, Any]]:
    """What the page lists: each family's name, summary, editor and exports."""
    return [{"name": name, "summary": puzzle.summary, "editor": require_editor(puzzle).to_json(),
             "url": "url" in puzzle.exports, "certify": puzzle.rules is not None}
            for name, puzzle in families().items()]


def puzzle_of(name: Any) -> GridPuzzle[Any, Any]:
    """The family ``name``; an :class:`InputError` naming the families there are."""
    known = families()
    if not isinstance(name, str) or name not in known:
        raise InputError(f"no family {name!r} on the page ({', '.join(known)})")
    return known[name]


def describe(puzzle: GridPuzzle[Any, Any], board: Any) -> dict[str, Any]:
    """A board as the page shows it: its draft, grid text, URL and picture (SVG)."""
    from cpsolve.grid.render import to_svg

    drawable(puzzle, board)
    text = puzzle.board_text(board)
    rows, cols = size_of(puzzle, board, text)
    if not (rows <= MAX_SIDE and cols <= MAX_SIDE):
        raise InputError(f"a board on the page has at most {MAX_SIDE} rows and columns, "
                         f"not {rows}x{cols}")
    url = None
    if "url" in puzzle.exports:
        try:
            url = puzzle.exports["url"](board)
        except CpsolveError:  # a board the URL form cannot carry (a number too large)
            url = None
    draft = to_draft(puzzle, board, text)
    if require_editor(puzzle).drawn is not None:  # drawn as the page holds it: a
        board = to_board(puzzle, draft)  # Nonogram's picture, the same clues
    return {"family": puzzle.name, "draft": draft.to_json(), "text": text, "url": url,
            "svg": to_svg(puzzle.picture(board, None))}


def opened(name: Any, text: Any = None, size: Any = None) -> dict[str, Any]:
    """A board to edit: ``text`` pasted (a puzz.link URL, a Tatham ID, grid text, a
    janko.at or pzprjs file; read by ``name`` first, by the family whose type it
    names otherwise), or a new board of ``size`` (rows, columns)."""
    puzzle = puzzle_of(name)
    if text is None:
        if (not isinstance(size, list) or len(size) != 2
                or not all(isinstance(n, int) and not isinstance(n, bool) for n in size)):
            raise InputError("a new board's size is [rows, columns]")
        return describe(puzzle, to_board(puzzle, blank(puzzle, *size)))
    if not isinstance(text, str):
        raise InputError("pasted text is a string")
    if len(text) > MAX_TEXT:
        raise InputError(f"pasted text has {len(text):,} characters, more than "
                         f"{MAX_TEXT:,}")
    try:
        return describe(puzzle, puzzle.parse(text))
    except ForeignPuzzle as foreign:
        for other in families().values():
            if other is puzzle:
                continue
            try:
                return describe(other, other.parse(text))
            except InputError:
                continue
        raise InputError(foreign.message) from None


def board_of(puzzle: GridPuzzle[Any, Any], draft: Any) -> Any:
    """The family's board for the page's ``draft`` (JSON)."""
    return to_board(puzzle, Draft.from_json(draft))


def analyse(puzzle: GridPuzzle[Any, Any], board: Any, ask: str,
            deadline: Deadline) -> dict[str, Any]:
    """What ``ask`` (:data:`ASKS`) finds, as the command line's JSON object (with the
    keys its setter's questions add) and its verdict line:

    * ``status``: solutions counted up to :data:`BOUND` (``cpsolve NAME --count
      10``), the undetermined cells when there are several (the cells ``--explain``
      marks) and the clues in conflict when there are none;
    * ``fixes``, ``redundant``, ``grade``: ``--explain``, ``--redundant``, ``--grade``
      (each after a proof of uniqueness, as the command does); each fix also carries
      the changed board's ``draft``, for the page to apply;
    * ``answer``: ``--unique``, with the answer's picture (``svg``);
    * ``hint``: ``--hint`` (the first step from the blank board): the step as
      ``--hint --json`` writes it, under ``hint``.
    """
    from cpsolve.grid.command import verdict
    from cpsolve.grid.render import to_svg
    from cpsolve.grid.report import Report, report
    from cpsolve.result import result_json

    if ask not in ASKS:
        raise InputError(f"no question {ask!r} ({', '.join(ASKS)})")
    if ask == "hint":
        return hinted(puzzle, board, deadline)
    counting = ask == "status"
    result = solve(puzzle, board, limit=BOUND if counting else 1, unique=not counting,
                          time_limit=deadline)
    asked: dict[str, Any] = {}
    if counting:
        asked = {"explain": len(result.solutions) > 1, "fixes": False}
    elif ask != "answer":
        asked = {"explain" if ask == "fixes" else ask: True}
    found = (report(puzzle, board, result, asked, deadline)
             if puzzle.hints is not None else Report())
    data = result_json(puzzle.name, result, lambda a: puzzle.rows(board, a), plans=False,
                       **puzzle.answer_keys(board, result), **found.keys)
    for fix, edit in zip(data.get("fixes", []), found.fixes):  # the page applies a fix
        fix["draft"] = to_draft(puzzle, edit.board).to_json()
    if counting:  # one solution or none: no cell is undetermined
        data.setdefault("undetermined", [])
    data["ask"] = ask
    data["verdict"] = verdict(result, not counting, counting, found)
    data["limit_reached"] = bool(result.limit_reached)
    if result.limit_reached:  # which part the limit cut short, in the command's words
        data["cut"] = result.reason or "time limit reached"
    if ask == "answer" and result.solutions:
        from cpsolve.grid.report import two_solutions

        data["svg"] = to_svg(two_solutions(puzzle, board, *result.solutions[:2])
                             if len(result.solutions) > 1 else
                             puzzle.picture(board, result.solutions[0]))
    return data


def hinted(puzzle: GridPuzzle[Any, Any], board: Any, deadline: Deadline) -> dict[str, Any]:
    """The page's hint: the first step on the board, or why there is none."""
    from cpsolve.grid.steps import NotUnique, Stepper, step_json

    if puzzle.statement is None:
        return {"ask": "hint", "verdict": f"{puzzle.name} has no hints yet", "hint": None}
    try:
        with Stepper(puzzle, board, deadline) as stepper:
            step = stepper.next([])
            found = None if step is None else step_json(stepper, step)
    except NotUnique as refused:
        return {"ask": "hint", "verdict": f"no hint: {refused}", "hint": None}
    said = "every cell is decided" if found is None else found["sentence"]
    return {"ask": "hint", "verdict": said, "hint": found, "limit_reached": False}


@dataclass(frozen=True)
class Exported:
    """A file for the page to save: its name, media type and content."""

    name: str
    media: str
    content: str | bytes


def export(puzzle: GridPuzzle[Any, Any], board: Any, fmt: str, answer: bool,
           deadline: Deadline) -> Exported:
    """The board (or, with ``answer``, its answer) as ``fmt`` (:data:`EXPORTS`): the
    URL, Penpa+ link and grid text the command's ``--format url|penpa|grid`` print, the
    pictures it draws (``--no-solve -o``, ``-o``), the certificate ``--certify`` writes (of the
    board's one answer or of its having none); an answer that is not proven unique
    is refused."""
    from cpsolve.grid.render import to_png, to_svg

    if fmt not in EXPORTS:
        raise InputError(f"no export {fmt!r} ({', '.join(EXPORTS)})")
    if fmt == "certificate":
        return _certificate(puzzle, board, deadline)
    solution = None
    if answer:
        result = solve(puzzle, board, unique=True, time_limit=deadline)
        if not result.solutions:
            raise UsageError(f"no answer to export: {result.status.value}"
                             + (f" ({result.reason})" if result.reason else ""))
        if result.unique is not True:
            raise UsageError("no answer to export: the board is not proven unique "
                             "(" + ("two solutions found" if result.unique is False else
                                    result.reason or "limit reached") + ")")
        solution = result.solutions[0]
    stem = f"{puzzle.name}{'-answer' if answer else ''}"
    if fmt in ("url", "penpa"):
        what = "URL" if fmt == "url" else "Penpa+ link"
        if answer or fmt not in puzzle.exports:
            raise UsageError(f"no {what} for {'an answer' if answer else puzzle.name}")
        return Exported(f"{stem}{'-penpa' if fmt == 'penpa' else ''}.txt", "text/plain",
                        puzzle.exports[fmt](board) + "\n")
    if fmt == "grid":
        text = (puzzle.show(board, solution) if answer else puzzle.board_text(board))
        return Exported(f"{stem}.txt", "text/plain", text.rstrip("\n") + "\n")
    picture = puzzle.picture(board, solution)
    if fmt == "svg":
        return Exported(f"{stem}.svg", "image/svg+xml", to_svg(picture))
    return Exported(f"{stem}.png", "image/png", to_png(picture))


def _certificate(puzzle: GridPuzzle[Any, Any], board: Any, deadline: Deadline) -> Exported:
    """The certificate ``cpsolve NAME BOARD --certify`` writes for ``board``, made and
    checked by the same code (:func:`cpsolve.certify.command.certify`)."""
    from cpsolve.certify.command import certify

    if puzzle.rules is None:
        raise UsageError(f"{puzzle.name} has no certificates")
    text = puzzle.board_text(board)
    result = solve(puzzle, board, unique=True, time_limit=deadline)
    name = f"{puzzle.name}.cert.zip"
    made = certify(family(puzzle), text, result, name, deadline)
    if name not in made.files:
        raise UsageError(made.phrase)
    return Exported(name, "application/zip", made.files[name])


class Desk:
    """The newest revision each client asked about, with the deadlines of the work
    under way on it: a newer revision cancels them (a solve stops within its watch's
    look, a tenth of a second), and work on an older one, come late, is stale before
    it starts. Several questions about one revision run side by side. The newest
    :data:`CLIENTS` clients are remembered."""

    CLIENTS = 10_000
    GO_ON = 6  # a question asked to go on may take this many times the limit, at most

    def __init__(self, seconds: float) -> None:
        self.seconds = seconds
        self.lock = threading.Lock()
        self.newest: OrderedDict[str, int] = OrderedDict()
        self.running: dict[str, list[Deadline]] = {}
        # each client's newest question's last step, and that question's deadline
        self.steps: dict[str, tuple[Deadline, dict[str, Any]]] = {}

    def longest(self) -> float:
        """The most seconds a question asked to go on may have."""
        return self.seconds * self.GO_ON

    def take(self, client: str, revision: int) -> Deadline | None:
        """A deadline for work on ``client``'s ``revision``, cancelling the work on
        older ones; ``None`` when a newer revision was asked about already."""
        with self.lock:
            newest = self.newest.get(client)
            if newest is not None and newest > revision:
                return None
            if newest is not None and newest < revision:
                for older in self.running.pop(client, []):
                    older.cancel()
            self.newest[client] = revision
            self.newest.move_to_end(client)
            while len(self.newest) > self.CLIENTS:
                self.newest.popitem(last=False)
            deadline = Deadline(None)  # its clock starts with the work (start)
            self.running.setdefault(client, []).append(deadline)
            return deadline

    def start(self, deadline: Deadline, seconds: float | None = None) -> Deadline:
        """``deadline``'s clock started, now that its work starts (the time spent
        waiting for a worker is not the question's), for ``seconds`` (default and
        most: :meth:`longest`; the server's limit when none is given); one cancelled
        stays ended."""
        with self.lock:
            if deadline.end is None:
                fresh = Deadline(self.seconds if seconds is None
                                 else min(seconds, self.longest()))
                deadline.seconds, deadline.start, deadline.end = (fresh.seconds, fresh.start,
                                                                  fresh.end)
            return deadline

    def cancel_all(self) -> None:
        """End every question under way (the server is stopping)."""
        with self.lock:
            for running in self.running.values():
                for deadline in running:
                    deadline.cancel()

    def stale(self, client: str, revision: int) -> bool:
        """Whether ``client`` has asked about a newer revision since."""
        with self.lock:
            newest = self.newest.get(client)
            return newest is not None and newest > revision

    def step(self, client: str, deadline: Deadline, what: str, done: int | None,
             total: int | None) -> None:
        """Where ``client``'s question of ``deadline`` is now
        (:func:`cpsolve.progress.step`); a question cancelled, or an older one, is not
        heard any more."""
        with self.lock:
            if any(held is deadline for held in self.running.get(client, [])):
                self.steps[client] = (deadline, {"what": what, "done": done,
                                                 "total": total})

    def progress(self, client: str) -> dict[str, Any]:
        """``client``'s question's last step (empty when none runs)."""
        with self.lock:
            held = self.steps.get(client)
            if held is None or not any(d is held[0] for d in self.running.get(client, [])):
                return {}
            return dict(held[1])

    def done(self, client: str, deadline: Deadline) -> None:
        """Forget the work of ``deadline`` once answered."""
        with self.lock:
            running = self.running.get(client, [])
            if deadline in running:
                running.remove(deadline)
                if not running:
                    del self.running[client]
                    self.steps.pop(client, None)

    def __len__(self) -> int:
        """The questions under way."""
        with self.lock:
            return sum(len(held) for held in self.running.values())


__all__ = ["ASKS", "BOUND", "EXPORTS", "Desk", "Exported", "analyse", "board_of",
           "catalogue", "describe", "export", "families", "opened", "puzzle_of"]
