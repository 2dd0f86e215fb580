"""``cpsolve slide``: shortest plans, proven optimal, counted; checking a plan."""

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
from cpsolve.planning import MODES
from cpsolve.result import Result
from models.sliding.board import Puzzle
from models.sliding.check import check
from models.sliding.encodings import SAT_ENCODINGS, Options
from models.sliding.export import model_at
from models.sliding.formats import moves_to_cells, parse, parse_goal
from models.sliding.solve import DEFAULT_ENCODING, DEFAULT_SOLVER, HEURISTICS, METHODS, solve


def show(puzzle: Puzzle, plan: str, moves: str) -> str:
    if moves == "cells":
        return " ".join(str(cell) for cell in moves_to_cells(puzzle, plan))
    return plan


def horizons(result: Result) -> list[str]:
    """The per-horizon record, one line each, for -v."""
    lines = []
    for h in result.stats.horizons:
        size = f"{h.get('variables', 0)} vars" + (f", {h['clauses']} clauses" if "clauses" in h
                                                   else "")
        lines.append(f"  horizon {h['horizon']:3}: {h['status']:7} {h['seconds']:8.3f} s"
                     + (f"  ({size})" if h["status"] != "skipped" else ""))
    return lines


@click.command("slide", short_help="Sliding-tile puzzles: shortest plans, proven optimal.")
@click.argument("board")
@click.option("--goal", "goal_file", default=None, metavar="FILE",
              help="The goal board, when BOARD has none.")
@click.option("--method", type=click.Choice(METHODS), default="auto", show_default=True,
              help="auto: bidirectional BFS on small spaces, SAT for short plans, else IDA*.")
@click.option("--encoding", type=click.Choice(SAT_ENCODINGS), default=DEFAULT_ENCODING,
              show_default=True, help="SAT state representation.")
@click.option("--mode", type=click.Choice(MODES), default="fresh", show_default=True,
              help="A solver per horizon, or one growing solver (onehot).")
@click.option("--solver", default=DEFAULT_SOLVER, show_default=True, metavar="NAME",
              help="python-sat solver.")
@click.option("--card", default="direct", show_default=True, metavar="NAME",
              help="Encoding of 'one move per step': direct or a pysat.card name.")
@click.option("--prune/--no-prune", default=True, show_default=True,
              help="Reachability pruning from the distance tables.")
@click.option("--no-undo/--allow-undo", default=True, show_default=True,
              help="Forbid a move that undoes the previous one.")
@click.option("--max-length", type=click.IntRange(min=0), default=None, metavar="N",
              help="Longest plan to look for (default 100).")
@click.option("--count-optimal", is_flag=True, help="Count every optimal plan.")
@click.option("--all", "show_all", is_flag=True, help="With --count-optimal: print them all.")
@click.option("--moves", type=click.Choice(["dirs", "cells"]), default="dirs",
              show_default=True, help="Blank directions, or the cells of the tiles moved.")
@click.option("--check", "plan", default=None, metavar="MOVES",
              help="Replay a plan (a string of U, D, L, R, or a file) instead of solving.")
@click.option("--format", "fmt", type=click.Choice(["text", "json"]), default=None)
@click.option("--workers", type=click.IntRange(min=1), default=None,
              help="CP-SAT worker threads.")
@click.option("--weight", type=click.FloatRange(min=1), default=1.0, show_default=True,
              help="For --method ida: f = g + W h, plans at most W times optimal.")
@click.option("--heuristic", type=click.Choice(HEURISTICS), default="pdb", show_default=True,
              help="For --method ida: pattern databases (cached) or Manhattan alone.")
@dump_options
@common_options
def command(board: str, goal_file: str | None, method: str, encoding: str, mode: str,
            solver: str, card: str, prune: bool, no_undo: bool, max_length: int | None,
            count_optimal: bool, show_all: bool, moves: str, plan: str | None,
            fmt: str | None, workers: int | None, weight: float, heuristic: str,
            dump_cnf: str | None, dump_model: str | None, time_limit: float | None,
            as_json: bool, verbose: bool, output: str | None) -> Output:
    """Find a shortest plan for the sliding puzzle BOARD: a DevQuiz line W,H,cells or
    grid text (0 or . blank, = or # wall, other tokens tiles; a line 'goal' and a second
    grid give the goal, else tiles in order and the blank last).

    --dump-cnf and --dump-model write the model of plans of exactly N moves: N is
    --max-length when given, else the length of the optimal plan found."""
    fmt = choose_format(fmt, as_json, output, pictures=())
    puzzle: Puzzle = load(board, parse)
    if goal_file is not None:
        text, source = read_board(goal_file)
        try:
            puzzle = Puzzle(puzzle.start, parse_goal(text, puzzle.start))
        except InputError as error:
            raise error.located(source) from None
    if plan is not None:
        try:
            text, _ = read_board(plan)
        except InputError:
            text = plan
        errors = check(puzzle, "".join(text.split()))
        out = Output(stdout="\n".join(["invalid", *errors]) if errors else "valid",
                     exit_code=EXIT_UNSOLVABLE if errors else EXIT_OK)
        return with_file(out, output)
    result = solve(puzzle, method=method, encoding=encoding, mode=mode, solver=solver,
                   card=card, prune=prune, no_undo=no_undo, max_length=max_length,
                   count_optimal=count_optimal or show_all, time_limit=time_limit,
                   workers=workers, weight=weight, heuristic=heuristic)
    out = render_plans("slide", result, fmt, show_all,
                       show=lambda plan: show(puzzle, plan, moves))
    if dump_cnf is not None or dump_model is not None:
        horizon = max_length if max_length is not None else (
            len(result.solution) if result.solutions else None)
        if horizon is None:
            raise UsageError("no plan found to take the model's length from: give "
                             "--max-length N for the model of plans of N moves")
        options = Options(prune=prune, no_undo=no_undo, card=card)
        out.files.update(dumped(
            dump_cnf, dump_model,
            cnf=lambda: model_at(puzzle, horizon, encoding, options),
            model=lambda: model_at(puzzle, horizon, "cpsat", options)))
    if verbose:
        if "auto" in result.method:
            out.stderr.append(f"auto chose {result.method['method']}: {result.method['auto']}")
        out.stderr.append(describe_stats(result))
        for record in result.stats.extra.get("pattern_databases", []):
            out.stderr.append(f"pattern database {record['source']} in "
                              f"{float(record['seconds']):.2f} s: {record['path']}")
        out.stderr.append(f"lower bound {result.stats.extra.get('lower_bound')}; "
                          f"{result.stats.extra.get('solvability')}")
        out.stderr.extend(horizons(result))
    return with_file(out, output)
