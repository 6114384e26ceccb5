"""The SQLite catalogue: every accepted puzzle once, and where each run stopped.

A puzzle and the run's next attempt number are written in one transaction, so a run killed
at any moment resumes (same command) without losing or duplicating a puzzle; the canonical
hash is UNIQUE, so a rotated/reflected/relabelled copy is never stored twice.  A variant's
geometry (hexagonal cells, warps, walls, bridges) is stored as the JSON object of
:func:`satlink.geometry.geometry_to_json` in ``geometry`` ('' for the plain board; holes are
``#`` in the grid).  The solver effort of each puzzle is the ``effort`` column (``difficulty``
in catalogues written before record version 3: renamed the first time this version writes
to one, read under either name); the human grade is in the stored quality (``stats``).
Opening the file, and refusing one that is not a catalogue, is
:mod:`satlink.generate.catalogue_file`'s job.
"""

from __future__ import annotations

import json
import time
from dataclasses import dataclass

from satlink.generate.catalogue_file import CatalogueError, open_catalogue_db, puzzles_table
from satlink.generate.catalogue_schema import RENAMED_REASONS, same_run
from satlink.generate.params import Params
from satlink.generate.pipeline import Attempt
from satlink.generate.where import Where, WhereError, parse_where
from satlink.quality.figures import upgrade_quality

__all__ = ["Catalogue", "CatalogueError", "RunState", "Where", "WhereError", "parse_where"]

STUDIO_RUN = "studio"
"""The ``run`` of puzzles a designer saved from ``satlink studio`` (:meth:`Catalogue.add`)."""


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
    a file that cannot be used raises :class:`CatalogueError` naming it
    (:func:`satlink.generate.catalogue_file.open_catalogue_db`)."""

    def __init__(self, path: str, readonly: bool = False):
        self.db = open_catalogue_db(path, readonly)

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
        unique under ``rules``; ``quality`` holds its figures (:func:`satlink.quality.figures.quality`).
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
            f"SELECT grid, solution, rules, stats, hash, geometry, id FROM {puzzles_table(self.db)} "
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
