"""How often the studio's completion (``satlink.painted.complete``, the designer's endpoints
kept) completes a designer's draft, and how fast.

Drafts: square boards of 5x5, 7x7 and 9x9 with two pairs placed at random (fixed seed), as a
designer starts; each completed under ``flow`` and ``fill`` within ``--seconds``, as the
studio's Complete button asks (:func:`satlink.formats.painted.painting_of`, then
:func:`satlink.painted.complete.complete_painting` with ``edit_painted=False``).

``--compare-ref REF`` also runs the completer that was removed, ``satlink/generate/complete.py``
as it is at git revision REF (read with ``git show``, nothing checked out), on the same drafts,
interleaved draft by draft, so the two completion rates come from one run.

    python benchmarks/complete.py --drafts 6 --seconds 5 --compare-ref ca78321 \
        --out benchmarks/results/complete.json
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

if (CHECKOUT := str(Path(__file__).resolve().parents[1])) not in sys.path:  # started as a file
    sys.path.insert(1 + len(os.environ.get("PYTHONPATH", "").split(os.pathsep)), CHECKOUT)

import argparse
import random
import statistics
import subprocess
import time
import types

from benchmarks.harness import Run
from satlink import Board, parse_rules
from satlink.formats.painted import painting_of
from satlink.painted.complete import CompleteOptions, complete_painting

ROOT = Path(__file__).resolve().parents[1]


def draft(rng: random.Random, size: int) -> Board:
    rows = [["."] * size for _ in range(size)]
    for i, cell in enumerate(rng.sample(range(size * size), 4)):
        rows[cell // size][cell % size] = "AB"[i // 2]
    return Board.from_rows(["".join(r) for r in rows])


def kept(board: Board, result: Board) -> bool:
    """Whether the draft's endpoints are where the designer put them."""
    return all(result.endpoints.get(k) == v for k, v in board.endpoints.items())


def survivor(board: Board, rules: str, seconds: float, seed: int) -> Board | None:
    done = complete_painting(painting_of(board, {}), parse_rules(rules),
                             CompleteOptions(seed=seed, attempts=1000, seconds=seconds,
                                             edit_painted=False))
    return done.board if done.board is not None and done.proven else None


def removed(ref: str):
    """The completer deleted from ``satlink/generate/complete.py``, as it is at ``ref``."""
    source = subprocess.run(["git", "show", f"{ref}:satlink/generate/complete.py"], cwd=ROOT,
                            capture_output=True, text=True, check=True).stdout
    module = types.ModuleType("removed_complete")
    sys.modules[module.__name__] = module  # dataclasses look their module up
    exec(compile(source, f"{ref}:satlink/generate/complete.py", "exec"), module.__dict__)

    def run(board: Board, rules: str, seconds: float, seed: int) -> Board | None:
        return module.complete(board, rules, seconds=seconds, seed=seed).board
    return run


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--drafts", type=int, default=6)
    parser.add_argument("--seconds", type=float, default=5.0)
    parser.add_argument("--compare-ref", default=None,
                        help="git revision whose satlink/generate/complete.py runs as the baseline")
    parser.add_argument("--out", type=Path, default=None)
    args = parser.parse_args()
    bench = Run("complete", args)
    completers = {"painted": survivor}
    if args.compare_ref:
        completers[f"generate@{args.compare_ref}"] = removed(args.compare_ref)
    rows = []
    print("| size | rules | completer | completed | endpoints kept | median s (completed) |\n"
          "| --- | --- | --- | --- | --- | --- |")
    for size in (5, 7, 9):
        drafts = [draft(random.Random(f"{size}:{n}"), size) for n in range(args.drafts)]
        for rules in ("flow", "fill"):
            done = {name: 0 for name in completers}
            held = {name: 0 for name in completers}
            times: dict[str, list[float]] = {name: [] for name in completers}
            for n, board in enumerate(drafts):
                for name, run in completers.items():  # interleaved, draft by draft
                    start = time.perf_counter()
                    result = run(board, rules, args.seconds, n)
                    if result is not None:
                        done[name] += 1
                        held[name] += kept(board, result)
                        times[name].append(time.perf_counter() - start)
            for name in completers:
                median = round(statistics.median(times[name]), 2) if times[name] else None
                rows.append({"size": size, "rules": rules, "completer": name,
                             "drafts": len(drafts), "completed": done[name],
                             "endpoints_kept": held[name], "median_seconds": median})
                print(f"| {size}x{size} | {rules} | {name} | {done[name]}/{len(drafts)} | "
                      f"{held[name]}/{done[name]} | {median} |", flush=True)
    bench.write(args.out, rows)


if __name__ == "__main__":
    main()
