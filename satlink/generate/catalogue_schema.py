"""The catalogue's tables, and how catalogues written by earlier versions are read:
columns added or renamed since, rejection reasons and run parameters renamed since."""

from __future__ import annotations

import json

from satlink.generate.params import STORED_NAMES, Params

SCHEMA = """
CREATE TABLE IF NOT EXISTS puzzles (
    id INTEGER PRIMARY KEY,
    hash TEXT UNIQUE NOT NULL,
    width INTEGER NOT NULL, height INTEGER NOT NULL,
    colours INTEGER NOT NULL, solids INTEGER NOT NULL,
    rules TEXT NOT NULL, effort REAL NOT NULL,
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


MIGRATIONS = (
    # (column, how it is added to a catalogue written before it existed)
    ("geometry", "ALTER TABLE puzzles ADD COLUMN geometry TEXT NOT NULL DEFAULT ''"),
    ("effort", "ALTER TABLE puzzles RENAME COLUMN difficulty TO effort"),
)
"""Columns added or renamed since the first catalogues: an old file gets them (with the value
every puzzle it holds has) the first time this version opens it for writing, in one
transaction; read-only, they are read under their old names
(:func:`satlink.generate.catalogue_file.puzzles_table`)."""


RENAMED_REASONS = {"difficulty": "grade"}
"""Rejection reasons counted under an earlier name -> the name they are counted under now."""


RENAMED_PARAMS = STORED_NAMES
"""Stored run parameters under their old names -> the :class:`Params` fields they became
(declared on the fields, which the run keys still name so)."""


def same_run(stored: dict, mine: dict) -> bool:
    """Whether stored run parameters are ``mine`` (both without the seed); fields added to
    :class:`Params` since the stored run was written count as their defaults, fields renamed
    since are read under their new names."""
    defaults = json.loads(json.dumps(
        Params(width=1, height=1, colours_min=1, colours_max=1).as_dict()))
    stored = {RENAMED_PARAMS.get(name, name): value for name, value in stored.items()}
    return all(stored.get(name, defaults.get(name)) == value for name, value in mine.items())
