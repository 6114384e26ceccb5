"""graphillion's diagram of every solution against satlink's compiled frontier sweep and TdZdd's
``ddnumlin``: CPU seconds and peak memory per board, one process per board and side, one
thread each (``OMP_NUM_THREADS=1``), sides taken in turn.

Both satlink sides run what a route would: the deductions (``presolve``), then, where they
leave the board open, the count on what they left — graphillion's ``GraphSet.graphs``
(:mod:`satlink.zdd`: the edges decided off left out of the universe) read with ``len()`` and
capped at 2, or :func:`satlink.frontier.count` with every decided edge (the compiled sweep, as
the frontier route runs it).  ``ddnumlin -a [-k 0] -m 0`` counts the whole board
(``-k 0``: ``fill``).  Each side's CPU (user + system) and peak resident memory are the child
process's own (``os.wait4``), interpreter start and imports included; ``seconds`` is the
satlink side's own wall time inside the process, from the board read to the count.  A side
over ``--timeout`` is killed; graphillion's child runs under ``RLIMIT_AS`` (``--max-mb``), so
a diagram that outgrows it is ``memory``, not a swapped machine.  Every count must agree with
every other side that decided the board, and graphillion's exact count (``len()``, before the
cap) ``ddnumlin``'s where both counted the whole board.

``--exact``: instead, graphillion's exact count of each whole board against ``ddnumlin``'s on
the sets' boards up to ``--exact-short`` on the short side; every difference is printed.

``--boards issue`` (the default): inputs4 #3, #4, #5, #7 under ``fill``, mzucker's
extreme_12x12_28 and _30 under ``nikoli``.  ``--boards corpus``: the hand-made sets
(``--sets``) under ``--profiles``.

    ../shared/peers/build.sh /tmp/peers    # builds ddnumlin among the peers
    PYTHONPATH=. python benchmarks/zdd.py --ddnumlin /tmp/peers/ddnumlin \\
        --out benchmarks/results/zdd-issue.json
    PYTHONPATH=. python benchmarks/zdd.py --boards corpus --timeout 10 \\
        --ddnumlin /tmp/peers/ddnumlin --out benchmarks/results/zdd-corpus.json
    PYTHONPATH=. python benchmarks/zdd.py --exact --timeout 20 --ddnumlin /tmp/peers/ddnumlin
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

if (CHECKOUT := str(Path(__file__).resolve().parents[1])) not in sys.path:  # started as a file
    sys.path.insert(1 + len(os.environ.get("PYTHONPATH", "").split(os.pathsep)), CHECKOUT)

import argparse
import json
import resource
import statistics
import subprocess
import tempfile
import time

from benchmarks.frontier import entries, path_of
from benchmarks.harness import Run, in_turn
from satlink.formats import read_file
from testbed.peers import ddnumlin_input

ISSUE = [("inputs4", 3, "fill"), ("inputs4", 4, "fill"), ("inputs4", 5, "fill"),
         ("inputs4", 7, "fill"), ("extreme_12x12_28", 1, "nikoli"),
         ("extreme_12x12_30", 1, "nikoli")]
SETS = ("inputs1", "inputs2", "inputs4", "mzucker")
SIDES = ("graphillion", "sweep", "ddnumlin")
DECIDED = ("unique", "multiple", "unsolvable")


def child(side: str, path: str, index: int, rules: str) -> None:
    """In the child: the deductions, then the count on what they leave; one JSON line."""
    from satlink.rules import parse_rules
    from satlink.solver.presolve import presolve

    board = next(e.board for e in read_file(path) if e.index == index)
    profile = parse_rules(rules)
    begun = time.monotonic()
    found = presolve(board, profile, limit=2)
    row: dict = {"presolve": found.outcome, "decided": found.decided}
    if found.outcome in ("solved", "decided", "contradiction"):
        n = len(found.solutions) if found.outcome != "solved" else 1
    elif side == "graphillion":
        from satlink.zdd.count import count as zdd_count

        counted = zdd_count(board, profile, keep=2, decided=found.states or None)
        n = counted.count
        row.update(width=counted.width, edges=counted.edges, exact=n)
    else:
        from satlink.frontier import count

        outcome = count(board, profile, decided=found.states or None)
        if not outcome.complete:
            row.update(status=outcome.ended, seconds=time.monotonic() - begun)
            print(json.dumps(row))
            return
        n = outcome.count
        row.update(width=outcome.width, peak_states=outcome.peak_states)
    row.update(status=status_of(n), count=min(n, 2), seconds=time.monotonic() - begun)
    print(json.dumps(row))


def status_of(n: int) -> str:
    return {0: "unsolvable", 1: "unique"}.get(n, "multiple")


def waited(command: list[str], timeout: float, env: dict[str, str],
           limit_bytes: int | None = None) -> tuple[str, float, float, str, bool]:
    """Run ``command``; its stdout, CPU seconds, peak MB, stderr and whether it was killed."""
    def bound() -> None:
        if limit_bytes:
            resource.setrlimit(resource.RLIMIT_AS, (limit_bytes, limit_bytes))

    with tempfile.TemporaryFile("w+") as out, tempfile.TemporaryFile("w+") as err:
        process = subprocess.Popen(command, stdout=out, stderr=err, env=env, text=True,
                                   preexec_fn=bound)
        killed, usage = False, None
        deadline = time.monotonic() + timeout
        while usage is None:
            pid, status, usage = os.wait4(process.pid, os.WNOHANG)
            if pid == 0:
                usage = None
                if time.monotonic() > deadline:
                    process.kill()
                    killed = True
                    _, status, usage = os.wait4(process.pid, 0)
                else:
                    time.sleep(0.01)
        process.returncode = status
        out.seek(0)
        err.seek(0)
        return (out.read(), usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024,
                err.read(), killed)


def run_satlink(side: str, name: str, index: int, rules: str, args) -> dict:
    env = dict(os.environ, OMP_NUM_THREADS="1", SATLINK_FRONTIER="compiled")
    limit = args.max_mb * 2**20 if side == "graphillion" else None
    out, cpu, peak, err, killed = waited(
        [sys.executable, __file__, "--child", side, str(path_of(name)), str(index), rules],
        args.timeout, env, limit)
    got = {"cpu": round(cpu, 3), "peak_mb": round(peak, 1)}
    if killed:
        return {"status": "timeout", **got}
    lines = out.strip().splitlines()
    if not lines:
        memory = "MemoryError" in err or "bad_alloc" in err
        return {"status": "memory" if memory else "crashed", "error": err.strip()[-300:], **got}
    return {**json.loads(lines[-1]), **got}


def run_ddnumlin(ddnumlin: str, rows: list[str], rules: str, timeout: float) -> dict:
    with tempfile.NamedTemporaryFile("w", suffix=".dat", delete=False) as f:
        f.write(ddnumlin_input(rows))
    flags = ["-a", "-k", "0"] if rules == "fill" else ["-a"]
    try:
        out, cpu, peak, err, killed = waited([ddnumlin, *flags, "-m", "0", f.name], timeout,
                                             dict(os.environ, OMP_NUM_THREADS="1"))
    finally:
        os.unlink(f.name)
    got = {"cpu": round(cpu, 3), "peak_mb": round(peak, 1)}
    found = [line for line in (out + err).splitlines() if "#solution" in line]
    if killed or not found:
        return {"status": "timeout" if killed else "failed", **got}
    n = int(found[-1].split("=")[-1])
    return {"status": status_of(n), "count": min(n, 2), "exact": n, **got}


def measure(args, jobs: list[tuple[str, int, str, str]]) -> list[dict]:
    rows = []
    sides = [s for s in SIDES if s != "ddnumlin" or args.ddnumlin]
    for turn, (name, index, label, rules) in enumerate(jobs):
        board = next(e.board for e in read_file(str(path_of(name))) if e.index == index)
        row = {"board": label, "rules": rules, "size": f"{board.width}x{board.height}"}
        for side in in_turn(sides, turn):
            if side != "ddnumlin":
                row[side] = run_satlink(side, name, index, rules, args)
            elif board.geometry.is_plain and min(board.width, board.height) > 1:
                row[side] = run_ddnumlin(args.ddnumlin, list(board.rows), rules, args.timeout)
        counts = {row[s]["count"] for s in sides if s in row and row[s]["status"] in DECIDED}
        exact = {row[s]["exact"] for s in sides if "exact" in row.get(s, {})}
        row["agree"] = len(counts) <= 1 and len(exact) <= 1
        rows.append(row)
        print(summary_line(row, sides), flush=True)
    return rows


def summary_line(row: dict, sides: list[str]) -> str:
    parts = [f"{row['board']:22} {row['rules']:6} {row['size']:6}"]
    for side in sides:
        got = row.get(side)
        if got is None:
            parts.append(f"{side}: -")
            continue
        parts.append(f"{side}: {got['status']} {got['cpu']:.2f} s {got['peak_mb']:.0f} MB")
    width = row.get("graphillion", {}).get("width")
    return " | ".join(parts) + (f" | w {width}" if width else "") + (
        "" if row["agree"] else "  DISAGREE")


def totals(rows: list[dict], sides: list[str]) -> list[dict]:
    """Per profile and side: undecided boards, total and median CPU, the largest peak; and
    the CPU ratio of each satlink side to ddnumlin on the boards both decided."""
    out = []
    for rules in sorted({r["rules"] for r in rows}):
        mine = [r for r in rows if r["rules"] == rules]
        line: dict = {"rules": rules, "boards": len(mine)}
        for side in sides:
            have = [r[side] for r in mine if side in r]
            line[f"{side} undecided"] = sum(g["status"] not in DECIDED for g in have)
            line[f"{side} cpu s"] = round(sum(g["cpu"] for g in have), 2)
            line[f"{side} median s"] = round(statistics.median(
                [g["cpu"] for g in have]), 3) if have else None
            line[f"{side} peak MB"] = round(max((g["peak_mb"] for g in have), default=0), 1)
        out.append(line)
    return out


def flat(rows: list[dict], sides: list[str]) -> list[dict]:
    """One flat row per board (the published table): each side's status, CPU and peak memory,
    and graphillion's CPU against each other side's where both decided the board."""
    table = []
    for row in rows:
        line = {"board": row["board"], "rules": row["rules"], "size": row["size"],
                "width": row.get("graphillion", {}).get("width")}
        for side in sides:
            got = row.get(side, {})
            line.update({f"{side}_status": got.get("status"), f"{side}_cpu": got.get("cpu"),
                         f"{side}_peak_mb": got.get("peak_mb")})
        mine = row.get("graphillion", {})
        for side in sides[1:]:
            other = row.get(side, {})
            both = mine.get("status") in DECIDED and other.get("status") in DECIDED
            line[f"vs_{side}"] = round(mine["cpu"] / other["cpu"], 3) if both and \
                other["cpu"] else None
        line["agree"] = row["agree"]
        table.append(line)
    return table


def exact_agreement(args) -> list[dict]:
    """graphillion's exact count of the whole board (no deductions: ``ddnumlin`` counts the
    whole board) against ``ddnumlin``'s, every board of the sets whose short side is at most
    ``--exact-short``, under ``--profiles``, each side within ``--timeout``."""
    from satlink.rules import parse_rules
    from satlink.zdd import child as zdd_child

    rows = []
    for name in args.sets.split(","):
        for label, entry in entries(name):
            board = entry.board
            if board is None or not 2 <= min(board.width, board.height) <= args.exact_short:
                continue
            for rules in args.profiles.split(","):
                theirs = run_ddnumlin(args.ddnumlin, list(board.rows), rules, args.timeout)
                mine = zdd_child.count(board, parse_rules(rules), limit=10**30,
                                       deadline=time.monotonic() + args.timeout)
                row = {"board": label, "rules": rules, "ddnumlin": theirs.get("exact"),
                       "graphillion": mine.count if mine.complete else None}
                row["agree"] = None in (row["ddnumlin"], row["graphillion"]) or \
                    row["ddnumlin"] == row["graphillion"]
                rows.append(row)
                if not row["agree"]:
                    print("DIFFERENCE", row, flush=True)
    both = [r for r in rows if None not in (r["ddnumlin"], r["graphillion"])]
    print(f"{len(rows)} counts, {len(both)} decided by both, "
          f"{sum(not r['agree'] for r in rows)} differences")
    return rows


def main() -> int:
    if len(sys.argv) > 1 and sys.argv[1] == "--child":
        side, path, index, rules = sys.argv[2:6]
        child(side, path, int(index), rules)
        return 0
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--ddnumlin", default="")
    parser.add_argument("--boards", choices=("issue", "corpus"), default="issue")
    parser.add_argument("--sets", default=",".join(SETS))
    parser.add_argument("--profiles", default="fill,nikoli")
    parser.add_argument("--timeout", type=float, default=60.0)
    parser.add_argument("--max-mb", type=int, default=4096,
                        help="graphillion's address-space bound (RLIMIT_AS), MB")
    parser.add_argument("--exact", action="store_true",
                        help="exact counts against ddnumlin instead (needs --ddnumlin)")
    parser.add_argument("--exact-short", type=int, default=14,
                        help="--exact: boards whose short side is at most this")
    parser.add_argument("--out", type=Path)
    args = parser.parse_args()
    bench = Run("zdd", args)
    if args.exact:
        rows = exact_agreement(args)
        bench.write(args.out, rows)
        return 0 if all(r["agree"] for r in rows) else 1
    if args.boards == "issue":
        jobs = [(name, index, f"{name}#{index}" if name.startswith("inputs") else name, rules)
                for name, index, rules in ISSUE]
    else:
        jobs = [(name if name != "mzucker" else label, e.index, label, rules)
                for name in args.sets.split(",") for label, e in entries(name)
                if e.board is not None for rules in args.profiles.split(",")]
    rows = measure(args, jobs)
    sides = [s for s in SIDES if s != "ddnumlin" or args.ddnumlin]
    summary = totals(rows, sides)
    for line in summary:
        print(line)
    bench.write(args.out, rows, summary=summary, table=flat(rows, sides),
                load=list(os.getloadavg()))
    return 0 if all(r["agree"] for r in rows) else 1


if __name__ == "__main__":
    sys.exit(main())
