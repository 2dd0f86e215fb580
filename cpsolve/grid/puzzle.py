"""A grid family as one declaration: its rules (board, formats, checker, encodings)
and, for the setter's tools and the generator, the few things that are its own. The
kit makes everything else from it: ``solve()``, the command, the setter's questions,
the generator and its command, and the :class:`~cpsolve.family.Family` the registry
loads (:mod:`cpsolve.grid.api`).

A family's ``__init__.py`` declares one ``GridPuzzle`` and offers what users call
(:func:`cpsolve.grid.api.api`)::

    HEYAWAKE = GridPuzzle(name="heyawake", summary=..., formats=..., check=check, ...)
    FAMILY, solve, parse, show, to_rows, read_answer, to_text, to_url = api(HEYAWAKE)

``docs/new-family.md`` walks through a whole one.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any, Generic, TypeVar

from cpsolve.family import Deferred
from cpsolve.grid.model import Encodings, Prepared, Reduction
from cpsolve.options import Option
from cpsolve.result import Result

if TYPE_CHECKING:
    from cpsolve.backends.sat import CnfModel
    from cpsolve.grid.answers import AnswerKind
    from cpsolve.grid.codecs import Formats
    from cpsolve.grid.editor import Editor
    from cpsolve.grid.hints import Hints
    from cpsolve.grid.layouts import Layout
    from cpsolve.grid.render import GridPicture
    from cpsolve.grid.rules import Statement

Board = TypeVar("Board")
Answer = TypeVar("Answer")

@dataclass(frozen=True)
class Variant(Generic[Board]):
    """A rule a board carries that a flag turns on (Numberlink's ``--fill``): the
    flag's ``option`` (a Boolean), ``apply(board, on)`` the board with the rule on or
    off, and
    ``said(board)`` the rule in force, in words (``None``: the genre's own rule, not
    said, where the flag is pzprjs's variant and off). Because the rule is the board's,
    everything that gets the board judges by it: solving, uniqueness, the setter's
    tools, certificates (the board's own text says it) and the generator (whose
    layout reads the flag among its options, ``generated``; a genre whose layout makes
    no board under the rule says ``generated=False``, and its generator has no such
    flag); the output says which rule judged."""

    option: Option
    apply: Callable[[Any, bool], Any]
    said: Callable[[Any], str | None]
    generated: bool = True


@dataclass(frozen=True)
class GridPuzzle(Generic[Board, Answer]):
    """What a grid family declares.

    Identity: ``name`` (the sub-command), ``summary`` (one line), ``help`` (the
    command's help: what BOARD is, the rules, how answers are written), ``example``
    (a small board in the main format that every method solves in well under a
    second).

    Formats: ``formats`` (:class:`~cpsolve.grid.codecs.Formats`: gives ``parse``,
    ``board_text`` and ``exports``) and ``answer`` (an answer kind such as
    :class:`~cpsolve.grid.answers.Marks`: gives ``show``, ``rows`` and
    ``read_answer``), or each of these: ``parse(text)`` (every format, detected; a located
    :class:`~cpsolve.errors.InputError` for anything else), ``board_text(board)`` (the
    board in its main format: ``--no-solve``, generators), ``exports`` (more
    ``--format`` choices that print the board: ``url``, ``grid``, ...),
    ``show(board, answer)`` (an answer as text), ``rows(board, answer)`` (as JSON
    rows), ``details(board, answer)`` (optional: what else the JSON says of each
    answer, an object: Slitherlink's edges and inside cells), ``read_answer(text,
    board)`` (an answer for ``--check``, with the cells where it contradicts the
    board), ``picture(board, answer or None)``.

    Rules: ``check(board, answer)`` (every rule broken, independently of every
    encoding), ``statement`` (the rules stated once:
    :class:`~cpsolve.grid.rules.Statement`, from which the kit makes ``prepare``,
    ``encodings``, the certificate's ``rules`` and the clue model of ``hints``, each
    unless given), ``prepare(board, deduce)`` (what the deductions leave:
    :class:`~cpsolve.grid.model.Prepared`; :class:`~cpsolve.grid.model.Whole` for a
    family without deductions), ``deductions`` (whether ``prepare`` deduces: the
    ``--deductions`` option), ``encodings`` (the ordered table), ``auto`` (the
    backend ``auto`` runs: the fastest measured), ``sat_solver(model)`` (optional: the
    SAT solver for a built model when none is named; by default
    :func:`~cpsolve.backends.sat.by_size`), ``nothing`` (the reason when
    search finds no answer).

    Setter's tools and generator (optional): ``hints``
    (:class:`~cpsolve.grid.hints.Hints`: the clues a setter may add, change or
    remove, and the other single edits a fix may make; with them the command gains
    ``--explain`` with fixes, the clues in conflict, ``--redundant``, ``--minimize``
    and ``--grade``), ``layout`` (:class:`~cpsolve.grid.layouts.Layout`: how the
    generator lays out a board and mends it; with it ``cpsolve generate NAME``),
    ``grader`` (makes a family's own grader, by human rules, overriding the kit's
    :class:`~cpsolve.grid.grading.StepGrader`: an object with the same methods).

    Certificates (optional): ``rules(board)``, the certificate encoder
    (:class:`~cpsolve.certify.rules.Rules`: the rules as a CNF, apart from every
    solving encoding); with it ``--certify``.

    A rule the board carries, turned on by a flag (optional): ``variant``
    (:class:`Variant`). A dominance that makes solving and proving uniqueness cheaper
    (optional): ``reduce(board)``, a :class:`~cpsolve.grid.model.Reduction` or
    ``None`` where none holds on that board.

    The setter's page (optional): ``editor``
    (:class:`~cpsolve.grid.editor.Editor`: what a cell can hold and how a click
    cycles it); with it the family is on the page ``cpsolve serve`` opens.
    """

    name: str
    summary: str
    help: str
    example: str
    picture: Callable[[Board, Answer | None], GridPicture]
    check: Callable[[Board, Answer], list[str]]
    formats: Formats[Board] | None = None
    answer: AnswerKind | None = None
    parse: Callable[[str], Board] = None  # type: ignore[assignment]
    board_text: Callable[[Board], str] = None  # type: ignore[assignment]
    show: Callable[[Board, Answer], str] = None  # type: ignore[assignment]
    rows: Callable[[Board, Answer], list[str]] = None  # type: ignore[assignment]
    read_answer: Callable[[str, Board], tuple[Answer, list[str]]] = None  # type: ignore
    prepare: Callable[[Board, bool], Prepared[Answer]] = None  # type: ignore[assignment]
    encodings: Encodings = None  # type: ignore[assignment]
    statement: Statement[Board] | None = None
    nothing: str = "no answer satisfies the rules"
    auto: str = "sat"
    deductions: bool = False
    sat_solver: Callable[[CnfModel], str] | None = None
    exports: Mapping[str, Callable[[Board], str]] = field(default_factory=dict)
    hints: Hints[Board] | None = None
    layout: Layout[Board, Answer] | None = None
    grader: Callable[[], Any] | None = None
    rules: Callable[[Board], Any] | None = None
    editor: Editor | None = None
    details: Callable[[Board, Answer], dict[str, Any]] | None = None
    variant: Variant[Board] | None = None
    reduce: Callable[[Board], Reduction[Answer] | None] | None = None

    def __post_init__(self) -> None:
        formats, answer = self.formats, self.answer
        given = {"parse": formats.parse if formats else None,
                 "board_text": formats.text if formats else None,
                 "show": answer.show if answer else None,
                 "rows": answer.rows if answer else None,
                 "read_answer": answer.read if answer else None}
        for key, value in given.items():
            if getattr(self, key) is None:
                if value is None:
                    raise ValueError(f"{self.name}: no {key} (give it, or formats and answer)")
                object.__setattr__(self, key, value)
        if formats is not None and not self.exports:
            object.__setattr__(self, "exports", dict(formats.exports))
        statement = self.statement
        if statement is None:
            if self.prepare is None or self.encodings is None:
                raise ValueError(f"{self.name}: a grid family states its rules "
                                 "(statement) or gives prepare and encodings")
            return
        hints = self.hints
        if hints is not None and statement.clues is None:
            statement = replace(statement, clues=hints.clues)
            object.__setattr__(self, "statement", statement)
        if self.prepare is None:
            object.__setattr__(self, "prepare", statement.prepare)
            if statement.narrow is not None:
                object.__setattr__(self, "deductions", True)
        if self.encodings is None:
            object.__setattr__(self, "encodings", statement.encodings())
        if self.rules is None:
            object.__setattr__(self, "rules", statement.certificate)
        # Deferred hints (loaded when a setter's command runs) give these themselves.
        if hints is not None and not isinstance(hints, Deferred) and hints.rules is None:
            object.__setattr__(self, "hints", replace(
                hints, rules=statement.base, clauses=statement.own,
                guarded=hints.guarded or statement.guarded,
                implied=hints.implied or statement.implied))

    def rule(self, board: Board) -> str | None:
        """The rule in force on ``board``, in words, when the family has a variant."""
        return None if self.variant is None else self.variant.said(board)

    def answer_keys(self, board: Board, result: Result) -> dict[str, Any]:
        """The JSON keys the answers add beside their rows: ``details``, one object a
        solution, when the family declares them."""
        if self.details is None:
            return {}
        return {"details": [self.details(board, answer) for answer in result.solutions]}

    def require_hints(self) -> Hints[Board]:
        """The family's clues, for the setter's tools; a :class:`UsageError` when it
        declares none."""
        if self.hints is None:
            from cpsolve.errors import UsageError

            raise UsageError(f"{self.name} declares no clues: the setter's tools need them")
        return self.hints

    def require_layout(self) -> Layout[Board, Answer]:
        """The family's layout, for the generator; a :class:`UsageError` when it has
        none."""
        if self.layout is None:
            from cpsolve.errors import UsageError

            raise UsageError(f"{self.name} has no generator")
        return self.layout
