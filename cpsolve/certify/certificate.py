"""Certificates: a claim about a board ("unique", "no solution", "optimal") with a
proof anyone can check, made and checked here (``docs/certificates.md``).

A certificate is one zip file of plain files:

``manifest.json``
    The claim, the family, the versions of what made it, the SHA-256 of every other
    file, the size of the formula.
``board.txt``
    The board as it was given.
``answer.json``
    The answer the claim is about (none for "no solution"): its JSON rows or moves,
    and for a grid its primary variables' values.
``rules.cnf``
    The rule CNF the family's certificate encoder writes from the board (DIMACS).
``cuts.json``
    The cuts the proof needs (rules stated by cuts: one connected area, one loop),
    each a record its group checks from the board alone.
``problem.cnf``
    The formula refuted: the rule CNF, each cut's clause, and for "unique" the clause
    that blocks the answer (a clause, not an assumption).
``proof.drat``
    A DRAT proof that ``problem.cnf`` has no model, as the SAT solver logged it:
    ``drat-trim problem.cnf proof.drat`` checks it outside cpsolve.

Checking (:func:`check`, ``cpsolve verify``) trusts none of the files but the board:
it writes the rule CNF again and compares, checks every cut's argument and derives its
clause, replays the answer through the family's checker, builds the refuted formula
itself, and checks the proof with dratify's engines (the pure-Python one, and the
compiled one where it is installed; they must agree).
"""

from __future__ import annotations

import contextlib
import functools
import hashlib
import io
import json
import threading
import time
import zipfile
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from cpsolve.certify.rules import RuleCnf, Rules, values
from cpsolve.errors import CertificateError, InputError
from cpsolve.family import Family, Kind
from cpsolve.limits import Deadline, TimeUp, Watch, building, fits
from cpsolve.progress import step

FORMAT = "cpsolve-certificate"
VERSION = 2  # 2: a grid genre's rule CNF is its statement's plainest compile
PROVER = "cadical153"  # python-sat's CaDiCaL 1.5.3: it logs DRAT proofs
CLAIMS = ("unique", "no solution", "optimal")
FILES = ("board.txt", "answer.json", "rules.cnf", "cuts.json", "problem.cnf",
         "proof.drat")
MAX_CERTIFICATE_BYTES = 1 << 30  # a certificate larger than this is not read
# Proofs are checked as DRUP: every added clause must follow by unit propagation (RUP);
# a RAT step is refused. dratify 0.1.10 keeps the values that a deleted clause forced
# and then checks RAT steps against the clauses left, so a RAT step after deletions can
# "refute" a formula that has models (both engines alike); a RUP step is implied by the
# original formula whatever was deleted. CaDiCaL's proofs here have no RAT steps.
CHECK_RAT = False


@dataclass
class Checked:
    """What a check found: the claim, the engines that agreed, the seconds the check
    took, and the sizes checked."""

    claim: str
    family: str
    engines: list[str]
    seconds: float
    variables: int
    clauses: int
    cuts: int
    proof_steps: int
    length: int | None = None

    def to_json(self) -> dict[str, Any]:
        return {"claim": self.claim, "family": self.family, "checker": "dratify",
                "engines": self.engines, "seconds": round(self.seconds, 4),
                "variables": self.variables, "clauses": self.clauses, "cuts": self.cuts,
                "proof_steps": self.proof_steps,
                **({"length": self.length} if self.length is not None else {})}


@dataclass
class Certificate:
    """A certificate in memory: its manifest and its files' bytes."""

    manifest: dict[str, Any]
    files: dict[str, bytes] = field(default_factory=dict)
    made_seconds: float = 0.0
    # The rules the encoder wrote when this process made the certificate (never in
    # the file): checking it here compares rules.cnf with them instead of running the
    # same encoder on the same board again.
    rules: Any = field(default=None, repr=False, compare=False)

    def to_bytes(self) -> bytes:
        buffer = io.BytesIO()
        with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED, compresslevel=1) as archive:
            archive.writestr("manifest.json", json.dumps(self.manifest, indent=2) + "\n")
            for name in FILES:
                if name in self.files:
                    archive.writestr(name, self.files[name])
        return buffer.getvalue()

    def write(self, path: str | Path) -> None:
        Path(path).write_bytes(self.to_bytes())

    @staticmethod
    def read(data: bytes, source: str = "<certificate>",
             deadline: Deadline | None = None) -> Certificate:
        """A certificate from a zip file's bytes; an :class:`InputError` for a file
        that is not one. Before anything is expanded, its members are checked: each
        name at most once and none but a certificate's, and their declared sizes
        (which the reader never exceeds) within the memory this process may use
        (:func:`cpsolve.limits.fits`); then each is read in pieces under
        ``deadline``."""
        deadline = deadline or Deadline(None)
        try:
            with zipfile.ZipFile(io.BytesIO(data)) as archive:
                members = archive.infolist()
                names = [member.filename for member in members]
                for name in names:
                    if names.count(name) > 1:
                        raise InputError(f"not a cpsolve certificate (it holds {name} "
                                         "twice)", source=source)
                    if name != "manifest.json" and name not in FILES:
                        raise InputError(f"not a cpsolve certificate (it holds {name!r}, "
                                         "no file of a certificate)", source=source)
                if "manifest.json" not in names:
                    raise InputError("not a cpsolve certificate (no manifest.json)",
                                     source=source)
                fits(sum(member.file_size for member in members),
                     "the certificate's files, expanded")
                read = {member.filename: _expanded(archive, member, deadline)
                        for member in members}
                manifest = json.loads(read.pop("manifest.json").decode("utf-8"))
                files = read
        except (zipfile.BadZipFile, UnicodeDecodeError, json.JSONDecodeError,
                EOFError, ValueError) as error:
            if isinstance(error, InputError):
                raise
            raise InputError(f"not a cpsolve certificate ({error})", source=source) from None
        if not isinstance(manifest, dict) or manifest.get("format") != FORMAT:
            raise InputError("not a cpsolve certificate (its manifest names no "
                             f"{FORMAT!r} format)", source=source)
        return Certificate(manifest, files)


PIECE = 1 << 20  # bytes of a member read at a time, the deadline looked at between


def _expanded(archive: zipfile.ZipFile, member: zipfile.ZipInfo, deadline: Deadline) -> bytes:
    """A member's bytes, read in pieces, stopping (:class:`TimeUp`) when ``deadline``
    passes."""
    pieces = []
    with archive.open(member) as handle:
        while piece := handle.read(PIECE):
            pieces.append(piece)
            if deadline.expired():
                raise TimeUp("time limit reached while the certificate was read")
    return b"".join(pieces)


def _sha(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def _problem(rules_text: str, nvars: int, count: int, more: Sequence[Sequence[int]]) -> str:
    """The DIMACS of the rule CNF ``rules_text`` (``count`` clauses) followed by the
    clauses ``more``: the formula a certificate refutes."""
    body = rules_text.split("\n", 1)[1]
    tail = "".join(" ".join(map(str, clause)) + " 0\n" for clause in more)
    return f"p cnf {nvars} {count + len(more)}\n{body}{tail}"


@functools.cache
def _versions() -> dict[str, str]:
    from importlib.metadata import PackageNotFoundError, version

    out = {}
    for name in ("cpsolve", "python-sat", "dratify"):
        try:
            out[name] = version(name)
        except PackageNotFoundError:
            out[name] = "unknown"
    return out


# -- making -------------------------------------------------------------------------


def refute(nvars: int, clauses: list[list[int]], rules: Rules | None,
           deadline: Deadline, fresh: bool = False
           ) -> tuple[list[dict[str, Any]], list[str] | set[int]]:
    """Refute ``clauses`` with the groups of ``rules``: a SAT solver that logs a DRAT
    proof looks for a model, each candidate's faults are added as cuts, until there
    is none. ``(cuts, proof lines)``, or ``(cuts, model)`` (its true variables) when
    a model keeps every group; :class:`TimeUp` at the deadline.

    The cuts join the solver as it goes, so the proof's lemmas were derived from part
    of the final formula: each that is implied by that part is implied by the whole
    (the checker confirms it). ``fresh``: once the cuts are known, a second solver
    refutes the whole formula from the start (for a proof the checker rejected)."""
    from cpsolve.backends.sat import SatSession, solve_in

    cuts: list[dict[str, Any]] = []
    projection = rules.primary if rules is not None else []
    refine = rules.refine(cuts) if rules is not None and rules.groups else None
    with SatSession(PROVER, proof=not fresh) as session:
        session.add([clauses], nvars)
        found = solve_in(session, projection, deadline=deadline, refine=refine)
        if found is None:
            raise TimeUp("time limit reached while the certificate was made")
        if found is not False:
            assert isinstance(found, tuple)
            return cuts, rules.true(found) if rules is not None else set()
        if not fresh:
            return cuts, session.proof()
    every = [*clauses, *(rules.group(r["rule"]).clause(r) for r in cuts)]  # type: ignore[union-attr]
    return cuts, prove(nvars, every, deadline)


def prove(nvars: int, clauses: list[list[int]], deadline: Deadline) -> list[str] | set[int]:
    """A DRAT proof that ``clauses`` have no model (its lines), by a fresh solver that
    logs it; the model's true variables when they have one."""
    from cpsolve.backends.sat import SatSession

    with SatSession(PROVER, proof=True) as session:
        session.add([clauses], nvars)
        outcome = session.solve(None, deadline)
        if outcome is None:
            raise TimeUp("time limit reached while the certificate's proof was made")
        if outcome:
            return {lit for lit in session.model() if lit > 0}
        return session.proof()


@dataclass
class Claim:
    """What to certify: ``claim`` about the board ``text`` of ``family``, with the
    ``answer`` it is about (None for "no solution")."""

    family: Family
    text: str
    claim: str
    answer: Any = None


def make(claim: Claim, deadline: Deadline | None = None,
         log: Callable[[str], None] | None = None, fresh: bool = False) -> Certificate:
    """The certificate of ``claim`` (unchecked: :func:`check` it); a
    :class:`CertificateError` when the claim does not hold (the rules allow a second
    answer, or an answer at all), a :class:`TimeUp` at the deadline. ``fresh``: the
    proof by a solver that starts with every cut (see :func:`refute`). Made as a model
    is built: stopped at the deadline, when the process grows past the memory it may
    take (:class:`~cpsolve.errors.TooLarge`), and by Ctrl-C."""
    deadline = deadline or Deadline(None)
    with building(deadline, "the certificate", "made"):
        return _make(claim, deadline, log, fresh)


def _make(claim: Claim, deadline: Deadline, log: Callable[[str], None] | None,
          fresh: bool) -> Certificate:
    say = log or (lambda line: None)
    start = time.perf_counter()
    family = claim.family
    if family.rules is None:
        raise CertificateError(f"{family.name} has no certificate encoder")
    board = family.parse(claim.text)
    files: dict[str, bytes] = {"board.txt": claim.text.encode("utf-8")}
    manifest: dict[str, Any] = {"format": FORMAT, "version": VERSION,
                                "family": family.name, "claim": claim.claim,
                                "made_by": _versions(), "prover": PROVER}
    if family.kind is Kind.PLAN:
        nvars, clauses, rules_cnf, answer_json = _plan_formula(family, board, claim)
        manifest["length"] = len(answer_json["moves"])
        rules: Rules | None = None
    else:
        rules = family.rules(board)
        rules_cnf = rules.cnf
        clauses = [list(c) for c in rules_cnf.clauses]
        answer_json = None
        if claim.claim == "unique":
            if claim.answer is None:
                raise ValueError("a 'unique' claim needs its answer")
            answer_json = {"rows": family.encode(board, claim.answer),
                           "primary": rules.literals(claim.answer)}
            clauses.append(rules.blocking(claim.answer))
        elif claim.claim != "no solution":
            raise ValueError(f"a grid family's claim is 'unique' or 'no solution', not "
                             f"{claim.claim!r}")
        nvars = rules_cnf.nvars
    step("certificate: proof and cuts")
    cuts, proof = refute(nvars, clauses, rules, deadline, fresh)
    if isinstance(proof, set):
        raise CertificateError(_second(family, board, rules, proof, claim.claim)
                               if rules is not None else
                               "the rule CNF has a model: a shorter plan exists")
    if rules is not None:
        clauses.extend(rules.group(r["rule"]).clause(r) for r in cuts)
    say(f"certificate: {nvars} variables, {len(clauses)} clauses, {len(cuts)} cuts, "
        f"a proof of {len(proof)} steps ({time.perf_counter() - start:.3f} s)")
    rules_text = rules_cnf.dimacs()
    files["rules.cnf"] = rules_text.encode()
    files["cuts.json"] = json.dumps(cuts).encode()
    files["problem.cnf"] = _problem(rules_text, nvars, len(rules_cnf.clauses),
                                    clauses[len(rules_cnf.clauses):]).encode()
    files["proof.drat"] = ("\n".join(proof) + "\n").encode()
    if answer_json is not None:
        files["answer.json"] = json.dumps(answer_json).encode()
    manifest["formula"] = {"variables": nvars, "clauses": len(clauses), "cuts": len(cuts),
                           "proof_steps": len(proof)}
    manifest["sha256"] = {name: _sha(data) for name, data in sorted(files.items())}
    return Certificate(manifest, files, made_seconds=time.perf_counter() - start,
                       rules=rules if rules is not None else rules_cnf)


def _second(family: Family, board: Any, rules: Rules, model: set[int], claim: str) -> str:
    """Why a claim fails when the rules allow an answer it excludes."""
    answer = rules.decode(model & set(rules.primary))
    broken = family.check(board, answer)
    if broken:
        return ("the certificate's rules allow an answer the checker rejects ("
                f"{broken[0]}): the family's certificate encoder is wrong")
    return ("the rules allow a second answer: the board is not unique" if claim == "unique"
            else "the rules allow an answer: the board has a solution")


def _plan_formula(family: Family, board: Any, claim: Claim
                  ) -> tuple[int, list[list[int]], RuleCnf, dict[str, Any]]:
    """A plan's optimality: the plan replays, and no plan has fewer moves."""
    if claim.claim != "optimal" or claim.answer is None:
        raise ValueError("a plan's claim is 'optimal', with its plan")
    moves = family.encode(board, claim.answer)
    broken = family.check(board, claim.answer)
    if broken:
        raise CertificateError(f"the plan fails: {broken[0]}")
    assert family.rules is not None
    cnf = family.rules(board, len(moves))
    return cnf.nvars, [list(c) for c in cnf.clauses], cnf, {"plan": claim.answer,
                                                            "moves": moves}


# -- checking -----------------------------------------------------------------------


def _text(certificate: Certificate, name: str) -> str:
    if name not in certificate.files:
        raise CertificateError(f"{name} is missing")
    try:
        return certificate.files[name].decode("utf-8")
    except UnicodeDecodeError:
        raise CertificateError(f"{name} is not text") from None


def _first_difference(want: str, got: str, name: str) -> str:
    """Where ``got`` (a DIMACS file) first differs from ``want``: a clause it lacks, a
    clause it adds, its header, or the order of its clauses."""
    wanted, given = want.splitlines(), got.splitlines()
    have, need = set(given[1:]), set(wanted[1:])
    missing = [line for line in wanted[1:] if line not in have]
    if missing:
        return (f"{name} lacks the clause {missing[0][:60]!r} (clause "
                f"{wanted.index(missing[0])} of the board's formula)")
    extra = [line for line in given[1:] if line not in need]
    if extra:
        return f"{name} has the clause {extra[0][:60]!r}, not in the board's formula"
    if not given or wanted[0] != given[0]:
        return (f"{name} has the header {(given or [''])[0]!r}, the board's formula "
                f"{wanted[0]!r}")
    return f"{name} repeats or orders its clauses unlike the board's formula"


def check(certificate: Certificate, deadline: Deadline | None = None,
          engines: Sequence[str] | None = None, family: Family | None = None,
          log: Callable[[str], None] | None = None) -> Checked:
    """Check ``certificate`` from its board alone (see the module's docstring): what
    it proved, or a :class:`CertificateError` naming what failed. The family is the
    installed one the manifest names, or ``family`` (one not installed as an entry
    point: a plug-in an experiment names), which must bear that name. Checked as a
    model is built: stopped at the deadline, past the memory the process may take, and
    by Ctrl-C. ``log`` is told each step as it ends."""
    deadline = deadline or Deadline(None)
    with building(deadline, "the certificate", "checked"):
        return _check(certificate, deadline, engines, family, log or (lambda text: None))


def _check(certificate: Certificate, deadline: Deadline, engines: Sequence[str] | None,
           family: Family | None, log: Callable[[str], None]) -> Checked:
    from cpsolve import registry

    start = time.perf_counter()
    manifest = certificate.manifest
    if manifest.get("version") != VERSION:
        raise CertificateError(f"certificate version {manifest.get('version')!r}; this "
                               f"cpsolve checks version {VERSION}")
    claim = manifest.get("claim")
    if claim not in CLAIMS:
        raise CertificateError(f"unknown claim {claim!r}")
    hashes = manifest.get("sha256")
    if not isinstance(hashes, dict):
        raise CertificateError("the manifest lists no hashes")
    for name, data in certificate.files.items():
        if hashes.get(name) != _sha(data):
            raise CertificateError(f"{name} has changed since the certificate was made "
                                   "(its SHA-256 differs from the manifest's)")
    for name in hashes:
        if name not in certificate.files:
            raise CertificateError(f"{name} is missing")
    if family is None:
        try:
            family = registry.load(str(manifest.get("family")))
        except Exception as error:
            raise CertificateError(f"its family: {error}") from None
    elif family.name != manifest.get("family"):
        raise CertificateError(f"a certificate of {manifest.get('family')!r}, not of "
                               f"{family.name!r}")
    if family.rules is None:
        raise CertificateError(f"{family.name} has no certificate encoder")
    try:
        board = family.parse(_text(certificate, "board.txt"))
    except InputError as error:
        raise CertificateError(f"board.txt: {error}") from None
    log(f"{family.name}, claim {claim!r}: {len(hashes)} files as the manifest hashes them")
    length = None
    if family.kind is Kind.PLAN:
        if claim != "optimal":
            raise CertificateError(f"a plan's certificate claims 'optimal', not {claim!r}")
        plan, length = _check_plan(family, board, certificate)
        rules_cnf: RuleCnf = (certificate.rules if isinstance(certificate.rules, RuleCnf)
                              else family.rules(board, length))
        clauses = [list(c) for c in rules_cnf.clauses]
        cuts: list[Any] = []
    else:
        if claim == "optimal":
            raise CertificateError("a grid's certificate claims 'unique' or 'no solution'")
        rules = (certificate.rules if isinstance(certificate.rules, Rules)
                 else family.rules(board))
        rules_cnf = rules.cnf
        clauses = [list(c) for c in rules_cnf.clauses]
        if claim == "unique":
            clauses.append(_check_answer(family, board, rules, certificate))
        elif "answer.json" in certificate.files:
            raise CertificateError("a 'no solution' certificate holds an answer")
        cuts = _check_cuts(rules, certificate)
        clauses.extend(rules.group(r["rule"]).clause(r) for r in cuts)
    want = rules_cnf.dimacs()
    got = _text(certificate, "rules.cnf")
    if got != want:
        made_by = (manifest.get("made_by") or {}).get("cpsolve")
        ours = _versions()["cpsolve"]
        raise CertificateError("rules.cnf is not the board's rule CNF: "
                               + _first_difference(want, got, "rules.cnf")
                               + (f" (made by cpsolve {made_by}; this is cpsolve {ours}, "
                                  "whose certificate encoders may differ)"
                                  if made_by not in (None, ours) else ""))
    problem = _problem(want, rules_cnf.nvars, len(rules_cnf.clauses),
                       clauses[len(rules_cnf.clauses):])
    given = _text(certificate, "problem.cnf")
    if given != problem:
        raise CertificateError("problem.cnf is not the rules, cuts and blocking clause: "
                               + _first_difference(problem, given, "problem.cnf"))
    log(("the plan replayed" if length is not None else
         "the answer through the checker" if claim == "unique" else "no answer")
        + f", the rule CNF written again ({rules_cnf.nvars} variables, "
        f"{len(rules_cnf.clauses)} clauses), {len(cuts)} cuts checked; the proof next")
    step("certificate: checking the proof")
    used, steps = _check_proof(rules_cnf.nvars, clauses, _text(certificate, "proof.drat"),
                               deadline, engines)
    log(f"the proof refutes the rest: {steps} steps, dratify {' and '.join(used)}")
    return Checked(claim=claim, family=family.name, engines=used,
                   seconds=time.perf_counter() - start, variables=rules_cnf.nvars,
                   clauses=len(clauses), cuts=len(cuts), proof_steps=steps, length=length)


def _check_answer(family: Family, board: Any, rules: Rules,
                  certificate: Certificate) -> list[int]:
    """The answer of a "unique" claim, replayed through the family's checker: the
    clause that blocks it."""
    try:
        answer_json = json.loads(_text(certificate, "answer.json"))
        primary = [int(v) for v in answer_json["primary"]]
        rows = answer_json["rows"]
    except (ValueError, KeyError, TypeError):
        raise CertificateError("answer.json holds no answer") from None
    if sorted(abs(v) for v in primary) != sorted(rules.primary):
        raise CertificateError("answer.json does not give every primary variable once")
    true = {v for v in primary if v > 0}
    answer = rules.decode(true)
    broken = family.check(board, answer)
    if broken:
        raise CertificateError(f"the answer breaks a rule: {broken[0]}")
    if family.encode(board, answer) != rows:
        raise CertificateError("answer.json's rows are not the answer its variables give")
    return [-v for v in values(true, rules.primary)]


def _check_plan(family: Family, board: Any, certificate: Certificate) -> tuple[Any, int]:
    """The plan of an "optimal" claim, replayed through the family's checker, and its
    length as the family counts its moves (one per element of its ``encode``, which
    reads the plan as the checker does): never a length the file states."""
    try:
        answer = json.loads(_text(certificate, "answer.json"))
        plan, moves = answer["plan"], answer["moves"]
    except (ValueError, KeyError, TypeError):
        raise CertificateError("answer.json holds no plan") from None
    if not isinstance(plan, str):
        raise CertificateError("answer.json's plan is not text")
    broken = family.check(board, plan)
    if broken:
        raise CertificateError(f"the plan fails: {broken[0]}")
    counted = family.encode(board, plan)
    if moves != counted:
        raise CertificateError("answer.json's moves are not the plan's moves, one each")
    if not counted:
        raise CertificateError("an empty plan is optimal without a proof")
    length = certificate.manifest.get("length")
    if length != len(counted):
        raise CertificateError(f"the manifest's length {length!r} is not the plan's "
                               f"{len(counted)} moves")
    return plan, len(counted)


def _check_cuts(rules: Rules, certificate: Certificate) -> list[dict[str, Any]]:
    try:
        cuts = json.loads(_text(certificate, "cuts.json"))
    except ValueError:
        raise CertificateError("cuts.json is not JSON") from None
    if not isinstance(cuts, list):
        raise CertificateError("cuts.json is not a list of cuts")
    for number, record in enumerate(cuts, 1):
        if not isinstance(record, dict):
            raise CertificateError(f"cut {number} is not a record")
        try:
            group = rules.group(str(record.get("rule")))
        except KeyError:
            raise CertificateError(f"cut {number} names no rule of the board "
                                   f"({record.get('rule')!r})") from None
        why = group.check(record)
        if why is not None:
            raise CertificateError(f"cut {number} ({group.name}): {why}")
    return cuts


def _formula(formula: Any, clauses: list[list[int]]) -> Any:
    """``clauses`` (DIMACS literals) into dratify's ``formula`` as its ``add`` would put
    them (internal literals, each once; tautologies left out), a tenth of the time."""
    rows = formula.clauses
    top = formula.nvars
    for clause in clauses:
        lits = tuple(dict.fromkeys([2 * d - 2 if d > 0 else -2 * d - 1 for d in clause]))
        if len({lit >> 1 for lit in lits}) < len(lits):
            continue  # holds x and not x
        rows.append(lits)
        for lit in lits:
            if lit >> 1 >= top:
                top = (lit >> 1) + 1
    formula.nvars = top
    return formula


def _engine(dratify: Any, formula: Any, steps: Any, engine: str, watch: Watch) -> Any:
    """One engine's verdict on the proof, under the deadline and Ctrl-C. The Python
    engine runs here, under the watch :func:`check` keeps (its time, its memory, an
    interrupt); the compiled one runs in a thread of its own that this one waits for,
    looking at the clock and for Ctrl-C in between (a long check is left to finish
    unread: :func:`cpsolve.interrupts.abandon`)."""
    from cpsolve import interrupts
    from cpsolve.limits import WATCH_EVERY

    if engine != "native":
        return dratify.check_proof(formula, steps, engine=engine, check_rat=CHECK_RAT)
    found: dict[str, Any] = {}

    def run() -> None:
        try:
            found["verdict"] = dratify.check_proof(formula, steps, engine=engine,
                                                   check_rat=CHECK_RAT)
        except BaseException as error:  # handed to the waiting thread
            found["error"] = error

    worker = threading.Thread(target=run, name="dratify native", daemon=True)
    interrupts.start_quiet(worker)
    try:
        while worker.is_alive():
            worker.join(WATCH_EVERY)
            if worker.is_alive():
                watch.look(size=False)
    except BaseException:
        # It cannot be stopped: left to run, and the process ends without the
        # interpreter's finalization while it does (which crashed it: exit 134, 139).
        interrupts.abandon(worker)
        raise
    if "error" in found:
        raise found["error"]
    return found["verdict"]


def _check_proof(nvars: int, clauses: list[list[int]], proof: str, deadline: Deadline,
                 engines: Sequence[str] | None) -> tuple[list[str], int]:
    """Check the DRAT ``proof`` of ``clauses`` with each engine; they must agree."""
    import dratify

    with contextlib.suppress(ImportError):
        import cdclkit  # noqa: F401  (registers dratify's compiled engine)
    formula = _formula(dratify.CNF(nvars), clauses)
    try:
        steps = dratify.parse_proof(proof)
    except ValueError as error:
        raise CertificateError(f"proof.drat cannot be read: {error}") from None
    chosen = list(engines) if engines is not None else (
        ["native", "python"] if dratify.native_available() else ["python"])
    verdicts = []
    with building(deadline, "the proof", "checked") as watch:  # the phase a limit names
        for engine in chosen:
            watch.look(size=False)
            try:
                verdicts.append((engine, _engine(dratify, formula, steps, engine, watch)))
            except ValueError as error:
                raise CertificateError(f"proof.drat: {error}") from None
    oks = {bool(result.ok) for _, result in verdicts}
    if len(oks) > 1:
        raise CertificateError("the checker's engines disagree: " + ", ".join(
            f"{engine} {'accepts' if result.ok else 'rejects'}" for engine, result in verdicts))
    engine, result = verdicts[0]
    if not result.ok:
        where = (f" (step {result.failed_step})" if result.failed_step > 0 else "")
        raise CertificateError(f"the proof does not refute the formula{where}: "
                               f"{result.reason}")
    return chosen, len(steps)


def answers(rules: Rules, limit: int | None = None,
            deadline: Deadline | None = None) -> list[Any]:
    """The answers the rule CNF and its groups allow (up to ``limit``), each found as
    a model whose faults no group finds, then blocked: a way to solve apart from every
    solving encoding, which the tests hold to brute force."""
    from cpsolve.backends.sat import SatSession, enumerate_in

    with SatSession(PROVER) as session:
        session.add([rules.cnf.clauses], rules.cnf.nvars)
        found = enumerate_in(session, rules.primary, limit=limit, deadline=deadline,
                             refine=rules.refine())
    if found.timed_out:
        raise TimeUp("time limit reached while the rule CNF's answers were found")
    return [rules.decode(rules.true(chosen)) for chosen in found.solutions]


def load(path: str | Path, deadline: Deadline | None = None) -> Certificate:
    """The certificate in the file ``path`` (an :class:`InputError` for one that
    cannot be read or is not a certificate), read under ``deadline``."""
    source = str(path)
    try:
        size = Path(path).stat().st_size
        if size > MAX_CERTIFICATE_BYTES:
            raise InputError(f"{size:,} bytes: larger than a certificate this cpsolve "
                             "reads", source=source)
        data = Path(path).read_bytes()
    except OSError as error:
        raise InputError(error.strerror or str(error), source=source) from None
    return Certificate.read(data, source, deadline)


__all__ = ["Certificate", "Checked", "Claim", "answers", "check", "load", "make"]
