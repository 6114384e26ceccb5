"""How a puzzle *opens*: the share of its cells plain forced moves colour (issue 33), of
generated packs beside published levels, per size and per colour count.

The measure itself (rules J, H and C, written on plain rows apart from satlink) is
``benchmarks/forced_opening.py``.  Run as a script this measures packs of this checkout
against a baseline checkout, interleaved attempt by attempt (``generator_play.py``'s
workers), and prints the share beside the published figures and issue 22's look and band
figures.  ``--colour-mix`` says which colour counts are asked for:

* ``default``: the generator's own (no ``--colors``);
* ``published``: ``--colors k`` for each attempt, each k as often as published levels of
  that size have it (``opening.by_side_colours`` in ``satlink/data/published.json``), the
  attempts' k drawn along an additive sequence so both generators get the same k for the
  same attempt; the figures are printed for the whole mix and per k;
* ``each``: a run of its own at ``--colors k`` for every k that at least
  ``--min-levels`` published levels of that size have.

    git worktree add --detach /tmp/open-base main
    python benchmarks/opening.py --baseline /tmp/open-base --count 40 \\
        --out benchmarks/results/opening.json
    python benchmarks/opening.py --sizes 7x7 --colour-mix published,each --count 20
    python benchmarks/opening.py --sizes 9x9 --colour-mix published,each --mix-count 120 --count 40
    python benchmarks/opening.py --packs pack.jsonl     # measure pack files (JSON lines)
    python benchmarks/opening.py --packs published-*.jsonl --write-data --sides 5,7,9

``--write-data`` (with ``--packs`` of published levels) puts the mean share and the share
solved completely of their square puzzles into ``satlink/data/published.json``: per side
(``opening.by_side``, the figures a default pack aims at; ``--sides`` limits which sides are
written) and per side and colour count (``opening.by_side_colours``, with the number of
levels: what a ``--colors k`` request aims at, and the published colour mix), naming the run
and the packs as source.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

if (CHECKOUT := str(Path(__file__).resolve().parents[1])) not in sys.path:  # started as a file
    sys.path.insert(1 + len(os.environ.get("PYTHONPATH", "").split(os.pathsep)), CHECKOUT)

import argparse
import json

from benchmarks.forced_opening import Opening, opening, summarise

PUBLISHED_DATA = Path(__file__).resolve().parents[1] / "satlink" / "data" / "published.json"
"""Where the published levels' figures are kept (``opening``: this measure on them, with
its source), read as plain JSON so that this module still imports nothing from satlink."""
DEFAULT_SIZES = "5x5,7x7,9x9,10x10,12x12,14x14"


def _data() -> dict:
    return json.loads(PUBLISHED_DATA.read_text(encoding="utf-8"))["opening"]


def published() -> dict[int, tuple[float, float]]:
    """side -> (mean share, share of levels solved completely) of published basic Flow Free
    levels of side x side cells under this measure (``opening`` in :data:`PUBLISHED_DATA`)."""
    return {e["side"]: (e["mean"], e["complete"]) for e in _data()["by_side"]}


def published_colours() -> dict[int, dict[int, tuple[int, float, float]]]:
    """side -> colours -> (levels, mean share, share solved completely) of the published
    levels of that size with that many colours (``opening.by_side_colours``)."""
    found: dict[int, dict[int, tuple[int, float, float]]] = {}
    for e in _data().get("by_side_colours", []):
        found.setdefault(e["side"], {})[e["colours"]] = (e["levels"], e["mean"], e["complete"])
    return found


def published_of(size: str, colours: int | None = None) -> tuple[float, float] | None:
    """(mean, complete) of published levels of ``size`` (with ``colours`` colours)."""
    width, _, height = size.partition("x")
    if width != height:
        return None
    if colours is None:
        return published().get(int(width))
    found = published_colours().get(int(width), {}).get(colours)
    return found[1:] if found else None


STEP = 2 ** 0.5 - 1
"""The step of the colour mix's sequence: not the golden ratio the generator draws each
attempt's band and opening along (``satlink.generate.bands``), or the two would move in
lock step and every attempt of one colour count would get the same aim."""


def colour_mix(size: str) -> list[tuple[int, int]]:
    """(colours, published levels) of a square ``size``, fewest colours first."""
    side = int(size.partition("x")[0])
    return sorted((k, v[0]) for k, v in published_colours().get(side, {}).items())


def mixed_colours(size: str, seed: int):
    """attempt number -> the ``--colors`` it asks for: each published colour count of
    ``size`` as often as the published levels have it, drawn along an additive sequence
    (:data:`STEP`) from a point the seed chooses (both generators get the same count for the
    same attempt, and any run of attempts meets the mix closely)."""
    mix = colour_mix(size)
    if not mix:
        raise SystemExit(f"--colour-mix published: no published colour counts for {size}")
    total = sum(n for _, n in mix)
    start = (seed * STEP) % 1.0

    def colours(number: int) -> str:
        u, seen = (start + number * STEP) % 1.0, 0
        for k, n in mix:
            seen += n
            if u < seen / total:
                return str(k)
        return str(mix[-1][0])
    return colours


# -- the script ----------------------------------------------------------------------------------
def pct(value: float | None) -> str:
    return "–" if value is None else f"{100 * value:.0f} %"


def pct1(value: float | None) -> str:
    return "–" if value is None else f"{100 * value:.1f} %"


OPEN_HEADER = ("| size | colours | generator | puzzles/attempts | s/puzzle wall / cpu | mean share | "
               "solved completely | median share | wrong cells | published mean | "
               "published completely |\n" + "|---" * 11 + "|")


def open_row(size: str, colours: str, name: str, m: dict | None, figures: dict,
             pub: tuple[float, float] | None) -> str:
    spp = ("–" if m is None or m["seconds_per_puzzle"] is None else
           f"{m['seconds_per_puzzle']:.2f} / {m['cpu_seconds_per_puzzle']:.2f}")
    counts = (f"{figures['puzzles']}" if m is None else f"{m['puzzles']}/{m['attempts']}")
    return (f"| {size} | {colours} | {name} | {counts} | {spp} | {pct1(figures['mean'])} | "
            f"{pct1(figures['complete'])} | {pct(figures['median'])} | {figures['wrong_cells']} | "
            f"{pct1(pub[0]) if pub else '–'} | {pct1(pub[1]) if pub else '–'} |")


def flat(size: str, colours: str, setting: str, name: str, figures: dict,
         pub: tuple[float, float] | None, m: dict | None = None) -> dict:
    """One row of the results' ``table`` (what the docs draw)."""
    return {"size": size, "colours": colours, "setting": setting, "generator": name,
            "puzzles": figures["puzzles"], "attempts": None if m is None else m["attempts"],
            "mean": figures["mean"], "complete": figures["complete"],
            "wrong_cells": figures["wrong_cells"],
            "published_mean": pub[0] if pub else None,
            "published_complete": pub[1] if pub else None,
            "seconds_per_puzzle": None if m is None else m["seconds_per_puzzle"],
            "cpu_seconds_per_puzzle": None if m is None else m["cpu_seconds_per_puzzle"],
            "short_share": None if m is None else m["short_share"]}


def measure_packs(paths: list[str]) -> tuple[dict[int, list[Opening]], dict[tuple[int, int], list[Opening]]]:
    """Print the measure of JSON-lines packs (``generate --out x.jsonl``); return the
    openings of their square puzzles by side, and by side and colour count."""
    print("| pack | puzzles | mean share | solved completely | median share | wrong cells |\n"
          "|---|---|---|---|---|---|")
    by_side: dict[int, list[Opening]] = {}
    by_colours: dict[tuple[int, int], list[Opening]] = {}
    for path in paths:
        openings = []
        for line in Path(path).read_text().splitlines():
            if line.strip():
                entry = json.loads(line)
                openings.append(opening(entry["grid"], entry.get("solution")))
                if len(entry["grid"]) == len(entry["grid"][0]):
                    side = len(entry["grid"])
                    labels = {ch for row in entry["grid"] for ch in row} - {".", "#"}
                    by_side.setdefault(side, []).append(openings[-1])
                    by_colours.setdefault((side, len(labels)), []).append(openings[-1])
        f = summarise(openings)
        print(f"| {path} | {f['puzzles']} | {pct(f['mean'])} | {pct(f['complete'])} | "
              f"{pct(f['median'])} | {f['wrong_cells']} |")
    return by_side, by_colours


def write_data(by_side: dict[int, list[Opening]], by_colours: dict[tuple[int, int], list[Opening]],
               paths: list[str], sides: set[int] | None) -> Path:
    """Put the mean share and the share solved completely of the square puzzles in ``paths``
    into ``opening`` of ``satlink/data/published.json``: per side (of ``sides``, or all) and
    per side and colour count with the number of levels (every side): run it on packs of
    published levels."""
    from satlink.bench import datafiles

    data = datafiles.read("published")
    source = datafiles.add_source(data, "the square puzzles of " + ", ".join(paths))
    measured = []
    for side, openings in sorted(by_side.items()):
        if sides is None or side in sides:
            f = summarise(openings)
            measured.append({"side": side, "mean": round(f["mean"], 4),
                             "complete": round(f["complete"], 4), "source": source})
    datafiles.replace_entries(data["opening"]["by_side"], "side", measured)
    per_colour = []
    for (side, colours), openings in sorted(by_colours.items()):
        f = summarise(openings)
        per_colour.append({"side": side, "colours": colours, "levels": len(openings),
                           "mean": round(f["mean"], 4), "complete": round(f["complete"], 4),
                           "source": source})
    datafiles.replace_entries(data["opening"].setdefault("by_side_colours", []), "side",
                              per_colour, order=lambda e: (e["side"], e["colours"]))
    return datafiles.write("published", data)


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--sizes", default=DEFAULT_SIZES)
    parser.add_argument("--settings", default="default",
                        help="comma-separated: default (no --grade), easy, medium, hard")
    parser.add_argument("--colour-mix", default="default",
                        help="comma-separated: default (the generator's own colour counts), "
                             "published (--colors k in the published mix of the size), each "
                             "(a run per published colour count of the size)")
    parser.add_argument("--min-levels", type=int, default=30,
                        help="with --colour-mix each: the published levels a colour count needs")
    parser.add_argument("--count", type=int, default=40, help="puzzles per size and generator")
    parser.add_argument("--mix-count", type=int, default=None,
                        help="with --colour-mix published: its puzzles per size and generator "
                             "(default --count; its attempts and budget scaled alike)")
    parser.add_argument("--budget", type=float, default=120.0,
                        help="generation seconds per size and generator")
    parser.add_argument("--attempts", type=int, default=200, help="attempts per size and generator")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--rules", default="flow")
    parser.add_argument("--baseline", default=None, help="a second satlink checkout to compare")
    parser.add_argument("--packs", nargs="*", default=None,
                        help="measure these JSON-lines packs instead of generating")
    parser.add_argument("--out", default=None, help="write the figures as JSON")
    parser.add_argument("--write-data", action="store_true",
                        help="with --packs (of published levels): put their figures per side into "
                             "satlink/data/published.json")
    parser.add_argument("--variant-packs", nargs="*", default=None,
                        help="JSON-lines packs of published variant levels (with their geometry): "
                             "measure them and generate each variant beside them (--variants)")
    parser.add_argument("--variants", default=",".join(VARIANTS),
                        help="with --variant-packs: comma-separated, of " + ", ".join(VARIANTS))
    parser.add_argument("--sides", default=None,
                        help="with --write-data: the sides whose per-side figures are written "
                             "(comma-separated; default all)")
    args = parser.parse_args()
    if args.write_data and args.packs is None:
        parser.error("--write-data measures --packs (published levels), not generated ones")
    mixes = args.colour_mix.split(",")
    if unknown := set(mixes) - {"default", "published", "each"}:
        parser.error(f"--colour-mix: unknown {', '.join(sorted(unknown))}")
    if args.packs is not None:
        by_side, by_colours = measure_packs(args.packs)
        if args.write_data:
            sides = None if args.sides is None else {int(x) for x in args.sides.split(",")}
            print(f"\nwrote {write_data(by_side, by_colours, args.packs, sides)}")
        return
    from benchmarks import generator_play as play
    from benchmarks.attempts import generator_workers
    from benchmarks.harness import Run, keyed

    run = Run("opening", args)
    generators = generator_workers(Path(play.__file__), args.baseline)
    if args.variant_packs is not None:
        try:
            _variants_run(run, generators, args)
        finally:
            for g in generators:
                g.close()
        return

    def extra(rows: list[str], solution: dict) -> dict:
        o = opening(rows, solution)
        return {"opening": o.share, "opening_complete": o.complete, "opening_wrong": o.wrong,
                "opening_stuck": o.stuck, "colours": len(solution)}

    results: dict = {}
    opens, looks, table = [], [], []
    try:
        for size in args.sizes.split(","):
            if play.published_row(size):
                looks.append(play.published_row(size))
            for setting in args.settings.split(","):
                for mix, asked in _runs(size, mixes, args):
                    grade = None if setting == "default" else setting
                    r = play.measure(generators, size, grade, _scaled(args, mix), extra, asked)
                    label = setting if mix == "default" else f"{setting}, colours {mix}"
                    results[f"{size} {label}"] = r
                    for name, m in r.items():
                        rows = _open_rows(size, mix, setting, name, m)
                        for line, entry in rows:
                            opens.append(line)
                            table.append(entry)
                            print(line, file=sys.stderr, flush=True)
                        looks.append(play.row(size, label, name, m))
    finally:
        for g in generators:
            g.close()
    mixed = f" (published mix: {args.mix_count})" if args.mix_count else ""
    print(f"{args.rules}, seed {args.seed}, count {args.count}{mixed}, budget {args.budget:g} s, "
          f"attempts {args.attempts}; " + ", ".join(f"{g.name} = {g.origin}" for g in generators))
    print(OPEN_HEADER)
    print("\n".join(opens))
    print()
    print(play.HEADER)
    print("\n".join(looks))
    run.write(args.out, [{"case": case, **row} for case, by_generator in results.items()
                         for row in keyed(by_generator, "generator")],
              table=table, published={str(k): v for k, v in published().items()},
              origins={g.name: g.origin for g in generators})


def _scaled(args, mix: str):
    """``args`` for one run: the published mix's ``--mix-count`` puzzles (its attempts and
    budget scaled by the same factor), every other run's as given."""
    if mix != "published" or not args.mix_count or args.mix_count == args.count:
        return args
    factor = args.mix_count / args.count
    return argparse.Namespace(**{**vars(args), "count": args.mix_count,
                                 "attempts": round(args.attempts * factor),
                                 "budget": args.budget * factor})


def _runs(size: str, mixes: list[str], args) -> list[tuple[str, object]]:
    """(name, attempt number -> --colors or None) of each run ``--colour-mix`` asks of
    ``size``."""
    runs: list[tuple[str, object]] = []
    for mix in mixes:
        if mix == "default":
            runs.append(("default", None))
        elif mix == "published":
            runs.append(("published", mixed_colours(size, args.seed)))
        else:
            for k, levels in colour_mix(size):
                if levels >= args.min_levels:
                    runs.append((str(k), lambda number, k=k: str(k)))
    return runs


def _open_rows(size: str, mix: str, setting: str, name: str, m: dict) -> list[tuple[str, dict]]:
    """The opening rows of one run: the whole run, and with the published mix each colour
    count in it (against the published levels with that many colours)."""
    figures = summarise([_Measured(e) for e in m["extra"]])
    m["opening_figures"] = figures  # m["opening"] stays the mean the look table prints
    label = name if setting == "default" else f"{name} ({setting})"
    pub = published_of(size, None if mix in ("default", "published") else int(mix))
    out = [(open_row(size, mix, label, m, figures, pub), flat(size, mix, setting, name, figures, pub, m))]
    if mix == "published":
        for k in sorted({e["colours"] for e in m["extra"]}):
            part = summarise([_Measured(e) for e in m["extra"] if e["colours"] == k])
            pub_k = published_of(size, k)
            out.append((open_row(size, f"{k} (in the mix)", label, None, part, pub_k),
                        flat(size, f"{k} (in the mix)", setting, name, part, pub_k)))
    return out


# -- variants: published packs beside generated ones ----------------------------------------------
VARIANTS = ("hexagons", "warps", "bridges", "walls", "shapes")


def variant_name(board) -> str:
    """The variant a published level is counted under, by its first feature in this order:
    hexagons, warps, bridges, walls, shapes (solid cells); else rectangles or square."""
    g = board.geometry
    if g.kind == "hex":
        return "hexagons"
    if g.wrap:
        return "warps"
    if g.bridges:
        return "bridges"
    if g.walls:
        return "walls"
    if any("#" in row for row in board.rows):
        return "shapes"
    return "rectangles" if board.width != board.height else "square"


def level_figures(board, solution, rules) -> dict:
    """What the variant tables give of one solved level: its size, colours, the forced moves'
    share (satlink's J, H, C on the board graph, :func:`satlink.generate.play.opening_share`),
    its short paths, and the count of each feature (to ask the generator for as many)."""
    from satlink.generate.play import opening_share

    share = opening_share(board, rules)
    lengths = [len(path) for path in solution.paths.values()]
    g = board.geometry
    return {"size": f"{board.width}x{board.height}", "colours": len(board.labels),
            "opening": share, "opening_complete": share == 1.0,
            "short_share": sum(n <= 3 for n in lengths) / len(lengths),
            "walls": len(g.walls), "bridges": len(g.bridges),
            "holes": sum(row.count("#") for row in board.rows),
            "mask": tuple("".join("#" if ch == "#" else "." for ch in row) for row in board.rows)}


def published_variants(paths: list[str], rules) -> dict[str, list[dict]]:
    """:func:`level_figures` of every variant level of ``paths`` (JSON lines with ``grid``,
    ``solution`` and ``geometry``), by :func:`variant_name`."""
    from satlink.board import Board
    from satlink.solution import Solution

    found: dict[str, list[dict]] = {}
    for path in paths:
        for line in Path(path).read_text(encoding="utf-8").splitlines():
            if not line.strip():
                continue
            entry = json.loads(line)
            board = Board.from_json(entry["grid"], entry.get("geometry"))
            solution = Solution.from_coords(board, entry["solution"])
            found.setdefault(variant_name(board), []).append(level_figures(board, solution, rules))
    return found


def variant_request(name: str, levels: list[dict]) -> tuple[str, dict]:
    """(size, request options) that ask the generator for ``name`` as published: the
    commonest published size of the variant, with the median count of its feature there
    (hexagons: the commonest mask of solid cells there, which shapes the hexagonal board)."""
    from collections import Counter
    from statistics import median

    size = Counter(e["size"] for e in levels).most_common(1)[0][0]
    there = [e for e in levels if e["size"] == size]
    if name == "hexagons":
        mask = Counter(e["mask"] for e in there).most_common(1)[0][0]
        return size, {"grid": "hex", **({"shape": list(mask)} if "#" in "".join(mask) else {})}
    if name == "warps":
        return size, {"wrap": True}
    feature = {"bridges": "bridges", "walls": "walls", "shapes": "holes"}[name]
    return size, {feature: max(1, round(median(e[feature] for e in there)))}


def variant_summary(levels: list[dict]) -> dict:
    from statistics import mean, median

    return {"puzzles": len(levels), "colours_median": median(e["colours"] for e in levels),
            "opening": mean(e["opening"] for e in levels),
            "opening_complete": mean(e["opening_complete"] for e in levels),
            "short_share": mean(e["short_share"] for e in levels)}


VARIANT_HEADER = ("| variant | size | source | puzzles | s/puzzle wall | colours median | "
                  "forced-moves fill | solved completely | paths ≤ 3 | unique |\n" + "|---" * 10 + "|")


def _variant_row(name: str, size: str, source: str, f: dict, m: dict | None = None) -> tuple[str, dict]:
    spp = "–" if m is None or m["seconds_per_puzzle"] is None else f"{m['seconds_per_puzzle']:.2f}"
    unique = "–" if m is None else f"{m['unique']}/{m['puzzles']}"
    line = (f"| {name} | {size} | {source} | {f['puzzles']} | {spp} | "
            f"{'–' if f['colours_median'] is None else format(f['colours_median'], 'g')} | "
            f"{pct1(f['opening'])} | {pct1(f['opening_complete'])} | {pct1(f['short_share'])} | "
            f"{unique} |")
    row = {"variant": name, "size": size, "source": source, **f,
           "seconds_per_puzzle": None if m is None else m["seconds_per_puzzle"],
           "unique": None if m is None else m["unique"]}
    return line, row


def _variants_run(run, generators, args) -> None:
    """Measure the published variant packs and generate each variant beside them; print a
    table and write it (``table``: one row per variant and source)."""
    from benchmarks import generator_play as play
    from satlink.rules import parse_rules

    levels = published_variants(args.variant_packs, parse_rules(args.rules))
    lines, table, results = [], [], {}
    for name in args.variants.split(","):
        if name not in levels:
            raise SystemExit(f"--variants: no published {name} levels in --variant-packs")
        size, request = variant_request(name, levels[name])
        for source, chosen in (("published, all sizes", levels[name]),
                               (f"published, {size}", [e for e in levels[name] if e["size"] == size])):
            line, row = _variant_row(name, "all" if source.endswith("all sizes") else size, source,
                                     variant_summary(chosen))
            lines.append(line)
            table.append(row)
        r = play.measure(generators, size, None, args, variant=request)
        results[name] = {"request": {k: v for k, v in request.items() if k != "shape"}, "size": size, **r}
        shown = ", ".join("the published mask" if k == "shape" else f"{k} {v}"
                          for k, v in request.items())
        for gen, m in r.items():
            f = {"puzzles": m["puzzles"], "colours_median": m["colours_median"],
                 "opening": m["opening"], "opening_complete": m["opening_complete"],
                 "short_share": m["short_share"]}
            line, row = _variant_row(name, size, f"satlink {gen} ({shown})", f, m)
            lines.append(line)
            table.append(row)
            print(line, file=sys.stderr, flush=True)
    print(f"{args.rules}, seed {args.seed}, count {args.count}, budget {args.budget:g} s, "
          f"attempts {args.attempts}; " + ", ".join(f"{g.name} = {g.origin}" for g in generators))
    print(VARIANT_HEADER)
    print("\n".join(lines))
    run.write(args.out, [{"case": name, "generator": gen, **m}
                         for name, r in results.items()
                         for gen, m in r.items() if gen not in ("request", "size")],
              table=table, origins={g.name: g.origin for g in generators})


class _Measured:
    """An :class:`Opening`'s figures as the worker loop kept them (share, complete, wrong)."""

    def __init__(self, figures: dict):
        self.share = figures["opening"]
        self.complete = figures["opening_complete"]
        self.wrong = figures["opening_wrong"]
        self.stuck = figures["opening_stuck"]


if __name__ == "__main__":
    main()
