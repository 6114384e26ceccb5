"""The compiled deduction engine against the Python one on many boards (issue 30's "agreement"):
random small boards of every geometry (the test suite's families: square, holes, walls,
warps, hexagons, bridges, mixes) under every profile, and every corpus board up to
``--corpus-nodes`` nodes under flow, fill and nikoli.

For each board and profile both engines run the fixpoint of every technique (decided edges,
colours, contradiction with its kind, colour and cells), the grader (grade, steps per
technique, shares, solution), and the search by case splits (solutions, states visited);
every difference is printed.  On boards small enough for the brute-force oracle the verdict
of ``check`` is compared with its count too.  The table gives boards, checks and differences
per family and the seconds each engine took.

    python benchmarks/engine_agreement.py --per-family 200 --out benchmarks/results/agreement.json
    python benchmarks/engine_agreement.py --per-family 0 --square 0 --corpus-nodes 0 --fixpoint-corpus
    python benchmarks/engine_agreement.py --per-family 20 --square 50 --corpus-nodes 1200 \
        --fixpoint-above 400 --progress

``--fixpoint-above N`` compares corpus boards of more than N nodes (up to ``--corpus-nodes``)
by the fixpoint of every technique alone (every edge's state, every node's colours, or the
contradiction): the Python engine's grader and case splits on the 800-node inputs9 boards take
most of an hour, its fixpoint seconds.  ``--progress`` names each corpus board on standard
error as it is done, so a run cut short says which boards it covered.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

if (CHECKOUT := str(Path(__file__).resolve().parents[1])) not in sys.path:  # started as a file
    sys.path.insert(1 + len(os.environ.get("PYTHONPATH", "").split(os.pathsep)), CHECKOUT)

import argparse
import time
from collections import Counter

from benchmarks.harness import Run, keyed
from satlink import Board, check
from satlink.deduce.engines import ENVIRONMENT, PYTHON, compiled
from satlink.formats import read_file
from satlink.grading.compare import ALL_PASSES, RESULTS, fixpoint_result
from satlink.rules import parse_rules
from testbed.boards import PROFILES, boards
from testbed.oracle import count_solutions
from testbed.variants import FAMILIES, VARIANT_PROFILES, variants

HERE = Path(__file__).resolve().parent.parent

CORPUS = HERE.parent / "shared" / "corpus"
EXPECTED = {0: "unsolvable", 1: "unique"}


def corpus_boards(most_nodes: int) -> list[tuple[str, Board]]:
    files = sorted((CORPUS / "mzucker-flow_solver" / "puzzles").glob("*.txt"))
    files += sorted((CORPUS / "thomasahle-numberlink" / "puzzles").glob("inputs*"))
    out = []
    for path in files:
        for entry in read_file(str(path), max_cells=10**7):
            if entry.board is not None and entry.board.n_nodes <= most_nodes:
                out.append((f"{path.name}#{entry.index}", entry.board))
    return out


def every_corpus_board() -> list[tuple[str, Board]]:
    """Every board of every file satlink reads under ``../shared/corpus`` (each peer project),
    whatever its size."""
    out = []
    for path in sorted(p for p in CORPUS.rglob("*") if p.is_file() and p.suffix not in SOURCES):
        for entry in read_file(str(path), max_cells=10**7):
            if entry.board is not None:
                out.append((f"{path.relative_to(CORPUS)}#{entry.index}", entry.board))
    return out


SOURCES = {".md", ".py", ".c", ".h", ".cpp", ".go", ".sh"}
GLOBAL_PASSES_NODES = 20_000
"""Above this many nodes the fixpoint is compared with corner and notouch only, as check's
presolve runs it on the 1002x1002 boards (region and bottleneck in Python take hours there)."""


def compiled_verdict(board: Board, rules: str) -> str:
    """``check``'s verdict with the compiled engine in its presolve: without SATLINK_ENGINE,
    boards of up to ``TINY_NODES`` nodes (every board the oracle can count) are deduced by
    the Python engine, and the verdict would say nothing about the compiled one."""
    before = os.environ.get(ENVIRONMENT)
    os.environ[ENVIRONMENT] = "compiled"
    try:
        return check(board, rules).status.value
    finally:
        if before is None:
            del os.environ[ENVIRONMENT]
        else:
            os.environ[ENVIRONMENT] = before


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--per-family", type=int, default=200)
    parser.add_argument("--square", type=int, default=600, help="plain random boards")
    parser.add_argument("--corpus-nodes", type=int, default=400)
    parser.add_argument("--fixpoint-corpus", action="store_true",
                        help="also the fixpoint alone on every corpus board of every peer "
                             "project, at every size (the 1002x1002 boards take minutes)")
    parser.add_argument("--fixpoint-above", type=int, default=None,
                        help="corpus boards of more nodes: the fixpoint alone")
    parser.add_argument("--progress", action="store_true",
                        help="name each corpus board on standard error as it is done")
    parser.add_argument("--seed", type=int, default=30)
    parser.add_argument("--out", type=Path)
    args = parser.parse_args()
    bench = Run("engine_agreement", args)
    core = compiled()
    if core is None:
        print("the compiled engine is not built", file=sys.stderr)
        return 2
    rows: dict[str, Counter] = {}
    seconds = Counter()
    differences = []

    def compare(family: str, name: str, board: Board, rules: str, truth: int | None,
                results: tuple = RESULTS) -> None:
        row = rows.setdefault(family, Counter())
        row["checks"] += 1
        for result in results:
            begun = time.perf_counter()
            mine = result(core, board, parse_rules(rules))
            seconds["compiled"] += time.perf_counter() - begun
            begun = time.perf_counter()
            theirs = result(PYTHON, board, parse_rules(rules))
            seconds["python"] += time.perf_counter() - begun
            if mine != theirs:
                row["differences"] += 1
                differences.append({"family": family, "board": name, "rules": rules,
                                    "part": result.__name__})
        if truth is not None:
            row["oracle"] += 1
            status = compiled_verdict(board, rules)
            if status != EXPECTED.get(truth, "multiple"):
                row["wrong_verdicts"] += 1
                differences.append({"family": family, "board": name, "rules": rules,
                                    "part": "verdict", "status": status, "truth": truth})

    for i, variant in enumerate(variants(args.seed, args.per_family)):
        family = FAMILIES[i // args.per_family]  # variants() gives them family by family
        rows.setdefault(family, Counter())["boards"] += 1
        for rules in VARIANT_PROFILES:
            compare(family, repr(variant.rows), variant.board(), rules,
                    variant.count(parse_rules(rules), 2))
    for grid in boards(args.seed + 1, args.square):
        rows.setdefault("square", Counter())["boards"] += 1
        for rules in PROFILES:
            profile = parse_rules(rules)
            truth = count_solutions(grid, profile.fill, profile.notouch, profile.no2x2, 2)
            compare("square", repr(grid), Board.from_rows(grid), rules, truth)
    for name, board in corpus_boards(args.corpus_nodes):
        large = args.fixpoint_above is not None and board.n_nodes > args.fixpoint_above
        family = f"corpus > {args.fixpoint_above}, fixpoint" if large else "corpus"
        rows.setdefault(family, Counter())["boards"] += 1
        for rules in ("flow", "fill", "nikoli"):
            compare(family, name, board, rules, None, (fixpoint_result,) if large else RESULTS)
        if args.progress:
            print(f"{name} ({board.width}x{board.height}, {board.n_nodes} nodes): done "
                  f"{'fixpoint' if large else 'fixpoint, grade, splits'}", file=sys.stderr,
                  flush=True)

    for name, board in every_corpus_board() if args.fixpoint_corpus else []:
        row = rows.setdefault("fixpoint, all corpus", Counter())
        row["boards"] += 1
        passes = ALL_PASSES if board.n_nodes <= GLOBAL_PASSES_NODES else ("corner", "notouch")
        for rules in ("flow", "fill", "nikoli"):
            row["checks"] += 1
            results = []
            for side, eng in (("compiled", core), ("python", PYTHON)):
                begun = time.perf_counter()
                results.append(fixpoint_result(eng, board, parse_rules(rules), passes))
                seconds[side] += time.perf_counter() - begun
            if results[0] != results[1]:
                row["differences"] += 1
                differences.append({"family": "fixpoint, all corpus", "board": name,
                                    "rules": rules, "part": "fixpoint_result"})
    print(f"{'family':12} {'boards':>7} {'checks':>7} {'differ':>7} {'oracle':>7} {'wrong':>6}")
    for family, row in rows.items():
        print(f"{family:12} {row['boards']:7d} {row['checks']:7d} {row['differences']:7d} "
              f"{row['oracle']:7d} {row['wrong_verdicts']:6d}")
    total = sum(row["boards"] for row in rows.values())
    print(f"{total} boards; engines' seconds: compiled {seconds['compiled']:.1f}, "
          f"python {seconds['python']:.1f} ({seconds['python'] / max(seconds['compiled'], 1e-9):.0f}x)")
    for difference in differences[:20]:
        print("DIFFERENCE", difference)
    bench.write(args.out, keyed({k: dict(v) for k, v in rows.items()}, "family"),
                seconds=dict(seconds), differences=differences)
    return 1 if differences else 0


if __name__ == "__main__":
    sys.exit(main())
