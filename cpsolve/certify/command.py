"""Certificates on the command line: ``--certify`` after a solve (grid families'
commands and ``cpsolve slide``) and ``cpsolve verify CERTIFICATE``."""

from __future__ import annotations

import json
import os
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import click

from cpsolve.commands import TIME_HELP, TIME_LIMIT
from cpsolve.errors import CertificateError
from cpsolve.family import Family
from cpsolve.limits import Deadline, TimeUp
from cpsolve.result import Result, Status

SUFFIX = ".cert.zip"


def default_path(board: str, family: str) -> str:
    """Where a certificate goes when ``--certificate`` names no file: the board file's
    name with ``.cert.zip``, in the current directory (``FAMILY.cert.zip`` for a board
    given on standard input or as an argument).

    >>> default_path("boards/seed-7x7.txt", "akari"), default_path("-", "akari")
    ('seed-7x7.cert.zip', 'akari.cert.zip')
    >>> default_path("https://puzz.link/p?akari/3/3/g", "akari")
    'akari.cert.zip'
    """
    if board != "-" and not any(mark in board for mark in ("\n", ":", ",", "?")):
        stem = os.path.basename(board)
        stem = stem.rsplit(".", 1)[0] if "." in stem else stem
        return stem + SUFFIX
    return family + SUFFIX


@dataclass
class Certified:
    """What ``--certify`` adds to a command's output: a phrase after the verdict
    (``certified, 0.04 s to check``), the JSON ``certificate``, the file to write,
    and the reason a claim was not certified when there is one."""

    phrase: str = ""
    keys: dict[str, Any] = field(default_factory=dict)
    files: dict[str, bytes] = field(default_factory=dict)
    limit_reached: bool = False


def claim_of(result: Result, plan: bool) -> str | None:
    """The claim a result makes that a certificate can prove, or None."""
    if plan:
        return "optimal" if result.status is Status.OPTIMAL and result.solutions else None
    if result.unique and result.solutions:
        return "unique"
    if result.status is Status.UNSOLVABLE and result.complete:
        return "no solution"
    return None


def certify(family: Family, text: str, result: Result, path: str, deadline: Deadline,
            log: Callable[[str], None] | None = None,
            engines: list[str] | None = None) -> Certified:
    """The certificate of what ``result`` claims about the board ``text``, made and
    checked (a :class:`~cpsolve.errors.CertificateError` when it fails: exit 5) by
    dratify's ``engines`` (default: every one installed)."""
    from cpsolve.certify.certificate import Claim, check, make

    claim = claim_of(result, plan=family.kind.value == "plan")
    if claim is None:
        why = ("not unique: two answers are the evidence" if result.unique is False else
               "nothing proven to certify")
        return Certified(phrase=f"not certified: {why}",
                         keys={"certificate": {"claim": None, "reason": why}})
    asked = Claim(family, text, claim, result.solutions[0] if result.solutions else None)
    try:
        made = make(asked, deadline, log)
        try:
            checked = check(made, deadline, engines, family)
        except CertificateError as error:
            if "the proof does not refute" not in str(error):
                raise
            # The proof made while the cuts were found did not check: the proof of a
            # solver given every cut from the start.
            made = make(asked, deadline, log, fresh=True)
            checked = check(made, deadline, engines, family)
    except TimeUp:
        why = "time limit reached before the certificate was checked"
        return Certified(phrase=f"not certified: {why}", limit_reached=True,
                         keys={"certificate": {"claim": claim, "reason": why}})
    return Certified(
        phrase=f"certified, {checked.seconds:.2f} s to check",
        keys={"certificate": {"file": path, **checked.to_json(),
                              "made_seconds": round(made.made_seconds, 4)}},
        files={path: made.to_bytes()})


@click.command("verify", short_help="Check a certificate again, with nothing but the file.")
@click.argument("certificate")
@click.option("--json", "as_json", is_flag=True, help="Print the result as JSON.")
@click.option("--time-limit", type=TIME_LIMIT, default=None, metavar="SECONDS",
              help=f"Stop checking after this many seconds, exit 3 ({TIME_HELP}).")
@click.option("-v", "--verbose", is_flag=True,
              help="Each step of the check on standard error as it ends.")
def verify(certificate: str, as_json: bool, time_limit: float | None, verbose: bool) -> Any:
    """Check a certificate again, with nothing but the file: the board's rule CNF
    written again, every cut's argument, the answer through the puzzle's checker, and
    the DRAT proof by dratify's engines (exit 0 when it holds, 5 when it does not)."""
    from cpsolve.certify.certificate import check, load
    from cpsolve.commands import Output, solving

    deadline = Deadline(time_limit)
    with solving("verify", verbose) as log:
        loaded = load(certificate, deadline)
        checked = check(loaded, deadline, log=log)
    if as_json:
        return Output(stdout=json.dumps({"version": 1, "status": "verified",
                                         "file": certificate, **checked.to_json()},
                                        indent=2))
    what = (f"optimal, {checked.length} moves" if checked.claim == "optimal"
            else checked.claim)
    return Output(stdout=(f"verified: {checked.family}, {what} ({checked.variables} "
                          f"variables, {checked.clauses} clauses, {checked.cuts} cuts, "
                          f"{checked.proof_steps} proof steps; dratify "
                          f"{' and '.join(checked.engines)}, {checked.seconds:.2f} s)"))
