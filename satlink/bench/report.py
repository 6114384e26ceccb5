"""The harness's outputs: a ranked rich table, JSON (summary + every row), CSV, plots.

The JSON layout is stable (``version`` 1): ``machine``, ``settings``, ``configs``,
``summary`` (ranked, one object per configuration), ``disagreements`` and ``rows`` (one per
measurement, the same fields as the CSV).
"""

from __future__ import annotations

import json
import os
import platform
import sys
from pathlib import Path

from rich.console import Console
from rich.table import Table

from satlink import __version__
from satlink.bench.summary import disagreements, summarise, to_csv
from satlink.solver.method import DEFAULT_METHOD, Method
from satlink.solver.verdict import Status

BENCH_VERSION = 1


def machine() -> dict:
    return {"python": platform.python_version(), "platform": platform.platform(),
            "processor": platform.processor() or platform.machine(), "cpus": os.cpu_count(),
            "satlink": __version__}


def default_baseline(configs: list[Method]) -> str:
    """satlink's default method when it is among the configurations, else the first."""
    default = DEFAULT_METHOD.label
    labels = [c.label for c in configs]
    return default if default in labels else labels[0]


def print_summary(rows: list[dict], configs: list[Method], timeout: float | None, repeat: int,
                  baseline: str | None, console: Console) -> dict:
    base = baseline or default_baseline(configs)
    summary = summarise(rows, timeout, base)
    boards = len({r["board"] for r in rows})
    table = Table(title=f"{boards} boards x {len(configs)} configurations, repeat {repeat}, "
                        f"timeout {timeout} s; ratio = time on boards all solved / {base}")
    for col in ("rank", "configuration", "solved", "timeouts", "errors", "PAR-2 s", "common s",
                "ratio", "SAT ratio", "python", "vars", "clauses", "SAT calls"):
        table.add_column(col, justify="left" if col == "configuration" else "right")
    for i, t in enumerate(summary, 1):
        table.add_row(str(i), t["config"], f"{t['solved']}/{t['boards']}", str(t["timeouts"]),
                      str(t["errors"]), f"{t['par2_seconds']:.3f}", f"{t['common_seconds']:.3f}",
                      "-" if t["ratio"] is None else f"{t['ratio']:.2f}x",
                      "-" if t["sat_ratio"] is None else f"{t['sat_ratio']:.2f}x",
                      "-" if t["python_share"] is None else f"{100 * t['python_share']:.0f}%",
                      str(t["mean_variables"] or "-"), str(t["mean_clauses"] or "-"),
                      str(t["sat_calls"]))
    console.print(table)
    disagree = disagreements(rows)
    for d in disagree:
        console.print(f"[red]DISAGREEMENT[/] on {d['board']}: {d['verdicts']}")
    errors = [r for r in rows if r["status"] == Status.ERROR]
    for r in errors[:5]:
        console.print(f"[red]error[/] {r['config']} on {r['board']}: {r['error']}")
    return {"version": BENCH_VERSION, "machine": machine(),
            "settings": {"command": sys.argv, "timeout": timeout, "repeat": repeat,
                         "baseline": base},
            "configs": [{"label": c.label, **c.as_dict()} for c in configs], "summary": summary,
            "disagreements": disagree}


def write_outputs(result: dict, rows: list[dict], out: str | None, csv_path: str | None,
                  plot_dir: str | None) -> None:
    """JSON and CSV first (the measurements are what a long run must not lose), then plots."""
    if plot_dir:
        result["plots"] = [str(Path(plot_dir) / name) for name in ("cactus.png", "size.png")]
    if out:
        _write(out, json.dumps({**result, "rows": rows}, indent=1) + "\n")
    if csv_path:
        _write(csv_path, to_csv(rows))
    if plot_dir:
        from satlink.bench.plots import write_plots

        write_plots(rows, plot_dir)


def _write(path: str, text: str) -> None:
    """Write a file; an OS error names it (a full disk's error does not say which file)."""
    try:
        Path(path).write_text(text, encoding="utf-8")
    except OSError as exc:
        raise OSError(exc.errno, exc.strerror, path) from exc
