"""cpsolve batch: problem files, answers files, budgets, resuming after a kill,
unsolvable boards, bad lines, workers and a Dask cluster."""

from __future__ import annotations

import contextlib
import os
import random
import signal
import sqlite3
import subprocess
import sys
import time
from collections import Counter
from pathlib import Path

import pytest

from cpsolve.cli import main
from cpsolve.models.sliding import check, devquiz_set, parse, random_puzzle
from cpsolve.models.sliding.batch import (
    attempt,
    format_answers,
    plan,
    read,
    read_answers,
    usage,
)


def run_cli(*args: str) -> int:
    with pytest.raises(SystemExit) as done:
        main(list(args))
    return int(done.value.code or 0)


def small_set(count: int, seed: int, limits: str = "9999 9999 9999 9999") -> str:
    """Boards small enough for breadth-first search (at most 10 free cells): optimal
    and deterministic, one attempt each."""
    rng = random.Random(seed)
    lines = []
    for _ in range(count):
        width = rng.choice([3, 4])
        walls = rng.randint(0, 1) if width == 3 else 2
        lines.append(random_puzzle(width, 3, walls=walls,
                                   seed=rng.randrange(10**6)).start.devquiz())
    return f"{limits}\n{count}\n" + "\n".join(lines) + "\n"


def answers_of(path: Path, count: int) -> list[str | None]:
    return read_answers(path.read_text(), count)


def test_answers_file_round_trips():
    rng = random.Random(1)
    answers = [None if rng.random() < 0.3 else "".join(rng.choice("LRUD") for _ in range(
        rng.randint(1, 40))) for _ in range(50)]
    text = format_answers(answers)
    assert len(text.splitlines()) == 50
    assert read_answers(text, 50) == answers
    assert read_answers("", 3) == [None, None, None]
    with pytest.raises(ValueError, match="not a move"):
        read_answers("LX\n", 1)
    with pytest.raises(ValueError, match="3 answer lines for 2"):
        read_answers("L\nR\nU\n", 2)


def test_batch_writes_checked_answers(tmp_path, capsys):
    problems = tmp_path / "p.txt"
    problems.write_text(small_set(6, seed=2))
    out = tmp_path / "a.txt"
    assert run_cli("batch", str(problems), "-o", str(out), "--workers", "1") == 0
    read_back = read(problems.read_text())
    answers = answers_of(out, 6)
    assert all(answers)
    for problem, moves in zip(read_back.problems, answers):
        assert check(parse(problem.text), moves) == []
    err = capsys.readouterr().err
    assert "3x3" in err and "L:" in err and "of" in err


def test_rerun_skips_what_is_settled(tmp_path, capsys):
    problems = tmp_path / "p.txt"
    problems.write_text(small_set(4, seed=3))
    out = tmp_path / "a.txt"
    run_cli("batch", str(problems), "-o", str(out), "--workers", "1")
    first = out.read_text()
    run_cli("batch", str(problems), "-o", str(out), "--workers", "1")
    assert out.read_text() == first
    assert "this run: 0 attempts" in capsys.readouterr().err


def test_budgets_are_never_exceeded(tmp_path, capsys):
    # Solve without budgets, then give the same boards budgets that fit only part.
    text = small_set(12, seed=4)
    free = tmp_path / "free.txt"
    free.write_text(text)
    run_cli("batch", str(free), "-o", str(tmp_path / "free-a.txt"), "--workers", "1")
    full = Counter()
    for moves in answers_of(tmp_path / "free-a.txt", 12):
        full.update(moves)
    limits = {m: full[m] * 6 // 10 for m in "LRUD"}
    tight = tmp_path / "tight.txt"
    tight.write_text(" ".join(str(limits[m]) for m in "LRUD") + text[text.index("\n"):])
    out = tmp_path / "tight-a.txt"
    run_cli("batch", str(tight), "-o", str(out), "--workers", "1",
            "--store", str(tmp_path / "free-a.txt.sqlite"))
    answers = answers_of(out, 12)
    used = Counter()
    for moves in answers:
        if moves:
            used.update(moves)
    assert all(used[m] <= limits[m] for m in "LRUD")
    assert 0 < sum(bool(a) for a in answers) < 12


def test_plan_fits_random_budgets():
    rng = random.Random(5)
    for _ in range(200):
        candidates = [["".join(rng.choice("LRUD") for _ in range(rng.randint(1, 12)))
                       for _ in range(rng.randint(0, 3))] for _ in range(rng.randint(1, 15))]
        limits = {m: rng.randint(0, 30) for m in "LRUD"}
        chosen = plan(candidates, limits)
        used = Counter()
        for options, moves in zip(candidates, chosen):
            assert moves is None or moves in options
            used.update(moves or "")
        assert all(used[m] <= limits[m] for m in "LRUD")
        # nothing left out still fits in the slack
        for options, moves in zip(candidates, chosen):
            if moves is None:
                for option in options:
                    need = usage(option)
                    assert any(used[m] + need[m] > limits[m] for m in "LRUD")


def test_plan_prefers_answers_that_spare_a_tight_budget():
    # Two answers per board; the shorter ones use more L than the budget has.
    candidates = [["LLRR", "UUDDLR"], ["LLRR", "UUDDLR"]]
    chosen = plan(candidates, {"L": 3, "R": 9, "U": 9, "D": 9})
    assert all(chosen) and sum(c.count("L") for c in chosen) <= 3


def test_unsolvable_and_bad_lines_are_reported(tmp_path, capsys):
    good = [random_puzzle(3, 3, seed=s).start.devquiz() for s in range(3)]
    lines = [good[0],
             "3,3,213456780",          # two tiles swapped: wrong parity
             "3,3,1234567",            # wrong length
             good[1],
             "3,3,12345678x",          # bad character
             "7,3,123456789ABCDEFGHIJK0",  # width out of 3..6
             "4,3,3=14=6789AB0",       # tile 3 walled in at the corner
             good[2]]
    problems = tmp_path / "p.txt"
    problems.write_text("99 99 99 99\n8\n" + "\n".join(lines) + "\n")
    out = tmp_path / "a.txt"
    assert run_cli("batch", str(problems), "-o", str(out), "--workers", "1") == 2
    err = capsys.readouterr().err
    assert "skipped line 5: column 12: 7 cells for 3x3 = 9" in err
    assert "skipped line 7: column 13: unknown cell 'x'" in err
    assert "skipped line 8: width 7 is outside 3..6" in err
    assert "unsolvable: 3,3,213456780: parity" in err
    assert "unsolvable: 4,3,3=14=6789AB0: tile 3 at row 1, column 1 cannot move" in err
    answers = answers_of(out, 8)
    assert [bool(a) for a in answers] == [True, False, False, True, False, False, False, True]
    for index, board in ((0, good[0]), (3, good[1]), (7, good[2])):
        assert check(parse(board), answers[index]) == []


def test_plain_list_of_boards(tmp_path, capsys):
    boards = [random_puzzle(3, 3, walls=1, seed=s).start.devquiz() for s in range(3)]
    problems = tmp_path / "list.txt"
    problems.write_text("\n".join(boards) + "\n")
    assert run_cli("batch", str(problems), "--workers", "1") == 0
    answers = read_answers(capsys.readouterr().out, 3)
    assert [check(parse(b), a) for b, a in zip(boards, answers)] == [[], [], []]



def batch_command(problems: Path, out: Path) -> tuple[list[str], dict[str, str]]:
    """``cpsolve batch PROBLEMS -o OUT`` with one worker, and its environment (no bar)."""
    command = [sys.executable, "-m", "cpsolve", "batch", str(problems), "-o", str(out),
               "--workers", "1"]
    return command, {**os.environ, "CPSOLVE_PROGRESS": "0"}


def test_killed_batch_resumes_without_losing_or_repeating_work(tmp_path):
    count = 40
    problems = tmp_path / "p.txt"
    problems.write_text(small_set(count, seed=6))
    out = tmp_path / "a.txt"
    store = tmp_path / "a.txt.sqlite"
    command, env = batch_command(problems, out)
    process = subprocess.Popen(command, env=env, stdout=subprocess.DEVNULL,
                               stderr=subprocess.DEVNULL)
    done_before = 0
    deadline = time.time() + 120
    while time.time() < deadline and process.poll() is None:
        time.sleep(0.05)
        if store.exists():
            try:
                with sqlite3.connect(store) as db:
                    done_before = db.execute("SELECT COUNT(*) FROM attempts").fetchone()[0]
            except sqlite3.OperationalError:
                continue
            if done_before >= 5:
                break
    assert process.poll() is None, "the batch finished before it could be killed"
    process.send_signal(signal.SIGKILL)
    process.wait()
    with sqlite3.connect(store) as db:
        killed_at = db.execute("SELECT COUNT(*) FROM attempts").fetchone()[0]
    assert 5 <= killed_at < count
    assert not out.exists()
    subprocess.run(command, env=env, check=False, capture_output=True, timeout=300)
    with sqlite3.connect(store) as db:
        runs = dict(db.execute("SELECT run, COUNT(*) FROM attempts GROUP BY run"))
        per_problem = db.execute(
            "SELECT MAX(n) FROM (SELECT COUNT(*) AS n FROM attempts GROUP BY problem, pass)"
        ).fetchone()[0]
    assert runs == {1: killed_at, 2: count - killed_at}  # nothing done twice
    assert per_problem == 1
    resumed = answers_of(out, count)
    clean = tmp_path / "clean.txt"
    subprocess.run([*command[:-4], "-o", str(clean), "--workers", "1"], env=env,
                   check=False, capture_output=True, timeout=300)
    assert resumed == answers_of(clean, count)
    assert all(resumed)


def stored_attempts(store: Path) -> dict[tuple[str, int], tuple[int, float]]:
    """(problem, pass) -> (run, finished) of every attempt in the batch store, read
    without a change (a read-only connection never moves the log into the file)."""
    if not store.exists():
        return {}
    db = sqlite3.connect(f"file:{store}?mode=ro", uri=True)
    try:
        return {(problem, index): (run, finished) for problem, index, run, finished in
                db.execute("SELECT problem, pass, run, finished FROM attempts")}
    except sqlite3.OperationalError:  # the batch is making its tables
        return {}
    finally:
        db.close()


def kill_at_random(command: list[str], env: dict[str, str], store: Path, kills: int,
                   seed: int) -> dict[tuple[str, int], tuple[int, float]]:
    """Start the batch ``kills`` times and SIGKILL it at a random moment each time
    (start-up, a pass, between passes, writing the answers); each time, what was
    stored before is still there, unchanged: no attempt is done twice."""
    rng = random.Random(seed)
    known: dict[tuple[str, int], tuple[int, float]] = {}
    for _ in range(kills):
        process = subprocess.Popen(command, env=env, stdout=subprocess.DEVNULL,
                                   stderr=subprocess.DEVNULL)
        time.sleep(rng.uniform(0.2, 3.0))
        process.send_signal(signal.SIGKILL)
        process.wait()
        now = stored_attempts(store)
        assert {key: now.get(key) for key in known} == known
        known = now
    return known


@pytest.fixture(scope="module")
def twelve(tmp_path_factory) -> tuple[str, list[str | None]]:
    """Twelve small boards (some twice) and the answers of an uninterrupted batch."""
    tmp_path = tmp_path_factory.mktemp("twelve")
    text = small_set(12, seed=14)
    (tmp_path / "p.txt").write_text(text)
    subprocess.run([sys.executable, "-m", "cpsolve", "batch", str(tmp_path / "p.txt"),
                    "-o", str(tmp_path / "a.txt"), "--workers", "1"], check=True,
                   capture_output=True, env={**os.environ, "CPSOLVE_PROGRESS": "0"},
                   timeout=300)
    return text, answers_of(tmp_path / "a.txt", 12)


@pytest.mark.parametrize("kills", [3, pytest.param(20, marks=pytest.mark.slow)])
def test_batch_killed_at_random_moments_ends_as_an_uninterrupted_one(tmp_path, twelve,
                                                                    kills):
    count = 12
    problems = tmp_path / "p.txt"
    problems.write_text(twelve[0])
    out = tmp_path / "a.txt"
    store = tmp_path / "a.txt.sqlite"
    command, env = batch_command(problems, out)
    known = kill_at_random(command, env, store, kills, seed=kills)
    assert known or kills < 20, "no kill came after a stored attempt"
    done = subprocess.run(command, env=env, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    final = stored_attempts(store)
    assert {key: final[key] for key in known} == known
    assert {problem for problem, _ in final} == set(problems.read_text().split()[5:])
    assert answers_of(out, count) == twelve[1]


def test_a_damaged_wal_loses_only_the_attempts_it_held(tmp_path):
    """SQLite checks every frame of the write-ahead log: a damaged frame and those after
    it are dropped, so the store opens as it was before them and the rerun does those
    attempts again (once each). Sixty boards, so that the batch is still at work when
    the first attempts are seen (twelve were all done within one look)."""
    count = 60
    problems = tmp_path / "p.txt"
    problems.write_text(small_set(count, seed=15))
    out = tmp_path / "a.txt"
    store = tmp_path / "a.txt.sqlite"
    wal = tmp_path / "a.txt.sqlite-wal"
    command, env = batch_command(problems, out)
    process = subprocess.Popen(command, env=env, stdout=subprocess.DEVNULL,
                               stderr=subprocess.DEVNULL)
    deadline = time.time() + 120
    while time.time() < deadline and len(stored_attempts(store)) < 4:
        time.sleep(0.05)
    process.send_signal(signal.SIGKILL)
    process.wait()
    before = stored_attempts(store)
    assert 4 <= len(before) < count
    # The log: a 32-byte header, then frames of a 24-byte header and a page each; the
    # attempts are still there, not yet in the file.
    frames = (wal.stat().st_size - 32) // (24 + 4096)
    assert frames > 10
    with open(wal, "r+b") as handle:  # damage a page of the last transactions
        handle.seek(32 + (frames - 3) * (24 + 4096) + 24 + 1000)
        handle.write(b"\xa5" * 64)
    damaged = stored_attempts(store)
    assert 0 < len(damaged) < len(before)
    assert {key: before[key] for key in damaged} == damaged
    done = subprocess.run(command, env=env, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    final = stored_attempts(store)
    assert {key: final[key] for key in damaged} == damaged
    assert {problem for problem, _ in final} == set(problems.read_text().split()[5:])
    uninterrupted = tmp_path / "clean" / "a.txt"
    uninterrupted.parent.mkdir()
    command, env = batch_command(problems, uninterrupted)
    subprocess.run(command, env=env, capture_output=True, check=True, timeout=300)
    assert answers_of(out, count) == answers_of(uninterrupted, count)


def test_worker_processes_and_dask_cluster_agree(tmp_path):
    from cpsolve.executors import local_cluster

    text = small_set(6, seed=7)
    problems = tmp_path / "p.txt"
    problems.write_text(text)
    env = {**os.environ, "CPSOLVE_PROGRESS": "0"}
    base = [sys.executable, "-m", "cpsolve", "batch", str(problems)]
    pool = subprocess.run([*base, "-o", str(tmp_path / "pool.txt"), "--workers", "2"],
                          env=env, capture_output=True, timeout=300)
    assert pool.returncode == 0, pool.stderr
    with local_cluster(2) as address:
        dask = subprocess.run([*base, "-o", str(tmp_path / "dask.txt"), "--scheduler",
                               address], env=env, capture_output=True, timeout=300)
    assert dask.returncode == 0, dask.stderr
    assert (tmp_path / "pool.txt").read_text() == (tmp_path / "dask.txt").read_text()


def test_generated_devquiz_set_is_read_back():
    problems = devquiz_set(30, seed=8)
    read_back = read(problems.text())
    assert read_back.errors == [] and read_back.limits == problems.limits
    assert [parse(p.text) for p in read_back.problems] == problems.puzzles


@pytest.mark.parametrize("bidirectional", [False, True])
def test_beam_plans_pass_the_checker_and_are_never_shorter_than_optimal(bidirectional):
    from cpsolve.models.sliding import Analysis, solve
    from cpsolve.models.sliding.search import beam

    found = 0
    for seed in range(12):
        puzzle = random_puzzle(3 + seed % 2, 3, walls=seed % 2, seed=seed)
        optimal = len(solve(puzzle, method="bibfs").solution)
        for width, noise in ((50, 0), (500, 4)):
            plan = beam(Analysis(puzzle), width=width, noise=noise, seed=seed,
                        bidirectional=bidirectional)
            if plan is not None:
                found += 1
                assert check(puzzle, plan) == []
                assert len(plan) >= optimal
                assert (len(plan) - optimal) % 2 == 0  # the grid's parity
    assert found >= 20


def test_wide_beams_find_optimal_plans_on_small_boards():
    from cpsolve.models.sliding import Analysis, solve
    from cpsolve.models.sliding.search import beam

    # A beam as wide as the space is breadth-first search: optimal.
    for seed in range(5):
        puzzle = random_puzzle(3, 3, seed=seed)
        optimal = len(solve(puzzle, method="bibfs").solution)
        assert len(beam(Analysis(puzzle), width=30_000, bidirectional=False)) == optimal


def test_one_board_per_file(tmp_path, capsys):
    files = []
    for seed in range(2):
        path = tmp_path / f"b{seed}.txt"
        path.write_text(random_puzzle(3, 3, seed=seed).start.text() + "\n")
        files.append(path)
    broken = tmp_path / "broken.txt"
    broken.write_text("1 2 3\n4 5\n")
    assert run_cli("batch", str(files[0]), str(broken), str(files[1]), "--workers", "1",
                   "--store", str(tmp_path / "s.sqlite")) == 2
    captured = capsys.readouterr()
    answers = read_answers(captured.out, 3)
    assert answers[1] is None
    for path, moves in zip(files, (answers[0], answers[2])):
        assert check(parse(path.read_text()), moves) == []
    assert f"skipped {broken}:2:" in captured.err


def test_store_marks_an_answer_optimal_when_a_later_pass_proves_it(tmp_path):
    from cpsolve.batch import Store

    store = Store(str(tmp_path / "s.sqlite"))
    base = {"method": "m", "reason": "", "lower_bound": 1, "seconds": 0.1}
    store.record("3,3,123456708", 0, {**base, "status": "solved"}, ["R", "LRR"])
    assert sorted(store.answers()["3,3,123456708"]) == [("LRR", False), ("R", False)]
    store.record("3,3,123456708", 1, {**base, "status": "optimal"}, ["R"])
    assert sorted(store.answers()["3,3,123456708"]) == [("LRR", False), ("R", True)]
    assert store.statuses()["3,3,123456708"][0] == "optimal"
    with pytest.raises(sqlite3.IntegrityError):  # one attempt per problem and pass
        store.record("3,3,123456708", 1, {**base, "status": "optimal"}, ["R"])
    store.close(0.0)


def test_an_answer_as_short_as_a_proven_optimal_one_is_optimal(tmp_path):
    """A beam's answer may have the optimal length with other moves; the planner may
    hand it in (it spares a tight letter), and it is optimal all the same."""
    from cpsolve.batch import Store

    store = Store(str(tmp_path / "s.sqlite"))
    base = {"method": "m", "reason": "", "lower_bound": 2, "seconds": 0.1}
    store.record("b", 0, {**base, "status": "solved"}, ["DLUR", "LLRRUD"])
    store.record("b", 1, {**base, "status": "optimal"}, ["LDRU"])
    assert sorted(store.answers()["b"]) == [("DLUR", True), ("LDRU", True),
                                            ("LLRRUD", False)]
    store.close(0.0)


def test_summary_and_bar_use_one_word_and_one_order_of_letters(tmp_path, capsys):
    from cpsolve.batch import _info

    assert _info(Counter(solved=2, unknown=1), Counter(), None) == "solved 2 · open 1"
    boards = [random_puzzle(3, 3, walls=1, seed=s).start.devquiz() for s in range(3)]
    problems = tmp_path / "list.txt"
    problems.write_text("\n".join(boards) + "\n")
    assert run_cli("batch", str(problems), "--workers", "1") == 0
    err = capsys.readouterr().err
    letters = [line[0] for line in err.splitlines() if line[1:2] == ":" and "no limit" in line]
    assert letters == list("LRUD")  # the problem file's order, as with limits
    assert "unknown" not in err


SEVEN = "7,7," + ("123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ" * 2)[:48] + "0"  # labels run out


def test_a_line_with_more_cells_than_labels_is_a_located_error(tmp_path, capsys):
    assert run_cli("slide", SEVEN) == 2
    assert "1:40: cell 36 has no DevQuiz label" in capsys.readouterr().err
    board = tmp_path / "seven.txt"
    board.write_text(SEVEN + "\n")
    other = tmp_path / "three.txt"
    other.write_text(random_puzzle(3, 3, seed=1).start.devquiz() + "\n")
    out = tmp_path / "a.txt"
    assert run_cli("batch", str(board), str(other), "-o", str(out), "--workers", "1") == 2
    assert "seven.txt:1:40: cell 36 has no DevQuiz label" in capsys.readouterr().err
    assert answers_of(out, 2)[0] is None and answers_of(out, 2)[1]


STAGED_SLOWLY = "5,5,B234017==N6=KF5G=IDELMJOA"


def test_time_limit_stops_an_attempt_that_is_running(tmp_path, capsys):
    # a real board whose beams fail and whose stages take seconds, then 32 real boards
    lines = [line for line in (Path(__file__).parents[1] / "data" / "sliding" /
                               "devquiz2011-sample.txt").read_text().splitlines()
             if line and not line.startswith("#")]
    problems = tmp_path / "p.txt"
    problems.write_text("\n".join([STAGED_SLOWLY, *lines]) + "\n")
    started = time.perf_counter()
    code = run_cli("batch", str(problems), "-o", str(tmp_path / "a.txt"), "--workers", "1",
                   "--time-limit", "3")
    assert time.perf_counter() - started < 3 + 5
    assert code == 3
    assert "stopped at the time limit" in capsys.readouterr().err


def test_the_quick_pass_answers_a_board_only_stages_solve():
    # every beam fails on it, and from the goal's side its stages end in regions of 17
    # to 20 cells that nothing solves: the quick pass's stages still answer it
    out = attempt((STAGED_SLOWLY, 0, None))
    assert out["status"] == "solved"
    assert out["method"].split()[-1] == "stages"
    assert out["plans"] and all(check(parse(STAGED_SLOWLY), p) == [] for p in out["plans"])


def test_stopped_with_every_board_answered_is_done(tmp_path, capsys):
    """Exit 3 means a limit came before an answer: a run stopped while later passes
    shorten answers every board already has is done (exit 0), and says it may go on."""
    lines = [line for line in (Path(__file__).parents[1] / "data" / "sliding" /
                               "devquiz2011-sample.txt").read_text().splitlines()
             if line.startswith(("5,5,", "6,6,"))]
    problems = tmp_path / "p.txt"
    problems.write_text("\n".join(lines) + "\n")
    out = tmp_path / "a.txt"
    assert run_cli("batch", str(problems), "-o", str(out), "--workers", "1",
                   "--passes", "1") == 0
    assert all(answers_of(out, len(lines)))
    capsys.readouterr()
    assert run_cli("batch", str(problems), "-o", str(out), "--workers", "1",
                   "--time-limit", "1") == 0
    err = capsys.readouterr().err
    assert "stopped at the time limit; run again to continue for shorter answers" in err
    assert all(answers_of(out, len(lines)))


def test_one_worker_runs_apart_so_the_progress_clock_moves():
    from cpsolve.executors import run_tasks

    # the attempts run in a worker process: the interpreter that draws is never held
    [(_, pid)] = run_tasks(os.readlink, ["/proc/self"], workers=1, processes=True)
    assert pid != str(os.getpid())


def test_unanswered_boards_go_through_every_pass_before_the_others(tmp_path):
    from cpsolve.batch import Store, run
    from cpsolve.models.sliding.batch import job

    calls: list[tuple[str, int]] = []
    base = job()

    problems = ["a", "b", "c"]
    store = Store(str(tmp_path / "s.sqlite"))
    for p in problems:  # pass 1 done: "b" left open, "a" and "c" answered
        found = {"status": "unknown" if p == "b" else "solved", "seconds": 0.0}
        store.record(p, 0, found, [] if p == "b" else ["L"])

    import cpsolve.executors as executors

    def fake(function, items, **_):
        for i, item in enumerate(items):
            calls.append((item[0], item[1]))
            yield i, {"status": "unknown", "seconds": 0.0, "plans": []}

    original = executors.run_tasks
    executors.run_tasks = fake
    try:
        run(base, problems, store, passes=3, workers=1, scheduler=None, time_limit=None,
            limits=None)
    finally:
        executors.run_tasks = original
    assert calls[:2] == [("b", 1), ("b", 2)]
    assert sorted(calls[2:]) == [("a", 1), ("a", 2), ("c", 1), ("c", 2)]


def test_no_passes_hands_in_what_is_stored(tmp_path, capsys):
    problems = tmp_path / "p.txt"
    problems.write_text(small_set(3, seed=9))
    out = tmp_path / "a.txt"
    assert run_cli("batch", str(problems), "-o", str(out), "--workers", "1") == 0
    first = out.read_text()
    out.unlink()
    assert run_cli("batch", str(problems), "-o", str(out), "--passes", "0") == 0
    assert out.read_text() == first
    assert "this run: 0 attempts" in capsys.readouterr().err


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no named pipes")
def test_answers_to_a_pipe_are_written_into_it_never_over_it(tmp_path):
    """``-o`` naming something that is not a regular file (a pipe here; /dev/full as
    root would be a device) is written in place: never replaced by a rename."""
    import stat
    import threading

    problems = tmp_path / "p.txt"
    problems.write_text(small_set(3, seed=5))
    pipe = tmp_path / "answers"
    os.mkfifo(pipe)
    received: list[str] = []
    done = threading.Event()

    def read() -> None:  # the answers are written after each pass: each time, read
        while not done.is_set():
            received.append(pipe.read_text())

    reader = threading.Thread(target=read, daemon=True)
    reader.start()
    assert run_cli("batch", str(problems), "-o", str(pipe), "--workers", "1",
                   "--passes", "1") == 0
    done.set()
    deadline = time.monotonic() + 30
    while reader.is_alive() and time.monotonic() < deadline:
        # end the reader's last open (it may be between two reads: try again)
        with contextlib.suppress(OSError):
            os.close(os.open(pipe, os.O_WRONLY | os.O_NONBLOCK))
        reader.join(0.1)
    assert not reader.is_alive()
    assert stat.S_ISFIFO(os.stat(pipe).st_mode)
    # answers are written after each pass and at the end; two writes may be read as one
    lines = "".join(received).splitlines()
    assert lines and len(lines) % 3 == 0
