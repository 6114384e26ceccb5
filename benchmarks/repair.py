"""Repair that finishes (issue 21): drafts the way a designer makes them, explained and
repaired by chains of edits, against the chain search alone (the baseline) in the same run.

Drafts:

* **random NxN** (5x5 to 10x10, ``--per-size`` each): endpoints placed at random on an empty
  board, the colour count drawn from the published spread of Flow Free levels of that size
  (``--colour-draw published``, the default: the fewest, quartiles, median and most of
  :func:`~satlink.generate.colours.published_colour_draw`, as ``generate`` draws them) or
  uniformly between the fewest and the most (``--colour-draw uniform``, as before);
* **corpus**: every hand-made level of the mzucker corpus (unique under ``flow``) with one
  endpoint moved to a random empty cell, ``--moves`` per level;
* **corpus under fill** (``--fill-moves``, none by default): the same, another random move,
  explained and repaired under ``fill``, where most such drafts are ``multiple``;
* **fill jumbos**: the mzucker jumbos that are ambiguous under ``fill``, repaired with
  ``--jumbo-edits`` edits and as many pairs more allowed, ``--jumbo-seconds`` each (not part
  of the drafts' share).

Each draft is first explained (:func:`satlink.explain.explain`, no step trace): is the reason
of an unsolvable one located, and how many seconds until it was.  Then it is repaired by
each side of ``--sides``, their order rotated from draft to draft: ``new`` is
:func:`satlink.repair.chains.repair_chain` of this tree with the defaults (at most 3 edits,
10 s, paths of at least 3 cells, +-1 pair, symmetry kept, no solids); ``solids`` the same
with solid cells allowed (``repair --chain --allow-solids``); ``main`` the baseline:
``repair_chain`` with the defaults from the ``--baseline`` git revision (``main``), extracted
with ``git archive`` and run in a worker process fed draft by draft, so both run in the same
minutes under the same load.  A draft counts as repaired when the chain ends proven unique
(the check, the referee) within 3 edits and 10 s.

    python benchmarks/repair.py --per-size 10 --moves 1 --no-jumbos \
        --out benchmarks/results/repair.json
    python benchmarks/repair.py --tables-from benchmarks/results/repair.json
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

if (CHECKOUT := str(Path(__file__).resolve().parents[1])) not in sys.path:  # started as a file
    sys.path.insert(1 + len(os.environ.get("PYTHONPATH", "").split(os.pathsep)), CHECKOUT)

import argparse
import contextlib
import random
import statistics
import time

from benchmarks.explain import one_endpoint_moved
from benchmarks.harness import CheckoutWorker, Run, archived, in_turn, read_results, serve
from satlink.board import Board, label_for
from satlink.repair.chains import repair_chain
from satlink.repair.plans import Constraints

try:
    from satlink.repair.plans import ChainOptions
except ImportError:  # a --baseline revision from before the options object
    ChainOptions = None
from satlink.rules import parse_rules

CORPUS = Path(__file__).resolve().parents[2] / "shared/corpus/mzucker-flow_solver/puzzles"
FILL_JUMBOS = ("jumbo_13x13_26", "jumbo_14x14_19", "jumbo_14x14_30")
"""The mzucker jumbos no chain repaired under ``fill`` before (``jumbo_14x14_01``, also
ambiguous under ``fill``, was repaired by one edit already)."""
LOCATED = ("deduction", "core", "empty-cells")
SIDES = ("new", "solids", "main")
EDITS, SECONDS = 3, 10.0


def random_drafts(rng: random.Random, per_size: int, draw: str = "published"
                  ) -> list[tuple[str, Board]]:
    from satlink.generate.colours import published_colour_draw, published_colours

    out = []
    for n in range(5, 11):
        low, _, high = published_colours(n * n)
        for _ in range(per_size):
            if draw == "uniform":
                pairs = rng.randint(max(2, round(low)), max(2, round(high)))
            else:
                pairs = max(2, round(published_colour_draw(n * n, rng.random())))
            spots = rng.sample(range(n * n), 2 * pairs)
            grid = ["."] * (n * n)
            for k in range(pairs):
                grid[spots[2 * k]] = grid[spots[2 * k + 1]] = label_for(k)
            rows = ["".join(grid[r * n:(r + 1) * n]) for r in range(n)]
            out.append((f"random {n}x{n}", Board.from_rows(rows)))
    return out


def moved_drafts(rng: random.Random, moves: int, corpus: Path) -> list[tuple[str, Board]]:
    from satlink.formats import read_file

    out = []
    for path in sorted(corpus.glob("*.txt")):
        if "unsolvable" in path.name:
            continue
        for entry in read_file(str(path)):
            board = entry.board
            if board is None:
                continue
            for _ in range(moves):
                out.append(("corpus, one endpoint moved", one_endpoint_moved(board, rng)))
    return out


def ok(chain: dict) -> bool:
    return chain["repaired"] and chain["proven"] and chain["edits"] <= EDITS \
        and chain["seconds"] <= SECONDS


def run_chain(board: Board, rules: str, solids: bool = False, colours: int = 1) -> dict:
    cons = Constraints(colours=colours, solids=solids)
    if ChainOptions is None:  # the --baseline worker on a revision that takes keywords
        chain = repair_chain(board, parse_rules(rules), constraints=cons, max_edits=EDITS,
                             seconds=SECONDS)
    else:
        chain = repair_chain(board, parse_rules(rules),
                             ChainOptions(constraints=cons, max_edits=EDITS, seconds=SECONDS))
    return {"repaired": chain.repaired, "proven": chain.proven, "edits": len(chain.steps),
            "seconds": round(chain.seconds, 3), "via": chain.via, "reason": chain.reason,
            "final": list(chain.final.rows) if chain.repaired and chain.final else None}


def answer(job: dict) -> dict:
    """The baseline's side (``--worker``): repair one draft with the ``satlink`` of the
    archived revision this worker runs beside."""
    return run_chain(Board.from_rows(job["rows"]), job["rules"], colours=job["colours"])


def p95(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]


def summary(rows: list[dict], group: str) -> dict:
    mine = [r for r in rows if group in ("all drafts", r["group"])]
    bad = [r for r in mine if r["status"] == "unsolvable"]
    located = [r for r in bad if r["reason"] in LOCATED]
    line = {"group": group, "drafts": len(mine), "unsolvable": len(bad),
            "explained": len(located) / len(bad) if bad else None}
    times = [r["seconds_to_reason"] if r["reason"] in LOCATED else r["explain_seconds"]
             for r in bad]
    line["explain_max"] = max(times) if times else None
    line["explain_p95"] = p95(times) if times else None
    for side in SIDES:
        if not all(side in r for r in mine):
            continue
        good = [r[side] for r in mine if ok(r[side])]
        line[side] = len(good) / len(mine) if mine else None
        line[f"{side}_edits"] = statistics.median(g["edits"] for g in good) if good else None
        line[f"{side}_seconds"] = statistics.median(g["seconds"] for g in good) if good else None
    for side in ("new", "solids"):
        line[f"{side}_beyond"] = sum(1 for r in mine if side in r
                                     and r[side]["reason"].startswith("no board"))
    return line


def fmt(v: float | None, pattern: str) -> str:
    return "-" if v is None else format(v, pattern)


def print_table(table: list[dict]) -> None:
    sides = [s for s in SIDES if s in table[0]]
    names = " / ".join(sides)
    print(f"| drafts | n | unsolvable | explained | explain s max / p95 | repaired <= 3 edits, "
          f"<= 10 s: {' | '.join(sides)} | median edits {names} | median s {names} "
          f"| proven beyond 3 edits: new / solids |")
    print("|---|---|---|---|---|" + "---|" * len(sides) + "---|---|---|")
    for t in table:
        print(f"| {t['group']} | {t['drafts']} | {t['unsolvable']} | {fmt(t['explained'], '.0%')}"
              f" | {fmt(t['explain_max'], '.2f')} / {fmt(t['explain_p95'], '.2f')}"
              f" | {' | '.join(_share(t, s) for s in sides)}"
              f" | {' / '.join(fmt(t[s + '_edits'], 'g') for s in sides)}"
              f" | {' / '.join(fmt(t[s + '_seconds'], '.2f') for s in sides)}"
              f" | {t['new_beyond']} / {t['solids_beyond']} |")


def _share(t: dict, side: str) -> str:
    """The share repaired and the count behind it (``85% (44)``)."""
    if t[side] is None:
        return "-"
    return f"{t[side]:.0%} ({round(t[side] * t['drafts'])})"


def tables(rows: list[dict]) -> list[dict]:
    """The table per group, for the random drafts together, per verdict of the draft, and
    for all drafts; printed."""
    groups = list(dict.fromkeys(r["group"] for r in rows))
    random_rows = [dict(r, group="random 5x5-10x10") for r in rows
                   if r["group"].startswith("random")]
    table = [summary(rows, g) for g in groups]
    table.append(summary(random_rows, "random 5x5-10x10"))
    for status in ("unsolvable", "multiple", "unique"):
        mine = [dict(r, group=f"all {status} drafts") for r in rows if r["status"] == status]
        if mine:
            table.append(summary(mine, f"all {status} drafts"))
    table.append(summary(rows, "all drafts"))
    print_table(table)
    for side in SIDES:
        if all(side in r for r in rows):
            ends = [_end(r[side]) for r in rows]
            print(f"{side}: " + ", ".join(f"{ends.count(e)} {e}" for e in
                                          ("repaired", "proven beyond", "other", "out of time")))
    big = [r for r in rows if r["group"] in ("random 8x8", "random 9x9", "random 10x10")]
    for side in ("new", "solids"):
        paired(rows, side, "main", "all drafts")
        paired(big, side, "main", "random 8x8-10x10")
    return table


def _end(chain: dict) -> str:
    """How a repair ended: repaired (within the goal), proven beyond (no solvable board
    within the edits, by SAT), out of time (the 10 s ran out), other."""
    if ok(chain):
        return "repaired"
    if chain["reason"].startswith("no board"):
        return "proven beyond"
    return "out of time" if chain["reason"] == "budget" or chain["seconds"] >= SECONDS \
        else "other"


def longer(rows: list[dict], seconds: float) -> None:
    """The drafts ``new`` ran out of time on, repaired again with ``seconds`` (the other
    defaults kept): how each ends tells whether more speed could have repaired it."""
    for r in rows:
        if r["new"] and _end(r["new"]) == "out of time":
            chain = repair_chain(Board.from_rows(r["grid"]), parse_rules(r["rules"]),
                                 ChainOptions(max_edits=EDITS, seconds=seconds))
            end = "repaired" if chain.repaired and chain.proven else \
                "proven beyond" if chain.reason.startswith("no board") else "out of time"
            print(f"{r['group']}, {r['pairs']} pairs, {seconds:g} s: {end} after "
                  f"{chain.seconds:.1f} s ({len(chain.steps)} edits)", flush=True)


def paired(rows: list[dict], side: str, base: str, label: str) -> dict | None:
    """Seconds of ``side`` against ``base`` on the drafts both repaired (the same drafts, the
    same minutes): the median of the per-draft ratios and the ratio of the sums; printed."""
    both = [(r[side]["seconds"], r[base]["seconds"]) for r in rows
            if side in r and base in r and ok(r[side]) and ok(r[base])]
    if not both:
        return None
    ratios = [a / b for a, b in both if b > 0]
    line = {"side": side, "base": base, "drafts": len(both),
            "median_ratio": statistics.median(ratios) if ratios else None,
            "sum_ratio": sum(a for a, _ in both) / max(sum(b for _, b in both), 1e-9)}
    print(f"{label}: {side} / {base} seconds on the {line['drafts']} drafts both repaired: "
          f"median ratio "
          f"{fmt(line['median_ratio'], '.2f')}, ratio of the sums {line['sum_ratio']:.2f}")
    return line


def jumbos(corpus: Path, edits: int, seconds: float) -> list[dict]:
    from satlink.formats import read_file

    out = []
    for name in FILL_JUMBOS:
        board = next(iter(read_file(str(corpus / f"{name}.txt")))).board
        cons = Constraints(colours=edits)
        for nearest in (True, False):
            chain = repair_chain(board, parse_rules("fill"),
                                 ChainOptions(constraints=cons, max_edits=edits, seconds=seconds,
                                              nearest=nearest))
            out.append({"board": name, "side": "new" if nearest else "main",
                        "status": str(chain.status), "count": chain.count,
                        "repaired": chain.repaired, "proven": chain.proven,
                        "edits": len(chain.steps), "pairs": len(board.labels),
                        "seconds": round(chain.seconds, 2), "via": chain.via})
    print(f"\nfill jumbos (--max-edits {edits} --colours {edits} --seconds {seconds:g}):")
    print("| board | solutions (up to 16) | new: repaired, edits, s | main: repaired, edits, s |")
    print("|---|---|---|---|")
    for name in FILL_JUMBOS:
        new, main = (next(r for r in out if r["board"] == name and r["side"] == s)
                     for s in ("new", "main"))
        print(f"| {name} | {new['count']} | {'yes' if new['repaired'] else 'no'}, "
              f"{new['edits']}, {new['seconds']} | {'yes' if main['repaired'] else 'no'}, "
              f"{main['edits']}, {main['seconds']} |")
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--per-size", type=int, default=10)
    parser.add_argument("--colour-draw", choices=("published", "uniform"), default="published",
                        help="random drafts' colour count: the published spread (quantiles) "
                             "or uniform between the fewest and the most")
    parser.add_argument("--sides", default=",".join(SIDES),
                        help="repairs per draft, a comma list of: new (this tree, defaults), "
                             "solids (this tree, solids allowed), main (--baseline's tree)")
    parser.add_argument("--baseline", default="main", help="git revision of the main side")
    parser.add_argument("--moves", type=int, default=1)
    parser.add_argument("--seed", type=int, default=21)
    parser.add_argument("--corpus", type=Path, default=CORPUS)
    parser.add_argument("--fill-moves", type=int, default=0,
                        help="corpus levels with one endpoint moved, repaired under fill "
                             "(mostly multiple drafts), per level")
    parser.add_argument("--jumbo-edits", type=int, default=12)
    parser.add_argument("--jumbo-seconds", type=float, default=60.0)
    parser.add_argument("--no-jumbos", action="store_true")
    parser.add_argument("--colours", type=int, default=1,
                        help="pairs a repair may add or remove in all (repair --colours; default 1)")
    parser.add_argument("--out", type=Path, default=None)
    parser.add_argument("--tables-from", type=Path, default=None,
                        help="print the tables of a JSON written by --out, without running")
    parser.add_argument("--longer", type=float, default=None,
                        help="with --tables-from: repair the drafts new ran out of time on "
                             "again with this many seconds (are they repairable at all?)")
    parser.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.worker:
        serve(answer)
        return
    if args.tables_from:
        rows = read_results(args.tables_from)["rows"]
        tables(rows)
        if args.longer:
            longer(rows, args.longer)
        return

    sides = [s.strip() for s in args.sides.split(",") if s.strip()]
    if not sides or set(sides) - set(SIDES):
        parser.error(f"--sides: a comma list of {', '.join(SIDES)}")
    run = Run("repair", args)
    with contextlib.ExitStack() as stack:
        baseline, commit = None, None
        if "main" in sides:
            folder, commit = stack.enter_context(archived(args.baseline))
            baseline = stack.enter_context(CheckoutWorker("main", folder, Path(__file__)))
        rows = repair_drafts(args, sides, baseline)
    table = tables(rows)
    jumbo_rows = [] if args.no_jumbos or not args.corpus.is_dir() else \
        jumbos(args.corpus, args.jumbo_edits, args.jumbo_seconds)
    run.write(args.out, rows, baseline_commit=commit, table=table, jumbos=jumbo_rows)


def repair_drafts(args: argparse.Namespace, sides: list[str],
                  baseline: CheckoutWorker | None) -> list[dict]:
    """Every draft explained, then repaired by each side, the sides' order rotated."""
    from satlink.explain import explain

    rng = random.Random(args.seed)
    drafts = random_drafts(rng, args.per_size, args.colour_draw)
    if args.corpus.is_dir():
        drafts += moved_drafts(rng, args.moves, args.corpus)
        drafts += [(group + " under fill", board) for group, board in
                   moved_drafts(rng, args.fill_moves, args.corpus)]
    rows = []
    for i, (group, board) in enumerate(drafts):
        begun = time.perf_counter()
        rules = "fill" if group.endswith("under fill") else "flow"
        why = explain(board, parse_rules(rules), budget=SECONDS, steps=False)
        row = {"group": group, "rules": rules, "size": [board.width, board.height],
               "pairs": len(board.labels),
               "grid": list(board.rows), "status": why.status, "reason": why.reason,
               "seconds_to_reason": why.seconds_to_reason,
               "explain_seconds": time.perf_counter() - begun}
        for side in in_turn(sides, i):
            if side == "main":
                assert baseline is not None
                row[side] = baseline.ask({"rows": list(board.rows), "rules": rules,
                                          "colours": args.colours})
            else:
                row[side] = run_chain(board, rules, side == "solids", args.colours)
        rows.append(row)
        print(f"{i + 1}/{len(drafts)} {group} {len(board.labels)} pairs: {row['status']}, "
              + ", ".join(f"{s} {ok(row[s])} ({row[s]['edits']} edits, {row[s]['seconds']} s)"
                          for s in sides), file=sys.stderr, flush=True)
    return rows

if __name__ == "__main__":
    main()
