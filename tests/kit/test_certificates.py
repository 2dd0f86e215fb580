"""Certificates (cpsolve.certify): every family's rule CNF against brute force, the
certificates of unique and unsolvable boards accepted, every kind of tampering
rejected with a message naming what failed, and ``cpsolve verify`` on a file moved
away from everything else."""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import zipfile
from pathlib import Path
from typing import Any

import pytest

from cpsolve.certify.certificate import (
    Certificate,
    Claim,
    _sha,
    answers,
    check,
    make,
    prove,
)
from cpsolve.certify.rules import dimacs
from cpsolve.errors import CertificateError
from cpsolve.grid.api import family as family_of
from cpsolve.limits import Deadline
from tests.support.cli import run, valid_json
from tests.support.oracles import ORACLES, cases, oracle

CERTIFIED = [name for name in ORACLES if oracle(name).puzzle.rules is not None]
EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


def _text(name: str, board: Any) -> str:
    return oracle(name).puzzle.board_text(board)


def _reseal(certificate: Certificate) -> Certificate:
    """``certificate`` with its manifest's hashes made to fit its files again: tampering
    that a hash would catch is then left to the checks behind it."""
    manifest = dict(certificate.manifest)
    manifest["sha256"] = {name: _sha(data) for name, data in sorted(
        certificate.files.items())}
    return Certificate(manifest, dict(certificate.files))


def test_every_grid_family_with_an_oracle_has_a_certificate_encoder():
    assert set(CERTIFIED) == set(ORACLES)  # the page's Mines too (docs/new-family.md)


@pytest.mark.parametrize("half", [0, pytest.param(1, marks=pytest.mark.slow)],
                         ids=["even", "odd"])
@pytest.mark.parametrize("name", CERTIFIED)
def test_the_rule_cnf_allows_exactly_the_answers_brute_force_finds(name, half):
    """On every other brute-force board (the slow run: the rest)."""
    puzzle = oracle(name).puzzle
    assert puzzle.rules is not None
    checked = 0
    for board, every in cases(name)[half::2]:
        found = answers(puzzle.rules(board), limit=len(every) + 1)
        assert len(found) == len(every) and set(found) == set(every), (name, board)
        checked += 1
    assert checked >= 10


@pytest.mark.parametrize("name", CERTIFIED)
def test_unique_and_unsolvable_boards_are_certified_and_several_are_refused(name):
    family = family_of(oracle(name).puzzle)
    seen = set()
    for board, every in cases(name):
        kind = min(len(every), 2)
        if kind in seen:
            continue
        seen.add(kind)
        text = _text(name, board)
        if kind == 2:
            with pytest.raises(CertificateError, match="second answer"):
                make(Claim(family, text, "unique", every[0]))
            continue
        claim = Claim(family, text, "unique" if every else "no solution",
                      every[0] if every else None)
        made = make(claim)
        again = Certificate.read(made.to_bytes())
        checked = check(again, family=family)
        assert checked.claim == claim.claim
        # A proof of a step at least, unless the rules hold the empty clause (a count
        # no room can meet), which needs none.
        assert checked.proof_steps >= 1 or [] in oracle(name).puzzle.rules(board).cnf.clauses
    assert seen == {0, 1, 2}, name


# Tampering ------------------------------------------------------------------------------

EXAMPLE = {"heyawake": "site-6x6.txt", "masyu": "site-6x6.txt",
           "nurikabe": "grid-10x10.txt"}


def _made(name: str) -> Certificate:
    """The certificate of the family's example board (unique, and its proof needs
    cuts)."""
    family = family_of(oracle(name).puzzle)
    text = (EXAMPLES / name / EXAMPLE[name]).read_text()
    answer = family.solve(family.parse(text), unique=True)
    made = make(Claim(family, text, "unique", answer.solution))
    assert json.loads(made.files["cuts.json"]), "the test needs a certificate with cuts"
    return made


def _edited(made: Certificate, name: str, edit: Any) -> Certificate:
    files = dict(made.files)
    files[name] = edit(files[name].decode()).encode()
    return _reseal(Certificate(made.manifest, files))


def test_a_file_changed_without_its_hash_is_named():
    made = _made("heyawake")
    files = dict(made.files)
    files["proof.drat"] += b"0\n"
    with pytest.raises(CertificateError, match="proof.drat has changed"):
        check(Certificate(made.manifest, files))


def test_a_flipped_literal_in_the_proof_is_rejected():
    made = _made("heyawake")

    def flip(proof: str) -> str:
        lines = proof.splitlines()
        for i, line in enumerate(lines):
            parts = line.split()
            if parts and parts[0] != "d" and len(parts) > 2:
                parts[0] = str(-int(parts[0]))
                lines[i] = " ".join(parts)
                break
        return "\n".join(lines) + "\n"

    with pytest.raises(CertificateError, match=r"the proof does not refute the formula "
                                               r"\(step \d+\)"):
        check(_edited(made, "proof.drat", flip))


def test_a_proof_of_another_formula_is_rejected():
    made = _made("heyawake")
    with pytest.raises(CertificateError, match="the proof does not refute"):
        check(_edited(made, "proof.drat", lambda proof: "0\n"))


def test_a_dropped_clause_of_the_rule_cnf_is_rejected():
    made = _made("heyawake")

    def drop(cnf: str) -> str:
        header, *clauses = cnf.splitlines()
        nvars = header.split()[2]
        return "\n".join([f"p cnf {nvars} {len(clauses) - 1}", *clauses[:3], *clauses[4:]]
                         ) + "\n"

    with pytest.raises(CertificateError, match=r"rules.cnf is not the board's rule CNF: "
                                               r".*lacks the clause"):
        check(_edited(made, "rules.cnf", drop))


def test_a_cut_that_does_not_separate_is_rejected():
    made = _made("heyawake")

    def widen(text: str) -> str:
        cuts = json.loads(text)
        cuts[0]["cut"] = cuts[0]["cut"][1:]  # one cell of the separator left out
        return json.dumps(cuts)

    with pytest.raises(CertificateError, match=r"cut 1 \(unshaded connected\): the nodes "
                                               r"it names do not separate"):
        check(_edited(made, "cuts.json", widen))


def test_a_loop_cut_whose_edge_leaves_its_side_is_rejected():
    made = _made("masyu")

    def shrink(text: str) -> str:
        cuts = json.loads(text)
        cuts[0]["side"] = cuts[0]["side"][1:]
        return json.dumps(cuts)

    with pytest.raises(CertificateError, match=r"cut 1 \(one loop\): its inside edge has "
                                               r"an end outside its side"):
        check(_edited(made, "cuts.json", shrink))


def test_an_area_cut_that_breaks_no_rule_is_rejected():
    made = _made("nurikabe")

    def harmless(text: str) -> str:
        cuts = json.loads(text)
        island = next(c for c in cuts if c["rule"] == "islands")
        island["cells"] = island["cells"][:1]
        island["closed"] = False
        return json.dumps(cuts)

    with pytest.raises(CertificateError, match=r"\(islands\): an area holding its cells "
                                               r".* breaks no rule"):
        check(_edited(made, "cuts.json", harmless))


def test_an_answer_that_breaks_a_rule_is_rejected():
    made = _made("heyawake")

    def shade_one_more(text: str) -> str:
        answer = json.loads(text)
        primary = answer["primary"]
        k = next(i for i, v in enumerate(primary) if v < 0)
        primary[k] = -primary[k]
        return json.dumps(answer)

    with pytest.raises(CertificateError, match="the answer breaks a rule"):
        check(_edited(made, "answer.json", shade_one_more))


def _two_solutions(name: str) -> tuple[Any, Any, Any]:
    for board, every in cases(name):
        if len(every) == 2:
            return board, every[0], every[1]
    raise AssertionError(f"no {name} board with two solutions")


def _cuts_for(rules: Any, clauses: list[list[int]]) -> list[dict[str, Any]]:
    """The cuts a formula needs to have no model, found as a certificate's are, their
    clauses added to ``clauses``; every model must break a group until none is left."""
    from pysat.solvers import Solver

    cuts: list[dict[str, Any]] = []
    while True:
        with Solver(name="cadical153", bootstrap_with=clauses) as solver:
            if not solver.solve():
                return cuts
            true = {lit for lit in solver.get_model() if lit > 0}
        found = [r for group in rules.groups for r in group.faults(true)]
        assert found, "what was planted does not hide the second answer"
        cuts.extend(found)
        clauses.extend(rules.group(r["rule"]).clause(r) for r in found)


def _planted(rules: Any, clauses: list[list[int]], cuts: list[dict[str, Any]],
             board: Any, first: Any, extra_rule: list[int] | None = None) -> Certificate:
    """A Heyawake certificate of "unique" for ``first`` on a board with two solutions,
    its proof made for a formula with what was planted to hide the second (a cut, or
    a rule clause ``extra_rule``), every hash right."""
    cnf_text = rules.cnf.dimacs()
    if extra_rule is not None:
        header, *rows = cnf_text.splitlines()
        rows.append(" ".join(map(str, extra_rule)) + " 0")
        cnf_text = "\n".join([f"p cnf {rules.cnf.nvars} {len(rows)}", *rows]) + "\n"
    proof = prove(rules.cnf.nvars, clauses, Deadline(None))
    assert isinstance(proof, list), "what was planted must hide the second answer"
    puzzle = oracle("heyawake").puzzle
    answer = {"rows": puzzle.rows(board, first), "primary": rules.literals(first)}
    files = {"board.txt": _text("heyawake", board).encode(), "rules.cnf": cnf_text.encode(),
             "cuts.json": json.dumps(cuts).encode(),
             "problem.cnf": dimacs(rules.cnf.nvars, clauses).encode(),
             "proof.drat": ("\n".join(proof) + "\n").encode(),
             "answer.json": json.dumps(answer).encode()}
    manifest = {"format": "cpsolve-certificate", "version": 2, "family": "heyawake",
                "claim": "unique"}
    return _reseal(Certificate(manifest, files))


def test_a_planted_wrong_unique_is_caught_at_the_cut_that_hides_the_second_answer():
    puzzle = oracle("heyawake").puzzle
    board, first, second = _two_solutions("heyawake")
    rules = puzzle.rules(board)  # type: ignore[misc]
    white = [c for c in range(board.cells) if c not in second]
    # A "cut" that the second answer breaks: two of its unshaded cells, and as the
    # separator its shaded cells (which do not separate them).
    record = {"rule": "unshaded connected", "a": white[0], "b": white[-1],
              "cut": sorted(second)}
    cut = rules.group("unshaded connected").clause(record)
    clauses = [*rules.cnf.clauses, rules.blocking(first), cut]
    cuts = [record, *_cuts_for(rules, clauses)]
    made = _planted(rules, clauses, cuts, board, first)
    with pytest.raises(CertificateError, match=r"cut 1 \(unshaded connected\): the nodes "
                                               r"it names do not separate"):
        check(_reseal(made))


def test_a_planted_wrong_unique_is_caught_at_the_rule_that_hides_the_second_answer():
    puzzle = oracle("heyawake").puzzle
    board, first, second = _two_solutions("heyawake")
    rules = puzzle.rules(board)  # type: ignore[misc]
    hide = rules.blocking(second)  # "a rule" that only the second answer breaks
    clauses = [*rules.cnf.clauses, hide, rules.blocking(first)]
    cuts = _cuts_for(rules, clauses)
    made = _planted(rules, clauses, cuts, board, first, extra_rule=hide)
    with pytest.raises(CertificateError, match=r"rules.cnf is not the board's rule CNF: "
                                               r"rules.cnf has the (header|clause)"):
        check(_reseal(made))




# Sliding ---------------------------------------------------------------------------------


@pytest.mark.parametrize("goal,length", [("line-goal1.txt", 16), ("line-goal2.txt", 12)])
def test_the_line_puzzle_goals_are_certified_optimal(goal, length):
    from cpsolve.models.sliding import FAMILY, parse, solve

    text = (EXAMPLES / "sliding" / goal).read_text()
    result = solve(parse(text))
    assert len(result.solution) == length
    made = make(Claim(FAMILY, text, "optimal", result.solution))
    checked = check(Certificate.read(made.to_bytes()))
    assert (checked.claim, checked.length) == ("optimal", length)


def test_a_plan_longer_than_optimal_cannot_be_certified():
    from cpsolve.models.sliding import FAMILY, parse, solve

    text = (EXAMPLES / "sliding" / "line-goal2.txt").read_text()
    puzzle = parse(text)
    plan = solve(puzzle).solution
    longer = next(plan + extra for extra in ("LR", "RL", "UD", "DU")
                  if FAMILY.check(puzzle, plan + extra) == [])
    with pytest.raises(CertificateError, match="the rule CNF has a model: a shorter plan exists"):
        make(Claim(FAMILY, text, "optimal", longer))


def test_a_certified_plan_with_a_wrong_length_is_rejected():
    from cpsolve.models.sliding import FAMILY, parse, solve

    text = (EXAMPLES / "sliding" / "line-goal2.txt").read_text()
    made = make(Claim(FAMILY, text, "optimal", solve(parse(text)).solution))
    manifest = dict(made.manifest, length=10)
    with pytest.raises(CertificateError, match="the manifest's length 10 is not the plan's "
                                               "12 moves"):
        check(Certificate(manifest, made.files))


def _satisfiable(cnf: Any) -> bool:
    from pysat.solvers import Solver

    with Solver(name="cadical153", bootstrap_with=cnf.clauses) as solver:
        return bool(solver.solve())


@pytest.mark.parametrize("seed", range(8))
def test_a_slide_plan_cnf_has_a_model_exactly_when_a_shorter_plan_exists(seed):
    from cpsolve.models.sliding import parse
    from cpsolve.models.sliding.rules import rules
    from tests.support.boards import scrambled
    from tests.support.sliding_brute import shortest

    puzzle = parse(scrambled(3 if seed % 2 else 2, 6 + seed, seed=seed))
    start, goal = puzzle.start, puzzle.goal
    length, _ = shortest(start.width, start.height, start.cells, goal.cells)
    assert length is not None
    assert not _satisfiable(rules(puzzle, length))  # no plan shorter than the shortest
    assert _satisfiable(rules(puzzle, length + 2))  # the shortest is shorter than that


@pytest.mark.parametrize("text", [
    "1 2 3\n4 5 6",  # distinct labels, squares of four: the parity argument
    "A A B\nB C C\nD D E",  # repeated labels: no parity argument
    "1 2 3 4\nsquares\n0 1 2\n1 2 3\n",  # three-cycles: none either
    "1\n2\n3\ngoal\n2\n1\n3\nsquares\n1 2\n1 0\n",  # swaps
])
def test_a_rotate_plan_cnf_has_a_model_exactly_when_a_shorter_plan_exists(text):
    import random
    from dataclasses import replace

    from cpsolve.models.rotation import parse
    from cpsolve.models.rotation.rules import rules
    from tests.support.rotation_brute import sweep

    base = parse(text)
    distance, _ = sweep(base, base.goal)
    rng = random.Random(len(text))
    far = sorted(state for state, d in distance.items() if d >= 1)
    for state in rng.sample(far, min(3, len(far))):
        puzzle = replace(base, start=state)
        length = distance[state]
        assert not _satisfiable(rules(puzzle, length)), state
        assert _satisfiable(rules(puzzle, length + 2)), state


def test_a_rotation_plan_is_certified_from_the_command_line(tmp_path):
    done = run("rotate", str(EXAMPLES / "rotation" / "rings.txt"), "--certify",
               "--certificate", str(tmp_path / "r.cert.zip"))
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("11 moves, optimal (certified, ")
    again = run("verify", str(tmp_path / "r.cert.zip"))
    assert again.stdout.startswith("verified: rotate, optimal, 11 moves ("), again.stderr


@pytest.mark.slow
def test_the_thirty_move_line_puzzle_goal_is_certified_optimal():
    from cpsolve.models.sliding import FAMILY, parse, solve

    text = (EXAMPLES / "sliding" / "line-goal3.txt").read_text()
    result = solve(parse(text))
    assert len(result.solution) == 30
    made = make(Claim(FAMILY, text, "optimal", result.solution))
    assert check(made, engines=["native"]).length == 30


# The command line ------------------------------------------------------------------------


def test_a_certificate_moved_elsewhere_is_verified_with_nothing_but_the_file(tmp_path):
    made_in, moved_to, elsewhere = (tmp_path / n for n in ("a", "b", "c"))
    for folder in (made_in, moved_to, elsewhere):
        folder.mkdir()
    board = made_in / "board.txt"
    shutil.copy(EXAMPLES / "heyawake" / "site-6x6.txt", board)
    done = run("heyawake", str(board), "--certify", cwd=made_in)
    assert done.returncode == 0, done.stderr
    assert re.search(r"^unique \(certified, \d+\.\d\d s to check\)$", done.stdout, re.M)
    shutil.move(made_in / "board.cert.zip", moved_to / "x.cert.zip")
    shutil.rmtree(made_in)
    done = run("verify", str(moved_to / "x.cert.zip"), cwd=elsewhere)
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("verified: heyawake, unique (")
    data = valid_json(json.loads(run("verify", str(moved_to / "x.cert.zip"), "--json",
                                     cwd=elsewhere).stdout))
    assert data["status"] == "verified" and data["cuts"] > 0


def test_a_tampered_certificate_is_one_line_and_exit_5(tmp_path):
    path = tmp_path / "x.cert.zip"
    done = run("akari", str(EXAMPLES / "akari" / "seed-7x7.txt"), "--certify",
               "--certificate", str(path))
    assert done.returncode == 0, done.stderr
    with zipfile.ZipFile(path) as archive:
        files = {name: archive.read(name) for name in archive.namelist()}
    files["rules.cnf"] = files["rules.cnf"].replace(b"\n", b"\n1 0\n", 1)
    with zipfile.ZipFile(path, "w") as archive:
        for name, data in files.items():
            archive.writestr(name, data)
    done = run("verify", str(path))
    assert done.returncode == 5
    assert done.stderr == ("cpsolve: not certified: rules.cnf has changed since the "
                           "certificate was made (its SHA-256 differs from the manifest's)\n")
    data = valid_json(json.loads(run("verify", str(path), "--json").stdout))
    assert data["exit"] == 5


def test_a_file_that_is_no_certificate_is_bad_input(tmp_path):
    path = tmp_path / "x.cert.zip"
    path.write_text("not a zip")
    done = run("verify", str(path))
    assert done.returncode == 2
    assert done.stderr.startswith(f"cpsolve: {path}: not a cpsolve certificate")


def _zip(path: Path, members: list[tuple[str, bytes | int]]) -> Path:
    """A zip of these members, in order (a name may come twice), deflated; a member
    given as a number is that many zero bytes, written a megabyte at a time."""
    import warnings

    manifest = json.dumps({"format": "cpsolve-certificate", "version": 2,
                           "family": "akari", "claim": "unique"}).encode()
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # "Duplicate name": the point of one test
        with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as archive:
            archive.writestr("manifest.json", manifest)
            for name, data in members:
                if isinstance(data, bytes):
                    archive.writestr(name, data)
                    continue
                with archive.open(name, "w", force_zip64=True) as member:
                    for _ in range(data >> 20):
                        member.write(bytes(1 << 20))
    return path


def test_a_member_twice_or_a_member_of_no_certificate_is_refused(tmp_path):
    """cpsolve and unzip would read different copies of a member given twice."""
    twice = _zip(tmp_path / "twice.cert.zip", [("board.txt", b"1 1\n.\n"),
                                                ("board.txt", b"1 1\n#\n")])
    done = run("verify", str(twice))
    assert done.returncode == 2, done.stderr
    assert done.stderr == (f"cpsolve: {twice}: not a cpsolve certificate (it holds "
                           "board.txt twice)\n")
    other = _zip(tmp_path / "other.cert.zip", [("notes.txt", b"hello")])
    done = run("verify", str(other))
    assert done.returncode == 2 and "it holds 'notes.txt', no file of a certificate" in \
        done.stderr, done.stderr


def test_a_small_certificate_that_expands_past_the_budget_is_refused_unread(tmp_path):
    """A proof of 300 MB of zeros, deflated to about 300 KB: its declared size is
    checked against the memory budget before anything is expanded."""
    bomb = _zip(tmp_path / "bomb.cert.zip", [("proof.drat", 300 << 20)])
    assert bomb.stat().st_size < 1 << 20
    done = run("verify", str(bomb), "--time-limit", "60",
               env={**os.environ, "CPSOLVE_MEMORY_MB": "200"})
    assert done.returncode == 3, done.stderr
    assert "limit reached: the certificate's files, expanded" in done.stderr


def test_reading_a_certificate_keeps_the_time_limit(tmp_path):
    """512 MB of zeros take a good part of a second to expand: the reading stops at
    the limit (a budget large enough to let it start)."""
    slow = _zip(tmp_path / "slow.cert.zip", [("proof.drat", 512 << 20)])
    done = run("verify", str(slow), "--time-limit", "0.05",
               env={**os.environ, "CPSOLVE_MEMORY_MB": "16000"})
    assert done.returncode == 3, done.stderr
    assert "time limit reached while the certificate was read" in done.stderr


FILLOMINO_15 = ("https://puzz.link/p?fillomino/15/15/h1o5i8g2m6g3g7i3h4h1i1g6g4h2g3h4g2i5h2"
                "i4h3l4h1h5m4h2g2h6k7h3i3h7k7h2g2h3m2h1h5l3h4i3h3i-10g4h4g1h3g7g1i8h4h3i2g2g2m8g"
                "6i1o1h")  # noqx's example: its proof takes the compiled checker minutes


@pytest.mark.slow
def test_a_proof_check_cut_short_by_the_limit_ends_the_process_cleanly(tmp_path):
    """The compiled checker cannot be stopped: at the limit it is left running, and
    the process ends without the interpreter's finalization beside it (which can crash
    a process: exit 134 or 139 when `--certify` stopped a check of this proof minutes
    in). Every run: exit 3 and one line."""
    from cpsolve.models.fillomino import FAMILY, parse, solve

    answer = solve(parse(FILLOMINO_15), unique=True).solution
    path = tmp_path / "fillomino.cert.zip"
    make(Claim(FAMILY, FILLOMINO_15, "unique", answer)).write(path)
    for _ in range(4):
        done = run("verify", str(path), "--time-limit", "3")
        assert done.returncode == 3, (done.returncode, done.stderr)
        assert done.stderr.startswith("cpsolve: limit reached: time limit reached")
        assert len(done.stderr.splitlines()) == 1, done.stderr


def test_certify_in_json_and_on_an_unsolvable_board(tmp_path):
    done = run("nurikabe", str(EXAMPLES / "nurikabe" / "conflict-2x4.txt"), "--certify",
               "--certificate", str(tmp_path / "none.cert.zip"), "--json")
    data = valid_json(json.loads(done.stdout))
    assert done.returncode == 1
    assert data["certificate"]["claim"] == "no solution"
    assert data["certificate"]["engines"][-1] == "python"
    again = run("verify", str(tmp_path / "none.cert.zip"))
    assert again.stdout.startswith("verified: nurikabe, no solution ("), again.stderr


def test_a_board_with_two_solutions_gets_no_certificate(tmp_path):
    done = run("hitori", str(EXAMPLES / "hitori" / "not-unique-4x4.txt"), "--certify",
               "--json", cwd=tmp_path)
    data = valid_json(json.loads(done.stdout))
    assert done.returncode == 4
    assert data["certificate"] == {"claim": None,
                                   "reason": "not unique: two answers are the evidence"}
    assert not list(tmp_path.iterdir())


def test_a_plan_is_certified_from_the_command_line(tmp_path):
    done = run("slide", str(EXAMPLES / "sliding" / "line-goal2.txt"), "--certify",
               "--certificate", str(tmp_path / "p.cert.zip"))
    assert done.returncode == 0, done.stderr
    assert re.match(r"12 moves, optimal \(certified, \d+\.\d\d s to check\)\n", done.stdout)
    again = run("verify", str(tmp_path / "p.cert.zip"))
    assert again.stdout.startswith("verified: slide, optimal, 12 moves ("), again.stderr


@pytest.mark.parametrize("args", [["--certify", "--count", "2"], ["--certify", "--all"],
                                  ["--unique", "--certificate", "x.cert.zip"]])
def test_certify_refuses_options_it_cannot_prove(args):
    done = run("akari", str(EXAMPLES / "akari" / "seed-7x7.txt"), *args)
    assert done.returncode == 2, done.stderr


# The builder's cardinality encodings -----------------------------------------------------


@pytest.mark.parametrize("kind", ["at_most", "at_least", "exactly"])
def test_the_counters_allow_exactly_the_assignments_with_the_count(kind):
    from itertools import product

    from pysat.solvers import Solver

    from cpsolve.certify.rules import RuleCnf

    holds = {"at_most": lambda n, k: n <= k, "at_least": lambda n, k: n >= k,
             "exactly": lambda n, k: n == k}[kind]
    for size in range(1, 8):
        for bound in range(-1, size + 2):
            cnf = RuleCnf()
            xs = [cnf.var(i) for i in range(size)]
            getattr(cnf, kind)(bound, xs)
            found = set()
            with Solver(name="cadical153", bootstrap_with=cnf.clauses) as solver:
                for x in xs:
                    solver.add_clause([x, -x])
                while solver.solve():
                    model = solver.get_model()
                    bits = tuple(model[x - 1] > 0 for x in xs)
                    found.add(bits)
                    solver.add_clause([-x if on else x for x, on in zip(xs, bits)])
            want = {bits for bits in product((False, True), repeat=size)
                    if holds(sum(bits), bound)}
            assert found == want, (kind, size, bound)


@pytest.fixture(scope="module")
def long_check(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A certificate whose check takes seconds: the line puzzle's 16 moves."""
    from cpsolve.models.sliding import FAMILY, parse, solve

    text = (EXAMPLES / "sliding" / "line-goal1.txt").read_text()
    path = tmp_path_factory.mktemp("long") / "line16.cert.zip"
    make(Claim(FAMILY, text, "optimal", solve(parse(text)).solution)).write(path)
    return path


def test_verify_keeps_its_time_limit(long_check):
    import time

    start = time.perf_counter()
    done = run("verify", str(long_check), "--time-limit", "0.3")
    assert done.returncode == 3, done.stderr
    # The phase the limit lands in: the proof's check, or (on a busy machine) what
    # comes before it; one message a phase, whichever watch looks first.
    assert done.stderr in [f"cpsolve: limit reached: time limit reached while the {phase} "
                           "was checked\n" for phase in ("certificate", "proof")]
    assert time.perf_counter() - start < 10


def test_verify_stops_at_ctrl_c(long_check):
    import signal

    from tests.support.cli import CPSOLVE, interruptible

    process = interruptible([str(CPSOLVE), "verify", str(long_check), "-v"],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    assert process.stderr is not None
    said = []
    for line in process.stderr:  # -v says when the proof's check begins: seconds of it
        said.append(line)
        if line.endswith("the proof next\n"):
            break
    process.send_signal(signal.SIGINT)
    _, rest = process.communicate(timeout=10)
    assert process.returncode == 130, (said, rest)
    assert rest.endswith("cpsolve: interrupted\n")
    assert said[0] == "slide, claim 'optimal': 6 files as the manifest hashes them\n"


# Forgeries found in review ---------------------------------------------------------------


def _forged_proof(clauses: list[list[int]]) -> str:
    """A 'refutation' of a formula that has models: delete every clause that forced a
    literal by propagation at the start, add its negation (a RAT step against what is
    left), then the empty clause. A checker that keeps the values deleted clauses
    forced and checks RAT against the rest accepts it (dratify 0.1.10, both engines)."""
    value: dict[int, bool] = {abs(c[0]): c[0] > 0 for c in clauses if len(c) == 1}
    forced = None
    while forced is None:
        for clause in clauses:
            if any(value.get(abs(lit)) == (lit > 0) for lit in clause):
                continue
            free = [lit for lit in clause if abs(lit) not in value]
            if len(free) == 1 and len(clause) > 1:
                forced = free[0]
                break
        else:
            raise AssertionError("no literal forced by a longer clause")
    gone = [c for c in clauses if forced in c and len(c) > 1]
    return "\n".join([*("d " + " ".join(map(str, c)) + " 0" for c in gone),
                      f"{-forced} 0", "0"]) + "\n"


def test_a_refutation_by_rat_after_deletions_is_refused():
    from cpsolve.certify.certificate import _check_proof

    # {1}, {-1 2} has a model; the proof deletes (-1 2), adds -2 by RAT, then 0.
    with pytest.raises(CertificateError, match="the proof does not refute"):
        _check_proof(2, [[1], [-1, 2]], "d -1 2 0\n-2 0\n0\n", Deadline(None), None)


def test_a_forged_no_solution_of_a_solvable_board_is_refused():
    family = family_of(oracle("akari").puzzle)
    text = family.example
    rules = family.rules(family.parse(text))  # type: ignore[misc]
    rules_text = rules.cnf.dimacs()
    files = {"board.txt": text.encode(), "rules.cnf": rules_text.encode(),
             "cuts.json": b"[]", "problem.cnf": rules_text.encode(),
             "proof.drat": _forged_proof(rules.cnf.clauses).encode()}
    manifest = {"format": "cpsolve-certificate", "version": 2, "family": "akari",
                "claim": "no solution"}
    with pytest.raises(CertificateError, match="the proof does not refute"):
        check(_reseal(Certificate(manifest, files)))


def _plan_certificate(name: str, text: str, plan: str, moves: list[str],
                      length: int) -> Certificate:
    from cpsolve import registry

    family = registry.load(name)
    cnf = family.rules(family.parse(text), length)  # type: ignore[misc]
    proof = prove(cnf.nvars, cnf.clauses, Deadline(None))
    assert isinstance(proof, list), "the planted length must have no shorter plan"
    files = {"board.txt": text.encode(), "rules.cnf": cnf.dimacs().encode(),
             "cuts.json": b"[]", "problem.cnf": cnf.dimacs().encode(),
             "proof.drat": ("\n".join(proof) + "\n").encode(),
             "answer.json": json.dumps({"plan": plan, "moves": moves}).encode()}
    manifest = {"format": "cpsolve-certificate", "version": 2, "family": name,
                "claim": "optimal", "length": length}
    return _reseal(Certificate(manifest, files))


def test_a_plan_packed_into_fewer_elements_is_refused():
    # Two moves solve it and no fewer; moves listed as one element claim "1 move".
    made = _plan_certificate("slide", "1 2 3\n4 0 6\n7 5 8\n", "DR", ["DR"], 1)
    with pytest.raises(CertificateError, match="answer.json's moves are not the plan's "
                                               "moves, one each"):
        check(made)


def test_a_rotation_plan_written_without_spaces_counts_every_move():
    from cpsolve.models.rotation import encode, parse, solve

    text = (EXAMPLES / "rotation" / "rings.txt").read_text()
    plan = solve(parse(text)).solution
    packed = plan.replace(" ", "")
    assert encode(parse(text), packed) == plan.split()
    made = _plan_certificate("rotate", text, packed, [packed], 1)
    with pytest.raises(CertificateError, match="answer.json's moves are not"):
        check(made)


@pytest.mark.parametrize("name,key", [("lits", lambda board: 0),
                                      ("starbattle", lambda board: ("region", 0)),
                                      ("norinori", lambda board: 0)])
def test_units_the_setter_tools_set_free_are_stated_as_the_oracle_reads_them(name, key):
    from dataclasses import replace

    found = oracle(name)
    checked = 0
    for board, _ in cases(name)[:12]:
        loose = replace(board, free=frozenset({key(board)}))
        every = found.solutions(loose)
        got = answers(found.puzzle.rules(loose), limit=len(every) + 1)  # type: ignore[misc]
        assert len(got) == len(every) and set(got) == set(every), board
        checked += 1
    assert checked >= 5


def _published_to_certify() -> list[tuple[str, str]]:
    """Each grid genre's two largest published boards that are unique or have no
    solution (the ones a certificate proves), the slow ones left out."""
    from cpsolve import registry
    from cpsolve.family import Kind
    from cpsolve.grid import cases as genre_cases

    chosen = []
    for name in registry.names():
        if registry.load(name).kind is not Kind.GRID:
            continue
        published = genre_cases.of(registry.target(name).split(":")[0]).published
        provable = [case for case in published if not case.slow and not case.variant
                    and case.outcome in ("unique", "no solution")]
        provable.sort(key=lambda case: len(case.board))
        chosen += [(name, case.board) for case in provable[-2:]]
    return chosen


@pytest.mark.slow
@pytest.mark.parametrize(("name", "board"), _published_to_certify())
def test_published_boards_are_certified_again_and_again(tmp_path, name, board):
    # A published Fillomino certified from the command line once died of a
    # segmentation fault (exit 139, no message) in two runs of four: each board is
    # certified three times, and each certificate verified.
    given = tmp_path / "board.txt"
    given.write_text(board + "\n")
    for attempt in range(3):
        certificate = tmp_path / f"{attempt}.cert.zip"
        done = run(name, str(given), "--certify", "--certificate", str(certificate),
                   "--time-limit", "120", timeout=300)
        assert done.returncode in (0, 1), (done.returncode, done.stderr)
        assert "Traceback" not in done.stderr
        checked = run("verify", str(certificate), "--time-limit", "120", timeout=300)
        assert checked.returncode == 0, checked.stderr
