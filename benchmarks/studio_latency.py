"""Edit -> verdict latency of ``satlink studio``, against a ``satlink check`` run per edit.

For each size and variant a unique puzzle is generated and opened in the studio (served in
this process, driven by Playwright on the system Chromium); each edit is a real click that
paints a hole on an empty cell or takes it away again (every edit changes the verdict's
question: the puzzle, or the puzzle with a hole).  The figure is the page's own: from the
edit (the click handler) to the verdict drawn, as ``window.studio.timings`` records it, so it
covers the request, the check in the server's worker thread and the drawing.  Interleaved
with each edit, the baseline the issue describes: the same board written to a file and
checked by a new ``satlink check`` process (what a designer without the studio does).

    PYTHONPATH=. python benchmarks/studio_latency.py --edits 20 --out benchmarks/results/studio-latency.json
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

from satlink.generate.params import make_params
from satlink.generate.pipeline import attempt
from tests.studio_server import browser, click_cell, served, wait_status

ROOT = Path(__file__).resolve().parents[1]
CASES = [("square", 5, {}), ("square", 10, {}), ("square", 15, {}), ("square", 20, {}),
         ("hex", 10, {"grid": "hex"}), ("hex", 15, {"grid": "hex"}),
         ("warps", 10, {"wrap": True}), ("warps", 15, {"wrap": True}),
         ("bridges", 10, {"bridges": 2}), ("bridges", 15, {"bridges": 3})]


def puzzle(n: int, variant: dict, seed: int) -> dict:
    params = make_params(f"{n}x{n}", None, 3, 0, "flow", "grow", "repair", seed,
                         grid=variant.get("grid", "square"), wrap=variant.get("wrap", False),
                         bridges=variant.get("bridges", 0))
    for number in range(1000):
        result = attempt(params, number)
        if result.accepted:
            out = {"grid": result.rows, "rules": "flow"}
            if result.geometry:
                out["geometry"] = result.geometry
            return out
    raise RuntimeError(f"no {n}x{n} {variant} puzzle")


def cli_check(folder: Path, board: dict) -> float:
    """Seconds for a new ``satlink check`` process on ``board`` (the baseline)."""
    path = folder / "edit.jsonl"
    path.write_text(json.dumps(board) + "\n")
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    start = time.perf_counter()
    subprocess.run([sys.executable, "-m", "satlink", "check", str(path)], env=env,
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False)
    return time.perf_counter() - start


def pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--edits", type=int, default=20, help="edits per board")
    parser.add_argument("--baseline", type=int, default=6,
                        help="satlink check processes per board (interleaved with the edits)")
    parser.add_argument("--out", type=Path, default=None)
    args = parser.parse_args()
    folder = Path(tempfile.mkdtemp(prefix="studio-latency-"))
    boards = [(name, n, puzzle(n, variant, seed)) for seed, (name, n, variant) in enumerate(CASES)]
    (folder / "pack.jsonl").write_text("".join(json.dumps(b) + "\n" for _, _, b in boards))
    rows = []
    with browser() as chromium, served(folder) as url:
        page = chromium.new_page(viewport={"width": 1200, "height": 900})
        page.goto(url)
        page.wait_for_selector("body[data-ready='1']")
        page.fill("#path", "pack.jsonl")
        page.click("#open")
        for i, (name, n, board) in enumerate(boards):
            page.evaluate(f"location.hash = '#{i + 1}'")
            page.click("#open")
            cells = json.dumps("".join(board["grid"]))
            page.wait_for_function(f"window.studio.model.cells.join('') === {cells}"
                                   f" && window.studio.layout.cells.length === {n * n}")
            wait_status(page, "unique")
            page.check("input[name=tool][value=hole]")
            empty = [(r, c) for r, row in enumerate(board["grid"]) for c, ch in enumerate(row)
                     if ch == "." and [r, c] not in (board.get("geometry") or {}).get("bridges", [])]
            target = empty[len(empty) // 2]
            page.wait_for_timeout(300)  # a late check of the opened board lands before the edits
            page.evaluate("window.studio.timings = []; window.studio.solverMs = []")
            baseline = []
            for k in range(args.edits):
                before = page.evaluate("window.studio.timings.length")
                click_cell(page, *target)
                page.wait_for_function(f"window.studio.timings.length > {before}", timeout=60_000)
                if k < args.baseline:
                    edited = dict(board, grid=page.evaluate("window.studio.model.cells.join('')"))
                    w = len(board["grid"][0])
                    edited["grid"] = [edited["grid"][r * w:(r + 1) * w] for r in range(n)]
                    baseline.append(cli_check(folder, edited))
            ms = page.evaluate("window.studio.timings")[-args.edits:]
            solver = page.evaluate("window.studio.solverMs")[-args.edits:]
            row = {"variant": name, "size": f"{n}x{n}", "edits": len(ms),
                   "p50_ms": round(statistics.median(ms), 1), "p95_ms": round(pct(ms, 0.95), 1),
                   "max_ms": round(max(ms), 1), "check_p50_ms": round(statistics.median(solver), 1),
                   "cli_p50_ms": round(1000 * statistics.median(baseline), 1),
                   "ratio": round(1000 * statistics.median(baseline) / statistics.median(ms), 1)}
            rows.append(row)
            print(f"{name:8} {row['size']:6} n={row['edits']:3}  studio p50 {row['p50_ms']:7.1f} ms"
                  f"  p95 {row['p95_ms']:7.1f} ms (check {row['check_p50_ms']:6.1f})"
                  f"  | satlink check p50 {row['cli_p50_ms']:7.1f} ms"
                  f"  ({row['ratio']}x)", flush=True)
    if args.out:
        args.out.parent.mkdir(parents=True, exist_ok=True)
        args.out.write_text(json.dumps({"python": sys.version.split()[0], "rows": rows}, indent=1))


if __name__ == "__main__":
    main()
