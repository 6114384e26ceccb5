"""The SQLite catalogue: every accepted puzzle once, and where each run stopped.

A puzzle and the run's next attempt number are written in one transaction, so a run killed
at any moment resumes (same command) without losing or duplicating a puzzle; the canonical
hash is UNIQUE, so a rotated/reflected/relabelled copy is never stored twice.
"""

from __future__ import annotations

import json
import re
import sqlite3
import time
from dataclasses import dataclass

from satlink.generate.params import Params
from satlink.generate.pipeline import Attempt

SCHEMA = """
CREATE TABLE IF NOT EXISTS puzzles (
    id INTEGER PRIMARY KEY,
    hash TEXT UNIQUE NOT NULL,
    width INTEGER NOT NULL, height INTEGER NOT NULL,
    colours INTEGER NOT NULL, solids INTEGER NOT NULL,
    rules TEXT NOT NULL, difficulty REAL NOT NULL,
    grid TEXT NOT NULL, solution TEXT NOT NULL, stats TEXT NOT NULL,
    run TEXT NOT NULL, attempt INTEGER NOT NULL, created REAL NOT NULL
);
CREATE TABLE IF NOT EXISTS runs (
    run TEXT PRIMARY KEY, params TEXT NOT NULL,
    next_attempt INTEGER NOT NULL DEFAULT 0,
    accepted INTEGER NOT NULL DEFAULT 0, duplicates INTEGER NOT NULL DEFAULT 0,
    rejected TEXT NOT NULL DEFAULT '{}'
);
"""

BUSY_SECONDS = 30.0  # how long a write waits for another process's transaction on the file

FIELDS = {"width": "width", "height": "height", "colours": "colours", "colors": "colours",
          "solids": "solids", "difficulty": "difficulty", "rules": "rules", "attempt": "attempt"}


class WhereError(ValueError):
    """An export filter that cannot be understood."""


class CatalogueError(ValueError):
    """A --db file that is not a satlink catalogue."""


@dataclass
class RunState:
    next_attempt: int
    accepted: int
    duplicates: int
    rejected: dict[str, int]


class Catalogue:
    def __init__(self, path: str):
        self.db = sqlite3.connect(path, timeout=BUSY_SECONDS)
        try:
            self.db.executescript(SCHEMA)
        except sqlite3.DatabaseError as exc:
            self.db.close()
            raise CatalogueError(f"{path}: not a satlink catalogue ({exc})") from None

    def close(self) -> None:
        self.db.close()

    def start(self, params: Params) -> RunState:
        key = params.key()
        self.db.execute("INSERT OR IGNORE INTO runs (run, params) VALUES (?, ?)",
                        (key, json.dumps(params.as_dict(), sort_keys=True)))
        self.db.commit()
        return self.state(params)

    def state(self, params: Params) -> RunState:
        row = self.db.execute("SELECT next_attempt, accepted, duplicates, rejected FROM runs "
                              "WHERE run = ?", (params.key(),)).fetchone()
        return RunState(row[0], row[1], row[2], json.loads(row[3]))

    def record(self, params: Params, result: Attempt, canonical: str | None,
               count: int | None = None) -> str:
        """Store one attempt's outcome atomically; returns 'accepted', 'duplicate' or 'rejected',
        or 'skipped' when another run on this catalogue has already recorded this attempt or
        the run already holds ``count`` puzzles (decided in the same transaction, so two
        processes filling one run store ``count`` puzzles, not twice as many)."""
        key = params.key()
        outcome = "rejected"
        with self.db:
            self.db.execute("BEGIN IMMEDIATE")  # the state read below holds until the commit
            state = self.state(params)
            if result.number < state.next_attempt or (count is not None
                                                      and state.accepted >= count):
                return "skipped"
            if result.accepted:
                cursor = self.db.execute(
                    "INSERT OR IGNORE INTO puzzles (hash, width, height, colours, solids, rules, "
                    "difficulty, grid, solution, stats, run, attempt, created) "
                    "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                    (canonical, params.width, params.height, result.quality["colours"],
                     result.quality["solids"], params.rules, result.quality["difficulty"],
                     "\n".join(result.rows), json.dumps(result.solution), json.dumps(result.quality),
                     key, result.number, time.time()))
                outcome = "accepted" if cursor.rowcount else "duplicate"
            else:
                state.rejected[result.reason] = state.rejected.get(result.reason, 0) + 1
            self.db.execute(
                "UPDATE runs SET next_attempt = ?, accepted = accepted + ?, "
                "duplicates = duplicates + ?, rejected = ? WHERE run = ?",
                (result.number + 1, outcome == "accepted", outcome == "duplicate",
                 json.dumps(state.rejected, sort_keys=True), key))
        return outcome

    def puzzles(self, where: str | None = None, run: str | None = None,
                order: str = "difficulty") -> list[dict]:
        clause, args = parse_where(where)
        if run is not None:
            clause = f"({clause}) AND run = ?"
            args.append(run)
        order_by = "difficulty, id" if order == "difficulty" else "attempt, id"
        rows = self.db.execute(
            f"SELECT grid, solution, rules, stats, hash FROM puzzles WHERE {clause} "
            f"ORDER BY {order_by}", args).fetchall()
        return [{"grid": g.split("\n"), "solution": json.loads(s), "rules": r,
                 "quality": json.loads(st), "hash": h} for g, s, r, st, h in rows]


def parse_where(text: str | None) -> tuple[str, list]:
    """``size=10x10 and difficulty>0.5`` -> SQL with parameters (never string-pasted values)."""
    if not text or not text.strip():
        return "1", []
    parts, args = [], []
    for cond in re.split(r"\s+and\s+", text.strip(), flags=re.IGNORECASE):
        match = re.fullmatch(r"\s*(\w+)\s*(<=|>=|!=|=|<|>)\s*(\S+)\s*", cond)
        if not match:
            raise WhereError(f"cannot read condition {cond!r} (use e.g. size=10x10, difficulty>0.5)")
        name, op, value = match.groups()
        name = name.lower()
        if name == "size":
            size = re.fullmatch(r"(\d+)[xX](\d+)", value)
            if not size or op not in ("=", "!="):
                raise WhereError(f"size takes = or != and WxH, not {cond!r}")
            parts.append("(width = ? AND height = ?)" if op == "=" else "NOT (width = ? AND height = ?)")
            args += [int(size.group(1)), int(size.group(2))]
            continue
        if name not in FIELDS:
            raise WhereError(f"unknown field {name!r} (known: size, {', '.join(sorted(set(FIELDS)))})")
        parts.append(f"{FIELDS[name]} {op} ?")
        args.append(value if name == "rules" else float(value))
    return " AND ".join(parts), args
