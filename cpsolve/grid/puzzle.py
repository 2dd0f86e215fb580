"""A grid family as one declaration: its rules (board, formats, checker, encodings)
and, for the setter's tools and the generator, the few things that are its own. The
kit makes everything else from it: ``solve()``, the command, the setter's questions,
the generator and its command, and the :class:`~cpsolve.family.Family` the registry
loads (:meth:`GridPuzzle.family`).

A family's ``__init__.py`` declares one ``GridPuzzle`` and names it::

    HEYAWAKE = GridPuzzle(name="heyawake", summary=..., parse=parse, check=check, ...)
    FAMILY = HEYAWAKE.family()
    solve = HEYAWAKE.solve

``docs/new-family.md`` walks through a whole one.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any, Generic, TypeVar

from cpsolve.family import Deferred, Family, Kind
from cpsolve.grid.model import Encodings, Prepared, Reduction
from cpsolve.limits import Deadline
from cpsolve.options import Option, merged
from cpsolve.result import Result

if TYPE_CHECKING:
    from cpsolve.backends.sat import CnfModel
    from cpsolve.grid.answers import Marks, Numbers, Tokens
    from cpsolve.grid.codecs import Formats
    from cpsolve.grid.editor import Editor
    from cpsolve.grid.generate import Layout
    from cpsolve.grid.hints import Hints
    from cpsolve.grid.render import GridPicture
    from cpsolve.grid.rules import Statement

Board = TypeVar("Board")
Answer = TypeVar("Answer")

# The keywords of every grid solve() beside the methods' options.
CONTROLS = (
    Option("time_limit", None, "seconds (or a Deadline)", kind=object, cli=False),
    Option("backend", "auto", "auto, sat or cpsat", cli=False),
    Option("encoding", None, "one of the family's encodings", cli=False),
    Option("limit", 1, "distinct answers to find (None: all)", kind=int, low=1, cli=False),
    Option("unique", False, "prove the answer unique", kind=bool, cli=False),
)


@dataclass(frozen=True)
class Variant(Generic[Board]):
    """A rule a board carries that a flag turns on (Numberlink's ``--fill``): the
    flag's ``option`` (a Boolean), ``apply(board, on)`` the board with the rule on or
    off, and
    ``said(board)`` the rule in force, in words. Because the rule is the board's,
    everything that gets the board judges by it: solving, uniqueness, the setter's
    tools, certificates (the board's own text says it) and the generator (whose
    layout reads the flag among its options); the output says which rule judged."""

    option: Option
    apply: Callable[[Any, bool], Any]
    said: Callable[[Any], str]


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
    SAT solver for a built model when none is named), ``nothing`` (the reason when
    search finds no answer).

    Setter's tools and generator (optional): ``hints``
    (:class:`~cpsolve.grid.hints.Hints`: the clues a setter may add, change or
    remove, and the other single edits a fix may make; with them the command gains
    ``--explain`` with fixes, the clues in conflict, ``--redundant``, ``--minimize``
    and ``--grade``), ``layout`` (:class:`~cpsolve.grid.generate.Layout`: how the
    generator lays out a board and mends it; with it ``cpsolve generate NAME``),
    ``grader`` (makes a family's own grader, by human rules, overriding the kit's
    :class:`~cpsolve.grid.grading.ProbingGrader`: an object with the same methods).

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
    answer: Marks | Tokens | Numbers | None = None
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
        if self.encodings is None:
            object.__setattr__(self, "encodings", statement.encodings())
        if self.rules is None:
            object.__setattr__(self, "rules", statement.certificate)
        # Deferred hints (loaded when a setter's command runs) give these themselves.
        if hints is not None and not isinstance(hints, Deferred) and hints.rules is None:
            object.__setattr__(self, "hints", replace(
                hints, rules=statement.base, clauses=statement.own,
                guarded=hints.guarded or statement.guarded))

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

    def solve(self, board: Board, *, backend: str = "auto", encoding: str | None = None,
              limit: int | None = 1, unique: bool = False,
              time_limit: float | Deadline | None = None,
              log: Callable[[str], None] | None = None, **options: Any) -> Result:
        """Solve ``board`` (see :func:`cpsolve.grid.solve.solve`): up to ``limit``
        distinct answers, ``unique`` to prove there is one, the method chosen by
        ``backend``, ``encoding`` and its declared ``options``."""
        from cpsolve.grid.solve import solve

        return solve(self, board, backend=backend, encoding=encoding, limit=limit,
                     unique=unique, time_limit=time_limit, log=log, **options)

    @property
    def options(self) -> tuple[Option, ...]:
        """Every keyword ``solve()`` takes: the controls and each method's options."""
        from cpsolve.grid.solve import candidates

        return tuple(merged([*CONTROLS, *(o for c in candidates(self) for o in c.options)])
                     .values())

    def check_options(self, options: dict[str, Any]) -> dict[str, Any]:
        """The method ``options`` (``solve()``'s keywords) choose, as its JSON record; a
        :class:`~cpsolve.errors.UsageError` for anything ``solve()`` would refuse."""
        from cpsolve.grid.solve import method, record

        given = dict(options)
        controls = {o.name: o for o in CONTROLS}
        for key in ("limit", "unique"):
            if key in given and given[key] is not None:
                controls[key].value(given[key])
        given.pop("limit", None)
        given.pop("unique", None)
        backend = given.pop("backend", "auto")
        encoding = given.pop("encoding", None)
        return record(method(self, backend, encoding, given))

    def command(self) -> Any:
        """The family's sub-command (``cpsolve NAME``), built when the CLI needs it."""
        from cpsolve.grid.command import command

        return command(self)

    def generator(self) -> Any:
        """``cpsolve generate NAME``, built when the CLI needs it."""
        from cpsolve.grid.generate import command

        return command(self)

    def family(self) -> Family:
        """The :class:`~cpsolve.family.Family` the registry loads."""
        return Family(name=self.name, summary=self.summary, kind=Kind.GRID, parse=self.parse,
                      check=self.check, solve=self.solve, encode=self.rows,
                      command=self.command, example=self.example,
                      generate=self.generator if self.layout is not None else None,
                      declared=self.options, check_options=self.check_options,
                      rules=self.rules, grid=self)
