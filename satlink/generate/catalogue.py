"""The SQLite catalogue: every accepted puzzle once, and where each run stopped.

A puzzle and the run's next attempt number are written in one transaction, so a run killed
at any moment resumes (same command) without losing or duplicating a puzzle; the canonical
hash is UNIQUE, so a rotated/reflected/relabelled copy is never stored twice.  A variant's
geometry (hexagonal cells, warps, walls, bridges) is stored as the JSON object of
:func:`satlink.geometry.geometry_to_json` in ``geometry`` ('' for the plain board; holes are
``#`` in the grid).
"""

from __future__ import annotations

import json
import os
import re
import sqlite3
import time
import urllib.parse
from dataclasses import dataclass
from pathlib import Path

from satlink.generate.params import Params
from satlink.generate.pipeline import Attempt
from satlink.rules import RulesError, parse_rules

SCHEMA = """
CREATE TABLE IF NOT EXISTS puzzles (
    id INTEGER PRIMARY KEY,
    hash TEXT UNIQUE NOT NULL,
    width INTEGER NOT NULL, height INTEGER NOT NULL,
    colours INTEGER NOT NULL, solids INTEGER NOT NULL,
    rules TEXT NOT NULL, difficulty REAL NOT NULL,
    grid TEXT NOT NULL, solution TEXT NOT NULL, stats TEXT NOT NULL,
    run TEXT NOT NULL, attempt INTEGER NOT NULL, created REAL NOT NULL,
    geometry TEXT NOT NULL DEFAULT ''
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
          "solids": "solids", "difficulty": "difficulty", "rules": "rules", "attempt": "attempt",
          "variant": "(geometry != '')"}


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


MIGRATIONS = (
    # (column, how it is added to a catalogue written before it existed)
    ("geometry", "ALTER TABLE puzzles ADD COLUMN geometry TEXT NOT NULL DEFAULT ''"),
)
"""Columns added since the first catalogues: an old file gets them (with the value every
puzzle it holds has) the first time this version opens it, in one transaction."""


class Catalogue:
    """``readonly``: open an existing catalogue for reading (``export``); nothing is created
    or written.  Otherwise the file is created if missing and must be writable.  Either way
    a file that cannot be used raises :class:`CatalogueError` naming it."""

    def __init__(self, path: str, readonly: bool = False):
        memory = path == ":memory:"
        folder = Path(path).parent
        if not memory and not folder.is_dir():
            raise CatalogueError(f"{path}: cannot open the catalogue: folder {folder} does not "
                                 "exist")
        if not memory and os.path.exists(path) and not os.path.isfile(path):
            # SQLite would block on a FIFO until a writer comes, or read a device forever
            from satlink.formats import FILE_KINDS

            mode = os.stat(path).st_mode
            kind = next((name for test, name, _ in FILE_KINDS if test(mode)), "something else")
            raise CatalogueError(f"{path}: cannot open the catalogue: it is {kind}, not a "
                                 "regular file")
        try:
            if readonly:  # mode=ro: a missing or empty file is not turned into a database
                uri = "file:" + urllib.parse.quote(os.path.abspath(path)) + "?mode=ro"
                self.db = sqlite3.connect(uri, uri=True, timeout=BUSY_SECONDS)
            else:
                self.db = sqlite3.connect(path, timeout=BUSY_SECONDS)
        except sqlite3.Error as exc:
            raise CatalogueError(f"{path}: cannot open the catalogue ({exc})") from None
        try:
            if not readonly:
                self._create_if_empty()
            if not readonly and self._is_puzzle_catalogue():
                self._migrate()
            self._check_schema(optional=set() if not readonly else {c for c, _ in MIGRATIONS})
            if not readonly and not memory:
                self._check_writable()
        except sqlite3.Error as exc:
            self.db.close()
            raise CatalogueError(f"{path}: not a satlink catalogue ({exc})") from None
        except CatalogueError as exc:
            self.db.close()
            raise CatalogueError(f"{path}: {exc}") from None

    def _create_if_empty(self) -> None:
        """Give a new (or empty) file the schema; never add tables to a foreign database.
        Looking and creating are one write transaction: two runs started together on one new
        file would otherwise both see it empty, or one would see it half made (``puzzles``
        without ``runs``) and refuse it as not a catalogue."""
        self.db.execute("BEGIN IMMEDIATE")  # waits (up to BUSY_SECONDS) for the other run
        try:
            if not self.db.execute("SELECT COUNT(*) FROM sqlite_master").fetchone()[0]:
                for statement in SCHEMA.split(";"):
                    if statement.strip():
                        self.db.execute(statement)
            self.db.commit()
        except BaseException:
            self.db.rollback()
            raise

    def _is_puzzle_catalogue(self) -> bool:
        """Has the ``puzzles`` table with its first columns (an older satlink catalogue that
        only lacks columns added since, which :meth:`_migrate` adds)."""
        have = {row[1] for row in self.db.execute("PRAGMA table_info(puzzles)")}
        return {"hash", "grid"} <= have

    def _check_schema(self, optional: set[str] = frozenset()) -> None:
        """Every table and column satlink uses is there (a foreign database with a
        ``puzzles`` table of its own would otherwise fail later, mid-run).  ``optional``:
        migrated columns an old catalogue opened read-only may lack (read as their default)."""
        expected = sqlite3.connect(":memory:")
        expected.executescript(SCHEMA)
        for (table,) in expected.execute("SELECT name FROM sqlite_master WHERE type = 'table'"):
            want = [row[1] for row in expected.execute(f"PRAGMA table_info({table})")]
            have = {row[1] for row in self.db.execute(f"PRAGMA table_info({table})")}
            if not have:
                raise CatalogueError(f"not a satlink catalogue (no table {table!r})")
            missing = [column for column in want if column not in have and column not in optional]
            if missing:
                raise CatalogueError(f"not a satlink catalogue (table {table!r} has no column "
                                     f"{', '.join(map(repr, missing))})")
        expected.close()

    def _check_writable(self) -> None:
        """Write (and roll back) the header now, so a read-only file is refused up front."""
        try:
            self.db.execute("BEGIN IMMEDIATE")
            (version,) = self.db.execute("PRAGMA user_version").fetchone()
            self.db.execute(f"PRAGMA user_version = {int(version)}")
        except sqlite3.OperationalError as exc:
            raise CatalogueError(f"cannot write the catalogue ({exc})") from None
        finally:
            self.db.rollback()

    def _migrate(self) -> None:
        have = {row[1] for row in self.db.execute("PRAGMA table_info(puzzles)")}
        missing = [sql for column, sql in MIGRATIONS if column not in have]
        if missing:
            with self.db:
                for sql in missing:
                    self.db.execute(sql)

    def close(self) -> None:
        self.db.close()

    def start(self, params: Params) -> RunState:
        key = params.key()
        self.db.execute("INSERT OR IGNORE INTO runs (run, params) VALUES (?, ?)",
                        (key, json.dumps(params.as_dict(), sort_keys=True)))
        self.db.commit()
        return self.state(params)

    def seeds_like(self, params: Params) -> list[tuple[int, int]]:
        """(seed, puzzles stored) of the runs with the same parameters as ``params`` but
        another seed, most puzzles first: a run started without ``--seed`` draws a new seed,
        so resuming one of these needs its seed named."""
        mine = json.loads(json.dumps(params.as_dict(), sort_keys=True))
        mine.pop("seed")
        out = []
        for stored, accepted in self.db.execute("SELECT params, accepted FROM runs"):
            try:
                other = json.loads(stored)
            except ValueError:
                continue
            seed = other.pop("seed", None) if isinstance(other, dict) else None
            if isinstance(seed, int) and seed != params.seed and _same_run(other, mine):
                out.append((seed, accepted))
        return sorted(out, key=lambda item: -item[1])

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
                    "difficulty, grid, solution, stats, run, attempt, created, geometry) "
                    "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                    (canonical, params.width, params.height, result.quality["colours"],
                     result.quality["solids"], params.rules, result.quality["difficulty"],
                     "\n".join(result.rows), json.dumps(result.solution), json.dumps(result.quality),
                     key, result.number, time.time(),
                     json.dumps(result.geometry, sort_keys=True) if result.geometry else ""))
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
        """Puzzles matching ``where`` (and of run ``run``), ordered by ``order``:
        ``difficulty`` (solver effort), ``grade`` (human grade, then solver effort) or
        ``attempt``."""
        clause, args = parse_where(where)
        if run is not None:
            clause = f"({clause}) AND run = ?"
            args.append(run)
        order_by = "attempt, id" if order == "attempt" else "difficulty, id"
        have = {row[1] for row in self.db.execute("PRAGMA table_info(puzzles)")}
        geometry = "geometry" if "geometry" in have else "''"  # an old catalogue read-only
        rows = self.db.execute(
            f"SELECT grid, solution, rules, stats, hash, {geometry} FROM puzzles WHERE {clause} "
            f"ORDER BY {order_by}", args).fetchall()
        found = [{"grid": g.split("\n"), "solution": json.loads(s), "rules": r,
                  "quality": json.loads(st), "hash": h, "geometry": json.loads(geo) if geo else None}
                 for g, s, r, st, h, geo in rows]
        if order == "grade":  # the human grade (stored in quality, or graded now), then as above
            from satlink.generate.bands import grade_key

            found.sort(key=grade_key)
        return found


def _same_run(stored: dict, mine: dict) -> bool:
    """Whether stored run parameters are ``mine`` (both without the seed); fields added to
    :class:`Params` since the stored run was written count as their defaults."""
    defaults = json.loads(json.dumps(Params(1, 1, 1, 1).as_dict()))
    return all(stored.get(name, defaults.get(name)) == value for name, value in mine.items())


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
            args += [_whole(size.group(1), name, cond), _whole(size.group(2), name, cond)]
            continue
        if name not in FIELDS:
            raise WhereError(f"unknown field {name!r} (known: size, {', '.join(sorted(set(FIELDS)))})")
        parts.append(f"{FIELDS[name]} {op} ?")
        args.append(_where_value(name, op, value, cond))
    return " AND ".join(parts), args


WHOLE = re.compile(r"[+-]?\d+")
DECIMAL = re.compile(r"[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?")


def _where_value(name: str, op: str, value: str, cond: str) -> int | float | str:
    """The value of one condition, checked against its field: whole numbers for counts and
    sizes, a decimal number for difficulty, a profile or rule list for rules (compared in
    the canonical form the catalogue stores: ``flow`` finds ``fill,notouch``)."""
    if name == "rules":
        if op not in ("=", "!="):
            raise WhereError(f"rules takes = or != and a profile, not {cond!r}")
        try:
            return str(parse_rules(value))
        except RulesError as exc:
            raise WhereError(f"{cond!r}: {exc}") from None
    if name == "difficulty":
        if not DECIMAL.fullmatch(value):
            raise WhereError(f"difficulty takes a number such as 0.5, not {value!r} in {cond!r}")
        return float(value)
    if not WHOLE.fullmatch(value):
        raise WhereError(f"{name} takes a whole number such as 10, not {value!r} in {cond!r}")
    return _whole(value, name, cond)


SQL_INTEGER = 2**63  # SQLite integers are 64-bit: a larger one cannot even be compared


def _whole(digits: str, name: str, cond: str) -> int:
    """``digits`` as an integer SQLite can take, or a :class:`WhereError` naming the condition
    (checked on the text first: ``int()`` refuses more than 4,300 digits)."""
    if len(digits.lstrip("+-").lstrip("0")) > 19 or not -SQL_INTEGER <= int(digits) < SQL_INTEGER:
        shown = cond if len(cond) <= 60 else cond[:60] + "..."
        raise WhereError(f"{name} takes a whole number below 2**63, not one of "
                         f"{len(digits.lstrip('+-'))} digits in {shown!r}")
    return int(digits)
