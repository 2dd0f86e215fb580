"""Every grid genre's generator is honest by default: ``cpsolve generate GENRE W H``
prints a puzz.link URL (the same form in every genre) of a board with one solution,
which a second method, CP-SAT, proves again from the printed board alone; a random,
unproven board comes only when asked for by name (``--random``)."""

from __future__ import annotations

import pytest

from cpsolve import registry
from cpsolve.family import Kind
from tests.support.cli import in_process, run

GENERATORS = [name for name in registry.names()
              if registry.load(name).kind is Kind.GRID and registry.load(name).generate]


# Double Choco's CP-SAT takes half a minute on its default board: with the slow tests.
SECOND_SLOW = {"dbchoco"}


@pytest.mark.parametrize("name", [pytest.param(name, marks=pytest.mark.slow)
                                  if name in SECOND_SLOW else name for name in GENERATORS])
def test_the_default_board_is_proven_unique_by_a_second_method(name):
    """From the command line: Akari's in a process of its own, the others' through the
    same entry point in this one (a process adds only its start)."""
    cpsolve = run if name == "akari" else in_process
    made = cpsolve("generate", name, "6", "6", "--seed", "7")
    assert made.returncode == 0, made.stderr
    url = made.stdout.strip()
    assert url.startswith("https://puzz.link/p?") and "\n" not in url, made.stdout
    again = cpsolve(name, url, "--unique", "--backend", "cpsat")
    assert again.returncode == 0, again.stdout + again.stderr
    assert "unique" in again.stdout.splitlines(), again.stdout  # a rule may follow


def test_a_random_board_is_asked_for_by_name_and_only_there_is_one():
    # Akari's generator printed a random board, not unique, exit 0, unless --unique
    # was given; every other genre's was unique by default.
    import click

    from cpsolve.generate import command

    with click.Context(command) as context:
        randoms = [name for name in GENERATORS
                   if any("--random" in option.opts for option in
                          command.get_command(context, name).params)]
    assert randoms == ["akari"]
    board = run("generate", "akari", "9", "7", "--seed", "4", "--random", "--format", "text")
    assert board.returncode == 0 and len(board.stdout.splitlines()) == 7
    refused = run("generate", "akari", "9", "7", "--random", "--grade", "easy")
    assert refused.returncode == 2 and "not proven unique" in refused.stderr
