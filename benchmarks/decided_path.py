"""A batch of boards through ``satlink check`` with the interpreter's start-up taken out: this
checkout against a baseline, each in a warm worker process of its own, interleaved.

Each worker imports its checkout's satlink once, then runs the ``check`` command in process
(its click command, standard output caught) on one file at a time, ``--json`` or text; the
first round is a warm-up and not counted.  Seconds per board = the command's wall time /
boards, so reading, deciding, the referee, records and printing are all in it, and start-up
is not.  Rounds alternate which checkout goes first (``in_turn``); the table gives each
file's median over rounds and the ratio new / base (median of the per-round ratios).

    git archive 8e38e14 satlink | (mkdir -p /tmp/base && tar -x -C /tmp/base)
    cp satlink/deduce/_core*.so /tmp/base/satlink/deduce/   # (when the core is unchanged)
    python benchmarks/decided_path.py --base /tmp/base --rounds 5 --out benchmarks/results/decided.json
    python benchmarks/decided_path.py --base /tmp/base --text --files inputs9

``--output-only`` times only what ``check`` does after the verdicts (records and JSON, or the
drawings and summary), on verdicts each worker found once before.

``--profile`` instead runs this checkout alone under cProfile on the files and prints the
largest cumulative shares (where the time of a decided board goes).
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

if (CHECKOUT := str(Path(__file__).resolve().parents[1])) not in sys.path:  # started as a file
    sys.path.insert(1 + len(os.environ.get("PYTHONPATH", "").split(os.pathsep)), CHECKOUT)

import argparse
import contextlib
import io
import json
import statistics
import time

from benchmarks.harness import CheckoutWorker, Run, in_turn, serve

HERE = Path(__file__).resolve().parent.parent
PUZZLES = HERE.parent / "shared" / "corpus" / "thomasahle-numberlink" / "puzzles"
MZUCKER = HERE.parent / "shared" / "corpus" / "mzucker-flow_solver" / "puzzles"
GROUPS = {"inputs1": [PUZZLES / "inputs1"], "inputs2": [PUZZLES / "inputs2"],
          "inputs4": [PUZZLES / "inputs4"], "mzucker": sorted(MZUCKER.glob("*.txt")),
          "inputs9": [PUZZLES / "inputs9"]}
GROUPS["hand-made"] = [p for name in ("inputs1", "inputs2", "inputs4", "mzucker")
                       for p in GROUPS[name]]


def run_check(files: list[str], as_json: bool, rules: str) -> tuple[float, str]:
    """The ``check`` command on ``files`` in this process: wall seconds and what it printed."""
    from satlink.cli.check import check

    argv = [*files, "--rules", rules, *(["--json"] if as_json else ["--no-color"])]
    out = io.StringIO()
    start = time.perf_counter()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(io.StringIO()):
        with contextlib.suppress(SystemExit):
            check.main(argv, standalone_mode=False)
    return time.perf_counter() - start, out.getvalue()


_judged: dict[tuple, list] = {}
"""The files' boards checked once, for ``--output-only`` (key: the request's files)."""


def output_only(files: list[str], as_json: bool, rules: str) -> tuple[float, int]:
    """Seconds to print the files' verdicts (checked once, before) as ``check`` prints them:
    records and JSON, or the drawings and summary; and the boards."""
    from satlink.cli.check import judged
    from satlink.cli.files import read_entries
    from satlink.render.console import print_judged
    from satlink.rules import parse_rules
    from satlink.solver.check import check
    from satlink.solver.method import Method
    from satlink.solver.verdict import Status

    key = (tuple(files), rules)
    if key not in _judged:
        entries = read_entries(tuple(files), None, 10**7)
        _judged[key] = list(judged(entries, parse_rules(rules), Method(),
                                   lambda entry, profile: check(entry.board, profile)))
    shown = _judged[key]
    start = time.perf_counter()
    with contextlib.redirect_stdout(io.StringIO()):
        print_judged(shown, len(shown), Status.UNIQUE, as_json, True)
    return time.perf_counter() - start, len(shown)


def answer(request: dict) -> dict:
    if request.get("output_only"):
        seconds, boards = output_only(request["files"], request["json"], request["rules"])
        return {"seconds": seconds, "boards": boards}
    """The command's seconds and boards; with ``--json`` also the in-check seconds (the
    records' own) of the boards decided without SAT and how many they are."""
    seconds, text = run_check(request["files"], request["json"], request["rules"])
    if not request["json"]:
        boards = sum(line.startswith(tuple(request["files"])) for line in text.splitlines())
        return {"seconds": seconds, "boards": boards}
    records = [json.loads(line) for line in text.splitlines()]
    decided = [r for r in records if r.get("stats", {}).get("sat_calls", 1) == 0]
    return {"seconds": seconds, "boards": len(records), "decided": len(decided),
            "decided_check_seconds": sum(r["seconds"] for r in decided)}


def profile(files: list[str], as_json: bool, rules: str, top: int) -> None:
    import cProfile
    import pstats

    run_check(files, as_json, rules)  # warm: imports and first-use caches
    profiler = cProfile.Profile()
    profiler.enable()
    seconds, _ = run_check(files, as_json, rules)
    profiler.disable()
    print(f"{seconds:.3f} s in the command ({'--json' if as_json else 'text'})")
    pstats.Stats(profiler).sort_stats("cumulative").print_stats(top)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--base", type=Path, help="a baseline checkout (its satlink built)")
    parser.add_argument("--files", default="hand-made,inputs9",
                        help=f"comma list of groups ({', '.join(GROUPS)})")
    parser.add_argument("--rules", default="flow")
    parser.add_argument("--rounds", type=int, default=5, help="counted rounds (plus a warm-up)")
    parser.add_argument("--text", action="store_true", help="text output instead of --json")
    parser.add_argument("--profile", action="store_true", help="cProfile this checkout alone")
    parser.add_argument("--output-only", action="store_true",
                        help="time only the printing of verdicts checked once before")
    parser.add_argument("--top", type=int, default=40)
    parser.add_argument("--out", default=None)
    args = parser.parse_args()
    if args.worker:
        serve(answer)
        return
    groups = {name: [str(p) for p in GROUPS[name]] for name in args.files.split(",")}
    if args.profile:
        profile([f for files in groups.values() for f in files], not args.text, args.rules,
                args.top)
        return
    if args.base is None:
        parser.error("--base is required (or --profile)")
    bench = Run("decided_path", args)
    script = Path(__file__)
    rows = []
    with CheckoutWorker("base", args.base, script) as base, \
            CheckoutWorker("new", HERE, script) as new:
        for name, files in groups.items():
            request = {"files": files, "json": not args.text, "rules": args.rules,
                       "output_only": args.output_only}
            times: dict[str, list[float]] = {"base": [], "new": []}
            decided: dict[str, list[float]] = {"base": [], "new": []}
            boards, n_decided = {}, {}
            for turn in range(args.rounds + 1):
                for side in in_turn((base, new), turn):
                    got = side.ask(request)
                    boards[side.name] = got["boards"]
                    n_decided[side.name] = got.get("decided", 0)
                    if turn:
                        times[side.name].append(got["seconds"])
                        decided[side.name].append(got.get("decided_check_seconds", 0.0))
            per = {k: statistics.median(v) / max(1, boards[k]) for k, v in times.items()}
            ratio = statistics.median(n / b for n, b in zip(times["new"], times["base"],
                                                            strict=True))
            row = {"files": name, "boards": boards["new"], "boards_base": boards["base"],
                   "base_ms_per_board": 1000 * per["base"], "new_ms_per_board": 1000 * per["new"],
                   "ratio": ratio, "base_seconds": times["base"], "new_seconds": times["new"]}
            line = (f"{name:<10} {boards['new']:>4} boards  base {1000 * per['base']:7.2f} "
                    f"ms/board  new {1000 * per['new']:7.2f} ms/board  new/base {ratio:.2f}")
            if n_decided.get("new") and all(decided.values()):
                in_check = {k: 1000 * statistics.median(v) / n_decided[k] for k, v in decided.items()}
                row.update(decided=n_decided["new"], decided_base=n_decided["base"],
                           base_decided_check_ms=in_check["base"],
                           new_decided_check_ms=in_check["new"],
                           decided_ratio=statistics.median(
                               n / b for n, b in zip(decided["new"], decided["base"], strict=True)))
                line += (f"; {n_decided['new']} decided without SAT: check {in_check['base']:.2f}"
                         f" -> {in_check['new']:.2f} ms/board ({row['decided_ratio']:.2f})")
            rows.append(row)
            print(line, flush=True)
    results = bench.write(args.out, rows, output="text" if args.text else "json")
    print(f"load average before {results['load_before'][0]:.1f}, "
          f"after {results['load_after'][0]:.1f}", file=sys.stderr)


if __name__ == "__main__":
    main()
