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
    python benchmarks/decided_path.py --base /tmp/base --files hand-made --by-size --go GO

``--by-size`` regroups the chosen files' boards by their longer side (up to 10, up to 15,
larger; one ``W H`` file per group), so that a few giant boards cannot hide the floor of the
small ones: each group's total in one process against the Go solver's on the same boards.

``--go PATH`` adds the Go solver (``../shared/peers/build.sh DIR`` builds it) as a third side
of every round, in turn with the two checkouts: one whole process per group on the same
boards (one ``W H`` file on its standard input), its wall and CPU seconds (``wait4``; its
start-up is a millisecond) against each checkout's in-process seconds, so the ratio
new / Go is per board with satlink's start-up taken out.  Each checkout's CPU seconds
(``time.process_time`` around the command) are reported beside its wall seconds.

``--output-only`` times only what ``check`` does after the verdicts (records and JSON, or the
drawings and summary), on verdicts each worker found once before.

``--profile`` instead runs this checkout alone under cProfile on the files and prints the
largest cumulative shares (where the time of a decided board goes).

``--phases`` runs this checkout alone, its phases timed by wrappers rather than a profiler
(cProfile inflates Python calls against the core's): each phase's exclusive seconds (a
phase's time without the phases called inside it) over ``--rounds`` warm runs of ``check
--json``, as shares of the command; "the rest" is the command's own glue (click, the
judging loop, the routes, presolve's own lines).  The compiled engine's calls (``fixpoint``,
``settle``, ...) are one phase each; ``perf`` or callgrind splits them by pass.

    python benchmarks/decided_path.py --phases --files hand-made --by-size --rounds 20
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
import subprocess
import tempfile
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


def run_check(files: list[str], as_json: bool, rules: str) -> tuple[float, str, float]:
    """The ``check`` command on ``files`` in this process: wall seconds, what it printed, and
    the process's CPU seconds while it ran."""
    from satlink.cli.check import check

    argv = [*files, "--rules", rules, *(["--json"] if as_json else ["--no-color"])]
    out = io.StringIO()
    cpu, start = time.process_time(), time.perf_counter()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(io.StringIO()):
        with contextlib.suppress(SystemExit):
            check.main(argv, standalone_mode=False)
    return time.perf_counter() - start, out.getvalue(), time.process_time() - cpu


class GoSide:
    """The Go solver as a side of a round: one process per request on the files' boards as
    one ``W H`` file (the thomasahle format; mzucker's bare grids converted once)."""

    name = "go"

    def __init__(self, solver: str, work: Path):
        self.solver, self.work, self.inputs = solver, work, {}

    def stdin_of(self, files: list[str]) -> Path:
        key = tuple(files)
        if key not in self.inputs:
            from satlink.formats import read_file, write_text

            path = self.work / f"go{len(self.inputs)}.wh"
            entries = [e for f in files for e in read_file(f) if e.error is None]
            path.write_text(write_text(entries, "wh"))
            self.inputs[key] = (path, len(entries))
        return self.inputs[key][0]

    def ask(self, request: dict) -> dict:
        path = self.stdin_of(request["files"])
        with path.open() as stdin:
            start = time.perf_counter()
            proc = subprocess.Popen([self.solver], stdin=stdin, stdout=subprocess.DEVNULL)
            _, status, usage = os.wait4(proc.pid, 0)
        seconds = time.perf_counter() - start
        if status != 0:
            raise RuntimeError(f"{self.solver} failed on {path}")
        return {"seconds": seconds, "cpu_seconds": usage.ru_utime + usage.ru_stime,
                "boards": self.inputs[tuple(request["files"])][1]}


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
    seconds, text, cpu = run_check(request["files"], request["json"], request["rules"])
    if not request["json"]:
        boards = sum(line.startswith(tuple(request["files"])) for line in text.splitlines())
        return {"seconds": seconds, "boards": boards, "cpu_seconds": cpu}
    records = [json.loads(line) for line in text.splitlines()]
    decided = [r for r in records if r.get("stats", {}).get("sat_calls", 1) == 0]
    return {"seconds": seconds, "boards": len(records), "decided": len(decided),
            "decided_check_seconds": sum(r["seconds"] for r in decided), "cpu_seconds": cpu}


def profile(files: list[str], as_json: bool, rules: str, top: int) -> None:
    import cProfile
    import pstats

    run_check(files, as_json, rules)  # warm: imports and first-use caches
    profiler = cProfile.Profile()
    profiler.enable()
    seconds, _, _ = run_check(files, as_json, rules)
    profiler.disable()
    print(f"{seconds:.3f} s in the command ({'--json' if as_json else 'text'})")
    pstats.Stats(profiler).sort_stats("cumulative").print_stats(top)


PHASES = (
    ("read (files, boards)", "satlink.cli.check", None, "read_entries"),
    ("puzzle (Python)", "satlink.deduce.puzzle", "Puzzle", "__init__"),
    ("core: graph", "satlink.deduce.compiled", "CompiledEngine", "graph"),
    ("core: state", "satlink.deduce.compiled", "CompiledEngine", "state"),
    ("core: fixpoint", "satlink.deduce.compiled", "CompiledEngine", "fixpoint"),
    ("core: settle (look-ahead)", "satlink.deduce.compiled", "CompiledEngine", "settle"),
    ("core: first stages (fixpoint, look-ahead)", "satlink.deduce.compiled", "CompiledEngine",
     "first_stages"),
    ("core: case splits", "satlink.deduce.compiled", "CompiledEngine", "split"),
    ("core: depth-first search", "satlink.deduce.compiled", "CompiledEngine", "dfs"),
    ("search order (Python)", "satlink.deduce.dfs", None, "sweep_rank"),
    ("solution (paths)", "satlink.solution", "Solution", "from_paths"),
    ("referee", "satlink.solver.presolve", None, "solution_errors"),
    ("presolve's own lines", "satlink.solver.routes.deductions", None, "presolve"),
    ("routes (SAT; the rest of decide)", "satlink.solver.check", None, "decide"),
    ("verdict", "satlink.solver.check", None, "_verdict"),
    ("record: quality", "satlink.records", None, "quality"),
    ("record", "satlink.render.console", None, "verdict_record"),
    ("JSON out", "satlink.render.console", None, "print_json"),
)
"""The phases ``--phases`` times: (name, module, class or None, attribute), each wrapped where
its caller looks it up."""


def phase_seconds(files: list[str], rules: str, rounds: int) -> tuple[float, dict[str, float]]:
    """The command's seconds over ``rounds`` warm runs and each phase's exclusive seconds."""
    import importlib

    spent = {name: 0.0 for name, *_ in PHASES}
    stack: list[float] = []  # the time children spent, per open phase

    def timed(name: str, inner):
        def wrapper(*args, **kwargs):
            stack.append(0.0)
            start = time.perf_counter()
            try:
                return inner(*args, **kwargs)
            finally:
                took = time.perf_counter() - start
                children = stack.pop()
                spent[name] += took - children
                if stack:
                    stack[-1] += took
        return wrapper

    run_check(files, True, rules)  # warm: imports, the engine, first-use caches
    undo = []
    for name, module, owner, attr in PHASES:
        where = importlib.import_module(module)
        if owner is not None:
            where = getattr(where, owner)
        inner = where.__dict__.get(attr)
        if inner is None:  # (a baseline without this phase's function)
            continue
        wrapped = timed(name, inner.__func__ if isinstance(inner, classmethod) else inner)
        setattr(where, attr, classmethod(wrapped) if isinstance(inner, classmethod) else wrapped)
        undo.append((where, attr, inner))
    try:
        total = sum(run_check(files, True, rules)[0] for _ in range(rounds))
    finally:
        for where, attr, inner in reversed(undo):
            setattr(where, attr, inner)
    return total, spent


def print_phases(groups: dict[str, list[str]], rules: str, rounds: int) -> list[dict]:
    """Each group's phase table, printed; its rows."""
    from satlink.formats import read_file

    rows = []
    for group, files in groups.items():
        total, spent = phase_seconds(files, rules, rounds)
        boards = sum(1 for f in files for _ in read_file(f))
        spent["the rest (click, judging loop, routes)"] = total - sum(spent.values())
        print(f"{group}: {boards} boards, {1000 * total / rounds / boards:.3f} ms a board "
              f"({rounds} rounds)")
        for name, seconds in sorted(spent.items(), key=lambda item: -item[1]):
            print(f"  {name:<40} {100 * seconds / total:5.1f} %  "
                  f"{1e6 * seconds / rounds / boards:8.1f} us a board")
        rows.append({"files": group, "boards": boards, "rounds": rounds, "seconds": total,
                     **{f"phase {k}": v for k, v in spent.items()}})
    return rows


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
    parser.add_argument("--phases", action="store_true",
                        help="this checkout alone: each phase's share, timed by wrappers")
    parser.add_argument("--output-only", action="store_true",
                        help="time only the printing of verdicts checked once before")
    parser.add_argument("--go", default=None,
                        help="the Go solver's binary: a third side, one process per group")
    parser.add_argument("--by-size", action="store_true",
                        help="regroup the boards by their longer side: <= 10, <= 15, larger")
    parser.add_argument("--groups", default=None,
                        help="with --by-size: only these size groups (comma list: 10,15,larger)")
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
    if args.phases:
        with tempfile.TemporaryDirectory(prefix="decided-phases-") as work:
            if args.by_size:
                groups = by_size([f for files in groups.values() for f in files], Path(work),
                                 args.groups)
            rows = print_phases(groups, args.rules, args.rounds)
        Run("decided_path_phases", args).write(args.out, rows, table=rows)
        return
    if args.base is None:
        parser.error("--base is required (or --profile)")
    bench = Run("decided_path", args)
    script = Path(__file__)
    rows = []
    with CheckoutWorker("base", args.base, script) as base, \
            CheckoutWorker("new", HERE, script) as new, \
            tempfile.TemporaryDirectory(prefix="decided-go-") as work:
        if args.by_size:
            groups = by_size([f for files in groups.values() for f in files], Path(work),
                                 args.groups)
        sides: list = [base, new]
        if args.go and not args.output_only:
            sides.append(GoSide(args.go, Path(work)))
        for name, files in groups.items():
            request = {"files": files, "json": not args.text, "rules": args.rules,
                       "output_only": args.output_only}
            rows.append(measure_group(name, request, sides, args.rounds))
    results = bench.write(args.out, rows, output="text" if args.text else "json",
                          table=flat(rows))
    print(f"load average before {results['load_before'][0]:.1f}, "
          f"after {results['load_after'][0]:.1f}", file=sys.stderr)


SIZE_GROUPS = ((10, "up to 10x10"), (15, "up to 15x15"), (1 << 30, "larger"))
"""The size groups of ``--by-size``: the longer side at most this."""


def by_size(files: list[str], work: Path, only: str | None = None) -> dict[str, list[str]]:
    """The boards of ``files`` regrouped by their longer side, each group one ``W H`` file
    under ``work`` (the format both satlink and the Go solver read); ``only``: a comma list
    of the groups wanted (10, 15, larger)."""
    from satlink.formats import read_file, write_text

    buckets: dict[str, list] = {name: [] for _, name in SIZE_GROUPS}
    for entry in (e for f in files for e in read_file(f) if e.error is None):
        side = max(entry.board.width, entry.board.height)
        buckets[next(name for most, name in SIZE_GROUPS if side <= most)].append(entry)
    groups = {}
    wanted = None if only is None else set(only.split(","))
    for index, (name, entries) in enumerate(buckets.items()):
        if entries and (wanted is None or name.split("x")[0].split()[-1] in wanted):
            path = work / f"size{index}.wh"
            path.write_text(write_text(entries, "wh"))
            groups[name] = [str(path)]
    return groups


def flat(rows: list[dict]) -> list[dict]:
    """The rows without their per-round lists: the table ``benchmarks/publish.py`` publishes."""
    return [{k: v for k, v in row.items() if not isinstance(v, list)} for row in rows]


def measure_group(name: str, request: dict, sides: list, rounds: int) -> dict:
    """One group's rounds (a warm-up, then ``rounds`` counted), the sides in turn: its row,
    printed as one line."""
    names = [side.name for side in sides]
    times: dict[str, list[float]] = {k: [] for k in names}
    cpu: dict[str, list[float]] = {k: [] for k in names}
    decided: dict[str, list[float]] = {k: [] for k in names}
    boards, n_decided = {}, {}
    for turn in range(rounds + 1):
        for side in in_turn(sides, turn):
            got = side.ask(request)
            boards[side.name] = got["boards"]
            n_decided[side.name] = got.get("decided", 0)
            if turn:
                times[side.name].append(got["seconds"])
                cpu[side.name].append(got.get("cpu_seconds", 0.0))
                decided[side.name].append(got.get("decided_check_seconds", 0.0))
    per = {k: statistics.median(v) / max(1, boards[k]) for k, v in times.items()}

    def ratio(table: dict, over: str) -> float:
        return statistics.median(n / max(b, 1e-9)
                                 for n, b in zip(table["new"], table[over], strict=True))

    row = {"files": name, "boards": boards["new"], "boards_base": boards["base"],
           "base_ms_per_board": 1000 * per["base"], "new_ms_per_board": 1000 * per["new"],
           "ratio": ratio(times, "base"), "cpu_ratio": ratio(cpu, "base"),
           "base_seconds": times["base"], "new_seconds": times["new"],
           "base_cpu_seconds": cpu["base"], "new_cpu_seconds": cpu["new"]}
    line = (f"{name:<10} {boards['new']:>4} boards  base {1000 * per['base']:7.2f} "
            f"ms/board  new {1000 * per['new']:7.2f} ms/board  new/base {row['ratio']:.2f} "
            f"(CPU {row['cpu_ratio']:.2f})")
    if "go" in times:
        row.update(go_boards=boards["go"], go_ms_per_board=1000 * per["go"],
                   go_seconds=times["go"], go_cpu_seconds=cpu["go"],
                   new_over_go=ratio(times, "go"), new_over_go_cpu=ratio(cpu, "go"),
                   base_over_go=statistics.median(
                       b / g for b, g in zip(times["base"], times["go"], strict=True)))
        line += (f"  go {1000 * per['go']:.2f} ms/board: new/go {row['new_over_go']:.1f} "
                 f"(CPU {row['new_over_go_cpu']:.1f}), base/go {row['base_over_go']:.1f}")
    if n_decided.get("new") and decided["new"] and all(decided[k] for k in ("base", "new")):
        # a side that decides none of the group's boards without SAT has no in-check time
        in_check = {k: 1000 * statistics.median(decided[k]) / max(1, n_decided[k])
                    for k in ("base", "new")}
        row.update(decided=n_decided["new"], decided_base=n_decided["base"],
                   base_decided_check_ms=in_check["base"], new_decided_check_ms=in_check["new"],
                   decided_ratio=statistics.median(
                       n / b for n, b in zip(decided["new"], decided["base"], strict=True))
                   if all(decided["base"]) else float("nan"))
        line += (f"; {n_decided['new']} decided without SAT (base {n_decided['base']}): check "
                 f"{in_check['base']:.2f}"
                 f" -> {in_check['new']:.2f} ms/board ({row['decided_ratio']:.2f})")
    print(line, flush=True)
    return row


if __name__ == "__main__":
    main()
