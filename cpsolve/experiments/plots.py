"""Plots of stored runs, as PNG and SVG bytes (matplotlib, Agg backend, no display).

- cactus: for each method, the number of items decided (x) within a time (y, log
  scale), the virtual best dashed; a method's line further right and lower is better.
- scatter: one point per item, one method's time against another's, log-log; runs
  without an answer sit at 1.5 times the limit, beyond the dotted limit lines.
- horizon: planning runs, seconds per horizon, one line per method, for the
  instances with the most horizons; hollow markers are unsatisfiable horizons, the
  filled one the satisfiable (optimal) horizon, crosses the horizons the time limit
  cut short (status unknown).
"""

from __future__ import annotations

import io
import json
from collections import defaultdict
from typing import Any

from cpsolve.experiments.report import VIRTUAL_BEST, decided, item, table, virtual_best

KINDS = ("cactus", "scatter", "horizon")
UNDECIDED = 1.5  # where the scatter plot puts a run without an answer, times the limit


def horizon_marker(status: str | None, colour: str) -> dict[str, Any]:
    """How a horizon's point is drawn: filled for the satisfiable horizon, hollow for
    an unsatisfiable one, a cross for one the time limit cut (nothing proven)."""
    if status == "sat":
        return {"marker": "o", "markerfacecolor": colour}
    if status == "unsat":
        return {"marker": "o", "markerfacecolor": "white"}
    return {"marker": "x", "markersize": 7}


def _figure(width: float = 7.0, height: float = 4.5) -> Any:
    import matplotlib

    matplotlib.use("Agg")
    from matplotlib.figure import Figure

    return Figure(figsize=(width, height), layout="constrained")


def _save(figure: Any) -> dict[str, bytes]:
    out = {}
    for fmt in ("png", "svg"):
        buffer = io.BytesIO()
        figure.savefig(buffer, format=fmt, dpi=120)
        out[fmt] = buffer.getvalue()
    return out


def ranked_methods(rows: list[dict[str, Any]]) -> list[str]:
    """The methods of ``rows``, the one deciding most first (ties: lower PAR-2)."""
    return [line.method for line in table(rows) if line.method != VIRTUAL_BEST]


def cactus(rows: list[dict[str, Any]], title: str) -> dict[str, bytes]:
    """Items decided against time, one line per method and the virtual best."""
    from matplotlib.ticker import MaxNLocator

    figure = _figure()
    axes = figure.subplots()
    limit = max(float(r["time_limit"]) for r in rows)
    lines = [(m, [r for r in rows if r["method"] == m]) for m in ranked_methods(rows)]
    if len(lines) > 1:
        lines.append((VIRTUAL_BEST, virtual_best(rows)))
    for method, group in lines:
        times = sorted(max(float(r["seconds"]), 1e-4) for r in group if decided(r))
        style = {"linestyle": "--", "color": "black"} if method == VIRTUAL_BEST else {}
        axes.plot(range(1, len(times) + 1), times, marker="o", markersize=3,
                  label=f"{method} ({len(times)})", **style)
    axes.axhline(limit, color="grey", linestyle=":", linewidth=1)
    axes.set_yscale("log")
    axes.set_xlabel("items decided")
    axes.xaxis.set_major_locator(MaxNLocator(integer=True))
    axes.set_ylabel("seconds (log)")
    axes.set_xlim(left=0)
    axes.set_title(title)
    axes.grid(True, which="both", alpha=0.3)
    axes.legend(fontsize="small", loc="upper left")
    return _save(figure)


def scatter(rows: list[dict[str, Any]], first: str, second: str,
            title: str) -> dict[str, bytes]:
    """Per item, ``first``'s time (x) against ``second``'s (y); an item a method did
    not decide sits at :data:`UNDECIDED` times the limit, past the dotted lines."""
    figure = _figure(5.5, 5.5)
    axes = figure.subplots()
    limit = max(float(r["time_limit"]) for r in rows)
    times: dict[str, dict[tuple[Any, ...], float]] = {first: {}, second: {}}
    for row in rows:
        if row["method"] in times:
            value = max(float(row["seconds"]), 1e-4) if decided(row) else limit * UNDECIDED
            times[row["method"]][item(row)] = value
    shared = sorted(set(times[first]) & set(times[second]))
    xs = [times[first][key] for key in shared]
    ys = [times[second][key] for key in shared]
    low = min([*xs, *ys, limit]) / 2
    axes.plot([low, limit * 2], [low, limit * 2], color="grey", linewidth=1)
    axes.axhline(limit, color="grey", linestyle=":", linewidth=1)
    axes.axvline(limit, color="grey", linestyle=":", linewidth=1)
    axes.scatter(xs, ys, s=16, alpha=0.8)
    axes.set_xscale("log")
    axes.set_yscale("log")
    axes.set_xlim(low, limit * 2)
    axes.set_ylim(low, limit * 2)
    axes.set_xlabel(f"{first}: seconds")
    axes.set_ylabel(f"{second}: seconds")
    faster = sum(x < y for x, y in zip(xs, ys))
    neither = sum(x > limit and y > limit for x, y in zip(xs, ys))
    shown = f"{first} faster on {faster} of {len(shared)}" + (
        f"; {neither} decided by neither (top right)" if neither else "")
    axes.set_title(f"{title}\n{shown}", fontsize="medium")
    axes.grid(True, which="both", alpha=0.3)
    return _save(figure)


def horizon(rows: list[dict[str, Any]], title: str, panels: int = 4) -> dict[str, bytes] | None:
    """Seconds per horizon for the instances with the most horizons (``None`` when no
    run recorded horizons)."""
    by_instance: dict[str, list[tuple[dict[str, Any], list[dict[str, Any]]]]] = defaultdict(list)
    for row in rows:
        records = json.loads(row["horizons"] or "[]") if isinstance(row["horizons"], str) \
            else (row["horizons"] or [])
        records = [h for h in records if h.get("status") != "skipped"]
        if records:
            by_instance[row["instance"]].append((row, records))
    if not by_instance:
        return None
    from matplotlib.ticker import MaxNLocator

    chosen = sorted(by_instance, key=lambda name: -max(
        max(h["horizon"] for h in records) for _, records in by_instance[name]))[:panels]
    columns = min(2, len(chosen))
    rows_needed = (len(chosen) + columns - 1) // columns
    figure = _figure(6.0 * columns, 3.6 * rows_needed)
    grid = figure.subplots(rows_needed, columns, squeeze=False)
    methods = ranked_methods(rows)
    colours = {m: f"C{i % 10}" for i, m in enumerate(methods)}
    for panel, name in zip(grid.flat, chosen):
        seen = set()
        horizons = sorted({h["horizon"] for _, records in by_instance[name] for h in records})
        for row, records in sorted(by_instance[name], key=lambda pair: pair[0]["method"]):
            xs = [h["horizon"] for h in records]
            ys = [max(float(h["seconds"]), 1e-4) for h in records]
            colour = colours[row["method"]]
            label = row["method"] if row["method"] not in seen else None
            seen.add(row["method"])
            panel.plot(xs, ys, color=colour, linewidth=1, label=label)
            for x, y, h in zip(xs, ys, records):
                panel.plot([x], [y], **{"markersize": 5, "color": colour,
                                        **horizon_marker(h.get("status"), colour)})
        panel.set_yscale("log")
        panel.set_title(name, fontsize="medium")
        panel.set_xlabel("horizon (moves)")
        if len(horizons) <= 12:  # a tick at each horizon solved
            panel.set_xticks(horizons)
            panel.set_xlim(horizons[0] - 1, horizons[-1] + 1)
        else:
            panel.xaxis.set_major_locator(MaxNLocator(integer=True))
        panel.set_ylabel("seconds (log)")
        panel.grid(True, which="both", alpha=0.3)
        panel.legend(fontsize="x-small")
    for panel in list(grid.flat)[len(chosen):]:
        panel.set_visible(False)
    figure.suptitle(f"{title}: seconds per horizon (filled: satisfiable, hollow: "
                    "unsatisfiable, x: cut by the time limit)")
    return _save(figure)
