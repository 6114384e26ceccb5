"""Whether Repair finds a fix wherever draw mode does, within the studio's budget.

The boards: the draw-mode boards of the studio's tests (the 7x7 drawing after its redraw,
the 10x10 ring board, the 4x4 grown drawings) and generated boards made ``multiple`` by one
edit (``--packs``: ``satlink generate`` packs; each board's pairs removed, endpoints moved up
to two steps, pairs joined to a neighbouring path and end cells handed over, in a seeded
order, until one edit leaves it ``multiple`` under its profile; a board no edit makes
``multiple`` is passed over).  Each
board goes to the studio's own API (Starlette's test client, no browser) within
``--seconds``: ``/api/fix`` with a drawing (the last of the solutions the check counted, so
often neither of the two Repair starts from), ``/api/repair`` (Proposals) and, with
``--chain``, ``/api/repair`` with ``chain`` (whose partial progress must never end
unsolvable).  Every fix Repair offers is proven again: by the brute-force oracle on boards of
at most 25 cells, else by a fresh check (unique) and the referee.

    python benchmarks/repair_agreement.py --packs gen/*.jsonl --per-profile 40 \
        --out benchmarks/results/repair-agreement.json

With ``--drafts N`` instead (issue 32, item 2): N random drafts (2 or 3 pairs on 4x4 and
5x5 boards, ``multiple`` or ``unsolvable`` under flow, fill and nikoli) whose Proposals
must never come back empty while Chain answers with one edit.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

if (CHECKOUT := str(Path(__file__).resolve().parents[1])) not in sys.path:  # started as a file
    sys.path.insert(1 + len(os.environ.get("PYTHONPATH", "").split(os.pathsep)), CHECKOUT)

import argparse
import json
import random
import statistics
import time
import warnings
from collections import Counter

from benchmarks.harness import Run
from satlink.board import EMPTY, Board
from satlink.referee import is_valid
from satlink.repair.edits import MOVE_REACH, distances
from satlink.rules import parse_rules
from satlink.solution import Solution
from satlink.solver.check import check
from satlink.solver.verdict import Status
from satlink.studio import Limits, create_app
from testbed.designs import DRAWING, REDRAW, RING
from testbed.oracle import graph_solutions
from testbed.studio_server import token_of

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient

ORACLE_CELLS = 25


def studio_boards():
    """The draw-mode boards of the studio's tests: (name, rows, profile)."""
    from satlink.formats.painted import read_painting
    from testbed.paintings import grown, painted_rows

    paths = {k: [list(x) for x in p] for k, p in DRAWING.items()}
    paths["A"].append(REDRAW[1])
    paths["F"].remove(REDRAW[1])
    rows = [["."] * 7 for _ in range(7)]
    for label, path in paths.items():
        for r, c in (path[0], path[-1]):
            rows[r][c] = label
    yield "redraw-7x7", ["".join(r) for r in rows], "fill"
    yield "ring-10x10", RING, "flow"
    yield "ring-10x10", RING, "fill"
    for seed in range(40):
        system = grown("square", 4, 4, seed, walk=seed % 2 == 1)
        if system is not None:
            board = read_painting(painted_rows(system), system.layout.geometry).board
            yield f"grown-4x4-{seed}", list(board.rows), "fill"


def one_edit(board: Board, rng: random.Random, solution: dict | None = None):
    """The edits of a unique board that may leave it ``multiple``: a pair removed, an
    endpoint moved to an empty cell at most two steps away, and with the board's ``solution`` (label ->
    [row, col] list) a pair joined to the path whose end is beside its own (a pair removed,
    its far end taken by the other) or an end cell handed to the neighbouring path (two
    endpoints moved a step): under ``flow`` only these two ever leave a generated board
    ``multiple`` (they keep a solution); in a seeded order."""
    edits = []
    if solution is not None:
        edits.extend(_path_edits(board, solution))
    for label in board.labels:
        edits.append((f"remove {label}", {x: EMPTY for x in board.endpoints[label]}))
        for end in board.endpoints[label]:
            for n in distances(board, end, MOVE_REACH):
                if n < board.size and board.char(n) == EMPTY:
                    edits.append((f"move {label} {board.coord(end)}->{board.coord(n)}",
                                  {end: EMPTY, n: label}))
    rng.shuffle(edits)
    for name, chars in edits:
        rows = [list(r) for r in board.rows]
        for x, ch in chars.items():
            r, c = divmod(x, board.width)
            rows[r][c] = ch
        yield name, ["".join(r) for r in rows]


def _path_edits(board: Board, solution: dict):
    paths = {k: [board.cell_at(r, c) for r, c in p] for k, p in solution.items()}
    ends = {}
    for k, p in paths.items():
        ends[p[0]], ends[p[-1]] = (k, p[-1]), (k, p[0])
    for e, (k, _) in ends.items():
        for f in board.neighbors(e):
            if f not in ends or ends[f][0] == k:
                continue
            j, far_j = ends[f]
            yield (f"join {j} to {k}", {e: EMPTY, f: EMPTY, far_j: k})
            if len(paths[k]) > 3:
                p = paths[k] if paths[k][-1] == e else paths[k][::-1]
                yield (f"give {board.coord(e)} of {k} to {j}", {p[-2]: k, e: j, f: EMPTY})


def generated_boards(packs: list[Path], per_profile: int, seed: int):
    """Generated boards made ``multiple`` by one edit, ``per_profile`` of each profile."""
    rng = random.Random(seed)
    made: dict[str, int] = {}
    for pack in packs:
        for n, line in enumerate(pack.read_text().splitlines(), 1):
            record = json.loads(line)
            rules = parse_rules(record.get("rules", "flow"))
            if made.get(rules.name, 0) >= per_profile:
                continue
            board = Board.from_rows(record["grid"])
            for name, rows in one_edit(board, rng, record.get("solution")):
                if check(Board.from_rows(rows), rules, timeout=10).status == Status.MULTIPLE:
                    made[rules.name] = made.get(rules.name, 0) + 1
                    yield f"{pack.stem}:{n} {name}", rows, rules.name
                    break


def grown_boards(n: int, rules: str):
    """Drawings grown as the generator grows them (before its own repair), 10x10 to 12x12,
    ``multiple`` under ``rules``, ``n`` of them: (name, rows, rules, drawing)."""
    from satlink.formats.painted import read_painting
    from testbed.paintings import grown, painted_rows

    made, seed = 0, 0
    while made < n and seed < 100 * n:
        size = 10 + seed % 3
        system = grown("square", size, size, seed)
        seed += 1
        if system is None:
            continue
        painting = read_painting(painted_rows(system), system.layout.geometry)
        board, drawn = painting.board, painting.solution()
        if not is_valid(board, drawn, rules):
            continue
        if check(board, rules, timeout=10).status == Status.MULTIPLE:
            made += 1
            yield f"grown:{size}x{size}:{seed - 1}", list(board.rows), rules, \
                drawn.to_coords(board)


def proven(grid: list[str], solution: dict, rules: str) -> bool:
    """A fix proven again: brute force on small boards, else a fresh check and the referee."""
    board = Board.from_rows(grid)
    drawn = Solution.from_coords(board, solution)
    profile = parse_rules(rules)
    if board.size <= ORACLE_CELLS:
        found = graph_solutions(board, profile.fill, profile.notouch, limit=2)
        return len(found) == 1 and found[0][0] == drawn.edges()
    verdict = check(board, profile)
    return (verdict.status == Status.UNIQUE and verdict.solutions[0].edges() == drawn.edges()
            and is_valid(board, drawn, profile))


def drafts(rng: random.Random, n: int):
    """Random drafts (2 or 3 pairs on 4x4 and 5x5 boards) that are ``multiple`` or
    ``unsolvable`` under flow, fill or nikoli."""
    made = 0
    while made < n:
        size, pairs = rng.choice([4, 5]), rng.choice([2, 3])
        cells = rng.sample(range(size * size), 2 * pairs)
        rows = [["."] * size for _ in range(size)]
        for i, x in enumerate(cells):
            rows[x // size][x % size] = "ABC"[i // 2]
        grid = ["".join(r) for r in rows]
        for rules in ("flow", "fill", "nikoli"):
            if str(check(Board.from_rows(grid), rules).status) in ("multiple", "unsolvable"):
                made += 1
                yield grid, rules


def contradictions(args, bench: Run) -> None:
    """``--drafts N``: whether the studio's Proposals and Chain ever contradict each other
    (Proposals empty while Chain answers with one edit that makes the draft unique)."""
    app = create_app(Limits(max_cells=400, timeout=30.0), root=Path.cwd())
    rows, kinds = [], Counter()
    with TestClient(app, base_url="http://127.0.0.1", headers=token_of(app)) as client:
        for grid, rules in drafts(random.Random(args.seed), args.drafts):
            body = {"board": {"grid": grid}, "rules": rules, "seconds": args.seconds}
            found = client.post("/api/repair", json=body).json()
            found.setdefault("proposals", [])
            found.setdefault("statement", f"error: {found}")
            chain = client.post("/api/repair", json={**body, "chain": True}).json()["chain"]
            one = chain["repaired"] and len(chain["steps"]) == 1
            row = {"grid": grid, "rules": rules, "proposals": len(found["proposals"]),
                   "complete": found["complete"], "chain_steps": len(chain["steps"]),
                   "chain_repaired": chain["repaired"], "statement": found["statement"],
                   "contradiction": one and not found["proposals"]}
            kinds[found["statement"].split(":")[0].split(" (")[0][:40]] += 1
            rows.append(row)
            if row["contradiction"]:
                print("contradiction:", json.dumps(row), flush=True)
    print(f"{len(rows)} drafts, Proposals and Chain each within {args.seconds:g} s")
    print(f"  contradictions (no proposal, a one-edit chain): "
          f"{sum(r['contradiction'] for r in rows)}")
    print(f"  proposals found: {sum(r['proposals'] > 0 for r in rows)}; chain repaired: "
          f"{sum(r['chain_repaired'] for r in rows)} (one edit: "
          f"{sum(r['chain_repaired'] and r['chain_steps'] == 1 for r in rows)})")
    for kind, count in kinds.most_common():
        print(f"  {count:4}  {kind}")
    bench.write(args.out, rows)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--packs", type=Path, nargs="*", default=[])
    parser.add_argument("--per-profile", type=int, default=40)
    parser.add_argument("--seconds", type=float, default=2.0,
                        help="each search's budget (the studio's default)")
    parser.add_argument("--chain", action=argparse.BooleanOptionalAction, default=True)
    parser.add_argument("--grown", type=int, default=0,
                        help="also N grown 10-12x12 drawings multiple under flow (one edit "
                             "leaves no generated flow board multiple)")
    parser.add_argument("--drafts", type=int, default=0,
                        help="instead: N random small drafts, Proposals against Chain")
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--out", type=Path, default=None)
    args = parser.parse_args()
    bench = Run("repair_agreement", args)
    if args.drafts:
        contradictions(args, bench)
        return
    app = create_app(Limits(max_cells=400, timeout=10.0), root=Path.cwd())
    rows = []
    boards = [(*b, None) for b in studio_boards()]
    boards += [(*b, None) for b in generated_boards(args.packs, args.per_profile, args.seed)]
    boards += list(grown_boards(args.grown, "flow"))
    with TestClient(app, base_url="http://127.0.0.1", headers=token_of(app)) as client:
        for name, grid, rules, drawing in boards:
            board = Board.from_rows(grid)
            verdict = check(board, rules, count=16)
            if verdict.status != Status.MULTIPLE:
                continue
            if drawing is None:
                drawing = verdict.solutions[-1].to_coords(board)
            body = {"board": {"grid": grid}, "rules": rules, "seconds": args.seconds}
            start = time.monotonic()
            fix = client.post("/api/fix", json={**body, "paths": drawing}).json()
            draw_s = time.monotonic() - start
            start = time.monotonic()
            found = client.post("/api/repair", json=body).json()
            found.setdefault("proposals", [])
            found.setdefault("statement", f"error: {found}")
            repair_s = time.monotonic() - start
            row = {"board": name, "size": f"{board.width}x{board.height}", "rules": rules,
                   "count": verdict.count, "draw_fixes": len(fix.get("proposals", [])),
                   "draw_seconds": round(draw_s, 3), "repair_fixes": len(found["proposals"]),
                   "repair_seconds": round(repair_s, 3), "repair_statement": found["statement"],
                   "draw_statement": fix.get("statement"),
                   "draw_edits": sorted(len(p["edits"]) for p in fix.get("proposals", [])),
                   "repair_proven": all(proven(p["grid"], p["solution"], rules)
                                        for p in found["proposals"])}
            if args.chain:
                start = time.monotonic()
                answer = client.post("/api/repair", json={**body, "chain": True}).json()
                chain = answer.get("chain") or {"repaired": False, "steps": [],
                                                "statement": f"error: {answer}"}
                row["chain_seconds"] = round(time.monotonic() - start, 3)
                row["chain_proven"] = not chain["repaired"] or (
                    chain["proven"] and proven(chain["grid"], chain["solution"], rules))
                row["chain_repaired"] = chain["repaired"]
                row["chain_dead_end"] = bool(chain["steps"]) and not chain["repaired"] and \
                    chain["steps"][-1]["status"] == "unsolvable"
                row["chain_statement"] = chain["statement"]
            row["repaired"] = row["repair_fixes"] > 0 or row.get("chain_repaired", False)
            row["missed"] = row["draw_fixes"] > 0 and not row["repaired"]
            # draw mode's fixes are chains of up to three edits: Proposals (single edits)
            # answers its one-edit fixes, Chain any
            row["props_missed"] = 1 in row["draw_edits"] and not row["repair_fixes"]
            row["chain_missed"] = row["draw_fixes"] > 0 and not row.get("chain_repaired", False)
            rows.append(row)
            print(f"{name:34} {rules:6} draw {row['draw_fixes']} "
                  f"(edits {','.join(map(str, row['draw_edits'])) or '-'}; {draw_s:.2f} s)  proposals "
                  f"{row['repair_fixes']} ({repair_s:.2f} s)  chain "
                  f"{'unique' if row.get('chain_repaired') else '-'}"
                  + ("  MISSED" if row["missed"] else "")
                  + ("" if row["repair_proven"] else "  NOT PROVEN"), flush=True)
    table = summary(rows)
    print(f"\nwithin {args.seconds:g} s per search; boards fixed by draw mode (by one edit), "
          "by Repair's Proposals, its Chain, either; 'missed': fixed by draw mode and by "
          "neither; 'p-miss': draw mode fixed by one edit, Proposals found none; 'c-miss': "
          "draw mode fixed, Chain did not")
    print(f"{'boards':<20}{'rules':<6}{'n':>4}{'draw':>6}{'1-edit':>7}{'props':>7}{'chain':>7}"
          f"{'repair':>8}{'missed':>8}{'p-miss':>8}{'c-miss':>8}{'draw s med/max':>16}"
          f"{'props s med/max':>17}{'chain s med/max':>17}{'proven':>8}")
    for r in table:
        print(f"{r['boards']:<20}{r['rules']:<6}{r['n']:>4}{r['draw']:>6}{r['draw_one']:>7}"
              f"{r['proposals']:>7}{r['chain']:>7}{r['repair']:>8}{r['missed']:>8}"
              f"{r['props_missed']:>8}{r['chain_missed']:>8}{r['draw_s']:>16}"
              f"{r['repair_s']:>17}{r['chain_s']:>17}{r['proven']:>8}")
    print(f"load average {' '.join(f'{x:.1f}' for x in os.getloadavg())}")
    if args.chain:
        print(f"chains ending unsolvable as progress: {sum(r['chain_dead_end'] for r in rows)}")
    bench.write(args.out, rows, table=table)


def summary(rows: list[dict]) -> list[dict]:
    out = []
    groups: dict[tuple, list[dict]] = {}
    for r in rows:
        kind = ("studio tests" if ":" not in r["board"] else "grown drawings"
                if r["board"].startswith("grown:") else "generated + 1 edit")
        groups.setdefault((kind, r["rules"]), []).append(r)
    for (kind, rules), group in sorted(groups.items()):
        def spread(key: str, group: list[dict] = group) -> str:
            xs = [r.get(key, 0.0) for r in group]
            return f"{statistics.median(xs):.2f}/{max(xs):.2f}"
        out.append({"boards": kind, "rules": rules, "n": len(group),
                    "draw": sum(r["draw_fixes"] > 0 for r in group),
                    "proposals": sum(r["repair_fixes"] > 0 for r in group),
                    "chain": sum(r.get("chain_repaired", False) for r in group),
                    "repair": sum(r["repaired"] for r in group),
                    "missed": sum(r["missed"] for r in group),
                    "draw_one": sum(1 in r["draw_edits"] for r in group),
                    "props_missed": sum(r["props_missed"] for r in group),
                    "chain_missed": sum(r["chain_missed"] for r in group),
                    "draw_s": spread("draw_seconds"), "repair_s": spread("repair_seconds"),
                    "chain_s": spread("chain_seconds"),
                    "proven": sum(r["repair_proven"] and r.get("chain_proven", True)
                                  for r in group)})
    return out


if __name__ == "__main__":
    main()
