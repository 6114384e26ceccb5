"""Checking one board in a child process, for the benchmark scripts that report memory.

A child per board makes "peak memory" that board's alone.  ``getrusage``'s ``ru_maxrss``
survives ``exec`` on Linux, so a child started from a big parent would report the parent's
size; ``VmHWM`` in ``/proc/self/status`` belongs to the child's own address space.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

if (CHECKOUT := str(Path(__file__).resolve().parents[1])) not in sys.path:  # started as a file
    sys.path.insert(1 + len(os.environ.get("PYTHONPATH", "").split(os.pathsep)), CHECKOUT)

import json
import resource
import subprocess
import tempfile
import time

from satlink import Board
from satlink.formats import Entry, read_file, write_text
from satlink.solver.check import check
from satlink.solver.method import Method


def peak_mb() -> float:
    try:
        with open("/proc/self/status") as f:
            for line in f:
                if line.startswith("VmHWM:"):
                    return int(line.split()[1]) / 1024
    except OSError:
        pass
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def child_main(argv: list[str]) -> None:
    """In the child: check the board file, print one JSON line (with the solutions)."""
    path, rules, method_json, timeout = argv
    (entry,) = list(read_file(path, max_cells=10**8))
    method = Method(**json.loads(method_json))
    verdict = check(entry.board, rules, timeout=float(timeout) if timeout else None,
                    method=method)
    s = verdict.stats
    print(json.dumps({"status": verdict.status, "seconds": verdict.seconds,
                      "encode_seconds": s.encode_seconds, "load_seconds": s.load_seconds,
                      "sat_seconds": s.sat_seconds, "decode_seconds": s.decode_seconds,
                      "variables": s.variables, "clauses": s.clauses, "sat_calls": s.sat_calls,
                      "cycle_cuts": s.cycle_cuts, "peak_mb": peak_mb(),
                      "solutions": [sol.to_coords(entry.board) for sol in verdict.solutions]}))


def run_isolated(board: Board, rules: str, method: Method, timeout: float | None) -> dict:
    """Check ``board`` in a fresh Python process; a child that dies or hangs becomes a row
    with status ``crashed`` or ``killed`` instead of ending the benchmark."""
    with tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False) as f:
        f.write(write_text([Entry("isolated", 1, board)], "wh"))
        path = f.name
    start = time.perf_counter()
    proc = subprocess.Popen([sys.executable, __file__, path, rules, json.dumps(method.as_dict()),
                             str(timeout or "")],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    killed = False
    try:
        out, err = proc.communicate(timeout=None if timeout is None else 2 * timeout + 60)
    except subprocess.TimeoutExpired:
        proc.kill()
        out, err = proc.communicate()
        killed = True
    os.unlink(path)
    row = {"wall_seconds": time.perf_counter() - start}
    if killed:
        row["status"] = "killed"
    elif proc.returncode != 0:
        row["status"] = "crashed"
        row["error"] = (err or "").strip().splitlines()[-1:] or [f"exit {proc.returncode}"]
    else:
        row.update(json.loads(out.strip().splitlines()[-1]))
    return row


if __name__ == "__main__":
    child_main(sys.argv[1:])
