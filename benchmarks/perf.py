"""Issue 13's targets as before/after ratios: this checkout against a baseline checkout of
satlink given by path, both run as whole ``python -m satlink check ... --json`` processes
(start-up included), interleaved run by run (A B, B A, A B, ...) so the machine's drift falls
on both alike.  Ratios are new / base, taken pair by pair; the table shows their median.

    git worktree add --detach ../satlink-base <commit before the work>
    python benchmarks/perf.py --base ../satlink-base --out benchmarks/results/perf.json
    python benchmarks/perf.py --base ../satlink-base --targets small,inputs10 --repeat 7
    python benchmarks/perf.py --targets peers --go /tmp/peers/numberlink/bin/numberlink \\
        --flow-solver /tmp/peers/flow_solver --out benchmarks/results/perf-peers.json

Targets (``--targets``, comma list; ``peers`` is not in the default list):

* ``peers``: main, this checkout and a peer solver interleaved, round by round (the order
  rotated): the hand-made boards (inputs1, 2, 4: Flow Free, Spivey, lsrhs, nikoli, one
  Janko.at board), inputs9, each inputs6 board (1002x1002 ones ``--huge-repeat`` times), inputs10
  against the Go solver (``--go``), mzucker against flow_solver (``--flow-solver``); build them
  with ``../shared/peers/build.sh /tmp/peers`` (outside the repository); ``--only`` picks rows;

* ``small``: thomasahle inputs1-5, 7-9 (one process per file) and the 29 mzucker levels
  (one process for all): seconds per board = process wall time / boards;
* ``inputs10``: the 11 boards of 50x50; also the Python share, 1 - SAT seconds / wall time
  (from the records' ``stats.sat_seconds``);
* ``huge``: the three 1002x1002 boards of inputs6, one process each: wall, peak memory
  (the child's own ``ru_maxrss``), verdict; ``--huge-solvers`` adds runs of this checkout
  with other backends (e.g. ``cms``), each against the same baseline run; then ``--timeout 5``
  on the first board (wall time of a process that must give up);
* ``scaling``: boards grown by satlink's generator (not proven unique) from 10x10 to
  200x200, one process per board: the exponent b of time ~ cells^b (least squares on logs),
  for the in-process time (``seconds``) and the whole process, over all sizes and from 30x30
  up (below that start-up and per-board overhead flatten the curve).

Both checkouts are byte-compiled first (``compileall``), as an installed package is.
This script imports neither satlink nor numpy, and starts each measured process from a
small interpreter of its own (:data:`MEASURE`), so a child's peak memory is its own.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

if (CHECKOUT := str(Path(__file__).resolve().parents[1])) not in sys.path:  # started as a file
    sys.path.insert(1 + len(os.environ.get("PYTHONPATH", "").split(os.pathsep)), CHECKOUT)

import argparse
import json
import math
import statistics
import subprocess
import tempfile

from benchmarks.harness import Run

HERE = Path(__file__).resolve().parent.parent
SMALL = [f"inputs{i}" for i in (1, 2, 3, 4, 5, 7, 8, 9)]
SCALING_SIZES = "10x10,20x20,30x30,50x50,70x70,100x100,140x140,200x200"

SPLIT = """
import sys
from satlink.formats import read_file, write_text
out = sys.argv[2]
for e in read_file(sys.argv[1], max_cells=10**8):
    if e.error is None and e.board.width * e.board.height >= int(sys.argv[3]):
        path = f"{out}/board{e.index}.txt"
        open(path, "w").write(write_text([e], "wh"))
        print(path)
"""

TO_WH = """
import sys
from satlink.formats import read_file, write_text
entries = [e for path in sys.argv[2:] for e in read_file(path)]
open(sys.argv[1], "w").write(write_text(entries, "wh"))
"""
"""The mzucker levels as one ``W H`` file, as the Go solver reads them."""

GENERATE = """
import sys
from satlink.bench.corpus import generated_boards
from satlink.formats import Entry, write_text
out, sizes, per_size = sys.argv[1], sys.argv[2], int(sys.argv[3])
for item in generated_boards(sizes, per_size, 0, None, None, "unionfind"):
    name = item.name.split(":")[1].replace("#", "-")
    path = f"{out}/{name}.txt"
    open(path, "w").write(write_text([Entry(item.name, 1, item.board)], "wh"))
    print(path)
"""


def compiled(checkout: Path) -> None:
    """Byte-compile a checkout's package, as ``pip install`` does: with
    ``PYTHONDONTWRITEBYTECODE`` set (as on the project's machine) every child would otherwise
    compile every module it imports, about 50 ms a process, more for the bigger checkout."""
    subprocess.run([sys.executable, "-m", "compileall", "-q", str(checkout / "satlink")],
                   check=True, stdout=subprocess.DEVNULL)


MEASURE = """
import json, os, subprocess, sys, time
argv, cwd = json.loads(sys.argv[1]), sys.argv[2]
stdin = open(sys.argv[3]) if len(sys.argv) > 3 else None
start = time.perf_counter()
proc = subprocess.Popen(argv, cwd=cwd, stdin=stdin, stderr=subprocess.DEVNULL)
_, status, usage = os.wait4(proc.pid, 0)
wall = time.perf_counter() - start
print(json.dumps({"wall": wall, "cpu": usage.ru_utime + usage.ru_stime,
                  "peak_mb": usage.ru_maxrss / 1024,
                  "exit": os.waitstatus_to_exitcode(status)}), file=sys.stderr)
"""
"""Runs one child and reports its wall time and own rusage on stderr.  The child is started
from this small, freshly started interpreter, not from the benchmark process: Linux counts
the memory of the process a child was forked from in the child's ``ru_maxrss`` (the pre-exec
high-water mark), and the benchmark process grows as it parses a 1002x1002 board's records
(to about 0.5 GB: every later child then "peaked" at 499 MB)."""


def measured(argv: list[str], cwd: Path, out, stdin: str | None = None) -> dict:
    """Run ``argv`` in ``cwd`` under :data:`MEASURE` (stdout to ``out``): wall, CPU, peak."""
    proc = subprocess.Popen([sys.executable, "-c", MEASURE, json.dumps(argv), str(cwd),
                             *([stdin] if stdin else [])],
                            stdout=out, stderr=subprocess.PIPE, text=True)
    try:  # same process group: Ctrl-C and signals to the group reach the measured child too
        _, report = proc.communicate()
    except KeyboardInterrupt:
        proc.kill()
        raise
    lines = report.strip().splitlines()
    try:
        return json.loads(lines[-1])
    except (IndexError, json.JSONDecodeError):
        raise SystemExit(f"perf.py: could not measure {' '.join(argv)} in {cwd} "
                         f"(exit {proc.returncode}): {report.strip() or 'no report'}") from None


def run(checkout: Path, files: list[str], extra: list[str]) -> dict:
    """One ``satlink check`` process in ``checkout``: wall, CPU, peak memory and its records."""
    argv = [sys.executable, "-m", "satlink", "check", *files, "--json", *extra]
    with tempfile.TemporaryFile("w+") as out:
        measured_run = measured(argv, checkout, out)
        out.seek(0)
        records = [json.loads(line) for line in out if line.startswith("{")]
    return _summary(measured_run, records)


def _summary(measured_run: dict, records: list[dict]) -> dict:
    stats = [r.get("stats", {}) for r in records]
    return {**measured_run,
            "boards": len(records), "statuses": [r["status"] for r in records],
            "seconds": sum(r.get("seconds", 0.0) for r in records),
            "sat_seconds": sum(s.get("sat_seconds", 0.0) for s in stats)}


def pairs(name: str, base: Path, new: Path, files: list[str], extra: list[str], repeat: int,
          log: list[dict]) -> dict:
    """``repeat`` interleaved pairs; the first member of each pair alternates."""
    runs: dict[str, list[dict]] = {"base": [], "new": []}
    for r in range(repeat):
        order = [("base", base), ("new", new)] if r % 2 else [("new", new), ("base", base)]
        for label, checkout in order:
            result = run(checkout, files, extra)
            runs[label].append(result)
            log.append({"target": name, "version": label, "repeat": r, **result})
            print(f"  {name:<22} {label:<4} wall {result['wall']:8.2f} s  cpu {result['cpu']:8.2f} s"
                  f"  peak {result['peak_mb']:7.0f} MB  boards {result['boards']}", file=sys.stderr)
    verdicts = {label: [r["statuses"] for r in rs] for label, rs in runs.items()}
    agree = all(v == verdicts["base"][0] for vs in verdicts.values() for v in vs)
    return {"name": name, "base": runs["base"], "new": runs["new"], "verdicts_agree": agree}


def peer_run(argv: list[str], stdin: str) -> dict:
    """One peer solver process reading ``stdin``: wall, CPU, peak memory and its verdicts
    (the Go solver prints IMPOSSIBLE for a board without a solution, flow_solver "unsolvable")."""
    with tempfile.TemporaryFile("w+") as out:
        result = measured(argv, HERE, out, stdin)
        out.seek(0)
        text = out.read()
    result["impossible"] = text.count("IMPOSSIBLE") + text.count("unsolvable")
    return result


def triples(name: str, base: Path | None, new: Path, files: list[str], peer: list[str], stdin: str,
            repeat: int, log: list[dict]) -> dict:
    """``repeat`` interleaved rounds of main, this branch and a peer solver, the order rotated
    each round so the machine's drift falls on all three alike (without ``base``: this
    checkout and the peer, in turn)."""
    kinds = ["base", "new", "peer"] if base is not None else ["new", "peer"]
    runs: dict[str, list[dict]] = {label: [] for label in ("base", "new", "peer")}
    for r in range(repeat):
        for label in kinds[r % len(kinds):] + kinds[:r % len(kinds)]:
            if label == "peer":
                result = peer_run(peer, stdin)
            else:
                result = run(base if label == "base" else new, files, [])
            runs[label].append(result)
            log.append({"target": name, "version": label, "repeat": r, **result})
            print(f"  {name:<26} {label:<4} wall {result['wall']:8.2f} s  "
                  f"peak {result['peak_mb']:7.0f} MB", file=sys.stderr)
    verdicts = [r["statuses"] for r in runs["base"] + runs["new"]]
    return {"name": name, **runs, "verdicts_agree": all(v == verdicts[0] for v in verdicts)}


def peer_inputs(puzzles: Path, work: Path) -> list[tuple[str, list[str], str]]:
    """(name, satlink files, the same boards as one ``W H`` stdin file for the Go solver)."""
    def joined(name: str, sources: list[Path]) -> str:
        text = "".join(line for src in sources for line in src.read_text().splitlines(True)
                       if line.strip() != "0 0")
        path = work / f"{name}.stdin"
        path.write_text(text + "0 0\n")
        return str(path)

    hand = [puzzles / f"inputs{i}" for i in (1, 2, 4)]
    mzucker = sorted((puzzles.parent.parent / "mzucker-flow_solver" / "puzzles").glob("*.txt"))
    as_wh = work / "mzucker.wh"
    subprocess.run([sys.executable, "-c", TO_WH, str(as_wh), *map(str, mzucker)], cwd=HERE,
                   check=True)
    items = [("hand-made (inputs1,2,4)", [str(p) for p in hand], joined("hand", hand)),
             ("hand-made and mzucker (inputs1,2,4 + 29)", [*map(str, hand), *map(str, mzucker)],
              joined("hand-mzucker", [*hand, as_wh])),
             ("inputs9 (101 x 40x20)", [str(puzzles / "inputs9")],
              joined("inputs9", [puzzles / "inputs9"]))]
    split = subprocess.run([sys.executable, "-c", SPLIT, str(puzzles / "inputs6"), str(work), "1"],
                           cwd=HERE, capture_output=True, text=True, check=True)
    for path in split.stdout.split():
        items.append((f"inputs6 {Path(path).stem}", [path], path))
    items.append(("inputs10 (11 x 50x50)", [str(puzzles / "inputs10")],
                  joined("inputs10", [puzzles / "inputs10"])))
    return items


PEER_HEADER = ("target", "boards", "main", "branch", "peer (Go; flow_solver)", "branch/main",
               "branch/peer time", "branch/peer peak", "verdicts", "main = branch")


def print_table(header: tuple[str, ...], rows: list[tuple[str, ...]]) -> None:
    widths = [max(len(str(r[i])) for r in [header, *rows]) for i in range(len(header))]
    for line in [header, tuple("-" * w for w in widths), *rows]:
        print(" | ".join(str(c).ljust(w) for c, w in zip(line, widths, strict=True)))


def median_ratio(row: dict, key: str) -> float:
    return statistics.median(n[key] / b[key] for n, b in zip(row["new"], row["base"], strict=True)
                             if b[key] > 0)


def med(runs: list[dict], key: str) -> float:
    return statistics.median(r[key] for r in runs)


def exponent(points: list[tuple[float, float]]) -> float:
    """Least-squares slope of log(time) against log(cells)."""
    xs = [math.log(c) for c, _ in points]
    ys = [math.log(max(t, 1e-6)) for _, t in points]
    mx, my = statistics.fmean(xs), statistics.fmean(ys)
    return (sum((x - mx) * (y - my) for x, y in zip(xs, ys, strict=True))
            / sum((x - mx) ** 2 for x in xs))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--base", default=None,
                        help="baseline checkout of satlink (a folder); required except for the "
                             "peers target, which without it runs this checkout and the peers")
    parser.add_argument("--corpus", default=str(HERE.parent / "shared" / "corpus"))
    parser.add_argument("--targets", default="small,inputs10,huge,scaling")
    parser.add_argument("--repeat", type=int, default=5, help="pairs per small/inputs10 item")
    parser.add_argument("--huge-repeat", type=int, default=1)
    parser.add_argument("--huge-timeout", type=float, default=300)
    parser.add_argument("--huge-solvers", default="",
                        help="comma list of other backends to run this checkout with on the huge "
                             "boards (e.g. cms), against the same baseline runs")
    parser.add_argument("--sizes", default=SCALING_SIZES)
    parser.add_argument("--per-size", type=int, default=2)
    parser.add_argument("--go", default="/tmp/peers/numberlink/bin/numberlink",
                        help="the Go solver (peers target; ../shared/peers/build.sh /tmp/peers)")
    parser.add_argument("--flow-solver", default="/tmp/peers/flow_solver",
                        help="mzucker's flow_solver (peers target)")
    parser.add_argument("--only", default="",
                        help="peers target: comma list of name prefixes to run (e.g. inputs9,hand)")
    parser.add_argument("--out", default=None)
    args = parser.parse_args(argv)
    bench = Run("perf", args)
    targets = [t.strip() for t in args.targets.split(",") if t.strip()]
    if args.base is None and set(targets) - {"peers"}:
        parser.error("--base is required for every target but peers")
    base, new = (Path(args.base).resolve() if args.base else None), HERE
    for checkout in (base, new):
        if checkout is not None:
            compiled(checkout)
    puzzles = Path(args.corpus) / "thomasahle-numberlink" / "puzzles"
    mzucker = sorted(str(p) for p in (Path(args.corpus) / "mzucker-flow_solver" / "puzzles")
                     .glob("*.txt"))
    log: list[dict] = []
    table: list[tuple[str, ...]] = []
    result: dict = {"settings": vars(args), "rows": {}}

    if "small" in targets:
        rows = [pairs(name, base, new, [str(puzzles / name)], [], args.repeat, log)
                for name in SMALL]
        rows.append(pairs("mzucker (29 files)", base, new, mzucker, [], args.repeat, log))
        for row in rows:
            boards = row["new"][0]["boards"]
            table.append((row["name"], str(boards),
                          f"{1000 * med(row['base'], 'wall') / boards:.1f} ms",
                          f"{1000 * med(row['new'], 'wall') / boards:.1f} ms",
                          f"{median_ratio(row, 'wall'):.2f}", f"{median_ratio(row, 'cpu'):.2f}",
                          "yes" if row["verdicts_agree"] else "NO"))
        per_repeat = [(sum(r["new"][i]["wall"] for r in rows), sum(r["base"][i]["wall"] for r in rows))
                      for i in range(args.repeat)]
        total = statistics.median(n / b for n, b in per_repeat)
        boards = sum(r["new"][0]["boards"] for r in rows)
        table.append((f"all small ({len(rows)} processes)", str(boards),
                      f"{1000 * statistics.median(b for _, b in per_repeat) / boards:.1f} ms",
                      f"{1000 * statistics.median(n for n, _ in per_repeat) / boards:.1f} ms",
                      f"{total:.2f}", "", "yes" if all(r["verdicts_agree"] for r in rows) else "NO"))
        result["rows"]["small"] = rows

    if "inputs10" in targets:
        row = pairs("inputs10 (11 x 50x50)", base, new, [str(puzzles / "inputs10")], [],
                    args.repeat, log)
        share = {label: statistics.median(1 - r["sat_seconds"] / r["wall"] for r in row[label])
                 for label in ("base", "new")}
        table.append((row["name"], "11", f"{med(row['base'], 'wall'):.2f} s",
                      f"{med(row['new'], 'wall'):.2f} s", f"{median_ratio(row, 'wall'):.2f}",
                      f"{median_ratio(row, 'cpu'):.2f}",
                      "yes" if row["verdicts_agree"] else "NO"))
        table.append(("  Python share (1 - SAT / wall)", "", f"{100 * share['base']:.0f} %",
                      f"{100 * share['new']:.0f} %", "", "", ""))
        result["rows"]["inputs10"] = row

    if "peers" in targets:
        work_peers = Path(tempfile.mkdtemp(prefix="satlink-peers-"))
        only = [o.strip() for o in args.only.split(",") if o.strip()]
        items = [(name, files, stdin, [args.go])
                 for name, files, stdin in peer_inputs(puzzles, work_peers)]
        items.append(("mzucker (29) vs flow_solver", mzucker, "/dev/null",
                      [args.flow_solver, "-q", *mzucker]))
        peer_rows = []
        peer_table: list[tuple[str, ...]] = []
        for name, files, stdin, peer in items:
            if only and not any(name.startswith(o) for o in only):
                continue
            big = name.startswith("inputs6 board") and not name.endswith("board4")
            row = triples(name, base, new, files, peer, stdin,
                          args.huge_repeat if big else args.repeat, log)
            peer_rows.append(row)
            boards = row["new"][0]["boards"]
            what = "wall"
            per = 1000 / boards if boards > 1 else 1
            unit = "ms/board" if boards > 1 else "s"
            peer_table.append((
                name, str(boards),
                f"{per * med(row['base'], what):.1f} {unit}, {med(row['base'], 'peak_mb'):.0f} MB"
                if row["base"] else "–",
                f"{per * med(row['new'], what):.1f} {unit}, {med(row['new'], 'peak_mb'):.0f} MB",
                f"{per * med(row['peer'], what):.1f} {unit}, {med(row['peer'], 'peak_mb'):.0f} MB",
                f"{median_ratio(row, 'wall'):.2f}" if row["base"] else "–",
                f"{med(row['new'], 'wall') / med(row['peer'], 'wall'):.2f}",
                f"{med(row['new'], 'peak_mb') / med(row['peer'], 'peak_mb'):.2f}",
                "/".join(sorted(set(row["new"][0]["statuses"]))),
                ("yes" if row["verdicts_agree"] else "NO") if row["base"] else "–"))
        result["rows"]["peers"] = peer_rows

    if "huge" in targets or "scaling" in targets:
        work = Path(tempfile.mkdtemp(prefix="satlink-perf-"))

    if "huge" in targets:
        split = subprocess.run([sys.executable, "-c", SPLIT, str(puzzles / "inputs6"), str(work),
                                "1000000"], cwd=new, capture_output=True, text=True, check=True)
        huge_rows = []
        for path in split.stdout.split():
            name = f"inputs6 {Path(path).stem}"
            row = pairs(name, base, new, [path], ["--timeout", str(args.huge_timeout)],
                        args.huge_repeat, log)
            huge_rows.append(row)
            table.append((name, "1", f"{med(row['base'], 'wall'):.1f} s, "
                                     f"{med(row['base'], 'peak_mb') / 1024:.2f} GB",
                          f"{med(row['new'], 'wall'):.1f} s, {med(row['new'], 'peak_mb') / 1024:.2f} GB",
                          f"{median_ratio(row, 'wall'):.2f}", f"{median_ratio(row, 'peak_mb'):.2f} (peak)",
                          "/".join(row["new"][0]["statuses"])
                          + ("" if row["verdicts_agree"] else " (base: "
                             + "/".join(row["base"][0]["statuses"]) + ")")))
            for solver in (s.strip() for s in args.huge_solvers.split(",") if s.strip()):
                other = run(new, [path], ["--timeout", str(args.huge_timeout), "--solver", solver])
                log.append({"target": f"{name} --solver {solver}", "version": "new", **other})
                row.setdefault("other_solvers", {})[solver] = other
                base_run = row["base"][0]
                table.append((f"{name}, new with --solver {solver}", "1", "(same base run)",
                              f"{other['wall']:.1f} s, {other['peak_mb'] / 1024:.2f} GB",
                              f"{other['wall'] / base_run['wall']:.2f}",
                              f"{other['peak_mb'] / base_run['peak_mb']:.2f} (peak)",
                              "/".join(other["statuses"])))
        if huge_rows:
            first = split.stdout.split()[0]
            row = pairs("--timeout 5", base, new, [first], ["--timeout", "5"], 1, log)
            huge_rows.append(row)
            table.append(("inputs6 board1 --timeout 5", "1", f"{med(row['base'], 'wall'):.1f} s",
                          f"{med(row['new'], 'wall'):.1f} s", f"{median_ratio(row, 'wall'):.2f}", "",
                          "/".join(row["new"][0]["statuses"])))
        result["rows"]["huge"] = huge_rows

    if "scaling" in targets:
        made = subprocess.run([sys.executable, "-c", GENERATE, str(work), args.sizes,
                               str(args.per_size)], cwd=new, capture_output=True, text=True,
                              check=True)
        points: dict[str, dict[str, list[tuple[float, float]]]] = {
            "base": {"seconds": [], "wall": []}, "new": {"seconds": [], "wall": []}}
        scaling_rows = []
        for path in made.stdout.split():
            w, h = (int(x) for x in Path(path).stem.split("-")[0].split("x"))
            row = pairs(f"generated {Path(path).stem}", base, new, [path],
                        ["--timeout", "600"], 1, log)
            scaling_rows.append(row)
            for label in ("base", "new"):
                for key in ("seconds", "wall"):
                    points[label][key].append((w * h, row[label][0][key]))
        for key, what in (("seconds", "in-process (seconds)"), ("wall", "whole process")):
            for least, sizes in ((0, "all sizes"), (900, "30x30 up")):
                if len({c for c, _ in points["new"][key] if c >= least}) < 2:
                    continue  # a slope needs two board sizes in the range (--sizes decides)
                b, n = (exponent([p for p in points[label][key] if p[0] >= least])
                        for label in ("base", "new"))
                table.append((f"scaling exponent, {what}, {sizes}", str(len(scaling_rows)),
                              f"{b:.2f}", f"{n:.2f}", "", "", ""))
        result["rows"]["scaling"] = scaling_rows
        result["scaling_points"] = points

    header = ("target", "boards", "base", "new", "wall new/base", "cpu new/base", "verdicts agree")
    if table:
        print_table(header, table)
    if "peers" in targets:
        print_table(PEER_HEADER, peer_table)
        result["peer_table"] = [dict(zip(PEER_HEADER, r, strict=True)) for r in peer_table]
    bench.write(args.out, log, table=[dict(zip(header, r, strict=True)) for r in table],
                targets=result["rows"],
                **{k: v for k, v in result.items() if k not in ("settings", "rows")})
    return 0


if __name__ == "__main__":
    sys.exit(main())
