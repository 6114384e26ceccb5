"""The tables the generator reads from ``satlink/data/``: figures a benchmark found (what
each board size reaches, the published levels' shares), kept as data with their provenance
(the command, commit, date and corpus of each measurement) rather than as literals in the
code, so that the benchmark that measures them can write them again (``--write-data``).

Each file is read once, on first use: ``satlink check`` never imports the generator, and
the generator reads a table only when it aims at or refuses something.
"""

from __future__ import annotations

from functools import cache


@cache
def table(name: str) -> dict:
    """The JSON data file ``satlink/data/<name>.json`` (package data, so an installed wheel
    has it too).  ``json`` and ``importlib.resources`` are imported here, on first use: the
    command line imports this module for ``--help`` too."""
    import json
    from importlib import resources

    return json.loads(resources.files("satlink").joinpath("data", f"{name}.json").read_text())
