"""The validation report at pack scale, for real: a pack of generated boards with problems
mixed in, validated by ``satlink validate --report``, then opened in headless Chromium.

The boards are made by satlink's generator (sizes 5x5 to 12x12, proven unique under
``flow``) and written in four packs, one per format: ``W H`` text, JSON lines with shipped
solutions, Flow Free level lines and puzz.link ``arukone`` URLs (read under ``fill``, so some
of them are ``multiple``: real problems).  A few boards are spoiled on purpose: rotated and
relabelled copies (``duplicate-of``), a label written three times (``invalid``), a shipped
path with a cell left out (``solution-mismatch``), two endpoints swapped (often
``unsolvable``).

Measured: the validate run, the report's size per board and build time, and in Chromium the
time until the page has drawn its first screen (its own mark at the end of its script, and
the load event), over fresh loads; then every status filter, a pack, a size and a search
applied by script as a user's clicks would, each checked against the results file and timed.
``--old REV`` also builds the report as ``satlink/render/report.py`` was at a git revision,
for comparison.

    python benchmarks/report.py --boards 10000 --jobs 2 --out benchmarks/results/report.json
    python benchmarks/report.py --boards 10000 --old a608f2a --keep /tmp/report-bench
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

if (CHECKOUT := str(Path(__file__).resolve().parents[1])) not in sys.path:  # started as a file
    sys.path.insert(1 + len(os.environ.get("PYTHONPATH", "").split(os.pathsep)), CHECKOUT)

import argparse
import json
import statistics
import subprocess
import tempfile
import time
import types
from collections import Counter

from rich.console import Console
from rich.table import Table

from benchmarks.harness import Run
from satlink.board import Board
from satlink.canonical import transforms
from satlink.formats import write_text
from satlink.generate.catalogue import Catalogue
from satlink.generate.pack import pack_entries
from satlink.generate.params import make_params
from satlink.generate.request import ParamsRequest
from satlink.generate.runner import Workers, run_generation
from satlink.render.report import html_report
from satlink.rules import parse_rules
from satlink.solution import Solution
from testbed.browser import file_url, launch, new_page

ROOT = Path(__file__).resolve().parents[1]

PACKS = [  # (file, format, share of the boards, sizes)
    ("classic.txt", "wh", 0.4, ["5x5", "6x6", "7x7"]),
    ("daily.jsonl", "json", 0.3, ["8x8", "9x9"]),
    ("levels.flow", "flowfree", 0.2, ["10x10"]),
    ("arukone.url", "puzzlink", 0.1, ["12x12"]),
]
READY = "document.documentElement.dataset.ready"


def generate(size: str, count: int, seed: int, jobs: int) -> list:
    params = make_params(ParamsRequest(size, seed=seed))
    catalogue = Catalogue(":memory:")
    run_generation(params, count, catalogue, Workers(jobs))
    rows = catalogue.puzzles(run=params.key(), order="attempt")
    catalogue.close()
    return pack_entries(rows)


def spoil(entries: list, rate: float, seed: int, kinds: list[str]) -> Counter:
    """Spoil about ``rate`` of the boards in place, each in one of ``kinds`` (see the module
    docstring)."""
    import random

    rng = random.Random(seed)
    spoiled: Counter = Counter()
    n = len(entries)
    for i in rng.sample(range(1, n), max(1, int(n * rate))):
        entry, kind = entries[i], rng.choice(kinds)
        rows = list(entry.board.rows)
        if kind == "duplicate":
            turned = transforms(tuple(entries[rng.randrange(i)].board.rows))[rng.randrange(1, 8)]
            relabel = {label: chr(ord("a") + k) for k, label in
                       enumerate(dict.fromkeys(ch for row in turned for ch in row if ch not in ".#"))}
            rows = ["".join(relabel.get(ch, ch) for ch in row) for row in turned]
            entry.board, entry.solution = Board(tuple(rows)), None
        elif kind == "invalid":
            label = entry.board.labels[0]
            flat = "".join(rows)
            r, c = divmod(flat.index("."), entry.board.width)
            rows[r] = rows[r][:c] + label + rows[r][c + 1:]
            entry.board, entry.solution = _Unchecked(rows), None
        elif kind == "mismatch" and entry.solution is not None:
            paths = dict(entry.solution.paths)
            label = max(paths, key=lambda k: len(paths[k]))
            paths[label] = paths[label][:1] + paths[label][2:]
            entry.solution = Solution.from_paths(paths)
        elif kind == "swap" and len(entry.board.labels) >= 2:
            a, b = entry.board.labels[:2]
            cells = entry.board.endpoints[a][0], entry.board.endpoints[b][0]
            flat = list("".join(rows))
            flat[cells[0]], flat[cells[1]] = b, a
            w = entry.board.width
            entry.board = Board(tuple("".join(flat[k:k + w]) for k in range(0, len(flat), w)))
            entry.solution = None
        else:
            continue
        spoiled[kind] += 1
    return spoiled


class _Unchecked:
    """A board that is not a valid :class:`Board` (a label three times), written as text."""

    def __init__(self, rows: list[str]):
        self.rows, self.width, self.height = tuple(rows), len(rows[0]), len(rows)


def write_pack(entries: list, path: Path, fmt: str) -> None:
    if fmt == "wh":  # by hand, so an unchecked (spoiled) board can be written too
        path.write_text("".join(f"{e.board.width} {e.board.height}\n" + "\n".join(e.board.rows) + "\n"
                                for e in entries))
        return
    for entry in entries:
        if fmt == "puzzlink":
            entry.rules = parse_rules("fill")
    path.write_text(write_text(entries, fmt))


def make_packs(folder: Path, boards: int, seed: int, jobs: int, rate: float) -> tuple[list[str], dict]:
    files, spoiled = [], {}
    for name, fmt, share, sizes in PACKS:
        entries = []
        for k, size in enumerate(sizes):
            entries += generate(size, round(boards * share / len(sizes)), seed + k, jobs)
        if fmt == "wh":
            spoiled[name] = dict(spoil(entries, rate, seed, ["duplicate", "invalid", "swap"]))
        elif fmt == "json":
            spoiled[name] = dict(spoil(entries, rate / 2, seed, ["duplicate", "mismatch", "swap"]))
        path = folder / name
        write_pack(entries, path, fmt)
        files.append(str(path))
    return files, spoiled


def old_report(revision: str):
    source = subprocess.run(["git", "show", f"{revision}:satlink/render/report.py"], cwd=ROOT,
                            capture_output=True, text=True, check=True).stdout
    module = types.ModuleType("old_report")
    exec(compile(source, f"{revision}:report.py", "exec"), module.__dict__)
    return module.html_report


def open_times(page, path: Path, ready: str, repeat: int) -> dict:
    """Fresh loads of ``path``: wall-clock until ``ready``, the page's own marks."""
    walls, marks, loads, paints = [], [], [], []
    for _ in range(repeat):
        page.goto("about:blank")
        start = time.perf_counter()
        page.goto(file_url(path), wait_until="commit")
        page.wait_for_function(ready, polling=20)
        walls.append(time.perf_counter() - start)
        if ready == READY:
            marks.append(int(page.evaluate(READY)))
        page.evaluate("new Promise(function (done) { requestAnimationFrame(function () {"
                         " setTimeout(done, 50); }); })")  # the first frame is painted
        loads.append(page.evaluate("performance.getEntriesByType('navigation')[0].loadEventEnd"))
        paints.append(page.evaluate("(performance.getEntriesByName('first-contentful-paint')[0]"
                                       " || {startTime: null}).startTime"))
    heap = page.context.new_cdp_session(page).send("Runtime.getHeapUsage")["usedSize"]
    return {"wall_s": statistics.median(walls), "ready_ms": statistics.median(marks) if marks else None,
            "load_ms": statistics.median(loads),
            "first_paint_ms": statistics.median(p for p in paints if p is not None) if any(paints) else None,
            "heap_mb": heap / 2**20}


def filters(page, records: list[dict]) -> list[dict]:
    """Every status, the problems, a pack, a size and a search, applied as clicks would; each
    checked against the records and timed inside the page."""
    checks = []

    def apply(control: str, value: str, event: str = "change") -> tuple[str, float]:
        text, ms = page.evaluate(
            f"(function () {{ var t = performance.now(), el = document.getElementById('{control}');"
            f" el.value = {json.dumps(value)}; el.dispatchEvent(new Event('{event}'));"
            " return [document.getElementById('shown').textContent, performance.now() - t]; })()")
        return text, ms

    def expect(label: str, text: str, ms: float, count: int) -> None:
        ok = text.startswith(f"{count} of {len(records)} boards match") or (
            count == len(records) and text.startswith(f"all {len(records)}"))
        checks.append({"filter": label, "boards": count, "ms": round(ms, 1), "ok": ok})

    counts = Counter(str(r["status"]) for r in records)
    for status, count in sorted(counts.items()):
        expect(f"status={status}", *apply("f-status", status), count)
    problems = sum(n for s, n in counts.items() if s not in ("unique", "solved"))
    expect("status=problems", *apply("f-status", "problems"), problems)
    pack = str(records[0]["source"])
    short = page.evaluate(f"document.querySelector('#f-pack option[value$=\"{Path(pack).name}\"]').value")
    in_pack = [r for r in records if r["source"] == pack]
    expect(f"problems in {short}", *apply("f-pack", short),
           sum(str(r["status"]) not in ("unique", "solved") for r in in_pack))
    apply("f-status", "")
    expect(f"pack={short}", *apply("f-status", ""), len(in_pack))
    sized = next(r for r in in_pack if r.get("width"))
    size = f"{sized['width']}x{sized['height']}"
    expect(f"{short}, size={size}", *apply("f-size", size),
           sum((r.get("width"), r.get("height")) == (sized["width"], sized["height"]) for r in in_pack))
    page.evaluate("document.getElementById('f-clear').click()")
    target = records[len(records) // 2]
    expect(f"search {Path(target['source']).name}:{target['index']}",
           *apply("f-q", f"{Path(target['source']).name}:{target['index']}"), 1)
    page.evaluate("document.getElementById('f-clear').click()")
    return checks


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--boards", type=int, default=10_000)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--spoil", type=float, default=0.03, help="Share of boards spoiled in the "
                        "W H pack (half that in the JSON pack).")
    parser.add_argument("--repeat", type=int, default=3, help="Fresh loads of each report.")
    parser.add_argument("--old", default=None, help="Also measure the report of this git revision.")
    parser.add_argument("--keep", default=None, help="Folder for the packs, results and reports.")
    parser.add_argument("--out", default=None)
    args = parser.parse_args()
    bench = Run("report", args)
    console = Console(width=120)
    folder = Path(args.keep or tempfile.mkdtemp(prefix="satlink-report-"))
    folder.mkdir(parents=True, exist_ok=True)

    start = time.perf_counter()
    files, spoiled = make_packs(folder, args.boards, args.seed, args.jobs, args.spoil)
    made = time.perf_counter() - start
    console.print(f"packs in {folder} ({made:.0f} s): {', '.join(Path(f).name for f in files)}; "
                  f"spoiled {spoiled}")
    results, report = folder / "results.jsonl", folder / "report.html"
    start = time.perf_counter()
    run = subprocess.run([sys.executable, "-m", "satlink", "validate", *files, "--out", str(results),
                          "--report", str(report), "--jobs", str(args.jobs), "--timeout", "20"],
                         cwd=ROOT, capture_output=True, text=True)
    validated = time.perf_counter() - start
    if run.returncode not in (0, 1, 2) or not report.exists():
        raise SystemExit(f"validate failed ({run.returncode}): {run.stderr[-2000:]}")
    records = [json.loads(line) for line in results.read_text().splitlines()]
    start = time.perf_counter()
    html_report(records)
    built = time.perf_counter() - start
    summary = {"boards": len(records), "statuses": dict(Counter(str(r["status"]) for r in records)),
               "spoiled": spoiled, "validate_s": validated, "generate_s": made,
               "report": {"bytes": report.stat().st_size,
                          "bytes_per_board": report.stat().st_size / len(records), "build_s": built}}
    with launch(600_000) as browser:
        page = new_page(browser, 600_000)
        summary["report"].update(open_times(page, report, READY, args.repeat))
        summary["filters"] = filters(page, records)
    if args.old:
        old = folder / "report-old.html"
        start = time.perf_counter()
        old.write_text(old_report(args.old)(records), encoding="utf-8")
        summary["old"] = {"revision": args.old, "build_s": time.perf_counter() - start,
                          "bytes": old.stat().st_size, "bytes_per_board": old.stat().st_size / len(records)}
        with launch(900_000) as browser:
            page = new_page(browser, 900_000)
            summary["old"].update(open_times(page, old, "document.readyState === 'complete'", 1))

    table = Table(title=f"validate --report on {len(records)} boards "
                        f"({', '.join(f'{n} {s}' for s, n in sorted(summary['statuses'].items()))})")
    for column in ("report", "size", "bytes/board", "build s", "first screen ms", "load event ms",
                   "first paint ms", "JS heap MB"):
        table.add_column(column, justify="right")
    rows = [("this one", summary["report"])] + ([(f"at {args.old}", summary["old"])] if args.old else [])
    for name, r in rows:
        table.add_row(name, f"{r['bytes'] / 2**20:.1f} MB", f"{r['bytes_per_board']:.0f}",
                      f"{r['build_s']:.2f}", f"{r['ready_ms']}" if r.get("ready_ms") is not None else "-",
                      f"{r['load_ms']:.0f}",
                      f"{r['first_paint_ms']:.0f}" if r.get("first_paint_ms") else "-",
                      f"{r['heap_mb']:.0f}")
    console.print(table)
    checks = Table(title="filters applied by script (time inside the page)")
    for column in ("filter", "boards", "ms", "matches results"):
        checks.add_column(column)
    for check in summary["filters"]:
        checks.add_row(check["filter"], str(check["boards"]), f"{check['ms']:.1f}",
                       "yes" if check["ok"] else "NO")
    console.print(checks)
    console.print(f"validate: {validated:.0f} s with --jobs {args.jobs}")
    bench.write(args.out, [{"report": name, **figures} for name, figures in rows],
                **{k: v for k, v in summary.items() if k not in ("report", "old")})
    if not all(check["ok"] for check in summary["filters"]):
        raise SystemExit("a filter showed another number of boards than the results file holds")


if __name__ == "__main__":
    main()
