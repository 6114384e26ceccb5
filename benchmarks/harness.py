"""What every benchmark shares: the results writer, timing, interleaving, and the worker that
measures another checkout beside this one.

A benchmark is a script with its own options and table; what it measures and how it reports it
goes through here, so every results file has the same envelope (``SCHEMA``: which benchmark,
the command line, the commit, the machine, the load before and after) and every comparison of
two checkouts runs the same way: each side in a long-lived process of its own, importing its own
``satlink``, asked one JSON line at a time, turns taken in rotation.

Only the standard library is imported here: a worker process imports this module beside another
checkout's ``satlink``, and the drivers of some benchmarks import no ``satlink`` at all.
"""

from __future__ import annotations

import contextlib
import json
import os
import platform
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from statistics import median
from typing import Any, TypeVar

SCHEMA = "satlink-benchmark/1"
ROOT = Path(__file__).resolve().parents[1]
WORKER_CHECKOUT = "SATLINK_BENCH_CHECKOUT"

T = TypeVar("T")


# --- the results writer ---------------------------------------------------------------------

CORPUS = Path(__file__).resolve().parents[2] / "shared" / "corpus"
"""The peer corpus beside the checkout (``../shared/corpus``)."""


def corpus_files(names: str, corpus: Path = CORPUS) -> list[Path]:
    """The corpus files named in a comma list: ``mzucker`` (its 29 levels, one file each) or a
    thomasahle ``inputsN`` file."""
    out: list[Path] = []
    for name in filter(None, names.split(",")):
        if name == "mzucker":
            out += sorted((corpus / "mzucker-flow_solver" / "puzzles").glob("*.txt"))
        else:
            out.append(corpus / "thomasahle-numberlink" / "puzzles" / name)
    return out


def commit_of(tree: Path) -> str | None:
    """The commit ``tree`` is checked out at (``+`` when it has uncommitted changes), or None
    outside git (an archived tree)."""
    head = subprocess.run(["git", "-C", str(tree), "rev-parse", "--short=12", "HEAD"],
                          capture_output=True, text=True)
    if head.returncode != 0:
        return None
    dirty = subprocess.run(["git", "-C", str(tree), "status", "--porcelain", "--untracked-files=no"],
                           capture_output=True, text=True).stdout.strip()
    return head.stdout.strip() + ("+" if dirty else "")


def machine_facts() -> dict[str, Any]:
    """What the figures depend on besides the code."""
    return {"python": platform.python_version(), "implementation": platform.python_implementation(),
            "system": platform.system(), "release": platform.release(),
            "machine": platform.machine(), "cpus": os.cpu_count()}


class Run:
    """One run of one benchmark: started when made, so the load average before and the wall time
    cover the whole run; ``write`` puts the envelope and the rows in ``--out``."""

    def __init__(self, benchmark: str, args: object = None):
        self.benchmark = benchmark
        self.args = dict(vars(args)) if hasattr(args, "__dict__") else dict(args or {})
        self.command = list(sys.argv)
        self.started = time.time()
        self.load_before = list(os.getloadavg())

    def envelope(self, rows: Sequence[Any], **parts: Any) -> dict[str, Any]:
        """The results: ``rows`` the measurements one by one, ``parts`` whatever else the
        benchmark reports by name (summaries, tables, the baseline's commit)."""
        return {"schema": SCHEMA, "benchmark": self.benchmark, "command": self.command,
                "args": self.args, "commit": commit_of(ROOT), "machine": machine_facts(),
                "started": time.strftime("%Y-%m-%dT%H:%M:%S%z", time.localtime(self.started)),
                "seconds": round(time.time() - self.started, 3),
                "load_before": self.load_before, "load_after": list(os.getloadavg()),
                "rows": list(rows), "parts": parts}

    def write(self, out: str | Path | None, rows: Sequence[Any], **parts: Any) -> dict[str, Any]:
        """Write the results to ``out`` (nothing when None) and return them."""
        results = self.envelope(rows, **parts)
        if out:
            path = Path(out)
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(json.dumps(results, indent=1, default=str) + "\n", encoding="utf-8")
        return results


def keyed(mapping: dict[str, dict], key: str) -> list[dict]:
    """Rows from a benchmark's figures by name (``{"7x7": {...}}``): the name as ``key``."""
    return [{key: name, **values} for name, values in mapping.items()]


def read_results(path: str | Path) -> dict[str, Any]:
    """A results file written by ``Run.write``; a clear error for anything else."""
    results = read_json_object(path)
    if results.get("schema") != SCHEMA:
        raise SystemExit(f"{path}: not a results file of schema {SCHEMA}")
    return results


def read_json_object(path: str | Path) -> dict[str, Any]:
    """A JSON object from ``path``; an error naming the file (and the line and column of bad
    JSON) for anything else."""
    try:
        results = json.loads(Path(path).read_text(encoding="utf-8"))
    except OSError as exc:
        raise SystemExit(f"{path}: cannot read it ({exc.strerror or exc})") from None
    except (UnicodeDecodeError, json.JSONDecodeError) as exc:
        where = (f" (line {exc.lineno}, column {exc.colno})"
                 if isinstance(exc, json.JSONDecodeError) else "")
        raise SystemExit(f"{path}: not a JSON results file{where}") from None
    if not isinstance(results, dict):
        raise SystemExit(f"{path}: not a JSON object")
    return results


# --- timing ---------------------------------------------------------------------------------

@dataclass
class Timing:
    """Wall and CPU seconds of one stretch of this process (CPU: this process's own, so a
    worker's figure is its own and not its parent's)."""

    wall: float = 0.0
    cpu: float = 0.0


@contextlib.contextmanager
def timed() -> Iterator[Timing]:
    """``with timed() as t: ...``: ``t.wall`` and ``t.cpu`` are set when the block ends."""
    timing = Timing()
    wall, cpu = time.perf_counter(), time.process_time()
    try:
        yield timing
    finally:
        timing.wall = time.perf_counter() - wall
        timing.cpu = time.process_time() - cpu


def repeated(measure: Callable[[], T], repeats: int) -> tuple[T, dict[str, Any]]:
    """``measure()`` run ``repeats`` times: its last result, and the median and every wall and
    CPU time (the median, since one slow repeat on a shared machine says nothing of the code)."""
    walls, cpus = [], []
    result: T | None = None
    for _ in range(max(1, repeats)):
        with timed() as t:
            result = measure()
        walls.append(t.wall)
        cpus.append(t.cpu)
    return result, {"wall": median(walls), "cpu": median(cpus), "walls": walls, "cpus": cpus}


# --- interleaving ---------------------------------------------------------------------------

def in_turn(sides: Sequence[T], turn: int) -> list[T]:
    """The order of ``sides`` for item number ``turn``: rotated by one each turn, so every side
    goes first as often as any other and the machine's drift falls on all alike."""
    sides = list(sides)
    if not sides:
        return sides
    k = turn % len(sides)
    return sides[k:] + sides[:k]


# --- another checkout beside this one -------------------------------------------------------

@contextlib.contextmanager
def archived(revision: str, folders: Sequence[str] = ("satlink",)) -> Iterator[tuple[Path, str]]:
    """``folders`` of git ``revision`` of this checkout, extracted by ``git archive`` into a
    temporary folder (no worktree made or touched): the folder and the full commit."""
    commit = subprocess.run(["git", "-C", str(ROOT), "rev-parse", revision], check=True,
                            capture_output=True, text=True).stdout.strip()
    archive = subprocess.run(["git", "-C", str(ROOT), "archive", commit, *folders], check=True,
                             capture_output=True).stdout
    with tempfile.TemporaryDirectory(prefix="satlink-baseline-") as folder:
        subprocess.run(["tar", "-x", "-C", folder], input=archive, check=True)
        yield Path(folder), commit


def checkout_env(checkout: Path) -> dict[str, str]:
    """The environment of a process that imports ``satlink`` from ``checkout``; this
    checkout's root comes after it, so ``benchmarks.harness`` is found even when ``checkout``
    has none (``benchmarks/`` is a namespace package, spread over both)."""
    return {**os.environ, "PYTHONPATH": f"{checkout}{os.pathsep}{ROOT}",
            WORKER_CHECKOUT: str(Path(checkout).resolve())}


class CheckoutWorker:
    """``script --worker`` in a process of its own importing ``satlink`` from ``checkout``:
    start-up paid once, then one JSON request a line in and one JSON answer a line out
    (``serve`` is the other end)."""

    def __init__(self, name: str, checkout: Path, script: Path):
        self.name = name
        self.checkout = Path(checkout).resolve()
        self.origin = commit_of(self.checkout)
        self.process = subprocess.Popen(
            [sys.executable, str(Path(script).resolve()), "--worker"], cwd=self.checkout,
            env=checkout_env(self.checkout), stdin=subprocess.PIPE, stdout=subprocess.PIPE,
            text=True)

    def ask(self, request: dict) -> dict:
        assert self.process.stdin is not None and self.process.stdout is not None
        self.process.stdin.write(json.dumps(request) + "\n")
        self.process.stdin.flush()
        line = self.process.stdout.readline()
        if not line:
            raise RuntimeError(f"{self.name}: the worker of {self.checkout} stopped")
        return json.loads(line)

    def close(self) -> None:
        if self.process.stdin is not None:
            self.process.stdin.close()
        self.process.wait(timeout=60)

    def __enter__(self) -> CheckoutWorker:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def serve(answer: Callable[[dict], dict]) -> None:
    """The worker's side of ``CheckoutWorker``: first make sure ``satlink`` is the checkout's
    asked for (not this one's, nor an installed one), then answer each request line."""
    import satlink

    expected = os.environ.get(WORKER_CHECKOUT)
    found = Path(satlink.__file__).resolve()
    if expected and Path(expected) not in found.parents:
        raise SystemExit(f"worker: satlink from {found}, not from {expected}")
    for line in sys.stdin:
        print(json.dumps(answer(json.loads(line))), flush=True)
