"""Draw the solution, get the puzzle: how often a painting is unique as drawn, how often the
smallest changes to its paths (cuts, slides) make it unique, and how often a partly painted
board is completed to a proven puzzle with its painted paths kept.

Paintings are what the seeds' algorithm draws before the puzzle: union-find growth walked to
the published colour count (fixed seeds), on square boards and the variants.  The partial
paintings keep the two longest paths painted and the endpoints of the third; the rest is
erased and completed by ``satlink.painted.complete``.

    python benchmarks/painted.py [--per-size 10] [--sizes 5,7,10] [--rules flow,fill]
                                 [--variants square,hex,wrap] [--seconds 10] [--out painted.json]
                                 [--compare-ref REV]

``--compare-ref REV`` also completes every partial painting with ``satlink/painted/complete.py``
as it is at git revision REV (read with ``git show``), right after the present one, so a
change to the completion is judged by both rates from one run.
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
from satlink.formats.painted import read_painting
from satlink.generate.colours import published_colours
from satlink.generate.longpaths import lengthen
from satlink.painted.complete import CompleteOptions, complete_painting
from satlink.painted.fix import PaintFixOptions, fix_painting
from satlink.rules import parse_rules
from testbed.paintings import ambiguous_crossing, erased, grown, painted_rows


def painting(variant: str, size: int, seed: int):
    """A painting walked to the published median colour count, or None."""
    system = grown(variant, size, size, seed)
    if system is None:
        return None, None
    rng = random.Random(f"walk:{variant}:{size}:{seed}")
    lengthen(system, rng, max(2, round(published_colours(size * size)[1])), 3)
    if system.solids or ambiguous_crossing(system):
        return None, None
    return system, read_painting(painted_rows(system), system.layout.geometry)


def completer_at(ref: str):
    """``complete_painting`` from ``satlink/painted/complete.py`` as it is at ``ref``, called
    with its knobs as keywords (``seed=``, ``seconds=``) whichever signature ``ref`` has."""
    root = Path(__file__).resolve().parents[1]
    source = subprocess.run(["git", "show", f"{ref}:satlink/painted/complete.py"], cwd=root,
                            capture_output=True, text=True, check=True).stdout
    module = types.ModuleType("painted_complete_at_ref")
    sys.modules[module.__name__] = module  # dataclasses look their module up
    exec(compile(source, f"{ref}:satlink/painted/complete.py", "exec"), module.__dict__)
    if "CompleteOptions" in source:
        return lambda painting, rules, **knobs: module.complete_painting(
            painting, rules, module.CompleteOptions(**knobs))

    def fix_by_keywords(board, drawn, rules, verdict=None, **knobs):
        return fix_painting(board, drawn, rules, PaintFixOptions(**knobs), verdict=verdict)

    module.fix_painting = fix_by_keywords  # a ref from before the options objects passes
    return module.complete_painting        # today's fix_painting its knobs as keywords


def median(values: list[float]) -> float | str:
    return round(statistics.median(values), 3) if values else "-"


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--per-size", type=int, default=10)
    ap.add_argument("--sizes", default="5,7,10")
    ap.add_argument("--rules", default="flow,fill")
    ap.add_argument("--variants", default="square,hex,wrap")
    ap.add_argument("--seconds", type=float, default=10.0)
    ap.add_argument("--out", default="painted.json")
    ap.add_argument("--compare-ref", default=None)
    args = ap.parse_args()
    bench = Run("painted", args)
    before = completer_at(args.compare_ref) if args.compare_ref else None
    rows = []
    for variant in args.variants.split(","):
        for size in (int(s) for s in args.sizes.split(",")):
            made = 0
            for seed in range(50 * args.per_size):
                if made == args.per_size:
                    break
                system, drawn = painting(variant, size, seed)
                if drawn is None:
                    continue
                made += 1
                for name in args.rules.split(","):
                    rules = parse_rules(name)
                    start = time.monotonic()
                    found = fix_painting(drawn.board, drawn.solution(), rules,
                                         PaintFixOptions(seconds=args.seconds))
                    fix_s = time.monotonic() - start
                    best = found.proposals[0] if found.proposals else None
                    longest = sorted(drawn.drawn, key=lambda k: -len(drawn.drawn[k]))
                    keep, placed = set(longest[:2]), set(longest[2:3])
                    partial = read_painting(erased(painted_rows(system), keep, placed, drawn),
                                            system.layout.geometry)
                    done = complete_painting(partial, rules,
                                             CompleteOptions(seed=seed, seconds=3 * args.seconds))
                    then = (before(partial, rules, seed=seed, seconds=3 * args.seconds)
                            if before else None)
                    rows.append({
                        "completed_ref": (then.board is not None and then.proven) if then else None,
                        "variant": variant, "size": size, "seed": seed, "rules": name,
                        "status": str(found.status), "colours": len(drawn.drawn),
                        "fixed": best is not None and best.proven,
                        "edits": len(best.edits) if best else None,
                        "fix_seconds": round(fix_s, 3),
                        "completed": done.board is not None and done.proven,
                        "kept": done.board is not None and not done.painted_edits,
                        "fallback": done.fallback if done.painted_edits else "",
                        "complete_seconds": round(done.seconds, 3),
                        "attempts": done.attempts})
    ref = f" | completed at {args.compare_ref}" if args.compare_ref else ""
    print("| variant | size | rules | paintings | unique as drawn | fixed (<= 3 edits, budget) "
          f"| median edits | median fix s | completed | painted kept | median completion s{ref} |")
    print("|---|---|---|---|---|---|---|---|---|---|---|" + ("---|" if ref else ""))
    keys = sorted({(r["variant"], r["size"], r["rules"]) for r in rows},
                  key=lambda k: (k[0], k[1], k[2]))
    for variant, size, name in keys:
        group = [r for r in rows if (r["variant"], r["size"], r["rules"]) == (variant, size, name)]
        multiple = [r for r in group if r["status"] == "multiple"]
        fixed = [r for r in multiple if r["fixed"]]
        done = [r for r in group if r["completed"]]
        print(f"| {variant} | {size}x{size} | {name} | {len(group)} | "
              f"{sum(r['status'] == 'unique' for r in group)} | {len(fixed)}/{len(multiple)} | "
              f"{median([r['edits'] for r in fixed])} | "
              f"{median([r['fix_seconds'] for r in multiple])} | {len(done)}/{len(group)} | "
              f"{sum(r['kept'] for r in done)}/{len(done)} | "
              f"{median([r['complete_seconds'] for r in done])} |"
              + (f" {sum(bool(r['completed_ref']) for r in group)}/{len(group)} |" if ref else ""))
    bench.write(args.out, rows)


if __name__ == "__main__":
    main()
