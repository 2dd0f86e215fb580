"""``--certify`` and ``--certificate FILE``, declared once for the grid command and
the planning command (each says what its claim is). Kept apart from the certificate
code so a command's options cost no import of it."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

GRID_CLAIM = ("Prove the verdict (unique, or no solution) with a certificate anyone can "
              "check (a DRAT proof on the rule CNF; docs/certificates.md), checked before "
              "it is printed; cpsolve verify FILE checks it again.")
PLAN_CLAIM = ("Prove the plan optimal with a certificate anyone can check (a DRAT proof "
              "that no shorter plan exists; docs/certificates.md), checked before it is "
              "printed; cpsolve verify FILE checks it again.")


def certify_flags(claim: str) -> Callable[[Any], Any]:
    """The two options, ``claim`` the help of ``--certify``."""
    import click

    def decorate(function: Any) -> Any:
        function = click.option(
            "--certificate", default=None, type=click.Path(dir_okay=False), metavar="FILE",
            help="Where --certify writes the certificate (default: the board file's name "
                 "with .cert.zip, in the current directory).")(function)
        return click.option("--certify", is_flag=True, help=claim)(function)

    return decorate
