"""Synthetic validation records for report tests: packs of any size without solving them.

Each board is W x H with one horizontal path per row (label at both ends), so its recorded
solution is known; the statuses cycle through every kind a real run produces, at rates like
those of a real pack with problems.
"""

from __future__ import annotations

import functools
import random

from satlink.board import label_for

SIZES = [(5, 5), (6, 6), (7, 7), (8, 8), (9, 9), (10, 10), (12, 12), (14, 14), (15, 15), (10, 7)]
PACKS = ["packs/easy/levels.txt", "packs/hard/levels.txt", "packs/daily.jsonl",
         "packs/bonus/week-1.txt", "packs/bonus/week-2.txt"]


@functools.cache
def stripe_board(width: int, height: int) -> tuple[list[str], dict[str, list[list[int]]]]:
    """Rows ``A...A``, ``B...B``, ...: the grid and its one solution (shared: read only)."""
    grid, solution = [], {}
    for r in range(height):
        label = label_for(r)
        grid.append(label + "." * (width - 2) + label)
        solution[label] = [[r, c] for c in range(width)]
    return grid, solution


def status_for(n: int) -> str:
    """About 6 % problems, every kind present in a pack of a few hundred boards."""
    for every, status in ((53, "multiple"), (97, "unsolvable"), (101, "invalid"),
                          (89, "duplicate-of"), (211, "timeout"), (149, "solution-mismatch"),
                          (307, "error")):
        if n % every == every - 1:
            return status
    return "unique"


def synthetic_records(count: int, seed: int = 1) -> list[dict]:
    """``count`` records as ``validate`` writes them, in pack order."""
    rng = random.Random(seed)
    records = []
    index = dict.fromkeys(PACKS, 0)
    first_of_size: dict[tuple[int, int], dict] = {}
    for n in range(count):
        source = PACKS[n * len(PACKS) // count]
        index[source] += 1
        width, height = SIZES[n % len(SIZES)]
        grid, solution = stripe_board(width, height)
        status = status_for(n)
        record = {"source": source, "index": index[source], "width": width, "height": height,
                  "labels": height, "rules": "fill,notouch", "status": status, "solutions": [],
                  "seconds": round(rng.uniform(0.002, 0.2), 6), "grid": grid, "version": 2,
                  "hash": f"{n:016x}"}
        if status in ("unique", "multiple", "solution-mismatch"):
            record["solutions"] = [solution]
            record["quality"] = {"colours": height, "effort": round(rng.uniform(0, 3), 4)}
        if status == "multiple":
            record["solutions"].append(solution)
            record["diff_cells"] = [[0, 1], [1, 1]]
        if status == "solution-mismatch":
            record["shipped_solution"] = {label: path[::2] for label, path in solution.items()}
            record["mismatch"] = [f"path {label_for(0)!r} jumps from (0, 0) to (0, 2)"]
        if status == "invalid":
            record.update(width=None, height=None, labels=None, grid=None,
                          error={"message": "label 'A' appears 3 times", "source": source,
                                 "board": index[source], "line": 3 * index[source], "column": 4})
        if status == "duplicate-of":
            first = first_of_size[width, height]
            record["duplicate_of"] = {"source": first["source"], "index": first["index"]}
        if status == "timeout":
            record["timed_out"] = True
        if status == "error":
            record["error"] = {"message": "worker died (killed by signal 9)"}
        first_of_size.setdefault((width, height), record)
        records.append(record)
    return records
