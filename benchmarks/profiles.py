"""Issue 36's table: every profile at every size, this checkout against a baseline checkout
(today's main), board by board, interleaved.

Each checkout runs in one long-lived worker process (its own ``satlink`` by ``PYTHONPATH``, so
start-up is paid once and the figures are the in-process ``check``/``solve`` times); the
driver hands both the same board and profile, alternating which goes first, so the machine's
drift falls on both alike.  Per set and profile the table gives the ``check`` timeouts, the
median and total seconds (a timeout counts as the limit), the ratio of the total to the same
boards under ``flow`` in the same checkout (the issue's goal: within 3x), this checkout's
total against the baseline's and the worker's peak memory (its route children's apart: the
worker's own peak grows over the run, a child's is one board's); then the same for ``solve``.

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

import os
import sys
from pathlib import Path

if (CHECKOUT := str(Path(__file__).resolve().parents[1])) not in sys.path:  # started as a file
    sys.path.insert(1 + len(os.environ.get("PYTHONPATH", "").split(os.pathsep)), CHECKOUT)

import argparse
import statistics
import time

from benchmarks.harness import CheckoutWorker, Run, in_turn, serve, timed
from testbed.peers import ddnumlin_count

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

def answer(request: dict) -> dict:
    """The worker's side (``--worker``): list a file's boards, or check or solve one board,
    with the ``satlink`` of the checkout it runs beside."""
    from satlink.formats import read_file
    from satlink.solver.check import check, solve

    entries = BOARDS.setdefault(request["path"], {
        e.index: e.board for e in read_file(request["path"], max_cells=10**7) if e.error is None})
    if "mode" not in request:
        return {"boards": [{"path": request["path"], "index": i, "w": b.width, "h": b.height,
                            "rows": list(b.rows)} for i, b in entries.items()]}
    board = entries[request["index"]]
    with timed() as t:
        run = solve if request["mode"] == "solve" else check
        v = run(board, request["rules"], timeout=request["limit"])
    return {"status": str(v.status.value), "seconds": v.seconds, "wall": t.wall,
            "solutions": len(v.solutions), **peaks()}


def peaks() -> dict:
    """The worker's peak resident memory so far, and its children's (a route's child
    process, such as graphillion's), in MB."""
    import resource

    return {"peak_mb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024,
            "children_peak_mb": resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024}


BOARDS: dict[str, dict] = {}


def summary(rows: list[dict], limit: float) -> dict:
    times = [min(r["seconds"], limit) if r["status"] != "timeout" else limit for r in rows]
    return {"boards": len(rows), "timeouts": sum(r["status"] == "timeout" for r in rows),
            "median": statistics.median(times) if times else 0.0, "total": sum(times),
            "peak_mb": max((r.get("peak_mb", 0) for r in rows), default=0),
            "children_peak_mb": max((r.get("children_peak_mb", 0) for r in rows), default=0),
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
    parser.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    profiles = args.profiles.split(",")
    if "flow" not in profiles:
        profiles.insert(0, "flow")
    if args.worker:
        serve(answer)
        return
    run = Run("profiles", args)
    checkouts = {"this": HERE}
    if args.base is not None:
        checkouts["base"] = args.base.resolve()
    workers = {name: CheckoutWorker(name, path, Path(__file__)) for name, path in checkouts.items()}
    results: list[dict] = []
    turn = 0
    started = time.time()
    try:
        for set_name in args.sets.split(","):
            boards = []
            for path in SETS[set_name]:
                boards += workers["this"].ask({"path": str(path)})["boards"][:args.first]
            for board in boards:
                for mode in args.modes.split(","):
                    for rules in profiles:
                        order = in_turn(list(workers), turn)
                        turn += 1
                        for name in order:
                            reply = workers[name].ask({"path": board["path"],
                                                        "index": board["index"], "rules": rules,
                                                        "mode": mode, "limit": args.limit})
                            results.append({"set": set_name, "path": board["path"],
                                            "index": board["index"],
                                            "size": f"{board['w']}x{board['h']}",
                                            "rules": rules, "mode": mode, "checkout": name,
                                            **reply})
                if args.peers and board["w"] * board["h"] <= args.tdzdd_cells:
                    count, _ = ddnumlin_count(str(args.peers / "ddnumlin"), board["rows"], 60.0)
                    results.append({"set": set_name, "path": board["path"],
                                    "index": board["index"], "size": f"{board['w']}x{board['h']}",
                                    "rules": "fill", "mode": "tdzdd", "checkout": "tdzdd",
                                    "count": count})
            print(f"{set_name}: {len(boards)} boards, {time.time() - started:.0f} s so far",
                  file=sys.stderr, flush=True)
    finally:
        for worker in workers.values():
            worker.close()
    table = table_rows(results, profiles, args)
    report(results, table, args)
    run.write(args.out, results, table=table,
              origins={name: worker.origin for name, worker in workers.items()})


def table_rows(results: list[dict], profiles: list[str], args: argparse.Namespace) -> list[dict]:
    """Per mode, set, profile and checkout: boards, timeouts, verdicts, median and total
    seconds (a timeout counts as the limit), the total against ``flow``'s on the same boards
    in the same checkout, and this checkout's total against the baseline's."""
    def chosen(mode: str, set_name: str, rules: str, name: str) -> list[dict]:
        return [r for r in results if r["set"] == set_name and r["mode"] == mode
                and r["rules"] == rules and r["checkout"] == name]

    table = []
    for mode in args.modes.split(","):
        for set_name in args.sets.split(","):
            for rules in profiles:
                for name in ("base", "this"):
                    mine = chosen(mode, set_name, rules, name)
                    if not mine:
                        continue
                    s = summary(mine, args.limit)
                    flow = summary(chosen(mode, set_name, "flow", name), args.limit)
                    other = summary(chosen(mode, set_name, rules, "base"), args.limit)
                    table.append({
                        "mode": mode, "set": set_name, "profile": rules, "checkout": name,
                        "boards": s["boards"], "timeouts": s["timeouts"],
                        "verdicts": ", ".join(f"{k} {v}" for k, v in s["verdicts"].items()),
                        "median_seconds": s["median"], "total_seconds": s["total"],
                        "peak_mb": s["peak_mb"], "children_peak_mb": s["children_peak_mb"],
                        "total_vs_flow": s["total"] / flow["total"] if flow["total"] else None,
                        "this_vs_base": (s["total"] / other["total"]
                                         if name == "this" and other["total"] else None)})
    return table


def report(results: list[dict], table: list[dict], args: argparse.Namespace) -> None:
    print(f"load average at the end: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    for mode in args.modes.split(","):
        print(f"\n`{mode}` at --timeout {args.limit:g}\n")
        print("| set | profile | checkout | boards | timeouts | verdicts | median s | total s "
              "| total / flow's | this / base | peak MB (child's) |")
        print("|---|---|---|---|---|---|---|---|---|---|---|")
        for row in (r for r in table if r["mode"] == mode):
            vs_flow = "–" if row["total_vs_flow"] is None else f"{row['total_vs_flow']:.2f}"
            vs_base = "" if row["this_vs_base"] is None else f"{row['this_vs_base']:.3f}"
            print(f"| {row['set']} | {row['profile']} | {row['checkout']} | {row['boards']} | "
                  f"{row['timeouts']} | {row['verdicts']} | {row['median_seconds']:.3f} | "
                  f"{row['total_seconds']:.2f} | {vs_flow} | {vs_base} | "
                  f"{row['peak_mb']:.0f} ({row['children_peak_mb']:.0f}) |")
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
