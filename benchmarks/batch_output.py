"""A large batch of small boards through ``satlink check``: where one process's time goes,
and whether printing the verdicts (records and JSON, or drawings and the summary) is a small
share of it.

Two parts.  ``--whole``: ``satlink check FILE --rules flow`` as whole processes, ``--json``
and text, this checkout against ``--base`` (each side's satlink on ``PYTHONPATH``), sides in
turn (``in_turn``), wall and CPU seconds (``wait4``) per board, median over rounds.
``--shares``: this checkout's ``check`` command run in process under cProfile on the file,
its cumulative seconds split into reading the boards, deciding them (``check``: graph,
deductions, referee, SAT), the records (``verdict_record``), writing them
(``print_json``), drawing (the text printer) and the rest; shares of the command's profiled
time (cProfile inflates small calls alike, so read shares, not seconds).

    satlink generate --size 7x7 --count 40 --play any --to wh > /tmp/b7.txt   # (and 5x5..9x9)
    python benchmarks/batch_output.py /tmp/batch10k.txt --base /tmp/base --whole --rounds 3
    python benchmarks/batch_output.py /tmp/batch10k.txt --shares --out benchmarks/results/batch.json
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

if (CHECKOUT := str(Path(__file__).resolve().parents[1])) not in sys.path:  # started as a file
    sys.path.insert(1 + len(os.environ.get("PYTHONPATH", "").split(os.pathsep)), CHECKOUT)

import argparse
import contextlib
import cProfile
import io
import pstats
import statistics
import subprocess
import time

from benchmarks.harness import Run, in_turn

HERE = Path(__file__).resolve().parent.parent
PARTS = {  # part -> (file suffix, function name) whose cumulative time it is
    "reading": ("satlink/cli/files.py", "read_entries"),
    "deciding": ("satlink/solver/check.py", "check"),
    "records": ("satlink/records.py", "verdict_record"),
    "writing JSON": ("satlink/render/console.py", "print_json"),
    "drawing": ("satlink/render/console.py", "verdict"),
    "summary": ("satlink/render/console.py", "print_check_summary"),
}


def whole(checkout: Path, file: str, as_json: bool) -> dict:
    """One ``satlink check`` process of ``checkout`` on ``file``: wall and CPU seconds."""
    env = dict(os.environ, PYTHONPATH=str(checkout))
    argv = [sys.executable, "-m", "satlink", "check", file, "--rules", "flow",
            "--json" if as_json else "--no-color"]
    start = time.perf_counter()
    process = subprocess.Popen(argv, env=env, stdout=subprocess.DEVNULL,
                               stderr=subprocess.DEVNULL, cwd="/")
    _, status, usage = os.wait4(process.pid, 0)
    return {"seconds": time.perf_counter() - start, "cpu": usage.ru_utime + usage.ru_stime,
            "status": os.waitstatus_to_exitcode(status)}


def shares(file: str, as_json: bool) -> dict:
    """The command's profiled seconds and each part's share of them."""
    from satlink.cli.check import check

    argv = [file, "--rules", "flow", "--json" if as_json else "--no-color"]
    profiler = cProfile.Profile()
    with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
        with contextlib.suppress(SystemExit):
            check.main(argv, standalone_mode=False)  # warm: imports, first-use caches
        profiler.enable()
        with contextlib.suppress(SystemExit):
            check.main(argv, standalone_mode=False)
        profiler.disable()
    stats = pstats.Stats(profiler).stats  # type: ignore[attr-defined]
    cumulative = {part: sum(row[3] for (path, _, name), row in stats.items()
                            if path.endswith(suffix) and name == function)
                  for part, (suffix, function) in PARTS.items()}
    total = max(row[3] for row in stats.values())
    cumulative["rest"] = total - sum(cumulative.values())
    return {"profiled_seconds": total,
            "shares": {part: round(seconds / total, 4) for part, seconds in cumulative.items()}}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("file")
    parser.add_argument("--base", type=Path, help="a baseline checkout (its satlink built)")
    parser.add_argument("--whole", action="store_true", help="whole processes against --base")
    parser.add_argument("--shares", action="store_true", help="cProfile shares, this checkout")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--out", default=None)
    args = parser.parse_args()
    bench = Run("batch_output", args)
    boards = sum(1 for line in open(args.file, encoding="utf-8")
                 if line.split() and all(part.isdigit() for part in line.split())
                 and line.split() != ["0", "0"])
    rows: list[dict] = []
    if args.whole:
        if args.base is None:
            parser.error("--whole needs --base")
        for as_json in (True, False):
            seen: dict[str, list[dict]] = {"base": [], "new": []}
            for turn in range(args.rounds):
                for name, checkout in in_turn([("base", args.base), ("new", HERE)], turn):
                    seen[name].append(whole(checkout, args.file, as_json))
            row = {"output": "json" if as_json else "text", "boards": boards}
            for name, runs in seen.items():
                row[f"{name}_ms_per_board"] = round(
                    1000 * statistics.median(r["seconds"] for r in runs) / boards, 4)
                row[f"{name}_cpu_ms_per_board"] = round(
                    1000 * statistics.median(r["cpu"] for r in runs) / boards, 4)
            row["new_over_base"] = round(statistics.median(
                n["seconds"] / b["seconds"] for n, b in zip(seen["new"], seen["base"],
                                                            strict=True)), 3)
            rows.append(row)
            print(row, flush=True)
    if args.shares:
        for as_json in (True, False):
            row = {"output": "json" if as_json else "text", "boards": boards,
                   **shares(args.file, as_json)}
            rows.append(row)
            print(row, flush=True)
    bench.write(args.out, rows)


if __name__ == "__main__":
    main()
