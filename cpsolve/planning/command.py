"""The command every planning family shares (``cpsolve slide``, ``cpsolve rotate``):
the common options, checking a plan, printing plans (what is proven about them first,
then the moves; ``--steps`` the board after each move; ``-o plan.svg``, ``.png`` or
``.gif`` a picture of the plan), ``-v`` as things happen, and the models of one
horizon for outside solvers. A family adds only its own options.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import click

from cpsolve.certify.flags import PLAN_CLAIM, certify_flags
from cpsolve.commands import (
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
    read_text,
    solving,
    with_file,
)
from cpsolve.errors import InputError, TooLarge, UsageError
from cpsolve.limits import Deadline
from cpsolve.options import click_options
from cpsolve.planning.outcome import headline
from cpsolve.planning.solve import Planner
from cpsolve.result import Result, result_json

if TYPE_CHECKING:
    from cpsolve.family import Family
    from cpsolve.grid.render import GridPicture
    from cpsolve.planning.replay import Walk


GIF_CELL = 64  # pixels a cell in a replay (a sheet's boards are smaller: 40)


@dataclass(frozen=True)
class PlanCommand:
    """What :func:`plan_command` needs beside the :class:`~cpsolve.family.Family` and
    its :class:`~cpsolve.planning.solve.Planner`.

    ``with_goal(board, text)`` gives the board with the goal read from ``text``
    (``--goal FILE``); ``read_plan(board, text)`` reads a plan for ``--check``;
    ``moves`` are the ways to write a plan (``--moves``; the first the default), each
    ``write(board, plan) -> str``. The methods' options come from the planner's
    declarations.

    For plans a person follows: ``walk(board, plan)`` replays a plan move by move (a
    :class:`~cpsolve.planning.replay.Walk`), ``show(board, position)`` writes one
    position as text (``--steps``, and where ``--check`` finds a plan wrong) and
    ``draw(board, position, cells)`` draws one, the ``cells`` a move changed marked
    (``-o plan.svg``, ``.png``, ``.gif``).
    """

    family: Family
    planner: Planner
    with_goal: Callable[[Any, str], Any]
    read_plan: Callable[[Any, str], Any]
    moves: dict[str, Callable[[Any, Any], str]]
    help: str = ""
    walk: Callable[[Any, Any], Walk] | None = None
    show: Callable[[Any, Any], str] | None = None
    draw: Callable[[Any, Any, tuple[int, ...]], GridPicture] | None = None

    @property
    def pictures(self) -> tuple[str, ...]:
        """The picture formats ``-o`` may write: none without ``walk`` and ``draw``."""
        return ("svg", "png", "gif") if self.walk and self.draw else ()


def plan_picture(spec: PlanCommand, board: Any, plan: Any, heading: str, fmt: str,
                 output: str | None, code: int) -> Output:
    """A plan drawn: a sheet of its boards (SVG, PNG) or its replay (GIF)."""
    from cpsolve.grid.render import to_gif
    from cpsolve.planning.replay import frames, sheet

    assert spec.walk is not None and spec.draw is not None
    draw = spec.draw
    walk = replayed(spec, board, plan)

    def one(position: Any, cells: tuple[int, ...]) -> GridPicture:
        return draw(board, position, cells)

    if fmt == "gif":
        assert output is not None  # a GIF without -o was refused before any work
        pictures, durations = frames(walk, one, heading)
        return Output(files={output: to_gif(pictures, durations, cell=GIF_CELL)},
                      exit_code=code)
    return drawn(sheet(walk, one, heading), fmt, output, code)


def render_plans(spec: PlanCommand, board: Any, result: Result, fmt: str, show_all: bool,
                 moves: str, counted: bool, steps: bool = False,
                 output: str | None = None, proven: str = "",
                 keys: dict[str, Any] | None = None) -> Output:
    """What a planning family prints: JSON; a picture of the first plan; or, as text,
    what is proven about the plans (``31 moves, optimal``, then how it is proven when
    ``proven`` says), the first plan (every plan found with ``--all``), with
    ``--steps`` the board after each of its moves, and, when plans were ``counted``, a
    line with the count; the reason when there is no plan. ``keys`` go into the JSON
    object (``certificate``)."""
    family = spec.family
    code = exit_code(result)
    if fmt == "json":
        data = result_json(family.name, result, lambda plan: family.encode(board, plan),
                           plans=True)
        data.update(keys or {})
        return Output(stdout=json.dumps(data, indent=2), exit_code=code)
    if not result.solutions:
        reason = f": {result.reason}" if result.reason else ""
        if fmt != "text":  # no plan to draw: say why, and write no file
            return Output(stderr=[f"cpsolve: {result.status.value}{reason}"], exit_code=code)
        return Output(stdout=f"{result.status.value}{reason}", exit_code=code)
    length = spec.planner.length(result.solution)
    said = headline(result, length) + (f" ({proven})" if proven else "")
    # (on standard error too when the plan goes elsewhere)
    if fmt != "text":
        out = plan_picture(spec, board, result.solution, said, fmt, output, code)
        out.stderr.insert(0, said)
        return out
    write = spec.moves[moves]
    shown = result.solutions if show_all else result.solutions[:1]
    lines = [said, *(write(board, plan) for plan in shown)]
    if counted:
        more = "" if result.complete else " (counting stopped early)"
        if show_all and len(result.solutions) < (result.count or 0):
            more += (f"; {len(result.solutions)} listed (breadth-first search lists one: "
                     "ida or sat list them all)")
        lines.append(f"{result.count} optimal plan{'s' if result.count != 1 else ''} of "
                     f"{length} moves{more}")
    if steps and spec.walk is not None and spec.show is not None:
        from cpsolve.planning.replay import steps_text

        show = spec.show
        walk = spec.walk(board, result.solution)
        lines += ["", steps_text(walk, lambda position: show(board, position))]
    return Output(stdout="\n".join(lines), stderr=[said] if output is not None else [],
                  exit_code=code)


# Bytes a replayed move holds at the least (its board and how it is said), measured on
# a 3x3 board (650 per move; larger boards hold more, and the watch sees them).
STEP_BYTES = 600


def replayed(spec: PlanCommand, board: Any, plan: Any) -> Any:
    """The family's replay of ``plan`` (every board along it), refused before it is
    made when its moves cannot fit in memory, and watched while it grows (a 40 MB
    plan would need some 26 GB): :class:`~cpsolve.errors.TooLarge`, exit 3."""
    from cpsolve.limits import building

    assert spec.walk is not None
    replay_fits(spec, plan)
    with building(Deadline(None), "the replay of the plan", "made"):
        return spec.walk(board, plan)


def replay_fits(spec: PlanCommand, plan: Any) -> None:
    """Refuse (:class:`~cpsolve.errors.TooLarge`) a replay of ``plan`` whose boards
    cannot fit in memory, before any work."""
    from cpsolve.limits import fits

    moves = spec.planner.length(plan)
    fits(moves * STEP_BYTES, f"the replay of a plan of {moves:,} moves (every board along it)")


def checked_plan(spec: PlanCommand, board: Any, plan: Any, fmt: str, steps: bool,
                 output: str | None) -> Output:
    """``--check PLAN``: ``valid``, or ``invalid``, every error and the board where
    the plan goes wrong; with ``--steps`` the board after each move; as a picture, the
    plan's boards under its verdict."""
    if fmt != "json" and spec.walk is not None and (steps or fmt != "text"):
        replay_fits(spec, plan)  # every board is shown: refused before the check
    out = checked(spec.family, spec.family.check(board, plan),
                  "json" if fmt == "json" else "text")
    if fmt == "text" and output is not None:  # the text goes to a file: its verdict here
        out.stderr.insert(0, out.stdout.splitlines()[0])
    if fmt == "json" or spec.walk is None or spec.show is None:
        return out
    if fmt != "text":
        verdict = out.stdout.splitlines()
        heading = "valid plan" if out.exit_code == 0 else f"invalid: {verdict[1]}"
        out = plan_picture(spec, board, plan, heading, fmt, output, out.exit_code)
        out.stderr.insert(0, heading)
        return out
    from cpsolve.planning.replay import steps_text, where_it_fails

    show = spec.show
    lines = [out.stdout]
    if steps:
        lines += ["", steps_text(replayed(spec, board, plan),
                                 lambda position: show(board, position))]
    elif out.exit_code != 0:
        try:
            walk = replayed(spec, board, plan)
        except TooLarge:  # the verdict stands; the board where it fails is left out
            walk = None
        if walk is not None:
            lines += where_it_fails(walk, lambda position: show(board, position))
    out.stdout = "\n".join(lines)
    return out


def dumped_models(spec: PlanCommand, board: Any, horizon: int, encoding: str | None,
                  options: dict[str, Any], cnf_file: str | None, model_file: str | None
                  ) -> dict[str, str]:
    """``--dump-cnf`` / ``--dump-model``: the model of plans of exactly ``horizon``
    moves, in the SAT encoding asked for (or the first) and the CP-SAT one, with the
    options given that each takes. A horizon that no plan can have (the parity or the
    distances rule it out) still gives a model, trivially unsatisfiable, that says why."""
    from cpsolve.backends.cpsat import CpsatModel
    from cpsolve.backends.sat import CnfModel

    planner = spec.planner
    facts = planner.facts(board)
    files: dict[str, str] = {}
    for path, backend in ((cnf_file, "sat"), (model_file, "cpsat")):
        if path is None:
            continue
        entry = (planner.encodings.get(encoding) if backend == "sat" and encoding
                 else planner.encodings.for_backend(backend))
        given = {o.name: o.value(options[o.name]) if o.name in options else o.default
                 for o in entry.options}
        why = (None if facts.verdict.solvable is not False
               else f"the puzzle has no plan: {facts.verdict.reason}")
        if why is None:
            entry.will_fit(facts, horizon)
        model = entry.build(facts, horizon, **given).model() if why is None else None
        if model is None:
            why = why or (f"no plan of exactly {horizon} moves can exist: the parity or the "
                          "distances rule it out")
        if backend == "sat":
            cnf = model if isinstance(model, CnfModel) else CnfModel(1, [], [[[1], [-1]]])
            comments = [f"{spec.family.name}: plans of exactly {horizon} moves, encoding "
                        f"{entry.name}"] + ([why] if why else [])
            files[path] = cnf.to_dimacs(comments)
        else:
            if not isinstance(model, CpsatModel):
                from ortools.sat.python import cp_model

                empty = cp_model.CpModel()
                empty.add_bool_or([])
                model = CpsatModel(empty, [])
            model.model.name = (f"{spec.family.name}: plans of exactly {horizon} moves"
                                + (f"; {why}" if why else ""))
            files[path] = model.to_text()
    return files


def method_help(planner: Planner) -> dict[str, list[str]]:
    """For ``--help``: the methods that take each option (when not all of them)."""
    every = planner.candidates()
    takers: dict[str, list[str]] = {}
    for candidate in every:
        for option in candidate.options:
            takers.setdefault(option.name, []).append(candidate.method[0].name)
    methods = {m.name for m in planner.methods}
    return {name: [] if set(found) == methods else
            [f"--method {', '.join(dict.fromkeys(found))}"]
            for name, found in takers.items()}


def plan_command(spec: PlanCommand) -> click.Command:
    """The whole sub-command of a planning family."""
    family, planner = spec.family, spec.planner
    sat_encodings = planner.encodings.of("sat")
    declared = [o for c in planner.candidates() for o in c.options]

    def run(board: str, goal_file: str | None, method: str, encoding: str | None,
            max_length: int | None, count_optimal: bool, show_all: bool, moves: str,
            plan: str | None, fmt: str | None, dump_cnf: str | None,
            dump_model: str | None, time_limit: float | None, as_json: bool, verbose: bool,
            output: str | None, steps: bool, certify: bool = False,
            certificate: str | None = None, **extra: Any) -> Output:
        fmt = choose_format(fmt, as_json, output, pictures=spec.pictures)
        if certificate is not None and not certify:
            raise UsageError("--certificate names the file --certify writes: give both")
        if certify and (plan is not None or max_length is not None):
            raise UsageError("--certify proves a plan optimal; it does not go with --check "
                             "or --max-length")
        if steps and fmt != "text":
            raise UsageError("--steps prints the boards as text (a picture of the plan, "
                             "-o plan.png, shows them without it)")
        options = {key: value for key, value in extra.items() if value is not None}
        planner.check_options({"method": method, "encoding": encoding, **options})
        deadline = Deadline(time_limit)  # one for reading the board and the solve
        puzzle = load(board, family.parse, deadline)
        if goal_file is not None:
            text, source = read_board(goal_file)
            try:
                puzzle = spec.with_goal(puzzle, text)
            except InputError as error:
                raise error.located(source) from None
        if plan is not None:
            from cpsolve.limits import building

            # A plan of millions of moves takes seconds to read and replay: both are
            # watched as a build is (TimeUp at the limit, exit 3).
            with building(deadline, "the plan", "read and checked"):
                given = spec.read_plan(puzzle, read_text(plan))
                out = checked_plan(spec, puzzle, given, fmt, steps, output)
            return out if fmt in spec.pictures else with_file(out, output)
        if show_all and not count_optimal:
            count_optimal = True
        with solving(family.name, verbose) as log:
            result = family.solve(puzzle, method=method, encoding=encoding,
                                  max_length=max_length, count_optimal=count_optimal,
                                  time_limit=deadline, log=log, **options)
        proof = None
        if certify:
            from cpsolve.certify.command import certify as certified
            from cpsolve.certify.command import default_path

            text = read_board(board)[0]
            if goal_file is not None:
                text = text.rstrip("\n") + "\ngoal\n" + read_board(goal_file)[0]
            if family.parse(text) != puzzle:
                raise UsageError("--certify needs the board and its goal in one grid text "
                                 "(the goal after a line 'goal')")
            with solving(family.name, verbose) as log:
                proof = certified(family, text, result,
                                  certificate or default_path(board, family.name), deadline,
                                  log)
            if proof.limit_reached:
                result.limit_reached = True
        out = render_plans(spec, puzzle, result, fmt, show_all, moves, count_optimal, steps,
                           output, proof.phrase if proof else "",
                           proof.keys if proof else None)
        if proof is not None:
            out.files.update(proof.files)
        if dump_cnf is not None or dump_model is not None:
            horizon = max_length if max_length is not None else (
                planner.length(result.solution) if result.solutions else None)
            if horizon is None:
                raise UsageError("no plan found to take the model's length from: give "
                                 "--max-length N for the model of plans of N moves")
            out.files.update(dumped_models(spec, puzzle, horizon, encoding, options, dump_cnf,
                                           dump_model))
        if verbose:
            out.stderr.append(describe_stats(result))
        return out if fmt in spec.pictures else with_file(out, output)

    decorators: list[Callable[[Any], Any]] = [
        click.command(family.name, help=spec.help or family.summary,
                      short_help=family.summary),
        click.argument("board"),
        click.option("--goal", "goal_file", default=None, metavar="FILE",
                     help="The goal board, when BOARD has none."),
        click.option("--method", type=click.Choice(planner.names), default="auto",
                     show_default=True, help="; ".join(
                         f"{m.name}: {m.summary}" for m in planner.methods)
                     + ". auto chooses by the board, or the method that takes the options "
                       "given."),
        click.option("--encoding", type=click.Choice(sat_encodings), default=None,
                     help=f"SAT encoding for --method sat (default {sat_encodings[0]}): "
                          + "; ".join(f"{e.name}: {e.summary}" for e in planner.encodings
                                      if e.backend == "sat") + "."),
        *click_options(declared, method_help(planner)),
        click.option("--max-length", type=click.IntRange(min=0), default=None, metavar="N",
                     help="Longest plan to look for (default 100, or the lower bound)."),
        click.option("--count-optimal", is_flag=True, help="Count every optimal plan."),
        *((certify_flags(PLAN_CLAIM),) if family.rules is not None else ()),
        click.option("--all", "show_all", is_flag=True,
                     help="Print every optimal plan (counts them too)."),
        click.option("--moves", type=click.Choice(tuple(spec.moves)),
                     default=next(iter(spec.moves)), show_default=True,
                     help="How to write a plan."),
        click.option("--check", "plan", default=None, metavar="PLAN",
                     help="Replay a plan (its moves, or a file; upper or lower case) instead "
                          "of solving: where it goes wrong, and the board there."),
        click.option("--steps", is_flag=True,
                     help="Print the board after each move of the plan."),
        click.option("--format", "fmt", type=click.Choice(["text", "json", *spec.pictures]),
                     default=None,
                     help="Output: text (default), json" + "".join(
                         f", {kind}" for kind in spec.pictures) + (
                         " (a picture of the plan: its boards; gif replays it)"
                         if spec.pictures else "") + "."),
        dump_options,
        common_options,
    ]
    return build(decorators, run)
