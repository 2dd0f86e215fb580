"""``cpsolve akari``: solve, prove unique, count, check an answer, draw, convert."""

from __future__ import annotations

import json

import click

from cpsolve.commands import (
    EXIT_OK,
    EXIT_UNSOLVABLE,
    Output,
    choose_format,
    common_options,
    describe_stats,
    exit_code,
    load,
    read_board,
    result_json,
    with_file,
)
from cpsolve.errors import InputError, UsageError
from cpsolve.export import dump_options, dumped
from cpsolve.render import to_png, to_svg
from cpsolve.result import Result
from models.akari.board import Board, Cell
from models.akari.check import check
from models.akari.encodings import CARDS, ENCODINGS, build_cpsat, build_sat
from models.akari.formats import parse, parse_answer, to_grid, to_tatham, to_url
from models.akari.picture import picture
from models.akari.presolve import Residual, deduce
from models.akari.solve import BACKENDS, solve

FORMATS = ("text", "json", "svg", "png", "url", "tatham")


def check_answer(board: Board, arg: str) -> Output:
    """Verify a user's answer file against ``board``: every broken rule, with its cell."""
    text, source = read_board(arg)
    try:
        answer, lights = parse_answer(text)
    except InputError as error:
        raise error.located(source) from None
    if (answer.height, answer.width) != (board.height, board.width):
        raise InputError(f"answer is {answer.width}x{answer.height}, the board is "
                         f"{board.width}x{board.height}", source=source)
    errors = []
    for r, (want, got) in enumerate(zip(board.rows, answer.rows)):
        for c, (a, b) in enumerate(zip(want, got)):
            if a != b and (r, c) not in lights:
                errors.append(f"cell at row {r + 1}, column {c + 1} is {b!r} in the answer, "
                              f"{a!r} on the board")
    errors += check(board, lights)
    if errors:
        return Output(stdout="\n".join(["invalid", *errors]), exit_code=EXIT_UNSOLVABLE)
    return Output(stdout="valid", exit_code=EXIT_OK)


def models(board: Board, encoding: str, card: str, presolve: bool,
           cnf_file: str | None, model_file: str | None) -> dict[str, str]:
    """The SAT and CP-SAT models of ``board`` as the solver sees them (after the
    deductions, when on; the whole board's model when the deductions refute it)."""
    deductions = deduce(board) if presolve else None
    if deductions is not None and deductions.contradiction is not None:
        deductions = None
    residual = Residual.of(board, deductions)
    return dumped(cnf_file, model_file,
                  cnf=lambda: build_sat(residual, encoding=encoding, card=card),
                  model=lambda: build_cpsat(residual, encoding=encoding))


def rows_with_lights(board: Board, lights: frozenset[Cell] | None) -> list[str] | None:
    return None if lights is None else to_grid(board, lights).split("\n")


def render(board: Board, result: Result, fmt: str, unique: bool, output: str | None,
           counting: bool = False) -> Output:
    code = exit_code(result)
    if fmt == "json":
        data = result_json("akari", result, lambda s: rows_with_lights(board, s))
        return Output(stdout=json.dumps(data, indent=2), exit_code=code)
    if fmt in ("svg", "png"):
        if not result.solutions:
            return Output(stderr=[f"cpsolve: {result.status.value}: {result.reason}"],
                          exit_code=code)
        pic = picture(board, result.solution)
        content: str | bytes = to_svg(pic) if fmt == "svg" else to_png(pic)
        if output is None:
            assert isinstance(content, str)  # PNG without -o was refused earlier
            return Output(stdout=content, exit_code=code)
        return Output(files={output: content}, exit_code=code)
    if not result.solutions:
        reason = f": {result.reason}" if result.reason else ""
        return Output(stdout=f"{result.status.value}{reason}", exit_code=code)
    blocks = [to_grid(board, s) for s in result.solutions]
    text = "\n\n".join(blocks)
    if unique:
        if result.unique:
            text = blocks[0] + "\n\nunique"
        elif result.unique is False:
            text = blocks[0] + "\n\nnot unique; a second solution:\n\n" + blocks[1]
        else:
            text = blocks[0] + "\n\nuniqueness unknown: " + (result.reason or "limit reached")
    elif counting and result.count is not None:  # --count N or --all
        more = "" if result.complete else " (stopped before the last)"
        text += f"\n\n{result.count} solution{'s' if result.count != 1 else ''}{more}"
    return Output(stdout=text, exit_code=code)


@click.command("akari", short_help="Akari (Light Up): solve, prove unique, check, draw.")
@click.argument("board")
@click.option("--backend", type=click.Choice(BACKENDS), default="auto", show_default=True,
              help="auto runs the fastest measured (see the README).")
@click.option("--solver", default=None, metavar="NAME",
              help="python-sat solver for --backend sat (cadical195, glucose4, ...).")
@click.option("--encoding", type=click.Choice(ENCODINGS), default="sight",
              show_default=True, help="Model formulation.")
@click.option("--card", type=click.Choice(CARDS), default="direct", show_default=True,
              help="Cardinality encoding for --backend sat (pysat.card names).")
@click.option("--unique", is_flag=True, help="Prove the solution unique (exit 4 if not).")
@click.option("--count", type=click.IntRange(min=1), default=None, metavar="N",
              help="Find up to N distinct solutions.")
@click.option("--all", "find_all", is_flag=True, help="Find every solution.")
@click.option("--check", "answer", default=None, metavar="ANSWER",
              help="Verify an answer file (lights as *, L or o) instead of solving.")
@click.option("--format", "fmt", type=click.Choice(FORMATS), default=None,
              help="Output: text (default), json, svg, png; url and tatham print the board.")
@click.option("--workers", type=click.IntRange(min=1), default=None,
              help="CP-SAT worker threads.")
@click.option("--presolve/--no-presolve", default=True, show_default=True,
              help="Apply the simple deductions before building a model.")
@dump_options
@common_options
def command(board: str, backend: str, solver: str | None, encoding: str, card: str,
            unique: bool, count: int | None, find_all: bool, answer: str | None,
            fmt: str | None, workers: int | None, presolve: bool, dump_cnf: str | None,
            dump_model: str | None, time_limit: float | None,
            as_json: bool, verbose: bool, output: str | None) -> Output:
    """Solve the Akari BOARD: grid text (. white, # black, 0-4 clues; - and x also
    read), a puzz.link URL, or a Tatham game ID WxH:desc."""
    fmt = choose_format(fmt, as_json, output)
    if sum([unique, count is not None, find_all]) > 1:
        raise UsageError("choose one of --unique, --count N and --all")
    puzzle = load(board, parse)
    if fmt in ("url", "tatham"):
        text = to_url(puzzle) if fmt == "url" else to_tatham(puzzle)
        return with_file(Output(stdout=text), output)
    if answer is not None:
        return with_file(check_answer(puzzle, answer), output)
    dumps = models(puzzle, encoding, card, presolve, dump_cnf, dump_model)
    limit = None if find_all else count if count is not None else 1
    result = solve(puzzle, backend=backend, solver=solver, encoding=encoding, card=card,
                   limit=limit, unique=unique, time_limit=time_limit, workers=workers,
                   presolve=presolve)
    out = render(puzzle, result, fmt, unique, output if fmt in ("svg", "png") else None,
                 counting=limit != 1 or count == 1)
    if verbose:
        out.stderr.append(describe_stats(result))
    out.files.update(dumps)
    return out if fmt in ("svg", "png") else with_file(out, output)
