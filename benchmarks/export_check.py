"""Export a corpus with ``satlink cnf --out-dir`` and solve every instance with an external
solver: its statuses against the manifest's expected ones (and ``check``'s verdicts), its
models decoded by ``satlink decode`` (complete encodings only).

    python benchmarks/export_check.py ../shared/corpus/mzucker-flow_solver/puzzles \
        --encoding acyclic --presolve --solver 'cadical -q' --out benchmarks/results/export.json

Prints one line per (kind, expected, got) and writes every instance's outcome as JSON.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

if (CHECKOUT := str(Path(__file__).resolve().parents[1])) not in sys.path:  # started as a file
    sys.path.insert(1 + len(os.environ.get("PYTHONPATH", "").split(os.pathsep)), CHECKOUT)

import argparse
import json
import shlex
import subprocess
import tempfile
import time
from collections import Counter

from benchmarks.harness import Run
from satlink.board import Board
from satlink.solver.check import check


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("corpus", nargs="+")
    parser.add_argument("--encoding", default="acyclic")
    parser.add_argument("--presolve", action="store_true")
    parser.add_argument("--rules", default=None)
    parser.add_argument("--solver", default="cadical -q", help="command; the file is appended")
    parser.add_argument("--out", default=None)
    args = parser.parse_args()
    bench = Run("export_check", args)
    folder = Path(tempfile.mkdtemp(prefix="satlink-export-"))
    command = [sys.executable, "-m", "satlink", "cnf", *args.corpus, "--out-dir", str(folder),
               "--encoding", args.encoding] + (["--presolve"] if args.presolve else []) + (
        ["--rules", args.rules] if args.rules else [])
    begun = time.perf_counter()
    subprocess.run(command, check=True)
    exported = time.perf_counter() - begun
    manifest = json.loads((folder / "manifest.json").read_text())
    outcomes, tally = [], Counter()
    for item in manifest["instances"]:
        verdict = str(check(Board.from_rows(item["board"]), item["rules"]).status)
        outcome = {"name": item["name"], "kind": item["kind"], "expected": item["expected"],
                   "verdict": verdict, "manifest_verdict": item["verdict"]}
        if item["path"] is not None:
            done = subprocess.run(shlex.split(args.solver) + [str(folder / item["path"])],
                                  capture_output=True, text=True)
            outcome["got"] = {10: "SAT", 20: "UNSAT"}.get(done.returncode, f"exit {done.returncode}")
            if outcome["got"] == "SAT" and item["complete"]:
                model = folder / "model.txt"
                model.write_text(done.stdout)
                decoded = subprocess.run([sys.executable, "-m", "satlink", "decode",
                                          str(folder / item["path"]), str(model)],
                                         capture_output=True, text=True)
                outcome["decoded"] = "valid" if decoded.returncode == 0 else "INVALID"
        tally[(item["kind"], item["expected"], outcome.get("got"), outcome.get("decoded"),
               verdict == item["verdict"])] += 1
        outcomes.append(outcome)
    print(f"exported {len(manifest['instances'])} manifest rows in {exported:.1f} s to {folder}")
    print("kind, expected, solver said, decoded model, verdict == check's: count")
    for key, count in sorted(tally.items(), key=str):
        print(f"  {key}: {count}")
    wrong = [o for o in outcomes if o.get("got") not in (None, o["expected"])
             or o["verdict"] != o["manifest_verdict"] or o.get("decoded") == "INVALID"]
    print(f"{len(wrong)} disagreement(s)")
    bench.write(args.out, outcomes)
    return 1 if wrong else 0


if __name__ == "__main__":
    sys.exit(main())
