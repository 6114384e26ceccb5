"""Calibrate the human difficulty grade (satlink.grading) on sets whose order is known.

1. **mzucker**: the Flow Free levels of the mzucker corpus, ``regular`` < ``extreme`` <
   ``jumbo`` (the packs' own order): grade distribution per pack, and how often a level of a
   harder pack grades above one of an easier pack (ties count half);
2. **thomasahle**: within each corpus file (boards up to ``--max-cells``, the first
   ``--per-file`` that are unique under ``flow``): Spearman correlation of the grade's score
   with the solver-effort score (``quality.effort``, glucose4 and cadical195) and with
   the board's size;
3. **generated**: packs of ``--count`` puzzles per size from two independent runs (seeds 1
   and 2), sorted by the grade: bands, Spearman against solver effort and colours, and
   whether the two runs agree;
4. **forced moves**: the share of the board a solver that only makes forced moves fills
   (``grade(..., max_level=1)``), on the mzucker ``regular`` levels and on generated puzzles
   with the same colour counts, beside the figures of the issue.

Every grade is computed a second time in a fresh interpreter (another hash seed): the
number of boards whose grade differs is printed (it must be 0).  The corpora are read in
place, never copied.

    python benchmarks/difficulty.py --out benchmarks/results/difficulty.json
    python benchmarks/difficulty.py --sections mzucker,generated --count 10
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

if (CHECKOUT := str(Path(__file__).resolve().parents[1])) not in sys.path:  # started as a file
    sys.path.insert(1 + len(os.environ.get("PYTHONPATH", "").split(os.pathsep)), CHECKOUT)

import argparse
import multiprocessing
import platform
import time
from concurrent.futures import ProcessPoolExecutor
from statistics import mean, median

from rich.console import Console
from rich.table import Table

from benchmarks.harness import Run
from satlink import Board, Method, check, parse_rules
from satlink.bench.stats import ranks
from satlink.formats import read_file
from satlink.generate.params import make_params
from satlink.generate.pipeline import attempt
from satlink.generate.request import ParamsRequest
from satlink.grading import grade
from satlink.quality.figures import effort as sat_score
from satlink.solver.verdict import Status

CORPUS = Path(__file__).resolve().parents[2] / "shared" / "corpus"
THOMASAHLE = ("inputs1", "inputs2", "inputs3", "inputs4", "inputs5", "inputs9")
CADICAL = Method(solver="cadical195", presolve=False)
GLUCOSE = Method(presolve=False)
"""The solver-effort score is the SAT search's: without the forced moves, which would make it
0 on every board they decide."""
ISSUE_FORCED = {"5x5": (92, 62), "7x7": (53, 18), "9x9": (23, 4)}  # published %, satlink %


def spearman(xs: list[float], ys: list[float]) -> float | None:
    """Spearman's rank correlation (ties get their mean rank); None if either side is
    constant or there are fewer than three pairs."""
    if len(xs) < 3:
        return None
    rx, ry = ranks(xs), ranks(ys)
    mx, my = mean(rx), mean(ry)
    sxy = sum((a - mx) * (b - my) for a, b in zip(rx, ry, strict=True))
    sxx = sum((a - mx) ** 2 for a in rx)
    syy = sum((b - my) ** 2 for b in ry)
    if not sxx or not syy:
        return None
    return round(sxy / (sxx * syy) ** 0.5, 3)


def above(harder: list[float], easier: list[float]) -> float:
    """P(a board of the harder set grades above one of the easier set), ties half."""
    wins = sum((h > e) + 0.5 * (h == e) for h in harder for e in easier)
    return round(wins / (len(harder) * len(easier)), 3)


def measure(board: Board, rules: str = "flow") -> dict | None:
    """Grade and solver effort (two backends) of a board unique under ``rules``."""
    verdict = check(board, rules, method=GLUCOSE)
    if verdict.status != Status.UNIQUE:
        return None
    start = time.perf_counter()
    graded = grade(board, parse_rules(rules)).as_dict()
    seconds = time.perf_counter() - start
    cadical = check(board, rules, method=CADICAL)
    return {"cells": board.width * board.height, "colours": len(board.labels),
            "grade": graded, "score": graded["score"], "sat": sat_score(board, verdict),
            "sat_cadical": sat_score(board, cadical), "grade_seconds": round(seconds, 3),
            "forced": grade(board, parse_rules(rules), max_level=1).shares["forced"]}


def _grade_again(item: tuple[tuple[str, ...], object, str]) -> dict:
    rows, geometry, rules = item
    return grade(Board(rows, geometry), parse_rules(rules)).as_dict()


def regrade(boards: list[Board], results: list[dict]) -> int:
    """Grade every board again in fresh interpreters; the number of grades that differ."""
    if not boards:
        return 0
    context = multiprocessing.get_context("spawn")
    with ProcessPoolExecutor(max_workers=1, mp_context=context) as pool:
        again = list(pool.map(_grade_again, [(b.rows, b.geometry, "flow") for b in boards]))
    return sum(a != r["grade"] for a, r in zip(again, results, strict=True))


def fmt(value: float | None) -> str:
    return "–" if value is None else f"{value:.2f}"


def band_counts(results: list[dict]) -> str:
    counts = {b: sum(r["grade"]["band"] == b for r in results) for b in ("easy", "medium", "hard")}
    return "/".join(str(counts[b]) for b in ("easy", "medium", "hard"))


def mzucker(corpus: Path, console: Console) -> dict:
    folder = corpus / "mzucker-flow_solver" / "puzzles"
    packs: dict[str, list[dict]] = {"regular": [], "extreme": [], "jumbo": []}
    boards: list[Board] = []
    flat: list[dict] = []
    for path in sorted(folder.glob("*.txt")):
        pack = path.name.split("_")[0]
        if pack not in packs:
            continue
        for entry in read_file(str(path)):
            if entry.board is None:
                continue
            result = measure(entry.board)
            if result is None:
                continue
            result["name"] = path.stem
            packs[pack].append(result)
            boards.append(entry.board)
            flat.append(result)
    differ = regrade(boards, flat)
    table = Table(title="mzucker Flow Free levels (flow)")
    for column in ("pack", "levels", "easy/medium/hard", "median score", "mean score",
                   "median SAT effort", "techniques (hardest)"):
        table.add_column(column)
    for pack, results in packs.items():
        scores = [r["score"] for r in results]
        hardest: dict[str, int] = {}
        for r in results:
            hardest[r["grade"]["technique"]] = hardest.get(r["grade"]["technique"], 0) + 1
        table.add_row(pack, str(len(results)), band_counts(results), fmt(median(scores)),
                      fmt(mean(scores)), fmt(median(r["sat"] for r in results)),
                      ", ".join(f"{k} {v}" for k, v in sorted(hardest.items())))
    console.print(table)
    order = {f"{b} above {a}": above([r["score"] for r in packs[b]], [r["score"] for r in packs[a]])
             for a, b in (("regular", "extreme"), ("extreme", "jumbo"), ("regular", "jumbo"))}
    sat_order = {f"{b} above {a}": above([r["sat"] for r in packs[b]], [r["sat"] for r in packs[a]])
                 for a, b in (("regular", "extreme"), ("extreme", "jumbo"), ("regular", "jumbo"))}
    console.print(f"grade: {order}\nSAT effort: {sat_order}\ngrades that differ in a fresh "
                  f"interpreter: {differ}")
    return {"packs": packs, "order": order, "sat_order": sat_order, "regraded_differ": differ}


def thomasahle(corpus: Path, files: list[str], max_cells: int, per_file: int,
               console: Console) -> dict:
    folder = corpus / "thomasahle-numberlink" / "puzzles"
    out = {}
    table = Table(title=f"thomasahle corpus, per file (unique under flow, <= {max_cells} cells)")
    for column in ("file", "boards", "sizes", "easy/medium/hard", "ρ(grade, SAT glucose)",
                   "ρ(grade, SAT cadical)", "ρ(glucose, cadical)", "ρ(grade, cells)",
                   "grade s (max)"):
        table.add_column(column)
    for name in files:
        results, boards = [], []
        for entry in read_file(str(folder / name)):
            if len(results) >= per_file:
                break
            board = entry.board
            if board is None or board.width * board.height > max_cells:
                continue
            result = measure(board)
            if result is not None:
                results.append(result)
                boards.append(board)
        differ = regrade(boards, results)
        scores = [r["score"] for r in results]
        sizes = sorted({f"{b.width}x{b.height}" for b in boards})
        row = {
            "boards": len(results), "sizes": sizes, "regraded_differ": differ,
            "grade_sat": spearman(scores, [r["sat"] for r in results]),
            "grade_cadical": spearman(scores, [r["sat_cadical"] for r in results]),
            "sat_cadical": spearman([r["sat"] for r in results], [r["sat_cadical"] for r in results]),
            "grade_cells": spearman(scores, [r["cells"] for r in results]),
            "results": results,
        }
        out[name] = row
        table.add_row(name, str(len(results)), ", ".join(sizes) if len(sizes) <= 3 else
                      f"{sizes[0]} … ({len(sizes)})", band_counts(results) if results else "–",
                      fmt(row["grade_sat"]), fmt(row["grade_cadical"]), fmt(row["sat_cadical"]),
                      fmt(row["grade_cells"]),
                      f"{max((r['grade_seconds'] for r in results), default=0):.1f}"
                      + ("" if not differ else f" ({differ} differ!)"))
    console.print(table)
    return out


def generated_pack(size: str, count: int, seed: int, colours: str | None = None) -> list[dict]:
    params = make_params(ParamsRequest(size, colours=colours, seed=seed))
    results, number = [], 0
    while len(results) < count and number < 50 * count:
        result = attempt(params, number)
        number += 1
        if result.accepted:
            board = result.board()
            graded = result.quality["grade"]
            results.append({"cells": board.width * board.height, "colours": len(board.labels),
                            "grade": graded, "score": graded["score"],
                            "sat": result.quality["effort"], "rows": list(board.rows),
                            "forced": grade(board, parse_rules("flow"), max_level=1).shares["forced"]})
    return results


def generated(sizes: list[str], count: int, console: Console) -> dict:
    out: dict[str, dict] = {}
    table = Table(title=f"generated packs ({count} per size and run), sorted by the grade")
    for column in ("size", "run", "easy/medium/hard", "median score", "ρ(grade, SAT)",
                   "ρ(grade, colours)", "SAT effort, easiest → hardest third"):
        table.add_column(column)
    every = []
    for size in sizes:
        out[size] = {}
        for seed in (1, 2):
            results = sorted(generated_pack(size, count, seed), key=lambda r: r["score"])
            every += results
            scores = [r["score"] for r in results]
            third = max(1, len(results) // 3)
            row = {"grade_sat": spearman(scores, [r["sat"] for r in results]),
                   "grade_colours": spearman(scores, [r["colours"] for r in results]),
                   "bands": band_counts(results),
                   "thirds": (median(r["sat"] for r in results[:third]),
                              median(r["sat"] for r in results[-third:])),
                   "results": results}
            out[size][seed] = row
            table.add_row(size, str(seed), row["bands"], fmt(median(scores)),
                          fmt(row["grade_sat"]), fmt(row["grade_colours"]),
                          f"{row['thirds'][0]:.2f} → {row['thirds'][1]:.2f}")
    console.print(table)
    boards = [Board(tuple(r["rows"])) for r in every]
    differ = regrade(boards, every)
    across = spearman([r["score"] for r in every], [r["cells"] for r in every])
    runs = {size: spearman(sorted(r["score"] for r in out[size][1]["results"]),
                           sorted(r["score"] for r in out[size][2]["results"])) for size in sizes}
    console.print(f"ρ(grade, cells) over all generated puzzles: {fmt(across)}; quantiles of run 1 "
                  f"against run 2 (ρ of the sorted scores): {runs}; grades that differ in a "
                  f"fresh interpreter: {differ}")
    return {"sizes": out, "grade_cells": across, "runs": runs, "regraded_differ": differ}


def forced_moves(mz: dict | None, count: int, console: Console) -> dict:
    """Forced-moves-only fill share against the issue's figures."""
    table = Table(title="share of the board a forced-moves-only solver fills")
    for column in ("size", "published (issue)", "satlink (issue)", "mzucker regular",
                   "colours", "satlink now, same colours"):
        table.add_column(column)
    out = {}
    regular = {r["name"].split("_")[1]: r for r in (mz or {}).get("packs", {}).get("regular", [])}
    for size, (published, old) in ISSUE_FORCED.items():
        level = regular.get(size)
        colours = str(level["colours"]) if level else None
        pack = generated_pack(size, count, 1, colours)
        share = mean(r["forced"] for r in pack) if pack else None
        out[size] = {"mzucker": level and level["forced"], "colours": colours, "satlink": share,
                     "puzzles": len(pack)}
        table.add_row(size, f"{published} %", f"{old} %",
                      f"{100 * level['forced']:.0f} %" if level else "–", colours or "default",
                      f"{100 * share:.0f} % ({len(pack)} puzzles)" if share is not None else "–")
    console.print(table)
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--corpus", type=Path, default=CORPUS)
    parser.add_argument("--sections", default="mzucker,thomasahle,generated,forced")
    parser.add_argument("--files", default=",".join(THOMASAHLE))
    parser.add_argument("--max-cells", type=int, default=900)
    parser.add_argument("--per-file", type=int, default=25)
    parser.add_argument("--sizes", default="7x7,10x10,14x14")
    parser.add_argument("--count", type=int, default=30)
    parser.add_argument("--out", type=Path, default=None)
    args = parser.parse_args()
    bench = Run("difficulty", args)
    console = Console()
    sections = args.sections.split(",")
    report: dict = {"machine": platform.platform(), "python": platform.python_version()}
    start = time.perf_counter()
    if "mzucker" in sections:
        report["mzucker"] = mzucker(args.corpus, console)
    if "thomasahle" in sections:
        report["thomasahle"] = thomasahle(args.corpus, args.files.split(","), args.max_cells,
                                          args.per_file, console)
    if "generated" in sections:
        report["generated"] = generated(args.sizes.split(","), args.count, console)
    if "forced" in sections:
        report["forced"] = forced_moves(report.get("mzucker"), args.count, console)
    report["seconds"] = round(time.perf_counter() - start, 1)
    console.print(f"{report['seconds']} s")
    bench.write(args.out, [{"section": name, "figures": report[name]}
                           for name in ("mzucker", "thomasahle", "generated", "forced")
                           if name in report])


if __name__ == "__main__":
    main()
