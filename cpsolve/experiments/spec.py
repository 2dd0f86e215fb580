"""The experiment spec: a TOML file declaring instances, methods, seeds and limits.

::

    name = "akari-cards"              # the experiment (default: the file's stem)
    seeds = [0]                       # repetitions; passed as seed= where solve() takes one
                                      # (0 to 2**63 - 1)
    [limits]
    time = 10                         # wall seconds per run, enforced by a kill (at most
                                      # a year, 31,536,000)
    memory = 2048                     # MB of address space per run (RLIMIT_AS; at most
                                      # 16,777,216, 16 TB)

    [[instances]]
    family = "akari"
    files = ["../akari/*.txt"]        # globs, relative to the spec's directory

    [[instances]]
    family = "akari"
    generator = "generators.py:akari" # FILE.py:function or package.module:function
    params = { width = [10, 20], height = 10 }   # lists expand as a product
    seeds = [1, 2, 3]                 # generator seeds (or count = N, from seed 0; at
                                      # most 100,000 instances a generator table)

    [[methods]]
    family = "akari"
    name = "sat"
    backend = "sat"                   # every other key is an option of the family's solve()
    card = ["direct", "totalizer"]    # lists expand as a product: sat-direct, sat-totalizer
    certify = true                    # also certify what each run proves (no solve()
                                      # option: docs/certificates.md); its seconds are
                                      # in the run's stats, certificate_seconds

    [families]                        # optional: families not installed as entry points
    mine = "my_module"                # its FAMILY (or "my_module:OBJECT"), importable
                                      # from the spec's directory

The run matrix is every method x every instance of the same family x every seed.
Generators are called as ``function(seed=s, **params)`` and return the board as text in
a format the family's ``parse`` reads; the text is stored with the results, so a run
can be repeated without the generator.

Errors name the spec file and the line where the problem is; values past the maxima
above (and a matrix of more than a million runs) are refused before anything is built.
"""

from __future__ import annotations

import functools
import glob
import hashlib
import importlib
import importlib.util
import itertools
import json
import os
import re
import sys
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field, replace
from typing import Any, cast

from cpsolve import registry
from cpsolve.errors import CpsolveError, InputError, TooLarge, UsageError
from cpsolve.family import Family
from cpsolve.limits import MAX_SECONDS, MAX_SEED, fits

try:
    import tomllib
except ModuleNotFoundError:  # Python 3.10
    import tomli as tomllib  # type: ignore[no-redef]

# Options the runner sets itself: the spec sets them through [limits] and seeds.
RESERVED = ("time_limit", "seed", "log")
# A method key that is no option of solve(): the run certifies what the solve proved
# (docs/certificates.md) and records the seconds it took in its stats.
CERTIFY = "certify"
DEFAULT_TIME = 60.0
# The largest values a spec may give, refused before anything is built: seeds as
# ``cpsolve generate`` takes them, a year of wall time (MAX_SECONDS), 16 TB of memory,
# and the most instances one generator table makes and runs one spec holds.
MAX_MEMORY_MB = 1 << 24
MAX_COUNT = 100_000
# Board text a generator table may make before its whole set is estimated against the
# memory, and again each time what is held doubles (the instances are kept to be run: a
# hundred thousand boards of a megabyte each would need a hundred gigabytes).
BOARD_BYTES_CHECKED = 1 << 20
MAX_RUNS = 1_000_000


@dataclass(frozen=True)
class Instance:
    """One puzzle: its family, a name for tables, where it came from, its text."""

    family: str
    name: str
    source: str
    text: str

    @property
    def sha(self) -> str:
        return hashlib.sha256(self.text.encode()).hexdigest()[:16]


@dataclass(frozen=True)
class Method:
    """One way to solve a family: a name and the keyword options of its ``solve``."""

    family: str
    name: str
    options: tuple[tuple[str, Any], ...]

    @property
    def option_dict(self) -> dict[str, Any]:
        return dict(self.options)


@dataclass(frozen=True)
class Limits:
    """Per-run limits: wall seconds and MB of address space (``None``: no limit)."""

    time: float = DEFAULT_TIME
    memory: int | None = None


@dataclass(frozen=True)
class Run:
    """One cell of the matrix."""

    experiment: str
    module: str
    method: Method
    instance: Instance
    seed: int
    limits: Limits
    path: tuple[str, ...] = ()

    @property
    def key(self) -> str:
        """What makes a run the same run: a rerun with this key is skipped. The
        instance is its text, not its name, so renaming a file reruns nothing."""
        ident = {"experiment": self.experiment, "family": self.method.family,
                 "method": self.method.name, "options": self.method.option_dict,
                 "text": self.instance.sha, "seed": self.seed,
                 "time": self.limits.time, "memory": self.limits.memory}
        return hashlib.sha256(json.dumps(ident, sort_keys=True, default=str).encode()
                              ).hexdigest()[:24]


@dataclass
class Spec:
    """A loaded spec: its text, the instances, methods, seeds and limits."""

    name: str
    path: str
    text: str
    instances: list[Instance]
    methods: list[Method]
    seeds: list[int]
    limits: Limits
    modules: dict[str, str] = field(default_factory=dict)  # family -> module path
    declared: frozenset[str] = frozenset()  # families named in [families]

    @property
    def sha(self) -> str:
        return hashlib.sha256(self.text.encode()).hexdigest()[:16]

    def runs(self) -> list[Run]:
        """The matrix: methods x instances of their family x seeds, in that order
        (an instance whose text another has already is run once)."""
        here = (os.path.dirname(os.path.abspath(self.path)),)
        runs = [Run(self.name, self.modules[m.family], m, i, s, self.limits,
                    here if m.family in self.declared else ())
                for m in self.methods for i in self.instances if i.family == m.family
                for s in self.seeds]
        unique: dict[str, Run] = {}
        for run in runs:
            unique.setdefault(run.key, run)
        return list(unique.values())

    def with_time(self, seconds: float) -> Spec:
        """The same spec under another wall-time limit."""
        return replace(self, limits=Limits(time=seconds, memory=self.limits.memory))


class _Locator:
    """Lines of the spec's text, to name the line of a problem tomllib cannot see."""

    def __init__(self, path: str, text: str) -> None:
        self.path = path
        self.lines = text.splitlines()

    def line(self, table: str | None, index: int = 0, key: str | None = None) -> int | None:
        header = re.compile(r"^\s*\[")
        if table is None:
            start = 0
        else:
            pattern = re.compile(rf"^\s*\[\[?\s*{re.escape(table)}\s*\]\]?\s*(#.*)?$")
            heads = [n for n, text in enumerate(self.lines) if pattern.match(text)]
            if index >= len(heads):
                return None
            start = heads[index]
            if key is None:
                return start + 1
        if key is not None:
            wanted = re.compile(rf"^\s*{re.escape(key)}\s*=")
            for n in range(start + (table is not None), len(self.lines)):
                if header.match(self.lines[n]):
                    break
                if wanted.match(self.lines[n]):
                    return n + 1
        return start + 1 if table is not None else None

    def error(self, message: str, table: str | None = None, index: int = 0,
              key: str | None = None) -> InputError:
        return InputError(message, source=self.path, line=self.line(table, index, key))


def load(path: str, make: Maker | None = None) -> Spec:
    """Read and check the spec at ``path``; an :class:`InputError` names the line.
    ``make`` makes the generated boards (see :data:`Maker`; default: here, one by
    one), once everything else in the spec has been checked."""
    try:
        with open(path, encoding="utf-8") as handle:
            text = handle.read()
    except UnicodeDecodeError as error:
        raise InputError(f"not a text file ({error.reason})", source=path) from None
    except OSError as error:
        raise InputError(error.strerror or str(error), source=path) from None
    return parse(text, path, make)


def parse(text: str, path: str = "<spec>", make: Maker | None = None) -> Spec:
    """The spec in ``text``; relative paths are relative to ``path``'s directory."""
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        line, column = _position(str(error))
        message = re.sub(r"\s*\(at line \d+, column \d+\)$", "", str(error))
        message = re.sub(r"\s*\(at end of document\)$", "", message)
        raise InputError(message, source=path, line=line, column=column) from None
    where = _Locator(path, text)
    known = {"name", "seeds", "limits", "instances", "methods", "families"}
    for key, value in data.items():
        if key not in known:
            # A table ([limit]) has a header line, not a key line.
            table = key if isinstance(value, (dict, list)) and where.line(key) else None
            raise where.error(f"unknown key {key!r} (known: {', '.join(sorted(known))})",
                              table, key=None if table else key)
    base = os.path.dirname(os.path.abspath(path))
    name = data.get("name", os.path.splitext(os.path.basename(path))[0])
    if not isinstance(name, str) or not name:
        raise where.error("name must be a non-empty string", key="name")
    seeds = _seeds(data.get("seeds", [0]), where, None)
    limits = _limits(data.get("limits", {}), where)
    modules = _families(data.get("families", {}), where, base)
    declared = frozenset(modules)
    listed = _instances(data.get("instances", []), where, base, modules)
    methods = _methods(data.get("methods", []), where, modules)
    if not listed:
        raise where.error("no instances: add [[instances]] tables")
    if not methods:
        raise where.error("no methods: add [[methods]] tables")
    per_family: dict[str, int] = {}
    for instance in listed:
        per_family[instance.family] = per_family.get(instance.family, 0) + 1
    planned = len(seeds) * sum(per_family.get(m.family, 0) for m in methods)
    if planned > MAX_RUNS:
        raise where.error(f"{planned:,} runs (methods x instances x seeds): at most "
                          f"{MAX_RUNS:,} in one spec")
    families = {i.family for i in listed}
    for index, table in enumerate(data["methods"]):
        if table["family"] not in families:
            raise where.error(f"no {table['family']} instances for this method", "methods",
                              index, "family")
    for index, table in enumerate(data["instances"]):
        if table["family"] not in {m.family for m in methods}:
            raise where.error(f"no {table['family']} method for these instances",
                              "instances", index, "family")
    instances = _made(listed, where, modules, make or make_here)
    return Spec(name, path, text, instances, methods, list(dict.fromkeys(seeds)), limits,
                {family: module for family, (module, _) in modules.items()}, declared)


def _position(message: str) -> tuple[int | None, int | None]:
    found = re.search(r"at line (\d+), column (\d+)", message)
    return (int(found.group(1)), int(found.group(2))) if found else (None, None)


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _seeds(value: Any, where: _Locator, table: str | None, index: int = 0) -> list[int]:
    """``value`` as a list of seeds, or an error at the ``seeds`` key of the table."""
    if not isinstance(value, list) or not value or not all(_is_int(s) for s in value):
        raise where.error("seeds must be a non-empty list of integers", table, index,
                          "seeds")
    if not all(0 <= seed <= MAX_SEED for seed in value):
        raise where.error("a seed is a whole number from 0 to 2**63 - 1", table, index,
                          "seeds")
    return value


def _tables(value: Any, where: _Locator, name: str) -> list[dict[str, Any]]:
    """``value`` as an array of tables ``[[name]]``, or an error at the first entry
    that is not one."""
    if not isinstance(value, list):
        raise where.error(f"{name} must be an array of tables: [[{name}]]", key=name)
    for entry in value:
        if not isinstance(entry, dict):
            raise where.error(f"{name} must be an array of tables: [[{name}]], not "
                              f"{type(entry).__name__} {entry!r}", key=name)
    return value


def _no_empty_lists(values: dict[str, Any], where: _Locator, table: str, index: int,
                    within: str | None = None) -> None:
    """An empty list expands to nothing: say so, at its line."""
    for key, value in values.items():
        if value == []:
            whose = f" in {within}" if within else ""
            raise where.error(f"{key} = []{whose}: an empty list leaves nothing to run; "
                              "give one value or more", table, index, within or key)


def _limits(table: Any, where: _Locator) -> Limits:
    if not isinstance(table, dict):
        raise where.error("limits must be a table: [limits]", key="limits")
    for key in table:
        if key not in ("time", "memory"):
            raise where.error(f"unknown limit {key!r} (known: time, memory)", "limits", 0, key)
    time = table.get("time", DEFAULT_TIME)
    if isinstance(time, bool) or not isinstance(time, (int, float)) or not time > 0:
        raise where.error("time must be a positive number of seconds", "limits", 0, "time")
    if not time <= MAX_SECONDS:
        raise where.error(f"time must be at most {MAX_SECONDS:,.0f} seconds (a year)",
                          "limits", 0, "time")
    memory = table.get("memory")
    if memory is not None and (not _is_int(memory) or not 0 < memory <= MAX_MEMORY_MB):
        raise where.error(f"memory must be a whole number of megabytes from 1 to "
                          f"{MAX_MEMORY_MB:,} (16 TB)", "limits", 0, "memory")
    return Limits(float(time), memory)


def _families(table: Any, where: _Locator, base: str) -> dict[str, tuple[str, Family]]:
    """Every family name declared in the spec -> (where it lives, the family);
    registered families are added as they are named (see :func:`_family`)."""
    if not isinstance(table, dict):
        raise where.error("families must be a table: [families]", key="families")
    found: dict[str, tuple[str, Family]] = {}
    for name, target in table.items():
        if not isinstance(target, str):
            raise where.error(f"family {name!r}: a module name, as a string", "families", 0,
                              name)
        try:
            with _importable(base):
                found[name] = (target, registry.resolve(target))
        except CpsolveError as error:
            raise where.error(f"family {name!r}: {error}", "families", 0, name) from None
    return found


class _importable:
    """The spec's directory on the import path for the duration of a block."""

    def __init__(self, base: str) -> None:
        self.base = base

    def __enter__(self) -> None:
        sys.path.insert(0, self.base)

    def __exit__(self, *_: object) -> None:
        if self.base in sys.path:
            sys.path.remove(self.base)


def _family(name: Any, modules: dict[str, tuple[str, Family]], where: _Locator,
            table: str, index: int) -> Family:
    if not isinstance(name, str):
        raise where.error("family must be a puzzle family's name", table, index, "family")
    if name not in modules:
        if name not in registry.names():
            known = ", ".join(sorted(set(registry.names()) | set(modules)))
            raise where.error(f"unknown puzzle family {name!r} (known: {known})", table, index,
                              "family")
        try:
            modules[name] = (registry.target(name), registry.load(name))
        except CpsolveError as error:
            raise where.error(str(error), table, index, "family") from None
    return modules[name][1]


def _product(values: dict[str, Any]) -> list[dict[str, Any]]:
    """Every combination of the list-valued entries (other entries fixed)."""
    keys = list(values)
    axes = [v if isinstance(v, list) else [v] for v in values.values()]
    return [dict(zip(keys, combo)) for combo in itertools.product(*axes)]


def _instances(tables: Any, where: _Locator, base: str,
               modules: dict[str, tuple[str, Family]]) -> list[Instance | Pending]:
    found: list[Instance | Pending] = []
    origin: list[int] = []  # the table each instance came from
    for index, table in enumerate(_tables(tables, where, "instances")):
        known = {"family", "files", "generator", "params", "seeds", "count", "name"}
        for key in table:
            if key not in known:
                raise where.error(f"unknown key {key!r} in [[instances]] (known: "
                                  f"{', '.join(sorted(known))})", "instances", index, key)
        module = _family(table.get("family"), modules, where, "instances", index)
        family = table["family"]
        if ("files" in table) == ("generator" in table):
            raise where.error("an [[instances]] table needs files or a generator (one of "
                              "them)", "instances", index)
        made: Sequence[Instance | Pending]
        if "files" in table:
            made = files = _from_files(table, where, index, base, family)
            for read in files:
                _parsed(module, read)
        else:
            made = _generated(table, where, index, base, family)
        found.extend(made)
        origin.extend(index for _ in made)
    seen: set[tuple[str, str]] = set()
    for at, instance in enumerate(found):
        family, name = instance.family, instance.name
        if (family, name) in seen:
            table = tables[origin[at]]
            key = "name" if "name" in table else "files" if "files" in table else "generator"
            raise where.error(f"two {family} instances are named {name!r}", "instances",
                              origin[at], key)
        seen.add((family, name))
    return found


def _parsed(module: Family, instance: Instance) -> None:
    try:
        module.parse(instance.text)
    except InputError as error:
        raise error.located(instance.source) from None


def _from_files(table: dict[str, Any], where: _Locator, index: int, base: str,
                family: str) -> list[Instance]:
    patterns = table["files"]
    if isinstance(patterns, str):
        patterns = [patterns]
    if not isinstance(patterns, list) or not all(isinstance(p, str) for p in patterns):
        raise where.error("files must be a list of paths or globs", "instances", index,
                          "files")
    files: list[str] = []
    for pattern in patterns:
        full = os.path.join(base, os.path.expanduser(pattern))
        paths = sorted(p for p in glob.glob(full, recursive=True) if os.path.isfile(p))
        if not paths:
            raise where.error(f"no file matches {pattern!r}", "instances", index, "files")
        files.extend(os.path.normpath(p) for p in paths if os.path.normpath(p) not in files)
    found = []
    for file in files:
        try:
            with open(file, encoding="utf-8") as handle:
                text = handle.read()
        except (OSError, UnicodeDecodeError) as error:
            raise where.error(f"cannot read {file}: {error}", "instances", index,
                              "files") from None
        # Named by the path from the spec's directory: a name other files never change.
        found.append(Instance(family, os.path.relpath(file, base), file, text))
    return found


@functools.cache
def load_generator(spec: str, base: str) -> Callable[..., Any]:
    """The function a generator table names (``FILE.py:function`` relative to ``base``,
    or ``module:function``), loaded once per process; any error of its file is
    raised as it is."""
    module_name, _, function = spec.rpartition(":")
    if module_name.endswith(".py"):
        file = os.path.join(base, module_name)
        loaded = importlib.util.spec_from_file_location(
            "cpsolve_generator_" + hashlib.sha1(file.encode()).hexdigest()[:8], file)
        if loaded is None or loaded.loader is None or not os.path.exists(file):
            raise ImportError(f"no file {module_name}")
        module = importlib.util.module_from_spec(loaded)
        with _importable(base):
            loaded.loader.exec_module(module)
    else:
        with _importable(base):
            module = importlib.import_module(module_name)
    found = getattr(module, function, None)
    if not callable(found):
        raise LookupError(f"{module_name} has no function {function!r}")
    return cast("Callable[..., Any]", found)


def _generator(spec: Any, where: _Locator, index: int, base: str) -> Callable[..., Any]:
    if not isinstance(spec, str) or ":" not in spec:
        raise where.error("generator must be 'FILE.py:function' or 'module:function'",
                          "instances", index, "generator")
    try:
        return load_generator(spec, base)
    except LookupError as error:
        raise where.error(str(error), "instances", index, "generator") from None
    except Exception as error:  # the file runs: any error of its code is the spec's
        raise where.error(f"cannot load generator {spec!r}: {_because(error)}", "instances",
                          index, "generator") from None


@dataclass(frozen=True)
class Call:
    """One board a generator table asks for: ``generator(seed=seed, **params)``.
    ``fingerprint`` names what the board depends on (the generator's source, the
    function, its arguments, cpsolve's version), for a store that keeps boards made."""

    generator: str
    base: str
    params: tuple[tuple[str, Any], ...]
    seed: int
    fingerprint: str


@dataclass(frozen=True)
class Pending:
    """A generated instance whose board is still to be made."""

    family: str
    name: str
    source: str
    call: Call
    table: int  # the [[instances]] table that asks for it


# Makes the boards of a list of calls, yielding (index, what make_board returned) in
# any order; the command line's maker runs them on the local processors and keeps them
# in the results store.
Maker = Callable[[list[Call]], Iterable[tuple[int, tuple[str, str]]]]


def make_board(call: Call) -> tuple[str, str]:
    """Make one board: ``("board", text)``, or ``("error", why)`` (the generator
    raised), ``("returned", the type's name)`` (it returned no text) or ``("memory",
    "")``. Never raises for a generator's fault: it may run in a worker process."""
    try:
        text = load_generator(call.generator, call.base)(seed=call.seed, **dict(call.params))
    except MemoryError:
        return "memory", ""
    except Exception as error:  # a generator's bug is reported, not a traceback
        return "error", _because(error)
    if not isinstance(text, str):
        return "returned", type(text).__name__
    return "board", text


def make_here(calls: list[Call]) -> Iterator[tuple[int, tuple[str, str]]]:
    """The default :data:`Maker`: each board in this process, in order."""
    for index, call in enumerate(calls):
        yield index, make_board(call)


@functools.cache
def _source(generator: str, base: str) -> str:
    """The digest of a generator's source file (its module's name where it has none)."""
    module_name = generator.rpartition(":")[0]
    if module_name.endswith(".py"):
        where: str | None = os.path.join(base, module_name)
    else:
        with _importable(base):
            found = importlib.util.find_spec(module_name)
        where = found.origin if found is not None else None
    try:
        with open(where or "", "rb") as handle:
            return hashlib.sha256(handle.read()).hexdigest()
    except OSError:
        return module_name


def _fingerprint(generator: str, base: str, combo: dict[str, Any], seed: int) -> str:
    from cpsolve import __version__

    ident = [_source(generator, base), generator.rpartition(":")[2], combo, seed,
             __version__]
    return hashlib.sha256(json.dumps(ident, sort_keys=True, default=str).encode()
                          ).hexdigest()[:24]


def _generated(table: dict[str, Any], where: _Locator, index: int, base: str,
               family: str) -> list[Pending]:
    function = _generator(table["generator"], where, index, base)
    params = table.get("params", {})
    if not isinstance(params, dict):
        raise where.error("params must be a table", "instances", index, "params")
    _no_empty_lists(params, where, "instances", index, "params")
    if "seeds" in table and "count" in table:
        raise where.error("give seeds or count, not both", "instances", index, "count")
    if "count" in table:
        if not _is_int(table["count"]) or not 1 <= table["count"] <= MAX_COUNT:
            raise where.error(f"count must be a whole number from 1 to {MAX_COUNT:,}",
                              "instances", index, "count")
        seeds = list(range(table["count"]))
    else:
        seeds = _seeds(table.get("seeds", [0]), where, "instances", index)
    template = table.get("name")
    combos = 1
    for value in params.values():
        combos *= len(value) if isinstance(value, list) else 1
    if combos * len(seeds) > MAX_COUNT:
        raise where.error(f"{combos * len(seeds):,} instances from one generator: at most "
                          f"{MAX_COUNT:,}", "instances", index, "generator")
    found: list[Pending] = []
    for combo in _product(params):
        for seed in seeds:
            if template is not None:
                try:
                    name = str(template).format(seed=seed, **combo)
                except (KeyError, IndexError, ValueError) as error:
                    raise where.error(f"name template {template!r}: {error}", "instances",
                                      index, "name") from None
            else:
                shown = "-".join(f"{key}{value}" for key, value in combo.items())
                name = "-".join(part for part in (function.__name__, shown, f"s{seed}")
                                if part)
            source = f"{table['generator']}({', '.join(f'{k}={v}' for k, v in combo.items())}"
            call = Call(table["generator"], base, tuple(combo.items()), seed,
                        _fingerprint(table["generator"], base, combo, seed))
            found.append(Pending(family, name, f"{source}, seed={seed})", call, index))
    return found


def _made(listed: list[Instance | Pending], where: _Locator,
          modules: dict[str, tuple[str, Family]], make: Maker) -> list[Instance]:
    """The instances, their boards made (by ``make``) and read by their families; a
    generator's failure names its table's line."""
    pending = [(at, item) for at, item in enumerate(listed) if isinstance(item, Pending)]
    if not pending:
        return [item for item in listed if isinstance(item, Instance)]
    texts: dict[int, str] = {}
    held = 0  # characters of board text kept so far: refused before they cannot fit
    look_at = BOARD_BYTES_CHECKED  # the next size at which the whole set is estimated
    made = make([item.call for _, item in pending])
    try:
        for index, (kind, value) in made:
            at, item = pending[index]
            generator = item.call.generator
            if kind == "memory":
                raise TooLarge(f"generator {generator}'s boards do not fit in memory "
                               f"({len(texts):,} made)")
            if kind == "returned":
                raise where.error(f"generator {generator} returned {value}, not board text",
                                  "instances", item.table, "generator")
            if kind != "board":
                raise where.error(f"generator {generator} with {dict(item.call.params)}, "
                                  f"seed {item.call.seed}: {value}", "instances", item.table,
                                  "generator")
            texts[at] = value
            held += len(value)
            if held >= look_at:
                fits(held * len(pending) // len(texts),
                     f"the boards of generator {generator} ({len(pending):,} instances, "
                     f"{len(texts):,} made)")
                look_at = 2 * held
    finally:
        close = getattr(made, "close", None)
        if close is not None:
            close()  # the boards still being made are given up
    found: list[Instance] = []
    for at, each in enumerate(listed):
        if isinstance(each, Pending):
            instance = Instance(each.family, each.name, each.source, texts[at])
            _parsed(modules[each.family][1], instance)
            found.append(instance)
        else:
            found.append(each)
    return found


def _because(error: BaseException) -> str:
    """An exception in one line: its type, its message, and for a syntax error the
    line of the file it is in."""
    if isinstance(error, SyntaxError) and error.lineno is not None:
        return f"SyntaxError: {error.msg} ({os.path.basename(error.filename or '?')}, " \
               f"line {error.lineno})"
    return f"{type(error).__name__}: {error}"


def _shown(key: str, value: Any) -> str:
    """An option's value in a method's name: ``prune`` / ``no-prune`` for flags.

    >>> _shown("prune", False), _shown("card", "totalizer")
    ('no-prune', 'totalizer')
    """
    if isinstance(value, bool):
        return key.replace("_", "-") if value else "no-" + key.replace("_", "-")
    return str(value)


def _named(base_name: str | None, options: dict[str, Any]
           ) -> list[tuple[str, dict[str, Any]]]:
    """The methods of one [[methods]] table: each combination of its options, named
    by the table's name and the values of the options that vary (or by every value)."""
    axes = [key for key, value in options.items() if isinstance(value, list)]
    found = []
    for combo in _product(options):
        if base_name is None:
            parts = [_shown(key, value) for key, value in combo.items()] or ["default"]
        else:
            parts = [base_name] + [_shown(key, combo[key]) for key in axes]
        found.append(("-".join(parts), combo))
    return found


def _checked(family: Family, combo: dict[str, Any], where: _Locator, index: int,
             name: str) -> None:
    """Refuse, before any run, a method whose options ``solve()`` would refuse (a
    misspelt value, an option its backend or method does not take), naming the line
    of the option at fault (the table's, when none can be named)."""
    if family.check_options is None:
        return
    try:
        family.check_options({k: v for k, v in combo.items() if k != CERTIFY})
    except UsageError as error:
        message = str(error)
        key = next((k for k in combo if f"--{k.replace('_', '-')}" in message
                    or f" {k} " in f" {message} "), None)
        raise where.error(f"{name} method: {message}", "methods", index, key) from None


def method_names(text: str) -> set[tuple[str, str]] | None:
    """The (family, method) pairs the spec ``text`` declares, read without loading any
    family (``None`` when the text is not a spec this version reads)."""
    try:
        tables = tomllib.loads(text).get("methods")
    except tomllib.TOMLDecodeError:
        return None
    if not isinstance(tables, list) or not all(isinstance(t, dict) for t in tables):
        return None
    found = set()
    for table in tables:
        options = {key: value for key, value in table.items() if key not in ("family", "name")}
        base_name = table.get("name")
        for name, _ in _named(base_name if isinstance(base_name, str) else None, options):
            found.add((str(table.get("family")), name))
    return found


def _methods(tables: Any, where: _Locator,
             modules: dict[str, tuple[str, Family]]) -> list[Method]:
    found: list[Method] = []
    origin: list[int] = []  # the table each method came from
    for index, table in enumerate(_tables(tables, where, "methods")):
        module = _family(table.get("family"), modules, where, "methods", index)
        options = {key: value for key, value in table.items() if key not in ("family", "name")}
        _no_empty_lists(options, where, "methods", index)
        for key in options:
            if key in RESERVED:
                raise where.error(f"{key} is set by the runner ([limits] time, seeds)",
                                  "methods", index, key)
            if key == CERTIFY:
                if module.rules is None:
                    raise where.error(f"{table['family']} has no certificates", "methods",
                                      index, key)
                if not all(isinstance(v, bool) for v in (
                        options[key] if isinstance(options[key], list) else [options[key]])):
                    raise where.error("certify is true or false", "methods", index, key)
                continue
            if not module.takes(key):
                known = ", ".join(k for k in module.options if k not in RESERVED)
                raise where.error(f"{table['family']}'s solve() takes no option {key!r} "
                                  f"(known: {known})", "methods", index, key)
        base_name = table.get("name")
        if base_name is not None and not isinstance(base_name, str):
            raise where.error("name must be a string", "methods", index, "name")
        combos = 1
        for value in options.values():
            combos *= len(value) if isinstance(value, list) else 1
        if combos > MAX_RUNS:
            raise where.error(f"{combos:,} methods from one table: at most {MAX_RUNS:,}",
                              "methods", index)
        for name, combo in _named(base_name, options):
            _checked(module, combo, where, index, table["family"])
            found.append(Method(table["family"], name, tuple(sorted(combo.items()))))
            origin.append(index)
    names = [(m.family, m.name) for m in found]
    for index, (family, name) in enumerate(names):
        if (family, name) in names[:index]:
            raise where.error(f"two {family} methods are named {name!r}; give them names",
                              "methods", origin[index], "name")
    return found
