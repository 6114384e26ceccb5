"""Edit -> verdict latency of ``satlink studio``, against a ``satlink check`` run per edit.

For each size and variant a unique puzzle is generated and opened in the studio (a ``satlink
studio`` process, driven by Playwright on the system Chromium); each edit is a real click that
paints a hole on an empty cell or takes it away again (every edit changes the verdict's
question: the puzzle, or the puzzle with a hole).  The figure is the page's own: from the
edit (the click handler) to the verdict drawn, as ``window.studio.timings`` records it, so it
covers the request, the check in the server's worker thread and the drawing; the page also
records where the time went (``window.studio.phases``: before sending, the check, the
handler, the drawing).  Interleaved with each edit, the baseline the issue describes: the same
board written to a file and checked by a new ``satlink check`` process (what a designer
without the studio does).

``--draw`` measures draw mode too (issue 32), interleaved edit by edit with the endpoint
edits of the same board on this tree's studio: the puzzle is opened with its solution as the
designer's drawing (a share link carrying board, rules and paths), and each edit is a real
drag in draw mode that takes the longest path's end back one cell, or draws it on again
(the puzzle's endpoint moves with it, and the check also judges the drawing: whole and the
only solution, or partial).  The ratio is draw mode's p95 over endpoint mode's.

``--compare-tree DIR`` also serves the studio of another satlink tree (for example an earlier
commit exported with ``git archive REV | tar -x -C DIR``) as a ``satlink studio`` process
and makes every edit on both, one after the other, so before and after come from one run.

    python benchmarks/studio_latency.py --edits 20 --out benchmarks/results/studio-latency.json
    python benchmarks/studio_latency.py --draw --only square:15,hex:15,warps:15,bridges:15
    git archive ca78321 | (mkdir -p /tmp/before && tar -x -C /tmp/before)
    python benchmarks/studio_latency.py --only hex,warps,bridges:15 --compare-tree /tmp/before
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

if (CHECKOUT := str(Path(__file__).resolve().parents[1])) not in sys.path:  # started as a file
    sys.path.insert(1 + len(os.environ.get("PYTHONPATH", "").split(os.pathsep)), CHECKOUT)

import argparse
import base64
import contextlib
import json
import statistics
import subprocess
import tempfile
from collections.abc import Iterator

from playwright.sync_api import TimeoutError as PlaywrightTimeout

from benchmarks.harness import Run, checkout_env, in_turn, timed
from satlink.generate.params import make_params
from satlink.generate.pipeline import attempt
from satlink.generate.request import ParamsRequest
from testbed.studio_server import browser, cell_xy, click_cell, wait_status

ROOT = Path(__file__).resolve().parents[1]
CASES = [("square", 5, {}), ("square", 10, {}), ("square", 15, {}), ("square", 20, {}),
         ("hex", 10, {"grid": "hex"}), ("hex", 15, {"grid": "hex"}),
         ("warps", 10, {"wrap": True}), ("warps", 15, {"wrap": True}),
         ("bridges", 10, {"bridges": 2}), ("bridges", 15, {"bridges": 3})]


def puzzle(n: int, variant: dict, seed: int, rules: str = "flow") -> dict:
    """A generated puzzle, unique under ``flow``, with its solution (the drawing of draw mode);
    the studio checks it under ``rules`` (a weaker profile may find it has more solutions)."""
    params = make_params(ParamsRequest(f"{n}x{n}", seed=seed, grid=variant.get("grid", "square"),
                                       wrap=variant.get("wrap", False), bridges=variant.get("bridges", 0)))
    for number in range(1000):
        result = attempt(params, number)
        if result.accepted:
            out = {"grid": result.rows, "rules": rules, "solution": result.solution}
            if result.geometry:
                out["geometry"] = result.geometry
            return out
    raise RuntimeError(f"no {n}x{n} {variant} puzzle")


def cli_check(folder: Path, board: dict) -> float:
    """Seconds for a new ``satlink check`` process on ``board`` (the baseline)."""
    path = folder / "edit.jsonl"
    path.write_text(json.dumps(board) + "\n")
    with timed() as t:
        subprocess.run([sys.executable, "-m", "satlink", "check", str(path)], env=checkout_env(ROOT),
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False)
    return t.wall


@contextlib.contextmanager
def studio_process(tree: Path, folder: Path) -> Iterator[str]:
    """``satlink studio`` of another satlink tree, serving ``folder``: its address."""
    proc = subprocess.Popen([sys.executable, "-m", "satlink", "studio", "--port", "0"], cwd=folder,
                            env=checkout_env(tree), stdout=subprocess.PIPE,
                            stderr=subprocess.DEVNULL, text=True)
    try:
        line = proc.stdout.readline()
        if "http://" not in line:
            raise RuntimeError(f"the studio of {tree} did not start: {line!r}")
        yield line.split()[2]
    finally:
        proc.terminate()
        proc.wait(10)


def pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


def open_case(page, i: int, n: int, board: dict) -> tuple[int, int]:
    """Open board ``i`` of the pack in ``page``, hole tool chosen: the cell the edits toggle."""
    page.evaluate(f"location.hash = '#{i + 1}'")
    page.click("#open")
    cells = json.dumps("".join(board["grid"]))
    page.wait_for_function(f"window.studio.model.cells.join('') === {cells}"
                           f" && window.studio.layout.cells.length === {n * n}")
    wait_verdict(page)
    page.check("input[name=tool][value=hole]")
    empty = [(r, c) for r, row in enumerate(board["grid"]) for c, ch in enumerate(row)
             if ch == "." and [r, c] not in (board.get("geometry") or {}).get("bridges", [])]
    page.wait_for_timeout(300)  # a late check of the opened board lands before the edits
    page.evaluate("window.studio.timings = []; window.studio.solverMs = [];"
                  " window.studio.phases = []")
    return empty[len(empty) // 2]


def wait_verdict(page, timeout: float = 30_000) -> None:
    """Wait for the opened board's verdict: ``unique`` under flow, where the boards are made;
    under a weaker profile it may be ``multiple``."""
    page.wait_for_function(
        "() => document.querySelector('#verdict').dataset.state === 'done' && ['unique',"
        " 'multiple'].includes(document.querySelector('#verdict .status').textContent)",
        timeout=timeout)


def edit(page, target: tuple[int, int]) -> None:
    before = page.evaluate("window.studio.timings.length")
    click_cell(page, *target)
    page.wait_for_function(f"window.studio.timings.length > {before}", timeout=60_000)


def share_link(url: str, board: dict) -> str:
    """The studio's share link for ``board`` with its solution drawn (studio/static/share.js)."""
    shared = {"v": 1, "board": {k: board[k] for k in ("grid", "geometry") if k in board},
              "rules": board["rules"], "paths": board["solution"]}
    data = base64.urlsafe_b64encode(json.dumps(shared).encode()).decode().rstrip("=")
    return url + "#share=" + data  # the address with its token: a page of its own


def open_drawing(page, url: str, n: int, board: dict) -> list[tuple[int, int]]:
    """Open ``board`` with its solution drawn, draw tool chosen: the two cells at the end of
    its longest path that a drag moves between (end, the cell before it)."""
    page.goto("about:blank")  # (a new hash alone would not load the page again)
    page.goto(share_link(url, board))
    page.wait_for_selector("body[data-ready='1']")
    page.wait_for_function(f"window.studio.layout && window.studio.layout.cells.length === {n * n}")
    wait_status(page, "unique")
    page.wait_for_function("window.studio.verdict.drawing.outcome === 'unique-solution'")
    page.check("input[name=tool][value=draw]")
    longest = max(board["solution"].values(), key=len)
    page.wait_for_timeout(300)
    page.evaluate("window.studio.timings = []; window.studio.solverMs = [];"
                  " window.studio.phases = []")
    return [tuple(longest[-1]), tuple(longest[-2])]


def draw_edit(page, ends: list[tuple[int, int]], k: int) -> None:
    """Drag the path's end from one of ``ends`` to the other: back one cell, or on again."""
    start, to = (ends[0], ends[1]) if k % 2 == 0 else (ends[1], ends[0])
    before = page.evaluate("window.studio.timings.length")
    page.mouse.move(*cell_xy(page, *start))
    page.mouse.down()
    page.mouse.move(*cell_xy(page, *to), steps=2)
    page.mouse.up()
    page.wait_for_function(f"window.studio.timings.length > {before}", timeout=60_000)


def figures(page, edits: int) -> dict:
    ms = page.evaluate("window.studio.timings")[-edits:]
    solver = page.evaluate("window.studio.solverMs")[-edits:]
    phases = (page.evaluate("window.studio.phases || []") or [])[-edits:]
    row = {"edits": len(ms), "p50_ms": round(statistics.median(ms), 1),
           "p95_ms": round(pct(ms, 0.95), 1), "max_ms": round(max(ms), 1),
           "check_p50_ms": round(statistics.median(solver), 1)}
    for k in ("send", "wait", "server", "draw"):
        values = [p[k] for p in phases if p.get(k) is not None]
        row[f"{k}_p50_ms"] = round(statistics.median(values), 1) if values else None
    return row


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--edits", type=int, default=20, help="edits per board")
    parser.add_argument("--baseline", type=int, default=6,
                        help="satlink check processes per board (interleaved with the edits)")
    parser.add_argument("--only", default="",
                        help="comma-separated cases as variant or variant:size, e.g. hex,warps:15")
    parser.add_argument("--compare-tree", type=Path, default=None,
                        help="another satlink tree whose studio gets the same edits, interleaved")
    parser.add_argument("--draw", action="store_true",
                        help="measure draw mode too, interleaved with endpoint edits")
    parser.add_argument("--rules", default="flow",
                        help="the profile the studio checks under (the boards are made under flow)")
    parser.add_argument("--out", type=Path, default=None)
    args = parser.parse_args()
    bench = Run("studio_latency", args)
    folder = Path(tempfile.mkdtemp(prefix="studio-latency-"))
    wanted = [w for w in args.only.split(",") if w]
    boards = [(name, n, puzzle(n, variant, seed, args.rules)) for seed, (name, n, variant) in enumerate(CASES)
              if not wanted or name in wanted or f"{name}:{n}" in wanted]
    (folder / "pack.jsonl").write_text("".join(json.dumps(b) + "\n" for _, _, b in boards))
    rows = []
    with contextlib.ExitStack() as stack:
        chromium = stack.enter_context(browser())
        # each studio in its own process, as `satlink studio` runs (a studio served in this
        # process would share its interpreter lock with Playwright's client)
        urls = {"this tree": stack.enter_context(studio_process(ROOT, folder))}
        if args.compare_tree:
            urls[f"{args.compare_tree}"] = stack.enter_context(
                studio_process(args.compare_tree.resolve(), folder))
        pages = {}
        for side, url in urls.items():
            page = chromium.new_page(viewport={"width": 1200, "height": 900})
            # opening the next board re-opens the pack, which the edits left unsaved: the
            # studio asks before dropping them (Playwright would dismiss it), and here the
            # edits are meant to go
            page.on("dialog", lambda dialog: dialog.accept())
            page.goto(url)
            page.wait_for_selector("body[data-ready='1']")
            page.fill("#path", "pack.jsonl")
            page.click("#open")
            pages[side] = page
        drawing = chromium.new_page(viewport={"width": 1200, "height": 900}) if args.draw else None
        for i, (name, n, board) in enumerate(boards):
            try:
                targets = {side: open_case(page, i, n, board) for side, page in pages.items()}
            except PlaywrightTimeout as exc:  # one board's missing verdict loses no other row
                rows.append({"variant": name, "size": f"{n}x{n}", "rules": args.rules,
                             "error": f"no verdict for the opened board: {exc.message}"})
                print(f"{name:8} {n}x{n}  no verdict for the opened board; skipped", flush=True)
                continue
            ends = open_drawing(drawing, urls["this tree"], n, board) if drawing else None
            baseline = []
            for k in range(args.edits):
                for side, page in in_turn(list(pages.items()), k):  # each studio first in turn
                    edit(page, targets[side])
                if drawing is not None:
                    draw_edit(drawing, ends, k)
                if k < args.baseline:
                    page = pages["this tree"]
                    edited = dict(board, grid=page.evaluate("window.studio.model.cells.join('')"))
                    w = len(board["grid"][0])
                    edited["grid"] = [edited["grid"][r * w:(r + 1) * w] for r in range(n)]
                    baseline.append(cli_check(folder, edited))
            cli = round(1000 * statistics.median(baseline), 1) if baseline else None
            for side, page in pages.items():
                row = {"variant": name, "size": f"{n}x{n}", "rules": args.rules, "studio": side,
                       **figures(page, args.edits), "cli_p50_ms": cli}
                row["ratio"] = round(cli / row["p50_ms"], 1) if cli else None
                rows.append(row)
                print(f"{name:8} {row['size']:6} {side[-12:]:>12} n={row['edits']:3}"
                      f"  studio p50 {row['p50_ms']:7.1f} ms  p95 {row['p95_ms']:7.1f} ms"
                      f"  (check p50 {row['check_p50_ms']:6.1f}, handler {row['server_p50_ms']},"
                      f" drawing {row['draw_p50_ms']})  | satlink check p50 {cli} ms"
                      f"  ({row['ratio']}x)", flush=True)
            if drawing is not None:
                endpoints = rows[-len(pages)]
                row = {"variant": name, "size": f"{n}x{n}", "studio": "this tree, draw mode",
                       **figures(drawing, args.edits), "cli_p50_ms": cli}
                row["p95_over_endpoints"] = round(row["p95_ms"] / endpoints["p95_ms"], 2)
                rows.append(row)
                print(f"{name:8} {row['size']:6} {'draw mode':>12} n={row['edits']:3}"
                      f"  studio p50 {row['p50_ms']:7.1f} ms  p95 {row['p95_ms']:7.1f} ms"
                      f"  (check p50 {row['check_p50_ms']:6.1f}, handler {row['server_p50_ms']},"
                      f" drawing {row['draw_p50_ms']})  | p95 / endpoint mode's "
                      f"{row['p95_over_endpoints']}x", flush=True)
    bench.write(args.out, rows)


if __name__ == "__main__":
    main()
