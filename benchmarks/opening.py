"""How a puzzle *opens*: the share of its cells plain forced moves colour (issue 33).

The measure, as issue 33 defines it so that anyone can reproduce it on published levels:
start from the endpoints, each endpoint a *head* of its colour, and repeat until nothing
applies:

* **J**: a head next to the other head of its own colour joins it; that colour is done;
* **H**: a head of an unfinished colour with exactly one possible continuation (an empty
  neighbour, or the other head of its colour if adjacent) takes it, and that cell becomes
  the head;
* **C**: an empty cell with exactly two usable neighbours (empty cells or heads of
  unfinished colours) must use both; if one of them is a head, the cell takes that head's
  colour and becomes its head (if both are heads of one colour, they join).

Nothing else: no look-ahead, regions, corners or no-touch reasoning, and no colour for a
chain that touches no endpoint.  The figure of a puzzle is the share of its *non-endpoint*
cells coloured; a puzzle is *solved completely* when that share is 1.  Every coloured cell
must agree with the solution (:func:`opening` counts those that do not).

This module is written on the rows of a plain square board (four neighbours, ``.`` empty,
``#`` solid, any other character an endpoint) and imports nothing from satlink (only
``--write-data`` does, to write the data file), so it is a
check on the generator's own copy of these rules (:mod:`satlink.generate.play`) rather than a
second use of it.  Run as a script it measures default packs of this checkout against a
baseline checkout, interleaved attempt by attempt (``generator_play.py``'s workers), and
prints the share beside the published figures and issue 22's look and band figures:

    git worktree add --detach /tmp/open-base main
    python benchmarks/opening.py --baseline /tmp/open-base --count 40 \\
        --out benchmarks/results/opening.json
    python benchmarks/opening.py --packs pack.jsonl     # measure pack files (JSON lines)
    python benchmarks/opening.py --packs published-*.jsonl --write-data

``--write-data`` (with ``--packs`` of published levels) puts the mean share and the share
solved completely per side of their square puzzles into ``satlink/data/published.json``
(``opening``, the figures a default pack aims at), naming the run and the packs as source.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

if (CHECKOUT := str(Path(__file__).resolve().parents[1])) not in sys.path:  # started as a file
    sys.path.insert(1 + len(os.environ.get("PYTHONPATH", "").split(os.pathsep)), CHECKOUT)

import argparse
import json
from dataclasses import dataclass
from statistics import median

PUBLISHED_DATA = Path(__file__).resolve().parents[1] / "satlink" / "data" / "published.json"
"""Where the published levels' figures are kept (``opening``: this measure on them, with
its source), read as plain JSON so that this module still imports nothing from satlink."""
DEFAULT_SIZES = "5x5,7x7,9x9,10x10,12x12,14x14"
EMPTY, SOLID = ".", "#"


@dataclass
class Opening:
    """What the three rules did to one puzzle."""

    coloured: dict[tuple[int, int], str]
    """(row, column) -> colour of every non-endpoint cell the rules coloured."""
    cells: int
    """Non-endpoint open cells."""
    wrong: int = 0
    """Coloured cells whose colour is not the solution's (0 on a sound run)."""
    stuck: bool = False
    """A contradiction was met (a cell between heads of two colours): the run stopped there."""

    @property
    def share(self) -> float:
        return len(self.coloured) / self.cells if self.cells else 1.0

    @property
    def complete(self) -> bool:
        return len(self.coloured) == self.cells


def opening(rows: list[str], solution: dict[str, list] | None = None) -> Opening:
    """Run J, H and C to their fixpoint on ``rows``; ``solution`` (label -> [[row, col], ...])
    is what the coloured cells are checked against."""
    colour: dict[tuple[int, int], str | None] = {}
    ends: dict[str, list[tuple[int, int]]] = {}
    for r, line in enumerate(rows):
        for c, ch in enumerate(line):
            if ch == SOLID:
                continue
            colour[(r, c)] = None if ch == EMPTY else ch
            if ch != EMPTY:
                ends.setdefault(ch, []).append((r, c))
    heads = {label: list(cells) for label, cells in ends.items()}  # emptied once joined
    head_of: dict[tuple[int, int], str] = {x: label for label, xs in heads.items() for x in xs}

    def around(x: tuple[int, int]) -> list[tuple[int, int]]:
        r, c = x
        return [y for y in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)) if y in colour]

    def join(label: str) -> None:
        for h in heads[label]:
            del head_of[h]
        heads[label] = []

    def advance(label: str, h: tuple[int, int], to: tuple[int, int]) -> None:
        colour[to] = label
        del head_of[h]
        head_of[to] = label
        heads[label][heads[label].index(h)] = to

    def other(label: str, h: tuple[int, int]) -> tuple[int, int]:
        a, b = heads[label]
        return b if h == a else a

    changed = True
    stuck = False
    while changed and not stuck:
        changed = False
        for label in heads:  # J
            if heads[label] and other(label, heads[label][0]) in around(heads[label][0]):
                join(label)
                changed = True
        for label in heads:  # H
            for h in list(heads[label]):
                if h not in heads[label]:
                    continue
                mate = other(label, h)
                ways = [y for y in around(h) if colour[y] is None or y == mate]
                if len(ways) == 1:
                    if ways[0] == mate:
                        join(label)
                    else:
                        advance(label, h, ways[0])
                    changed = True
        for x in colour:  # C
            if colour[x] is not None:
                continue
            ways = [y for y in around(x) if colour[y] is None or y in head_of]
            if len(ways) != 2:
                continue
            labels = [head_of[y] for y in ways if y in head_of]
            if not labels:
                continue
            if len(labels) == 2 and labels[0] != labels[1]:
                stuck = True  # two colours would meet here: no solution continues
                break
            label = labels[0]
            first = next(y for y in ways if y in head_of)
            advance(label, first, x)
            if len(labels) == 2:
                join(label)
            changed = True
    coloured = {x: k for x, k in colour.items() if k is not None and x not in _ends(ends)}
    wrong = 0
    if solution is not None:
        truth = {(r, c): label for label, path in solution.items() for r, c in path}
        wrong = sum(truth.get(x) != k for x, k in coloured.items())
    cells = sum(1 for x in colour if x not in _ends(ends))
    return Opening(coloured, cells, wrong, stuck)


def _ends(ends: dict[str, list[tuple[int, int]]]) -> set[tuple[int, int]]:
    return {x for xs in ends.values() for x in xs}


def summarise(openings: list[Opening]) -> dict:
    """Mean share, share solved completely, median share, and cells coloured wrongly."""
    shares = [o.share for o in openings]
    return {
        "puzzles": len(openings),
        "mean": sum(shares) / len(shares) if shares else None,
        "complete": sum(o.complete for o in openings) / len(openings) if openings else None,
        "median": median(shares) if shares else None,
        "wrong_cells": sum(o.wrong for o in openings),
        "stuck": sum(o.stuck for o in openings),
    }


def published() -> dict[int, tuple[float, float]]:
    """side -> (mean share, share of levels solved completely) of published basic Flow Free
    levels of side x side cells under this measure (``opening`` in :data:`PUBLISHED_DATA`)."""
    entries = json.loads(PUBLISHED_DATA.read_text(encoding="utf-8"))["opening"]["by_side"]
    return {e["side"]: (e["mean"], e["complete"]) for e in entries}


def published_of(size: str) -> tuple[float, float] | None:
    width, _, height = size.partition("x")
    return published().get(int(width)) if width == height else None


# -- the script ----------------------------------------------------------------------------------
def pct(value: float | None) -> str:
    return "–" if value is None else f"{100 * value:.0f} %"


OPEN_HEADER = ("| size | generator | puzzles/attempts | s/puzzle wall / cpu | mean share | "
               "solved completely | median share | wrong cells | published mean | published completely |\n"
               + "|---" * 10 + "|")


def open_row(size: str, name: str, m: dict, figures: dict) -> str:
    pub = published_of(size)
    spp = ("–" if m["seconds_per_puzzle"] is None else
           f"{m['seconds_per_puzzle']:.2f} / {m['cpu_seconds_per_puzzle']:.2f}")
    return (f"| {size} | {name} | {m['puzzles']}/{m['attempts']} | {spp} | {pct(figures['mean'])} | "
            f"{pct(figures['complete'])} | {pct(figures['median'])} | {figures['wrong_cells']} | "
            f"{pct(pub[0]) if pub else '–'} | {pct(pub[1]) if pub else '–'} |")


def measure_packs(paths: list[str]) -> dict[int, list[Opening]]:
    """Print the measure of JSON-lines packs (``generate --out x.jsonl``); return the
    openings of their square puzzles by side."""
    print("| pack | puzzles | mean share | solved completely | median share | wrong cells |\n"
          "|---|---|---|---|---|---|")
    by_side: dict[int, list[Opening]] = {}
    for path in paths:
        openings = []
        for line in Path(path).read_text().splitlines():
            if line.strip():
                entry = json.loads(line)
                openings.append(opening(entry["grid"], entry.get("solution")))
                if len(entry["grid"]) == len(entry["grid"][0]):
                    by_side.setdefault(len(entry["grid"]), []).append(openings[-1])
        f = summarise(openings)
        print(f"| {path} | {f['puzzles']} | {pct(f['mean'])} | {pct(f['complete'])} | "
              f"{pct(f['median'])} | {f['wrong_cells']} |")
    return by_side


def write_data(by_side: dict[int, list[Opening]], paths: list[str]) -> Path:
    """Put the mean share and the share solved completely of each side of square puzzles in
    ``paths`` into ``opening`` of ``satlink/data/published.json`` (the figures the generator
    aims a default pack's openings at): run it on packs of published levels."""
    from satlink.bench import datafiles

    data = datafiles.read("published")
    source = datafiles.add_source(data, "the square puzzles of " + ", ".join(paths))
    measured = []
    for side, openings in sorted(by_side.items()):
        f = summarise(openings)
        measured.append({"side": side, "mean": round(f["mean"], 4),
                         "complete": round(f["complete"], 4), "source": source})
    datafiles.replace_entries(data["opening"]["by_side"], "side", measured)
    return datafiles.write("published", data)


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--sizes", default=DEFAULT_SIZES)
    parser.add_argument("--settings", default="default",
                        help="comma-separated: default (no --grade), easy, medium, hard")
    parser.add_argument("--count", type=int, default=40, help="puzzles per size and generator")
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
    args = parser.parse_args()
    if args.write_data and args.packs is None:
        parser.error("--write-data measures --packs (published levels), not generated ones")
    if args.packs is not None:
        by_side = measure_packs(args.packs)
        if args.write_data:
            print(f"\nwrote {write_data(by_side, args.packs)}")
        return
    from benchmarks import generator_play as play
    from benchmarks.attempts import generator_workers
    from benchmarks.harness import Run, keyed

    run = Run("opening", args)
    generators = generator_workers(Path(play.__file__), args.baseline)

    def extra(rows: list[str], solution: dict) -> dict:
        o = opening(rows, solution)
        return {"opening": o.share, "opening_complete": o.complete, "opening_wrong": o.wrong,
                "opening_stuck": o.stuck}

    results: dict = {}
    opens, looks = [], []
    try:
        for size in args.sizes.split(","):
            if play.published_row(size):
                looks.append(play.published_row(size))
            for setting in args.settings.split(","):
                r = play.measure(generators, size, None if setting == "default" else setting,
                                 args, extra)
                results[f"{size} {setting}"] = r
                for name, m in r.items():
                    figures = summarise([_Measured(e) for e in m["extra"]])
                    m["opening_figures"] = figures  # m["opening"] stays the mean the look table prints
                    label = name if setting == "default" else f"{name} ({setting})"
                    opens.append(open_row(size, label, m, figures))
                    looks.append(play.row(size, setting, name, m))
                    print(opens[-1], file=sys.stderr, flush=True)
    finally:
        for g in generators:
            g.close()
    print(f"{args.rules}, seed {args.seed}, count {args.count}, budget {args.budget:g} s, "
          f"attempts {args.attempts}; " + ", ".join(f"{g.name} = {g.origin}" for g in generators))
    print(OPEN_HEADER)
    print("\n".join(opens))
    print()
    print(play.HEADER)
    print("\n".join(looks))
    run.write(args.out, [{"case": case, **row} for case, by_generator in results.items()
                         for row in keyed(by_generator, "generator")],
              published={str(k): v for k, v in published().items()},
              origins={g.name: g.origin for g in generators})


class _Measured:
    """An :class:`Opening`'s figures as the worker loop kept them (share, complete, wrong)."""

    def __init__(self, figures: dict):
        self.share = figures["opening"]
        self.complete = figures["opening_complete"]
        self.wrong = figures["opening_wrong"]
        self.stuck = figures["opening_stuck"]


if __name__ == "__main__":
    main()
