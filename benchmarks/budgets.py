"""Budgets held: wall time of ``satlink paint --seconds``, ``satlink hint --timeout`` and (on
boards of many labels) ``check --timeout`` and ``explain --budget`` against the budget asked,
on boards of growing size (issue 31) and label count (issue 41), with each run's peak memory.

Each case runs the command as a new process (start-up and reading the file included) from a
satlink tree: this one, and with ``--base TREE`` another (e.g. a worktree of main) in the same
run, the two interleaved case by case (each going first in turn).  The table gives seconds
and peak resident memory; the JSON (``--out``) has every run.  ``--only labels`` runs the
many-label cases alone.

    python benchmarks/budgets.py --base /tmp/main-tree --out benchmarks/results/budgets.json
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

if (CHECKOUT := str(Path(__file__).resolve().parents[1])) not in sys.path:  # started as a file
    sys.path.insert(1 + len(os.environ.get("PYTHONPATH", "").split(os.pathsep)), CHECKOUT)

import argparse
import subprocess
import tempfile
import time

from benchmarks.harness import Run, checkout_env, in_turn, timed

ROOT = Path(__file__).resolve().parents[1]


def sketch(n: int) -> list[str]:
    """A partly painted n x n board: one painted row, one pair to join, the rest to complete."""
    rows = ["A" * n] + ["." * n] * (n - 1)
    rows[n // 2] = "B" + "." * (n - 2) + "B"
    return rows


def open_pairs(n: int) -> list[str]:
    """An n x n board of two pairs in the corners: building the grader's tables takes seconds."""
    return ["A" + "." * (n - 2) + "A"] + ["." * n] * (n - 2) + ["B" + "." * (n - 2) + "B"]


def generated(n: int) -> list[str]:
    """A puzzle of ``satlink generate`` (seed 3): the grader's solve of one at 60x60 ran for
    minutes (the issue's reproduction 7)."""
    from satlink.generate.params import make_params
    from satlink.generate.pipeline import attempt
    from satlink.generate.request import ParamsRequest
    from satlink.rules import parse_rules

    params = make_params(ParamsRequest(f"{n}x{n}", rules=parse_rules("flow"), seed=3))
    for number in range(50):
        result = attempt(params, number)
        if result.accepted:
            return list(result.board().rows)
    raise RuntimeError(f"no {n}x{n} puzzle in 50 attempts")


def crowded(n: int) -> list[str]:
    """An n x n board of n * n / 2 pairs side by side (trivially unique): the cost of labels."""
    from testbed.crowded import pairs_side_by_side

    return pairs_side_by_side(n, n)


SIZES = [("paint", "--seconds", 1.0, sketch, n) for n in (60, 100, 300)]
SIZES += [("hint", "--timeout", 1.0, generated, n) for n in (30, 60)]
SIZES += [("hint", "--timeout", 1.0, open_pairs, 500)]
LABELS = [(command, option, 1.0, crowded, n) for n in (300, 500)
          for command, option in (("check", "--timeout"), ("explain", "--budget"),
                                  ("hint", "--timeout"))]
CASES = SIZES + LABELS


def run(tree: Path, command: str, option: str, budget: float, path: Path,
        limit: float) -> tuple[float | None, float | None]:
    """Seconds and peak resident MB of one run (None, None: still running at ``limit``).  A
    tree whose command has no such option (``hint`` before issue 31) runs without it:
    unbounded, which is the point."""
    env = checkout_env(tree)
    base = [sys.executable, "-m", "satlink", command, str(path)]
    base += ["--json"] if command in ("hint", "check", "explain") else []
    for args in (base + [option, str(budget)], base):
        with timed() as t, tempfile.TemporaryFile("w+") as errors:
            child = subprocess.Popen(args, env=env, stdout=subprocess.DEVNULL, stderr=errors,
                                     text=True, cwd=path.parent)  # not a tree, which -m would import
            status, peak = wait_for(child, limit)
            errors.seek(0)
            said = errors.read()
        if status is None:
            return None, None
        if not (status == 2 and "No such option" in said):
            return t.wall, peak
    return None, None


def wait_for(child: subprocess.Popen, limit: float) -> tuple[int | None, float | None]:
    """The child's exit status and peak resident MB (from its own rusage, not the largest of
    every child so far), or (None, None) after killing it at ``limit`` seconds."""
    deadline = time.monotonic() + limit
    while time.monotonic() < deadline:
        pid, status, usage = os.wait4(child.pid, os.WNOHANG)
        if pid:
            child.returncode = os.waitstatus_to_exitcode(status)
            return child.returncode, usage.ru_maxrss / 1024
        time.sleep(0.02)
    child.kill()
    child.wait()
    return None, None


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--base", type=Path, help="another satlink tree, run interleaved")
    parser.add_argument("--limit", type=float, default=60.0, help="seconds before a run is stopped")
    parser.add_argument("--out", type=Path)
    parser.add_argument("--only", choices=("sizes", "labels"), help="one group of cases")
    args = parser.parse_args()
    cases = {"sizes": SIZES, "labels": LABELS}.get(args.only, CASES)
    bench = Run("budgets", args)
    trees = [("this", ROOT)] + ([("base", args.base)] if args.base else [])
    folder = Path(tempfile.mkdtemp(prefix="budgets-"))
    rows = []
    print(f"load average {os.getloadavg()[0]:.2f}")
    print("| command | board | budget (s) | "
          + " | ".join(f"{name} (s) | {name} (MB)" for name, _ in trees) + " |")
    print("| --- | --- | --- | " + " | ".join("--- | ---" for _ in trees) + " |")
    for turn, (command, option, budget, make, n) in enumerate(cases):
        path = folder / f"{make.__name__}-{n}.txt"
        if not path.exists():
            path.write_text("\n".join(make(n)) + "\n", encoding="utf-8")
        runs = {name: run(tree, command, option, budget, path, args.limit)
                for name, tree in in_turn(trees, turn)}
        rows.append({"command": command, "board": make.__name__, "size": n, "budget": budget,
                     "seconds": {name: r[0] for name, r in runs.items()},
                     "peak_mb": {name: r[1] for name, r in runs.items()},
                     "load": os.getloadavg()[0]})
        shown = [f"{runs[name][0]:.2f} | {runs[name][1]:.0f}" if runs[name][0] is not None
                 else f"> {args.limit:g} | –" for name, _ in trees]
        print(f"| {command} {option} {budget:g} | {n}x{n} {make.__name__} | {budget:g} | "
              + " | ".join(shown) + f" |  (load {os.getloadavg()[0]:.1f})")
    bench.write(args.out, rows)


if __name__ == "__main__":
    main()
