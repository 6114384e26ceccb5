"""Opening a catalogue file: connecting, giving a new file the schema, refusing what is not
a satlink catalogue (a foreign database, a FIFO, a folder, a read-only file asked to be
written), and bringing an older catalogue's columns up to date.

Kept apart from :mod:`satlink.generate.catalogue`, which reads and writes the puzzles and
runs: every refusal of a file that cannot be used is made here, once, before any puzzle is
read, so a run never fails midway on a file it should have refused.
"""

from __future__ import annotations

import os
import sqlite3
import urllib.parse
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from satlink.generate.catalogue_schema import MIGRATIONS, SCHEMA

BUSY_SECONDS = 30.0  # how long a write waits for another process's transaction on the file


class CatalogueError(ValueError):
    """A --db file that is not a satlink catalogue."""


def open_catalogue_db(path: str, readonly: bool = False) -> sqlite3.Connection:
    """The connection to the catalogue at ``path`` (``:memory:`` for one in memory), checked:
    its tables and columns are satlink's, an older one migrated, a writable one writable.
    ``readonly``: nothing is created or written; an old catalogue keeps its old columns
    (read through :func:`puzzles_table`).  A file that cannot be used is a
    :class:`CatalogueError` naming it."""
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
            db = sqlite3.connect(uri, uri=True, timeout=BUSY_SECONDS)
        else:
            db = sqlite3.connect(path, timeout=BUSY_SECONDS)
    except sqlite3.Error as exc:
        raise CatalogueError(f"{path}: cannot open the catalogue ({exc})") from None
    try:
        if not readonly:
            _create_if_empty(db)
        if not readonly and _is_puzzle_catalogue(db):
            _migrate(db)
        _check_schema(db, optional=set() if not readonly else {c for c, _ in MIGRATIONS})
        if not readonly and not memory:
            _check_writable(db)
    except sqlite3.Error as exc:
        db.close()
        raise CatalogueError(f"{path}: not a satlink catalogue ({exc})") from None
    except CatalogueError as exc:
        db.close()
        raise CatalogueError(f"{path}: {exc}") from None
    return db


@contextmanager
def _write_transaction(db: sqlite3.Connection) -> Iterator[None]:
    """One write transaction, taken before looking (``BEGIN IMMEDIATE`` waits up to
    :data:`BUSY_SECONDS` for another process's): committed when the block ends, rolled back
    when it raises, even on Ctrl-C."""
    db.execute("BEGIN IMMEDIATE")
    try:
        yield
        db.commit()
    except BaseException:
        db.rollback()
        raise


def _create_if_empty(db: sqlite3.Connection) -> None:
    """Give a new (or empty) file the schema; never add tables to a foreign database.
    Looking and creating are one write transaction: two runs started together on one new
    file would otherwise both see it empty, or one would see it half made (``puzzles``
    without ``runs``) and refuse it as not a catalogue."""
    with _write_transaction(db):
        if not db.execute("SELECT COUNT(*) FROM sqlite_master").fetchone()[0]:
            for statement in SCHEMA.split(";"):
                if statement.strip():
                    db.execute(statement)


def _is_puzzle_catalogue(db: sqlite3.Connection) -> bool:
    """Has the ``puzzles`` table with its first columns (an older satlink catalogue that
    only lacks columns added since, which :func:`_migrate` adds)."""
    have = {row[1] for row in db.execute("PRAGMA table_info(puzzles)")}
    return {"hash", "grid"} <= have


def _check_schema(db: sqlite3.Connection, optional: set[str] = frozenset()) -> None:
    """Every table and column satlink uses is there (a foreign database with a
    ``puzzles`` table of its own would otherwise fail later, mid-run).  ``optional``:
    migrated columns an old catalogue opened read-only may lack (read as their default)."""
    expected = sqlite3.connect(":memory:")
    expected.executescript(SCHEMA)
    for (table,) in expected.execute("SELECT name FROM sqlite_master WHERE type = 'table'"):
        want = [row[1] for row in expected.execute(f"PRAGMA table_info({table})")]
        have = {row[1] for row in db.execute(f"PRAGMA table_info({table})")}
        if not have:
            raise CatalogueError(f"not a satlink catalogue (no table {table!r})")
        missing = [column for column in want if column not in have and column not in optional]
        if missing:
            raise CatalogueError(f"not a satlink catalogue (table {table!r} has no column "
                                 f"{', '.join(map(repr, missing))})")
    expected.close()


def _check_writable(db: sqlite3.Connection) -> None:
    """Write (and roll back) the header now, so a read-only file is refused up front."""
    try:
        db.execute("BEGIN IMMEDIATE")
        (version,) = db.execute("PRAGMA user_version").fetchone()
        db.execute(f"PRAGMA user_version = {int(version)}")
    except sqlite3.OperationalError as exc:
        raise CatalogueError(f"cannot write the catalogue ({exc})") from None
    finally:
        db.rollback()


def _migrate(db: sqlite3.Connection) -> None:
    """Add or rename what :data:`MIGRATIONS` lists, looking and changing in one write
    transaction: two runs opening one old catalogue together must not both rename a
    column (the second would find it gone)."""
    have = {row[1] for row in db.execute("PRAGMA table_info(puzzles)")}
    if all(column in have for column, _ in MIGRATIONS):
        return
    with _write_transaction(db):
        have = {row[1] for row in db.execute("PRAGMA table_info(puzzles)")}
        for column, sql in MIGRATIONS:
            if column not in have:
                db.execute(sql)


def puzzles_table(db: sqlite3.Connection) -> str:
    """``puzzles``, or for an old catalogue opened read-only, a view of it with the
    columns added or renamed since (:data:`MIGRATIONS`) under their present names."""
    have = {row[1] for row in db.execute("PRAGMA table_info(puzzles)")}
    extra = []
    if "geometry" not in have:
        extra.append("'' AS geometry")
    if "effort" not in have:
        extra.append("difficulty AS effort")
    return f"(SELECT *, {', '.join(extra)} FROM puzzles)" if extra else "puzzles"
