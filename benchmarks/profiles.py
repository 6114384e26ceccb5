"""Issue 36's table: every profile at every size, this checkout against a baseline checkout
(today's main), board by board, interleaved.

Each checkout runs in one long-lived worker process (its own ``satlink`` by ``PYTHONPATH``, so
start-up is paid once and the figures are the in-process ``check``/``solve`` times); the
driver hands both the same board and profile, alternating which goes first, so the machine's
drift falls on both alike.  Per set and profile the table gives the ``check`` timeouts, the
median and total seconds (a timeout counts as the limit), the ratio of the total to the same
boards under ``flow`` in the same checkout (the issue's goal: within 3x), and this checkout's
total against the baseline's; then the same for ``solve``.

``--peers DIR`` (built with ``../shared/peers/build.sh DIR``) adds TdZdd's exact count under
plain fill (``ddnumlin -a -k 0 -m 0``) on every board of at most ``--tdzdd-cells`` cells, and
checks this checkout's ``fill`` verdict against it.

    git worktree add --detach /tmp/satlink-main main
    python benchmarks/profiles.py --base /tmp/satlink-main --peers /tmp/peers \\
        --out benchmarks/results/profiles.json
    python benchmarks/profiles.py --base /tmp/satlink-main --sets mzucker --profiles fill

This script imports neither satlink nor numpy: each worker imports its own checkout's.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent.parent
CORPUS = HERE.parent / "shared" / "corpus"
PUZZLES = CORPUS / "thomasahle-numberlink" / "puzzles"
SETS = {
    "inputs9": [PUZZLES / "inputs9"],
    "inputs1": [PUZZLES / "inputs1"],
    "inputs2": [PUZZLES / "inputs2"],
    "inputs4": [PUZZLES / "inputs4"],
    "mzucker": sorted((CORPUS / "mzucker-flow_solver" / "puzzles").glob("*.txt")),
    "inputs10": [PUZZLES / "inputs10"],
}

WORKER = r"""
import json, sys, time
from satlink.formats import read_file
from satlink.solver.check import check, solve
boards = {}
def board(path, index):
    if path not in boards:
        boards[path] = {e.index: e.board for e in read_file(path, max_cells=10**7)
                        if e.error is None}
    return boards[path][index]
for line in sys.stdin:
    path, index, rules, mode, limit = line.rstrip("\n").split("\t")
    b = board(path, int(index))
    begun = time.perf_counter()
    if mode == "solve":
        v = solve(b, rules, timeout=float(limit))
    else:
        v = check(b, rules, timeout=float(limit))
    wall = time.perf_counter() - begun
    print(json.dumps({"status": str(v.status.value), "seconds": v.seconds, "wall": wall,
                      "solutions": len(v.solutions)}), flush=True)
"""

LIST = """
import json, sys
from satlink.formats import read_file
for path in sys.argv[1:]:
    for e in read_file(path, max_cells=10**7):
        if e.error is None:
            b = e.board
            print(json.dumps({"path": path, "index": e.index, "w": b.width, "h": b.height,
                              "rows": list(b.rows)}))
"""


class Worker:
    """One checkout's satlink in a process of its own, answering one board per line."""

    def __init__(self, checkout: Path):
        env = dict(os.environ, PYTHONPATH=str(checkout))
        self.process = subprocess.Popen([sys.executable, "-c", WORKER],
                                        stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True,
                                        env=env, cwd=str(checkout))

    def ask(self, path: str, index: int, rules: str, mode: str, limit: float) -> dict:
        assert self.process.stdin is not None and self.process.stdout is not None
        self.process.stdin.write(f"{path}\t{index}\t{rules}\t{mode}\t{limit}\n")
        self.process.stdin.flush()
        line = self.process.stdout.readline()
        if not line:
            raise RuntimeError("worker died")
        return json.loads(line)

    def close(self) -> None:
        if self.process.stdin is not None:
            self.process.stdin.close()
        self.process.wait(timeout=60)


def listing(paths: list[Path]) -> list[dict]:
    out = subprocess.run([sys.executable, "-c", LIST, *map(str, paths)], capture_output=True,
                         text=True, check=True, env=dict(os.environ, PYTHONPATH=str(HERE))).stdout
    return [json.loads(line) for line in out.splitlines()]


def tdzdd_count(ddnumlin: Path, rows: list[str], limit: float) -> int | None:
    """TdZdd's exact number of plain-fill solutions, or None if it did not finish."""
    labels: dict[str, int] = {}
    lines = [f"{len(rows[0])} {len(rows)}"]
    for row in rows:
        tokens = []
        for ch in row:
            if ch == ".":
                tokens.append("-")
            else:
                tokens.append(str(labels.setdefault(ch, len(labels) + 1)))
        lines.append(" ".join(tokens))
    with tempfile.NamedTemporaryFile("w", suffix=".dat", delete=False) as f:
        f.write("\n".join(lines) + "\n")
    try:
        done = subprocess.run([str(ddnumlin), "-a", "-k", "0", "-m", "0", f.name],
                              capture_output=True, text=True, timeout=limit,
                              env=dict(os.environ, OMP_NUM_THREADS="1"))
    except subprocess.TimeoutExpired:
        return None
    finally:
        os.unlink(f.name)
    for line in (done.stdout + done.stderr).splitlines():
        if line.strip().startswith("#solution"):
            return int(line.split("=")[1].strip().split()[0])
    return None


def summary(rows: list[dict], limit: float) -> dict:
    times = [min(r["seconds"], limit) if r["status"] != "timeout" else limit for r in rows]
    return {"boards": len(rows), "timeouts": sum(r["status"] == "timeout" for r in rows),
            "median": statistics.median(times) if times else 0.0, "total": sum(times),
            "verdicts": {s: sum(r["status"] == s for r in rows)
                         for s in sorted({r["status"] for r in rows})}}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--base", type=Path, help="baseline checkout (none: this one alone)")
    parser.add_argument("--sets", default=",".join(SETS), help=f"comma list of {', '.join(SETS)}")
    parser.add_argument("--profiles", default="flow,fill,nikoli")
    parser.add_argument("--modes", default="check,solve")
    parser.add_argument("--limit", type=float, default=10.0, help="seconds per board")
    parser.add_argument("--first", type=int, default=10**6, help="boards per file at most")
    parser.add_argument("--peers", type=Path, help="folder built by ../shared/peers/build.sh")
    parser.add_argument("--tdzdd-cells", type=int, default=400)
    parser.add_argument("--out", type=Path)
    args = parser.parse_args()
    profiles = args.profiles.split(",")
    if "flow" not in profiles:
        profiles.insert(0, "flow")
    checkouts = {"this": HERE}
    if args.base is not None:
        checkouts["base"] = args.base.resolve()
    workers = {name: Worker(path) for name, path in checkouts.items()}
    results: list[dict] = []
    turn = 0
    started = time.time()
    try:
        for set_name in args.sets.split(","):
            boards = []
            for path in SETS[set_name]:
                found = [b for b in listing([path])]
                boards += found[:args.first]
            for board in boards:
                for mode in args.modes.split(","):
                    for rules in profiles:
                        order = list(workers) if turn % 2 == 0 else list(workers)[::-1]
                        turn += 1
                        for name in order:
                            answer = workers[name].ask(board["path"], board["index"], rules,
                                                       mode, args.limit)
                            results.append({"set": set_name, "path": board["path"],
                                            "index": board["index"],
                                            "size": f"{board['w']}x{board['h']}",
                                            "rules": rules, "mode": mode, "checkout": name,
                                            **answer})
                if args.peers and board["w"] * board["h"] <= args.tdzdd_cells:
                    count = tdzdd_count(args.peers / "ddnumlin", board["rows"], 60.0)
                    results.append({"set": set_name, "path": board["path"],
                                    "index": board["index"], "size": f"{board['w']}x{board['h']}",
                                    "rules": "fill", "mode": "tdzdd", "checkout": "tdzdd",
                                    "count": count})
            print(f"{set_name}: {len(boards)} boards, {time.time() - started:.0f} s so far",
                  file=sys.stderr, flush=True)
    finally:
        for worker in workers.values():
            worker.close()
    report(results, profiles, args)
    if args.out:
        args.out.parent.mkdir(parents=True, exist_ok=True)
        load = os.getloadavg()
        args.out.write_text(json.dumps({"limit": args.limit, "load": load, "results": results},
                                       indent=1))


def report(results: list[dict], profiles: list[str], args: argparse.Namespace) -> None:
    print(f"load average at the end: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    for mode in args.modes.split(","):
        print(f"\n`{mode}` at --timeout {args.limit:g}\n")
        print("| set | profile | checkout | boards | timeouts | verdicts | median s | total s "
              "| total / flow's | this / base |")
        print("|---|---|---|---|---|---|---|---|---|---|")
        for set_name in args.sets.split(","):
            for rules in profiles:
                for name in ("base", "this"):
                    mine = [r for r in results if r["set"] == set_name and r["mode"] == mode
                            and r["rules"] == rules and r["checkout"] == name]
                    if not mine:
                        continue
                    s = summary(mine, args.limit)
                    flow = summary([r for r in results if r["set"] == set_name
                                    and r["mode"] == mode and r["rules"] == "flow"
                                    and r["checkout"] == name], args.limit)
                    other = summary([r for r in results if r["set"] == set_name
                                     and r["mode"] == mode and r["rules"] == rules
                                     and r["checkout"] == "base"], args.limit)
                    verdicts = ", ".join(f"{k} {v}" for k, v in s["verdicts"].items())
                    vs_base = (f"{s['total'] / other['total']:.3f}"
                               if name == "this" and other["total"] else "")
                    print(f"| {set_name} | {rules} | {name} | {s['boards']} | {s['timeouts']} | "
                          f"{verdicts} | {s['median']:.3f} | {s['total']:.2f} | "
                          f"{s['total'] / flow['total']:.2f} | {vs_base} |")
    peers = [r for r in results if r["mode"] == "tdzdd"]
    if peers:
        agree = differ = undecided = 0
        for peer in peers:
            mine = [r for r in results if r["mode"] == "check" and r["rules"] == "fill"
                    and r["checkout"] == "this" and r["path"] == peer["path"]
                    and r["index"] == peer["index"]]
            if peer["count"] is None or not mine or mine[0]["status"] == "timeout":
                undecided += 1
                continue
            expected = {0: "unsolvable", 1: "unique"}.get(peer["count"], "multiple")
            if mine[0]["status"] == expected:
                agree += 1
            else:
                differ += 1
                print(f"DIFFERS from TdZdd: {peer['path']}#{peer['index']} "
                      f"{mine[0]['status']} against count {peer['count']}")
        print(f"\nTdZdd (`ddnumlin -a -k 0 -m 0`) on {len(peers)} boards of at most "
              f"{args.tdzdd_cells} cells: {agree} agree with this checkout's fill verdict, "
              f"{differ} differ, {undecided} undecided by one of the two")


if __name__ == "__main__":
    main()
