"""Akari (Light Up): place lights so every white cell is lit, none sees another, and
every numbered black cell touches exactly that many lights.

>>> from models.akari import parse, solve, to_grid
>>> board = parse(".......\\n.2#..#.\\n.1..#..\\n......2\\n.#..#..\\n..4...#\\n.......")
>>> result = solve(board, unique=True)
>>> result.unique
True
>>> print(to_grid(board, result.solution))
.*.....
*2#.*#.
.1..#.*
.*....2
.#*.#.*
.*4*..#
..*....
"""

from models.akari.board import Board, Solution
from models.akari.check import check
from models.akari.formats import parse, parse_answer, parse_grid, to_grid, to_tatham, to_url
from models.akari.solve import obstacles, solve

NAME = "akari"


def command():  # type: ignore[no-untyped-def]
    """The ``cpsolve akari`` click command (imported only when the CLI needs it)."""
    from models.akari.cli import command as akari_command

    return akari_command


def generate_command():  # type: ignore[no-untyped-def]
    """The ``cpsolve generate akari`` click command: a random solvable board (with
    ``--unique``, one with exactly one solution)."""
    import click

    from cpsolve.commands import Output, with_file

    @click.command("akari", short_help="Random solvable Akari boards.")
    @click.argument("width", type=click.IntRange(min=1))
    @click.argument("height", type=click.IntRange(min=1))
    @click.option("--black", type=click.FloatRange(0, 1), default=0.2,
                  help="Share of black cells.")
    @click.option("--clues", type=click.FloatRange(0, 1), default=1.0,
                  help="Share of black cells with their number.")
    @click.option("--unique", is_flag=True, help="Add clues until the solution is unique.")
    @click.option("--seed", type=int, default=0, help="Random seed.")
    @click.option("-o", "--output", type=click.Path(dir_okay=False), default=None)
    def generate_akari(width: int, height: int, black: float, clues: float, unique: bool,
                       seed: int, output: str | None) -> Output:
        """A random WIDTH x HEIGHT board with a known solution, one row per line."""
        from models.akari.generate import generate, make_unique

        board, lights = generate(width, height, black=black, clues=clues, seed=seed)
        if unique:
            board, lights = make_unique(board, lights)
        return with_file(Output(stdout="\n".join(board.rows) + "\n"), output)

    return generate_akari


SUMMARY = "Akari (Light Up): solve, prove unique, count, check, draw."

__all__ = ["NAME", "SUMMARY", "Board", "Solution", "check", "command", "generate_command",
           "obstacles", "parse", "parse_answer", "parse_grid", "solve", "to_grid", "to_tatham",
           "to_url"]
