"""The SQLite catalogue: every accepted puzzle once, and where each run stopped.

A puzzle and the run's next attempt number are written in one transaction, so a run killed
at any moment resumes (same command) without losing or duplicating a puzzle; the canonical
hash is UNIQUE, so a rotated/reflected/relabelled copy is never stored twice.  A variant's
geometry (hexagonal cells, warps, walls, bridges) is stored as the JSON object of
:func:`satlink.geometry.geometry_to_json` in ``geometry`` ('' for the plain board; holes are
``#`` in the grid).  The solver effort of each puzzle is the ``effort`` column (``difficulty``
in catalogues written before record version 3: renamed the first time this version writes
to one, read under either name); the human grade is in the stored quality (``stats``).
"""

from __future__ import annotations

import json
import os
import sqlite3
import time
import urllib.parse
from dataclasses import dataclass
from pathlib import Path

from satlink.generate.catalogue_schema import (
    MIGRATIONS,
    RENAMED_REASONS,
    SCHEMA,
    same_run,
)
from satlink.generate.params import Params
from satlink.generate.pipeline import Attempt
from satlink.generate.where import Where, WhereError, parse_where
from satlink.quality import upgrade_quality

__all__ = ["Catalogue", "CatalogueError", "RunState", "Where", "WhereError", "parse_where"]

BUSY_SECONDS = 30.0  # how long a write waits for another process's transaction on the file
STUDIO_RUN = "studio"
"""The ``run`` of puzzles a designer saved from ``satlink studio`` (:meth:`Catalogue.add`)."""

class CatalogueError(ValueError):
    """A --db file that is not a satlink catalogue."""


def _stored_json(text: str, puzzle: int, column: str):
    """A JSON column of a stored puzzle; a damaged one (edited by hand, a foreign tool) is a
    :class:`CatalogueError` naming the puzzle, not a JSONDecodeError or RecursionError."""
    try:
        value = json.loads(text)
    except (ValueError, RecursionError) as exc:
        reason = "nested too deeply" if isinstance(exc, RecursionError) else str(exc)
        raise CatalogueError(f"puzzle {puzzle}: its {column} is damaged ({reason})") from None
    if column == "stats" and not isinstance(value, dict):
        raise CatalogueError(f"puzzle {puzzle}: its {column} is damaged (not a JSON object)")
    return value


@dataclass
class RunState:
    next_attempt: int
    accepted: int
    duplicates: int
    rejected: dict[str, int]


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
            from satlink.formats.registry import FILE_KINDS

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
        """Add or rename what :data:`MIGRATIONS` lists, looking and changing in one write
        transaction: two runs opening one old catalogue together must not both rename a
        column (the second would find it gone)."""
        have = {row[1] for row in self.db.execute("PRAGMA table_info(puzzles)")}
        if all(column in have for column, _ in MIGRATIONS):
            return
        self.db.execute("BEGIN IMMEDIATE")  # waits (up to BUSY_SECONDS) for the other run
        try:
            have = {row[1] for row in self.db.execute("PRAGMA table_info(puzzles)")}
            for column, sql in MIGRATIONS:
                if column not in have:
                    self.db.execute(sql)
            self.db.commit()
        except BaseException:
            self.db.rollback()
            raise

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
            if isinstance(seed, int) and seed != params.seed and same_run(other, mine):
                out.append((seed, accepted))
        return sorted(out, key=lambda item: -item[1])

    def state(self, params: Params) -> RunState:
        row = self.db.execute("SELECT next_attempt, accepted, duplicates, rejected FROM runs "
                              "WHERE run = ?", (params.key(),)).fetchone()
        rejected = json.loads(row[3])
        for old, new in RENAMED_REASONS.items():  # counted under an earlier name
            if old in rejected:
                rejected[new] = rejected.get(new, 0) + rejected.pop(old)
        return RunState(row[0], row[1], row[2], rejected)

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
                    "effort, grid, solution, stats, run, attempt, created, geometry) "
                    "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                    (canonical, params.width, params.height, result.quality["colours"],
                     result.quality["solids"], str(params.rules), result.quality["effort"],
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

    def add(self, board, solution, rules, quality: dict, run: str = STUDIO_RUN) -> str:
        """Store one puzzle made outside a generator run (a designer's, saved from the
        studio): 'accepted', or 'duplicate' when the catalogue already holds it up to
        rotation, reflection and relabelling (the canonical hash).  The caller has proven it
        unique under ``rules``; ``quality`` holds its figures (:func:`satlink.quality.quality`).
        It is filed under ``run`` (no row in ``runs``: no generator can resume it), numbered
        after the run's last puzzle."""
        from satlink.canonical import canonical_hash
        from satlink.geometry import geometry_to_json

        geometry = ("" if board.geometry.is_plain else
                    json.dumps(geometry_to_json(board.geometry, board.width), sort_keys=True))
        with self.db:
            self.db.execute("BEGIN IMMEDIATE")  # the number below holds until the commit
            number = self.db.execute("SELECT COALESCE(MAX(attempt) + 1, 0) FROM puzzles "
                                     "WHERE run = ?", (run,)).fetchone()[0]
            cursor = self.db.execute(
                "INSERT OR IGNORE INTO puzzles (hash, width, height, colours, solids, rules, "
                "effort, grid, solution, stats, run, attempt, created, geometry) "
                "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (canonical_hash(board), board.width, board.height, quality["colours"],
                 quality["solids"], str(rules), quality["effort"], "\n".join(board.rows),
                 json.dumps(solution.to_coords(board)), json.dumps(quality), run, number,
                 time.time(), geometry))
        return "accepted" if cursor.rowcount else "duplicate"

    def puzzles(self, where: str | Where | None = None, run: str | None = None,
                order: str = "effort") -> list[dict]:
        """Puzzles matching ``where`` (and of run ``run``), ordered by ``order``:
        ``effort`` (solver effort), ``grade`` (human grade, then solver effort) or
        ``attempt``.  Conditions on the grade are tested on the stored grade, or on one
        graded now for puzzles stored before grades existed."""
        chosen = where if isinstance(where, Where) else parse_where(where)
        clause, args = chosen.clause, list(chosen.args)
        if run is not None:
            clause = f"({clause}) AND run = ?"
            args.append(run)
        order_by = "attempt, id" if order == "attempt" else "effort, id"
        rows = self.db.execute(
            f"SELECT grid, solution, rules, stats, hash, geometry, id FROM {self._table()} "
            f"WHERE {clause} ORDER BY {order_by}", args).fetchall()
        found = [{"grid": g.split("\n"), "solution": _stored_json(s, i, "solution"), "rules": r,
                  "quality": upgrade_quality(_stored_json(st, i, "stats")), "hash": h,
                  "geometry": _stored_json(geo, i, "geometry") if geo else None}
                 for g, s, r, st, h, geo, i in rows]
        if order == "grade" or chosen.grade:
            from satlink.generate.ordering import order_key, row_grade

            graded = [(row, row_grade(row)) for row in found]
            graded = [(row, g) for row, g in graded if chosen.admits(g)]
            if order == "grade":  # the human grade, then as above
                graded.sort(key=lambda pair: order_key(pair[1], pair[0]["quality"]))
            found = [row for row, _ in graded]
        return found

    def _table(self) -> str:
        """``puzzles``, or for an old catalogue opened read-only, a view of it with the
        columns added or renamed since (:data:`MIGRATIONS`) under their present names."""
        have = {row[1] for row in self.db.execute("PRAGMA table_info(puzzles)")}
        extra = []
        if "geometry" not in have:
            extra.append("'' AS geometry")
        if "effort" not in have:
            extra.append("difficulty AS effort")
        return f"(SELECT *, {', '.join(extra)} FROM puzzles)" if extra else "puzzles"

