"""``cpsolve generate FAMILY ...``: random instances from every family that makes them
(a family's ``generate``, see :mod:`cpsolve.family`)."""

from __future__ import annotations

import click

from cpsolve import registry


class Generators(click.Group):
    """The families with a generator, as sub-commands, loaded when used."""

    def list_commands(self, ctx: click.Context) -> list[str]:
        return [name for name in registry.names() if registry.load(name).generate is not None]

    def get_command(self, ctx: click.Context, name: str) -> click.Command | None:
        if name not in registry.names():
            return None
        make = registry.load(name).generate
        if make is None:
            return None
        built: click.Command = make()
        return built


@click.group("generate", cls=Generators, short_help="Random instances for tests and "
             "benchmarks.")
def command() -> None:
    """Make random instances: `cpsolve generate slide --devquiz 5000 -o set.txt`."""
