"""``cpsolve NAME`` for every grid family, made from its declaration: solve, prove
unique, count, check an answer, draw, export, dump the models, and the setter's
questions. The method options are the declared ones (:mod:`cpsolve.options`): each
click option defaults to ``None`` and only what the user gave reaches ``solve()``,
so the command builds the model the Python API builds from the same board and
options."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import click

from cpsolve.certify.flags import GRID_CLAIM, certify_flags
from cpsolve.commands import (
    EXIT_OK,
    EXIT_UNSOLVABLE,
    Output,
    build,
    checked,
    choose_format,
    common_options,
    describe_stats,
    drawn,
    dump_options,
    exit_code,
    load,
    read_board,
    solving,
    with_file,
    write_file,
)
from cpsolve.errors import InputError, UsageError
from cpsolve.family import Family
from cpsolve.grid.report import QUESTIONS, Report, question_flags, two_solutions
from cpsolve.grid.report import report as setter_report
from cpsolve.grid.solve import check_options, solve
from cpsolve.options import click_options
from cpsolve.result import Result, board_json, result_json

if TYPE_CHECKING:
    from cpsolve.grid.puzzle import GridPuzzle


def render(puzzle: GridPuzzle[Any, Any], board: Any, result: Result, fmt: str,
           unique: bool, counting: bool, output: str | None,
           report: Report | None = None,
           show: Callable[[Any, Any], str] | None = None) -> Output:
    """What a grid family prints: JSON, a picture, or the answers as text, with what
    the setter's questions add. When the answer goes to a file or a picture, the
    verdict goes to standard error as one line, a file holds the answers alone (as
    ``--check`` reads one back), and a picture carries the verdict as its heading (two
    solutions side by side when the board is not unique). ``show`` draws an answer as
    text (the family's, unless the answers were drawn as they were found)."""
    report = report or Report()
    show = show or puzzle.show
    code = exit_code(result)
    said = verdict(result, unique, counting, report)
    rule = puzzle.rule(board)
    if rule is not None:
        said += f"; rule: {rule}"
        report.keys["rule"] = rule
    if fmt == "json":
        data = result_json(puzzle.name, result, lambda a: puzzle.rows(board, a),
                           plans=False, **puzzle.answer_keys(board, result), **report.keys)
        out = Output(stdout=json.dumps(data, indent=2), exit_code=code)
    elif fmt in ("svg", "png"):
        from cpsolve.grid.render import headed

        picture = report.picture
        if picture is None and result.unique is False and len(result.solutions) > 1:
            picture = two_solutions(puzzle, board, *result.solutions[:2])
        elif picture is None:
            picture = puzzle.picture(board, result.solutions[0] if result.solutions
                                     else None)
        out = drawn(headed(picture, said), fmt, output, code)
        out.stderr.extend([said, *report.notes])
        return out
    elif output is not None and report.text is None:
        # The file holds the answers alone, as --check reads one back; what was found
        # and proven, and the rule, are said on standard error.
        lines = [line for said_line in report.lines for line in said_line.splitlines()
                 if line]
        # one answer under --unique (the verdict says whether it is the only one); with
        # no answer, the verdict itself, so an old answer never stays in the file
        shown = result.solutions[:1] if unique else result.solutions
        text = ("\n\n".join(show(board, answer) for answer in shown) if shown
                else answers_text(puzzle, board, result, unique, counting, report.proven,
                                  show))
        out = Output(stdout=text, stderr=[*lines, *report.notes], exit_code=code)
    else:
        text = (answers_text(puzzle, board, result, unique, counting, report.proven, show)
                if report.text is None else report.text)
        said_rule = [f"rule: {rule}"] if rule is not None and output is None else []
        out = Output(stdout="\n".join([text, *report.lines, *said_rule]) if text else
                     "\n".join([*report.lines, *said_rule]), stderr=list(report.notes),
                     exit_code=code)
    if output is not None:
        out.stderr.insert(0, said)
    return out


def verdict(result: Result, unique: bool, counting: bool, report: Report) -> str:
    """What was found and proven, in one line (what the setter's questions found
    after it): ``unique``, ``not unique: 2 solutions found; 3 cells undetermined, 1
    fix``, ``unsolvable: ...; 2 numbers in conflict``.

    >>> from cpsolve.result import Result, Status
    >>> verdict(Result(Status.SOLVED, [1], unique=True), True, False, Report())
    'unique'
    >>> verdict(Result(Status.UNSOLVABLE, [], reason="clue 5 at row 1, column 1"),
    ...         False, False, Report(summary=["1 number in conflict"]))
    'unsolvable: clue 5 at row 1, column 1; 1 number in conflict'
    """
    found = len(result.solutions)
    proven = f" ({report.proven})" if report.proven else ""
    if not found:
        said = result.status.value + proven + (f": {result.reason}" if result.reason else "")
    elif unique and result.unique:
        said = "unique" + proven
    elif unique and result.unique is False:
        said = f"not unique: {found} solutions found"
    elif unique:
        said = "uniqueness unknown: " + (result.reason or "limit reached")
    elif counting and result.count is not None:
        more = "" if result.complete else " (stopped before the last)"
        said = f"{result.count} solution{'s' if result.count != 1 else ''}{more}"
    else:
        said = "solved (uniqueness not checked)"
    return "; ".join([said, *report.summary])


def check_picture(puzzle: GridPuzzle[Any, Any], board: Any, answer: Any,
                  errors: list[str], fmt: str, output: str | None) -> Output:
    """``--check ANSWER`` as a picture: the answer drawn with the cells of every broken
    rule (``errors``) marked (each :class:`~cpsolve.grid.geometry.Broken` the checker
    reports names them), the verdict as its heading and on standard error."""
    from cpsolve.grid.render import MARK, headed

    picture = puzzle.picture(board, answer)
    for error in errors:
        picture.marks.update({cell: MARK for cell in getattr(error, "cells", ())
                              if 0 <= cell[0] < picture.height
                              and 0 <= cell[1] < picture.width})
    said = _check_verdict(errors)
    out = drawn(headed(picture, said), fmt, output, EXIT_UNSOLVABLE if errors else EXIT_OK)
    out.stderr.extend([said, *errors])
    return out


def _check_verdict(errors: list[str]) -> str:
    """``valid``, or ``invalid: 3 rules broken``."""
    if not errors:
        return "valid"
    return f"invalid: {len(errors)} rule{'s' if len(errors) != 1 else ''} broken"


def answers_text(puzzle: GridPuzzle[Any, Any], board: Any, result: Result, unique: bool,
                 counting: bool, proven: str = "",
                 show: Callable[[Any, Any], str] | None = None) -> str:
    """The answers found as text, with what was proven about them (``proven``: how,
    said after the verdict), each drawn by ``show`` (the family's by default)."""
    show = show or puzzle.show
    how = f" ({proven})" if proven else ""
    if not result.solutions:
        reason = f": {result.reason}" if result.reason else ""
        return f"{result.status.value}{how}{reason}"
    blocks = [show(board, answer) for answer in result.solutions]
    text = "\n\n".join(blocks)
    if unique:
        if result.unique:
            text = blocks[0] + "\n\nunique" + how
        elif result.unique is False:
            text = blocks[0] + "\n\nnot unique; a second solution:\n\n" + blocks[1]
        else:
            text = blocks[0] + "\n\nuniqueness unknown: " + (result.reason or "limit reached")
    elif counting and result.count is not None:
        more = "" if result.complete else " (stopped before the last)"
        text += f"\n\n{result.count} solution{'s' if result.count != 1 else ''}{more}"
    return text


def method_help(puzzle: GridPuzzle[Any, Any]) -> dict[str, list[str]]:
    """For ``--help``: the methods that take each option, and its default in each.

    >>> from cpsolve.models.heyawake import HEYAWAKE
    >>> method_help(HEYAWAKE)["card"], method_help(HEYAWAKE)["workers"]
    (['for sat lazy', 'default totalizer'], ['for cpsat order, flow'])
    """
    from cpsolve.grid.solve import candidates

    every = candidates(puzzle)
    taken: dict[str, dict[Any, list[str]]] = {}
    methods: dict[str, list[tuple[str, str]]] = {}
    for candidate in every:
        backend, entry = candidate.method
        for option in candidate.options:
            taken.setdefault(option.name, {}).setdefault(option.default, []).append(
                entry.name)
            methods.setdefault(option.name, []).append((backend, entry.name))
    out: dict[str, list[str]] = {}
    for name, pairs in methods.items():
        parts = []
        if len(pairs) < len(every):
            by_backend: dict[str, list[str]] = {}
            for backend, entry_name in pairs:
                by_backend.setdefault(backend, []).append(entry_name)
            parts.append("for " + "; ".join(f"{backend} {', '.join(names)}"
                                            for backend, names in by_backend.items()))
        defaults = {("on" if d is True else "off" if d is False else d): names
                    for d, names in taken[name].items() if d is not None}
        if len(defaults) == 1 and len(taken[name]) == 1:
            parts.append(f"default {next(iter(defaults))}")
        elif defaults:
            parts.append("default " + "; ".join(f"{d} for {', '.join(dict.fromkeys(names))}"
                                               for d, names in defaults.items()))
        out[name] = parts
    return out


def hint_flags(f: Callable[..., Any]) -> Callable[..., Any]:
    """``--hint``, ``--steps`` and ``--from``: the next step a person would take."""
    for option in reversed((
            click.option("--hint", is_flag=True,
                         help="The next step a person would take, naming the rule or clue "
                              "it uses and the cells it reads and decides (a picture "
                              "marks them)."),
            click.option("--steps", is_flag=True,
                         help="Every step from the board (or --from) to the answer, easiest "
                              "first, with how many of each kind and the hardest."),
            click.option("--from", "progress", default=None, metavar="PROGRESS",
                         help="A player's progress for --hint or --steps: an answer written "
                              "as this genre writes one, '?' in each cell not decided yet "
                              "(a file, or - for standard input). A wrong mark is named "
                              "first."))):
        f = option(f)
    return f


def hinted(puzzle: GridPuzzle[Any, Any], board: Any, hint: bool, every: bool,
           progress: str | None, fmt: str, output: str | None, deadline: Any,
           conflicting: bool) -> Output:
    """``--hint`` or ``--steps`` (:mod:`cpsolve.grid.steps`)."""
    from cpsolve.grid.steps import hints

    if hint and every:
        raise UsageError("choose one of --hint and --steps")
    if not (hint or every):
        raise UsageError("--from is the progress --hint or --steps starts from: give one")
    if conflicting:
        raise UsageError("--hint and --steps go with --from, --format/-o and --time-limit "
                         "only")
    text = None
    if progress is not None:
        text, source = read_board(progress)
    try:
        with solving(puzzle.name, False):  # a status line on a terminal
            out = hints(puzzle, board, every=every, progress=text, fmt=fmt, output=output,
                        deadline=deadline)
    except InputError as error:
        raise error.located(source) from None
    return out if fmt in ("svg", "png") else with_file(out, output)


def command(puzzle: GridPuzzle[Any, Any], family: Family) -> click.Command:
    """The whole sub-command of a grid family, declared as ``puzzle`` and registered as
    ``family`` (what ``--check`` and ``--certify`` judge by)."""
    from cpsolve.backends.cpsat import CpsatModel
    from cpsolve.backends.sat import CnfModel
    from cpsolve.grid.solve import candidates
    from cpsolve.grid.solve import model as built_model

    table = puzzle.encodings
    formats = ("text", "json", "svg", "png", *puzzle.exports)
    methods = [o for c in candidates(puzzle) for o in c.options]
    questions = QUESTIONS if puzzle.hints is not None else ()

    def run(board: str, backend: str, encoding: str | None, unique: bool,
            count: int | None, find_all: bool, answer: str | None, fmt: str | None,
            dump_cnf: str | None, dump_model: str | None, time_limit: float | None,
            as_json: bool, verbose: bool, output: str | None, no_solve: bool,
            certify: bool = False, certificate: str | None = None,
            **extra: Any) -> Output:
        from cpsolve.limits import Deadline, building

        deadline = Deadline(time_limit)  # one for the solve and the report after it
        fmt = choose_format(fmt, as_json, output)
        if sum([unique, count is not None, find_all]) > 1:
            raise UsageError("choose one of --unique, --count N and --all")
        asked = {name: extra.pop(name) for name in questions if name in extra}
        hint, every, progress = (extra.pop("hint", False), extra.pop("steps", False),
                                 extra.pop("progress", None))
        varied = (extra.pop(puzzle.variant.option.name, None) if puzzle.variant is not None
                  else None)
        options = {key: value for key, value in extra.items() if value is not None}
        check_options(puzzle, {"backend": backend, "encoding": encoding, **options})
        parsed = load(board, puzzle.parse, deadline)
        if varied is not None:
            assert puzzle.variant is not None
            parsed = puzzle.variant.apply(parsed, varied)
        if hint or every or progress is not None:
            return hinted(puzzle, parsed, hint, every, progress, fmt, output, deadline,
                          conflicting=unique or count is not None or find_all
                          or answer is not None or no_solve or certify
                          or any(asked.values()) or fmt in puzzle.exports)
        if fmt in puzzle.exports:
            return with_file(Output(stdout=puzzle.exports[fmt](parsed)), output)
        if no_solve:
            if fmt == "json":
                url = puzzle.exports["url"](parsed) if "url" in puzzle.exports else None
                return with_file(Output(stdout=json.dumps(board_json(
                    puzzle.name, puzzle.board_text(parsed), url), indent=2)), output)
            if fmt in ("svg", "png"):
                return drawn(puzzle.picture(parsed, None), fmt, output, EXIT_OK)
            return with_file(Output(stdout=puzzle.board_text(parsed)), output)
        if any(asked.values()) and count is None and not find_all:
            unique = True
        if certificate is not None and not certify:
            raise UsageError("--certificate names the file --certify writes: give both")
        if certify:
            if count is not None or find_all or answer is not None:
                raise UsageError("--certify proves one answer unique or that none exists; "
                                 "it does not go with --count, --all or --check")
            unique = True
        if answer is not None:
            text, source = read_board(answer)
            # Read and checked under the limit (a 1000x1000 answer takes seconds)
            with building(deadline, "the answer", "read"):
                try:
                    given, mismatches = puzzle.read_answer(text, parsed)
                except InputError as error:
                    raise error.located(source) from None
            with building(deadline, "the answer", "checked"):
                errors = [*mismatches, *puzzle.check(parsed, given)]
            if fmt in ("svg", "png"):
                return check_picture(puzzle, parsed, given, errors, fmt, output)
            judged = checked(family, errors, fmt)
            rule = puzzle.rule(parsed)
            if rule is not None and fmt == "text" and output is None:
                judged.stdout += f"\nrule: {rule}"
            out = with_file(judged, output)
            if output is not None:
                said = _check_verdict(errors)
                out.stderr.append(said if rule is None else f"{said}; rule: {rule}")
            return out
        # The models are written as soon as they are built, before the solve: there
        # when a long solve is stopped, and a path that cannot be written said at once.
        if dump_cnf is not None:
            cnf = built_model(puzzle, parsed, "sat", encoding, **options)
            assert isinstance(cnf, CnfModel)
            write_file(dump_cnf, cnf.to_dimacs([f"{puzzle.name}: encoding "
                                                f"{encoding or table.for_backend('sat').name}"]))
        if dump_model is not None:
            proto = built_model(puzzle, parsed, "cpsat", encoding, **options)
            assert isinstance(proto, CpsatModel)
            write_file(dump_model, proto.to_text())
        limit = None if find_all else count if count is not None else 1
        # Many answers are drawn as they are found, inside the time limit (thousands
        # of them drawn after it took seconds).
        texts: dict[int, str] = {}

        def draw(answer: Any) -> None:
            texts[id(answer)] = puzzle.show(parsed, answer)

        def show(shown_board: Any, answer: Any) -> str:
            text = texts.get(id(answer)) if shown_board is parsed else None
            return text if text is not None else puzzle.show(shown_board, answer)

        with solving(puzzle.name, verbose) as log:
            result = solve(puzzle, parsed, backend=backend, encoding=encoding, limit=limit,
                           unique=unique, time_limit=deadline, log=log,
                           each=draw if fmt == "text" and limit != 1 else None, **options)
            report = (setter_report(puzzle, parsed, result, asked, deadline)
                      if puzzle.hints is not None else None)
            proof = None
            if certify:
                from cpsolve.certify.command import certify as certified
                from cpsolve.certify.command import default_path

                report = report or Report()
                written = (read_board(board)[0] if varied is None
                           else puzzle.board_text(parsed))
                proof = certified(family, written, result,
                                  certificate or default_path(board, puzzle.name), deadline,
                                  log)
                report.proven = proof.phrase
                report.keys.update(proof.keys)
                if proof.limit_reached:
                    result.limit_reached = True
        out = render(puzzle, parsed, result, fmt, unique, counting=limit != 1 or count == 1,
                     output=output, report=report, show=show)
        if verbose:
            out.stderr[:0] = [describe_stats(result)]
        if proof is not None:
            out.files.update(proof.files)
        return out if fmt in ("svg", "png") else with_file(out, output)

    decorators: list[Callable[[Any], Any]] = [
        click.command(puzzle.name, help=puzzle.help, short_help=puzzle.summary),
        click.argument("board"),
        click.option("--backend", type=click.Choice(("auto", *table.backends)),
                     default="auto", show_default=True,
                     help=f"auto runs {puzzle.auto}, the fastest measured (README), or the "
                          "method that takes the options given."),
        click.option("--encoding", type=click.Choice(table.names), default=None,
                     help="Model formulation (default: the first for the backend): "
                          + "; ".join(f"{e.name} ({'/'.join(e.backends)}): {e.summary}"
                                      for e in table.entries) + "."),
        *click_options(methods, method_help(puzzle)),
        *(click_options([puzzle.variant.option]) if puzzle.variant is not None else []),
        *((question_flags,) if questions else ()),
        *((certify_flags(GRID_CLAIM),) if puzzle.rules is not None else ()),
        *((hint_flags,) if puzzle.statement is not None else ()),
        click.option("--unique", is_flag=True,
                     help="Prove the solution unique (exit 4 if not)."),
        click.option("--count", type=click.IntRange(min=1), default=None, metavar="N",
                     help="Find up to N distinct solutions."),
        click.option("--all", "find_all", is_flag=True, help="Find every solution."),
        click.option("--check", "answer", default=None, metavar="ANSWER",
                     help="Verify an answer file instead of solving."),
        click.option("--format", "fmt", type=click.Choice(formats), default=None,
                     help="Output: text (default), json, svg, png"
                          + "".join(f", {name}" for name in puzzle.exports)
                          + " (the last print the board)."),
        click.option("--no-solve", "--blank", "no_solve", is_flag=True,
                     help="Print or draw the board itself, unsolved (text or a picture)."),
        dump_options,
        common_options,
    ]
    return build(decorators, run)
