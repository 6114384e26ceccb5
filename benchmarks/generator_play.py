"""How generated puzzles *play* against published Flow Free levels (issue 22), and what it costs.

Per size (default 5x5, 7x7, 9x9, 10x10, 12x12, 14x14, 15x15, 20x20 and the rectangles 8x10,
15x18) and per setting (``default``: no ``--grade``; ``easy``, ``medium``, ``hard``: that
``--grade`` band), each generator makes up to ``--count`` proven-unique puzzles under
``flow`` within ``--budget`` seconds and ``--attempts`` attempts.  Reported per row: seconds
per puzzle (generation time only, one core: the attempts that were rejected included;
wall-clock and the worker process's CPU time, which a loaded machine inflates less),
acceptance, the grader's bands, the share of the board the grader's forced moves alone
decide, the share a forced-moves-only solver fills (:func:`satlink.generate.play.forced_only`,
endpoints counted; ``opening``: issue 33's share of the other cells, ``opening.py``,
stated in benchmarks/README.md), paths of at most 3 cells, staircases (one-edge runs between
two turns) per 100 path edges, the longest path's share of the board, the border cells
holding an endpoint, and the colour quartiles.  Every accepted puzzle is checked again here
(``unique`` column, not timed) and all figures are measured by this checkout's code.

The published column is read from ``satlink/data/published.json`` (issue 22's table and issue
33's opening share, with their sources): a ``published`` row is printed under each size it has
figures for.

Each generator runs in its own worker process importing satlink from its own checkout
(``--baseline PATH``: today's generator, e.g. ``git worktree add --detach /tmp/gen-base
main``); they take turns attempt by attempt, so both see the same machine load.

    python benchmarks/generator_play.py --baseline /tmp/gen-base --out benchmarks/results/play.json
    python benchmarks/generator_play.py --quick --baseline /tmp/gen-base
    python benchmarks/generator_play.py --sizes 14x14 --settings easy,medium,hard --count 10
    python benchmarks/generator_play.py --packs published-*.jsonl --write-data

``--packs`` measures pack files (JSON lines with solutions) instead of generating; with
``--write-data`` (packs of published levels) their band shares, colour counts and look figures
per side go into ``satlink/data/published.json``, naming the run and the packs as source.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

if (CHECKOUT := str(Path(__file__).resolve().parents[1])) not in sys.path:  # started as a file
    sys.path.insert(1 + len(os.environ.get("PYTHONPATH", "").split(os.pathsep)), CHECKOUT)

import argparse
import json
import platform
import time
from collections.abc import Callable
from statistics import median, quantiles

from benchmarks.attempts import interleaved_workers
from benchmarks.harness import CheckoutWorker, Run, keyed, serve

HERE = Path(__file__).resolve().parents[1]
DEFAULT_SIZES = "5x5,7x7,9x9,10x10,12x12,14x14,15x15,20x20,8x10,15x18"
SETTINGS = ("default", "easy", "medium", "hard")
PUBLISHED_DATA = HERE / "satlink" / "data" / "published.json"
"""The published levels' figures (issue 22's table, issue 33's opening share), each with its
source: the ``published`` rows printed under each size."""


def published() -> dict[str, dict]:
    """size ("7x7") -> the published figures of that size (:data:`PUBLISHED_DATA`): ``bands``
    (easy, medium, hard shares), ``opening``, and the look figures."""
    data = json.loads(PUBLISHED_DATA.read_text(encoding="utf-8"))
    found: dict[str, dict] = {}

    def at(side: int) -> dict:
        return found.setdefault(f"{side}x{side}", {})

    for e in data["bands"]["by_side"]:
        at(e["side"])["bands"] = tuple(e["shares"])
    for e in data["opening"]["by_side"]:
        at(e["side"])["opening"] = e["mean"]
    for e in data["looks"]["by_side"]:
        figures = {k: v for k, v in e.items() if k in LOOKS}
        if "colours_middle_half" in e:
            figures["colours"] = tuple(e["colours_middle_half"])
        at(e["side"]).update(figures)
    return dict(sorted(found.items(), key=lambda item: int(item[0].partition("x")[0])))


LOOKS = ("short_share", "stairs_per_100", "border_end_share", "longest_share")


# -- worker: one generator, one checkout ------------------------------------------------------
_PARAMS: dict[tuple, object] = {}
"""The worker's generator parameters by (size, grade, rules, seed), made once each."""


def answer(ask: dict) -> dict:
    """One attempt ({size, grade, rules, seed, number}) of this checkout's generator."""
    from satlink.generate.params import make_params
    from satlink.generate.pipeline import attempt
    from satlink.generate.request import ParamsRequest

    key = (ask["size"], ask["grade"], ask["rules"], ask["seed"])
    if key not in _PARAMS:
        _PARAMS[key] = make_params(ParamsRequest(ask["size"], rules=ask["rules"], seed=ask["seed"],
                                                 grade=ask["grade"]))
    start, cpu = time.perf_counter(), time.process_time()
    result = attempt(_PARAMS[key], ask["number"])
    seconds = time.perf_counter() - start
    return {"accepted": result.accepted, "reason": str(result.reason), "seconds": seconds,
            "cpu_seconds": time.process_time() - cpu, "rows": result.rows,
            "solution": result.solution, "grade": result.quality.get("grade")}


# -- measuring ----------------------------------------------------------------------------------
def measure(generators: list[CheckoutWorker], size: str, grade: str | None, args,
            extra: Callable[[list[str], dict], dict] | None = None) -> dict:
    """Each generator's summary (:func:`summary`); ``extra(rows, solution)``: more figures of
    each accepted puzzle, listed per puzzle under ``extra`` (``opening.py``'s measure)."""
    from satlink import check
    from satlink.board import Board

    def answered(s: dict, r: dict) -> None:
        if r["accepted"]:
            board = Board.from_json(r["rows"])
            s["unique"] += check(board, args.rules).status == "unique"
            s["accepted"].append({**figures_of(r["rows"], r["solution"], args.rules, r["grade"]),
                                  "seconds": r["seconds"],
                                  "extra": extra(r["rows"], r["solution"]) if extra else None})

    state = interleaved_workers(generators, lambda g, n: g.ask({"size": size, "grade": grade,
                                                                "rules": args.rules,
                                                                "seed": args.seed, "number": n}),
                                answered, args.count, args.budget, args.attempts)
    return {name: summary(s) for name, s in state.items()}


def figures_of(rows: list[str], solution: dict, rules: str, graded: dict | None = None) -> dict:
    """The figures of one solved puzzle: colours, band and the grader's forced share (from
    ``graded``, its grade record, when the generator gave one), the play figures and the
    opening share."""
    from benchmarks.opening import opening as opened  # issue 33's measure, apart from satlink
    from satlink.board import Board
    from satlink.generate.play import play_figures
    from satlink.grading import grade as grade_board
    from satlink.rules import parse_rules
    from satlink.solution import Solution

    board = Board.from_json(rows)
    graded = graded or grade_board(board, parse_rules(rules)).as_dict()
    return {"colours": len(board.labels), "band": graded["band"],
            "grader_forced": graded["shares"]["forced"],
            **play_figures(board, Solution.from_coords(board, solution)),
            "opening": opened(rows, solution).share}


def summary(s: dict) -> dict:
    acc = s["accepted"]

    def mean_of(key: str) -> float | None:
        values = [a[key] for a in acc if a[key] is not None]
        return sum(values) / len(values) if values else None

    colours = sorted(a["colours"] for a in acc)
    quartiles = (quantiles(colours, n=4, method="inclusive") if len(colours) > 1
                 else colours * 3 if colours else None)
    return {
        "attempts": s["attempts"], "puzzles": len(acc), "seconds": s["seconds"],
        "unique": s["unique"], "reasons": s["reasons"],
        "acceptance": len(acc) / s["attempts"] if s["attempts"] else 0.0,
        "seconds_per_puzzle": s["seconds"] / len(acc) if acc else None,
        "cpu_seconds_per_puzzle": s["cpu_seconds"] / len(acc) if acc else None,
        "bands": {b: sum(a["band"] == b for a in acc) / len(acc) for b in
                  ("easy", "medium", "hard")} if acc else None,
        "grader_forced": mean_of("grader_forced"), "forced_only": mean_of("forced_only"),
        "opening": mean_of("opening"),
        "short_share": mean_of("short_share"), "stairs_per_100": mean_of("stairs_per_100"),
        "longest_share": mean_of("longest_share"),
        "border_end_share": mean_of("border_end_share"),
        "colours": colours, "colour_quartiles": quartiles,
        "colours_median": median(colours) if colours else None,
        "extra": [a["extra"] for a in acc if a["extra"] is not None],
    }


def pct(v) -> str:
    return "–" if v is None else f"{100 * v:.0f} %"


def row(size: str, setting: str, name: str, m: dict) -> str:
    bands = ("–" if not m["bands"] else
             " / ".join(f"{100 * m['bands'][b]:.0f}" for b in ("easy", "medium", "hard")))
    q = m["colour_quartiles"]
    colours = "–" if not q else f"{q[0]:g}–{q[2]:g} ({m['colours_median']:g})"
    spp = ("–" if m["seconds_per_puzzle"] is None else
           f"{m['seconds_per_puzzle']:.2f} / {m['cpu_seconds_per_puzzle']:.2f}")
    stairs = "–" if m["stairs_per_100"] is None else f"{m['stairs_per_100']:.1f}"
    return (f"| {size} | {setting} | {name} | {m['puzzles']}/{m['attempts']} | {spp} | {bands} | "
            f"{pct(m['grader_forced'])} | {pct(m['forced_only'])} | {pct(m['opening'])} | "
            f"{pct(m['short_share'])} | "
            f"{stairs} | {pct(m['longest_share'])} | {pct(m['border_end_share'])} | {colours} | "
            f"{m['unique']}/{m['puzzles']} |")


def flat_row(size: str, setting: str, name: str, m: dict) -> dict:
    """One line of the table as values (the results' ``table``): the figures :func:`row`
    prints, without their formatting."""
    bands = m["bands"] or {}
    return {"size": size, "setting": setting, "generator": name, "puzzles": m["puzzles"],
            "attempts": m["attempts"], "seconds_per_puzzle": m["seconds_per_puzzle"],
            "cpu_seconds_per_puzzle": m["cpu_seconds_per_puzzle"], "unique": m["unique"],
            **{f"band_{b}": bands.get(b) for b in ("easy", "medium", "hard")},
            **{key: m[key] for key in ("grader_forced", "forced_only", "opening", "short_share",
                                       "stairs_per_100", "longest_share", "border_end_share",
                                       "colours_median")}}


def published_row(size: str) -> str | None:
    p = published().get(size)
    if not p:
        return None
    bands = " / ".join(f"{100 * v:.0f}" for v in p["bands"]) if "bands" in p else "–"
    stairs = f"{p['stairs_per_100']:.1f}" if "stairs_per_100" in p else "–"
    colours = f"{p['colours'][0]}–{p['colours'][1]}" if "colours" in p else "–"
    return (f"| {size} | published | issues 22, 33 | – | – | {bands} | – | "
            f"– | {pct(p.get('opening'))} | {pct(p.get('short_share'))} | {stairs} | "
            f"{pct(p.get('longest_share'))} | {pct(p.get('border_end_share'))} | {colours} | – |")


HEADER = ("| size | setting | generator | puzzles/attempts | s/puzzle wall / cpu | "
          "bands e / m / h % | "
          "grader forced | forced-only solver | opening | paths ≤ 3 | stairs /100 edges | "
          "longest | border ends | colours q1–q3 (median) | unique |\n" + "|---" * 15 + "|")


def measure_packs(paths: list[str], rules: str) -> dict[int, list[dict]]:
    """The figures (:func:`figures_of`) of the square puzzles of JSON-lines packs, by side;
    prints a row per side."""
    by_side: dict[int, list[dict]] = {}
    for path in paths:
        for line in Path(path).read_text(encoding="utf-8").splitlines():
            entry = json.loads(line) if line.strip() else None
            if entry and len(entry["grid"]) == len(entry["grid"][0]):
                by_side.setdefault(len(entry["grid"]), []).append(
                    figures_of(entry["grid"], entry["solution"], rules))
    print("| size | puzzles | bands e / m / h % | paths ≤ 3 | stairs /100 edges | longest | "
          "border ends | colours fewest / median / most |\n" + "|---" * 8 + "|")
    for side, puzzles in sorted(by_side.items()):
        f = pack_figures(puzzles)
        print(f"| {side}x{side} | {len(puzzles)} | {' / '.join(f'{100 * v:.0f}' for v in f['bands'])} | "
              f"{pct(f['short_share'])} | {f['stairs_per_100']:.1f} | {pct(f['longest_share'])} | "
              f"{pct(f['border_end_share'])} | {f['fewest']} / {f['median']:g} / {f['most']} |")
    return by_side


def pack_figures(puzzles: list[dict]) -> dict:
    """The published table's figures of one size's puzzles: band shares, colour counts (fewest,
    median, most, middle half) and the look figures' means, rounded to 4 places."""
    colours = sorted(p["colours"] for p in puzzles)
    middle = quantiles(colours, n=4, method="inclusive") if len(colours) > 1 else colours * 3
    looks = {}
    for key in LOOKS:
        values = [p[key] for p in puzzles if p[key] is not None]
        looks[key] = round(sum(values) / len(values), 4) if values else None
    return {"bands": [round(sum(p["band"] == b for p in puzzles) / len(puzzles), 4)
                      for b in ("easy", "medium", "hard")],
            "fewest": colours[0], "median": median(colours), "most": colours[-1],
            "middle_half": [middle[0], middle[2]], **looks}


def write_data(by_side: dict[int, list[dict]], paths: list[str]) -> Path:
    """Put each side's band shares, colour counts and look figures into
    ``satlink/data/published.json`` (``bands``, ``colours``, ``looks``): run it on packs of
    published levels.  The quartile fractions of ``colours`` are a fit, left as they are."""
    from satlink.bench import datafiles

    data = datafiles.read("published")
    source = datafiles.add_source(data, "the square puzzles of " + ", ".join(paths))
    figures = {side: pack_figures(puzzles) for side, puzzles in sorted(by_side.items())}
    datafiles.replace_entries(data["bands"]["by_side"], "side", [
        {"side": side, "shares": f["bands"], "source": source} for side, f in figures.items()])
    datafiles.replace_entries(data["colours"]["by_side"], "side", [
        {"side": side, "fewest": f["fewest"], "median": f["median"], "most": f["most"],
         "source": source} for side, f in figures.items()])
    datafiles.replace_entries(data["looks"]["by_side"], "side", [
        {"side": side, **{k: f[k] for k in LOOKS if f[k] is not None},
         "colours_middle_half": f["middle_half"], "source": source}
        for side, f in figures.items()])
    return datafiles.write("published", data)


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--sizes", default=DEFAULT_SIZES)
    parser.add_argument("--settings", default=",".join(SETTINGS),
                        help="comma-separated: default (no --grade), easy, medium, hard")
    parser.add_argument("--count", type=int, default=20,
                        help="puzzles per size, setting, generator")
    parser.add_argument("--budget", type=float, default=40.0,
                        help="generation seconds per size, setting and generator")
    parser.add_argument("--attempts", type=int, default=400,
                        help="attempts per size, setting and generator")
    parser.add_argument("--quick", action="store_true",
                        help="10 puzzles, 15 s and 150 attempts per size, setting, generator")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--rules", default="flow", help="the profile puzzles are unique under")
    parser.add_argument("--baseline", default=None, help="a second satlink checkout to compare")
    parser.add_argument("--out", default=None, help="write the figures as JSON")
    parser.add_argument("--packs", nargs="*", default=None,
                        help="measure these JSON-lines packs (published levels) instead of generating")
    parser.add_argument("--write-data", action="store_true",
                        help="with --packs: put their figures per side into satlink/data/published.json")
    args = parser.parse_args()
    if args.worker:
        serve(answer)
        return
    if args.write_data and args.packs is None:
        parser.error("--write-data measures --packs (published levels), not generated ones")
    if args.packs is not None:
        by_side = measure_packs(args.packs, args.rules)
        if args.write_data:
            print(f"\nwrote {write_data(by_side, args.packs)}")
        return
    if args.quick:
        args.count, args.budget, args.attempts = 10, 15.0, 150
    run = Run("generator_play", args)
    # imported here, by the driver alone: a worker imports this script beside a baseline
    # checkout's benchmarks/, which may not have it
    from benchmarks.attempts import generator_workers

    generators = generator_workers(Path(__file__), args.baseline)
    results: dict = {}
    lines = []
    try:
        for size in args.sizes.split(","):
            published_line = published_row(size)
            if published_line:
                lines.append(published_line)
            for setting in args.settings.split(","):
                r = measure(generators, size, None if setting == "default" else setting, args)
                results[f"{size} {setting}"] = r
                for name, m in r.items():
                    lines.append(row(size, setting, name, m))
                    print(lines[-1], file=sys.stderr, flush=True)
    finally:
        for g in generators:
            g.close()
    print(f"{args.rules}, one core; {platform.python_version()}; count {args.count}, budget "
          f"{args.budget:g} s, attempts {args.attempts}; "
          + ", ".join(f"{g.name} = {g.origin}" for g in generators))
    print(HEADER)
    print("\n".join(lines))
    run.write(args.out, [{"case": case, **row} for case, by_generator in results.items()
                         for row in keyed(by_generator, "generator")],
              table=[flat_row(*case.split(" ", 1), name, m) for case, by_generator in results.items()
                     for name, m in by_generator.items()],
              published=published(), origins={g.name: g.origin for g in generators})


if __name__ == "__main__":
    main()
