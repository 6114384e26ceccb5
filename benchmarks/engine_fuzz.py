"""Hypothesis against the compiled deduction engine: boards that ``engine_agreement.py``'s
families leave out, each compared with the Python engine (``satlink.grading.compare.RESULTS``)
and, where the brute-force oracle can count it, ``check``'s verdict with the compiled engine
in its presolve against the oracle's count.

* ``square``: 1xN to 6x6 and Nx1 boards with 0 to 4 colours, rows of solid cells, endpoints
  side by side, labels from any script (CJK, astral-plane letters and emoji included);
* ``variant``: the test suite's variant families (holes, walls, warps, hexagons, bridges, hex
  bridges, mixes), their labels renamed to such characters half of the time;
* ``many``: 63 to 130 colours on up to 24 columns, so colour sets span two or three 64-bit words
  (the unused bit of the profiles without fill at a word boundary included): dominoes, random
  pairs, and dominoes with a few endpoints swapped.

Every profile is drawn (``flow``, ``fill``, ``nikoli``, ``no2x2``, ``notouch`` and their
combinations).  A difference stops the family: Hypothesis shrinks it and prints the smallest
board it found.

    python benchmarks/engine_fuzz.py --examples 2500 --many 150 --out /tmp/engine_fuzz.json
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

if (CHECKOUT := str(Path(__file__).resolve().parents[1])) not in sys.path:  # started as a file
    sys.path.insert(1 + len(os.environ.get("PYTHONPATH", "").split(os.pathsep)), CHECKOUT)

import argparse
import random
import time
from collections import Counter

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from benchmarks.engine_agreement import compiled_verdict
from benchmarks.harness import Run, keyed
from satlink import Board
from satlink.board import label_for
from satlink.deduce.engines import PYTHON, compiled
from satlink.grading.compare import RESULTS
from satlink.rules import parse_rules
from testbed.oracle import TooLarge, count_solutions
from testbed.variants import FAMILIES, Variant, fits_oracle, random_variant

PROFILES = ["flow", "fill", "nikoli", "no2x2", "fill,no2x2", "notouch,no2x2", "notouch",
            "fill,notouch"]
LABELS = list("ABCxyz0189éЖ中😀𝔸ßΩ٣あ★♞∑ǅ") + [label_for(70 + i) for i in range(5)]
EXPECTED = {0: "unsolvable", 1: "unique"}
COUNTS: dict[str, Counter] = {}


def outcome(result, eng, board: Board, rules: str) -> tuple:
    """A result, or the exception an engine raised instead (itself a finding)."""
    try:
        return ("ok", result(eng, board, parse_rules(rules)))
    except Exception as exc:  # noqa: BLE001
        return ("raised", type(exc).__name__, str(exc)[:200])


def judge(family: str, board: Board, rules: str, count: int | None) -> None:
    """Assert the engines agree and the verdict matches the oracle's ``count``."""
    row = COUNTS.setdefault(family, Counter())
    row["boards"] += 1
    for result in RESULTS:
        row["checks"] += 1
        core, python = (outcome(result, eng, board, rules) for eng in (compiled(), PYTHON))
        assert core == python and core[0] == "ok", (result.__name__, rules, board.rows,
                                                    repr(board.geometry), core, python)
    if count is not None:
        row["oracle"] += 1
        status = compiled_verdict(board, rules)
        assert status == EXPECTED.get(count, "multiple"), (rules, board.rows, status, count)


@st.composite
def square_rows(draw) -> list[str]:
    w = draw(st.integers(1, 6))
    h = draw(st.integers(1, 6 if w > 1 else 8))
    h = min(h, max(1, 30 // w))
    cells = [draw(st.sampled_from(".....#")) for _ in range(w * h)]
    if h > 1 and draw(st.integers(0, 3)) == 0:  # a row of solid cells
        r = draw(st.integers(0, h - 1))
        cells[r * w:(r + 1) * w] = ["#"] * w
    free = [i for i, ch in enumerate(cells) if ch == "."]
    k = draw(st.integers(0, min(4, len(free) // 2)))
    labels = draw(st.lists(st.sampled_from(LABELS), min_size=k, max_size=k, unique=True))
    order = draw(st.permutations(free)) if free else []
    side_by_side = draw(st.booleans())
    used: set[int] = set()
    for label in labels:
        spots = [i for i in order if i not in used]
        if side_by_side:
            pairs = [(i, j) for i in spots for j in (i + 1, i + w)
                     if j in free and j not in used and (j == i + w or j % w)]
            spots = list(pairs[0]) if pairs else spots[:2]
        for i in spots[:2]:
            cells[i] = label
            used.add(i)
    return ["".join(cells[r * w:(r + 1) * w]) for r in range(h)]


@st.composite
def many_colour_rows(draw) -> list[str]:
    k = draw(st.sampled_from([63, 64, 65, 127, 128, 129, 130]))
    w = draw(st.integers(8, 24))
    spare = draw(st.integers(0, 12))
    h = -(-(2 * k + spare) // w)
    cells = ["."] * (2 * k + spare) + ["#"] * (w * h - 2 * k - spare)
    rng = random.Random(draw(st.integers(0, 10**6)))
    mode = draw(st.sampled_from(["dominoes", "random", "swapped"]))
    free = [i for i in range(w * h) if cells[i] == "."]
    if mode == "random":
        rng.shuffle(free)
        ends = free[:2 * k]
    else:  # side by side along each row; "swapped": then a few endpoints trade places
        ends = []
        for r in range(h):
            row = [i for i in free if i // w == r]
            ends += row[:len(row) // 2 * 2]
        ends = ends[:2 * k]
        if mode == "swapped":
            few = rng.sample(range(len(ends)), min(len(ends), 6))
            moved = [ends[i] for i in few]
            rng.shuffle(moved)
            for i, x in zip(few, moved, strict=True):
                ends[i] = x
    for n in range(len(ends) // 2):
        cells[ends[2 * n]] = cells[ends[2 * n + 1]] = label_for(n)
    return ["".join(cells[r * w:(r + 1) * w]) for r in range(h)]


def relabel(rows: tuple[str, ...], labels: list[str]) -> tuple[str, ...]:
    found = list(dict.fromkeys(ch for row in rows for ch in row if ch not in ".#"))
    mapping = dict(zip(found, labels, strict=False))
    return tuple("".join(mapping.get(ch, ch) for ch in row) for row in rows)


def run_families(examples: int, many: int, seed: int) -> list[str]:
    """Run each family; the failures Hypothesis reports, as text."""
    def options(n: int):
        return settings(max_examples=n, deadline=None, database=None, derandomize=False,
                        suppress_health_check=list(HealthCheck))

    @options(examples)
    @given(square_rows(), st.sampled_from(PROFILES))
    def square(rows, rules):
        profile = parse_rules(rules)
        try:
            count = count_solutions(rows, profile.fill, profile.notouch, profile.no2x2, 2)
        except TooLarge:
            count = None
        judge("square", Board.from_rows(rows), rules, count)

    @options(examples)
    @given(st.integers(0, 10**9), st.sampled_from(FAMILIES), st.sampled_from(PROFILES),
           st.booleans())
    def variant(number, family, rules, rename):
        made = random_variant(random.Random(number), family)
        if not fits_oracle(made):
            return
        if rename:
            made = Variant(relabel(made.rows, random.Random(number).sample(LABELS, len(LABELS))),
                           made.kind, made.wrap, made.walls, made.bridges)
        judge(family, made.board(), rules, made.count(parse_rules(rules), 2))

    @options(many)
    @given(many_colour_rows(), st.sampled_from(PROFILES))
    def many_colours(rows, rules):
        judge("many", Board.from_rows(rows), rules, None)

    failures = []
    random.seed(seed)
    for family in (square, variant, many_colours):
        try:
            family()
        except AssertionError as exc:
            failures.append(f"{family.__name__}: {exc}")
    return failures


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--examples", type=int, default=500, help="square and variant boards")
    parser.add_argument("--many", type=int, default=40, help="boards of 63-130 colours")
    parser.add_argument("--seed", type=int, default=30)
    parser.add_argument("--out", type=Path)
    args = parser.parse_args()
    bench = Run("engine_fuzz", args)
    if compiled() is None:
        print("the compiled engine is not built", file=sys.stderr)
        return 2
    begun = time.perf_counter()
    failures = run_families(args.examples, args.many, args.seed)
    print(f"{'family':12} {'boards':>7} {'checks':>7} {'oracle':>7}")
    for family, row in sorted(COUNTS.items()):
        print(f"{family:12} {row['boards']:7d} {row['checks']:7d} {row['oracle']:7d}")
    print(f"{sum(r['boards'] for r in COUNTS.values())} board-profiles, "
          f"{len(failures)} failing families, {time.perf_counter() - begun:.0f} s")
    for failure in failures:
        print("FAILURE", failure[:2000])
    bench.write(args.out, keyed({k: dict(v) for k, v in COUNTS.items()}, "family"),
                failures=failures)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
