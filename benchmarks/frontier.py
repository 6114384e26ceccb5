"""The frontier route against today's SAT route (``satlink check``) and TdZdd's ``ddnumlin``:
seconds and peak memory per board, one process per board and side, one thread, sides taken in
turn.

The frontier route is what the solver would run: the deductions (``presolve``), and where they
leave the board open, :func:`satlink.frontier.count` capped at 2 with the edges they decided.
The SAT route is ``satlink.check`` (deductions, then SAT), in a child process
(``benchmarks/isolated.py``).  ``ddnumlin`` counts exactly under ``fill`` (``-a -k 0``) and
``nikoli`` (``-a``) on plain boards; it has no ``flow`` (its no-U-turn rule is not
``notouch``).  Every verdict must agree with every other side that decided the board.
satlink's seconds are in-process (the child's interpreter start left out, as the SAT route's
``verdict.seconds``); ddnumlin's are its process's wall time.

``--agreement N``: the proof of agreement instead — N random square boards under every
profile and N // 8 boards of every variant family (holes, walls, warps, hexagons, bridges,
mixes) under every variant profile, the frontier count against the brute-force oracle, capped
at 2 and exact under ``--exact-limit``; every difference is printed.

``--boards issue`` (the default) runs the boards of the issue's table, each under its profile;
``--boards corpus`` the hand-made sets (inputs1, 2, 4, mzucker's 29, inputs9) under
``--profiles``.  ``--decided-probe`` instead measures, on inputs9 #16 (a 20-wide frontier),
how many states each level holds without and with the deductions' decided edges, within the
timeout and memory bound.

    ../shared/peers/build.sh /tmp/peers    # or only ddnumlin: make -C .../apps/numberlink
    PYTHONPATH=. python benchmarks/frontier.py --ddnumlin /tmp/peers/ddnumlin \\
        --out benchmarks/results/frontier.json
    PYTHONPATH=. python benchmarks/frontier.py --boards corpus --timeout 10 \\
        --out benchmarks/results/frontier-corpus.json
    PYTHONPATH=. python benchmarks/frontier.py --agreement 600 \\
        --out benchmarks/results/frontier-agreement.json
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

if (CHECKOUT := str(Path(__file__).resolve().parents[1])) not in sys.path:  # started as a file
    sys.path.insert(1 + len(os.environ.get("PYTHONPATH", "").split(os.pathsep)), CHECKOUT)

import argparse
import json
import statistics
import subprocess
import tempfile
import time

from benchmarks.harness import Run, in_turn
from benchmarks.isolated import peak_mb, run_isolated
from satlink.formats import read_file
from satlink.solver.method import Method
from testbed.peers import ddnumlin_input

CORPUS = Path(__file__).resolve().parent.parent.parent / "shared" / "corpus"
PUZZLES = CORPUS / "thomasahle-numberlink" / "puzzles"
MZUCKER = CORPUS / "mzucker-flow_solver" / "puzzles"
ISSUE = [("inputs4", 3, "fill"), ("inputs4", 4, "fill"), ("extreme_12x12_28", 1, "nikoli"),
         ("extreme_12x12_30", 1, "nikoli"), ("inputs9", 16, "fill")]
SETS = ("inputs1", "inputs2", "inputs4", "mzucker", "inputs9")


def path_of(name: str) -> Path:
    return PUZZLES / name if name.startswith("inputs") else MZUCKER / f"{name}.txt"


def entries(name: str):
    if name == "mzucker":
        for path in sorted(MZUCKER.glob("*.txt")):
            yield from ((path.stem, e) for e in read_file(str(path)))
        return
    yield from ((f"{name}#{e.index}", e) for e in read_file(str(path_of(name))))


def frontier_child(path: str, index: int, rules: str, timeout: float) -> None:
    """In the child: the deductions, then the frontier count on what they leave."""
    from satlink.frontier import count
    from satlink.rules import parse_rules
    from satlink.solver.presolve import presolve

    board = next(e.board for e in read_file(path) if e.index == index)
    profile = parse_rules(rules)
    begun = time.monotonic()
    deadline = begun + timeout
    found = presolve(board, profile, deadline, limit=2)
    row: dict = {"presolve": found.outcome, "decided": found.decided}
    if found.outcome in ("solved", "decided", "contradiction"):
        n = len(found.solutions) if found.outcome != "solved" else 1
        row["status"] = {0: "unsolvable", 1: "unique"}.get(n, "multiple")
    else:
        outcome = count(board, profile, deadline=deadline, decided=found.states or None)
        row.update(status={0: "unsolvable", 1: "unique"}.get(outcome.count, "multiple")
                   if outcome.complete else outcome.ended,
                   width=outcome.width, peak_states=outcome.peak_states,
                   estimated_states=outcome.estimated_states, engine=outcome.engine)
    row["seconds"] = time.monotonic() - begun
    row["peak_mb"] = peak_mb()
    print(json.dumps(row))


def run_frontier(name: str, index: int, rules: str, timeout: float) -> dict:
    begun = time.perf_counter()
    try:
        done = subprocess.run([sys.executable, __file__, "--child", str(path_of(name)),
                               str(index), rules, str(timeout)], capture_output=True, text=True,
                              timeout=2 * timeout + 60)
    except subprocess.TimeoutExpired:
        return {"status": "killed", "seconds": time.perf_counter() - begun}
    if done.returncode != 0:
        return {"status": "crashed", "error": done.stderr.strip().splitlines()[-1:]}
    return json.loads(done.stdout.strip().splitlines()[-1])


def run_ddnumlin(ddnumlin: str, rows: list[str], rules: str, timeout: float) -> dict:
    """ddnumlin under /usr/bin/time (its own peak memory, not a Python parent's)."""
    with tempfile.NamedTemporaryFile("w", suffix=".dat", delete=False) as f:
        f.write(ddnumlin_input(rows))
    flags = ["-a", "-k", "0"] if rules == "fill" else ["-a"]
    begun = time.perf_counter()
    try:
        done = subprocess.run(["/usr/bin/time", "-f", "%M", ddnumlin, *flags, "-m", "0", f.name],
                              capture_output=True, text=True, timeout=timeout,
                              env=dict(os.environ, OMP_NUM_THREADS="1"))
    except subprocess.TimeoutExpired:
        return {"status": "timeout", "seconds": timeout}
    finally:
        os.unlink(f.name)
    seconds = time.perf_counter() - begun
    text = done.stdout + done.stderr
    found = [line for line in text.splitlines() if "#solution" in line]
    if not found:
        return {"status": "failed", "seconds": seconds}
    n = int(found[-1].split("=")[-1])
    memory = int(text.strip().splitlines()[-1]) / 1024
    return {"status": {0: "unsolvable", 1: "unique"}.get(n, "multiple"), "count": n,
            "seconds": seconds, "peak_mb": memory}


def measure(args, jobs: list[tuple[str, int, str, str]]) -> list[dict]:
    rows = []
    sides = ["frontier", "sat"] + (["ddnumlin"] if args.ddnumlin else [])
    for turn, (name, index, label, rules) in enumerate(jobs):
        board = next(e.board for e in read_file(str(path_of(name))) if e.index == index)
        row = {"board": label, "rules": rules, "size": f"{board.width}x{board.height}"}
        for side in in_turn(sides, turn):
            if side == "frontier":
                got = run_frontier(name, index, rules, args.timeout)
            elif side == "sat":
                got = run_isolated(board, rules, Method(), args.timeout)
                got = {"status": str(got["status"]), "seconds": got.get("seconds"),
                       "peak_mb": got.get("peak_mb")}
            elif (rules in ("fill", "nikoli") and board.geometry.is_plain
                  and min(board.width, board.height) > 1):  # ddnumlin misreads one-wide boards
                got = run_ddnumlin(args.ddnumlin, list(board.rows), rules, args.timeout)
            else:
                continue
            row[side] = got
        decided = {row[s]["status"] for s in sides
                   if s in row and row[s]["status"] in ("unique", "multiple", "unsolvable")}
        row["agree"] = len(decided) <= 1
        rows.append(row)
        print(summary_line(row, sides), flush=True)
    return rows


def summary_line(row: dict, sides: list[str]) -> str:
    parts = [f"{row['board']:24} {row['rules']:6} {row['size']:7}"]
    for side in sides:
        got = row.get(side)
        if got is None:
            parts.append(f"{side}: -")
            continue
        seconds = got.get("seconds")
        memory = got.get("peak_mb")
        parts.append(f"{side}: {got['status']} {seconds or 0:.2f} s {memory or 0:.0f} MB")
    extra = row.get("frontier", {})
    if "width" in extra:
        parts.append(f"width {extra['width']} peak {extra['peak_states']}")
    return " | ".join(parts) + ("" if row["agree"] else "  DISAGREE")


def totals(rows: list[dict], sides: list[str]) -> list[dict]:
    out = []
    for rules in sorted({r["rules"] for r in rows}):
        mine = [r for r in rows if r["rules"] == rules]
        line = {"rules": rules, "boards": len(mine)}
        for side in sides:
            have = [r[side] for r in mine if side in r]
            done = [g for g in have if g["status"] in ("unique", "multiple", "unsolvable")]
            line[f"{side} undecided"] = len(have) - len(done)
            line[f"{side} total s"] = round(sum(g["seconds"] or 0 for g in have), 2)
            line[f"{side} median s"] = round(statistics.median(
                [g["seconds"] or 0 for g in have]), 3) if have else None
            line[f"{side} peak MB"] = round(max((g.get("peak_mb") or 0 for g in have),
                                                default=0), 1)
        out.append(line)
    return out


def decided_probe(args) -> list[dict]:
    """States per level on inputs9 #16 without and with the deductions' decided edges."""
    from satlink.frontier import count
    from satlink.rules import parse_rules
    from satlink.solver.presolve import presolve

    board = next(e.board for e in read_file(str(path_of("inputs9"))) if e.index == 16)
    profile = parse_rules("fill")
    found = presolve(board, profile, limit=2)
    rows = []
    for label, decided in (("no decided edges", None), ("decided edges", found.states or None)):
        outcome = count(board, profile, deadline=time.monotonic() + args.timeout,
                        decided=decided, max_bytes=args.max_mb * 2**20, estimate_first=False)
        row = {"probe": label, "decided": found.decided if decided else 0,
               "edges": board.n_edges, "ended": outcome.ended, "width": outcome.width,
               "peak_states": outcome.peak_states, "seconds": round(outcome.seconds, 2),
               "progress": round(outcome.progress, 3), "lookahead": outcome.lookahead,
               "estimated_states": outcome.estimated_states}
        print(row, flush=True)
        rows.append(row)
    return rows


def agreement(args) -> list[dict]:
    """The frontier count against the oracle on random boards of every geometry."""
    from satlink.board import Board
    from satlink.frontier import count
    from satlink.rules import parse_rules
    from testbed.boards import PROFILES, boards
    from testbed.oracle import count_solutions
    from testbed.variants import VARIANT_PROFILES, variants

    cases = []
    for rows in boards(seed=4400, n=args.agreement):
        for profile in [*PROFILES, "notouch,no2x2"]:
            rules = parse_rules(profile)
            truth = count_solutions(rows, rules.fill, rules.notouch, rules.no2x2,
                                    limit=args.exact_limit)
            cases.append(("square", Board.from_rows(rows), rules, truth))
    for variant in variants(seed=4401, per_family=max(1, args.agreement // 8)):
        for profile in VARIANT_PROFILES:
            rules = parse_rules(profile)
            cases.append((variant.kind + (" warps" if variant.wrap else "")
                          + (" bridges" if variant.bridges else "")
                          + (" walls" if variant.walls else ""),
                          variant.board(), rules, variant.count(rules, args.exact_limit)))
    rows = []
    for family, board, rules, truth in cases:
        exact = count(board, rules, limit=args.exact_limit)
        capped = count(board, rules)
        ok = exact.count == truth and capped.count == min(truth, 2)
        rows.append({"family": family, "rules": rules.name, "truth": truth,
                     "exact": exact.count, "capped": capped.count, "agree": ok})
        if not ok:
            print("DIFFERENCE", family, rules.name, board.rows, truth, exact.count, capped.count)
    by_family: dict[str, list[int]] = {}
    for row in rows:
        tally = by_family.setdefault(row["family"], [0, 0])
        tally[0] += 1
        tally[1] += not row["agree"]
    for family, (n, bad) in sorted(by_family.items()):
        print(f"{family:28} {n:6} cases {bad:3} differences")
    print(f"all: {len(rows)} cases, {sum(not r['agree'] for r in rows)} differences")
    return rows


def main() -> int:
    if len(sys.argv) > 1 and sys.argv[1] == "--child":
        path, index, rules, timeout = sys.argv[2:6]
        frontier_child(path, int(index), rules, float(timeout))
        return 0
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--ddnumlin", default="")
    parser.add_argument("--boards", choices=("issue", "corpus"), default="issue")
    parser.add_argument("--sets", default=",".join(SETS))
    parser.add_argument("--profiles", default="fill,nikoli,flow")
    parser.add_argument("--timeout", type=float, default=60.0)
    parser.add_argument("--decided-probe", action="store_true")
    parser.add_argument("--agreement", type=int, default=0)
    parser.add_argument("--exact-limit", type=int, default=50)
    parser.add_argument("--max-mb", type=int, default=2048)
    parser.add_argument("--out", type=Path)
    args = parser.parse_args()
    bench = Run("frontier", args)
    if args.decided_probe:
        bench.write(args.out, decided_probe(args))
        return 0
    if args.agreement:
        rows = agreement(args)
        bench.write(args.out, rows)
        return 0 if all(r["agree"] for r in rows) else 1
    if args.boards == "issue":
        jobs = [(name, index, f"{name}#{index}", rules) for name, index, rules in ISSUE]
    else:
        jobs = [(name if name != "mzucker" else label, e.index,
                 label, rules)
                for name in args.sets.split(",") for label, e in entries(name)
                if e.board is not None
                for rules in args.profiles.split(",")]
    rows = measure(args, jobs)
    sides = ["frontier", "sat"] + (["ddnumlin"] if args.ddnumlin else [])
    summary = totals(rows, sides)
    for line in summary:
        print(line)
    bench.write(args.out, rows, summary=summary)
    return 0 if all(r["agree"] for r in rows) else 1


if __name__ == "__main__":
    sys.exit(main())
