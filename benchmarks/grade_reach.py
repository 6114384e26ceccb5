"""Which grades the generator reaches per board size (issue 22): the figures behind
``satlink/data/reach.json``, from which ``generate --grade`` refuses at once a band or score
range a size does not reach (:mod:`satlink.generate.reach`).

Per square size (and the rectangles given), ``--attempts`` attempts are made aiming at each
band (``--grade easy``, ``medium``, ``hard``) and the grades of the accepted puzzles are
collected: the bands reached, and the lowest and highest score (the full grade, look-ahead
and all, at every size).  Prints a table; ``--out`` writes JSON.  ``--variants`` measures the
Flow Free variants the same way (``square`` is the plain board), each with the variant
options of ``satlink.generate.reach.VARIANTS``, so that "every band at every size and on the
variants" is a measured claim, not an assumption.

``--write-data`` puts the sizes that reached a band into ``satlink/data/reach.json`` (square
sizes under ``square``, variants under ``variants``), each entry naming this run as its
source (command, commit, date, corpus); entries of sizes not run keep theirs.  Review the
diff before committing it: a size's entry is replaced whole, so an entry whose highest score
came from another benchmark (14x14: a 20x20 puzzle of ``grade_cost.py`` that needed look-ahead
of two moves) gets this run's instead.

    python benchmarks/grade_reach.py --sizes 2x2,3x3,4x4,5x5,6x6,7x7,8x8 --attempts 40
    python benchmarks/grade_reach.py --sizes 5x5,10x10,15x15 --attempts 8 \
        --variants hex,wrap,walls,bridges,holes,hex-bridges --write-data
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

if (CHECKOUT := str(Path(__file__).resolve().parents[1])) not in sys.path:  # started as a file
    sys.path.insert(1 + len(os.environ.get("PYTHONPATH", "").split(os.pathsep)), CHECKOUT)

import argparse
import time
from unittest.mock import patch

from benchmarks.harness import Run, keyed
from satlink.generate.reach import VARIANTS  # the options each name stands for

HERE = Path(__file__).resolve().parents[1]


def reach(size: str, attempts: int, seed: int, variant: str = "square") -> dict:
    from satlink.generate.params import ParamsError, make_params
    from satlink.generate.pipeline import attempt
    from satlink.generate.request import ParamsRequest
    from satlink.grading import grade
    from satlink.rules import parse_rules

    found: dict[str, list[float]] = {}
    start = time.perf_counter()
    for band in ("easy", "medium", "hard"):
        # the refusal (reach.unreachable) is built from this table: measuring must not go
        # through it, or a band once refused could never be measured again
        with patch("satlink.generate.params.unreachable", lambda *_: None):
            try:
                params = make_params(ParamsRequest(size, seed=seed, grade=band, **VARIANTS[variant]))
            except ParamsError as exc:  # the variant does not fit this size (2 bridges at 4x4)
                return {"bands": [], "lowest": None, "highest": None, "puzzles": {},
                        "seconds": 0.0, "refused": str(exc)}
        for n in range(attempts):
            result = attempt(params, n)
            if result.accepted:
                g = grade(result.board(), parse_rules("flow"))
                found.setdefault(g.band, []).append(g.score)
    scores = [s for v in found.values() for s in v]
    return {"bands": sorted(found, key=("easy", "medium", "hard").index),
            "lowest": min(scores, default=None), "highest": max(scores, default=None),
            "puzzles": {b: len(v) for b, v in found.items()},
            "seconds": round(time.perf_counter() - start, 1)}


def write_data(results: dict, args: argparse.Namespace) -> Path:
    """Put each size of ``results`` that reached a band into ``satlink/data/reach.json``."""
    from satlink.bench import datafiles

    data = datafiles.read("reach")
    source = datafiles.add_source(
        data, f"generated puzzles, seed {args.seed}, {args.attempts} attempts per band "
              "(--grade easy, medium, hard in turn)")
    measured: dict[str, list[dict]] = {}
    for label, r in results.items():
        variant, _, size = label.rpartition(" ")
        if r["bands"]:
            width, height = (int(n) for n in size.split("x"))
            measured.setdefault(variant or "square", []).append(
                {"size": [width, height], "bands": r["bands"], "highest": r["highest"],
                 "source": source})
    for variant, entries in measured.items():
        into = data["square"] if variant == "square" else data["variants"].setdefault(variant, [])
        datafiles.replace_entries(into, "size", entries,
                                  order=lambda e: (e["size"][0] * e["size"][1], e["size"]))
    return datafiles.write("reach", data)


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--sizes", default="2x2,3x3,4x4,5x5,6x6,7x7,8x8,9x9,10x10")
    parser.add_argument("--attempts", type=int, default=40, help="attempts per size and band")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--variants", default="square",
                        help=f"comma-separated, of {', '.join(VARIANTS)} (default: square)")
    parser.add_argument("--out", default=None)
    parser.add_argument("--write-data", action="store_true",
                        help="put the sizes reached into satlink/data/reach.json (with this run as source)")
    args = parser.parse_args()
    variants = args.variants.split(",")
    unknown = [v for v in variants if v not in VARIANTS]
    if unknown:
        parser.error(f"unknown variant {unknown[0]!r} (known: {', '.join(VARIANTS)})")
    run = Run("grade_reach", args)
    results = {}
    print("| variant | size | bands reached | puzzles per band | lowest score | highest score | s |")
    print("|---|---|---|---|---|---|---|")
    for variant in variants:
        for size in args.sizes.split(","):
            r = reach(size, args.attempts, args.seed, variant)
            results[size if variant == "square" else f"{variant} {size}"] = r
            reached = ", ".join(r["bands"]) or r.get("refused", "–")
            print(f"| {variant} | {size} | {reached} | {r['puzzles']} | "
                  f"{r['lowest']} | {r['highest']} | {r['seconds']} |", flush=True)
    if args.write_data:
        print(f"\nwrote {write_data(results, args)}")
    run.write(args.out, keyed(results, "case"))


if __name__ == "__main__":
    main()
