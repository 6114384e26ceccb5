"""Run ``check`` over corpus files/folders under several configurations, interleaved.

Each board is checked by every configuration in turn before the next board starts, so the
configurations see the same machine conditions and their totals can be compared as ratios
against the first (the baseline).  Prints per-board rows and a summary table; writes JSON.

    python benchmarks/check_corpus.py ../shared/corpus/thomasahle-numberlink/puzzles/inputs10 \
        --configs glucose4,cadical195,minisat22 --out benchmarks/results/inputs10.json
    python benchmarks/check_corpus.py CORPUS --configs glucose4,glucose4:nolemma --timeout 60

A configuration is ``SOLVER`` or ``SOLVER:nolemma`` (redundant lemmas switched off).
"""

from __future__ import annotations

import argparse
import json
import platform
import sys
import time
from pathlib import Path

from rich.console import Console
from rich.table import Table

from satlink import check
from satlink.formats import read_file


def board_files(paths: list[str]) -> list[str]:
    files: list[str] = []
    for p in map(Path, paths):
        if p.is_dir():
            files.extend(str(f) for f in sorted(p.iterdir())
                         if f.is_file() and not f.name.endswith((".md", ".sol.json")))
        else:
            files.append(str(p))
    return files


def run_config(board, config: str, rules: str, timeout: float | None) -> dict:
    solver, _, mode = config.partition(":")
    verdict = check(board, rules, timeout=timeout, solver=solver,
                    lemmas=[] if mode == "nolemma" else None)
    s = verdict.stats
    return {"status": verdict.status, "seconds": verdict.seconds, "encode_seconds": s.encode_seconds,
            "sat_seconds": s.sat_seconds, "variables": s.variables, "clauses": s.clauses,
            "sat_calls": s.sat_calls, "cycle_cuts": s.cycle_cuts, "conflicts": s.conflicts}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("paths", nargs="+", help="corpus files or folders")
    parser.add_argument("--configs", default="glucose4", help="comma list of SOLVER[:nolemma]")
    parser.add_argument("--rules", default="flow")
    parser.add_argument("--timeout", type=float, default=None, help="seconds per board and config")
    parser.add_argument("--out", default=None, help="write JSON results here")
    parser.add_argument("--quiet", action="store_true", help="no per-board rows")
    args = parser.parse_args(argv)
    configs = [c.strip() for c in args.configs.split(",") if c.strip()]
    console = Console(width=160)
    rows = []
    for path in board_files(args.paths):
        for entry in read_file(path):
            if entry.error is not None:
                console.print(f"[red]skipped[/] {entry.error}")
                continue
            b = entry.board
            results = {c: run_config(b, c, args.rules, args.timeout) for c in configs}
            rows.append({"source": path, "index": entry.index, "width": b.width, "height": b.height,
                         "labels": len(b.labels), "results": results})
            if not args.quiet:
                cells = "  ".join(f"{c}={r['status']}/{r['seconds']:.3f}s/{r['sat_calls']}calls"
                                  for c, r in results.items())
                first = results[configs[0]]
                console.print(f"{Path(path).name}#{entry.index} {b.width}x{b.height} "
                              f"vars={first['variables']} clauses={first['clauses']}  {cells}")
    summary = summarise(rows, configs)
    table = Table(title=f"check under '{args.rules}' on {len(rows)} boards")
    for col in ("config", "total s", "ratio", "encode s", "SAT s", "python share", "SAT calls",
                "statuses"):
        table.add_column(col)
    for c, s in summary.items():
        table.add_row(c, f"{s['seconds']:.2f}", f"{s['ratio']:.2f}", f"{s['encode_seconds']:.2f}",
                      f"{s['sat_seconds']:.2f}", f"{s['python_share']:.0%}", str(s["sat_calls"]),
                      " ".join(f"{k}:{v}" for k, v in sorted(s["statuses"].items())))
    console.print(table)
    if args.out:
        Path(args.out).parent.mkdir(parents=True, exist_ok=True)
        Path(args.out).write_text(json.dumps({
            "command": " ".join(sys.argv), "rules": args.rules, "configs": configs,
            "machine": {"python": platform.python_version(), "platform": platform.platform()},
            "summary": summary, "boards": rows}, indent=1))
    return 0


def summarise(rows: list[dict], configs: list[str]) -> dict:
    summary = {}
    for c in configs:
        rs = [r["results"][c] for r in rows]
        total = sum(r["seconds"] for r in rs)
        sat = sum(r["sat_seconds"] for r in rs)
        statuses: dict[str, int] = {}
        for r in rs:
            statuses[r["status"]] = statuses.get(r["status"], 0) + 1
        summary[c] = {"seconds": total, "encode_seconds": sum(r["encode_seconds"] for r in rs),
                      "sat_seconds": sat, "python_share": (total - sat) / total if total else 0.0,
                      "sat_calls": sum(r["sat_calls"] for r in rs), "statuses": statuses}
    base = summary[configs[0]]["seconds"] if configs else 0
    for s in summary.values():
        s["ratio"] = s["seconds"] / base if base else 0.0
    return summary


if __name__ == "__main__":
    started = time.perf_counter()
    code = main()
    print(f"wall {time.perf_counter() - started:.1f} s", file=sys.stderr)
    sys.exit(code)
