"""The families install as ``cpsolve.models``: an unrelated top-level ``models``
package (common in data-science environments, and python-sat's ``models.py``
script) breaks nothing, installed from a fresh clone either way."""

from __future__ import annotations

import os
import subprocess
import sys
import venv
from pathlib import Path

import pytest

from tests.support.cli import run

if sys.version_info >= (3, 11):
    import tomllib
else:
    import tomli as tomllib

ROOT = Path(__file__).resolve().parents[2]
SEED = ROOT / "examples" / "akari" / "seed-7x7.txt"


def plant_models(where: Path) -> Path:
    """A top-level package ``models`` that breaks any import of it."""
    package = where / "models"
    package.mkdir(parents=True)
    (package / "__init__.py").write_text("raise ImportError('an unrelated models package')\n")
    (package / "akari.py").write_text("raise ImportError('not the Akari family')\n")
    return where


def test_an_unrelated_models_package_on_the_path_breaks_nothing(tmp_path):
    planted = plant_models(tmp_path / "site")
    env = {**os.environ, "PYTHONPATH": str(planted)}
    done = run("akari", str(SEED), "--unique", env=env)
    assert done.returncode == 0, done.stderr
    assert done.stdout.endswith("unique\n")
    slide = run("slide", "3,3,168452=30", env=env)
    head, plan = slide.stdout.splitlines()
    assert slide.returncode == 0 and head == "16 moves, optimal" and len(plan) == 16


def test_a_models_script_beside_the_command_breaks_nothing(tmp_path):
    """python-sat installs a script ``models.py`` into the environment's ``bin``: the
    directory Python puts first on the path of the ``cpsolve`` script."""
    (tmp_path / "models.py").write_text("raise ImportError('a script named models')\n")
    env = {**os.environ, "PYTHONPATH": str(tmp_path)}
    done = run("akari", str(SEED), env=env)
    assert done.returncode == 0, done.stderr


def test_every_family_folder_is_a_package_that_installs():
    """setup.py finds each family's package (models/NAME as cpsolve.models.NAME) and
    every package of the kit, none listed by hand; the entry points name installed
    objects."""
    from setuptools import find_packages

    project = tomllib.loads((ROOT / "pyproject.toml").read_text())
    assert "packages" not in project["tool"]["setuptools"]  # found, never listed
    found = {*find_packages(str(ROOT), include=["cpsolve", "cpsolve.*"]),
             *(f"cpsolve.models.{name}" for name in find_packages(str(ROOT / "models")))}
    folders = {f"cpsolve.models.{path.parent.name}"
               for path in (ROOT / "models").glob("*/__init__.py")}
    assert folders <= found, f"not found by setup.py: {folders - found}"
    packages = {".".join(("cpsolve", *path.parent.relative_to(ROOT / "cpsolve").parts))
                for path in (ROOT / "cpsolve").rglob("*.py") if "__pycache__" not in path.parts}
    assert packages <= found, f"folders of modules without __init__.py: {packages - found}"
    for name, target in project["project"]["entry-points"]["cpsolve.models"].items():
        assert target.startswith("cpsolve.models.") and target.endswith(":FAMILY"), name


def _venv(where: Path) -> Path:
    venv.EnvBuilder(with_pip=True).create(where)
    return where / "bin" / "python"


@pytest.mark.slow
@pytest.mark.parametrize("editable", [False, True], ids=["install", "editable"])
def test_fresh_clone_installs_beside_a_models_package(tmp_path, editable):
    """``pip install .`` and ``pip install -e .`` from a fresh clone, each in a fresh
    environment that already holds a top-level ``models`` package; then the README's
    first command's job, and the test suite's command on one test file."""
    clone = tmp_path / "clone"
    subprocess.run(["git", "clone", "-q", str(ROOT), str(clone)], check=True)
    python = _venv(tmp_path / "env")
    site = next((tmp_path / "env" / "lib").glob("python3*/site-packages"))
    plant_models(site)
    target = ["-e", f"{clone}[test]"] if editable else [f"{clone}[test]"]
    subprocess.run([str(python), "-m", "pip", "install", "-q", *target], check=True,
                   timeout=1200)
    cpsolve = tmp_path / "env" / "bin" / "cpsolve"
    done = subprocess.run([str(cpsolve), "akari", str(clone / "examples" / "akari" /
                                                     "seed-18x10.txt"), "--unique"],
                          capture_output=True, text=True, cwd=tmp_path, timeout=300)
    assert done.returncode == 0 and done.stdout.endswith("unique\n"), done.stderr
    # The README's test command (python -m pytest) for the editable install; for the
    # installed copy, pytest must import cpsolve from the environment, not from the
    # clone's folder: its own script (not python -m, which puts the folder first) and
    # the tests' folder appended to the path.
    command = ([str(python), "-m", "pytest"] if editable else
               [str(tmp_path / "env" / "bin" / "pytest"), "--import-mode=append"])
    tests = subprocess.run([*command, "-q", "-x", "-p", "no:cacheprovider",
                            "tests/kit/test_contract.py"], capture_output=True, text=True,
                           cwd=clone, timeout=1200)
    assert tests.returncode == 0, tests.stdout[-2000:] + tests.stderr[-2000:]
    probe = subprocess.run([str(python), "-c", "import cpsolve.models.akari as a, sys; "
                            "print(a.__file__)"], capture_output=True, text=True,
                           cwd=tmp_path)
    assert "models" in probe.stdout and probe.returncode == 0, probe.stderr


@pytest.mark.parametrize(("words", "expected"), [
    ("cpsolve ak", "akari"), ("cpsolve akari --time-l", "--time-limit"),
    ("cpsolve generate sud", "sudoku")])
def test_the_shell_completes_as_the_usage_page_says(words, expected):
    """docs/usage.md: Click's completion, from the installed command."""
    for shell in ("bash_source", "zsh_source", "fish_source"):
        script = run(env={**os.environ, "_CPSOLVE_COMPLETE": shell})
        assert script.returncode == 0 and "_CPSOLVE_COMPLETE" in script.stdout
    done = run(env={**os.environ, "_CPSOLVE_COMPLETE": "bash_complete",
                    "COMP_WORDS": words, "COMP_CWORD": str(len(words.split()) - 1)})
    assert f"plain,{expected}" in done.stdout.splitlines(), done.stdout
