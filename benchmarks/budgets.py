"""Budgets held: wall time of ``satlink paint --seconds`` and ``satlink hint --timeout`` against
the budget asked, on boards of growing size (issue 31).

Each case runs the command as a new process (start-up and reading the file included) from a
satlink tree: this one, and with ``--base TREE`` another (e.g. a worktree of main) in the same
run, the two interleaved case by case (each going first in turn).  The table gives seconds
and the overrun past the budget; the JSON (``--out``) has every run.

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


CASES = [("paint", "--seconds", 1.0, sketch, n) for n in (60, 100, 300)]
CASES += [("hint", "--timeout", 1.0, generated, n) for n in (30, 60)]
CASES += [("hint", "--timeout", 1.0, open_pairs, 500)]


def run(tree: Path, command: str, option: str, budget: float, path: Path, limit: float) -> float | None:
    """Seconds of one run (None: still running at ``limit``).  A tree whose command has no
    such option (``hint`` before issue 31) runs without it: unbounded, which is the point."""
    env = checkout_env(tree)
    base = [sys.executable, "-m", "satlink", command, str(path)]
    base += ["--json"] if command == "hint" else []
    for args in (base + [option, str(budget)], base):
        with timed() as t:
            try:
                done = subprocess.run(args, env=env, stdout=subprocess.DEVNULL,
                                      stderr=subprocess.PIPE, text=True, timeout=limit,
                                      check=False, cwd=path.parent)  # not a tree, which -m would import
            except subprocess.TimeoutExpired:
                return None
        if not (done.returncode == 2 and "No such option" in done.stderr):
            return t.wall
    return None


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--base", type=Path, help="another satlink tree, run interleaved")
    parser.add_argument("--limit", type=float, default=60.0, help="seconds before a run is stopped")
    parser.add_argument("--out", type=Path)
    args = parser.parse_args()
    bench = Run("budgets", args)
    trees = [("this", ROOT)] + ([("base", args.base)] if args.base else [])
    folder = Path(tempfile.mkdtemp(prefix="budgets-"))
    rows = []
    print(f"load average {os.getloadavg()[0]:.2f}")
    print("| command | board | budget (s) | " + " | ".join(f"{name} (s)" for name, _ in trees) + " |")
    print("| --- | --- | --- | " + " | ".join("---" for _ in trees) + " |")
    for turn, (command, option, budget, make, n) in enumerate(CASES):
        path = folder / f"{command}-{n}.txt"
        path.write_text("\n".join(make(n)) + "\n")
        times = {name: run(tree, command, option, budget, path, args.limit)
                 for name, tree in in_turn(trees, turn)}
        rows.append({"command": command, "size": n, "budget": budget, "seconds": times})
        shown = [f"{times[name]:.2f}" if times[name] is not None else f"> {args.limit:g}"
                 for name, _ in trees]
        print(f"| {command} {option} {budget:g} | {n}x{n} | {budget:g} | " + " | ".join(shown) + " |")
    bench.write(args.out, rows)


if __name__ == "__main__":
    main()
