"""Export a corpus as the SAT solver sees it: ``satlink cnf CORPUS... --out-dir DIR``.

For each board two instances are written beside each other:

* ``INDEX.first.cnf``: the CNF that the uniqueness check solves, namely the encoding, the
  forced moves as unit clauses (with ``--presolve``) and every cycle cut the lazy loop needed
  while the check ran (none for ``acyclic``).  SATISFIABLE exactly when the board has a solution;
* ``INDEX.second.cnf``: the same plus one clause blocking the first solution's edge set (the
  instance a uniqueness study needs): UNSATISFIABLE exactly when the solution is unique.

Because the cuts of both searches are in both files, the expected statuses are exact for every
encoding (a cut holds in every solution, and the in-process search ran out of models with
exactly these clauses); only the ``acyclic`` encoding's models are all solutions, though.
The names are stable, ``FAMILY/FILE/INDEX``: FAMILY is the folder given (or the folder of
the file given), FILE the file's name without its suffix, INDEX the board's number in the file.
A ``manifest.json`` (and ``manifest.csv``) lists each instance with its board, rules,
encoding, expected status and ``check``'s verdict; a board the forced moves decide has no
CNF and is listed as ``decided``.
"""

from __future__ import annotations

import csv
import io
import json
import sys
import time
from dataclasses import dataclass, field
from datetime import datetime, timezone
from pathlib import Path

from satlink.board import Board
from satlink.rules import Rules
from satlink.solver.method import Method
from satlink.solver.verdict import Status
from satlink.version import __version__

MANIFEST_VERSION = 1
SEARCH_SOLVER = "glucose4"
"""The backend that finds the first solution and the cuts by default (any gives exact
statuses; ``satlink cnf --search-solver``)."""


@dataclass(frozen=True)
class SearchLimits:
    """The search that finds each board's first solution and cuts before it is written: its
    PySAT backend and its time limit in seconds (None: none).  A board it does not decide in
    time is written with its expected status unknown."""

    solver: str = SEARCH_SOLVER
    seconds: float | None = 60.0

    def as_dict(self) -> dict:
        return {"search_solver": self.solver, "search_seconds": self.seconds}
CSV_FIELDS = ["name", "path", "kind", "expected", "verdict", "family", "file", "index", "source",
              "width", "height", "labels", "rules", "encoding", "card", "lemmas", "complete",
              "presolve", "units", "cuts", "variables", "clauses", "error"]


class _Recorder:
    """A backend that remembers every clause the search adds, in order."""

    def __init__(self, inner: object):
        self.inner = inner
        self.added: list[list[int]] = []

    def __getattr__(self, name: str):
        return getattr(self.inner, name)

    def add_clause(self, clause: list[int]) -> None:
        self.added.append([int(lit) for lit in clause])
        self.inner.add_clause(clause)


@dataclass
class Exported:
    """One board's instances (DIMACS lines, generated lazily) and what the manifest says."""

    verdict: str
    presolve: str = "off"
    first: list[str] | None = None
    second: list[str] | None = None
    facts: dict = field(default_factory=dict)


def export_board(board: Board, profile: Rules, method: Method, presolve: bool,
                 search: SearchLimits = SearchLimits(), names: bool = False) -> Exported:
    """Decide ``board`` as the uniqueness check does and return its two instances (the
    second only when a first solution exists; neither when the forced moves decide it)."""
    from satlink.solver.backend import Backend, Timeout
    from satlink.solver.dimacs import dimacs_lines
    from satlink.solver.encode import encode
    from satlink.solver.search import SolutionEnumerator

    timeout = search.seconds
    deadline = (None if timeout is None or timeout == float("inf")
                else time.monotonic() + timeout)
    units: list[int] = []
    outcome = "off"
    if presolve:
        from satlink.bench.measure import DECIDED_WITHOUT_SAT
        from satlink.solver.presolve import presolve as forced_moves

        done = forced_moves(board, profile, deadline, limit=2)
        outcome = done.outcome
        if outcome in DECIDED_WITHOUT_SAT:
            verdict = (Status.MULTIPLE, Status.UNIQUE, Status.UNSOLVABLE)[
                2 - len(done.solutions[:2])]
            return Exported(str(verdict), outcome)
        units = done.units
    encoding = encode(board, profile, method)
    recorder = _Recorder(Backend(search.solver, encoding.clauses, deadline))
    found = 0
    blocked_at = None
    timed_out = False
    try:
        with SolutionEnumerator(encoding, method, deadline, units=units,
                            backend=recorder) as search:
            solutions = search.solutions()
            if next(solutions, None) is not None:
                found = 1
                blocked_at = len(recorder.added)  # resuming adds the blocking clause first
                found += next(solutions, None) is not None
            solutions.close()
    except Timeout:
        timed_out = True
    added = recorder.added
    block = [] if blocked_at is None or blocked_at >= len(added) else [added[blocked_at]]
    cuts = [c for i, c in enumerate(added[len(units):], len(units)) if i != blocked_at]
    verdict = (Status.MULTIPLE if found >= 2 else Status.TIMEOUT if timed_out
               else Status.UNIQUE if found else Status.UNSOLVABLE)
    first_expected = (None if verdict == Status.TIMEOUT and not found
                      else "SAT" if found else "UNSAT")
    second_expected = (None if verdict == Status.TIMEOUT
                       else "SAT" if verdict == Status.MULTIPLE else "UNSAT")
    base = [[u] for u in units] + cuts
    facts = {"units": len(units), "cuts": len(cuts), "variables": encoding.n_vars,
             "complete": encoding.acyclic}
    note = (f"satlink instance {{kind}}: the CNF the uniqueness check solves, with the forced "
            f"moves as {len(units)} unit clauses and the {len(cuts)} cycle cuts its search "
            "added{tail}")
    first = list(dimacs_lines(encoding, names, base, [
        note.format(kind="first", tail=""), f"expected {_word(first_expected)}"]))
    second = None
    if block:
        second = list(dimacs_lines(encoding, names, base + block, [
            note.format(kind="second", tail="; the last clause blocks the first solution's "
                                            "edge set"),
            f"expected {_word(second_expected)}"]))
    return Exported(str(verdict), outcome, first, second,
                    {**facts, "first_expected": first_expected,
                     "second_expected": second_expected,
                     "first_clauses": encoding.n_clauses + len(base),
                     "second_clauses": encoding.n_clauses + len(base) + 1})


def _word(expected: str | None) -> str:
    return {"SAT": "SATISFIABLE", "UNSAT": "UNSATISFIABLE"}.get(expected or "",
                                                               "UNKNOWN (the search timed out)")


def instance_stem(family: str, path: str, index: int) -> str:
    """``FAMILY/FILE/INDEX``, the stable name of a board's instances."""
    name = Path(path).name
    stem = Path(name).stem if Path(name).suffix in (".txt", ".json", ".jsonl", ".cnf") else name
    return f"{family}/{stem}/{index}"


@dataclass
class Manifest:
    """The instances written so far, and how to write them down."""

    method: Method
    presolve: bool
    search: SearchLimits = SearchLimits()
    instances: list[dict] = field(default_factory=list)

    def add(self, row: dict) -> None:
        self.instances.append(row)

    def as_dict(self) -> dict:
        return {"manifest_version": MANIFEST_VERSION, "satlink": __version__,
                "created": datetime.now(timezone.utc).isoformat(timespec="seconds"),
                "command": sys.argv, "encoding": self.method.encoding, "card": self.method.card,
                "lemmas": self.method.lemmas, "presolve": self.presolve,
                **self.search.as_dict(), "instances": self.instances}

    def csv_text(self) -> str:
        buffer = io.StringIO()
        writer = csv.DictWriter(buffer, fieldnames=CSV_FIELDS, extrasaction="ignore")
        writer.writeheader()
        writer.writerows(self.instances)
        return buffer.getvalue()

    def write(self, directory: Path) -> None:
        (directory / "manifest.json").write_text(json.dumps(self.as_dict(), indent=1) + "\n",
                                                 encoding="utf-8")
        (directory / "manifest.csv").write_text(self.csv_text(), encoding="utf-8")


def manifest_rows(stem: str, source: str, index: int, board: Board, profile: Rules,
                  method: Method, exported: Exported, lemmas: tuple[str, ...]) -> list[dict]:
    """The manifest's rows for one board: one per instance written, or one ``decided`` row."""
    family, file, _ = stem.split("/")
    common = {"family": family, "file": file, "index": index, "source": source,
              "width": board.width, "height": board.height, "labels": len(board.labels),
              "board": list(board.rows), "rules": str(profile), "encoding": method.encoding,
              "card": method.card, "lemmas": ",".join(lemmas) or "none",
              "verdict": exported.verdict, "presolve": exported.presolve}
    facts = exported.facts
    if exported.first is None:
        return [{"name": stem, "path": None, "kind": "decided", "expected": None, **common}]
    rows = []
    for kind, lines in (("first", exported.first), ("second", exported.second)):
        if lines is None:
            continue
        rows.append({"name": f"{stem}.{kind}", "path": f"{stem}.{kind}.cnf", "kind": kind,
                     "expected": facts[f"{kind}_expected"], **common,
                     "complete": facts["complete"], "units": facts["units"],
                     "cuts": facts["cuts"], "variables": facts["variables"],
                     "clauses": facts[f"{kind}_clauses"]})
    return rows
