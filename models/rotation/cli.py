"""``cpsolve rotate``: shortest plans, counted; checking a plan."""

from __future__ import annotations

import click

from cpsolve.commands import (
    EXIT_OK,
    EXIT_UNSOLVABLE,
    Output,
    choose_format,
    common_options,
    describe_stats,
    load,
    read_board,
    render_plans,
    with_file,
)
from cpsolve.errors import InputError, UsageError
from cpsolve.export import dump_options, dumped
from models.rotation.board import Puzzle
from models.rotation.check import check
from models.rotation.formats import parse, parse_goal
from models.rotation.solve import DEFAULT_SOLVER, HEURISTICS, METHODS, solve


@click.command("rotate", short_help="Rotation puzzles: shortest plans, counted.")
@click.argument("board")
@click.option("--goal", "goal_file", default=None, metavar="FILE",
              help="The goal grid, when BOARD has none.")
@click.option("--method", type=click.Choice(METHODS), default="auto", show_default=True,
              help="auto: bidirectional BFS while the arrangements fit in memory, else IDA*.")
@click.option("--heuristic", type=click.Choice(HEURISTICS), default="pdb", show_default=True,
              help="For --method ida: pattern databases and cell distances, or cells alone.")
@click.option("--solver", default=DEFAULT_SOLVER, show_default=True, metavar="NAME",
              help="python-sat solver.")
@click.option("--card", default="direct", show_default=True, metavar="NAME",
              help="Encoding of 'one move per step': direct or a pysat.card name.")
@click.option("--max-length", type=click.IntRange(min=0), default=None, metavar="N",
              help="Longest plan to look for (default 100).")
@click.option("--count-optimal", is_flag=True, help="Count every optimal plan.")
@click.option("--all", "show_all", is_flag=True, help="With --count-optimal: print them all.")
@click.option("--check", "plan", default=None, metavar="MOVES",
              help="Replay a plan (moves such as 'A+ B-', or a file) instead of solving.")
@click.option("--format", "fmt", type=click.Choice(["text", "json"]), default=None)
@click.option("--workers", type=click.IntRange(min=1), default=None,
              help="CP-SAT worker threads.")
@dump_options
@common_options
def command(board: str, goal_file: str | None, method: str, heuristic: str, solver: str,
            card: str, max_length: int | None, count_optimal: bool, show_all: bool,
            plan: str | None, fmt: str | None, workers: int | None, dump_cnf: str | None,
            dump_model: str | None, time_limit: float | None, as_json: bool, verbose: bool,
            output: str | None) -> Output:
    """Find a shortest plan for the rotation puzzle BOARD: rows of labels; a line
    'goal' and a second grid give the goal (else the labels in order), a line 'squares'
    and one cycle of cells per line (clockwise, numbered row-major from 0) the squares
    (else every 2x2 block, named A, B, ... row-major). Moves: A+ turns A clockwise,
    A- counter-clockwise.

    --dump-cnf and --dump-model write the model of plans of exactly N moves: N is
    --max-length when given, else the length of the optimal plan found."""
    fmt = choose_format(fmt, as_json, output, pictures=())
    puzzle: Puzzle = load(board, parse)
    if goal_file is not None:
        puzzle = _with_goal(puzzle, goal_file)
    if plan is not None:
        try:
            text, _ = read_board(plan)
        except InputError:
            text = plan
        errors = check(puzzle, text)
        out = Output(stdout="\n".join(["invalid", *errors]) if errors else "valid",
                     exit_code=EXIT_UNSOLVABLE if errors else EXIT_OK)
        return with_file(out, output)
    result = solve(puzzle, method=method, solver=solver, card=card, heuristic=heuristic,
                   max_length=max_length, count_optimal=count_optimal or show_all,
                   time_limit=time_limit, workers=workers)
    out = render_plans("rotate", result, fmt, show_all, length=lambda plan: len(plan.split()))
    if dump_cnf is not None or dump_model is not None:
        horizon = max_length if max_length is not None else (
            len(result.solution.split()) if result.solutions else None)
        if horizon is None:
            raise UsageError("no plan found to take the model's length from: give "
                             "--max-length N for the model of plans of N moves")
        from models.rotation.encodings import model_at
        from models.rotation.space import Space

        space = Space(puzzle)
        out.files.update(dumped(dump_cnf, dump_model,
                                cnf=lambda: model_at(space, horizon, "onehot", card),
                                model=lambda: model_at(space, horizon, "cpsat")))
    if verbose:
        if "auto" in result.method:
            out.stderr.append(f"auto chose {result.method['method']}: {result.method['auto']}")
        out.stderr.append(describe_stats(result))
        lower = result.stats.extra.get("lower_bound")
        out.stderr.append((f"lower bound {lower}; " if lower is not None else "")
                          + str(result.stats.extra.get("solvability")))
    return with_file(out, output)


def _with_goal(puzzle: Puzzle, goal_file: str) -> Puzzle:
    """``puzzle`` with the goal grid of ``goal_file``."""
    text, source = read_board(goal_file)
    try:
        return parse_goal(text, puzzle)
    except InputError as error:
        raise error.located(source) from None
